"""Shards over processes, measured: two processes with half the shards each play AI tables to the end on one
PostgreSQL database (docs/STORAGE.md, "A lease per table").

``python -m bot.lab.bench_shards [--tables 1000] [--level medium]``: the database is ``TAVOLO_DATABASE`` (a
``postgresql://`` URL; the benchmark's tables are added to it) or, without one, a new database on a temporary
server started from the machine's PostgreSQL binaries as the tests start it. Prints the tables each process
ran, the tables run by exactly one owner, the wall time and the store's action times (call to commit).

``python -m bot.lab.bench_shards child URL --shard-count N --shard-ids IDS ...`` is one of the processes
(the benchmark starts them; ``tests/bot/shard_driver.py`` runs one for the tests): a ``TableService`` with
its shards and its own lease owner, which opens ``--tables`` AI tables in guilds of its shards when told to
(``--create``), plays until no live table of its shards is left, and prints ``DONE`` with its figures as JSON
(and with ``--acks``, ``ACK owner table version entry`` for each action stored and applied).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypedDict

from bot import shards as shard_args
from bot.i18n import _
from bot.lab.bench_service import LEVEL, TABLES, TimedStore, pct
from bot.shards import Shards
from bot.storage import DatabaseUrl, database_of
from bot.tables import TableEvent, TableService

ROOT = Path(__file__).resolve().parents[2]
OPTIONS = {"turn_timer": "off"}
"""The benchmark's tables: 4-player Briscola without a turn timer (AI players only)."""


def guild_for(shards: Shards | None, k: int) -> int:
    """The ``k``-th guild id of a process's shards (one table per guild)."""
    if shards is None:
        shards = Shards()
    shard = shards.ids[k % len(shards.ids)]
    return ((k // len(shards.ids) * shards.count + shard) << 22) | 4242


class ChildFigures(TypedDict):
    """What one process of the benchmark did (its ``DONE`` line's JSON): the tables it made, rebuilt, finished
    and lost, and the milliseconds of its appends."""

    owner: str | None
    shards: list[int]
    created: list[int]
    resumed: list[int]
    finished: list[int]
    lost: list[int]
    seconds: float
    append_p50_ms: float
    append_p99_ms: float
    actions: int


class StoredFigures(TypedDict):
    """What the database holds after a run."""

    games: int
    tables: int
    live: int
    leases: int


class RunFigures(TypedDict):
    """The figures of a run: each process's, the wall time, what is stored, and the tables run by one process
    or by two."""

    processes: list[ChildFigures]
    wall: float
    tables: int
    stored: StoredFigures
    by_one: int
    by_two: int


class SlowExecutor(ThreadPoolExecutor):
    """A thread pool whose every task takes at least ``delay`` seconds (for the tests: games that last long
    enough to kill a process in the middle of them)."""

    def __init__(self, delay: float, max_workers: int = 2) -> None:
        super().__init__(max_workers=max_workers, thread_name_prefix="tavolo-ai")
        self.delay = delay

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        def slow() -> Any:
            time.sleep(self.delay)
            return fn(*args, **kwargs)

        return super().submit(slow)


async def child(url: str, shards: Shards | None, *, tables: int, create: bool, owner: str | None, ttl: float,
                level: str, delay: float, acks: bool) -> ChildFigures:
    """One process of the benchmark (see the module docstring); its figures."""
    store = TimedStore(url)
    await store.open()
    executor = SlowExecutor(delay) if delay > 0 else None
    service = TableService(store, shards=shards, owner=owner, lease_ttl=ttl, guild_cap=10**6, executor=executor)
    out = sys.stdout
    finished: set[int] = set()
    lost: set[int] = set()
    resumed: set[int] = set()
    """Tables rebuilt from the log here: at the start, or taken over from a process that died."""

    def on_event(event: TableEvent) -> None:
        if event.kind == "game_over":
            finished.add(event.table_id)
        elif event.kind == "resumed":
            resumed.add(event.table_id)
        elif event.kind == "lost":
            lost.add(event.table_id)
        elif acks and event.kind == "action":
            out.write(f"ACK {service.owner} {event.table_id} {event['version']} {json.dumps(event['entry'])}\n")
            out.flush()

    service.subscribe(on_event)
    t0 = time.perf_counter()
    await service.resume()
    created = []
    if create:
        made = [await service.create(guild_for(shards, k), 1, 0, "host", "briscola", 4, OPTIONS, level,
                                     seed=k, seat_host=False) for k in range(tables)]
        for info in made:
            await service.start(info.id, 0)
        created = [info.id for info in made]
    out.write(f"READY {service.owner}\n")
    out.flush()
    while await store.live_table_ids(shards):
        await asyncio.sleep(0.2)
    seconds = time.perf_counter() - t0
    figures: ChildFigures = {"owner": service.owner, "shards": list((shards or Shards()).ids), "created": created,
               "resumed": sorted(resumed), "finished": sorted(finished), "lost": sorted(lost), "seconds": seconds,
               "append_p50_ms": pct(store.append_ms, 50), "append_p99_ms": pct(store.append_ms, 99),
               "actions": len(store.append_ms)}
    await service.close()
    if executor is not None:
        executor.shutdown(wait=False, cancel_futures=True)
    return figures


def child_main(argv: list[str]) -> int:
    """``child URL --shard-count N --shard-ids IDS [--tables N] [--create] [--owner NAME] [--ttl S] [--level L]
    [--delay S] [--acks]``: run one process and print ``DONE`` and its figures as JSON."""
    parser = argparse.ArgumentParser(prog="bench_shards child")
    parser.add_argument("url")
    shard_args.add_arguments(parser)
    parser.add_argument("--tables", type=int, default=0)
    parser.add_argument("--create", action="store_true")
    parser.add_argument("--owner", default=None)
    parser.add_argument("--ttl", type=float, default=30.0)
    parser.add_argument("--level", default=LEVEL)
    parser.add_argument("--delay", type=float, default=0.0)
    parser.add_argument("--acks", action="store_true")
    args = parser.parse_args(argv)
    shards = shard_args.from_args(args)  # None: one process, every shard, no leases (today's service)
    figures = asyncio.run(child(args.url, shards, tables=args.tables, create=args.create, owner=args.owner,
                                ttl=args.ttl, level=args.level, delay=args.delay, acks=args.acks))
    print("DONE " + json.dumps(figures), flush=True)
    return 0


def _test_server() -> tuple[Any, Callable[[], None]]:
    """A temporary PostgreSQL server as the tests start it (``tests/bot/postgresql_server.py``)."""
    spec = importlib.util.spec_from_file_location("postgresql_server", ROOT / "tests/bot/postgresql_server.py")
    if spec is None or spec.loader is None:
        raise SystemExit(_("no TAVOLO_DATABASE and no tests/bot/postgresql_server.py to start a server with"))
    pgserver = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = pgserver  # its dataclass looks its module up
    spec.loader.exec_module(pgserver)
    pg_ctl = pgserver.find_pg_ctl()
    if pg_ctl is None:
        raise SystemExit(_("no TAVOLO_DATABASE and no PostgreSQL binaries (pg_ctl) to start a server with"))
    server = pgserver.start(pg_ctl)
    return server, lambda: pgserver.stop(server)


async def _stored(url: str) -> StoredFigures:
    """What the database holds after the run: games stored (each replayed), live tables and leases left."""
    import asyncpg

    from rules.records import replay_record

    conn = await asyncpg.connect(url)
    try:
        records = [json.loads(r[0]) for r in await conn.fetch("SELECT record FROM games")]
        live = await conn.fetchval("SELECT count(*) FROM live_tables")
        leases = await conn.fetchval("SELECT count(*) FROM table_leases")
    finally:
        await conn.close()
    for record in records:
        replay_record(record)
    return {"games": len(records), "tables": len({r.get("table") for r in records}), "live": live, "leases": leases}


def run(url: str, tables: int, level: str) -> RunFigures:
    """Two processes with half the shards each (2 shards) play ``tables`` AI tables to the end; the figures."""
    half = tables // 2
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    procs = [subprocess.Popen(
        [sys.executable, "-m", "bot.lab.bench_shards", "child", url, "--shard-count", "2", "--shard-ids", str(i),
         "--tables", str(half if i == 0 else tables - half), "--create", "--level", level],
        stdout=subprocess.PIPE, text=True, cwd=ROOT, env=env) for i in (0, 1)]
    t0 = time.perf_counter()
    results: list[ChildFigures] = []
    for proc in procs:
        out, _err = proc.communicate()
        done = [line for line in out.splitlines() if line.startswith("DONE ")]
        if proc.returncode != 0 or not done:
            raise SystemExit(_("a benchmark process failed (exit code {code})").format(code=proc.returncode))
        results.append(json.loads(done[-1][5:]))
    wall = time.perf_counter() - t0
    stored = asyncio.run(_stored(url))
    runs: dict[int, int] = {}
    for r in results:
        for table in r["finished"]:
            runs[table] = runs.get(table, 0) + 1
    created = {t for r in results for t in r["created"]}
    return {"processes": results, "wall": wall, "tables": tables, "stored": stored,
            "by_one": sum(1 for t in created if runs.get(t) == 1), "by_two": sum(1 for n in runs.values() if n > 1)}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (or, with ``child``, one of its processes) and print the figures."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["child"]:
        return child_main(argv[1:])
    parser = argparse.ArgumentParser(prog="python -m bot.lab.bench_shards", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=TABLES, help=_("AI tables to play (default 1,000)"))
    parser.add_argument("--level", default=LEVEL, help=_("the AI level (default medium)"))
    args = parser.parse_args(argv)
    stop: Callable[[], None] | None = None
    setting = os.environ.get("TAVOLO_DATABASE", "")
    if DatabaseUrl.is_url(setting):
        url = database_of(setting)
        assert isinstance(url, DatabaseUrl)
        where = str(url)
        got = run(url.url, args.tables, args.level)
    else:
        import psycopg

        server, stop = _test_server()
        try:
            with psycopg.connect(host=str(server.socket_dir), port=server.port, user="postgres", dbname="postgres",
                                 autocommit=True) as conn:
                conn.execute("CREATE DATABASE tavolo_bench_shards")
            where = _("a temporary PostgreSQL server")
            got = run(server.url("tavolo_bench_shards"), args.tables, args.level)
        finally:
            stop()
    print(_("shards benchmark: {tables} AI tables (4-player Briscola, level {level}), 2 processes with one shard of "
            "2 each, on {where}").format(tables=got["tables"], level=args.level, where=where))
    for r in got["processes"]:
        print(_("  shard {ids}: {n} tables run to the end, {actions} actions, in {s:.1f} s; storing an action "
                "median {p50:.2f} ms, p99 {p99:.2f} ms; tables lost to the other: {lost}").format(
            ids=",".join(map(str, r["shards"])), n=len(r["finished"]), actions=r["actions"], s=r["seconds"],
            p50=r["append_p50_ms"], p99=r["append_p99_ms"], lost=len(r["lost"])))
    print(_("  tables run by exactly one owner: {one} of {tables}; by two: {two}; wall time {wall:.1f} s").format(
        one=got["by_one"], tables=got["tables"], two=got["by_two"], wall=got["wall"]))
    st = got["stored"]
    print(_("  stored: {games} games of {tables} tables, each replayed through the rules; {live} live tables and "
            "{leases} leases left").format(**st))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
