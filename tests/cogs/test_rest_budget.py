"""How many REST calls a game makes, and how fast a click is answered (the figures of docs/BENCHMARKS.md).

Every seating is played whole: the people play from the hand message each opened once with My hand and kept
open (the AI seats follow at the ``easy`` level, turn timers and team threads off). The count of REST calls
per card played is asserted, since Discord rate-limits message edits: at most 1.0 a card with one person at
the table, 1.3 with several. The times are only printed. ``TAVOLO_BENCH_GAMES=N`` plays N games of each
seating and prints the figures:

    TAVOLO_BENCH_GAMES=5 .venv/bin/python -m pytest tests/cogs/test_rest_budget.py -q -s
"""

from __future__ import annotations

import collections
import os
import statistics
import time

import pytest

SEATINGS = [
    # game, players, people, options
    ("briscola", 2, 1, {}),
    ("briscola", 3, 1, {}),
    ("briscola", 4, 1, {"team_chat": "off"}),
    ("briscola", 4, 2, {"team_chat": "off", "teams": "12-34"}),
    ("briscola", 6, 3, {"team_chat": "off", "teams": "135-246"}),
    ("chiamata", 5, 1, {}),
    ("chiamata", 5, 2, {}),
    ("cicera", 4, 1, {"team_chat": "off"}),
    ("cicera", 4, 2, {"team_chat": "off"}),
]
CARDS = {("briscola", 2): 40, ("briscola", 3): 39, ("briscola", 4): 40, ("briscola", 6): 36,
         ("chiamata", 5): 40, ("cicera", 4): 48}
"""Cards played in one round: the deck (Briscola drops a 2 at 3 players, four at 6), Cicera's 12 a hand."""
ONE_PERSON, SEVERAL = 1.0, 1.3
"""REST calls a card at most."""
NAMES = ("alice", "bob", "carol")


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


async def one_game(env, ui, channel, people, Player, game, players, options, latencies):
    """Open, fill and play one table through the members' messages; its REST calls (counted from the slash
    command to the summary) and their kinds."""
    log = env.backend.http_requests
    first = len(log)
    host, *joiners = people
    command = {"briscola": {"players": players}}.get(game, {})
    lobby = (await host.slash(channel, game, level="easy", turn_timer=0, **command, **options)).response
    for member in joiners:
        await member.click(lobby, label="Join")
    started = await host.click(lobby, label="Start")
    assert started.acknowledged and not started.followups
    table_id = ui.table_id_of(lobby)
    seated = [Player(ui, channel, m, bids=m is host) for m in people]  # one person bids, the others pass
    by_id = {p.member.id: p for p in seated}
    while ui.live(table_id):
        info = ui.service().get(table_id)
        player = by_id[info.seats[info.to_move].user_id]
        n, t0 = len(log), time.perf_counter()
        await player.turn()
        answer = next((i for i in range(n, len(log)) if log[i].path.endswith("/callback")), None)
        if answer is not None:
            latencies[game, players, len(people)].append(log.times[answer] - t0)
    calls = log[first:]
    return len(calls), collections.Counter(kind(c) for c in calls)


def percentile(values, q):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@pytest.mark.parametrize(("game", "seats", "people", "options"), SEATINGS,
                         ids=[f"{g}-{n}p-{k}-people" for g, n, k, _ in SEATINGS])
async def test_rest_calls_per_card(simcord_env, ui, seed, players, game, seats, people, options):
    env = simcord_env
    env.backend.http_requests = TimedRequests(env.backend.http_requests)
    Player, _play = players
    seed(11)
    guild, channel = ui.room()
    members = ui.members(guild, *NAMES[:people])
    games = int(os.environ.get("TAVOLO_BENCH_GAMES", "1"))
    latencies: dict = collections.defaultdict(list)
    limit = ONE_PERSON if people == 1 else SEVERAL
    cards = CARDS[game, seats]
    totals = []
    for _ in range(games):
        calls, kinds = await one_game(env, ui, channel, members, Player, game, seats, options, latencies)
        totals.append(calls)
        assert calls / cards <= limit, (calls, cards, dict(kinds))
    if os.environ.get("TAVOLO_BENCH_GAMES"):
        ms = [v * 1000 for v in latencies[game, seats, people]]
        print(f"\n{game} {seats}p, {people} people: REST calls a game of {cards} cards {totals}, mean "
              f"{statistics.mean(totals) / cards:.3f} a card; per kind, last game: {dict(kinds)}; a click "
              f"answered in median {statistics.median(ms):.0f} ms, p90 {percentile(ms, 0.9):.0f} ms, "
              f"max {max(ms):.0f} ms")
