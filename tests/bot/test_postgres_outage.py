"""PostgreSQL stopped under a game, on a server of this module's own (the shared test server is never stopped):
an acknowledged move and an acknowledged finished game survive a crash of the server (its postmaster sent
``SIGQUIT``, which is what ``pg_ctl stop -m immediate`` does); an outage in the middle of a game is one clear
line for the player and one log line, no traceback, and the game goes on once the server is back; an outage
that does not end is given up within a bound, with a clear line and exit status."""

from __future__ import annotations

import asyncio
import io
import logging
import os
import shlex
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import postgresql_server as pgserver  # the helper beside this file
import pytest

from bot.storage import DatabaseUrl
from bot.tables import StorageFailed, TableService

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
        try:
            yield DatabaseUrl(own_server.url(name))
        finally:  # a test that failed with the server stopped
            if not running(own_server):
                restart(own_server)


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
        if until():  # it came true while the AI played
            break
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


# ----- item 2: an outage in the middle of a game -----
def no_tracebacks(records: list[logging.LogRecord]) -> None:
    """No log record above DEBUG carries a traceback, and each is one line; an outage is no error of the
    store's own (the rollback of a lost connection is nothing to warn about)."""
    for r in records:
        if r.levelno > logging.DEBUG:
            assert r.exc_info is None and not r.exc_text, f"{r.name}: a traceback at {r.levelname}"
            assert "\n" not in r.getMessage(), f"{r.name}: {r.getMessage()!r}"
            assert "rollback failed" not in r.getMessage(), r.getMessage()


async def test_an_outage_mid_game_is_one_clear_line_and_the_game_goes_on_once_the_server_is_back(
        own_server, url, caplog):
    caplog.set_level(logging.DEBUG)
    service = await TableService.open(url, retry_delay=2.0)
    acked: list[str] = []
    errors: list[str] = []
    when: dict[str, int] = {}

    def on_event(event) -> None:
        if event.kind == "action":
            acked.append(canonical(event["entry"]))
            if event["by"] == "human" and len(acked) >= 12 and "ai" not in when and "human" in when:
                when["ai"] = len(acked)  # the AI's next move finds the server gone: it is tried again later
                crash(own_server)
        elif event.kind == "storage_error":
            errors.append(event["reason"])
        elif event.kind == "turn" and event["user_id"] == USER and len(acked) >= 4 and "human" not in when:
            when["human"] = len(acked)  # the server goes at the user's turn
            crash(own_server)

    service.subscribe(on_event)
    try:
        table = await open_table(service, seed=7)
        await play_mine(service, table, until=lambda: "human" in when)
        version = service.get(table).version
        with pytest.raises(StorageFailed) as refused:
            await service.act(table, USER, service.view(table, USER).legal[0])
        line = str(refused.value)
        assert line.startswith("The database is unreachable: your move was not saved and nothing changed.")
        assert "Errno" not in line and "\n" not in line
        assert service.get(table).version == version  # nothing changed
        restart(own_server)
        for _try in range(40):  # the game goes on: the move is taken once the pool has its connections back
            try:
                await service.act(table, USER, service.view(table, USER).legal[0])
                break
            except StorageFailed as e:
                assert str(e) == line
                await asyncio.sleep(0.25)
        else:
            pytest.fail("the server is back, the move is still refused")

        # the server goes again right after the user's move: the AI's move waits for it, then the game goes on
        await play_mine(service, table, until=lambda: "ai" in when)
        await asyncio.sleep(0.5)  # a failed try or two of the AI's move
        restart(own_server)
        await play_mine(service, table)
        assert errors and set(errors) == {"the database is unreachable"}
        with pytest.raises(Exception):  # noqa: B017, PT011 - the table is gone: the game is stored
            service.get(table)
    finally:
        await asyncio.wait_for(service.close(), 60)
    _live, games = await stored(url)
    assert len(games) == 1 and next(iter(games.values())) == acked  # every acknowledged move, in order
    no_tracebacks(caplog.records)


class CrashingInput(io.StringIO):
    """The player's input, which stops the server just before the ``at``-th line is read (the player is
    typing their move while the server goes), and starts it again ``back`` seconds later (``None``: never)."""

    def __init__(self, text: str, server: pgserver.Server, at: int, back: float | None) -> None:
        super().__init__(text)
        self.server, self.at, self.back, self.lines = server, at, back, 0

    def readline(self, *args) -> str:  # type: ignore[override]
        self.lines += 1
        if self.lines == self.at:
            crash(self.server)
            if self.back is not None:
                threading.Timer(self.back, restart, [self.server]).start()
        return super().readline(*args)


async def run_play(url: DatabaseUrl, stdin: io.StringIO) -> tuple[int, str]:
    from bot.__main__ import build_parser
    from bot.tools.play import play

    args = build_parser().parse_args(["play", "--db", url.url, "--game", "briscola", "--players", "2", "--level",
                                      "random", "--seed", "3"])
    out = io.StringIO()
    code = await asyncio.wait_for(play(args, stdin, out), 120)  # never a hang
    return code, out.getvalue()


async def test_the_terminal_game_keeps_the_move_until_the_server_is_back(own_server, url, caplog):
    code, out = await run_play(url, CrashingInput("1\n" * 60, own_server, at=5, back=1.0))
    assert "The database is unreachable; your move is kept and will be saved when it returns" in out
    assert "The database is back: your move is saved." in out
    assert code == 0 and "Game over." in out and "Game 1 stored." in out
    assert "Errno" not in out and "Traceback" not in out
    no_tracebacks(caplog.records)


async def test_the_terminal_game_gives_up_waiting_within_its_bound_and_continues_later(
        own_server, url, monkeypatch, caplog):
    import bot.tools.play

    monkeypatch.setattr(bot.tools.play, "DATABASE_WAIT", 2.0)
    start = time.monotonic()
    try:
        code, out = await run_play(url, CrashingInput("1\n" * 60, own_server, at=5, back=None))
    finally:
        restart(own_server)
    assert code == 1 and time.monotonic() - start < 60
    assert "The database is unreachable; your move is kept and will be saved when it returns (waiting up to 2 " in out
    assert ("The database did not come back within 2 seconds. The game is kept as last saved: run the same command "
            "to continue it once the database works again.") in out
    assert "Game over." not in out and "Errno" not in out and "Traceback" not in out
    no_tracebacks(caplog.records)
    code, out = await run_play(url, io.StringIO("1\n" * 60))  # the same command, the server back: it goes on
    assert code == 0 and "Continuing your unfinished game" in out and "Game over." in out


# ----- a write reported as failed that reached the database: the game must go on -----
async def test_a_write_that_reached_the_database_though_it_failed_does_not_stop_the_game(open_service, play,
                                                                                          monkeypatch):
    from bot.storage import StorageError, Store

    service = await open_service()
    table = await open_table(service, seed=4)
    await play(service, table, {USER}, stop=lambda info: info.version >= 6)
    real_append = Store.append
    lost_once: list[int] = []

    async def stored_but_lost(self, *args, **kwargs):  # committed, but the answer never came back
        await real_append(self, *args, **kwargs)
        if not lost_once:
            lost_once.append(1)
            raise StorageError("the database is unreachable", "unreachable")

    monkeypatch.setattr(Store, "append", stored_but_lost)
    version = service.get(table).version
    with pytest.raises(StorageFailed):
        await service.act(table, USER, service.view(table, USER).legal[0])
    await service.idle()
    assert service.get(table).version > version  # rebuilt from the database: the move is in
    assert await play(service, table, {USER}) > 0  # and the game goes on to the end (the AI is not forgotten)
    with pytest.raises(Exception):  # noqa: B017, PT011 - the table is gone: the game is stored
        service.get(table)
