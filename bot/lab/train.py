"""``python -m bot train``: make the learned Briscola evaluation (``rules.ai.briscola.net``), reproducibly from a seed.

A run lives in one folder (``--dir``, ``bot.lab.train_files``). It generates self-play games in chunks
(``data-NNNN.npz``, ``bot.lab.train_data``), trains the value network (or the move policy) on them with Adam
(numpy only), writes a checkpoint after every epoch (``checkpoint.npz``: weights, the optimiser's state, the
epoch) and prints the losses of every epoch. Running the same command again, or ``--resume`` with only
``--dir``, continues where it stopped: chunks already written are kept and training goes on from the
checkpoint, and the result is the same as a run that was never stopped (each epoch's shuffle comes from the
seed and the epoch's number). ``--init`` starts from a weights file. ``--export PATH`` writes the weights file
the AI loads (``rules/ai/weights/briscola_<N>p.npz``).
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")  # one core: the machine is shared (set before numpy loads)

import argparse  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import zipfile  # noqa: E402
from collections.abc import Callable  # noqa: E402
from dataclasses import asdict  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import NotRequired, TypedDict  # noqa: E402

import numpy as np  # noqa: E402

from bot.i18n import _  # noqa: E402
from bot.lab.train_data import check_pool, ensure_data, inputs  # noqa: E402
from bot.lab.train_files import (  # noqa: E402
    RunConfig,
    TrainError,
    make_folder,
    paths_problem,
    read_config,
    read_weights,
    weight_shapes,
)
from rules.actions import RulesError  # noqa: E402
from rules.ai import make_agent  # noqa: E402
from rules.ai.briscola import features, net  # noqa: E402

MARGIN_WEIGHT = 2.0
"""The margin's squared error next to the win's cross-entropy in the loss."""
VALIDATION_SHARE = 0.05


class TrainState(TypedDict):
    """A run's training state, as its checkpoint stores it: the weights, Adam's moments and the counters."""

    weights: dict[str, np.ndarray]
    m: dict[str, np.ndarray]
    v: dict[str, np.ndarray]
    epoch: int
    step: int


class Figures(TypedDict):
    """The last epoch's figures of a run (``train_loss`` ``None`` when no epoch was trained by this call)."""

    epoch: int
    train_loss: float | None
    val_loss: float
    val_bce: float
    val_mse: float
    start_val_loss: NotRequired[float]
    """The validation loss before this call trained."""


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


def train_epoch(state: TrainState, data: dict[str, np.ndarray], train_idx: np.ndarray, cfg: RunConfig,
                epoch: int) -> float:
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


def save_checkpoint(folder: Path, state: TrainState) -> None:
    """The weights, the optimiser's moments and the counters, written whole or not at all."""
    arrays = {f"weights.{k}": a for k, a in state["weights"].items()}
    arrays |= {f"m.{k}": a for k, a in state["m"].items()} | {f"v.{k}": a for k, a in state["v"].items()}
    arrays["counters"] = np.array([state["epoch"], state["step"]], dtype=np.int64)
    tmp = folder / "checkpoint.tmp.npz"
    np.savez(tmp, allow_pickle=False, **arrays)  # numbers only: nothing to pickle
    os.replace(tmp, folder / "checkpoint.npz")


def load_checkpoint(folder: Path) -> TrainState | None:
    """The checkpoint of the run in ``folder``, ``None`` when there is none yet."""
    path = folder / "checkpoint.npz"
    if not path.exists():
        return None
    try:
        with np.load(path, allow_pickle=False) as f:
            parts: dict[str, dict[str, np.ndarray]] = {"weights": {}, "m": {}, "v": {}}
            counters: list[int] = []
            for key in f.files:
                if key == "counters":
                    counters = [int(x) for x in f[key]]
                else:
                    part, name = key.split(".")
                    parts[part][name] = f[key]
            epoch, step = counters
            state = TrainState(weights=parts["weights"], m=parts["m"], v=parts["v"], epoch=epoch, step=step)
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, AttributeError) as e:
        raise TrainError(_("{path} is damaged ({reason}): delete it to train again from the start").format(
            path=path, reason=" ".join(str(e).split())[:120])) from None
    return state


def export(state: TrainState, path: Path, cfg: RunConfig, val: float) -> None:
    """The weights file the AI loads: the weights, the feature encoding's version and how they were made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    meta = json.dumps({**asdict(cfg), "epochs_done": state["epoch"], "validation_loss": round(val, 5)})
    with open(path, "wb") as f:  # the path as given (np.savez adds .npz to a name without it)
        np.savez(f, allow_pickle=False, version=np.array(features.VERSION), meta=np.array(meta), **state["weights"])


def run(folder: Path, cfg: RunConfig | None, export_to: Path | None = None, say: Callable[[str], None] = print,
        jobs: int = 1) -> Figures:
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
                           "only with --agent hard, in data made by this version"))
    train_idx, val_idx = split(len(data["win"]), cfg.seed, data.get("game"))
    state = load_checkpoint(folder)
    if state is None:
        weights = start_weights(cfg)
        state = TrainState(weights=weights, m={k: np.zeros_like(a) for k, a in weights.items()},
                           v={k: np.zeros_like(a) for k, a in weights.items()}, epoch=0, step=0)
    else:
        say(_("resuming from the checkpoint of epoch {epoch}").format(epoch=state["epoch"]))
    val_loss, val_bce, val_mse = evaluate(state["weights"], data, val_idx, cfg.policy, cfg.target_mix)
    figures = Figures(epoch=state["epoch"], train_loss=None, val_loss=val_loss, val_bce=val_bce, val_mse=val_mse)
    start_loss = figures["val_loss"]
    while state["epoch"] < cfg.epochs:
        t0 = time.perf_counter()
        train_loss = train_epoch(state, data, train_idx, cfg, state["epoch"])
        state["epoch"] += 1
        val_loss, val_bce, val_mse = evaluate(state["weights"], data, val_idx, cfg.policy, cfg.target_mix)
        save_checkpoint(folder, state)
        figures = Figures(epoch=state["epoch"], train_loss=train_loss, val_loss=val_loss, val_bce=val_bce,
                          val_mse=val_mse)
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
