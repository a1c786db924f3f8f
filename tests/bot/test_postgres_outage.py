"""PostgreSQL stopped under a game, on a server of this module's own (the shared test server is never stopped):
an acknowledged move and an acknowledged finished game survive a crash of the server (its postmaster sent
``SIGQUIT``, which is what ``pg_ctl stop -m immediate`` does); an outage in the middle of a game is one clear
line for the player and one log line, no traceback, and the game goes on once the server is back; an outage
that does not end is given up within a bound, with a clear line and exit status."""

from __future__ import annotations

import asyncio
import os
import shlex
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import postgresql_server as pgserver  # the helper beside this file
import pytest

from bot.storage import DatabaseUrl
from bot.tables import TableService

ROOT = Path(__file__).resolve().parents[2]
G, CH, USER = 1, 10, 1
OPTIONS = {"turn_timer": "off", "match": "single"}


@pytest.fixture(scope="module")
def own_server() -> Iterator[pgserver.Server]:
    """A PostgreSQL server for this module alone, started as the shared one is (``fsync=off``: a stopped server
    keeps what it wrote to the operating system, as after a crash of the server, not of the machine)."""
    pg_ctl = pgserver.find_pg_ctl()
    if pg_ctl is None:
        from conftest import require  # tests/conftest.py

        require("postgresql", "PostgreSQL tests skipped: no PostgreSQL binaries (pg_ctl) on this machine")
    server = pgserver.start(pg_ctl)
    try:
        yield server
    finally:
        if not running(server):
            restart(server)
        pgserver.stop(server)


def postmaster(server: pgserver.Server) -> int | None:
    """The server's process id, while it runs."""
    try:
        return int((Path(server.executor.datadir) / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def running(server: pgserver.Server) -> bool:
    pid = postmaster(server)
    if pid is None:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def crash(server: pgserver.Server) -> None:
    """Stop the server at once, as ``pg_ctl stop -m immediate`` does (``SIGQUIT`` to the postmaster: every
    backend exits without writing anything more), without the time it takes to start ``pg_ctl``; wait until
    it is gone."""
    pid = postmaster(server)
    assert pid is not None, "the server is not running"
    os.kill(pid, signal.SIGQUIT)
    deadline = time.monotonic() + 30
    while running(server):
        assert time.monotonic() < deadline, "the server did not stop"
        time.sleep(0.02)


def restart(server: pgserver.Server) -> None:
    """Start the stopped server again (``pg_ctl start -w``, its crash recovery included) and wait for it."""
    subprocess.run(shlex.split(server.executor.command), check=True, timeout=120, capture_output=True)
    pgserver.ready_connection(server.socket_dir, server.port).close()


@pytest.fixture
def url(own_server) -> Iterator[DatabaseUrl]:
    """A new database on the module's server."""
    from pytest_postgresql.janitor import DatabaseJanitor

    name = f"tavolo_outage_{os.getpid()}_{time.monotonic_ns()}"
    with DatabaseJanitor(user="postgres", host=str(own_server.socket_dir), port=own_server.port,
                         dbname=name):
        yield DatabaseUrl(own_server.url(name))


async def stored(url: DatabaseUrl) -> tuple[dict[int, list[str]], dict[int, list[str]]]:
    """The live tables' entries and the finished games' actions (by table), read straight from the database."""
    import json

    conn = await asyncpg.connect(url.url)
    try:
        live: dict[int, list[str]] = {}
        for r in await conn.fetch("SELECT table_id, entry FROM live_actions ORDER BY table_id, n"):
            live.setdefault(r[0], []).append(canonical(json.loads(r[1])))
        games: dict[int, list[str]] = {}
        for r in await conn.fetch("SELECT id, record FROM games"):
            record = json.loads(r[1])
            games[r[0]] = [canonical(e) for rnd in record["rounds"] for e in rnd["actions"]]
        return live, games
    finally:
        await conn.close()


def canonical(entry: dict) -> str:
    import json

    return json.dumps(entry, separators=(",", ":"), sort_keys=True)


async def open_table(service: TableService, seed: int) -> int:
    """A 2-player Briscola of the user against a random AI, started."""
    t = await service.create(G, CH + seed, USER, "you", "briscola", 2, OPTIONS, level="random", seed=seed)
    await service.start(t.id, USER)
    return t.id


async def play_mine(service: TableService, table_id: int, until=lambda: False) -> int:
    """Play the user's first legal action at each of their turns, to the end of the game or ``until()``."""
    done = 0
    while not until():
        await service.idle()
        try:
            info = service.get(table_id)
        except Exception:  # noqa: BLE001 - the table is gone: the game is stored
            return done
        if info.to_move is None:
            return done
        await service.act(table_id, USER, service.view(table_id, USER).legal[0])
        done += 1
    return done


# ----- item 1: a crash of the server right after an acknowledgement -----
async def test_an_acknowledged_move_and_finished_game_survive_a_crash_of_the_server(own_server, url):
    service = await TableService.open(url, retry_delay=60.0)
    acked: dict[int, list[str]] = {}
    crashed: dict[str, int] = {}

    def on_event(event) -> None:
        # the server is stopped in the very callback that acknowledges: nothing more reaches it after the ack
        if event.kind == "action":
            acked.setdefault(event.table_id, []).append(canonical(event["entry"]))
            if event["by"] == "human" and len(acked[event.table_id]) >= 9 and "move" not in crashed:
                crashed["move"] = event.table_id
                crash(own_server)
        elif event.kind == "game_over" and "game" not in crashed and "move" in crashed:
            crashed["game"] = event["game_id"]
            crash(own_server)

    service.subscribe(on_event)
    try:
        table = await open_table(service, seed=5)
        await play_mine(service, table, until=lambda: "move" in crashed)
        assert crashed.get("move") == table
    finally:
        await asyncio.wait_for(service.close(), 60)
    restart(own_server)
    live, _games = await stored(url)
    assert live.get(table, [])[:len(acked[table])] == acked[table], "an acknowledged move was lost in the crash"

    # the same for a finished game: stored, acknowledged by ``game_over``, the server stopped at once
    acked.clear()
    service = await TableService.open(url, retry_delay=60.0)
    service.subscribe(on_event)
    try:
        other = await open_table(service, seed=6)
        await play_mine(service, other)
        assert "game" in crashed
    finally:
        await asyncio.wait_for(service.close(), 60)
    restart(own_server)
    _live, games = await stored(url)
    assert crashed["game"] in games, "an acknowledged finished game was lost in the crash"
    assert games[crashed["game"]] == acked[other]
