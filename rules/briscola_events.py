"""Briscola's own events: the trump exchange, the draw after a trick, and a conquest."""

from __future__ import annotations

from dataclasses import dataclass

from rules.events import Event

__all__ = ["Conquest", "Draw", "Exchange"]


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
