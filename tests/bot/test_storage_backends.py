"""The database setting chooses the backend; PostgreSQL on a real server started by the tests: the URL forms,
a refused open in one line (wrong password, server down or silent, no such database, another program's
tables, a newer schema), migrations applied once by two stores at once, an acknowledged action kept after a
kill -9, and a game restarted mid-way on PostgreSQL that ends as the same game played straight on SQLite."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest
from kill_driver import read_acks, unstored  # the helper beside this file

from bot.config import Settings
from bot.storage import DatabaseUrl, StorageOpenError, Store, schema
from bot.tables import TableService
from rules.records import replay_record

ROOT = Path(__file__).resolve().parents[2]
G, CH = 1, 10
OPTIONS = {"turn_timer": "off", "match": "short", "teams": "12-34"}


async def new_table(store: Store) -> int:
    return await store.create_table(guild_id=1, channel_id=2, host_id=3, game="briscola", players=2,
                                    options={"match": "single"}, level="greedy", seed=9,
                                    seats=[{"user_id": 3, "name": "a", "ai": None}])


async def refused(database, **options) -> StorageOpenError:
    """The error of an open that must fail; an open that hangs fails the test instead (30 s)."""
    with pytest.raises(StorageOpenError) as caught:
        await asyncio.wait_for(Store(database, **options).open(), 30)
    err = caught.value
    assert "\n" not in err.reason and "Traceback" not in err.reason
    return err


async def sql(url: DatabaseUrl, statement: str, *args) -> list[asyncpg.Record]:
    """Run one statement on the database directly, as another program would."""
    conn = await asyncpg.connect(url.url)
    try:
        return await conn.fetch(statement, *args)
    finally:
        await conn.close()


# ----- the setting -----
def test_the_database_setting_is_a_path_or_a_postgresql_url(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TAVOLO_DATABASE", "data/t.db")
    assert Settings().database == Path("data/t.db")
    assert Store(Settings().database).dialect == "sqlite"
    for url in ("postgresql://tavolo:s3cret@db.example:5433/tavolo",
                "postgres://tavolo:s3cret@/tavolo?host=/run/postgresql&port=5433"):
        monkeypatch.setenv("TAVOLO_DATABASE", url)
        settings = Settings()
        assert settings.database == DatabaseUrl(url) and settings.database.url == url
        assert Store(settings.database).dialect == "postgresql"
        assert "s3cret" not in str(settings.database) and "s3cret" not in repr(settings)
    assert DatabaseUrl("postgres://t@/tavolo?host=/run/postgresql&port=5433").server == "/run/postgresql (port 5433)"
    assert DatabaseUrl("postgresql://t:pw@db.example/x?password=pw").server == "db.example:5432"
    assert "pw" not in str(DatabaseUrl("postgresql://t@db.example/x?password=pw"))


def test_both_backends_have_the_same_numbered_migrations():
    sqlite, postgresql = schema.migrations("sqlite"), schema.migrations("postgresql")
    assert [(n, name.split(".")[0]) for n, name, _ in sqlite] == [(n, name.split(".")[0]) for n, name, _ in postgresql]
    assert len(sqlite) >= 2


async def test_both_backends_make_the_same_tables_and_columns(tmp_path, postgresql_url):
    async with Store(tmp_path / "t.sqlite3") as lite:
        lite_columns = {}
        for table in sorted(schema.TABLES):
            lite_columns[table] = [r[1] for r in await lite._read(f"PRAGMA table_info({table})")]
    async with Store(postgresql_url) as pg:
        assert await pg.schema_version() == len(schema.migrations("postgresql"))
        pg_columns = {}
        for table in sorted(schema.TABLES):
            pg_columns[table] = [r[0] for r in await pg._read(
                "SELECT column_name FROM information_schema.columns WHERE table_name = ? ORDER BY ordinal_position",
                (table,))]
    assert pg_columns == lite_columns


# ----- URL forms and refused opens -----
async def test_a_socket_folder_url_and_a_tcp_url_with_a_password_reach_the_same_database(
        postgresql_server, postgresql_url):
    name = postgresql_url.dbname
    await sql(postgresql_url, f'GRANT ALL ON DATABASE "{name}" TO tavolo_pw')
    await sql(postgresql_url, "GRANT ALL ON SCHEMA public TO tavolo_pw")
    from postgresql_server import PASSWORD

    tcp = DatabaseUrl(postgresql_server.tcp_url(name, "tavolo_pw", PASSWORD))
    async with Store(tcp) as store:
        table_id = await new_table(store)
        await store.append(table_id, 0, [{"seat": 0, "play": "Ad"}])
    assert PASSWORD not in str(tcp)
    async with Store(postgresql_url) as store:  # through the socket folder
        assert await store.live_entries(table_id) == [{"seat": 0, "play": "Ad"}]


async def test_a_wrong_password_is_one_clear_line(postgresql_server):
    err = await refused(DatabaseUrl(postgresql_server.tcp_url("postgres", "tavolo_pw", "wrong")))
    assert "refused the password of the user tavolo_pw" in err.reason, err.reason
    assert "wrong" not in err.reason and "Check the password in" in err.reason


async def test_a_server_that_is_down_is_one_clear_line():
    import port_for

    port = port_for.select_random()  # nobody listens there
    err = await refused(DatabaseUrl(f"postgresql://tavolo@127.0.0.1:{port}/tavolo"))
    assert f"cannot reach PostgreSQL at 127.0.0.1:{port}" in err.reason, err.reason
    assert "Start the server" in err.reason
    err = await refused(DatabaseUrl(f"postgresql://tavolo@/tavolo?host=/nonexistent/folder&port={port}"))
    assert f"cannot reach PostgreSQL at /nonexistent/folder (port {port})" in err.reason, err.reason


async def test_a_server_that_never_answers_is_a_timeout_not_a_hang():
    held: list[asyncio.StreamWriter] = []

    async def silent(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        held.append(writer)  # accepts, then says nothing

    server = await asyncio.start_server(silent, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    try:
        err = await refused(DatabaseUrl(f"postgresql://tavolo@127.0.0.1:{port}/tavolo?sslmode=disable"),
                            connect_timeout=0.5)
    finally:
        for writer in held:
            writer.close()
        server.close()
        await server.wait_closed()
    assert f"PostgreSQL at 127.0.0.1:{port} did not answer within 0.5 seconds" in err.reason, err.reason


async def test_a_missing_database_and_a_malformed_url_are_one_clear_line(postgresql_server):
    err = await refused(DatabaseUrl(postgresql_server.url("no_such_db")))
    assert "the database no_such_db does not exist" in err.reason and "createdb no_such_db" in err.reason, err.reason
    err = await refused(DatabaseUrl("postgresql://tavolo@127.0.0.1:notaport/tavolo"))
    assert "the database URL is not valid" in err.reason, err.reason


async def test_another_programs_database_is_refused_and_left_unchanged(postgresql_url):
    await sql(postgresql_url, "CREATE TABLE invoices (id integer PRIMARY KEY)")
    err = await refused(postgresql_url)
    assert "it holds the tables of another program (invoices)" in err.reason, err.reason
    tables = [r[0] for r in await sql(postgresql_url, "SELECT table_name FROM information_schema.tables "
                                                      "WHERE table_schema = 'public'")]
    assert tables == ["invoices"]


async def test_a_database_of_a_newer_version_is_refused_and_left_unchanged(postgresql_url):
    async with Store(postgresql_url) as store:
        table_id = await new_table(store)
    await sql(postgresql_url, "UPDATE tavolo_schema SET version = 99")
    err = await refused(postgresql_url)
    known = len(schema.migrations("postgresql"))
    assert f"newer version of Tavolo (schema 99; this version knows {known})" in err.reason, err.reason
    assert [r[0] for r in await sql(postgresql_url, "SELECT id FROM live_tables")] == [table_id]


async def test_a_dropped_table_or_a_damaged_row_is_refused_at_open(postgresql_url):
    async with Store(postgresql_url) as store:
        table_id = await new_table(store)
    await sql(postgresql_url, "UPDATE live_tables SET seats = '[{bad' WHERE id = $1", table_id)
    err = await refused(postgresql_url)
    assert f"live_tables {table_id} holds bad JSON" in err.reason, err.reason
    await sql(postgresql_url, "DROP TABLE standings")
    err = await refused(postgresql_url)
    assert "the database lacks the table standings" in err.reason, err.reason


async def test_two_stores_opening_a_new_database_at_once_apply_each_migration_once(postgresql_url):
    stores = await asyncio.gather(Store(postgresql_url).open(), Store(postgresql_url).open())
    try:
        assert [await s.schema_version() for s in stores] == [len(schema.migrations("postgresql"))] * 2
        ids = [await new_table(s) for s in stores]
        assert len(set(ids)) == 2
        assert {t.id for t in await stores[0].live_tables()} == set(ids)  # one database, seen by both
    finally:
        for s in stores:
            await s.close()


async def test_a_lost_connection_fails_the_writes_it_carried_and_the_next_ones_go_on(postgresql_url):
    async with Store(postgresql_url, pool_size=2) as store:
        table_id = await new_table(store)
        # the server ends every connection of the store (as a restart of PostgreSQL would)
        await sql(postgresql_url, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                                  "WHERE application_name = 'tavolo' AND pid <> pg_backend_pid()")
        for n in range(3):  # the pool reconnects: a write may fail once, none hangs, the log goes on
            try:
                await asyncio.wait_for(store.append(table_id, n, [{"seat": 0, "play": str(n)}]), 30)
            except Exception as e:  # noqa: BLE001 - a StorageError is allowed, once
                assert type(e).__name__ == "StorageError", e
                await store.append(table_id, n, [{"seat": 0, "play": str(n)}])
        assert [e["play"] for e in await store.live_entries(table_id)] == ["0", "1", "2"]


# ----- durability and the service on PostgreSQL -----


async def test_killed_with_sigkill_on_postgresql_loses_no_acknowledged_action(postgresql_url, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    errors = tmp_path / "driver.err"
    with open(errors, "w") as err:
        proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bot/kill_driver.py"), postgresql_url.url, "12"],
                                stdout=subprocess.PIPE, stderr=err, text=True, cwd=ROOT, env=env)
    try:
        acks = read_acks(proc, 1500, 60)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    assert len(acks) >= 100, errors.read_text()
    assert "Traceback" not in errors.read_text(), errors.read_text()

    live: dict[int, list[dict]] = {r[0]: [] for r in await sql(postgresql_url, "SELECT id FROM live_tables")}
    for r in await sql(postgresql_url, "SELECT table_id, entry FROM live_actions ORDER BY table_id, n"):
        live[r[0]].append(json.loads(r[1]))
    finished = {}
    for r in await sql(postgresql_url, "SELECT record FROM games"):
        record = json.loads(r[0])
        finished[record["table"]] = [e for rnd in record["rounds"] for e in rnd["actions"]]
    lost = unstored(acks, live, finished)
    assert not lost, f"acknowledged but not stored: {lost[:5]}"
    assert any(t in finished for t, _, _ in acks) and any(t in live for t, _, _ in acks)


def last_legal(view):
    return view.legal[-1]


async def start_game(service: TableService, seed: int) -> int:
    t = await service.create(G, CH, 1, "one", "briscola", 4, OPTIONS, level="greedy", seed=seed)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)  # the other two seats: greedy AI players
    return t.id


async def finished_record(service: TableService, events) -> dict:
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1
    record = await service.store.game_record(over[0]["game_id"])
    record.pop("finished_at")
    return record


async def test_a_game_restarted_mid_way_on_postgresql_ends_as_the_same_game_played_straight_on_sqlite(
        tmp_path, postgresql_url, open_service, play):
    straight = await open_service(tmp_path / "straight.sqlite3")
    straight_events: list = []
    straight.subscribe(straight_events.append)
    table = await start_game(straight, seed=23)
    total = await play(straight, table, {1, 2}, choose=last_legal)
    expected = await finished_record(straight, straight_events)

    first = await open_service(postgresql_url)
    table = await start_game(first, seed=23)
    half = await play(first, table, {1, 2}, choose=last_legal, stop=lambda info: info.version >= 60)
    assert 0 < half < total
    version = first.get(table).version
    stored = await first.store.live_entries(table)
    assert len(stored) == version
    await first.close()

    second = await open_service(postgresql_url)  # a new service on the same database
    events: list = []
    second.subscribe(events.append)
    info = second.get(table)
    assert info.status == "playing" and info.version == version
    assert [e for r in second.record(table)["rounds"] for e in r["actions"]] == stored
    rest = await play(second, table, {1, 2}, choose=last_legal)
    assert half + rest == total
    resumed = await finished_record(second, events)
    assert json.dumps(resumed, sort_keys=True) == json.dumps(expected, sort_keys=True)
    replay_record(resumed)
    assert await second.store.live_tables() == []
    board, ranked = await second.store.leaderboard(G, "briscola", 0, 10)
    assert ranked == 2 and {s.user_id for s in board} == {1, 2}
    assert await second.store.integrity_check() == "ok"


async def test_the_synchronous_option_chooses_postgresqls_synchronous_commit(postgresql_url):
    async with Store(postgresql_url) as store:  # NORMAL: in the server's WAL on its disk when the call returns
        assert await store._read("SHOW synchronous_commit") == [("local",)]
    async with Store(postgresql_url, synchronous="FULL") as store:  # FULL: and on the synchronous replicas
        assert await store._read("SHOW synchronous_commit") == [("on",)]
    async with Store(postgresql_url, synchronous="OFF") as store:  # OFF: bulk loading only
        assert await store._read("SHOW synchronous_commit") == [("off",)]


async def test_a_members_language_is_kept_changed_cleared_and_forgotten_on_both_backends(database):
    service = await TableService.open(database)
    try:
        assert await service.member_language(7) is None
        await service.set_member_language(7, "ko")
        await service.set_member_language(8, "de")
        await service.set_member_language(7, "eo")
        assert (await service.member_language(7), await service.member_language(8)) == ("eo", "de")
        await service.set_member_language(8, None)
        assert await service.member_language(8) is None
        await service.forget_user(7)
        assert await service.member_language(7) is None
        await service.set_member_language(9, "ru")
    finally:
        await service.close()
    reopened = await TableService.open(database)
    try:
        assert await reopened.member_language(7) is None and await reopened.member_language(8) is None
        assert await reopened.member_language(9) == "ru"
    finally:
        await reopened.close()


def test_the_test_server_is_waited_for_while_it_says_it_is_starting_up(monkeypatch):
    import postgresql_server
    import psycopg

    calls: list[str] = []

    def connect(**kw):
        calls.append(kw["host"])
        if len(calls) < 3:
            raise psycopg.OperationalError('connection failed: FATAL:  the database system is starting up')
        return "connected"

    monkeypatch.setattr(psycopg, "connect", connect)
    assert postgresql_server.ready_connection(Path("/sock"), 5432, seconds=30) == "connected"
    assert calls == ["/sock"] * 3
    calls.clear()

    def refuse(**kw):
        calls.append(kw["host"])
        raise psycopg.OperationalError("connection failed: FATAL:  role \"postgres\" does not exist")

    monkeypatch.setattr(psycopg, "connect", refuse)
    with pytest.raises(psycopg.OperationalError, match="does not exist"):  # another refusal: at once
        postgresql_server.ready_connection(Path("/sock"), 5432, seconds=30)
    assert calls == ["/sock"]
