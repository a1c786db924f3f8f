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
    """The most samples a decision looks at, however large its budget."""
    samples_per_ms: float = 0.6
    """Samples played out per millisecond of budget (120 at the arena's 200 ms): the number of samples is fixed by
    the budget, never by the clock, so a seeded game is the same on a loaded machine; the clock only cuts a
    search that runs far past its budget (10 times, or 2 s more: a machine overloaded many times over)."""
    exact_per_ms: float = 0.15
    """Samples searched exactly (``exact_cards``, four players) per millisecond of budget (30 at 200 ms): each
    costs several playouts."""
    win_bonus: int = 6
    """Thirds added to a sample's margin when the seat's side ends the round ahead in points (taken off when
    behind): the round's result, not only its margin."""
    relax_signals: bool = True
    """When no dealing fits the signals (a seat signalled falsely), deal by the voids the seats showed alone
    (``search.relaxed``) instead of valuing every card even."""


TRESSETTE = TressetteTuning()
"""``hard``'s search with two players."""
TRESSETTE_4 = TressetteTuning()
"""``hard``'s search with four players."""


def tuning_for(players: int) -> TressetteTuning:
    """``hard``'s tuning for a table of ``players``."""
    return TRESSETTE_4 if players == 4 else TRESSETTE


YARDSTICK = TressetteTuning(exact_cards=12, max_samples=400, samples_per_ms=0.6, exact_per_ms=0.15, win_bonus=0,
                            relax_signals=False)
"""``hard-v1`` of Tressette: ``hard``'s first tuning, frozen (its 120 ms of clock became the sample budget
above, so that it too is reproducible)."""
