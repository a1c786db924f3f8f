"""A tournament's standings from its results: points (a win 1, a draw ½, a loss 0, a bye a win), then the
tie-breaks: the opponents' points (the sum of the final points of everyone the entrant played, byes adding
nothing), then the game-point difference (the points the entrant's side made minus the best other side's,
summed over their tables). Equal on all three, entrants share a place and are listed by id."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

WIN, DRAW, LOSS = 1.0, 0.5, 0.0
"""Tournament points for a table's outcome; a bye scores ``WIN``."""


@dataclass(frozen=True)
class Outcome:
    """One entrant's result at one table: their tournament points for it, the entrants they played against
    (not their partners), and their side's game-point difference."""

    entrant: int
    points: float
    opponents: tuple[int, ...]
    difference: int


@dataclass(frozen=True)
class Row:
    """A line of the standings: the place (shared on equal tie-breaks), the entrant and what ranked them."""

    place: int
    entrant: int
    points: float
    opponents_points: float
    difference: int
    played: int
    byes: int


def table_outcomes(sides: Sequence[Sequence[int]], scores: Sequence[int], winners: Iterable[int]) -> list[Outcome]:
    """Each seated entrant's outcome at a finished table: ``sides`` the entrants of each side, ``scores`` each
    side's game points, ``winners`` the winning entrants (none: a draw for everybody)."""
    won = set(winners)
    out: list[Outcome] = []
    for index, side in enumerate(sides):
        others = [score for i, score in enumerate(scores) if i != index]
        difference = scores[index] - (max(others) if others else 0)
        opponents = tuple(e for i, other in enumerate(sides) if i != index for e in other)
        points = DRAW if not won else WIN if set(side) & won else LOSS
        out.extend(Outcome(entrant, points, opponents, difference) for entrant in side)
    return out


def standings(entrants: Iterable[int], outcomes: Iterable[Outcome], byes: Iterable[int] = ()) -> list[Row]:
    """The standings of ``entrants`` after the ``outcomes`` of every table so far and their ``byes`` (one item
    per bye given)."""
    ids = list(entrants)
    points = dict.fromkeys(ids, 0.0)
    played: dict[int, list[int]] = {e: [] for e in ids}
    difference = dict.fromkeys(ids, 0)
    tables = dict.fromkeys(ids, 0)
    bye_count = dict.fromkeys(ids, 0)
    for outcome in outcomes:
        points[outcome.entrant] += outcome.points
        played[outcome.entrant].extend(outcome.opponents)
        difference[outcome.entrant] += outcome.difference
        tables[outcome.entrant] += 1
    for entrant in byes:
        points[entrant] += WIN
        bye_count[entrant] += 1
    buchholz = {e: sum(points.get(o, 0.0) for o in played[e]) for e in ids}
    key = {e: (-points[e], -buchholz[e], -difference[e]) for e in ids}
    order = sorted(ids, key=lambda e: (key[e], e))
    rows: list[Row] = []
    for i, e in enumerate(order):
        place = rows[-1].place if rows and key[order[i - 1]] == key[e] else i + 1
        rows.append(Row(place, e, points[e], buchholz[e], difference[e], tables[e], bye_count[e]))
    return rows
