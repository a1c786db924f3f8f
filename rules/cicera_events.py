"""Cicera's own events: a play that may capture, and the end of a deal with the cards left on the table."""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Event

__all__ = ["CaptureEvent", "DealEnd"]


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
