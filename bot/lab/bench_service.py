"""``python -m bot bench --only service``: the table service under load, on a database file on this disk.

1. Many live 4-player Briscola tables whose seats are all AI players (``medium``) play to the end at once in
   this process, while a user plays at another table: how long the user's actions take (from the call to
   ``act`` until it returns: checked, stored, applied, announced), and how long storing an action takes.
2. Storing one action with nothing else running.
3. A leaderboard page of a guild with 100,000 finished games.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.i18n import _
from bot.ratings import SeatResult, Standing, outcomes, update_standings
from bot.storage import Store
from bot.storage.seeding import seed_games
from bot.tables import TableError, TableService
from rules.records import new_game

TABLES = 1000
LEVEL = "medium"
GAMES = 100_000
USERS = 16
"""Users playing (one each, with three AI players) while the AI tables run."""
THINK = 0.2
"""Seconds a user takes to choose (a quick player; the AI tables do not wait for anyone)."""
PLAYERS = 2_000
"""Users sharing the guild's finished games in the leaderboard benchmark."""


def pct(values: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) in the values' unit; nan when empty."""
    if not values:
        return float("nan")
    s = sorted(values)
    return s[max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))]


def summary(values: list[float]) -> str:
    """``median / p99 / max`` in milliseconds (``no samples`` when there are none)."""
    if not values:
        return _("no samples")
    return (f"median {statistics.median(values):.2f} ms, p99 {pct(values, 99):.2f} ms, max {max(values):.2f} ms "
            f"({len(values)} samples)")


class TimedStore(Store):
    """A store that times every append from the call until the commit is acknowledged."""

    def __init__(self, *a, **kw) -> None:
        super().__init__(*a, **kw)
        self.append_ms: list[float] = []

    async def append(self, *a, **kw) -> None:
        t0 = time.perf_counter()
        await super().append(*a, **kw)
        self.append_ms.append((time.perf_counter() - t0) * 1000)


async def load(path: Path, tables: int, level: str, users: int = USERS, think: float = THINK) -> dict:
    """Play ``tables`` AI tables to the end at once while ``users`` users play at tables of their own;
    the figures."""
    store = TimedStore(path)
    await store.open()
    service = TableService(store, guild_cap=tables + users)
    finished = asyncio.Event()
    left = {"games": tables}
    user_tables: dict[int, int] = {}  # table -> user
    turns: dict[int, asyncio.Queue] = {u: asyncio.Queue() for u in range(1, users + 1)}
    human_ms: list[float] = []
    wait_ms: list[float] = []

    def on_event(event) -> None:
        user = user_tables.get(event.table_id)
        if user is None:
            if event.kind == "game_over":
                left["games"] -= 1
                if left["games"] == 0:
                    finished.set()
        elif (event.kind == "turn" and event["user_id"] == user) or event.kind == "game_over":
            turns[user].put_nowait((event, time.perf_counter()))

    service.subscribe(on_event)

    async def user_plays(user: int) -> None:
        rng = random.Random(user)
        while not finished.is_set():
            t = await service.create(1, user, user, f"user {user}", "briscola", 4, {"turn_timer": "off"}, level)
            user_tables[t.id] = user
            await service.start(t.id, user)
            acted = None
            while not finished.is_set():
                event, when = await turns[user].get()
                if event.kind == "game_over":
                    break
                if acted is not None:
                    wait_ms.append((when - acted) * 1000)
                await asyncio.sleep(think)
                view = service.view(t.id, user)
                t0 = time.perf_counter()
                try:
                    await service.act(t.id, user, rng.choice(view.legal), version=event["version"])
                except TableError:
                    continue
                acted = time.perf_counter()
                human_ms.append((acted - t0) * 1000)

    t0 = time.perf_counter()
    ai_tables = await asyncio.gather(*(
        service.create(2 + i % 100, i, 0, "host", "briscola", 4, {"turn_timer": "off"}, level, seat_host=False)
        for i in range(tables)))
    opened = time.perf_counter() - t0
    users_task = asyncio.gather(*(user_plays(u) for u in range(1, users + 1)))
    t0 = time.perf_counter()
    await asyncio.gather(*(service.start(t.id, 0) for t in ai_tables))
    await finished.wait()
    elapsed = time.perf_counter() - t0
    users_task.cancel()
    await asyncio.gather(users_task, return_exceptions=True)
    actions = len(store.append_ms)
    batches = store.batches
    append_ms = list(store.append_ms)
    await service.close()
    return {"tables": tables, "seconds": elapsed, "opened_in": opened, "actions": actions, "batches": batches,
            "human_ms": human_ms, "wait_ms": wait_ms, "append_ms": append_ms, "users": users}


async def single_appends(path: Path, count: int = 2000) -> list[float]:
    """Milliseconds to store one action (committed), one after the other, with nothing else running."""
    async with Store(path) as store:
        table = await store.create_table(guild_id=1, channel_id=1, host_id=1, game="briscola", players=4,
                                         options={}, level="medium", seed=1, seats=[])
        times = []
        for n in range(count):
            t0 = time.perf_counter()
            await store.append(table, n, [{"seat": n % 4, "play": "Ad"}])
            times.append((time.perf_counter() - t0) * 1000)
    return times


def sample_record(seed: int) -> dict:
    """A real 4-player Briscola record (random play)."""
    rng = random.Random(seed)
    m = new_game("briscola", 4, {}, seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()), m.to_move())
    return m.record([{"name": f"p{s}", "ai": None, "user": None} for s in range(4)])


async def leaderboard(path: Path, games: int = GAMES, players: int = PLAYERS, repeat: int = 300) -> dict:
    """Seed ``games`` finished 4-player games among ``players`` users (standings computed by the real
    rating update), then time leaderboard pages."""
    rng = random.Random(7)
    t0 = time.perf_counter()
    record = sample_record(3)
    text = json.dumps(record, separators=(",", ":"))
    standings: dict[int, Standing] = {}
    game_rows: list[tuple] = []
    player_rows: list[tuple] = []
    when = time.time() - games
    for g in range(1, games + 1):
        users = rng.sample(range(1, players + 1), 4)
        winners = [0, 2] if rng.random() < 0.5 else [1, 3]
        result = {"game_points": [1 if s in winners else 0 for s in range(4)], "winners": winners}
        outs = outcomes(result, 4)
        seats = [SeatResult(s, u, f"user {u}", None, outs[s], result["game_points"][s]) for s, u in enumerate(users)]
        before = {u: standings[u] for u in users if u in standings}
        standings.update(update_standings({"game": "briscola", "players": 4, "result": result}, seats, before,
                                          when + g))
        game_rows.append((g, 1, "briscola", 4, when + g, text))
        player_rows.extend((g, s.seat, s.user_id, None, s.outcome, s.game_points) for s in seats)
    computed = time.perf_counter() - t0
    async with Store(path, synchronous="OFF") as store:
        await seed_games(store, game_rows, player_rows, list(standings.values()), guild_id=1, game="briscola")
    seeded = time.perf_counter() - t0
    store = await Store(path).open()
    service = TableService(store)
    try:
        pages = (await service.leaderboard(1, "briscola"))["pages"]
        times: dict[str, list[float]] = {"first": [], "middle": [], "last": []}
        for _i in range(repeat):
            for name, page in (("first", 1), ("middle", pages // 2), ("last", pages)):
                t1 = time.perf_counter()
                got = await service.leaderboard(1, "briscola", page)
                times[name].append((time.perf_counter() - t1) * 1000)
                assert got["rows"], "an empty page"
        size = os.path.getsize(path)
    finally:
        await service.close()
    return {"games": games, "players": len(standings), "pages": pages, "computed_in": computed,
            "seeded_in": seeded, "times": times, "bytes": size}


async def run(tables: int, level: str) -> list[str]:
    """Run the three measurements in a temporary directory; the report's lines."""
    lines = []
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as tmp:
        base = Path(tmp)
        got = await load(base / "load.sqlite3", tables, level)
        lines.append(_("{tables} AI tables (4-player Briscola, level {level}) played to the end at once: "
                       "{seconds:.1f} s; {actions} actions stored in {batches} transactions, the users' tables "
                       "included ({rate:.0f} actions/s; the tables opened in {opened:.1f} s)").format(
            tables=got["tables"], level=level, seconds=got["seconds"], actions=got["actions"],
            batches=got["batches"], rate=got["actions"] / got["seconds"], opened=got["opened_in"]))
        lines.append(_("  an action of one of {users} users at tables of their own meanwhile: {s}").format(
            users=got["users"], s=summary(got["human_ms"])))
        lines.append(_("  the user's wait for the three AI players of their table: {s}").format(
            s=summary(got["wait_ms"])))
        lines.append(_("  storing an action meanwhile (call to commit): {s}").format(s=summary(got["append_ms"])))
        single = await single_appends(base / "single.sqlite3")
        lines.append(_("storing an action, nothing else running: {s}").format(s=summary(single)))
        board = await leaderboard(base / "board.sqlite3")
        lines.append(_("leaderboard with {games} finished games of {players} players ({pages} pages of 10, "
                       "database {mb:.0f} MB, seeded in {seeded:.1f} s):").format(
            games=board["games"], players=board["players"], pages=board["pages"], mb=board["bytes"] / 2**20,
            seeded=board["seeded_in"]))
        for name, values in board["times"].items():
            lines.append(_("  {name} page: {s}").format(name=name, s=summary(values)))
    return lines


def main(args: argparse.Namespace | None = None) -> int:
    """Print the service benchmark; ``--games N`` plays N tables instead of 1,000."""
    tables = getattr(args, "games", 0) or TABLES
    print(_("service benchmark, {cpus} CPUs, database in a temporary directory").format(cpus=os.cpu_count()))
    for line in asyncio.run(run(tables, LEVEL)):
        print(line)
    return 0
