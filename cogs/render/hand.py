"""The hand message (ephemeral): its text, and the controls each game's render module draws under it."""

from __future__ import annotations

import logging

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, button
from cogs.render.games import render_of
from cogs.render.seats import faces, seat_label
from cogs.texts import card_name, game_name, t
from rules.actions import Action
from rules.cards import Card

log = logging.getLogger(__name__)

SELECT_MAX = 25
"""Options in one Discord select."""


def hand_text(info: TableInfo, view) -> str:
    """The hand message's text (ephemeral)."""
    lines = [t("hand.title", game=game_name(info.game), id=info.id), *render_of(info.game).hand_lines(info, view)]
    if view.match_over:
        lines.append(t("hand.over"))
    elif view.to_move == view.seat:
        lines.append(t("hand.your_turn"))
    elif view.to_move is not None:
        lines.append(t("hand.not_your_turn", name=seat_label(info, view.to_move)))
    return "\n".join(lines)


def card_buttons(info: TableInfo, view, legal: set[Action], *, row0: int = 0) -> list:
    """A button per card of the hand, enabled when playing it is legal."""
    items = []
    f = faces(info)
    for i, c in enumerate(view.hand):
        action = Action.play(c)
        items.append(button(ActButton, ids.act(info.id, info.version, action), f"{i + 1} · {card_name(c, f)}",
                            discord.ButtonStyle.primary if action in legal else discord.ButtonStyle.secondary,
                            disabled=action not in legal, row=row0 + i // 5))
    return items


def hand_view(info: TableInfo, view, pick: Card | None = None, page: int = 0) -> discord.ui.View:
    """The controls under a hand picture."""
    out = discord.ui.View(timeout=None)
    if view.match_over:
        return out
    items = render_of(info.game).hand_items(info, view, pick, page)
    for item in items[:25]:
        out.add_item(item)
    return out
