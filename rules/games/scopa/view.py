"""What one seat (or a spectator) may see of a Scopa or Scopone table, and the last capture."""

from __future__ import annotations

from dataclasses import dataclass

from rules.cards import Card
from rules.view import GameView


@dataclass(frozen=True)
class CaptureInfo:
    """One capture: who played which card, what it took, whether it was a scopa."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    scopa: bool


@dataclass(frozen=True)
class ScopaView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Scopa or Scopone game."""

    table: tuple[Card, ...]
    """Table cards in the order they came to the table."""
    stock_size: int
    """Cards still to be dealt."""
    pile_sizes: tuple[int, ...]
    """Cards captured per side (with the leftover once the round is over)."""
    pile_denari: tuple[int, ...]
    """Denari captured per side."""
    scope: tuple[int, ...]
    """Scope scored per side in this round."""
    settebello: int | None
    """The side that captured the 7 di Denari, ``None`` while nobody has."""
    last_capture: CaptureInfo | None
    history: tuple[tuple[int, Card, tuple[Card, ...]], ...]
    """Plays of this round in order: (seat, card, take); ``take == ()`` means placed."""

    @property
    def team(self) -> int | None:
        """The seat's side, ``None`` for the public view."""
        return self.side_of_seat
