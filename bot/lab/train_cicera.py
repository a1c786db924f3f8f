"""``python -m bot train --game cicera``: fit Cicera's learned leaf value (``bot.lab.cicera_value``) from a seed.

A run lives in one folder (``--dir``). It plays self-play deals in chunks (``games-NNNN.jsonl``, each line one
deal: who dealt, the deal, every play and the final score), every seat played by ``hard-v1``'s Cicera search
at ``--agent-ms`` from its own view (its planned work only, the clock off). Every position of every deal
gives one example: the features of the whole round (``cicera_value.features``, every hand known, as in the
search's sampled deals) and the deal's final score difference. The weights are the ridge least-squares fit to
those examples; the validation part is every position of 5% of the deals (``train.split``). Running the same
command again keeps the chunks already written (each deal is seeded by the run's seed and its number, so the
data does not depend on ``--jobs`` or on being stopped). ``--export PATH`` writes the weights file (no shipped
agent reads one: the search with this value was measured no better than ``hard``'s estimate, docs/AI.md).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared (set before numpy loads)

import argparse  # noqa: E402
import json  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import asdict, dataclass, replace  # noqa: E402
from functools import partial  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any, TypedDict  # noqa: E402

import numpy as np  # noqa: E402

from bot.i18n import _  # noqa: E402
from bot.lab import cicera_value  # noqa: E402
from bot.lab.train import split  # noqa: E402
from bot.lab.train_data import make_chunks  # noqa: E402
from bot.lab.train_files import TrainError, make_folder, paths_problem  # noqa: E402
from rules.ai import cicera  # noqa: E402
from rules.ai.cicera.tuning import YARDSTICK  # noqa: E402
from rules.captures import move_of  # noqa: E402
from rules.cards import Card  # noqa: E402
from rules.games.cicera.round import CiceraRound  # noqa: E402
from rules.games.cicera.rules import PLAYERS  # noqa: E402

CHUNK_GAMES = 100
PLAYER = replace(YARDSTICK, clock_share=1e9)
"""hard-v1's Cicera search without its clock: its planned work alone bounds it, so the deals follow from the
seed on any machine, however busy."""
RIDGE = 1.0
"""The ridge penalty of the fit (the features are of order 1; it only steadies rarely seen ones)."""


@dataclass(frozen=True)
class CiceraRun:
    """What a run's folder stores in ``config.json``: the data and the fit follow from it."""

    games: int = 800
    seed: int = 1
    agent_ms: int = 50
    """The defaults are the run whose weights were measured (docs/lab/JOURNAL.md)."""


class Deal(TypedDict):
    """One played deal of the data, as its line of a ``games-*.jsonl`` file holds it."""

    dealer: int
    deal: dict[str, Any]
    """``CiceraRound.deal_json()`` (the rules' JSON form of a deal)."""
    plays: list[tuple[Card, list[Card]]]
    """Each play: the card, the cards it took."""
    score: list[int]


class Figures(TypedDict):
    """What a run made: the weights, the positions they were fitted on and the errors (points squared)."""

    weights: np.ndarray
    positions: int
    train_mse: float
    val_mse: float
    val_mse_estimate: float
    val_mse_zero: float


def play_deal(seed: int, g: int, agent_ms: int) -> Deal:
    """Deal ``g`` of the run, every seat played by hard-v1's search from its view: who dealt, the deal, the plays
    (card, cards taken) and the final score."""
    rng = random.Random(f"train-cicera:{seed}:{g}")
    dealer = g % PLAYERS
    r = CiceraRound.shuffled(dealer, rng)
    deal = r.deal_json()
    plays: list[tuple[Card, list[Card]]] = []
    while not r.is_over():
        seat = r.to_move()
        view = r.view(seat)
        action = view.legal[0] if len(view.legal) == 1 else cicera.choose_hard(view, rng, agent_ms, PLAYER)
        card, take = move_of(action)
        plays.append((card, list(take)))
        r._play(card, tuple(take))
    return Deal(dealer=dealer, deal=deal, plays=plays, score=list(r.scores()))


def make_chunk(folder: Path, run: CiceraRun, k: int) -> tuple[int, float]:
    """Play and write chunk ``k`` (whole or not at all); (deals, seconds)."""
    t0 = time.perf_counter()
    first = k * CHUNK_GAMES
    deals = range(first, min(run.games, first + CHUNK_GAMES))
    lines = [json.dumps(play_deal(run.seed, g, run.agent_ms)) for g in deals]
    tmp = folder / f"games-{k:04d}.tmp"
    tmp.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(tmp, folder / f"games-{k:04d}.jsonl")
    return len(lines), time.perf_counter() - t0


def ensure_games(folder: Path, run: CiceraRun, say: Callable[[str], None], jobs: int = 1) -> list[Deal]:
    """Every deal of the run, playing the chunks not yet on disk (``jobs`` processes at once)."""
    chunks = (run.games + CHUNK_GAMES - 1) // CHUNK_GAMES
    missing = [k for k in range(chunks) if not (folder / f"games-{k:04d}.jsonl").exists()]

    def report(k: int, made: tuple[int, float]) -> None:
        say(_("data chunk {k}/{n}: {games} deals, {s:.1f} s").format(k=k + 1, n=chunks, games=made[0], s=made[1]))

    make_chunks(partial(make_chunk, folder, run), missing, report, jobs)
    deals: list[Deal] = []
    for k in range(chunks):
        text = (folder / f"games-{k:04d}.jsonl").read_text(encoding="utf-8")
        deals += [json.loads(line) for line in text.splitlines() if line]
    return deals


def examples(deals: list[Deal]) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Per position before each play of each deal: the features, the final score difference (team 0 less
    team 1), the hand-made estimate and the deal's number. A deal whose replay does not end on its recorded
    score is refused (``TrainError``): the file is not what this version plays."""
    rows: list[list[float]] = []
    target: list[float] = []
    estimates: list[float] = []
    game: list[int] = []
    for g, d in enumerate(deals):
        r = CiceraRound(d["dealer"], d["deal"])
        y = float(d["score"][0] - d["score"][1])
        for card, take in d["plays"]:
            e = cicera.estimate(r)
            rows.append(cicera_value.features(r, e))
            estimates.append(e)
            target.append(y)
            game.append(g)
            r._play(card, tuple(take))
        if list(r.scores()) != d["score"]:
            raise TrainError(_("deal {g} does not replay to its recorded score").format(g=g))
    return (np.array(rows, dtype=np.float64), np.array(target), np.array(estimates), np.array(game))


def fit(x: np.ndarray, y: np.ndarray, ridge: float = RIDGE) -> np.ndarray:
    """The ridge least-squares weights of ``y`` on the columns of ``x``."""
    a = x.T @ x + ridge * np.eye(x.shape[1])
    weights: np.ndarray = np.linalg.solve(a, x.T @ y)
    return weights


def mse(pred: np.ndarray, y: np.ndarray) -> float:
    """The mean squared error, in points squared."""
    return float(np.mean((pred - y) ** 2))


def run(folder: Path, cfg: CiceraRun | None, export_to: Path | None = None, say: Callable[[str], None] = print,
        jobs: int = 1) -> Figures:
    """Play the data, fit the weights and export them; ``cfg`` ``None`` resumes the run stored in ``folder``.
    Returns the weights and the errors (``train_mse``, ``val_mse`` of the learned value, ``val_mse_estimate``
    of the hand-made estimate scaled by its own least-squares factor, ``val_mse_zero`` of predicting 0)."""
    path = folder / "config.json"
    try:
        stored = CiceraRun(**json.loads(path.read_text(encoding="utf-8"))) if path.is_file() else None
    except (OSError, ValueError, TypeError) as e:
        raise TrainError(_("{path} is not the settings of a run ({reason})").format(
            path=path, reason=" ".join(str(e).split())[:120])) from None
    if cfg is None:
        if stored is None:
            raise TrainError(_("nothing to resume in {dir}: it holds no run").format(dir=folder))
        cfg = stored
    elif stored is not None and stored != cfg:
        raise TrainError(_("{dir} holds another run (its config.json); use another folder, or --resume").format(
            dir=folder))
    make_folder(folder)
    path.write_text(json.dumps(asdict(cfg)) + "\n", encoding="utf-8")
    x, y, est, game = examples(ensure_games(folder, cfg, say, jobs))
    train_idx, val_idx = split(len(y), cfg.seed, game)
    weights = fit(x[train_idx], y[train_idx])
    scale = float(est[train_idx] @ y[train_idx] / max(1e-9, float(est[train_idx] @ est[train_idx])))
    figures = Figures(
        weights=weights, positions=len(y), train_mse=mse(x[train_idx] @ weights, y[train_idx]),
        val_mse=mse(x[val_idx] @ weights, y[val_idx]), val_mse_estimate=mse(scale * est[val_idx], y[val_idx]),
        val_mse_zero=mse(np.zeros(len(val_idx)), y[val_idx]),
    )
    say(_("{n} positions of {deals} deals; validation error (points squared): learned {val:.3f}, hand-made estimate "
          "{est:.3f}, none {zero:.3f}; training error {train:.3f}").format(
        n=len(y), deals=cfg.games, val=figures["val_mse"], est=figures["val_mse_estimate"],
        zero=figures["val_mse_zero"], train=figures["train_mse"]))
    if export_to is not None:
        export_to.parent.mkdir(parents=True, exist_ok=True)
        errors = {"train_mse": figures["train_mse"], "val_mse": figures["val_mse"],
                  "val_mse_estimate": figures["val_mse_estimate"], "val_mse_zero": figures["val_mse_zero"]}
        meta = json.dumps({**asdict(cfg), **{k: round(v, 4) for k, v in errors.items()}})
        with open(export_to, "wb") as f:  # the path as given (np.savez adds .npz to a name without it)
            np.savez(f, version=np.array(cicera_value.VERSION), features=np.array(cicera_value.FEATURES),
                     weights=weights, meta=np.array(meta))
        say(_("weights written to {path} ({n} weights)").format(path=export_to, n=len(weights)))
    return figures


def main(args: argparse.Namespace) -> int:
    """Run ``python -m bot train --game cicera`` from the command line: 2 for a mistake (one line, before any
    work), 1 when writing fails on the way (a full disk)."""
    problem = paths_problem(args)
    if problem is not None:
        print(_("error: {message}").format(message=problem), file=sys.stderr)
        return 2
    defaults = CiceraRun()
    cfg = None if args.resume else CiceraRun(games=args.games or defaults.games, seed=args.seed,
                                              agent_ms=args.agent_ms or defaults.agent_ms)
    try:
        run(Path(args.dir), cfg, Path(args.export) if args.export else None,
            say=lambda line: print(line, flush=True), jobs=args.jobs)
    except TrainError as e:
        print(_("error: {message}").format(message=str(e)), file=sys.stderr)
        return 2
    except OSError as e:
        print(_("error: cannot write {path}: {reason}").format(path=e.filename, reason=e.strerror or e),
              file=sys.stderr)
        return 1
    return 0
