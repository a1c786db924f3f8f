"""Fixtures for the table service tests: a real SQLite file in ``tmp_path``, a real PostgreSQL server started
from the machine's binaries (``postgresql_server``, a new database per test with ``postgresql_url``), both
backends in turn (``database``), a hand-driven clock."""

from __future__ import annotations

import itertools
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from bot.storage import DatabaseUrl
from bot.tables import ManualClock, TableService

sys.path.insert(0, str(Path(__file__).parent))
import postgresql_server as pgserver  # noqa: E402 - the helper beside this file

_databases = itertools.count(1)


@pytest.fixture(scope="session")
def postgresql_test_server() -> Iterator[pgserver.Server | str]:
    """A PostgreSQL server of the machine's binaries for the whole session, or why there is none."""
    pg_ctl = pgserver.find_pg_ctl()
    if pg_ctl is None:
        yield ("PostgreSQL tests skipped: no PostgreSQL binaries (pg_ctl) on this machine; install PostgreSQL "
               "(e.g. apt-get install postgresql) to run them")
        return
    try:
        server = pgserver.start(pg_ctl)
    except Exception as e:  # noqa: BLE001 - whatever stopped it, say it in one line
        yield f"PostgreSQL tests skipped: {pg_ctl} did not start a server: {type(e).__name__}: {e}"
        return
    yield server
    pgserver.stop(server)


@pytest.fixture
def postgresql_server(postgresql_test_server, require) -> pgserver.Server:
    """The session's PostgreSQL server; the test is skipped without one (failed when ``TAVOLO_REQUIRE`` names
    ``postgresql``: see tests/conftest.py)."""
    if isinstance(postgresql_test_server, str):
        require("postgresql", postgresql_test_server)
    return postgresql_test_server


@pytest.fixture
def postgresql_url(postgresql_server) -> Iterator[DatabaseUrl]:
    """A new, empty database on the test server, as a URL with its socket folder (dropped after the test)."""
    from pytest_postgresql.janitor import DatabaseJanitor

    name = f"tavolo_{os.getpid()}_{next(_databases)}"
    with DatabaseJanitor(user="postgres", host=str(postgresql_server.socket_dir), port=postgresql_server.port,
                         dbname=name):
        yield DatabaseUrl(postgresql_server.url(name))


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request, tmp_path) -> Path | DatabaseUrl:
    """Each backend in turn: a SQLite file that does not exist yet, then a new PostgreSQL database."""
    if request.param == "sqlite":
        return tmp_path / "tavolo.sqlite3"
    return request.getfixturevalue("postgresql_url")


@pytest.fixture
def db_path(tmp_path):
    """A database file that does not exist yet."""
    return tmp_path / "tavolo.sqlite3"


@pytest.fixture
def clock():
    """A clock that moves only when the test says so."""
    return ManualClock()


@pytest.fixture
async def open_service(db_path, clock):
    """``await open_service(path=db_path, **options)``: a service on a real file; closed at the end."""
    opened: list[TableService] = []

    async def make(path=None, **options) -> TableService:
        options.setdefault("clock", clock)
        service = await TableService.open(path or db_path, **options)
        opened.append(service)
        return service

    yield make
    for service in opened:
        await service.close()


class Recorder:
    """Collects every event of a service, in order."""

    def __init__(self) -> None:
        self.events = []

    def __call__(self, event) -> None:
        self.events.append(event)

    def kinds(self, table_id=None) -> list[str]:
        return [e.kind for e in self.events if table_id is None or e.table_id == table_id]

    def of(self, kind: str) -> list:
        return [e for e in self.events if e.kind == kind]


@pytest.fixture
def recorder():
    """An event recorder to subscribe to a service."""
    return Recorder()


async def play_until(service, table_id, user_ids, *, stop=None, choose=None) -> int:
    """Let the users of ``user_ids`` play their first legal action (or ``choose(view)``) until the game is
    over or ``stop(info)`` is true; return the number of human actions."""
    acted = 0
    while True:
        await service.idle()
        try:
            info = service.get(table_id)
        except Exception:  # noqa: BLE001 - the table is gone: the game is stored
            return acted
        if stop is not None and stop(info):
            return acted
        seat = info.to_move
        if seat is None:
            return acted
        user = info.seats[seat].user_id
        assert user in user_ids and info.seats[seat].away is None, "the game waits for nobody"
        view = service.view(table_id, user)
        action = choose(view) if choose else view.legal[0]
        await service.act(table_id, user, action)
        acted += 1


@pytest.fixture
def play():
    """The ``play_until`` helper."""
    return play_until
