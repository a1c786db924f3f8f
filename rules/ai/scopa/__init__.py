"""Scopa's and Scopone's AI package: ``greedy`` (the exact baseline) and ``medium`` (``levels``), ``hard`` (a
determinized search over the hidden cards, ``search``, with its tuning in ``tuning``); ``random`` is generic
(``rules.ai``). It registers Scopa's ``GameAI`` (``rules.ai.registry``); ``rules.ai.scopone`` registers
Scopone's with the same levels. The review comes later: until then no position is reviewable.
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action, RulesError
from rules.ai.registry import GameAI, register
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


def _values(view: GameView, _rng: random.Random, _time_ms: int) -> list[tuple[float, float]]:
    raise RulesError(f"{view.game} has no review yet")


def _why(_view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does: ``capture`` (``n`` cards taken; no bonus names) or ``place``."""
    if action.take:
        return "capture", {"n": len(action.take), "bonuses": []}
    return "place", {}


def _turn(view: GameView) -> int:
    """The seat's own turn number in the round (1 for its first card)."""
    assert isinstance(view, ScopaView)
    return 1 + sum(1 for s, _c, _t in view.history if s == view.seat)


def game_ai_of(game: str) -> GameAI:
    """The ``GameAI`` of Scopa or Scopone (the same levels; no review yet)."""
    spec = SCOPA_SPEC if game == SCOPA_SPEC.name else SCOPONE_SPEC
    return GameAI(
        game=game, choose=choose, yardstick=_yardstick, values=_values, why=_why, turn=_turn,
        reviewable=lambda _view: False, point_scale=spec.review_scale, min_severity=0.15,
    )


AI = register(game_ai_of(SCOPA_SPEC.name))
