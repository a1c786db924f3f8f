"""``python -m bot bench --only pairing``: the time to pair a Swiss round of 256 entrants, for tables of 2 to 6,
over the rounds of a seeded event with random results (each round paired from the meetings of the ones before,
so later rounds have more meetings to avoid)."""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from bot.i18n import _
from bot.tournaments.pairing import Entrant, swiss

ENTRANTS = 256
ROUNDS = 9


def event(size: int, seed: int) -> tuple[list[float], int]:
    """Milliseconds to pair each round of a seeded Swiss event at tables of ``size``, and the repeated
    meetings seated over the event."""
    rng = random.Random(seed)
    points = dict.fromkeys(range(ENTRANTS), 0.0)
    met: dict[int, set[int]] = {i: set() for i in range(ENTRANTS)}
    byes = dict.fromkeys(range(ENTRANTS), 0)
    ratings = {i: rng.uniform(1200, 1800) for i in range(ENTRANTS)}
    times, repeats = [], 0
    for _round in range(ROUNDS):
        entrants = [Entrant(i, points[i], ratings[i], frozenset(met[i]), byes[i]) for i in range(ENTRANTS)]
        start = time.perf_counter()
        paired = swiss(entrants, size)
        times.append((time.perf_counter() - start) * 1000)
        for table in paired.tables:
            for a, b in itertools.combinations(table, 2):
                repeats += b in met[a]
                met[a].add(b)
                met[b].add(a)
            points[rng.choice(table)] += 1
        for e in paired.byes:
            points[e] += 1
            byes[e] += 1
    return times, repeats


def main(args: argparse.Namespace) -> None:
    """Print, per table size, the median and the slowest round's pairing time and the repeats."""
    print(_("Swiss pairing, {n} entrants, {rounds} rounds, random results:").format(n=ENTRANTS, rounds=ROUNDS))
    for size in range(2, 7):
        times, repeats = event(size, args.seed)
        print(_("  tables of {size}: median {median:.1f} ms, slowest {worst:.1f} ms, repeated meetings {repeats}")
              .format(size=size, median=statistics.median(times), worst=max(times), repeats=repeats))
