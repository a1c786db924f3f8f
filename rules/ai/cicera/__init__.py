"""Cicera's AI package: ``greedy`` (the exact baseline) and ``medium`` (``levels``), ``hard`` (a determinized
search, ``search``, over the rollout policy of ``rollout``), what a seat can count (``counting``), the review
(``review``) and the tuning; it registers the game's ``GameAI`` (``rules.ai.registry``).
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.cicera import review
from rules.ai.cicera.counting import (
    NAPULA_GAIN,
    PASSED_LIKELIHOOD,
    Takes,
    award_weights,
    initial_table,
    passed_captures,
    seen_cards,
    table_captures,
    takes_of,
    team_piles,
    unseen_cards,
)
from rules.ai.cicera.levels import Context, choose_greedy, choose_medium, greedy_value, medium_scores
from rules.ai.cicera.rollout import Offers, fast_playout, playout, rollout_move
from rules.ai.cicera.search import choose_hard, estimate, round_from_view, sample_hands
from rules.ai.cicera.tuning import YARDSTICK
from rules.ai.registry import GameAI, register
from rules.games.cicera.engine import SPEC
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.view import CiceraView
from rules.view import GameView

__all__ = [
    "AI", "LEVELS", "NAPULA_GAIN", "PASSED_LIKELIHOOD", "Context", "Offers", "Takes", "award_weights", "choose",
    "choose_greedy", "choose_hard", "choose_medium", "engine_playout", "estimate", "fast_playout", "greedy_value",
    "initial_table", "medium_scores", "passed_captures", "playout", "rollout_move", "round_from_view",
    "sample_hands", "seen_cards", "table_captures", "takes_of", "team_piles", "unseen_cards", "yardstick",
]

LEVELS = ("greedy", "medium", "hard")


def choose(level: str, view: GameView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) for this view; one of ``view.legal``."""
    assert isinstance(view, CiceraView)
    if level == "greedy":
        return choose_greedy(view)
    if level == "medium":
        return choose_medium(view)
    if level == "hard":
        return choose_hard(view, rng, time_ms)
    raise ValueError(f"unknown Cicera AI level {level!r}; levels are {', '.join(LEVELS)}")


def engine_playout(r: CiceraRound, plies: int, _offers: Offers) -> int:
    """The yardstick's rollout: ``playout`` through the engine (the same plays as ``fast_playout``, slower)."""
    return playout(r, plies)


def yardstick(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """``hard-v1``'s Cicera: the search with the frozen tuning, its rollouts played through the engine."""
    assert isinstance(view, CiceraView)
    return choose_hard(view, rng, time_ms, YARDSTICK, engine_playout)


def _values(view: GameView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    assert isinstance(view, CiceraView)
    return review.values(view, rng, time_ms)


def _why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    assert isinstance(view, CiceraView)
    return review.why(view, action)


def _turn(view: GameView) -> int:
    assert isinstance(view, CiceraView)
    return review.turn(view)


AI = register(GameAI(
    game=SPEC.name, choose=choose, yardstick=yardstick, values=_values, why=_why, turn=_turn,
    reviewable=lambda _view: True, point_scale=review.POINT_SCALE, min_severity=review.MIN_SEVERITY,
))
