"""The learned evaluation's network: a small multilayer perceptron, inference in numpy only.

``Net`` holds the weights (two hidden layers with ReLU, then two outputs: the logit of the side to move
winning the round, a draw counting half, and its card-point margin over 120). ``load`` reads a weights file
once per process (``rules/ai/weights/*.npz``, written by ``python -m bot train``); the file also names the
feature encoding it was trained on, which must be ``rules.ai.features.VERSION``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from rules.ai import features
from rules.ai._numpy import np

WEIGHTS = Path(__file__).with_name("weights")
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")


@dataclass(frozen=True)
class Net:
    """The weights of the value network (float32 arrays: ``w1`` is features x hidden, ``w3`` hidden x 2)."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    w3: np.ndarray
    b3: np.ndarray

    def outputs(self, x: np.ndarray) -> np.ndarray:
        """The raw outputs for a batch of feature rows: column 0 the win logit, column 1 the margin / 120."""
        h = np.maximum(x @ self.w1 + self.b1, 0.0)
        h = np.maximum(h @ self.w2 + self.b2, 0.0)
        out: np.ndarray = h @ self.w3 + self.b3
        return out

    def evaluate(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per row: the chance the side to move wins the round (a draw half) and its expected card-point
        margin (in card points, -120 to 120)."""
        out = self.outputs(x)
        win = 1.0 / (1.0 + np.exp(-np.clip(out[:, 0], -30.0, 30.0)))
        return win, np.clip(out[:, 1], -1.0, 1.0) * 120.0

    def size(self) -> int:
        """The number of weights."""
        return sum(int(getattr(self, k).size) for k in LAYERS)


def from_arrays(arrays: dict[str, np.ndarray]) -> Net:
    """A network from its named arrays (as float32)."""
    return Net(**{k: np.asarray(arrays[k], dtype=np.float32) for k in LAYERS})


def path_for(players: int) -> Path:
    """The shipped weights file of the Briscola network for this player count."""
    return WEIGHTS / f"briscola_{players}p.npz"


@functools.cache
def load(players: int) -> Net | None:
    """The shipped Briscola network for ``players`` (read once per process), ``None`` when there is none;
    ``ValueError`` when the file was made for another feature encoding."""
    path = path_for(players)
    if not path.exists():
        return None
    with np.load(path) as data:
        version = str(data["version"]) if "version" in data else ""
        if version != features.VERSION:
            raise ValueError(f"{path.name} was trained on features {version!r}, not {features.VERSION!r}")
        net = from_arrays({k: data[k] for k in LAYERS})
    if net.w1.shape[0] != features.SIZE:
        raise ValueError(f"{path.name} takes {net.w1.shape[0]} features, not {features.SIZE}")
    return net
