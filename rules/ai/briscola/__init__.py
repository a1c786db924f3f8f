"""Briscola's AI package: ``greedy``, ``medium`` and the playout search (``search``), what a seat can tell from
its view (``beliefs``), the learned search of 2-player ``hard`` (``learned``, with its network ``net`` over the
features of ``features``), the review (``review``) and the tuning; it registers the game's ``GameAI``
(``rules.ai.registry``).

``hard`` is the learned search in 2 players (measured better than ``hard-v1`` there) and the playout search in
3, 4 and 6 players (the learned search was not measured better there: docs/AI.md).
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.briscola import learned, review, search
from rules.ai.briscola.tuning import YARDSTICK
from rules.ai.registry import GameAI, register
from rules.games.briscola.engine import SPEC
from rules.games.briscola.view import BriscolaView
from rules.view import GameView

LEVELS = ("greedy", "medium", "hard")


def choose(level: str, view: GameView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) in ``view``; one of ``view.legal``."""
    assert isinstance(view, BriscolaView)
    if level == "greedy":
        return search.greedy(view)
    if level == "medium":
        return search.medium(view)
    if level == "hard":
        return learned.choose(view, rng, time_ms)
    raise ValueError(f"unknown Briscola AI level {level!r}; levels are {', '.join(LEVELS)}")


def yardstick(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """``hard-v1``'s Briscola: the playout search with the frozen tuning, in every player count."""
    assert isinstance(view, BriscolaView)
    return search.hard(view, rng, time_ms, YARDSTICK)


def _values(view: GameView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    assert isinstance(view, BriscolaView)
    return review.values(view, rng, time_ms)


def _why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    assert isinstance(view, BriscolaView)
    return review.why(view, action)


AI = register(GameAI(
    game=SPEC.name, choose=choose, yardstick=yardstick, values=_values, why=_why,
    turn=lambda view: view.tricks_done + 1, reviewable=lambda _view: True, point_scale=review.POINT_SCALE,
    min_severity=review.MIN_SEVERITY,
))
