"""A tournament round's tables: Swiss pairing in groups of a table's size, and knockout brackets.

Pure functions over the entrants' standing (no I/O, no Discord): the same entrants, points, ratings and
history give the same tables, so a round can be paired again after a restart and checked by a test.

Swiss: entrants ranked by tournament points, then rating (then their id, so equal entrants are ordered the
same way every time), are seated top-down in groups of the table's size, each group as close in rank as it can
be without two entrants who already shared a table. A depth-first search finds groups with no repeated meeting
when there are any; on a large field it gives up after a fixed number of steps and seats each group with the
next entrants its best-placed one has not met, then swaps entrants between groups while that lowers the
repeats. With byes, the entrants left over by the table size sit
out and score a win: the lowest-placed who have had the fewest byes, so byes rotate. With AI seats, nobody sits
out: the last table takes the lowest-placed entrants and AI players fill it.

In a team game a group is split into sides balanced by rating (the smallest difference between the sides'
rating totals), the strongest entrant on the first side; the tournament stays individual.

Knockout: a bracket the size of the next power of two, seeded by rating in the usual order (1 meets the last
seed, 2 the second last, and 1 and 2 can only meet in the final); the missing entrants are byes, given to the
top seeds. Knockout is for tables of two seats: each table has one winner to go on.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

SEARCH_STEPS = 20_000
"""The depth-first search's budget of groups tried; past it, the greedy fallback seats the rest."""


@dataclass(frozen=True)
class Entrant:
    """An entrant's standing before a round: tournament points, rating, who they sat with, their byes."""

    id: int
    points: float = 0.0
    rating: float = 0.0
    met: frozenset[int] = field(default_factory=frozenset)
    byes: int = 0


@dataclass(frozen=True)
class Round:
    """A round's pairing: each table's entrants in seat order (with ``ai_seats`` AI players after them at the
    last table when the round fills with AI), and the entrants given a bye."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...] = ()
    ai_seats: int = 0


def ranked(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Entrants from the best placed: points, then rating, then id."""
    return sorted(entrants, key=lambda e: (-e.points, -e.rating, e.id))


def _met(a: Entrant, b: Entrant) -> bool:
    return b.id in a.met or a.id in b.met


def _repeats(group: Sequence[Entrant]) -> int:
    """How many pairs in ``group`` already shared a table."""
    return sum(1 for a, b in itertools.combinations(group, 2) if _met(a, b))


def _byes(order: list[Entrant], count: int) -> list[Entrant]:
    """The ``count`` entrants who sit out: the fewest byes so far, then the lowest placed."""
    if count == 0:
        return []
    place = {e.id: i for i, e in enumerate(order)}
    return sorted(order, key=lambda e: (e.byes, -place[e.id]))[:count]


def _search(order: list[Entrant], size: int, budget: list[int]) -> list[list[Entrant]] | None:
    """Groups of ``size`` in rank order with no repeated meeting, by depth-first search that grows each
    group from the best-placed entrant left, nearest ranks first; ``None`` when there are none or the budget
    of steps ran out."""
    if not order:
        return []

    def grow(group: list[Entrant], start: int) -> list[list[Entrant]] | None:
        if len(group) == size:
            chosen = {e.id for e in group}
            rest = _search([e for e in order if e.id not in chosen], size, budget)
            return None if rest is None else [group, *rest]
        for i in range(start, len(order) - (size - len(group)) + 1):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if any(_met(order[i], g) for g in group):
                continue
            found = grow([*group, order[i]], i + 1)
            if found is not None or budget[0] < 0:
                return found
        return None

    return grow([order[0]], 1)


def _first_fit(order: list[Entrant], size: int) -> list[list[Entrant]]:
    """Groups top-down, each the best-placed entrant left with the next ones it has not met (when too few
    are left, those with the fewest meetings), then improved by swaps."""
    groups = []
    rest = list(order)
    while rest:
        group = [rest[0]]
        for e in rest[1:]:
            if len(group) == size:
                break
            if not any(_met(e, g) for g in group):
                group.append(e)
        if len(group) < size:
            others = sorted((e for e in rest[1:] if e not in group), key=lambda e: sum(_met(e, g) for g in group))
            group += others[: size - len(group)]
        groups.append(group)
        rest = [e for e in rest if e not in group]
    return _improve(groups)


def _improve(groups: list[list[Entrant]]) -> list[list[Entrant]]:
    """Swaps of two entrants between groups, nearest groups first, while a swap lowers the repeats."""
    improved = True
    while improved:
        improved = False
        for gi, group in enumerate(groups):
            if not _repeats(group):
                continue
            for gj in sorted(range(len(groups)), key=lambda j: (abs(j - gi), j)):
                if gj == gi:
                    continue
                other = groups[gj]
                before = _repeats(group) + _repeats(other)
                swap = next(((x, y) for x in range(len(group)) for y in range(len(other))
                             if _repeats([*group[:x], other[y], *group[x + 1:]])
                             + _repeats([*other[:y], group[x], *other[y + 1:]]) < before), None)
                if swap is not None:
                    x, y = swap
                    group[x], other[y] = other[y], group[x]
                    improved = True
                    if not _repeats(group):
                        break
    return groups


def groups(order: list[Entrant], size: int) -> list[list[Entrant]]:
    """``order`` (a multiple of ``size`` long) in groups: without repeated meetings when the search finds
    them, else first fit with swaps."""
    found = _search(order, size, [SEARCH_STEPS])
    return found if found is not None else _first_fit(order, size)


def balanced_sides(group: Sequence[Entrant], sides: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The group's ids in seat order, split into the table's sides (``sides``: the seats of each side) with
    the smallest spread of rating totals; the best-rated entrant sits at the first side's first seat."""
    if len(sides) < 2 or all(len(side) == 1 for side in sides):
        return tuple(e.id for e in group)
    by_rating = sorted(group, key=lambda e: (-e.rating, e.id))
    best: tuple[float, tuple[int, ...]] | None = None
    sizes = [len(side) for side in sides]
    for perm in _side_assignments(len(by_rating), sizes):
        totals = [sum(by_rating[i].rating for i in members) for members in perm]
        spread = max(totals) - min(totals)
        key = (spread, tuple(i for members in perm for i in members))
        if best is None or key < best:
            best = key
    assert best is not None
    flat = best[1]
    seats: list[int] = [0] * len(by_rating)
    cursor = 0
    for side in sides:
        for seat in side:
            seats[seat] = by_rating[flat[cursor]].id
            cursor += 1
    return tuple(seats)


def _side_assignments(n: int, sizes: list[int]) -> Iterable[list[tuple[int, ...]]]:
    """Every split of ``range(n)`` into groups of ``sizes``, entrant 0 always in the first."""
    def split(left: tuple[int, ...], sizes: list[int]) -> Iterable[list[tuple[int, ...]]]:
        if not sizes:
            yield []
            return
        first, rest = left[0], left[1:]
        for others in itertools.combinations(rest, sizes[0] - 1):
            members = (first, *others)
            remaining = tuple(i for i in rest if i not in others)
            for tail in split(remaining, sizes[1:]):
                yield [members, *tail]

    yield from split(tuple(range(n)), sizes)


def swiss(entrants: Iterable[Entrant], table_size: int, *, sides: Sequence[Sequence[int]] = (),
          ai_fill: bool = False) -> Round:
    """A Swiss round: tables of ``table_size`` (seated into ``sides`` for a team game), with byes for those
    left over, or, with ``ai_fill``, a last table completed by AI players."""
    if table_size < 2:
        raise ValueError("a table seats at least two")
    order = ranked(entrants)
    if len(order) < 2:
        raise ValueError("a round needs at least two entrants")
    spare = len(order) % table_size
    byes: list[Entrant] = []
    short: list[Entrant] = []
    if spare and ai_fill:
        short = order[-spare:]
        order = order[:-spare]
    elif spare:
        byes = _byes(order, spare)
        order = [e for e in order if e not in byes]
    tables = [balanced_sides(group, sides) for group in groups(order, table_size)]
    if short:
        tables.append(tuple(e.id for e in short))
    return Round(tuple(tables), tuple(e.id for e in byes), table_size - len(short) if short else 0)


def seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket order for a bracket of ``size`` (a power of two): 1, size, ... so that
    seeds 1 and 2 can meet only in the final."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return order


def bracket(entrants: Iterable[Entrant]) -> tuple[tuple[int, int | None], ...]:
    """The first round of a knockout bracket in bracket order, seeded by rating (then id): pairs of entrants,
    ``(seed, None)`` for a top seed given one of the byes the bracket's size leaves."""
    seeded = sorted(entrants, key=lambda e: (-e.rating, e.id))
    if len(seeded) < 2:
        raise ValueError("a bracket needs at least two entrants")
    size = 1
    while size < len(seeded):
        size *= 2
    slots = [seeded[s - 1].id if s <= len(seeded) else None for s in seed_order(size)]
    pairs: list[tuple[int, int | None]] = []
    for a, b in zip(slots[::2], slots[1::2], strict=True):
        assert a is not None  # the higher seed of a pair is always an entrant
        pairs.append((a, b))
    return tuple(pairs)


def knockout_round(pairs: Sequence[tuple[int, int | None]]) -> Round:
    """The tables and byes of a bracket round given in bracket order."""
    return Round(tuple((a, b) for a, b in pairs if b is not None), tuple(a for a, b in pairs if b is None))


def next_pairs(advancing: Sequence[int]) -> tuple[tuple[int, int | None], ...]:
    """The next bracket round from the entrants who go on, in bracket order (each pair's winner, or the seed
    that had the bye): neighbours meet."""
    if len(advancing) < 2 or len(advancing) % 2:
        raise ValueError("a knockout round needs an even number of entrants, at least two")
    return tuple((a, b) for a, b in zip(advancing[::2], advancing[1::2], strict=True))
