"""The determinized search that the fishing games' ``hard`` share (Cicera, Scopa, Scopone): deal the cards a
seat cannot see in many ways, value every candidate move in each such deal, keep the best mean.

The game gives the pieces (how to sample a deal from the seat's view, how to value a move in it); this module
holds the loop and its budget, and the dealing of the unseen cards weighted by what each seat passed up, the same
for every game: the planned work counts plays (``plies_per_ms`` times
``time_ms``), never the clock, so a seeded game replays exactly; the clock only cuts a search on a machine far
slower than planned (``clock_share`` times ``time_ms``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from typing import Protocol, TypeVar

from rules.cards import Card

World = TypeVar("World")


class SearchBudget(Protocol):
    """What the loop reads of a game's tuning (each game's ``tuning`` module holds a frozen dataclass)."""

    @property
    def max_candidates(self) -> int:
        """At most this many moves are searched: the best by the prior."""
        ...

    @property
    def plies_per_ms(self) -> int:
        """Planned work: plays per millisecond of ``time_ms``."""
        ...

    @property
    def clock_share(self) -> float:
        """The share of ``time_ms`` after which the clock stops a search whatever its plan."""
        ...


def deal_weighted(pool: Sequence[Card], sizes: Sequence[int], passed: Sequence[AbstractSet[Card]],
                  likelihood: float, rng: random.Random) -> list[list[Card]]:
    """Deal ``pool`` (already shuffled) into places of ``sizes`` cards (the other hands, a stock), one card at a
    time: a card goes to a place with a chance proportional to the room left in it, times ``likelihood`` when
    the card is in that place's ``passed`` set (a seat that placed a card while it could have captured with
    this one is less likely to hold it). Cards past the total room go nowhere (a hand-made position)."""
    out: list[list[Card]] = [[] for _ in sizes]
    room = list(sizes)
    left = sum(room)
    places = range(len(sizes))
    for c in pool:
        if not left:
            break
        odds = [room[j] * (likelihood if c in passed[j] else 1.0) for j in places]
        x = rng.random() * sum(odds)
        pick = -1
        for j, o in zip(places, odds):
            if o and (x < o or pick < 0):
                pick = j
                if x < o:
                    break
            x -= o
        out[pick].append(c)
        room[pick] -= 1
        left -= 1
    return out


def candidates(prior: Sequence[float], max_candidates: int) -> list[int]:
    """The indices of the ``max_candidates`` moves of best prior (ties: the earlier move)."""
    return sorted(range(len(prior)), key=lambda i: (-prior[i], i))[:max_candidates]


def determinized_choice(
    prior: Sequence[float],
    budget: SearchBudget,
    time_ms: int,
    max_samples: int,
    sample: Callable[[], World],
    value: Callable[[World, int], tuple[float, int]],
) -> int:
    """The index of the move to play: the candidates (``candidates`` by ``prior``) valued in up to
    ``max_samples`` deals from ``sample`` (the same deals for every candidate) until the planned work is spent;
    ``value(deal, move)`` gives the move's value for the seat's side in that deal and the plays it cost. The
    best total wins; ties: the better prior, then the earlier move."""
    deadline = time.perf_counter() + budget.clock_share * time_ms / 1000.0
    work = max(1, int(budget.plies_per_ms * time_ms))
    order = candidates(prior, budget.max_candidates)
    if len(order) == 1:
        return order[0]
    totals = [0.0] * len(order)
    samples = 0
    spent = 0
    while samples < max_samples and spent < work:
        world = sample()
        for k, i in enumerate(order):
            v, cost = value(world, i)
            spent += cost
            totals[k] += v
        samples += 1
        if time.perf_counter() >= deadline:
            break
    best_k = max(range(len(order)), key=lambda k: (totals[k], prior[order[k]], -order[k]))
    return order[best_k]
