"""What one seat (or a spectator) may see of a Briscola Chiamata table."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rules.cards import Card
from rules.view import GameView


@dataclass(frozen=True)
class ChiamataView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Chiamata table."""

    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("hand", "kitty", "discards")

    auction: tuple[tuple[int, str | int | None], ...]
    """Bids in order: (seat, bid), ``None`` for a pass."""
    passed: tuple[bool, ...]
    standing_bid: str | int | None
    standing_seat: int | None
    caller: int | None
    target: int | None
    trump: str | None
    called: Card | None
    partner: int | None
    """The partner's seat once revealed (the caller's seat when alone), else ``None``."""
    i_am_partner: bool
    """True only in the partner's own view: it holds the called card."""
    kitty: tuple[Card, ...]
    """The kitty, in the caller's view only once taken."""
    discards: tuple[Card, ...]
    """The caller's discards, in the caller's view only."""
    trick: tuple[tuple[int, Card], ...]
    leader: int
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]
    tricks_won: tuple[int, ...]
    points: tuple[int, ...] | None
    """Card points each seat took in tricks, only with ``show_points`` (sides are secret)."""
    rounds_played: int
