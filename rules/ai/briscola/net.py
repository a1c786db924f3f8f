"""The learned evaluation's network: a small multilayer perceptron, inference in numpy only.

``Net`` holds the weights (two hidden layers with ReLU, then two outputs: the logit of the side to move
winning the round, a draw counting half, and its card-point margin over 120). ``load`` reads a weights file
once per process (``rules/ai/weights/*.npz``, written by ``python -m bot train``); the file also names the
feature encoding it was trained on, which must be ``rules.ai.briscola.features.VERSION``.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path

from rules.ai.briscola import features
from rules.ai.briscola.numeric import np

WEIGHTS = Path(__file__).parent.parent / "weights"
LAYERS = ("w1", "b1", "w2", "b2", "w3", "b3")
POLICY_CLASSES = features.CARDS + 1
"""The policy network's outputs: one per card (``features.card_index``), then the trump exchange."""
_EXCHANGE_COLUMN = len(features.BLOCKS) * features.CARDS + features.SCALARS.index("can_exchange")


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

    def policy(self, x: np.ndarray) -> np.ndarray:
        """A policy network's chances of each move (``POLICY_CLASSES`` columns) for a batch of feature rows,
        over the moves legal there (``legal_mask``)."""
        return policy_probabilities(self.outputs(x), legal_mask(x))

    def size(self) -> int:
        """The number of weights."""
        return sum(int(getattr(self, k).size) for k in LAYERS)


def legal_mask(x: np.ndarray) -> np.ndarray:
    """Per feature row, the policy's classes the seat may choose: the cards of its hand (in Briscola every card
    in hand may be played) and the trump exchange while one may be made this turn (the features do not say
    whether the seat holds the card to give; the network learns it, as the exchange is never chosen then)."""
    mask = np.zeros((len(x), POLICY_CLASSES), dtype=bool)
    mask[:, :features.CARDS] = x[:, :features.CARDS] > 0.5
    mask[:, features.CARDS] = x[:, _EXCHANGE_COLUMN] > 0.5
    return mask


def policy_probabilities(out: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """The softmax of the logits ``out`` over the classes ``mask`` allows (0 elsewhere)."""
    logits = np.where(mask, out, -np.inf)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    probabilities: np.ndarray = e / e.sum(axis=1, keepdims=True)
    return probabilities


def from_arrays(arrays: dict[str, np.ndarray]) -> Net:
    """A network from its named arrays (as float32)."""
    return Net(**{k: np.asarray(arrays[k], dtype=np.float32) for k in LAYERS})


def path_for(players: int, policy: bool = False) -> Path:
    """The shipped weights file of the Briscola value network (or the move policy) for this player count."""
    return WEIGHTS / f"briscola_{players}p{'_policy' if policy else ''}.npz"


@functools.cache
def load(players: int, policy: bool = False) -> Net | None:
    """The shipped Briscola value network (``policy``: the move policy) for ``players``, read once per process;
    ``None`` when there is none; ``ValueError`` when the file was made for another feature encoding."""
    path = path_for(players, policy)
    if not path.exists():
        return None
    with np.load(path) as data:
        version = str(data["version"]) if "version" in data else ""
        if version != features.VERSION:
            raise ValueError(f"{path.name} was trained on features {version!r}, not {features.VERSION!r}")
        net = from_arrays({k: data[k] for k in LAYERS})
    if net.w1.shape[0] != features.SIZE:
        raise ValueError(f"{path.name} takes {net.w1.shape[0]} features, not {features.SIZE}")
    if net.w3.shape[1] != (POLICY_CLASSES if policy else 2):
        raise ValueError(f"{path.name} has {net.w3.shape[1]} outputs, not those of a {'policy' if policy else 'value'}")
    return net
