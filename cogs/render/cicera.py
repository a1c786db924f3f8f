"""Cicera's part of the messages: a button per card, then the chosen card's captures, Place and Back."""

from __future__ import annotations

import logging

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, ActSelect, BackButton, PickButton, button, select
from cogs.render.games import GameRender, register
from cogs.render.hand import SELECT_MAX, hand_text
from cogs.render.seats import faces
from cogs.texts import card_name, t
from rules.actions import Action
from rules.cards import Card

log = logging.getLogger(__name__)

GAME = "cicera"


def cicera_items(info: TableInfo, view, pick: Card | None = None, page: int = 0) -> list:
    """A button per card; after a card is picked, its captures (a select, paged by 25), Place, Back."""
    mine = view.to_move == view.seat and bool(view.legal)
    f = faces(info)
    v = info.version
    if pick is None or not mine:
        return [button(PickButton, ids.pick(info.id, v, str(c)), f"{i + 1} · {card_name(c, f)}",
                       discord.ButtonStyle.primary if mine else discord.ButtonStyle.secondary,
                       disabled=not mine, row=i // 5)
                for i, c in enumerate(view.hand)]
    takes = [a for a in view.legal if a.card == pick and a.take]
    items: list = []
    pages = max(1, -(-len(takes) // SELECT_MAX))
    page = min(max(page, 0), pages - 1)
    chunk = takes[page * SELECT_MAX:(page + 1) * SELECT_MAX]
    if chunk:
        options = [discord.SelectOption(
            label=t("hand.take_option", cards=", ".join(card_name(c, f) for c in a.take))[:100],
            value=ids.action_code(a)) for a in chunk]
        items.append(select(ActSelect, ids.act_select(info.id, v, "take", str(page)), options,
                            t("hand.take_placeholder", card=card_name(pick, f), page=page + 1, pages=pages), row=0))
    items.append(button(ActButton, ids.act(info.id, v, Action.play(pick, ())), t("hand.place"),
                        discord.ButtonStyle.primary, row=1))
    items.append(button(BackButton, ids.back(info.id, v), t("hand.back"), row=1))
    if pages > 1:
        items.append(button(PickButton, ids.pick(info.id, v, str(pick), (page + 1) % pages), t("hand.more"), row=1))
    return items


def pick_text(info: TableInfo, view, pick: Card) -> str:
    """The hand message's text while a Cicera card's captures are shown."""
    f = faces(info)
    takes = [a for a in view.legal if a.card == pick and a.take]
    key = "hand.pick" if takes else "hand.no_capture"
    return hand_text(info, view) + "\n" + t(key, card=card_name(pick, f))


def hand_items(info: TableInfo, view, pick: Card | None, page: int) -> list:
    """The controls under a Cicera hand."""
    return cicera_items(info, view, pick, page)


RENDER = register(GameRender(GAME, hand_items))
