"""``python -m bot bench --only service``: the table service under load, on a database file on this disk, and
with ``--postgresql`` on a PostgreSQL server too.

1. Many live 4-player Briscola tables whose seats are all AI players (``medium``) play to the end at once in
   this process, while a user plays at another table: how long the user's actions take (from the call to
   ``act`` until it returns: checked, stored, applied, announced), and how long storing an action takes.
2. Storing one action with nothing else running.
3. A leaderboard page of a guild with 100,000 finished games.

Each measurement has a new, empty database of its own: a SQLite file in a temporary folder, and on PostgreSQL a
database that the benchmark creates on the server it is given and drops at the end. On PostgreSQL the first two
run twice, with the store's ``synchronous`` ``OFF`` (``synchronous_commit = off``: a commit is acknowledged from
the server's memory) and then ``NORMAL`` (``local``, the shipped setting: acknowledged once flushed to the
server's disk), so that what durability costs is a ratio of two figures of the same run. ``--postgresql
temporary`` starts a server of its own (``bot.lab.pg_server``, fsync on as a real server has it); a server
with fsync off, as the tests run theirs, would hide that cost, and the report says which the server has.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path
from typing import NotRequired, TypedDict, Unpack
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.i18n import _
from bot.ratings import SeatResult, Standing, outcomes, update_standings
from bot.storage import DatabaseUrl, Lease, StorageError, Store
from bot.storage.rows import JsonObject
from bot.storage.seeding import seed_games
from bot.storage.store import StoreOptions
from bot.storage.tx import Row
from bot.storage.url import Database
from bot.tables import TableError, TableEvent, TableService
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
APPENDS = 2_000
"""Actions stored one after the other in the benchmark of one action alone."""
SETTINGS = ("OFF", "NORMAL")
"""The store's ``synchronous`` settings measured on PostgreSQL, in this order: ``synchronous_commit`` off (what
``NORMAL`` was before it became durable against a crash of the server), then local (shipped)."""


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


class LoadFigures(TypedDict):
    """What ``load`` measured (milliseconds in the ``_ms`` lists), and ``measure``'s single appends."""

    tables: int
    seconds: float
    opened_in: float
    actions: int
    batches: int
    human_ms: list[float]
    wait_ms: list[float]
    append_ms: list[float]
    users: int
    beside_ms: list[float]
    """What the ``beside`` coroutine of ``load`` measured (its own actions), empty without one."""
    single_ms: NotRequired[list[float]]


class BoardFigures(TypedDict):
    """What ``leaderboard`` measured: the seeded games and the milliseconds of each page asked for."""

    games: int
    players: int
    pages: int
    computed_in: float
    seeded_in: float
    times: dict[str, list[float]]
    bytes: int


class TimedStore(Store):
    """A store that times every append from the call until the commit is acknowledged."""

    def __init__(self, database: str | Path | DatabaseUrl, **options: Unpack[StoreOptions]) -> None:
        super().__init__(database, **options)
        self.append_ms: list[float] = []

    async def append(self, table_id: int, first: int, entries: Sequence[JsonObject], at: float | None = None, *,
                     lease: Lease | None = None) -> None:
        t0 = time.perf_counter()
        await super().append(table_id, first, entries, at, lease=lease)
        self.append_ms.append((time.perf_counter() - t0) * 1000)


async def load(path: Database, tables: int, level: str, users: int = USERS, think: float = THINK,
               synchronous: str = "NORMAL",
               beside: Callable[[TableService, asyncio.Event], Awaitable[list[float]]] | None = None) -> LoadFigures:
    """Play ``tables`` AI tables to the end at once while ``users`` users play at tables of their own (and
    ``beside(service, finished)`` runs, if given: more play of its own until ``finished`` is set, returning the
    times it measured); the figures."""
    store = TimedStore(path, synchronous=synchronous)
    await store.open()
    service = TableService(store, guild_cap=tables + users)
    finished = asyncio.Event()
    left = {"games": tables}
    user_tables: dict[int, int] = {}  # table -> user
    turns: dict[int, asyncio.Queue[tuple[TableEvent, float]]] = {u: asyncio.Queue() for u in range(1, users + 1)}
    human_ms: list[float] = []
    wait_ms: list[float] = []

    def on_event(event: TableEvent) -> None:
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
    beside_task = asyncio.ensure_future(beside(service, finished)) if beside is not None else None
    t0 = time.perf_counter()
    await asyncio.gather(*(service.start(t.id, 0) for t in ai_tables))
    await finished.wait()
    elapsed = time.perf_counter() - t0
    users_task.cancel()
    await asyncio.gather(users_task, return_exceptions=True)
    beside_ms = await beside_task if beside_task is not None else []
    actions = len(store.append_ms)
    batches = store.batches
    append_ms = list(store.append_ms)
    await service.close()
    return {"tables": tables, "seconds": elapsed, "opened_in": opened, "actions": actions, "batches": batches,
            "human_ms": human_ms, "wait_ms": wait_ms, "append_ms": append_ms, "users": users, "beside_ms": beside_ms}


async def single_appends(path: Database, count: int = APPENDS, synchronous: str = "NORMAL") -> list[float]:
    """Milliseconds to store one action (committed), one after the other, with nothing else running."""
    async with Store(path, synchronous=synchronous) as store:
        table = await store.create_table(guild_id=1, channel_id=1, host_id=1, game="briscola", players=4,
                                         options={}, level="medium", seed=1, seats=[])
        times = []
        for n in range(count):
            t0 = time.perf_counter()
            await store.append(table, n, [{"seat": n % 4, "play": "Ad"}])
            times.append((time.perf_counter() - t0) * 1000)
    return times


def sample_record(seed: int) -> JsonObject:
    """A real 4-player Briscola record (random play)."""
    rng = random.Random(seed)
    m = new_game("briscola", 4, {}, seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()), m.to_move())
    return m.record([{"name": f"p{s}", "ai": None, "user": None} for s in range(4)])


async def leaderboard(path: Database, games: int = GAMES, players: int = PLAYERS, repeat: int = 300) -> BoardFigures:
    """Seed ``games`` finished 4-player games among ``players`` users (standings computed by the real
    rating update), then time leaderboard pages."""
    rng = random.Random(7)
    t0 = time.perf_counter()
    record = sample_record(3)
    text = json.dumps(record, separators=(",", ":"))
    standings: dict[int, Standing] = {}
    game_rows: list[Row] = []
    player_rows: list[Row] = []
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
        size = os.path.getsize(path) if isinstance(path, Path) else await _pg_size(path)
    finally:
        await service.close()
    return {"games": games, "players": len(standings), "pages": pages, "computed_in": computed,
            "seeded_in": seeded, "times": times, "bytes": size}


def _with_dbname(url: DatabaseUrl, dbname: str) -> DatabaseUrl:
    """The same server, user and options, another database."""
    parts = urlsplit(url.url)
    query = [(k, v) for k, v in parse_qsl(parts.query, keep_blank_values=True) if k != "dbname"]
    return DatabaseUrl(urlunsplit((parts.scheme, parts.netloc, "/" + dbname, urlencode(query, safe="/"),
                                   parts.fragment)))


async def _pg_size(url: DatabaseUrl) -> int:
    """Bytes of a PostgreSQL database on its server's disk."""
    import asyncpg

    conn = await asyncpg.connect(url.url)
    try:
        return int(await conn.fetchval("SELECT pg_database_size(current_database())"))
    finally:
        await conn.close()


async def server_facts(url: DatabaseUrl) -> dict[str, str]:
    """What the report says of a PostgreSQL server: its version and whether it fsyncs its WAL."""
    import asyncpg

    conn = await asyncpg.connect(url.url, timeout=10)
    try:
        version = await conn.fetchval("SHOW server_version")
        fsync = await conn.fetchval("SHOW fsync")
    finally:
        await conn.close()
    return {"version": str(version).split()[0], "fsync": str(fsync), "server": url.server}


class Databases:
    """A new, empty database for each measurement: a SQLite file in ``folder``, or, given a PostgreSQL URL, a
    database made on its server (its user must be allowed to create databases); ``drop()`` removes the
    PostgreSQL ones."""

    def __init__(self, folder: Path, server: DatabaseUrl | None = None) -> None:
        self.folder = folder
        self.server = server
        self.made: list[str] = []

    async def new(self, name: str) -> Database:
        """The database for the measurement ``name``."""
        if self.server is None:
            return self.folder / f"{name}.sqlite3"
        import asyncpg

        dbname = f"tavolo_bench_{os.getpid()}_{len(self.made) + 1}_{name}"
        conn = await asyncpg.connect(self.server.url, timeout=10)
        try:
            await conn.execute(f'CREATE DATABASE "{dbname}"')
        finally:
            await conn.close()
        self.made.append(dbname)
        return _with_dbname(self.server, dbname)

    async def drop(self) -> None:
        """Drop the databases made on the server."""
        if self.server is None or not self.made:
            return
        import asyncpg

        conn = await asyncpg.connect(self.server.url, timeout=10)
        try:
            while self.made:
                await conn.execute(f'DROP DATABASE IF EXISTS "{self.made.pop()}"')
        finally:
            await conn.close()


async def measure(databases: Databases, tables: int, level: str, synchronous: str, *, board: bool,
                  users: int = USERS, appends: int = APPENDS, games: int = GAMES) -> tuple[list[str], LoadFigures]:
    """The three measurements (the leaderboard only with ``board``) on new databases of ``databases``; the
    report's lines and the figures."""
    lines = []
    got = await load(await databases.new("load"), tables, level, users=users, synchronous=synchronous)
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
    single = await single_appends(await databases.new("single"), appends, synchronous=synchronous)
    got["single_ms"] = single
    lines.append(_("storing an action, nothing else running: {s}").format(s=summary(single)))
    if board:
        board_got = await leaderboard(await databases.new("board"), games=games)
        lines.append(_("leaderboard with {games} finished games of {players} players ({pages} pages of 10, "
                       "database {mb:.0f} MB, seeded in {seeded:.1f} s):").format(
            games=board_got["games"], players=board_got["players"], pages=board_got["pages"],
            mb=board_got["bytes"] / 2**20, seeded=board_got["seeded_in"]))
        for name, values in board_got["times"].items():
            lines.append(_("  {name} page: {s}").format(name=name, s=summary(values)))
    return lines, got


def ratio(now: list[float], before: list[float], q: float | None = None) -> float:
    """How many times the median (or the ``q``-th percentile) of ``now`` is that of ``before``."""
    if not now or not before:
        return float("nan")
    if q is None:
        a, b = statistics.median(now), statistics.median(before)
    else:
        a, b = pct(now, q), pct(before, q)
    return a / b if b else float("nan")


async def run(tables: int, level: str, postgresql: DatabaseUrl | None = None, *, users: int = USERS,
              appends: int = APPENDS, games: int = GAMES, say: Callable[[str], object] | None = None) -> list[str]:
    """Run the three measurements in a temporary directory, SQLite first, then, given a PostgreSQL server,
    the first two with ``synchronous_commit`` off and local and the leaderboard with local; the report's
    lines, each also given to ``say`` as soon as its measurement is done (a run with PostgreSQL takes minutes). A
    server that cannot be reached fails (``OSError``, asyncpg's errors) before anything is measured."""
    from bot.storage.postgres.backend import SYNCHRONOUS_COMMIT

    facts = await server_facts(postgresql) if postgresql is not None else None
    lines: list[str] = []

    def add(*new: str) -> None:
        lines.extend(new)
        for line in new:
            if say is not None:
                say(line)

    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as tmp:
        base = Path(tmp)
        add(_("backend: SQLite, synchronous NORMAL, a new file for each measurement"))
        add(*(await measure(Databases(base), tables, level, "NORMAL", board=True, users=users, appends=appends,
                            games=games))[0])
        if postgresql is None or facts is None:
            return lines
        databases = Databases(base, postgresql)
        figures: dict[str, LoadFigures] = {}
        try:
            for synchronous in SETTINGS:
                add(_("backend: PostgreSQL {version} at {server}, fsync {fsync}, synchronous_commit {commit} (the "
                      "store's synchronous {synchronous}), a new database for each measurement").format(
                    commit=SYNCHRONOUS_COMMIT[synchronous], synchronous=synchronous, **facts))
                got_lines, figures[synchronous] = await measure(
                    databases, tables, level, synchronous, board=synchronous == "NORMAL", users=users,
                    appends=appends, games=games)
                add(*got_lines)
                await databases.drop()
        finally:
            await databases.drop()
        off, local = figures["OFF"], figures["NORMAL"]
        add(_("the cost of durability on PostgreSQL, synchronous_commit local against off in this run: "
              "wall time x{wall:.2f}; storing an action meanwhile, median x{median:.2f}, p99 x{p99:.2f}; "
              "a user's action meanwhile, p99 x{user:.2f}; storing an action alone, median x{alone:.2f}, "
              "p99 x{alone99:.2f}").format(
            wall=local["seconds"] / off["seconds"], median=ratio(local["append_ms"], off["append_ms"]),
            p99=ratio(local["append_ms"], off["append_ms"], 99), user=ratio(local["human_ms"], off["human_ms"], 99),
            alone=ratio(local["single_ms"], off["single_ms"]),
            alone99=ratio(local["single_ms"], off["single_ms"], 99)))
    return lines


def main(args: argparse.Namespace | None = None) -> int:
    """Print the service benchmark; ``--games N`` plays N tables instead of 1,000; ``--postgresql URL`` (or
    ``temporary``, a server of its own) measures PostgreSQL as well."""
    import asyncpg

    from bot.lab.pg_server import ServerError, temporary_server
    from bot.lab_commands import TEMPORARY

    def say(line: str) -> None:
        print(line, flush=True)

    tables = getattr(args, "games", 0) or TABLES
    where = getattr(args, "postgresql", None)
    print(_("service benchmark, {cpus} CPUs, database in a temporary directory").format(cpus=os.cpu_count()))
    try:
        if where == TEMPORARY:
            with temporary_server() as url:
                asyncio.run(run(tables, LEVEL, url, say=say))
        else:
            asyncio.run(run(tables, LEVEL, where, say=say))
    except ServerError as e:
        print(_("error: no PostgreSQL server to measure: {reason}").format(reason=e), file=sys.stderr)
        return 1
    except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, StorageError) as e:
        if isinstance(e, (ConnectionRefusedError, FileNotFoundError)):  # no socket, or nobody listening on it
            reason = _("no server answers there")
        else:
            reason = " ".join(str(e).split()) or type(e).__name__
        print(_("error: the PostgreSQL server {server} cannot be used: {reason}").format(
            server=where.server if isinstance(where, DatabaseUrl) else where, reason=reason), file=sys.stderr)
        return 1
    return 0

