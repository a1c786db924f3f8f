"""The public table message: its text (from the table's info and public view only), mentions and buttons."""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import HandButton, RematchButton, button
from cogs.render.games import render_of
from cogs.render.seats import human_at, seat_label
from cogs.texts import game_name, t

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()


def result_text(info: TableInfo, result: dict | None) -> str:
    """``Winners: ...`` or ``A draw.``"""
    winners = (result or {}).get("winners") or []
    if not winners:
        return t("table.result_draw")
    return t("table.result_winners", names=", ".join(seat_label(info, s) for s in winners))


def turn_line(info: TableInfo, pub) -> str:
    """Whose turn it is; a mention only when a person must act."""
    seat = info.to_move
    if seat is None:
        return ""
    user = human_at(info, seat)
    if user is None:
        return t("table.ai_turn", name=seat_label(info, seat))
    mention = f"<@{user}>"
    phase = pub.phase
    if phase == "auction":
        line = t("table.your_bid", mention=mention)
    elif phase in ("trump", "discard", "call"):
        line = t("table.caller_turn", mention=mention, what=t(f"table.caller_{phase}"))
    else:
        line = t("table.your_turn", mention=mention)
    if info.deadline_at:
        line += " " + t("table.deadline", when=f"<t:{int(info.deadline_at)}:R>")
    return line


def round_index(pub) -> int:
    """The 0-based index of a view's round."""
    return pub.round_number - 1


def table_text(info: TableInfo, pub, notes: Sequence[str] = (), result: dict | None = None,
               over: bool = False) -> str:
    """The public table message's text, from the table's info and its public view only."""
    rnd = round_index(pub)
    head = t("table.head", game=game_name(info.game), id=info.id,
             round=t("table.round", n=rnd + 1) if info.options.get("match", "single") != "single" else "")
    lines = [head, *render_of(info.game).table_lines(info, pub)]
    lines.extend(notes)
    if over:
        lines.append(t("table.over", result=result_text(info, result)))
    else:
        lines.append(turn_line(info, pub))
    return "\n".join(x for x in lines if x)[:2000]


def table_mentions(info: TableInfo) -> discord.AllowedMentions:
    """Only the person whose turn it is may be pinged."""
    seat = info.to_move
    user = human_at(info, seat) if seat is not None else None
    if user is None:
        return NO_MENTIONS
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user)])


def table_view(table_id: int) -> discord.ui.View:
    """The table message's My hand button."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(HandButton, ids.hand(table_id), t("table.my_hand"), discord.ButtonStyle.primary))
    return view


def rematch_view(game_id: int) -> discord.ui.View:
    """The Rematch button under a match summary."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(RematchButton, ids.rematch(game_id), t("table.rematch"), discord.ButtonStyle.success))
    return view
