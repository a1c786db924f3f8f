"""Briscola's facts as data: player counts, hand size, table options and match targets, the decks, the
sides, and the ranks of the trump exchange and of a conquest."""

from __future__ import annotations

import functools

from rules.cards import Card, deck_36, deck_39, deck_40
from rules.options import HINTS, TEAM_CHAT, TURN_TIMER, OptionSpec

PLAYER_COUNTS = (2, 3, 4, 6)
HAND_SIZE = 3
ON_OFF = ("off", "on")

OPTIONS: dict[str, OptionSpec] = {
    s.name: s
    for s in (
        OptionSpec("match", ("single", "short", "long")),
        OptionSpec(
            "teams",
            ("random",),
            players=(4, 6),
            values_by_players={4: ("random", "12-34", "13-24", "14-23"), 6: ("random", "135-246")},
        ),
        OptionSpec("faces", ("italian", "french")),
        OptionSpec("show_points", ON_OFF),
        OptionSpec("open", ON_OFF),
        OptionSpec("trump_exchange", ON_OFF),
        OptionSpec("high_score_bonus", ON_OFF),
        OptionSpec("conquest", ON_OFF),
        OptionSpec("autoplay_last", ("on", "off")),
        OptionSpec("team_chat", TEAM_CHAT, players=(4, 6)),
        OptionSpec("partner_hand", ("on", "off"), players=(4, 6)),
        TURN_TIMER,
        HINTS,
    )
}

MATCH_TARGET = {"single": 1, "short": 3, "long": 5}
"""Game points a side needs to win the match."""


def deck_for(players: int) -> list[Card]:
    """The deck for a player count: 40 cards, 39 without the 2c for 3 players, 36 without the 2s for 6."""
    return deck_39() if players == 3 else deck_36() if players == 6 else deck_40()


@functools.cache
def draws_for(players: int) -> int:
    """How many times each seat draws in a round of ``players`` (the tricks with a draw after them)."""
    return (len(deck_for(players)) - HAND_SIZE * players) // players


def sides_for(players: int) -> tuple[tuple[int, ...], ...]:
    """The sides: each seat alone for 2 and 3 players, partners sitting opposite for 4 and 6."""
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        return ((0, 2, 4), (1, 3, 5))
    return tuple((s,) for s in range(players))


# rank indices of the exchange cards (see rules.cards.RANKS = "A23456789XFCR")
SEVEN, TWO = 6, 1
SEVEN_TAKES = {0, 2, 10, 11, 12}  # A, 3, F, C, R
TWO_TAKES = {3, 4, 5, 6}  # 4, 5, 6, 7
CONQUEST_RANKS = (0, 2, 12)  # A, 3, R

