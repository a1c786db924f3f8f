"""The SQLite backend (aiosqlite, WAL): one writing connection behind the group-commit writer, one reading
connection beside it, ``PRAGMA user_version`` as the schema version."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

import aiosqlite

from bot.i18n import _
from bot.storage import opening, schema, wal
from bot.storage.backend import Backend
from bot.storage.connection import connect, forget_frames, shut, value
from bot.storage.errors import StorageError, StorageOpenError, storage_error
from bot.storage.rows import LiveTableRow
from bot.storage.tx import Params, Row
from bot.storage.writer import APPEND, Writer

log = logging.getLogger(__name__)

MAX_ROWS = 8000
"""Action rows in one INSERT (4 parameters each, under SQLite's limit of 32,766)."""
MAX_FENCED_ROWS = 5000
"""Action rows in one fenced INSERT (6 parameters each)."""
APPEND_FENCED = (
    "INSERT INTO live_actions (table_id, n, entry, at) SELECT v.column1, v.column2, v.column3, v.column4 "
    "FROM (VALUES (?, ?, ?, ?, ?, ?)) AS v WHERE EXISTS (SELECT 1 FROM table_leases l "
    "WHERE l.table_id = v.column1 AND l.owner = v.column5 AND l.epoch = v.column6) RETURNING table_id")
"""Action rows with their table's lease (owner, epoch), inserted only where the lease still holds."""


class SqliteSession:
    """The writer's connection as a ``Session``."""

    integrity_errors: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)
    job_errors: tuple[type[BaseException], ...] = (sqlite3.IntegrityError, sqlite3.ProgrammingError,
                                                    sqlite3.InterfaceError)
    max_rows = MAX_ROWS

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        cur = await self.conn.execute(sql, params)
        count = cur.rowcount
        await cur.close()
        return count

    async def insert(self, sql: str, params: Params = ()) -> int:
        cur = await self.conn.execute(sql, params)
        row_id = cur.lastrowid
        await cur.close()
        if row_id is None:
            raise StorageError(f"no row id from {sql}")
        return row_id

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        await self.conn.executemany(sql, rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(row) for row in await self.conn.execute_fetchall(sql, params)]

    async def ids_given(self, table: str) -> None:
        """Nothing to do: SQLite's next id follows the largest one."""

    async def begin(self) -> None:
        await self.conn.execute("BEGIN IMMEDIATE")

    async def commit(self) -> None:
        await self.conn.execute("COMMIT")

    async def rollback(self) -> None:
        try:
            if self.conn.in_transaction:
                await self.conn.execute("ROLLBACK")
        except sqlite3.Error as e:
            log.warning("rollback failed: %s", e)

    async def savepoint(self, name: str) -> None:
        await self.conn.execute(f"SAVEPOINT {name}")

    async def release(self, name: str) -> None:
        await self.conn.execute(f"RELEASE {name}")

    async def rollback_to(self, name: str) -> None:
        await self.conn.execute(f"ROLLBACK TO {name}")
        await self.conn.execute(f"RELEASE {name}")

    async def append_alone(self, rows: Sequence[Row]) -> None:
        # autocommit: the one multi-row statement is its own transaction
        await self.conn.execute(APPEND + ", (?, ?, ?, ?)" * (len(rows) - 1), [v for r in rows for v in r])

    async def append_fenced(self, rows: Sequence[Row], leases: Sequence[tuple[str, int]]) -> set[int] | None:
        # autocommit, one statement: only the rows whose table's lease is still the one given are inserted
        if len(rows) > MAX_FENCED_ROWS:
            return None
        sql = APPEND_FENCED.replace("(?, ?, ?, ?, ?, ?)", ", ".join(["(?, ?, ?, ?, ?, ?)"] * len(rows)))
        params = [v for r, (owner, epoch) in zip(rows, leases) for v in (*r, owner, epoch)]
        return {int(r[0]) for r in await self.conn.execute_fetchall(sql, params)}


class SqliteBackend(Backend):
    """A SQLite file: see the module docstring, and ``Store`` for the options."""

    dialect = "sqlite"

    def __init__(self, path: Path, *, busy_timeout: float, synchronous: str, check: bool) -> None:
        self.path = self.where = path
        self.busy_timeout = busy_timeout
        self.synchronous = synchronous
        self.check = check
        self._w: aiosqlite.Connection | None = None
        """The writer's connection (also used at open, for the migrations)."""
        self._r: aiosqlite.Connection | None = None
        """The reading connection (``query_only``), beside the writer thanks to WAL."""
        self._registered = False
        """Whether ``wal`` counts this store among the process's open ones."""

    async def open(self, first_read: Callable[[], Awaitable[object]]) -> None:
        created = False
        side_files = opening.side_files(self.path)
        kept: wal.Kept | None = None
        try:
            created = opening.check_path(self.path)
            if not created and wal.leftovers(self.path) and not wal.in_use(self.path):  # after an unclean stop
                kept = keep_damaged_log(self.path)
            known = len(schema.migrations(self.dialect))
            self._w = await connect(self.path, busy_timeout=self.busy_timeout, synchronous=self.synchronous,
                                    check=lambda conn: opening.check_contents(conn, self.path, known, self.check))
            self._r = await connect(self.path, busy_timeout=self.busy_timeout, synchronous=self.synchronous)
            await self._r.execute("PRAGMA query_only = ON")
            await self.migrate()
            await opening.check_tables(self._w, self.path)
            rows = await first_read()
            if kept is not None:
                games = None
                if kept.salvaged is not None:
                    games = {int(r[0]) for r in await self.read("SELECT id FROM games WHERE id >= ?",
                                                                 (min(kept.salvaged.games, default=0),))}
                report_damaged_log(kept, self.path, rows, games)
        except BaseException as e:
            forget_frames(e)  # a cursor kept by a traceback would keep its connection from really closing
            if kept is not None and not kept.report.exists():
                report_damaged_log(kept, self.path, None)
            await self.close()
            if created:
                opening.remove_new_file(self.path)
            else:
                opening.remove_new_side_files(self.path, side_files)
            if not isinstance(e, (sqlite3.Error, OSError, StorageError, UnicodeError)):
                raise
            err = opening.open_error(self.path, e)
        else:
            session = SqliteSession(self._w)

            @asynccontextmanager
            async def sessions() -> AsyncIterator[SqliteSession]:
                yield session

            self.writer = Writer(sessions, self.path)
            self.writer.start()
            wal.opened(self.path)
            self._registered = True
            for report in wal.reports(self.path):
                log.warning("database %s: %s (%s)", self.path, wal.read_report(report)[0], report)
            return
        raise err

    async def close(self) -> None:
        for conn in (self._w, self._r):
            if conn is not None:
                await shut(conn, self.path)
        self._w = self._r = None
        if self._registered:
            self._registered = False
            wal.closed(self.path)

    def damage_reports(self) -> list[tuple[Path, list[str]]]:
        """The reports of damaged write-ahead logs beside the database (see ``bot.storage.wal``)."""
        return [(report, wal.read_report(report)) for report in wal.reports(self.path)]

    async def read(self, sql: str, params: Params = ()) -> list[Row]:
        if self._r is None:
            raise StorageError("the database is closed")
        try:
            return [tuple(row) for row in await self._r.execute_fetchall(sql, params)]
        except (sqlite3.Error, ValueError) as e:
            forget_frames(e)
            if isinstance(e, UnicodeError) or "decode to UTF-8" in str(e):  # sqlite3: "Could not decode to UTF-8"
                err = StorageError(_("the database is damaged (text that is not UTF-8). Restore a backup, or move "
                                     "the file away and start a new one"), "SQLITE_CORRUPT")
            else:
                err = storage_error(e)
        raise err

    async def schema_version(self) -> int:
        """``PRAGMA user_version``: the last migration applied."""
        if self._w is None:
            raise StorageError("the database is closed")
        version: int = await value(self._w, "PRAGMA user_version")
        return version

    async def migrate(self) -> int:
        if self._w is None:
            raise StorageError("the database is closed")
        version = await self.schema_version()
        for number, name, sql in schema.migrations(self.dialect):
            if number <= version:
                continue
            log.info("database %s: applying migration %s", self.path, name)
            try:
                await self._w.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
            except sqlite3.Error:
                if self._w.in_transaction:
                    await self._w.execute("ROLLBACK")
                raise
            version = number
        return version

    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: ``ok`` or the problems found."""
        rows = await self.read("PRAGMA integrity_check")
        return "\n".join(r[0] for r in rows)


def keep_damaged_log(path: Path) -> wal.Kept | None:
    """Before SQLite opens ``path``: when its write-ahead log lacks committed saves, keep a copy aside and cut it
    to what SQLite uses (``bot.storage.wal``); a log that cannot be kept aside refuses the open."""
    damage = wal.diagnose(path)
    if damage is None:
        return None
    try:
        kept = wal.keep_aside(path, damage)
    except OSError as e:
        problem = _("its write-ahead log is damaged ({why}) and cannot be copied aside ({error})").format(
            why=damage.why, error=e.strerror or e)
        advice = _("Make its folder writable, or copy {wal} away yourself and choose another file with {setting}")
        raise StorageOpenError(path, problem, advice.replace("{wal}", f"{path}-wal")) from None
    return kept


def report_damaged_log(kept: wal.Kept, path: Path, rows: object, games: set[int] | None = None) -> None:
    """Write the report of a damaged log with the live tables the database holds now (``rows``: the store's
    first read, ``None`` when it failed) and the ids of its finished games among those the log held."""
    tables = None
    if isinstance(rows, list):
        tables = [(r.id, r.game, len(r.entries)) for r in rows if isinstance(r, LiveTableRow)]
    wal.write_report(kept.report, wal.report_lines(kept, path, tables, games))
