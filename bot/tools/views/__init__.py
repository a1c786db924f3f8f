"""The terminal's text of a seat's view: the common lines here, each game's own in ``bot.tools.views.<game>``."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Any

from bot.i18n import _
from rules.games import spec

Namer = Callable[[int | None], str]
"""A seat's name (``?`` for no seat)."""


def cards_text(cards: Iterable[Any]) -> str:
    """Cards as their text forms, ``-`` for none."""
    return " ".join(str(c) for c in cards) or "-"


def render_view(view: Any, names: list[str]) -> list[str]:
    """The lines showing a seat's view: the game's own lines (trump, auction, table...), the trick, your hand."""
    def name(s: int | None) -> str:
        return names[s] if s is not None and 0 <= s < len(names) else "?"

    game_lines: Callable[[Any, Namer], list[str]] = importlib.import_module(f"{__name__}.{view.game}").lines
    lines = ["", *game_lines(view, name)]
    if spec(view.game).has_tricks:
        trick = view.trick  # every game with tricks shows the one on the table
        played = ", ".join(f"{name(s)} {c}" for s, c in trick) if trick else _("nothing yet")
        lines.append(_("On the table: {played}").format(played=played))
    lines.append(_("Your hand: {cards}").format(cards=cards_text(view.hand)))
    lines.append(_("Your move:"))
    return lines
