"""The PostgreSQL backend: an asyncpg pool; the writer takes one of its connections per transaction and the
reads the others; the schema version in ``tavolo_schema``; migrations under an advisory lock, so that two
processes starting at once apply each one once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage import schema
from bot.storage.backend import Backend
from bot.storage.errors import StorageError, short, storage_error
from bot.storage.postgres import opening
from bot.storage.postgres.session import Conn, PostgresSession, numbered
from bot.storage.tx import Params, Row
from bot.storage.url import DatabaseUrl
from bot.storage.writer import Writer

log = logging.getLogger(__name__)

MIGRATION_LOCK = 0x7461766F6C6F
"""The advisory lock held while migrating ("tavolo" in ASCII)."""
COMMAND_TIMEOUT = 60.0
"""Seconds a statement may take before it fails (a server that stopped answering is an error, not a hang)."""
CLOSE_TIMEOUT = 10.0
"""Seconds to wait for the pool's connections at close before they are cut."""
IDLE_TIMEOUT = 15.0
"""Seconds a connection of the store may sit in an open transaction without a statement before the server ends
that session (``idle_in_transaction_session_timeout``). A process frozen in the middle of a write (``SIGSTOP``,
a paused machine) would otherwise keep the lock of the lease rows it fenced for as long as it is frozen, and the
takeover of those tables by another process would wait for it: with this, the takeover waits at most this long,
and the frozen write fails when the process wakes (it was never acknowledged). The store's transactions send
their statements back to back, so a live process never comes near it."""
FAILURES = (asyncpg.PostgresError, asyncpg.InterfaceError, OSError)
"""What a read or write may raise: the server's errors, the driver's, a lost connection."""
SYNCHRONOUS_COMMIT = {"OFF": "off", "NORMAL": "local", "FULL": "on", "EXTRA": "on"}
"""PostgreSQL's ``synchronous_commit`` for each value of the store's ``synchronous``. ``NORMAL`` (the default)
is ``local``: a commit is acknowledged once the server has written it to its WAL and flushed it to its disk,
so an acknowledged action survives a crash of the server (``pg_ctl stop -m immediate``, a killed postmaster),
not only one of the bot; ``off`` would acknowledge it from the server's memory, and lose the last 0.6 s of
commits to such a crash. ``FULL`` is ``on``: also waits for the synchronous replicas, when there are any.
``OFF`` is for bulk loading alone (the benchmark's seeding)."""


class OneLineLog(logging.Filter):
    """asyncpg's pool logs each failed reconnection with its traceback (``Failed to restore the pool connection
    floor; retrying``, at WARNING, while the server is down): keep the message as one line, with the error's
    own words, and leave the traceback to this module's DEBUG log."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.levelno > logging.DEBUG:
            exc = record.exc_info[1]
            message = record.getMessage()
            log.debug("%s", message, exc_info=record.exc_info)
            record.msg, record.args = "%s (%s)", (message, short(str(exc) or type(exc).__name__))
            record.exc_info, record.exc_text = None, None
        return True


logging.getLogger("asyncpg.pool").addFilter(OneLineLog())


async def _end_transaction(conn: asyncpg.Connection) -> None:
    """What a connection needs before it goes back to the pool: no open transaction. (asyncpg's own reset also
    clears session state that the store never sets, LISTEN, cursors, settings, at a round trip per read.)"""
    if conn.is_in_transaction():
        await conn.execute("ROLLBACK")


def _usable(conn: PoolConnectionProxy) -> bool:
    """Whether a pooled connection still works (a lost one is closed, or already handed back by the pool)."""
    try:
        return not conn.is_closed()
    except asyncpg.InterfaceError:
        return False


class PostgresBackend(Backend):
    """A PostgreSQL database: see the module docstring, and ``Store`` for the options."""

    dialect = "postgresql"

    def __init__(self, url: DatabaseUrl, *, pool_size: int, connect_timeout: float, synchronous: str) -> None:
        self.url = self.where = url
        self.synchronous_commit = SYNCHRONOUS_COMMIT.get(synchronous.upper(), "local")
        """PostgreSQL's ``synchronous_commit`` for the store's connections, from the store's ``synchronous``."""
        self.pool_size = max(2, pool_size)
        self.connect_timeout = connect_timeout
        self.pool: asyncpg.Pool | None = None
        self._writing: PoolConnectionProxy | None = None
        """The writer's connection, between two batches."""

    async def open(self, first_read: Callable[[], Awaitable[object]]) -> None:
        try:
            self.pool = await asyncio.wait_for(asyncpg.create_pool(
                self.url.url, min_size=1, max_size=self.pool_size, timeout=self.connect_timeout,
                command_timeout=COMMAND_TIMEOUT,
                server_settings={"application_name": "tavolo", "synchronous_commit": self.synchronous_commit,
                                 "idle_in_transaction_session_timeout": str(int(IDLE_TIMEOUT * 1000))},
                reset=_end_transaction,
            ), self.connect_timeout + 1)
            await self.migrate()  # which checks first that the database is Tavolo's, of a version it knows
            async with self._connection() as conn:
                await opening.check_tables(conn, self.url)
            await first_read()
        except BaseException as e:
            await self.close()
            if not isinstance(e, (*FAILURES, StorageError, ValueError)):
                raise
            err = opening.open_error(self.url, e, self.connect_timeout)
        else:
            self.writer = Writer(self._sessions, self.url)
            self.writer.start()
            log.info("database %s: open, a pool of up to %d connections", self.url, self.pool_size)
            return
        raise err

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Conn]:
        if self.pool is None:
            raise StorageError("the database is closed")
        async with self.pool.acquire(timeout=self.connect_timeout) as conn:
            yield conn

    @asynccontextmanager
    async def _sessions(self) -> AsyncIterator[PostgresSession]:
        """The writer's connection: one of the pool, kept from batch to batch (a pool's acquire and release cost
        a round trip each); a lost one is handed back and replaced by the next batch."""
        if self.pool is None:
            raise StorageError("the database is closed")
        if self._writing is not None and not _usable(self._writing):
            await self._release_writing()
        if self._writing is None:
            self._writing = await self.pool.acquire(timeout=self.connect_timeout)
        yield PostgresSession(self._writing)

    async def _release_writing(self) -> None:
        conn, self._writing = self._writing, None
        if conn is not None and self.pool is not None:
            try:
                await self.pool.release(conn, timeout=CLOSE_TIMEOUT)
            except asyncpg.InterfaceError:
                pass  # a lost connection the pool took back already
            except (TimeoutError, *FAILURES) as e:
                log.warning("database %s: releasing the writer's connection: %s", self.url, e)

    async def close(self) -> None:
        await self._release_writing()
        pool, self.pool = self.pool, None
        if pool is None:
            return
        try:
            await asyncio.wait_for(pool.close(), CLOSE_TIMEOUT)
        except (TimeoutError, *FAILURES) as e:
            log.warning("database %s: closing the pool: %s", self.url, e)
            pool.terminate()

    async def read(self, sql: str, params: Params = ()) -> list[Row]:
        if self.pool is None:
            raise StorageError("the database is closed")
        try:
            return [tuple(r) for r in await self.pool.fetch(numbered(sql), *params, timeout=COMMAND_TIMEOUT)]
        except (*FAILURES, TimeoutError) as e:
            raise storage_error(e) from None

    async def schema_version(self) -> int:
        async with self._connection() as conn:
            return await opening.schema_version(conn)

    async def migrate(self) -> int:
        scripts = schema.migrations(self.dialect)
        async with self._connection() as conn:
            if await opening.schema_version(conn) >= len(scripts):
                await opening.check_contents(conn, self.url, len(scripts))
                return await opening.schema_version(conn)
            # a session lock taken outside any transaction: what is read after it is read by new transactions,
            # which see what another process committed while this one waited, and nobody migrates meanwhile
            await conn.execute("SELECT pg_advisory_lock($1)", MIGRATION_LOCK)
            try:
                await opening.check_contents(conn, self.url, len(scripts))
                version = await opening.schema_version(conn)
                for number, name, sql in scripts:
                    if number <= version:
                        continue
                    log.info("database %s: applying migration %s", self.url, name)
                    async with conn.transaction():
                        await conn.execute(sql)
                        await conn.execute(
                            f"CREATE TABLE IF NOT EXISTS {opening.VERSION_TABLE} (version integer NOT NULL)")
                        await conn.execute(f"DELETE FROM {opening.VERSION_TABLE}")
                        await conn.execute(f"INSERT INTO {opening.VERSION_TABLE} (version) VALUES ($1)", number)
                    version = number
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", MIGRATION_LOCK)
        return version

    async def integrity_check(self) -> str:
        """``ok`` when the server answers and the store's tables are there (PostgreSQL checks its own pages)."""
        async with self._connection() as conn:
            missing = sorted(schema.TABLES - await opening.tables(conn))
        return "ok" if not missing else "missing tables: " + ", ".join(missing)
