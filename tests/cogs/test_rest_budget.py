"""How many REST calls a game makes, and how fast a click is answered (the figures of docs/BENCHMARKS.md).

The count is asserted (Discord rate-limits message edits: at most one REST call per card played in a
4-player game with one person and three AI); the times are only printed. ``TAVOLO_BENCH_GAMES=N`` plays N
games and prints the figures:

    TAVOLO_BENCH_GAMES=10 .venv/bin/python -m pytest tests/cogs/test_rest_budget.py -q -s
"""

from __future__ import annotations

import collections
import os
import statistics
import time

CARDS = 40


class TimedRequests(list):
    """SimCord's log of REST calls, with the moment each call arrived."""

    def __init__(self, items) -> None:
        super().__init__(items)
        self.times = [0.0] * len(items)

    def append(self, item) -> None:
        self.times.append(time.perf_counter())
        super().append(item)


def kind(entry) -> str:
    parts = ["*" if p.isdigit() or p.startswith("simcord_") else p for p in entry.path.split("/")]
    return f"{entry.method} {'/'.join(parts)}"


async def one_game(env, ui, _guild, channel, alice, latencies: dict) -> tuple[int, collections.Counter]:
    log = env.backend.http_requests
    first = len(log)

    async def timed(label, action):
        n, t0 = len(log), time.perf_counter()
        result = await action
        answer = next(i for i in range(n, len(log)) if log[i].path.endswith("/callback"))
        latencies[label].append(log.times[answer] - t0)
        return result

    lobby = (await alice.slash(channel, "briscola", players=4, level="easy", turn_timer=0)).response
    table_id = ui.table_id_of(lobby)
    await timed("start", alice.click(lobby, label="Start"))
    hand = (await timed("my hand", alice.click(ui.table_message(channel, table_id), label="My hand"))).response
    while ui.live(table_id):
        message = ui.message(channel, hand.id, viewer=alice)
        await timed("card", alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id))
    calls = log[first:]
    return len(calls), collections.Counter(kind(c) for c in calls)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def test_rest_calls_per_card_with_one_person_and_three_ai(simcord_env, ui):
    env = simcord_env
    env.backend.http_requests = TimedRequests(env.backend.http_requests)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    games = int(os.environ.get("TAVOLO_BENCH_GAMES", "1"))
    latencies: dict[str, list[float]] = collections.defaultdict(list)
    totals = []
    for _ in range(games):
        calls, kinds = await one_game(env, ui, guild, channel, alice, latencies)
        totals.append(calls)
        assert calls / CARDS <= 1.0, kinds
    if games > 1 or os.environ.get("TAVOLO_BENCH_GAMES"):
        print(f"\nREST calls per game of {CARDS} cards: {totals} (mean {statistics.mean(totals) / CARDS:.3f} per card)")
        print("per kind, last game:", dict(kinds))
        for label, values in latencies.items():
            ms = [v * 1000 for v in values]
            print(f"{label}: n={len(ms)} median {statistics.median(ms):.1f} ms, p90 {percentile(ms, 0.9):.1f} ms,"
                  f" p99 {percentile(ms, 0.99):.1f} ms, max {max(ms):.1f} ms")
