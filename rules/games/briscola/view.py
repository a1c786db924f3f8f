"""What one seat (or a spectator) may see of a Briscola table."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.cards import Card
from rules.view import GameView


@dataclass(frozen=True)
class BriscolaView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Briscola table."""

    visible_hands: dict[int, tuple[Card, ...]]
    """Other seats' hands this seat may see: partners once the stock is empty (``partner_hand``), all in
    ``open`` mode."""
    trick: tuple[tuple[int, Card], ...]
    leader: int
    trump: str
    briscola: Card | None
    """The face-up briscola, ``None`` once drawn."""
    face_up: Card
    """The last face-up briscola, drawn or not (every seat saw it)."""
    face_up_drawn_by: int | None
    """The seat that drew the face-up briscola with the last draw, ``None`` before."""
    stock_count: int
    """Face-down cards left in the stock."""
    next_stock: Card | None
    """The next face-down card, only in ``open`` mode."""
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]
    """Completed tricks of this round: (leader, ((seat, card), ...), winner)."""
    tricks_won: tuple[int, ...]
    points: tuple[int, ...] | None
    """Card points captured by each side, only with ``show_points`` (or ``open``)."""
    exchanges: tuple[tuple[int, Card, Card, int], ...]
    """Trump exchanges so far: (seat, card given, briscola taken, tricks played before it)."""
    can_exchange: bool
    conquest: int | None

    def shown_hands(self) -> Mapping[int, tuple[Card, ...]]:
        """Other seats' hands shown to this view by the table's rules (``visible_hands``)."""
        return self.visible_hands

