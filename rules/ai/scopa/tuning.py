"""Scopa's and Scopone's search tuning: frozen numbers passed in to the search (a test or an experiment passes its
own configuration instead of patching globals). ``SCOPA`` is what ``hard`` plays; ``YARDSTICK`` is the frozen
``hard-v1`` of these games (``rules.ai.baselines``), written out value by value so that a change of the defaults
leaves it as it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ScopaTuning:
    """Scopa's and Scopone's hard search (``rules.ai.scopa.search``)."""

    max_candidates: int = 8
    """Hard considers at most this many moves: the best by medium's score."""
    max_samples: int = 200
    """Hard stops after this many sampled deals even when its planned work is not spent."""
    plies_per_ms: int = 15
    """Planned work: playout plays (and endgame nodes) per millisecond of ``time_ms`` (3,000 at the default
    200 ms); fixing the work, not the time, keeps a seeded game reproducible. 40 played no better in the quick
    runs (docs/lab/JOURNAL.md) at more than twice the time."""
    clock_share: float = 3.0
    """The share of ``time_ms`` after which the clock stops a search whatever its plan (a very loaded machine)."""
    horizon: int = 8
    """Playout plies after the candidate move before the position is valued by ``search.estimate`` (0: to the
    end of the round): shorter playouts, so more deals for the same work."""
    exact_cards: tuple[int, int, int] = (6, 6, 8)
    """With the stock empty and at most this many cards left in the hands (2, 3, 4 players), every sampled
    deal is solved exactly (alpha-beta over the remaining plays) instead of played out."""
    exact_samples: int = 24
    """The most deals sampled for the exact endgame (one when the deal is known: 2 players, stock empty)."""
    win_bonus: float = 1.0
    """A finished round is worth the point difference plus this much for winning it (minus for losing)."""
    estimate_win: float = 0.0
    """An unfinished round's ``estimate`` ``e`` counts ``e + estimate_win * clamp(e, -1, 1)``: the win term of a
    finished round, made continuous (0: the point estimate alone)."""
    passed_likelihood: float = 0.15
    """How much less likely a card is in a hand that placed a card while it could have captured with this one
    (``search.passed_captures``; 1: no inference)."""


SCOPA = ScopaTuning()
"""``hard``'s search."""
YARDSTICK = ScopaTuning(max_candidates=8, max_samples=200, plies_per_ms=40, clock_share=3.0, horizon=0,
                        exact_cards=(6, 6, 8), exact_samples=24, win_bonus=1.0, estimate_win=0.0, passed_likelihood=1.0)
"""``hard-v1`` of Scopa and Scopone: ``hard``'s first tuning, frozen."""
