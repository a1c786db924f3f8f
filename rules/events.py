"""What a match tells the layers above as it is played: one typed, frozen ``Event`` per thing that happened.

``Match.apply`` returns the events an action caused, in order; each class names its kind (``KIND``, the text
front ends and logs know it by) and holds its facts as typed fields, with cards in their text form. The kinds
every game shares are here; a game's own kinds (a Briscola draw, a Chiamata bid, a Cicera capture) live in
its own modules. Events hold only what every seat may know.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

from rules.results import RoundResult, plain

__all__ = ["Event", "MatchOver", "Play", "RoundOver", "RoundStart", "TrickTaken"]


@dataclass(frozen=True)
class Event:
    """One thing that happened in a match; ``KIND`` names it."""

    KIND: ClassVar[str]

    @property
    def kind(self) -> str:
        """What happened, as text (``play``, ``trick``, ``round_over``...)."""
        return self.KIND

    def as_dict(self) -> dict[str, Any]:
        """The event as plain data: ``type`` (its kind) and each field by name, tuples as lists and a round's
        result in its record form."""
        out: dict[str, Any] = {"type": self.KIND}
        for f in fields(self):
            out[f.name] = plain(getattr(self, f.name))
        return out


@dataclass(frozen=True)
class RoundStart(Event):
    """A round was dealt: its index in the match and its dealer."""

    KIND = "round_start"
    round: int
    dealer: int


@dataclass(frozen=True)
class RoundOver(Event):
    """A round was scored: its index and its typed result (``as_dict`` gives it in record form)."""

    KIND = "round_over"
    round: int
    result: RoundResult


@dataclass(frozen=True)
class MatchOver(Event):
    """The match ended: the game points per seat and the winning seats (none on a draw)."""

    KIND = "match_over"
    game_points: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True)
class Play(Event):
    """A seat played a card to the trick."""

    KIND = "play"
    seat: int
    card: str


@dataclass(frozen=True)
class TrickTaken(Event):
    """A trick was complete: who led it, who took it, its cards in play order and their points."""

    KIND = "trick"
    winner: int
    leader: int
    cards: tuple[str, ...]
    points: int
