"""Scopa's and Scopone's AI package: ``greedy`` (the exact baseline) and ``medium`` (``levels``), ``hard`` (a
determinized search over the hidden cards, ``search``, with its tuning in ``tuning``); ``random`` is generic
(``rules.ai``), and the review of every play (``review``: the values of reviews and hints, and what a move does).
It registers Scopa's ``GameAI`` (``rules.ai.registry``); ``rules.ai.scopone`` registers Scopone's with the same
levels and review.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from rules.actions import Action, RulesError
from rules.ai.registry import GameAI, register
from rules.ai.scopa import review
from rules.ai.scopa.levels import (
    GREEDY_WEIGHT,
    card_worth,
    choose_greedy,
    choose_medium,
    greedy_value,
    medium_scores,
    unseen_cards,
)
from rules.ai.scopa.search import choose_hard
from rules.ai.scopa.tuning import YARDSTICK
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.games.scopa.view import ScopaView
from rules.view import GameView

__all__ = [
    "AI", "GREEDY_WEIGHT", "LEVELS", "card_worth", "choose", "choose_greedy", "choose_hard", "choose_medium",
    "game_ai_of",
    "greedy_value", "medium_scores", "unseen_cards",
]

LEVELS = ("greedy", "medium", "hard")


def choose(level: str, view: GameView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) for this view; one of ``view.legal``."""
    assert isinstance(view, ScopaView)
    if level == "greedy":
        return choose_greedy(view)
    if level == "medium":
        return choose_medium(view)
    if level == "hard":
        return choose_hard(view, rng, time_ms)
    raise RulesError(f"the {view.game} AI has no level {level!r}; levels are {', '.join(LEVELS)}")


def _yardstick(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """``hard-v1`` of Scopa and Scopone: the search with the frozen tuning (``tuning.YARDSTICK``)."""
    assert isinstance(view, ScopaView)
    return choose_hard(view, rng, time_ms, YARDSTICK)


def _values(view: GameView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    assert isinstance(view, ScopaView)
    return review.values(view, rng, time_ms)


def _why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    assert isinstance(view, ScopaView)
    return review.why(view, action)


def _turn(view: GameView) -> int:
    assert isinstance(view, ScopaView)
    return review.turn(view)


def game_ai_of(game: str, levels: Callable[[str, GameView, random.Random, int], Action] = choose) -> GameAI:
    """The ``GameAI`` of Scopa or Scopone: the same levels (``levels``: the game package's own entry to
    ``choose``), yardstick and review."""
    spec = SCOPA_SPEC if game == SCOPA_SPEC.name else SCOPONE_SPEC
    return GameAI(
        game=game, choose=levels, yardstick=_yardstick, values=_values, why=_why, turn=_turn,
        reviewable=lambda _view: True, point_scale=spec.review_scale, min_severity=review.MIN_SEVERITY,
    )


AI = register(game_ai_of(SCOPA_SPEC.name))
