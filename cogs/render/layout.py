"""The one design of every message (Components V2): a container with an accent colour holding text, a picture
in a media gallery, and the controls in action rows.

A V2 message has no content or embeds beside its components, at most 40 components (nested ones count) and at
most 4000 characters of text; once sent as V2 it stays V2, so every message here is built by ``card``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

import discord
from discord.ui import ActionRow, Container, Item, LayoutView, MediaGallery, Separator, TextDisplay

log = logging.getLogger(__name__)

TEXT_MAX = 4000
"""Characters of text in one V2 message (over all its text displays)."""
COMPONENTS_MAX = 40
"""Components in one V2 message, nested ones included."""
ROW_WIDTH = 5
"""Buttons in one action row (a select fills a row)."""

TABLE = discord.Colour.dark_green()
"""The accent of the table, lobby and hand messages."""
NOTICE = discord.Colour.blurple()
"""The accent of short answers and command results."""
WARNING = discord.Colour.orange()
"""The accent of a refused click."""
DONE = discord.Colour.dark_grey()
"""The accent of a message that is no longer in use (a closed lobby, a stopped or moved table)."""
GOLD = discord.Colour.gold()
"""The accent of summaries and the leaderboard."""

Part = str | Item[Any] | None
"""What ``card`` lays out: a text (a text display; empty texts are left out), any V2 item, or nothing."""


def gallery(filename: str, description: str | None = None) -> MediaGallery[Any]:
    """A picture attached to the same message, shown full width."""
    return MediaGallery(discord.MediaGalleryItem(f"attachment://{filename}", description=description))


def separator() -> Separator[Any]:
    """A thin line between parts."""
    return Separator()


def rows(items: Iterable[Item[Any]]) -> list[ActionRow[Any]]:
    """The controls in action rows: an item's ``row`` chooses its row (rows in order), items without one fill
    the rows after; a row holds five buttons or one select."""
    by_row: dict[int, list[Item[Any]]] = {}
    loose: list[Item[Any]] = []
    for item in items:
        row = item.row
        (by_row.setdefault(row, []) if row is not None else loose).append(item)
    out: list[ActionRow[Any]] = []
    for group in [by_row[k] for k in sorted(by_row)] + ([loose] if loose else []):
        current: ActionRow[Any] | None = None
        used = 0
        for item in group:
            width = item.width
            if current is None or used + width > ROW_WIDTH:
                current = ActionRow()
                out.append(current)
                used = 0
            item.row = None  # rows belong to V1 views; here the action row places the item
            current.add_item(item)
            used += width
    return out


def selects_first(action_rows: Sequence[ActionRow[Any]]) -> tuple[list[ActionRow[Any]], list[ActionRow[Any]]]:
    """The rows holding a select, and the other rows, each in their order.

    A message puts the first part above its text and picture: SimCord's browser preview (the demo, 3.2.1)
    draws every message anew when a select is opened, and while the message holding the select is drawn
    again, its body is briefly missing; a channel scrolled to its end is then pulled up by that body's height,
    and the menu closes when its select ends up below the window. A select at the top of its message stays
    on screen, its menu opens, and its choice is taken by a click."""
    def holds_select(row: ActionRow[Any]) -> bool:  # a dynamic item holds its select in ``item``
        return any(isinstance(getattr(item, "item", item), discord.ui.Select) for item in row.children)

    return [r for r in action_rows if holds_select(r)], [r for r in action_rows if not holds_select(r)]


def card(*parts: Part | Sequence[Part], accent: discord.Colour | None = TABLE) -> LayoutView:
    """A V2 message: one container (with its accent colour) of the parts in order. Texts are cut so that the
    message keeps under Discord's 4000 characters."""
    view = LayoutView(timeout=None)
    container: Container[Any] = Container(accent_colour=accent)
    left = TEXT_MAX
    flat: list[Part] = []
    for part in parts:
        if part is None or isinstance(part, (str, Item)):
            flat.append(part)
        else:
            flat.extend(part)
    for part in flat:
        if part is None:
            continue
        if isinstance(part, str):
            text = part.strip()
            if not text or left <= 0:
                continue
            text = text[:left]
            left -= len(text)
            container.add_item(TextDisplay(text))
        else:
            container.add_item(part)
    view.add_item(container)
    return view


def notice(text: str, *controls: Item[Any], accent: discord.Colour | None = NOTICE) -> LayoutView:
    """A short message (an answer, a refusal, a command's result), with optional controls under it."""
    return card(text, rows(controls), accent=accent)


def texts(view: LayoutView) -> str:
    """Every text of a layout, in order (for logs and tests of pure functions)."""
    return "\n".join(item.content for item in view.walk_children() if isinstance(item, TextDisplay))
