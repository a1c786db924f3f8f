"""A training run's self-play data: the games, their examples and the chunks (``data-NNNN.npz``) they are kept in.

Each game's seats play a policy drawn for that game (the rollout heuristic, the duel heuristic or greedy, each
with a share of random moves), half the games with the trump exchange; every decision gives one example, the
features of the seat's view (``rules.ai.briscola.features``) and the round's final outcome for its side (won, a draw
counting half; the card-point margin), and the move chosen (kept for a policy model; the value network does not
read it). With ``--agent`` an AI level plays every seat instead, from its view (the values of a search's own
play), and with ``--opponent`` another agent the other side (play against it). Final outcomes are cheap and
unbiased for the policies that played, and a network fitted to them learns the value of what the seat knows,
hidden cards averaged as the games dealt them. Where the agent is the learned search (2-player ``hard``),
each example also keeps that search's value of the move it chose (``briscola_learned.hard``'s ``trace``: its
sampled deals and the replies mixed, valued by the network a trick or so ahead), less noisy than one game's
outcome but biased by the network that made it; ``--target-mix`` fits a share of each. Other runs' data joins
with ``--with`` (``check_pool``).
"""

from __future__ import annotations

import hashlib
import io
import os
import random
import time
import zipfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TypeVar

import numpy as np

from bot.i18n import _
from bot.lab.train_files import RunConfig, TrainError, read_config, read_weights
from rules.ai import make_agent
from rules.ai.briscola import features, net
from rules.ai.briscola import learned as briscola_learned
from rules.ai.briscola.search import round_value
from rules.ai.tricks import duel_card, greedy_card, heuristic_card, winning_index
from rules.games.briscola.round import BriscolaRound
from rules.games.briscola.rules import deck_for
from rules.games.briscola.view import BriscolaView
from rules.records import new_game
from rules.tricks import EXCHANGE

DECKS = {n: [int(c) for c in deck_for(n)] for n in (2, 3, 4, 6)}
TEACHER_SAMPLES = 8
"""Guesses of the hidden cards per decision of the teacher's search."""
TEACHER_EPSILON = 0.05
"""Share of random moves of a seat playing the teacher (so the data also shows what follows a mistake)."""
CHUNK_GAMES = 1000
"""Games per data file: an interrupted generation loses at most one chunk."""
POLICIES = ("heuristic", "duel", "greedy")
EPSILONS = (0.0, 0.05, 0.2)
"""Shares of random moves a seat's policy may get (one drawn per seat and game)."""
DATA_KEYS = ("bits", "scalars", "win", "margin", "move", "game", "search_win", "search_margin")
"""The arrays of a data chunk: each example's features, its round's outcome, the move chosen, its game, and the
search's value of the move (NaN where no learned search decided; ``move``, ``game`` and the search's values are
missing in data made before they were kept)."""
T = TypeVar("T")
WIDTH = len(features.BLOCKS) * features.CARDS // 8
"""Bytes of one example's packed card blocks."""
POOL_GAMES = 1_000_000
"""The games of the ``k``-th pooled run are numbered from ``(k + 1) x POOL_GAMES`` (a run has at most a million
games: the command's limit), so every game keeps its own number and the validation split keeps whole games."""
POOL_MAX = 1000
"""The most ``--with`` folders a run takes (the games' numbers stay within 32 bits)."""


def _policy_card(r: BriscolaRound, policy: str) -> int:
    hand = r.hands[r.turn]
    if policy == "greedy":
        return greedy_card(hand, r.trick, r.trump)
    if policy == "duel" and r.n == 2:
        return duel_card(hand, r.trick, r.trump)
    partner = False
    if r.trick and r.n > 3:
        w = (r.leader + winning_index(r.trick, r.trump)) % r.n
        partner = w != r.turn and r.side_of[w] == r.side_of[r.turn]
    return heuristic_card(hand, r.trick, r.trump, partner, len(r.trick) == r.n - 1)


def guess_round(r: BriscolaRound, seat: int, rng: random.Random) -> BriscolaRound:
    """A copy of ``r`` with the cards ``seat`` cannot see dealt again at random (the known holdings stay)."""
    known = features.round_known(r, seat)
    seen = set(r.hands[seat]) | {c for _l, cs, _w in r.history for c in cs} | set(r.trick)
    if not r.briscola_drawn:
        seen.add(r.briscola)
    for held in known.values():
        seen |= held
    pool = [c for c in DECKS[r.n] if c not in seen]
    rng.shuffle(pool)
    g = r.clone()
    k = 0
    for s in range(r.n):
        if s == seat:
            continue
        have = sorted(known[s])
        need = len(r.hands[s]) - len(have)
        g.hands[s] = have + pool[k:k + need]
        k += need
    g.stock = pool[k:]
    return g


def teacher_move(r: BriscolaRound, model: net.Net, rng: random.Random, samples: int = TEACHER_SAMPLES) -> int:
    """The move of the seat to move by a small search with ``model``'s values: on ``samples`` guesses of
    the hidden cards, each move is played, the rollout policy plays on to the seat's next turn after the
    trick, and the network values that position (as the learned search, with uniform guesses and no style read)."""
    moves = r.legal_fast()
    if len(moves) == 1:
        return moves[0]
    me = r.turn
    side = r.side_of[me]
    totals = [0.0] * len(moves)
    leaves: list[features.Encoded] = []
    leaf_of: list[int] = []
    for _k in range(samples):
        g = guess_round(r, me, rng)
        for i, m in enumerate(moves):
            c = g.clone()
            c.apply_unchecked(m)
            briscola_learned.advance(c, me, 0, -1, -1, None)
            if c.done:
                totals[i] += round_value(c.side_points(), side, False)
            else:
                leaves.append(features.from_round(c, me))
                leaf_of.append(i)
    if leaves:
        win, margin = model.evaluate(features.matrix(leaves))
        for i, value in zip(leaf_of, ((2.0 * win - 1.0) + margin / 100.0).tolist()):
            totals[i] += value
    return moves[max(range(len(moves)), key=lambda i: totals[i])]


Game = tuple[list[features.Encoded], list[float], list[float], list[int], list[tuple[float, float]]]
"""A self-play game's examples: features, outcomes, margins, the moves chosen (``move_index``) and the search's
values of them (win, margin / 120; ``NO_SEARCH`` where no learned search decided)."""
NO_SEARCH = (float("nan"), float("nan"))


def move_index(move: int, trump: int) -> int:
    """A fast-path move as the policy's class: the card's ``features.card_index``, ``features.CARDS`` for the
    trump exchange."""
    return features.CARDS if move >= EXCHANGE else features.card_index(move, trump)


def play_game(players: int, rng: random.Random, teacher: net.Net | None = None) -> Game:
    """One self-play game: the features of every decision (from the view of the seat to move) with the
    outcome for that seat's side (1 won, 0.5 draw, 0 lost), its card-point margin / 120 and the move. With a
    ``teacher`` every seat plays ``teacher_move`` (with ``TEACHER_EPSILON`` random moves)."""
    options = {"trump_exchange": "on" if rng.random() < 0.5 else "off", "conquest": "off"}
    r = BriscolaRound.deal(players, rng.randrange(players), rng, options)
    style = [(rng.choice(POLICIES), rng.choice(EPSILONS)) for _ in range(players)]
    if teacher is not None:
        style = [("teacher", TEACHER_EPSILON)] * players
    rows: list[features.Encoded] = []
    sides: list[int] = []
    chosen: list[int] = []
    while not r.done:
        seat = r.turn
        rows.append(features.from_round(r, seat))
        sides.append(r.side_of[seat])
        moves = r.legal_fast()
        policy, eps = style[seat]
        if rng.random() < eps:
            m = rng.choice(moves)
        elif teacher is not None:
            m = teacher_move(r, teacher, rng)
        elif r.can_exchange and any(x >= EXCHANGE for x in moves) and policy != "greedy":
            m = max(moves)
        else:
            m = _policy_card(r, policy)
        chosen.append(move_index(m, r.trump))
        r.apply_unchecked(m)
    return rows, *outcomes(r.side_points(), sides), chosen, [NO_SEARCH] * len(rows)


def outcomes(pts: list[int], sides: list[int]) -> tuple[list[float], list[float]]:
    """For each decision's side: the round's outcome (1 won, 0.5 draw, 0 lost) and its card-point margin / 120."""
    results = [briscola_learned.outcome(pts, side) for side in sides]
    return [w for w, _m in results], [m for _w, m in results]


def play_agent_game(players: int, rng: random.Random, agent: str, agent_ms: int, opponent: str = "") -> Game:
    """One self-play game where ``agent`` plays every seat from its view (``TEACHER_EPSILON`` random moves),
    as ``play_game``'s examples: the features of each decision's view and its side's outcome. Where the learned
    search (level ``hard`` in 2 players) decides, its value of the move it chose is kept too (the same
    choice as the agent's: ``briscola_learned.choose`` is what ``rules.ai.choose`` calls for it). With
    ``opponent``, that agent plays the seats of one side instead, drawn for the game."""
    options = {"match": "single", "trump_exchange": "on" if rng.random() < 0.5 else "off", "conquest": "off"}
    match = new_game("briscola", players, options, rng.randrange(2**32))
    agent_rng = random.Random(rng.randrange(2**32))
    opponent_side = rng.randrange(2) if opponent else -1
    names = {side: opponent if side == opponent_side else agent for side in (0, 1)}
    players_of = {side: make_agent(name, agent_ms) for side, name in names.items()}
    learned_of = {side: briscola_learned.LEARNED if name == "hard" else None for side, name in names.items()}
    rows: list[features.Encoded] = []
    sides: list[int] = []
    chosen: list[int] = []
    searched: list[tuple[float, float]] = []
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None, "a match that is not over has a seat to move"
        forced = match.auto_action()
        if forced is not None:
            match.apply(forced, seat)
            continue
        view = match.view(seat)
        assert isinstance(view, BriscolaView)
        rows.append(features.from_view(view))
        r = match.round
        assert isinstance(r, BriscolaRound)
        side = r.side_of[seat]
        sides.append(side)
        trace: list[tuple[float, float]] = []
        learned = learned_of[side]
        if rng.random() < TEACHER_EPSILON:
            action = view.legal[int(rng.random() * len(view.legal))]
        elif learned is not None:
            action = briscola_learned.choose(view, agent_rng, agent_ms, learned, trace)
        else:
            action = players_of[side].choose(view, agent_rng)
        searched.append(trace[0] if trace else NO_SEARCH)
        assert action.card is not None, "a Briscola action plays or gives a card"
        chosen.append(move_index(int(action.card) + (EXCHANGE if action.kind == "exchange" else 0), r.trump))
        match.apply(action, seat)
    return rows, *outcomes(match.rounds[-1]["result"]["side_points"], sides), chosen, searched


def generate_chunk(players: int, seed: int, chunk: int, games: int, teacher: net.Net | None = None,
                   agent: str = "", agent_ms: int = 10, opponent: str = "") -> dict[str, np.ndarray]:
    """The examples of ``games`` self-play games, each seeded by the run's seed, the chunk and its index."""
    rows: list[features.Encoded] = []
    wins: list[float] = []
    margins: list[float] = []
    moves: list[int] = []
    game: list[int] = []
    searched: list[tuple[float, float]] = []
    for g in range(games):
        rng = random.Random(f"train:{players}:{seed}:{chunk}:{g}")
        if agent:
            r, w, m, c, v = play_agent_game(players, rng, agent, agent_ms, opponent)
        else:
            r, w, m, c, v = play_game(players, rng, teacher)
        rows += r
        wins += w
        margins += m
        moves += c
        searched += v
        game += [chunk * CHUNK_GAMES + g] * len(r)
    packed = np.frombuffer(b"".join([b.to_bytes(WIDTH, "little") for b, _s in rows]), dtype=np.uint8)
    return {
        "bits": packed.reshape(len(rows), WIDTH),
        "scalars": np.array([s for _b, s in rows], dtype=np.float32),
        "win": np.array(wins, dtype=np.float32),
        "margin": np.array(margins, dtype=np.float32),
        "move": np.array(moves, dtype=np.int8),
        "game": np.array(game, dtype=np.int32),
        "search_win": np.array([w for w, _m in searched], dtype=np.float32).reshape(len(rows)),
        "search_margin": np.array([m for _w, m in searched], dtype=np.float32).reshape(len(rows)),
    }


def _teacher(path: str) -> net.Net | None:
    if not path:
        return None
    return net.from_arrays(read_weights(path, "--teacher"))


def make_chunk(folder: Path, cfg: RunConfig, k: int) -> tuple[int, int, float]:
    """Generate and write chunk ``k`` of the run's data (whole or not at all); (games, examples, seconds)."""
    t0 = time.perf_counter()
    games = min(CHUNK_GAMES, cfg.games - k * CHUNK_GAMES)
    data = generate_chunk(cfg.players, cfg.seed, k, games, _teacher(cfg.teacher), cfg.agent, cfg.agent_ms,
                          cfg.opponent)
    tmp = folder / f"data-{k:04d}.tmp.npz"
    np.savez_compressed(tmp, bits=data["bits"], scalars=data["scalars"], win=data["win"], margin=data["margin"],
                        move=data["move"], game=data["game"], search_win=data["search_win"],
                        search_margin=data["search_margin"])
    os.replace(tmp, folder / f"data-{k:04d}.npz")
    return games, len(data["win"]), time.perf_counter() - t0


def make_chunks(make: Callable[[int], T], missing: list[int], report: Callable[[int, T], None], jobs: int) -> None:
    """``make(k)`` for every chunk ``k`` of ``missing``, ``jobs`` processes at once (``make`` must pickle),
    calling ``report(k, made)`` as each one ends."""
    if jobs > 1 and len(missing) > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(make, k): k for k in missing}
            for done in as_completed(futures):
                report(futures[done], done.result())
    else:
        for k in missing:
            report(k, make(k))


def ensure_data(folder: Path, cfg: RunConfig, say: Callable[[str], None], jobs: int = 1) -> dict[str, np.ndarray]:
    """Every chunk of the run's data, generating the ones not yet on disk (``jobs`` processes at once: each
    chunk is seeded on its own, so the data does not depend on ``jobs``); the examples concatenated."""
    chunks = (cfg.games + CHUNK_GAMES - 1) // CHUNK_GAMES
    missing = [k for k in range(chunks) if not (folder / f"data-{k:04d}.npz").exists()]

    def report(k: int, made: tuple[int, int, float]) -> None:
        say(_("data chunk {k}/{n}: {games} games, {rows} examples, {s:.1f} s").format(
            k=k + 1, n=chunks, games=made[0], rows=made[1], s=made[2]))

    make_chunks(partial(make_chunk, folder, cfg), missing, report, jobs)
    parts = [_read_chunk(folder, k, cfg.policy) for k in range(chunks)]
    for i, other in enumerate(cfg.pool):
        parts += [_offset_games(part, (i + 1) * POOL_GAMES) for part in _pooled_chunks(Path(other), cfg)]
    return {key: np.concatenate([p[key] for p in parts]) for key in parts[0] if all(key in p for p in parts)}


def _read_chunk(folder: Path, k: int, policy: bool) -> dict[str, np.ndarray]:
    """Chunk ``k`` of the run in ``folder``, as its arrays; ``TrainError`` when the file is damaged."""
    path = folder / f"data-{k:04d}.npz"
    try:
        with np.load(path, allow_pickle=False) as f:
            _check_chunk(path, f.files, policy)
            return {key: f[key] for key in DATA_KEYS if key in f.files}
    except (OSError, ValueError, EOFError, zipfile.BadZipFile, AttributeError) as e:
        raise TrainError(_("{path} is damaged ({reason}): delete it and run the same command again to make it "
                           "anew").format(path=path, reason=" ".join(str(e).split())[:120])) from None


def _check_chunk(path: Path, keys: list[str], policy: bool) -> None:
    """``TrainError`` when the chunk at ``path`` (its arrays' names ``keys``) cannot train a policy and one is asked."""
    if policy and "move" not in keys:
        raise TrainError(_("{path} was made before the moves were kept: a policy needs new data (another "
                           "folder)").format(path=path))


def _pooled_chunks(other: Path, cfg: RunConfig) -> list[dict[str, np.ndarray]]:
    """Every data chunk of the run in ``other`` (``--with``), checked by ``check_pool`` before."""
    theirs = read_config(other)
    assert theirs is not None, "check_pool found its settings"
    return [_read_chunk(other, k, cfg.policy) for k in range((theirs.games + CHUNK_GAMES - 1) // CHUNK_GAMES)]


def check_pool(folder: Path, cfg: RunConfig, stored: RunConfig | None = None) -> RunConfig:
    """``cfg`` with its ``pool`` folders checked (``TrainError`` else): each another run's folder (not ``folder``,
    named once), of the run's players, with all its data made and none of it from other runs (``--with``
    there), the moves kept where a policy is trained, and its digest the one ``cfg`` or the folder's ``stored``
    run has for it (taken here when there is none yet); the run must have some data."""
    pool = tuple(str(Path(d).resolve()) for d in cfg.pool)
    expected = cfg.pool_sha256 or (stored.pool_sha256 if stored is not None and stored.pool == pool else ())
    if len(pool) > POOL_MAX:
        raise TrainError(_("at most {max} folders with --with").format(max=POOL_MAX))
    digests = []
    for other in map(Path, pool):
        if other == folder.resolve():
            raise TrainError(_("--with {dir} is this run's own folder (--dir)").format(dir=other))
        if pool.count(str(other)) > 1:
            raise TrainError(_("--with {dir} is given twice: its data would count twice").format(dir=other))
        theirs = read_config(other)
        if theirs is None:
            raise TrainError(_("{dir} holds no run to take data from (no config.json; --with)").format(dir=other))
        if theirs.players != cfg.players:
            raise TrainError(_("{dir} holds a run of {theirs} players, not {players} (--with)").format(
                dir=other, theirs=theirs.players, players=cfg.players))
        if theirs.pool:
            raise TrainError(_("{dir} trains on other runs' data (--with there): name those folders instead").format(
                dir=other))
        digest = hashlib.sha256((other / "config.json").read_bytes())  # its settings and chunks, in order
        for k in range((theirs.games + CHUNK_GAMES - 1) // CHUNK_GAMES):
            path = other / f"data-{k:04d}.npz"
            if not path.exists():
                raise TrainError(_("{dir} has not made all its data yet (data-{k:04d}.npz is missing): finish that "
                                   "run first (--resume there)").format(dir=other, k=k))
            raw = path.read_bytes()  # read once: hashed and checked
            digest.update(raw)
            try:
                with np.load(io.BytesIO(raw), allow_pickle=False) as f:
                    _check_chunk(path, f.files, cfg.policy)
                    if f["bits"].shape[1:] != (WIDTH,) or f["scalars"].shape[1:] != (len(features.SCALARS),):
                        raise TrainError(_("{path} holds the features of another encoding than this version's")
                                         .format(path=path))
            except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, AttributeError) as e:
                raise TrainError(_("{path} is damaged ({reason}): make it again in its own run").format(
                    path=path, reason=" ".join(str(e).split())[:120])) from None
        digests.append(digest.hexdigest())
    if cfg.games == 0 and not pool:
        raise TrainError(_("the run has no data: give it games, or other runs' folders with --with"))
    if expected and tuple(digests) != expected:
        changed = next(d for d, a, b in zip(pool, digests, expected) if a != b)
        raise TrainError(_("{dir} holds other data than when this run began (--with)").format(dir=changed))
    return replace(cfg, pool=pool, pool_sha256=tuple(digests))


def _offset_games(part: dict[str, np.ndarray], offset: int) -> dict[str, np.ndarray]:
    """A chunk with its games renumbered from ``offset``."""
    return part | {"game": part["game"] + np.int32(offset)} if "game" in part else part


def inputs(data: dict[str, np.ndarray], idx: np.ndarray) -> np.ndarray:
    """The feature matrix of the examples ``idx``."""
    cards = np.unpackbits(data["bits"][idx], axis=1, bitorder="little").astype(np.float32)
    return np.concatenate([cards, data["scalars"][idx]], axis=1)
