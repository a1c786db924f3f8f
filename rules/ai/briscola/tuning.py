"""Briscola's search tuning: frozen numbers passed in to the search (a test or an experiment passes its own
configuration instead of patching globals). ``BRISCOLA`` is what ``hard`` plays; ``YARDSTICK`` is the frozen
``hard-v1``'s (``rules.ai.baselines``), written out value by value so that a change of the defaults leaves it
as it is."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BriscolaTuning:
    """Briscola's hard search and its reading of the other seats' plays."""

    samples_per_ms: float = 1.5
    """Sampled deals per millisecond of budget: the number of samples is fixed by the budget, so a seeded game
    is reproducible; the clock only cuts a search that runs far past its budget (4 times, or half a second
    more), as on an overloaded machine."""
    exact_cards_2p: int = 8
    """2 players: with at most this many cards left in hands and stock, every placement of the hidden cards
    is enumerated and solved exactly."""
    solved_cards_2p: int = 10
    """2 players: with at most this many cards left, sampled deals are solved exactly instead of played out."""
    margin_weight: float = 1 / 100
    """What a card point of margin is worth next to a game point in a playout's value."""
    heuristic_bonus: float = 0.03
    """2 players: the value added to ``duel_card``'s move before the best move is picked."""
    solved_per_ms: float = 0.12
    """Sampled deals per millisecond of budget when each is solved exactly (24 at 200 ms, about 4 ms each)."""
    inference_depth: int = 20
    """How many of a seat's latest plays tell its style (20: every play of a 2-player round, which tells a
    random player more often than the last 8 did, see docs/AI.md)."""
    weight_depth: int = 1
    """How many of a seat's latest plays weigh a sampled deal (deeper, the rebuilt hands are guesses: measured
    worse, see docs/AI.md)."""
    style_prior: tuple[float, float, float] = (1 / 3, 1 / 3, 1 / 3)
    """Prior belief that another seat plays like ``greedy_card``, like the heuristic policy, or at random."""
    greedy_error: float = 0.25
    """Under the greedy-like style, the probability of a play other than greedy's card."""
    heuristic_error: float = 0.25
    """Under the heuristic style, the probability of a play other than the heuristic's card."""
    model_error: float = 0.35
    """Weighing a deal: the probability of a play that neither style would make."""
    throw_slip: float = 0.1
    """Under the greedy-like or heuristic style, how much rarer than another card an ace or a three put at
    risk is among the plays that are not the style's card (a random player throws them away often)."""
    random_belief: float = 0.4
    """2 players: above this belief that the opponent plays at random, it plays at random in the playouts and
    every sampled deal weighs the same (only measured in 2 players)."""


BRISCOLA = BriscolaTuning()
"""The playout search's defaults (``hard`` in 3, 4 and 6 players plays them, ``rules.ai.briscola.learned``
in 2 players shares them)."""
YARDSTICK = BriscolaTuning(
    samples_per_ms=1.5, exact_cards_2p=8, solved_cards_2p=10, margin_weight=1 / 100, heuristic_bonus=0.03,
    solved_per_ms=0.12, inference_depth=20, weight_depth=1, style_prior=(1 / 3, 1 / 3, 1 / 3),
    greedy_error=0.25, heuristic_error=0.25, model_error=0.35, throw_slip=0.1, random_belief=0.4,
)
"""``hard-v1``'s Briscola: the playout search with the values of 2026-12-01 (commit a0800d5)."""
