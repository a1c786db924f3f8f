"""The AI's tuning values, one frozen configuration per game, passed in to the search (defaults: the values
measured in docs/AI.md). A test or an experiment passes its own configuration instead of patching globals."""

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
    bidder_bias: float = 1.0
    """Sampling: an unseen ace or three is this many times likelier (per free slot) to lie with a seat that
    bid in the auction than with one that never bid (1: no such signal)."""
    clock_factor: int = 3
    clock_extra_ms: int = 100
    """The clock stops a search past ``clock_factor x time_ms + clock_extra_ms`` (only a very busy or slow
    machine gets there; tests raise it so that the choices never depend on the clock)."""


@dataclass(frozen=True)
class CiceraTuning:
    """Cicera's hard search."""

    max_candidates: int = 8
    """Hard considers at most this many moves: the best by medium's score."""
    max_samples: int = 300
    """Hard stops after this many sampled deals even when its planned work is not spent (late in the deal)."""
    infer: bool = True
    """Hard samples hidden hands with ``passed_captures`` (False: uniformly)."""
    plies_per_ms: int = 40
    """Hard's planned work: rollout plays per millisecond of ``time_ms``. Fixing the work (not the time) keeps
    a seeded game reproducible; 40 (8,000 plays at 200 ms) takes a median 115 ms and a 95th percentile of 167 ms
    a move with ``fast_rollout`` on this machine with both cores busy (docs/ai/cicera.md), so the clock does
    not end a search. (``hard-v1``: 50 with the engine's playouts and a clock at 70%, which ends every search
    early in a deal there.)"""
    clock_share: float = 3.0
    """The share of ``time_ms`` after which the clock stops a search whatever its plan (a very loaded machine
    only; ``hard-v1``: 0.7)."""
    horizon: int = 8
    """Rollout plies after the candidate move before the position is valued (0: to the end of the deal)."""
    fast_rollout: bool = True
    """Play the rollouts with ``fast_playout`` (the same moves as ``playout``, about twice as fast); False:
    ``playout`` through the engine (``hard-v1``)."""
    learned_leaf: bool = False
    """Value the position at the horizon with the fitted linear model (``rules.ai.cicera_value``, when its
    weights are shipped: ``hard-net``'s ``CICERA_NET``); False: the hand-made ``estimate`` (``hard``)."""


BRISCOLA = BriscolaTuning()
CHIAMATA = ChiamataTuning()
CICERA = CiceraTuning()
"""The default configurations."""
CICERA_NET = CiceraTuning(learned_leaf=True)
"""``hard-net``'s Cicera search: ``hard``'s with the learned leaf value (the candidate, measured in
docs/ai/cicera.md)."""
