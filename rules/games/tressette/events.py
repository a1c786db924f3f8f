"""Tressette's own events (a play that may carry a signal, the draw after a trick with both drawn cards shown,
a declaration at the round's start) and its round result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.events import Event
from rules.results import RoundResult

__all__ = ["Declared", "Drawn", "TressettePlay", "TressetteResult"]


@dataclass(frozen=True)
class TressettePlay(Event):
    """A seat played a card; a leader's ``signal`` (``busso``, ``striscio``, ``volo``) is public, else ``None``."""

    KIND = "play"
    seat: int
    card: str
    signal: str | None


@dataclass(frozen=True)
class Drawn(Event):
    """Two players, after a trick: the taker drew ``card`` and the other seat ``other_card``, both shown to both
    players; ``stock_left`` cards are left to draw."""

    KIND = "draw"
    seat: int
    card: str
    other: int
    other_card: str
    stock_left: int


@dataclass(frozen=True)
class Declared(Event):
    """A declaration (accuso) announced at the round's start: its seat, ``declaration`` (``napoletana`` or
    ``buongioco``), the cards it names (every seat knows them from then on) and its points for the seat's side."""

    KIND = "declaration"
    seat: int
    declaration: str
    cards: tuple[str, ...]
    points: int


@dataclass(frozen=True)
class TressetteResult(RoundResult):
    """A scored round: ``score`` per side (its thirds divided by 3 and rounded down, plus its declarations),
    ``game_points`` per seat (its side's score), ``card_points`` per seat (the thirds it took, the last trick's
    included), each side's ``breakdown`` (``thirds``, ``last_trick`` in thirds, ``points`` from the thirds,
    ``accusi``), the seat that took the last trick and the declarations (seat, kind, cards, points)."""

    score: tuple[int, ...]
    game_points: tuple[int, ...]
    card_points: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    last_trick: int
    declarations: tuple[Mapping[str, object], ...]
