"""Briscola's part of the messages: a button per card, and the trump exchange."""

from __future__ import annotations

import logging

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, button
from cogs.render.games import GameRender, register
from cogs.render.hand import card_buttons
from cogs.render.seats import faces
from cogs.render.status import side_name
from cogs.texts import card_name, t

log = logging.getLogger(__name__)

GAME = "briscola"


def briscola_items(info: TableInfo, view) -> list:
    """A button per card (enabled on your turn) and the trump exchange when it is allowed."""
    legal = set(view.legal)
    items = card_buttons(info, view, legal)
    for a in view.legal:
        if a.kind == "exchange":
            items.append(button(ActButton, ids.act(info.id, info.version, a),
                                t("hand.exchange", card=card_name(a.card, faces(info))), row=1))
    return items


def hand_items(info: TableInfo, view, _page: int) -> list:
    """The controls under a Briscola hand."""
    return briscola_items(info, view)


def table_lines(info: TableInfo, pub) -> list[str]:
    """With partners (4 and 6 players): what the bars under the seats of the pictures mean, the colour of each
    team (``images.common.SIDE_COLOURS``: blue, then orange)."""
    sides = pub.sides
    if len(sides) != 2 or all(len(side) == 1 for side in sides):
        return []
    return [t("table.teams_mark", first=side_name(info, sides[0]), second=side_name(info, sides[1]))]


RENDER = register(GameRender(GAME, hand_items, table_lines))
