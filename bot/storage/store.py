"""The store: opening and closing it, its migrations, and every query (from ``LiveQueries``, ``GameQueries``,
``SeasonQueries``, ``TournamentQueries`` and ``LeaseQueries``), on SQLite or PostgreSQL, with every write going
through one group-commit queue."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TypedDict

from bot.ratings import Standing
from bot.storage import schema
from bot.storage.backend import Backend
from bot.storage.games import GameQueries
from bot.storage.leases import LeaseQueries
from bot.storage.seasons import SeasonQueries
from bot.storage.sqlite_backend import SqliteBackend
from bot.storage.tournaments import TournamentQueries
from bot.storage.tx import Row
from bot.storage.url import Database, DatabaseUrl, database_of

log = logging.getLogger(__name__)

POOL_SIZE = 10
"""PostgreSQL connections at most: the writer takes one per transaction, the reads the others."""
CONNECT_TIMEOUT = 10.0
"""Seconds to reach PostgreSQL (and to log in) before the open fails."""


class StoreOptions(TypedDict, total=False):
    """The keyword options of ``Store`` (each one left out takes its default)."""

    busy_timeout: float
    synchronous: str
    check: bool
    pool_size: int
    connect_timeout: float


class Store(LeaseQueries, GameQueries, SeasonQueries, TournamentQueries):
    """Tavolo's database: open it, use it, close it. Every method raises ``StorageError`` on failure.

    ``database`` is a SQLite file's path, or a PostgreSQL database as a ``postgresql://`` URL (libpq's form,
    a socket directory as ``?host=/path&port=N``). The options of one backend are ignored by the other."""

    def __init__(self, database: str | Path | DatabaseUrl, *, busy_timeout: float = 5.0, synchronous: str = "NORMAL",
                 check: bool = True, pool_size: int = POOL_SIZE, connect_timeout: float = CONNECT_TIMEOUT) -> None:
        self.database: Database = database_of(database)
        """The file or the URL (``str()`` shows it without a password)."""
        self.check = check
        """SQLite: run ``PRAGMA quick_check`` at open, so a damaged file is refused before it is used. It reads
        every page: about 5 ms per MB with the file in the page cache (1.1 s for 100,000 stored games, 222 MB)."""
        self.busy_timeout = busy_timeout
        """SQLite: seconds a write waits for a lock held by another connection before it fails."""
        self.synchronous = synchronous
        """SQLite: ``NORMAL`` (WAL): a commit survives a killed or crashed process, and the file stays consistent
        after a power cut, which may lose the last commits; no fsync per commit, so a commit takes tens of
        microseconds. ``FULL``: every commit is fsynced and survives a power cut too, at the disk's fsync
        time per transaction (0.15 ms to 8 ms measured on the project machine, depending on its load).
        PostgreSQL, the same promises or more: ``NORMAL`` is ``synchronous_commit = local`` (the server has
        flushed the commit to its WAL on disk when the call returns, so it survives a crash of the bot, of the
        server and of its machine), ``FULL`` is ``synchronous_commit = on`` (and it waits for the synchronous
        replicas, if any), ``OFF`` is ``off`` (for bulk loading only: a crash of the server may lose the last
        commits)."""
        self.pool_size = pool_size
        """PostgreSQL: connections in the pool at most (``POOL_SIZE``)."""
        self.connect_timeout = connect_timeout
        """PostgreSQL: seconds to connect and log in before the open fails."""
        self.backend: Backend
        if isinstance(self.database, DatabaseUrl):
            from bot.storage.postgres import PostgresBackend  # asyncpg is imported only when it is chosen

            self.backend = PostgresBackend(self.database, pool_size=pool_size, connect_timeout=connect_timeout,
                                           synchronous=synchronous)
        else:
            self.backend = SqliteBackend(self.database, busy_timeout=busy_timeout, synchronous=synchronous,
                                         check=check)
        self._batches = 0

    @property
    def path(self) -> Database:
        """The database as shown in messages: the file, or the URL without its password."""
        return self.backend.where

    @property
    def batches(self) -> int:
        """Transactions committed by the writer (for the benchmark)."""
        writer = self.backend.writer
        return self._batches + (writer.batches if writer is not None else 0)

    # ----- life cycle -----
    async def open(self) -> Store:
        """Check the database, connect, apply the pending migrations and start the writer.

        Raises ``StorageOpenError`` (a file that is not a SQLite database, a damaged one, one written by a newer
        version, a path that cannot be created, a full disk; a server that cannot be reached, a refused login,
        a database of another program...) in one line, without changing the database, and with every
        connection closed."""
        await self.backend.open(self.live_tables)  # what a restart reads first: a damaged row is refused now
        return self

    async def close(self) -> None:
        """Finish the queued writes, then close the connections."""
        writer = self.backend.writer
        if writer is not None:
            try:
                await writer.stop()
            finally:
                self._batches += writer.batches
                self.backend.writer = None
        await self.backend.close()

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ----- migrations -----
    def migrations(self) -> list[tuple[int, str, str]]:
        """This backend's numbered migration scripts: (number, file name, SQL)."""
        return schema.migrations(self.dialect)

    async def schema_version(self) -> int:
        """The last migration applied."""
        return await self.backend.schema_version()

    async def migrate(self) -> int:
        """Apply every migration above the schema version, each in its own transaction; return the version."""
        return await self.backend.migrate()

    async def integrity_check(self) -> str:
        """``ok``, or the problems the database finds in itself (SQLite's ``PRAGMA integrity_check``)."""
        return await self.backend.integrity_check()

    def damage_reports(self) -> list[tuple[Path, list[str]]]:
        """SQLite: the reports of damaged write-ahead logs found at an open (``bot.storage.wal``), each its file
        and its lines, until they are moved away; PostgreSQL: none."""
        if isinstance(self.backend, SqliteBackend):
            return self.backend.damage_reports()
        return []

    async def seed_games(self, games: Sequence[Row], players: Sequence[Row], standings: Sequence[Standing],
                         guild_id: int, game: str) -> None:
        """``bot.storage.seeding.seed_games`` on this store (kept for the callers that seed through it)."""
        from bot.storage.seeding import seed_games

        await seed_games(self, games, players, standings, guild_id, game)
