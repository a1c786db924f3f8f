"""The base of every game's view: the names that mean the same thing in every game.

A view is what one seat (or, with ``seat=None``, any spectator) may see. Each engine's view subclasses
``GameView`` and adds its own facts (a trick, an auction, the table of Cicera); the layers above read the
shared names here instead of asking which game a view belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from rules.actions import Action
from rules.cards import Card

Sides = tuple[tuple[int, ...], ...]
"""Seats grouped by side: ``((0, 2), (1, 3))``; a seat alone is a side of one."""


@dataclass(frozen=True, kw_only=True)
class GameView:
    """What every game's view holds, under one name each."""

    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("hand",)
    """Fields that hold what only this seat may see; all of them are empty in the public view. Other seats'
    cards that the table's rules show (Briscola's ``open`` and ``partner_hand``) are in ``shown_hands``."""

    game: str
    """The game's registered name."""
    players: int
    seat: int | None
    """The seat this view belongs to; ``None`` for the public view."""
    options: Mapping[str, Any]
    dealer: int
    to_move: int | None
    """Whose turn it is; ``None`` once the round (or the match) is over."""
    legal: tuple[Action, ...]
    """This seat's legal actions when it is to move; else empty."""
    hand: tuple[Card, ...]
    """The seat's own hand (empty in the public view)."""
    hand_sizes: tuple[int, ...]
    phase: str
    """What the round is doing: ``play`` (Chiamata also ``auction``, ``trump``, ``discard``, ``call``), ``over``."""
    round_number: int
    """1 for the first round (deal) of the match."""
    totals: tuple[int, ...]
    """Match game points per seat so far (a seat of a team holds its side's total)."""
    sides: Sides
    """The game's fixed sides for this player count (each seat alone when sides change per round)."""
    last_result: Mapping[str, Any] | None = None
    """The result of the most recently finished round of the match, if any."""
    match_over: bool = False
    winners: tuple[int, ...] = ()
    """The seats of the winning side once the match is over (empty on a draw or before the end)."""
    tricks_done: int = 0
    """Complete turns around the table in this round: tricks taken (Cicera: every seat played once more)."""

    @property
    def round(self) -> int:
        """The round's index, 0 for the first (``round_number - 1``; Chiamata's passed-out rounds count)."""
        return self.round_number - 1

    @property
    def game_points(self) -> tuple[int, ...]:
        """Match game points per seat (the same as ``totals``)."""
        return self.totals

    def shown_hands(self) -> Mapping[int, tuple[Card, ...]]:
        """Other seats' hands this view may see by the table's rules, by seat (usually none)."""
        return {}

    def announced(self) -> frozenset[Card]:
        """Cards still in some hand that every seat knows the holder of by the game's rules (Tressette's drawn
        and declared cards); none by default. A privacy check allows a view to tell these."""
        return frozenset()

    @property
    def side_totals(self) -> tuple[int, ...]:
        """Match game points per side (empty when the view holds no totals)."""
        if not self.totals:
            return ()
        return tuple(self.totals[side[0]] for side in self.sides)

    @property
    def side_of_seat(self) -> int | None:
        """The index in ``sides`` of this view's seat; ``None`` for the public view."""
        if self.seat is None:
            return None
        return next(i for i, side in enumerate(self.sides) if self.seat in side)

    @property
    def finished_rounds(self) -> int:
        """Rounds of the match already scored (the current one once the match is over)."""
        return self.round_number if self.match_over else self.round_number - 1
