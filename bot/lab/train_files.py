"""A training run's files: its settings (``config.json`` in its folder, ``RunConfig``), the folder itself, and
the weights files it reads (``--teacher``, ``--init``), each refused in one line (``TrainError``) when it cannot
serve."""

from __future__ import annotations

import argparse
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bot.i18n import _
from bot.tools.paths import folder_problem, output_file_problem
from rules.ai.briscola import features, net


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
    """An AI level or arena agent (``rules.ai.make_agent``'s names, e.g. ``hard``) that plays every seat of
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
    move chosen, where the data has one (``--agent`` ``hard`` where the learned search
    decided); 1: the outcomes alone."""
    pool: tuple[str, ...] = ()
    """Other runs' folders (absolute paths, ``--with``) whose data chunks are added to this run's examples: read
    as they are on disk, never made here (each run makes its own), so the data of several runs (generations, or
    self-play and play against another agent) trains one network; ``games`` may then be 0 (no data of its own)."""
    pool_sha256: tuple[str, ...] = ()
    """Each ``pool`` folder's digest (its settings and chunks, ``check_pool``), so a re-run or ``--resume``
    checks it trains on the same data; empty: taken when the run starts."""


class TrainError(Exception):
    """A problem the user can fix (a folder holding another run, a bad value); the message is one line."""


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
