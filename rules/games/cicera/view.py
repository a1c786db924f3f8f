"""What one seat (or a spectator) may see of a Cicera table, and what it knows of the last capture."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.cards import Card
from rules.games.cicera.rules import History
from rules.view import GameView


@dataclass(frozen=True)
class CaptureInfo:
    """One capture: who played which card, what it took, which bonuses it scored."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    bonuses: tuple[str, ...]


@dataclass(frozen=True)
class CiceraView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Cicera game."""

    table: tuple[Card, ...]
    """Table cards in the order they came to the table."""
    pile_sizes: tuple[int, int]
    """Cards captured per team (including leftovers once the deal is over)."""
    pile_swords: tuple[int, int]
    bonus_points: tuple[int, int]
    """Capture bonus points per team so far in this deal."""
    bonus_counts: tuple[Mapping[str, int], Mapping[str, int]]
    last_capture: CaptureInfo | None
    last_placement: tuple[int, Card] | None
    """(seat, card) when the previous play placed a card: the card a Picada can take now; else ``None``."""
    history: History
    """Plays of this deal in order: (seat, card, take); ``take == ()`` means placed."""

    @property
    def team(self) -> int | None:
        """The seat's team (0 or 1), ``None`` for the public view."""
        return None if self.seat is None else self.seat % 2
