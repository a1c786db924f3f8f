"""The AI layer's registry of games: each game's AI package declares what it plays and how its decisions are
reviewed in one ``GameAI`` and registers it; the layer above asks ``game_ai(game)`` and never tests a game's name.

A game's ``GameSpec.ai_module`` names its AI package; ``game_ai`` imports it on first use (an AI is loaded only
when one plays or reviews), and the package's import calls ``register``.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rules.actions import Action, RulesError
from rules.games import spec
from rules.view import GameView

Values = list[tuple[float, float]]
"""(points, win) per legal action, in ``view.legal``'s order (``rules.ai.review``)."""


@dataclass(frozen=True)
class GameAI:
    """What a game's AI package declares: its levels, its frozen yardstick, and how a decision is reviewed."""

    game: str
    """The game's name, as its ``GameSpec`` gives it."""
    choose: Callable[[str, GameView, random.Random, int], Action]
    """The action of a level (``greedy``, ``medium`` or ``hard``) in a view of this game; one of ``view.legal``."""
    yardstick: Callable[[GameView, random.Random, int], Action]
    """``hard-v1``'s action (``rules.ai.baselines``): ``hard`` as it was frozen, with its tuning written out."""
    values: Callable[[GameView, random.Random, int], Values]
    """The review's (points, win) of every legal action of a reviewable view, from that view alone."""
    why: Callable[[GameView, Action], tuple[str, dict[str, Any]]]
    """What an action does, for a hint's line: a key (``bot.names``) and its fields."""
    turn: Callable[[GameView], int]
    """The 1-based turn of a reviewed decision as the review names it (a trick, or the seat's own turn)."""
    reviewable: Callable[[GameView], bool]
    """Whether the review values this position (some phases are not reviewed)."""
    point_scale: float
    """What a review's points are divided by to be weighed against its win chance: about the points that
    decide a round."""
    min_severity: float
    """The severity from which a decision costs something real (``rules.ai.review.costliest``)."""


_GAMES: dict[str, GameAI] = {}


def register(ai: GameAI) -> GameAI:
    """Add a game's AI to the registry (its package does, once, when imported); returns it."""
    _GAMES[ai.game] = ai
    return ai


def unregister(game: str) -> None:
    """Take a game's AI out of the registry (a test's own game); nothing happens for a game not registered."""
    _GAMES.pop(game, None)


def game_ai(game: str) -> GameAI:
    """The AI of ``game``, its package imported on first use; ``RulesError`` for a game with no AI registered."""
    if game not in _GAMES:
        importlib.import_module(spec(game).ai_module)
    try:
        return _GAMES[game]
    except KeyError:
        raise RulesError(f"no AI is registered for the game {game!r}") from None


def registered() -> tuple[str, ...]:
    """The games whose AI package has been imported, in registration order."""
    return tuple(_GAMES)
