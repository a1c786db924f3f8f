"""Cicera's search tuning: frozen numbers passed in to the search (a test or an experiment passes its own
configuration instead of patching globals). ``CICERA`` is what ``hard`` plays; ``YARDSTICK`` is the frozen
``hard-v1``'s (``rules.ai.baselines``), written out value by value so that a change of the defaults leaves it
as it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CiceraTuning:
    """Cicera's hard search."""

    max_candidates: int = 8
    """Hard considers at most this many moves: the best by medium's score."""
    max_samples: int = 300
    """Hard stops after this many sampled deals even when its planned work is not spent (late in the deal)."""
    plies_per_ms: int = 40
    """Hard's planned work: rollout plays per millisecond of ``time_ms``. Fixing the work (not the time) keeps
    a seeded game reproducible; 40 (8,000 plays at 200 ms) takes a median 115 ms and a 95th percentile of 167 ms
    a move on the project's machine with both cores busy (docs/AI.md), so the clock does not end a search.
    (``hard-v1``: 50 with the engine's slower playouts and a clock at 70%, which ends every search early in a
    deal there.)"""
    clock_share: float = 3.0
    """The share of ``time_ms`` after which the clock stops a search whatever its plan (a very loaded machine
    only; ``hard-v1``: 0.7)."""
    horizon: int = 8
    """Rollout plies after the candidate move before the position is valued (0: to the end of the deal)."""


CICERA = CiceraTuning()
"""``hard``'s search."""
YARDSTICK = CiceraTuning(max_candidates=8, max_samples=300, plies_per_ms=50, clock_share=0.7, horizon=8)
"""``hard-v1``'s Cicera: the values of 2026-12-01 (commit a0800d5); it plays its rollouts through the engine
(``rules.ai.baselines``), as it did then."""
