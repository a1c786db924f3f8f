"""Cicera's own events (a play that may capture, the end of a deal with the cards left on the table) and its
deal's result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.events import Event
from rules.results import RoundResult

__all__ = ["CaptureEvent", "CiceraResult", "DealEnd"]


@dataclass(frozen=True)
class CaptureEvent(Event):
    """A seat played a card and took ``take`` from the table (nothing: the card was placed), with the capture
    bonuses it scored for ``team``."""

    KIND = "play"
    seat: int
    team: int
    card: str
    take: tuple[str, ...]
    bonuses: tuple[str, ...]


@dataclass(frozen=True)
class DealEnd(Event):
    """The deal ended: the cards left on the table go to the team of the last capture (``None``: nobody's)."""

    KIND = "deal_end"
    leftover_to: int | None
    leftover: tuple[str, ...]
    unclaimed: tuple[str, ...]


@dataclass(frozen=True)
class CiceraResult(RoundResult):
    """A scored deal: ``score`` per team (bonuses and awards), ``game_points`` per seat (its team's score),
    no card points, each team's ``breakdown`` by bonus and award, its ``counts`` of cards and swords, the
    team the leftover went to (``None``: nobody's), and the cards left unclaimed."""

    score: tuple[int, ...]
    game_points: tuple[int, ...]
    card_points: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    counts: tuple[Mapping[str, int], ...]
    leftover_to: int | None
    unclaimed: tuple[str, ...]
