"""Scopa's and Scopone's own events (a play that may capture and score a scopa, a new hand from the stock, the
end of a round with the cards left on the table) and a round's result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.events import Event
from rules.results import RoundResult

__all__ = ["CaptureEvent", "HandsDealt", "RoundEnd", "ScopaResult"]


@dataclass(frozen=True)
class CaptureEvent(Event):
    """A seat played a card and took ``take`` (nothing: the card was placed); ``scopa`` when it swept the
    table and scored."""

    KIND = "play"
    seat: int
    side: int
    card: str
    take: tuple[str, ...]
    scopa: bool


@dataclass(frozen=True)
class HandsDealt(Event):
    """Every hand was empty: the stock dealt ``cards`` more to each player; ``stock`` cards are left."""

    KIND = "hands_dealt"
    cards: int
    stock: int


@dataclass(frozen=True)
class RoundEnd(Event):
    """The round ended: the cards left on the table go to the side of the last capture (``None``: nobody's)."""

    KIND = "deal_end"
    leftover_to: int | None
    leftover: tuple[str, ...]
    unclaimed: tuple[str, ...]


@dataclass(frozen=True)
class ScopaResult(RoundResult):
    """A scored round: ``score`` per side, ``game_points`` per seat (its side's score), no card points, each
    side's ``breakdown`` (scope, cards, denari, settebello, primiera, napola), its ``counts`` (cards, Denari,
    scope, primiera value), the four cards of each side's primiera (empty: a suit is missing), the side the
    leftover went to (``None``: nobody's) and the cards left unclaimed."""

    score: tuple[int, ...]
    game_points: tuple[int, ...]
    card_points: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    counts: tuple[Mapping[str, int], ...]
    primiera_cards: tuple[tuple[str, ...], ...]
    leftover_to: int | None
    unclaimed: tuple[str, ...]
