"""``python -m bot train``: make the learned Briscola evaluation (``rules.ai.net``), reproducibly from a seed.

A run lives in one folder (``--dir``). It generates self-play games in chunks (``data-NNNN.npz``), trains the
value network on them with Adam (numpy only), writes a checkpoint after every epoch (``checkpoint.npz``:
weights, the optimiser's state, the epoch) and prints the losses of every epoch. Running the same command
again, or ``--resume`` with only ``--dir``, continues where it stopped: chunks already written are kept and
training goes on from the checkpoint, and the result is the same as a run that was never stopped (each
epoch's shuffle comes from the seed and the epoch's number). ``--export PATH`` writes the weights file the AI
loads (``rules/ai/weights/briscola_<N>p.npz``).

The data: each game's seats play a policy drawn for that game (the rollout heuristic, the duel heuristic or
greedy, each with a share of random moves), half the games with the trump exchange; every decision gives
one example, the features of the seat's view (``rules.ai.features``) and the round's final outcome for its
side (won, a draw counting half; the card-point margin), and the move chosen (kept for a policy model; the
value network does not read it). With ``--agent`` an AI level plays every seat instead, from its view (the
values of a search's own play), and with ``--opponent`` another agent the other side (play against
it); ``--init`` starts from a weights file. Final outcomes are cheap and unbiased for the
policies that played, and a network fitted to them learns the value of what the seat knows, hidden cards
averaged as the games dealt them. Where the agent is the learned search (``hard``, ``hard-net``), each example
also keeps that search's value of the move it chose (``briscola_learned.hard``'s ``trace``: its sampled deals
and the replies mixed, valued by the network a trick or so ahead), less noisy than one game's outcome but
biased by the network that made it; ``--target-mix`` fits a share of each.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared (set before numpy loads)

import argparse  # noqa: E402
import hashlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zipfile  # noqa: E402
from collections.abc import Callable  # noqa: E402
from concurrent.futures import ProcessPoolExecutor, as_completed  # noqa: E402
from dataclasses import asdict, dataclass, replace  # noqa: E402
from functools import partial  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import TypeVar  # noqa: E402

import numpy as np  # noqa: E402

from bot.i18n import _  # noqa: E402
from bot.tools.paths import folder_problem, output_file_problem  # noqa: E402
from rules.actions import RulesError  # noqa: E402
from rules.ai import briscola_learned, features, make_agent, net  # noqa: E402
from rules.ai.briscola import round_value  # noqa: E402
from rules.ai.tricks import duel_card, greedy_card, heuristic_card, winning_index  # noqa: E402
from rules.briscola import BriscolaRound, BriscolaView, deck_for  # noqa: E402
from rules.records import new_game  # noqa: E402
from rules.tricks import EXCHANGE  # noqa: E402

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
MARGIN_WEIGHT = 2.0
"""The margin's squared error next to the win's cross-entropy in the loss."""
VALIDATION_SHARE = 0.05
DATA_KEYS = ("bits", "scalars", "win", "margin", "move", "game", "search_win", "search_margin")
"""The arrays of a data chunk: each example's features, its round's outcome, the move chosen, its game, and the
search's value of the move (NaN where no learned search decided; ``move``, ``game`` and the search's values are
missing in data made before they were kept)."""
T = TypeVar("T")
WIDTH = len(features.BLOCKS) * features.CARDS // 8
"""Bytes of one example's packed card blocks."""


@dataclass(frozen=True)
class RunConfig:
    """What a run is made of; stored in its folder (``config.json``) so a re-run checks it continues the same."""

    players: int = 2
    games: int = 20_000
    epochs: int = 10
    seed: int = 1
    hidden: tuple[int, int] = (128, 64)
    batch: int = 512
    lr: float = 1e-3
    lr_decay: float = 0.8
    """Each epoch's learning rate is ``lr x lr_decay ** epoch`` (epochs counted from 0): the same whatever the
    number of epochs asked for, so a run continued to more epochs is a run that asked for them at once."""
    teacher: str = ""
    """A weights file: every seat of the self-play games plays ``teacher_move`` with it (a one-trick search
    with that network's values), a stronger play to learn values from; empty: the heuristic policies."""
    teacher_sha256: str = ""
    """The teacher file's digest, so a re-run checks it learns from the same teacher."""
    agent: str = ""
    """An AI level or arena agent (``rules.ai.make_agent``'s names, e.g. ``hard-net``) that plays every seat of
    the self-play games from that seat's view, at ``agent_ms`` a move (with ``TEACHER_EPSILON`` random moves):
    the values of a search's own play; empty: ``teacher`` or the heuristic policies."""
    agent_ms: int = 10
    opponent: str = ""
    """With ``agent``: another AI level or arena agent (e.g. ``hard-v1``) that plays the other side of every
    game (which side the agent has is drawn per game), so the data holds positions of play against it; empty:
    the agent plays every seat."""
    policy: bool = False
    """Train the move policy (the move each example's seat chose, over its legal moves) instead of the value
    network: the same data, exported as ``briscola_<N>p_policy.npz``."""
    init: str = ""
    """A weights file to start from (fine-tuning: its layer sizes must be the run's); empty: random weights."""
    init_sha256: str = ""
    target_mix: float = 1.0
    """The value network's targets: this share the round's final outcome and the rest the search's value of the
    move chosen, where the data has one (``--agent`` ``hard`` or ``hard-net`` where the learned search
    decided); 1: the outcomes alone."""
    pool: tuple[str, ...] = ()
    """Other runs' folders (absolute paths, ``--with``) whose data chunks are added to this run's examples: read
    as they are on disk, never made here (each run makes its own), so the data of several runs (generations, or
    self-play and play against another agent) trains one network; ``games`` may then be 0 (no data of its own)."""
    pool_sha256: tuple[str, ...] = ()
    """Each ``pool`` folder's digest (its settings and chunks, ``check_pool``), so a re-run or ``--resume``
    checks it trains on the same data; empty: taken when the run starts."""


POOL_GAMES = 1_000_000
"""The games of the ``k``-th pooled run are numbered from ``(k + 1) x POOL_GAMES`` (a run has at most a million
games: the command's limit), so every game keeps its own number and the validation split keeps whole games."""
POOL_MAX = 1000
"""The most ``--with`` folders a run takes (the games' numbers stay within 32 bits)."""


class TrainError(Exception):
    """A problem the user can fix (a folder holding another run, a bad value); the message is one line."""


# ----- data -----
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
    trick, and the network values that position (as ``hard-net``, with uniform guesses and no style read)."""
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
            c.apply_fast(m)
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
        r.apply_fast(m)
    return rows, *outcomes(r.side_points(), sides), chosen, [NO_SEARCH] * len(rows)


def outcomes(pts: list[int], sides: list[int]) -> tuple[list[float], list[float]]:
    """For each decision's side: the round's outcome (1 won, 0.5 draw, 0 lost) and its card-point margin / 120."""
    results = [briscola_learned.outcome(pts, side) for side in sides]
    return [w for w, _m in results], [m for _w, m in results]


def play_agent_game(players: int, rng: random.Random, agent: str, agent_ms: int, opponent: str = "") -> Game:
    """One self-play game where ``agent`` plays every seat from its view (``TEACHER_EPSILON`` random moves),
    as ``play_game``'s examples: the features of each decision's view and its side's outcome. Where the learned
    search (levels ``hard`` and ``hard-net``) decides, its value of the move it chose is kept too (the same
    choice as the agent's: ``briscola_learned.choose`` is what ``rules.ai.choose`` calls for them). With
    ``opponent``, that agent plays the seats of one side instead, drawn for the game."""
    options = {"match": "single", "trump_exchange": "on" if rng.random() < 0.5 else "off", "conquest": "off"}
    match = new_game("briscola", players, options, rng.randrange(2**32))
    agent_rng = random.Random(rng.randrange(2**32))
    opponent_side = rng.randrange(2) if opponent else -1
    names = {side: opponent if side == opponent_side else agent for side in (0, 1)}
    players_of = {side: make_agent(name, agent_ms) for side, name in names.items()}
    learned_of = {side: {"hard": briscola_learned.LEARNED, "hard-net": briscola_learned.CANDIDATE}.get(name)
                  for side, name in names.items()}
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


def read_weights(path: str, option: str) -> dict[str, np.ndarray]:
    """The layers of the weights file at ``path`` (given as ``option``), as float32; ``TrainError`` when it is
    not one (not a NumPy archive, a layer missing or unreadable, layer sizes that do not chain)."""
    def refused(reason: object) -> TrainError:
        return TrainError(_("{option} {path} is not a weights file: {reason}").format(
            option=option, path=path, reason=" ".join(str(reason).split())[:120]))

    try:
        loaded = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as e:
        raise refused(getattr(e, "strerror", None) or e) from None
    if not isinstance(loaded, np.lib.npyio.NpzFile):
        raise refused(_("one array, not the layers of a network"))
    with loaded:
        missing = [k for k in net.LAYERS if k not in loaded.files]
        if missing:
            raise refused(_("it has no {names}").format(names=", ".join(missing)))
        try:
            arrays = {k: loaded[k].astype(np.float32) for k in net.LAYERS}
        except (OSError, ValueError, TypeError, EOFError, zipfile.BadZipFile) as e:
            raise refused(e) from None
    chained = all(arrays[k].ndim == 2 for k in ("w1", "w2", "w3"))
    expected = weight_shapes(*(arrays[k].shape[1] for k in ("w1", "w2", "w3"))) if chained else {}
    if not chained or any(a.shape != expected[k] for k, a in arrays.items()):
        raise refused(_("its layers do not make a network of this version's {n} inputs").format(n=features.SIZE))
    return arrays


def weight_shapes(hidden1: int, hidden2: int, outputs: int) -> dict[str, tuple[int, ...]]:
    """The shape of each layer of a network with these sizes."""
    sizes = [features.SIZE, hidden1, hidden2, outputs]
    return {**{f"w{k + 1}": (sizes[k], sizes[k + 1]) for k in range(3)},
            **{f"b{k + 1}": (sizes[k + 1],) for k in range(3)}}


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


def ensure_data(folder: Path, cfg: RunConfig, say, jobs: int = 1) -> dict[str, np.ndarray]:
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


# ----- the network and its training -----
def init_weights(cfg: RunConfig) -> dict[str, np.ndarray]:
    """He-initialised weights for the run's layer sizes, from its seed."""
    rng = np.random.default_rng([cfg.seed, 0])
    sizes = [features.SIZE, *cfg.hidden, net.POLICY_CLASSES if cfg.policy else 2]
    w: dict[str, np.ndarray] = {}
    for k in range(3):
        fan_in = sizes[k]
        w[f"w{k + 1}"] = (rng.standard_normal((fan_in, sizes[k + 1])) * np.sqrt(2.0 / fan_in)).astype(np.float32)
        w[f"b{k + 1}"] = np.zeros(sizes[k + 1], dtype=np.float32)
    return w


def start_weights(cfg: RunConfig) -> dict[str, np.ndarray]:
    """The weights training starts from: ``cfg.init``'s (fine-tuning) or ``init_weights``'."""
    if not cfg.init:
        return init_weights(cfg)
    weights = read_weights(cfg.init, "--init")
    shapes = weight_shapes(*cfg.hidden, net.POLICY_CLASSES if cfg.policy else 2)
    if {k: a.shape for k, a in weights.items()} != shapes:
        raise TrainError(_("{path} has other layer sizes than --hidden1/--hidden2").format(path=cfg.init))
    return weights


def loss_and_grads(
    w: dict[str, np.ndarray], x: np.ndarray, targets: dict[str, np.ndarray], grads: bool = True,
) -> tuple[float, float, float, dict[str, np.ndarray]]:
    """The batch's loss, its two parts, and the gradients of every weight. The value network (``targets``
    ``win`` and ``margin``): the cross-entropy of the win chance plus ``MARGIN_WEIGHT`` x the margin's squared
    error, the parts being those two. The policy (``targets`` ``move``): the cross-entropy of the move chosen
    over the legal moves, the parts being it and the share of examples whose likeliest move is not the one
    chosen."""
    z1 = x @ w["w1"] + w["b1"]
    h1 = np.maximum(z1, 0.0)
    z2 = h1 @ w["w2"] + w["b2"]
    h2 = np.maximum(z2, 0.0)
    out = h2 @ w["w3"] + w["b3"]
    n = len(x)
    d_out = np.empty_like(out)
    if "move" in targets:
        move = targets["move"].astype(np.int64)
        p = net.policy_probabilities(out, net.legal_mask(x))
        picked = p[np.arange(n), move]
        ce = float(-np.mean(np.log(picked + 1e-7)))
        loss, first, second = ce, ce, float(np.mean(p.argmax(axis=1) != move))
        d_out[:] = p / n
        d_out[np.arange(n), move] -= 1.0 / n
    else:
        win, margin = targets["win"], targets["margin"]
        logit, pred = out[:, 0], out[:, 1]
        q = 1.0 / (1.0 + np.exp(-np.clip(logit, -30.0, 30.0)))
        eps = 1e-7
        first = float(-np.mean(win * np.log(q + eps) + (1 - win) * np.log(1 - q + eps)))
        second = float(np.mean((pred - margin) ** 2))
        loss = first + MARGIN_WEIGHT * second
        d_out[:, 0] = (q - win) / n
        d_out[:, 1] = MARGIN_WEIGHT * 2.0 * (pred - margin) / n
    if not grads:
        return loss, first, second, {}
    g = {"w3": h2.T @ d_out, "b3": d_out.sum(axis=0)}
    d_h2 = (d_out @ w["w3"].T) * (z2 > 0)
    g["w2"], g["b2"] = h1.T @ d_h2, d_h2.sum(axis=0)
    d_h1 = (d_h2 @ w["w2"].T) * (z1 > 0)
    g["w1"], g["b1"] = x.T @ d_h1, d_h1.sum(axis=0)
    return loss, first, second, g


def batch_targets(data: dict[str, np.ndarray], part: np.ndarray, policy: bool, mix: float = 1.0,
                  ) -> dict[str, np.ndarray]:
    """What the examples ``part`` are fitted to: the moves (policy) or the values, ``mix`` x the outcomes plus
    the rest x the search's values where an example has them (the outcomes alone where not)."""
    if policy:
        return {"move": data["move"][part]}
    win, margin = data["win"][part], data["margin"][part]
    if mix >= 1.0 or "search_win" not in data:
        return {"win": win, "margin": margin}
    searched_win, searched_margin = data["search_win"][part], data["search_margin"][part]
    has = ~np.isnan(searched_win)
    return {"win": np.where(has, mix * win + (1.0 - mix) * np.nan_to_num(searched_win), win),
            "margin": np.where(has, mix * margin + (1.0 - mix) * np.nan_to_num(searched_margin), margin)}


def split(n: int, seed: int, game: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """Training and validation example indices, fixed by the seed. With each example's ``game`` (in data made
    by this version), the validation examples are every example of a share of the games, so no
    game has examples on both sides (they share its outcome); data without it is split by example."""
    if game is None:
        order = np.random.default_rng([seed, 1]).permutation(n)
        k = max(1, int(n * VALIDATION_SHARE))
        return order[k:], order[:k]
    ids = np.unique(game)
    held = np.random.default_rng([seed, 2]).permutation(ids)[:max(1, int(len(ids) * VALIDATION_SHARE))]
    in_val = np.isin(game, held)
    return np.flatnonzero(~in_val), np.flatnonzero(in_val)


def evaluate(w: dict[str, np.ndarray], data: dict[str, np.ndarray], idx: np.ndarray, policy: bool = False,
             mix: float = 1.0) -> tuple[float, float, float]:
    """Mean loss and its parts over the examples ``idx`` (targets mixed by ``mix``, as ``batch_targets``)."""
    totals = np.zeros(3)
    for k in range(0, len(idx), 8192):
        part = idx[k:k + 8192]
        loss, bce, mse, _g = loss_and_grads(w, inputs(data, part), batch_targets(data, part, policy, mix), False)
        totals += np.array([loss, bce, mse]) * len(part)
    return tuple(float(t) for t in totals / max(1, len(idx)))  # type: ignore[return-value]


def train_epoch(state: dict, data: dict[str, np.ndarray], train_idx: np.ndarray, cfg: RunConfig, epoch: int) -> float:
    """One epoch of Adam over the training examples, shuffled by (seed, epoch), at the epoch's learning rate;
    the mean training loss."""
    w, m, v = state["weights"], state["m"], state["v"]
    order = train_idx[np.random.default_rng([cfg.seed, 2, epoch]).permutation(len(train_idx))]
    b1, b2, eps = 0.9, 0.999, 1e-8
    lr = cfg.lr * cfg.lr_decay ** epoch
    total = 0.0
    for k in range(0, len(order), cfg.batch):
        part = order[k:k + cfg.batch]
        targets = batch_targets(data, part, cfg.policy, cfg.target_mix)
        loss, _bce, _mse, g = loss_and_grads(w, inputs(data, part), targets)
        total += loss * len(part)
        state["step"] += 1
        t = state["step"]
        for key in w:
            m[key] = b1 * m[key] + (1 - b1) * g[key]
            v[key] = b2 * v[key] + (1 - b2) * g[key] ** 2
            m_hat = m[key] / (1 - b1 ** t)
            v_hat = v[key] / (1 - b2 ** t)
            w[key] = (w[key] - lr * m_hat / (np.sqrt(v_hat) + eps)).astype(np.float32)
    return total / max(1, len(order))


def save_checkpoint(folder: Path, state: dict) -> None:
    """The weights, the optimiser's moments and the counters, written whole or not at all."""
    arrays = {f"weights.{k}": a for k, a in state["weights"].items()}
    arrays |= {f"m.{k}": a for k, a in state["m"].items()} | {f"v.{k}": a for k, a in state["v"].items()}
    arrays["counters"] = np.array([state["epoch"], state["step"]], dtype=np.int64)
    tmp = folder / "checkpoint.tmp.npz"
    np.savez(tmp, **arrays)
    os.replace(tmp, folder / "checkpoint.npz")


def load_checkpoint(folder: Path) -> dict | None:
    """The checkpoint of the run in ``folder``, ``None`` when there is none yet."""
    path = folder / "checkpoint.npz"
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as f:
            state: dict = {"weights": {}, "m": {}, "v": {}}
            for key in f.files:
                if key == "counters":
                    state["epoch"], state["step"] = (int(x) for x in f[key])
                else:
                    part, name = key.split(".")
                    state[part][name] = f[key]
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, AttributeError) as e:
        raise TrainError(_("{path} is damaged ({reason}): delete it to train again from the start").format(
            path=path, reason=" ".join(str(e).split())[:120])) from None
    return state


def export(state: dict, path: Path, cfg: RunConfig, val: float) -> None:
    """The weights file the AI loads: the weights, the feature encoding's version and how they were made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = json.dumps({**asdict(cfg), "epochs_done": state["epoch"], "validation_loss": round(val, 5)})
    with open(path, "wb") as f:  # the path as given (np.savez adds .npz to a name without it)
        np.savez(f, version=np.array(features.VERSION), meta=np.array(meta), **state["weights"])


def make_folder(folder: Path) -> None:
    """Make the run's folder (and its parents); ``TrainError`` when it cannot be made."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise TrainError(_("cannot make the folder {dir}: {reason}").format(dir=folder, reason=e.strerror or e)
                         ) from None


def paths_problem(args: argparse.Namespace) -> str | None:
    """Why ``--dir`` or ``--export`` cannot be written, checked before any work; ``None`` when both will do."""
    problem = folder_problem(args.dir)
    if problem is None and args.export is not None:
        problem = output_file_problem(args.export, make_parents=True)
    return problem


def read_config(folder: Path) -> RunConfig | None:
    """The configuration stored in a run's folder, ``None`` when it holds none."""
    path = folder / "config.json"
    if not path.is_file():
        return None
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
        raw["hidden"] = tuple(raw["hidden"])
        raw["pool"] = tuple(raw.get("pool", ()))
        raw["pool_sha256"] = tuple(raw.get("pool_sha256", ()))
        return RunConfig(**raw)
    except (OSError, ValueError, TypeError, KeyError, AttributeError) as e:
        raise TrainError(_("{path} is not the settings of a run ({reason})").format(
            path=path, reason=" ".join(str(e).split())[:120])) from None


def run(folder: Path, cfg: RunConfig | None, export_to: Path | None = None, say=print, jobs: int = 1) -> dict:
    """Generate the data, train to ``cfg.epochs`` and export; ``cfg`` ``None`` resumes the run stored in
    ``folder``. Returns the last epoch's figures (``epoch``, ``train_loss``, ``val_loss``, ``val_bce``,
    ``val_mse``) and ``start_val_loss``, the validation loss before this call trained."""
    stored = read_config(folder)
    if cfg is None:
        if stored is None:
            raise TrainError(_("nothing to resume in {dir}: it holds no run").format(dir=folder))
        cfg = stored
    cfg = check_pool(folder, cfg, stored)  # before the folder is made: a refused run leaves nothing behind
    if stored is not None and asdict(stored) | {"epochs": 0} != asdict(cfg) | {"epochs": 0}:
        raise TrainError(_("{dir} holds another run (its config.json); use another folder, or --resume").format(
            dir=folder))
    if cfg.teacher:
        read_weights(cfg.teacher, "--teacher")  # before any game is played: a file that is no weights is refused
    start_weights(cfg)  # --init's file and its layer sizes, likewise
    make_folder(folder)
    (folder / "config.json").write_text(json.dumps(asdict(cfg)) + "\n", encoding="utf-8")
    data = ensure_data(folder, cfg, say, jobs)
    if cfg.target_mix < 1.0 and not cfg.policy and not np.any(~np.isnan(data.get("search_win", np.array([np.nan])))):
        raise TrainError(_("the data holds no search values to mix into the targets (--target-mix): they are kept "
                           "only with --agent hard or hard-net, in data made by this version"))
    train_idx, val_idx = split(len(data["win"]), cfg.seed, data.get("game"))
    state = load_checkpoint(folder)
    if state is None:
        weights = start_weights(cfg)
        state = {"weights": weights, "m": {k: np.zeros_like(a) for k, a in weights.items()},
                 "v": {k: np.zeros_like(a) for k, a in weights.items()}, "epoch": 0, "step": 0}
    else:
        say(_("resuming from the checkpoint of epoch {epoch}").format(epoch=state["epoch"]))
    figures: dict = {"epoch": state["epoch"], "train_loss": None}
    figures["val_loss"], figures["val_bce"], figures["val_mse"] = evaluate(state["weights"], data, val_idx,
                                                                           cfg.policy, cfg.target_mix)
    start_loss = figures["val_loss"]
    while state["epoch"] < cfg.epochs:
        t0 = time.perf_counter()
        train_loss = train_epoch(state, data, train_idx, cfg, state["epoch"])
        state["epoch"] += 1
        val_loss, val_bce, val_mse = evaluate(state["weights"], data, val_idx, cfg.policy, cfg.target_mix)
        save_checkpoint(folder, state)
        figures = {"epoch": state["epoch"], "train_loss": train_loss, "val_loss": val_loss, "val_bce": val_bce,
                   "val_mse": val_mse}
        if cfg.policy:
            line = _("epoch {epoch}/{epochs}: train loss {train:.4f}, validation loss {val:.4f} (the move chosen is "
                     "the likeliest in {top:.1%}), {s:.1f} s")
            say(line.format(epoch=state["epoch"], epochs=cfg.epochs, train=train_loss, val=val_loss,
                            top=1.0 - val_mse, s=time.perf_counter() - t0))
            continue
        say(_("epoch {epoch}/{epochs}: train loss {train:.4f}, validation loss {val:.4f} (win {bce:.4f}, margin "
              "{mse:.4f}), {s:.1f} s").format(epoch=state["epoch"], epochs=cfg.epochs, train=train_loss,
                                               val=val_loss, bce=val_bce, mse=val_mse,
                                               s=time.perf_counter() - t0))
    figures["start_val_loss"] = start_loss
    if export_to is not None:
        export(state, export_to, cfg, figures["val_loss"])
        say(_("weights written to {path} ({n} weights)").format(
            path=export_to, n=net.from_arrays(state["weights"]).size()))
    return figures


def _file(path: str | None, option: str) -> tuple[str, str]:
    """A weights file's absolute path and digest (``("", "")`` for none); ``OSError`` when unreadable,
    ``TrainError`` when it is a device or a pipe (never read: ``/dev/zero`` has no end)."""
    if not path:
        return "", ""
    if os.path.exists(path) and not os.path.isdir(path) and not os.path.isfile(path):
        raise TrainError(_("{option} {path} is not a weights file: {reason}").format(
            option=option, path=path, reason=_("not a regular file")))
    return str(Path(path).resolve()), hashlib.sha256(Path(path).read_bytes()).hexdigest()


def main(args: argparse.Namespace) -> int:
    """Run ``python -m bot train`` from the command line: 2 for a mistake (one line, before any work), 1 when
    writing fails on the way (a full disk)."""
    problem = paths_problem(args)
    if problem is not None:
        print(_("error: {message}").format(message=problem), file=sys.stderr)
        return 2
    folder = Path(args.dir)
    cfg = None
    if not args.resume:
        try:
            teacher, digest = _file(args.teacher, "--teacher")
            init, init_digest = _file(args.init, "--init")
        except OSError as e:
            print(_("error: cannot read the weights file {path}: {reason}").format(
                path=e.filename, reason=e.strerror or str(e)), file=sys.stderr)
            return 2
        except TrainError as e:
            print(_("error: {message}").format(message=str(e)), file=sys.stderr)
            return 2
        if args.opponent and not args.agent:
            print(_("error: --opponent plays against --agent: give --agent too"), file=sys.stderr)
            return 2
        for name in (args.agent, args.opponent):
            if not name:
                continue
            try:
                make_agent(name)
            except RulesError:
                print(_("error: {name} is not an AI level or arena agent").format(name=name), file=sys.stderr)
                return 2
        cfg = RunConfig(players=args.players, games=args.games, epochs=args.epochs or RunConfig.epochs,
                        seed=args.seed, hidden=(args.hidden1, args.hidden2), batch=args.batch, lr=args.lr / 1e6,
                        lr_decay=args.lr_decay / 1000, teacher=teacher, teacher_sha256=digest,
                        agent=args.agent or "", agent_ms=args.agent_ms, opponent=args.opponent or "",
                        policy=args.policy, init=init,
                        init_sha256=init_digest, target_mix=args.target_mix / 1000,
                        pool=tuple(str(d) for d in args.pool or ()))
    try:
        if args.resume and args.epochs:
            stored = read_config(folder)
            if stored is not None:  # more epochs for the stored run
                cfg = RunConfig(**{**asdict(stored), "epochs": args.epochs})
        run(folder, cfg, Path(args.export) if args.export else None,
            say=lambda line: print(line, flush=True), jobs=args.jobs)
    except TrainError as e:
        print(_("error: {message}").format(message=str(e)), file=sys.stderr)
        return 2
    except OSError as e:
        print(_("error: cannot write {path}: {reason}").format(path=e.filename, reason=e.strerror or e),
              file=sys.stderr)
        return 1
    return 0
