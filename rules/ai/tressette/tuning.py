"""Tressette's search tuning: frozen numbers passed in to the search (a test or an experiment passes its own
configuration instead of patching globals). ``TRESSETTE`` is what ``hard`` plays; ``YARDSTICK`` is the frozen
``hard-v1`` of Tressette (``rules.ai.baselines``), written out value by value so that a change of the defaults
leaves it as it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TressetteTuning:
    """Tressette's hard search (``rules.ai.tressette.search``)."""

    exact_cards: int = 12
    """The search plays every line once the stock is empty and the hands hold at most this many cards in all."""
    max_samples: int = 400
    """The most samples a decision looks at, however much time is left."""
    max_ms: int = 120
    """The longest a decision searches whatever its budget (a median under 150 ms a move on one core)."""
    win_bonus: int = 6
    """Thirds added to a sample's margin when the seat's side ends the round ahead in points (taken off when
    behind): the round's result, not only its margin."""
    relax_signals: bool = True
    """When no dealing fits the signals (a seat signalled falsely), deal by the voids the seats showed alone
    (``search.relaxed``) instead of valuing every card even."""


TRESSETTE = TressetteTuning()
"""``hard``'s search."""
YARDSTICK = TressetteTuning(exact_cards=12, max_samples=400, max_ms=120, win_bonus=0, relax_signals=False)
"""``hard-v1`` of Tressette: ``hard``'s first tuning, frozen."""
