"""``python -m bot bench --only ai-moves``: the time ``hard`` takes a move, in every game and player count.

Each mode (a registered game and one of its player counts) is played with ``hard`` at every seat at the
shipped budget a move (``rules.ai.DEFAULT_TIME_MS``), from seeded games with their default options, until it has
made a number of decisions (a choice among two legal actions or more; a single legal action costs nothing).
Each decision is timed twice: the CPU time of the process (``time.process_time``, the time on one core, whatever
else the machine runs) and the clock. The figures to compare with a target are the CPU ones; the clock shows
what the load of the machine added.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import dataclass

from bot.i18n import _
from rules.ai import DEFAULT_TIME_MS, choose
from rules.games import GAMES
from rules.records import new_game

DECISIONS = 200
"""Decisions timed in each mode by default (``--games N``: N instead)."""


@dataclass(frozen=True)
class MoveTimes:
    """One mode's decisions: the milliseconds of each, CPU and clock."""

    cpu_ms: tuple[float, ...]
    wall_ms: tuple[float, ...]


def percentile(values: tuple[float, ...], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank); 0 when there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def move_times(game: str, players: int, decisions: int, seed: int, time_ms: int = DEFAULT_TIME_MS) -> MoveTimes:
    """``hard`` at every seat of ``game`` for ``players``, seeded games one after another (the seed of the n-th is
    ``seed + n``), until ``decisions`` decisions were timed."""
    cpu: list[float] = []
    wall: list[float] = []
    k = 0
    while len(cpu) < decisions:
        m = new_game(game, players, {}, seed + k)
        rng = random.Random(seed + k)
        k += 1
        while not m.is_over() and len(cpu) < decisions:
            seat = m.to_move()
            assert seat is not None
            action = m.auto_action()
            if action is None:
                view = m.view(seat)
                c0, t0 = time.process_time(), time.perf_counter()
                action = choose("hard", view, rng, time_ms)
                if len(view.legal) > 1:
                    wall.append((time.perf_counter() - t0) * 1000)
                    cpu.append((time.process_time() - c0) * 1000)
            m.apply(action, seat)
    return MoveTimes(tuple(cpu), tuple(wall))


def modes() -> list[tuple[str, int]]:
    """Every registered game with each of its player counts."""
    return [(name, n) for name, s in GAMES.items() for n in s.player_counts]


def main(args: argparse.Namespace) -> None:
    """Print each mode's decisions and ``hard``'s milliseconds a move: CPU median and p95, clock median and p95."""
    decisions = args.games or DECISIONS
    print(_("hard at every seat, {ms} ms a move, {n} decisions a mode, seeds from {seed}").format(
        ms=DEFAULT_TIME_MS, n=decisions, seed=args.seed))
    print(f"{'mode':<16} {'decisions':>9} {'cpu med':>8} {'cpu p95':>8} {'clock med':>9} {'clock p95':>9}")
    for game, players in modes():
        t = move_times(game, players, decisions, args.seed)
        print(f"{f'{game} {players}p':<16} {len(t.cpu_ms):>9} {statistics.median(t.cpu_ms):>8.1f} "
              f"{percentile(t.cpu_ms, 0.95):>8.1f} {statistics.median(t.wall_ms):>9.1f} "
              f"{percentile(t.wall_ms, 0.95):>9.1f}")
