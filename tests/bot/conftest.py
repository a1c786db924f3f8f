"""Fixtures for the table service tests: a real SQLite file in ``tmp_path``, a hand-driven clock."""

from __future__ import annotations

import pytest

from bot.tables import ManualClock, TableService


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
