"""Chiamata's AI package: ``greedy`` (the exact baseline of every phase, ``greedy``), the auction, trump,
discard and call of ``medium`` and ``hard`` (``bidding``: fitted models of a contract's chance), their card
play (``play``: ``medium``'s beliefs about the sides, ``hard``'s determinized search), the review (``review``)
and the tuning; it registers the game's ``GameAI`` (``rules.ai.registry``).
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.chiamata import review
from rules.ai.chiamata.bidding import (
    BID_THRESHOLD,
    DECK,
    PLAYERS,
    RANK_ORDER,
    TWO,
    best_partner_card,
    call_value,
    hand_features,
    medium_bid,
    medium_call,
    medium_discard,
    medium_trump,
    success_probability,
)
from rules.ai.chiamata.greedy import (
    greedy_bid,
    greedy_call,
    greedy_discard,
    greedy_play,
    greedy_points_limit,
    greedy_rank_limit,
    greedy_strength,
    greedy_trump,
)
from rules.ai.chiamata.play import (
    Knowledge,
    friend_probabilities,
    hard_play,
    medium_card,
    medium_play,
    partner_weights,
    playout,
    sample_world,
    sampled_points,
    search_samples,
)
from rules.ai.chiamata.tuning import CHIAMATA, YARDSTICK, ChiamataTuning
from rules.ai.registry import GameAI, register
from rules.games.chiamata.engine import SPEC
from rules.games.chiamata.view import ChiamataView
from rules.view import GameView

__all__ = [
    "AI", "BID_THRESHOLD", "DECK", "LEVELS", "PLAYERS", "RANK_ORDER", "TWO", "ChiamataTuning", "Knowledge",
    "best_partner_card", "call_value", "choose", "friend_probabilities", "greedy_points_limit", "greedy_rank_limit",
    "greedy_strength", "hand_features", "hard_play", "medium_bid", "medium_call", "medium_card", "medium_discard",
    "medium_play", "medium_trump", "partner_weights", "playout", "sample_world", "sampled_points", "search_samples",
    "success_probability", "yardstick",
]

LEVELS = ("greedy", "medium", "hard")


def choose(level: str, view: GameView, rng: random.Random, time_ms: int = 200,
           tuning: ChiamataTuning = CHIAMATA) -> Action:
    """The action a ``greedy``, ``medium`` or ``hard`` player takes in ``view`` (one of ``view.legal``);
    ``tuning`` configures hard's search."""
    assert isinstance(view, ChiamataView)
    if len(view.legal) == 1:
        return view.legal[0]
    phase = view.phase
    if level == "greedy":
        if phase == "auction":
            return greedy_bid(view)
        if phase == "trump":
            return greedy_trump(view)
        if phase == "discard":
            return greedy_discard(view)
        if phase == "call":
            return greedy_call(view)
        return greedy_play(view)
    if level not in ("medium", "hard"):
        raise ValueError(f"unknown Chiamata AI level {level!r}")
    if phase == "auction":
        return medium_bid(view, BID_THRESHOLD[level])
    if phase == "trump":
        return medium_trump(view)
    if phase == "discard":
        return medium_discard(view)
    if phase == "call":
        return medium_call(view)
    if level == "hard":
        return hard_play(view, rng, time_ms, tuning)
    return medium_play(view)


def yardstick(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """``hard-v1``'s Chiamata: ``hard`` with the frozen tuning."""
    return choose("hard", view, rng, time_ms, YARDSTICK)


def _values(view: GameView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    assert isinstance(view, ChiamataView)
    return review.values(view, rng, time_ms)


def _why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    assert isinstance(view, ChiamataView)
    return review.why(view, action)


def _reviewable(view: GameView) -> bool:
    assert isinstance(view, ChiamataView)
    return review.reviewable(view)


AI = register(GameAI(
    game=SPEC.name, choose=choose, yardstick=yardstick, values=_values, why=_why,
    turn=lambda view: view.tricks_done + 1, reviewable=_reviewable, point_scale=review.POINT_SCALE,
    min_severity=review.MIN_SEVERITY,
))
