"""The public table message (Components V2): the game and round, the state of the table as text (from the
table's info and public view only), the picture of the cards, whose turn it is and the My hand button."""

from __future__ import annotations

import datetime
import logging
from collections.abc import Mapping, Sequence
from typing import TypeAlias

import discord
from discord.ui import LayoutView

from bot.tables import TableInfo
from cogs import ids
from cogs.components import HandButton, RematchButton, ReplayButton, ReviewButton, button
from cogs.render import layout
from cogs.render.games import render_of
from cogs.render.pictures import SUMMARY_FILE, TABLE_FILE
from cogs.render.seats import human_at, seat_label
from cogs.render.status import status_lines
from cogs.texts import game_name, t
from rules.view import GameView

log = logging.getLogger(__name__)

NO_MENTIONS = discord.AllowedMentions.none()

MatchResult: TypeAlias = Mapping[str, Sequence[int]]
"""A finished match's result as the service stores it: ``game_points`` per seat and the ``winners``' seats."""


def result_text(info: TableInfo, result: MatchResult | None) -> str:
    """``Winners: ...`` or ``A draw.``"""
    winners = (result or {}).get("winners") or []
    if not winners:
        return t("table.result_draw")
    return t("table.result_winners", names=", ".join(seat_label(info, s) for s in winners))


def turn_line(info: TableInfo, pub: GameView) -> str:
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


def round_index(pub: GameView) -> int:
    """The 0-based index of a view's round."""
    return pub.round_number - 1


def head_text(info: TableInfo, pub: GameView) -> str:
    """The title line: the game, the table, the round of a match."""
    rnd = round_index(pub)
    return "### " + t("table.head", game=game_name(info.game), id=info.id,
                      round=t("table.round", n=rnd + 1) if info.options.get("match", "single") != "single" else "")


def state_text(info: TableInfo, pub: GameView) -> str:
    """The state of the table (trump, stock, points, last trick, auction, bonuses...), one fact a line."""
    return "\n".join(x for x in [*render_of(info.game).table_lines(info, pub), *status_lines(info, pub)] if x)


def table_text(info: TableInfo, pub: GameView, notes: Sequence[str] = (), result: MatchResult | None = None,
               over: bool = False) -> str:
    """Every text of the table message, in order (the parts ``table_message`` lays out)."""
    return "\n".join(x for x in (head_text(info, pub), state_text(info, pub), "\n".join(notes),
                                 foot_text(info, pub, result, over)) if x)


def foot_text(info: TableInfo, pub: GameView, result: MatchResult | None = None, over: bool = False) -> str:
    """The last line: whose turn and the timer, or how the game ended."""
    if over:
        return t("table.over", result=result_text(info, result))
    return turn_line(info, pub)


def table_message(info: TableInfo, pub: GameView, notes: Sequence[str] = (), result: MatchResult | None = None,
                  over: bool = False, *, extra: Sequence[str] = ()) -> LayoutView:
    """The table message: head, state, the picture (``table.png``, attached by the caller), notes, whose turn,
    and the My hand button (none once the game is over). ``extra``: lines for the players under the notes."""
    notes_text = "\n".join([*notes, *extra])
    controls = [] if over else layout.rows([hand_button(info.id)])
    foot = foot_text(info, pub, result, over)
    if not over:
        foot += "\n" + updated_line()
    return layout.card(head_text(info, pub), state_text(info, pub), layout.gallery(TABLE_FILE),
                       notes_text, foot, controls,
                       accent=layout.DONE if over else layout.TABLE)


def updated_line(when: datetime.datetime | None = None) -> str:
    """``Updated 2 minutes ago.``: a Discord timestamp that counts by itself in every reader's client, so that
    onlookers see how old the table is (it is edited at once for what all must see, else about every 90 s)."""
    return "-# " + t("table.updated", when=discord.utils.format_dt(when or discord.utils.utcnow(), "R"))


def hand_button(table_id: int) -> HandButton:
    """The My hand button of a table."""
    return button(HandButton, ids.hand(table_id), t("table.my_hand"), discord.ButtonStyle.primary)


def table_mentions(info: TableInfo) -> discord.AllowedMentions:
    """Only the person whose turn it is may be pinged."""
    seat = info.to_move
    user = human_at(info, seat) if seat is not None else None
    if user is None:
        return NO_MENTIONS
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user)])


def table_view(table_id: int) -> LayoutView:
    """A table's My hand button alone (a V2 message of its own)."""
    return layout.card(layout.rows([hand_button(table_id)]))


def stopped_message(text: str) -> LayoutView:
    """A table or lobby message that is no longer in use: its text, no controls."""
    return layout.card(text, accent=layout.DONE)


def rematch_button(game_id: int) -> RematchButton:
    """The Rematch button under a match summary."""
    return button(RematchButton, ids.rematch(game_id), t("table.rematch"), discord.ButtonStyle.success)


def rematch_view(game_id: int) -> LayoutView:
    """The Rematch button alone (a V2 message of its own)."""
    return layout.card(layout.rows([rematch_button(game_id)]))


def after_game_buttons(game_id: int) -> list[RematchButton | ReviewButton | ReplayButton]:
    """Under a match summary: Rematch, Review (each player's own, ephemeral) and Replay."""
    return [rematch_button(game_id),
            button(ReviewButton, ids.review(game_id), t("table.review"), discord.ButtonStyle.primary),
            button(ReplayButton, ids.replay(game_id), t("table.replay"))]


def summary_message(text: str, game_id: int | None = None) -> LayoutView:
    """A round or match summary: its text, the summary picture (``summary.png``), and at the end of the match
    Rematch, Review and Replay."""
    controls = layout.rows(after_game_buttons(game_id)) if game_id is not None else []
    return layout.card(text, layout.gallery(SUMMARY_FILE), controls, accent=layout.GOLD)


def result_lines(info: TableInfo, pub: GameView) -> list[str]:
    """What the last finished round scored, as text: the card points (per side, or per seat when the sides
    change each round) or Cicera's score per team, the game's own summary lines (its render's
    ``summary_lines``), and the match score."""
    from cogs.render.status import score_line, side_name

    last = pub.last_result or {}
    lines = []
    sides = pub.sides
    fixed = len(sides) < pub.players
    if last.get("card_points"):
        points = last["card_points"]
        if fixed:
            parts = [f"{side_name(info, side)} **{sum(points[s] for s in side)}**" for side in sides]
        else:
            parts = [f"{seat_label(info, s)} **{p}**" for s, p in enumerate(points)]
        lines.append(t("summary.card_points", points=" · ".join(parts)))
    if last.get("score"):
        lines.append(t("summary.score", score=" · ".join(
            f"{side_name(info, side)} **{n}**" for side, n in zip(sides, last["score"], strict=False))))
    if last:
        lines += render_of(info.game).summary_lines(info, pub)
    score = score_line(info, pub)
    if score:
        lines.append(score)
    return lines
