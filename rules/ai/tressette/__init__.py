"""Tressette's AI package: ``greedy`` (the exact baseline) and ``medium`` (``levels``), ``hard`` (a search over
the hidden cards, ``search``, with its tuning in ``tuning``); ``random`` is generic (``rules.ai``), and the review
of every play (``review``: the values of reviews and hints; ``why`` names what a play does). It registers
Tressette's ``GameAI`` (``rules.ai.registry``); its yardstick (``hard-v1``) is ``hard`` with the frozen tuning
``tuning.YARDSTICK``.
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action, RulesError
from rules.ai.registry import GameAI, register
from rules.ai.tressette import review
from rules.ai.tressette.levels import choose_greedy, choose_medium, trick_leader
from rules.ai.tressette.search import choose_hard
from rules.ai.tressette.tuning import YARDSTICK
from rules.games.tressette.engine import SPEC
from rules.games.tressette.rules import STRENGTH, THIRDS, side_of
from rules.games.tressette.view import TressetteView
from rules.view import GameView

__all__ = ["AI", "LEVELS", "choose"]

LEVELS = ("greedy", "medium", "hard")
"""The levels this package plays."""


def choose(level: str, view: GameView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) for this view; one of ``view.legal``."""
    assert isinstance(view, TressetteView)
    if level == "greedy":
        return choose_greedy(view)
    if level == "medium":
        return choose_medium(view)
    if level == "hard":
        return choose_hard(view, rng, time_ms)
    raise RulesError(f"the {view.game} AI has no level {level!r} yet; levels are {', '.join(LEVELS)}")


def _yardstick(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """``hard-v1`` of Tressette: the search with the frozen tuning (``tuning.YARDSTICK``)."""
    assert isinstance(view, TressetteView)
    return choose_hard(view, rng, time_ms, YARDSTICK)


def _values(view: GameView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    assert isinstance(view, TressetteView)
    return review.values(view, rng, time_ms)


def _turn(view: GameView) -> int:
    assert isinstance(view, TressetteView)
    return review.turn(view)


def _points(thirds: int) -> str:
    """Thirds as points with a fraction: ``1⅓``, ``⅔``, ``2``."""
    whole, part = divmod(thirds, 3)
    frac = ("", "⅓", "⅔")[part]
    return f"{whole}{frac}" if whole or not frac else frac


def _why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    """What a play does, with the thirds of the trick as points: it leads, takes the trick so far, loads the
    partner's trick or lets the trick go."""
    assert isinstance(view, TressetteView) and action.card is not None and view.seat is not None
    card = int(action.card)
    at_stake = sum(THIRDS[c] for _s, c in view.trick) + THIRDS[card]
    if not view.trick:
        return ("lead", {"points": _points(at_stake)}) if at_stake else ("lead_blank", {})
    best_seat, best = trick_leader(view)
    led = view.trick[0][1].suit_index
    last = len(view.trick) == view.players - 1
    if card // 13 == led and STRENGTH[card] > STRENGTH[best]:
        return ("take" if last else "take_so_far"), {"points": _points(at_stake)}
    if side_of(best_seat, view.players) == side_of(view.seat, view.players):
        return "load", {"points": _points(at_stake)}
    return ("duck", {"points": _points(at_stake)}) if at_stake else ("duck_blank", {})


AI = register(GameAI(
    game=SPEC.name, choose=choose, yardstick=_yardstick, values=_values, why=_why,
    turn=_turn, reviewable=lambda _view: True, point_scale=review.POINT_SCALE,
    min_severity=review.MIN_SEVERITY,
))
