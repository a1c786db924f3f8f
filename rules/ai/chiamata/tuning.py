"""Chiamata's search tuning: frozen numbers passed in to the search (a test or an experiment passes its own
configuration instead of patching globals). ``CHIAMATA`` is what ``hard`` plays; ``YARDSTICK`` is the frozen
``hard-v1``'s (``rules.ai.baselines``), written out value by value so that a change of the defaults leaves it
as it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ChiamataTuning:
    """Chiamata's hard search (the card play; the bidding models are fitted data, see ``rules.ai.chiamata``)."""

    override_z: float = 1.5
    """Search overrides medium's card only when better by this many standard errors..."""
    override_min: float = 0.02
    """... and by this much on average (score units: +1 / -1 for success)."""
    margin_weight: float = 0.3
    """Search score: success (+1 / -1 for the seat's side) plus this times the side's point margin / 60."""
    search_share: float = 0.5
    """Share of ``time_ms`` the search plans to use. The plan counts work, not time: the cost model below was
    measured on the project's machine; the clock stops a search only much later (``clock_factor``)."""
    sample_us: float = 17.0
    """Microseconds to sample one deal of the hidden cards."""
    playout_us: float = 6.0
    playout_us_per_card: float = 2.7
    """Microseconds of one playout: fixed part and per card still to be played."""
    min_samples: int = 4
    clock_factor: int = 3
    clock_extra_ms: int = 100
    """The clock stops a search past ``clock_factor x time_ms + clock_extra_ms`` (only a very busy or slow
    machine gets there; tests raise it so that the choices never depend on the clock)."""


CHIAMATA = ChiamataTuning()
"""``hard``'s card play."""
YARDSTICK = ChiamataTuning(
    override_z=1.5, override_min=0.02, margin_weight=0.3, search_share=0.5, sample_us=17.0, playout_us=6.0,
    playout_us_per_card=2.7, min_samples=4, clock_factor=3, clock_extra_ms=100,
)
"""``hard-v1``'s Chiamata: the values of 2026-12-01 (commit a0800d5)."""
