"""Briscola's own events (the trump exchange, the draw after a trick, a conquest) and its round result."""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Event
from rules.results import RoundResult, omitted_when_none

__all__ = ["BriscolaResult", "Conquest", "Draw", "Exchange"]


@dataclass(frozen=True)
class Exchange(Event):
    """A seat exchanged a card of its hand for the face-up briscola."""

    KIND = "exchange"
    seat: int
    gave: str
    took: str


@dataclass(frozen=True)
class Draw(Event):
    """After a trick every seat drew, its taker first; ``briscola_drawn`` once the face-up card is taken."""

    KIND = "draw"
    first: int
    stock_left: int
    briscola_drawn: bool


@dataclass(frozen=True)
class Conquest(Event):
    """A seat holds the ace, three and king of trumps (the conquest option): it wins the round at once."""

    KIND = "conquest"
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class BriscolaResult(RoundResult):
    """A scored Briscola round: card points per seat and per side, game points per seat, the winning seats
    (none on a draw), and the seat of a conquest when the round ended by one."""

    card_points: tuple[int, ...]
    side_points: tuple[int, ...]
    game_points: tuple[int, ...]
    winners: tuple[int, ...]
    conquest: int | None = omitted_when_none()
