"""The checks of a click on a table's controls: the table is open and in this channel, the user is seated, it is
their turn, the card is still in their hand, and the controls are current. Each check refuses with a
``TableError`` whose text is the short answer; the components run them in their ``interaction_check``."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from bot.tables import NotSeated, TableError, TableInfo, TableService, UnknownTable, WrongPhase
from cogs import render
from cogs.texts import card_name, t
from cogs.types import Interaction
from rules.actions import Action
from rules.cards import Card

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Seated:
    """A click that passed the checks: the table as it was then and the clicking user's seat."""

    info: TableInfo
    seat: int


@dataclass(frozen=True)
class Move:
    """An action click that passed the checks: the table, the seat, and the action it takes."""

    info: TableInfo
    seat: int
    action: Action


def table_here(service: TableService, interaction: Interaction, table_id: int) -> TableInfo:
    """The table a click names; refused when it is closed, or when the click was made in another guild or
    channel than the table's (a forged or copied ``custom_id``: it must change nothing there)."""
    try:
        info = service.get(table_id)
    except UnknownTable:
        raise TableError(t("click.no_table")) from None
    if interaction.guild_id != info.guild_id or interaction.channel_id != info.channel_id:
        log.info("table %d: a click from guild %s, channel %s refused (the table is in guild %d, channel %d)",
                 table_id, interaction.guild_id, interaction.channel_id, info.guild_id, info.channel_id)
        raise TableError(t("click.elsewhere"))
    return info


def seated(service: TableService, interaction: Interaction, table_id: int) -> Seated:
    """The table and the clicking user's seat, or the reason the click is refused."""
    info = table_here(service, interaction, table_id)
    user_id = interaction.user.id
    seat = next((i for i, s in enumerate(info.seats) if s.user_id == user_id and s.away != "left"), None)
    if seat is None:
        raise NotSeated()
    if info.status != "playing":
        raise WrongPhase(t("click.not_started"))
    if info.to_move is None:
        raise WrongPhase(t("click.over"))
    return Seated(info, seat)


def their_turn(service: TableService, at: Seated, version: int, card: Card | None) -> None:
    """Refuse a click that is not the user's to make now, with the most useful reason."""
    info, seat = at.info, at.seat
    if info.seats[seat].away is not None:
        raise TableError(t("click.ai_plays"))
    to_move = info.to_move
    if to_move != seat:
        name = render.seat_label(info, to_move) if to_move is not None else ""
        raise TableError(t("click.not_your_turn", name=name))
    if card is not None and card not in service.view(info.id, info.seats[seat].user_id).hand:
        raise TableError(t("click.card_gone", card=card_name(card, render.faces(info))))
    if version != info.version:
        raise TableError(t("click.stale"))
