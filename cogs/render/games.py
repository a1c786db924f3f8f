"""What each game's render module adds to the common messages, registered by game name: the controls under a
hand, and the game's own lines on the table and hand messages. The common modules ask ``render_of(game)``
instead of testing a game's name."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.tables import TableInfo

log = logging.getLogger(__name__)


def _no_lines(_info: TableInfo, _view: Any) -> list[str]:
    return []


@dataclass(frozen=True)
class GameRender:
    """One game's part of the messages."""

    game: str
    """The game's registered name (``rules.games``)."""
    hand_items: Callable[[TableInfo, Any, int], list[Any]]
    """The controls under a hand: ``(info, view, page)`` → buttons and selects, each with its ``row`` (the page
    of a long select: Cicera's captures)."""
    table_lines: Callable[[TableInfo, Any], list[str]] = _no_lines
    """Lines of the public table message after its head, from the public view (Chiamata: the auction)."""
    hand_lines: Callable[[TableInfo, Any], list[str]] = _no_lines
    """Lines of a hand message after its title, from the seat's view (Chiamata: you are the partner)."""


RENDERS: dict[str, GameRender] = {}


def register(render: GameRender) -> GameRender:
    """Add a game's render part (once per game)."""
    if render.game in RENDERS:
        raise ValueError(f"the render of {render.game!r} is registered already")
    RENDERS[render.game] = render
    return render


def render_of(game: str) -> GameRender:
    """The render part of a game (``KeyError`` for a game without one)."""
    return RENDERS[game]
