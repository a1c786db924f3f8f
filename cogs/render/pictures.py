"""The pictures of the messages (pure functions, run in the render threads): table, hand, summary; their labels
in the language of the context (the table's for public pictures, the member's for a hand)."""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence

import discord

from bot.i18n import label_translator
from images.common import SeatInfo, set_translator
from images.hand import hand_png
from images.summary import summary_png
from images.table import table_png
from rules import games
from rules.view import GameView

log = logging.getLogger(__name__)

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
SUMMARY_FILE = "summary.png"

set_translator(label_translator)  # the pictures' labels in the language of the context they are drawn in


def table_picture(public_view: GameView, seats: Sequence[SeatInfo]) -> discord.File:
    """The public table picture; ``public_view`` must be ``service.view(table_id)`` (no seat)."""
    return discord.File(io.BytesIO(table_png(public_view, seats)), filename=TABLE_FILE)


def hand_picture(view: GameView, seats: Sequence[SeatInfo]) -> discord.File:
    """A seat's hand picture (ephemeral messages only)."""
    return discord.File(io.BytesIO(hand_png(view, seats)), filename=HAND_FILE)


def summary_picture(public_view: GameView, seats: Sequence[SeatInfo]) -> discord.File:
    """The summary of the last finished round (and of the match once over), from the public view."""
    return discord.File(io.BytesIO(summary_png(public_view, seats)), filename=SUMMARY_FILE)


def warm_up() -> None:
    """Draw a table and a hand once, so that the fonts and card sprites are loaded before a player waits."""
    game = games.spec(games.DEFAULT_GAME)
    players = game.player_counts[0]
    match = game.new_match(players, {}, 1)
    seats = [SeatInfo(f"p{n + 1}") for n in range(players)]
    table_picture(match.view(None), seats)
    hand_picture(match.view(0), seats)
