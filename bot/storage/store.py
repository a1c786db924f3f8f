"""The SQLite store: opening and closing it, its migrations, and every query (from ``LiveQueries`` and
``GameQueries``), with one writer connection behind a group-commit queue and one reading connection."""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from bot.ratings import Standing
from bot.storage import opening
from bot.storage.connection import connect, forget_frames, shut, value
from bot.storage.errors import StorageError
from bot.storage.games import GameQueries
from bot.storage.live import LiveQueries
from bot.storage.writer import Writer

log = logging.getLogger(__name__)


class Store(LiveQueries, GameQueries):
    """Tavolo's database: open it, use it, close it. Every method raises ``StorageError`` on failure."""

    def __init__(self, path: str | Path, *, busy_timeout: float = 5.0, synchronous: str = "NORMAL",
                 check: bool = True) -> None:
        self.path = Path(path)
        self.check = check
        """Run ``PRAGMA quick_check`` at open, so a damaged file is refused before it is used. It reads every
        page: about 5 ms per MB with the file in the page cache (1.1 s for 100,000 stored games, 222 MB)."""
        self.busy_timeout = busy_timeout
        """Seconds a write waits for a lock held by another connection before it fails."""
        self.synchronous = synchronous
        """``NORMAL`` (WAL): a commit survives a killed or crashed process, and the file stays consistent
        after a power cut, which may lose the last commits; no fsync per commit, so a commit takes tens of
        microseconds. ``FULL``: every commit is fsynced and survives a power cut too, at the disk's fsync
        time per transaction (0.15 ms to 8 ms measured on the project machine, depending on its load)."""
        self._w = None
        self._r = None
        self._writer = None
        self._batches = 0

    @property
    def batches(self) -> int:
        """Transactions committed by the writer (for the benchmark)."""
        return self._batches + (self._writer.batches if self._writer is not None else 0)

    # ----- life cycle -----
    async def open(self) -> Store:
        """Check the file, connect, switch to WAL, apply the pending migrations and start the writer.

        Raises ``StorageOpenError`` (a file that is not a SQLite database, a damaged one, one written by a newer
        version, a path that cannot be created, a full disk...) without changing the file, and with every
        connection closed and its thread ended."""
        created = False
        side_files = opening.side_files(self.path)
        try:
            created = opening.check_path(self.path)
            self._w = await connect(self.path, busy_timeout=self.busy_timeout, synchronous=self.synchronous,
                                    check=lambda conn: opening.check_contents(conn, self.path, len(self.migrations()),
                                                                              self.check))
            self._r = await connect(self.path, busy_timeout=self.busy_timeout, synchronous=self.synchronous)
            await self._r.execute("PRAGMA query_only = ON")
            await self.migrate()
            await opening.check_tables(self._w, self.path)
            await self.live_tables()  # what a restart reads first: a damaged row is refused now, not mid-resume
        except BaseException as e:
            forget_frames(e)  # a cursor kept by a traceback would keep its connection from really closing
            await self._close_connections()
            if created:
                opening.remove_new_file(self.path)
            else:
                opening.remove_new_side_files(self.path, side_files)
            if not isinstance(e, (sqlite3.Error, OSError, StorageError, UnicodeError)):
                raise
            err = opening.open_error(self.path, e)
        else:
            self._writer = Writer(self._w, self.path)
            self._writer.start()
            return self
        raise err

    async def close(self) -> None:
        """Finish the queued writes, then close the connections."""
        if self._writer is not None:
            writer = self._writer
            try:
                await writer.stop()
            finally:
                self._batches += writer.batches
                self._writer = None
        await self._close_connections()

    async def _close_connections(self) -> None:
        for conn in (self._w, self._r):
            if conn is not None:
                await shut(conn, self.path)
        self._w = self._r = None

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    # ----- migrations -----
    @staticmethod
    def migrations() -> list[tuple[int, str, str]]:
        """The numbered migration scripts shipped with the package: (number, file name, SQL)."""
        found = []
        for item in (resources.files("bot.storage") / "migrations").iterdir():
            name = item.name
            if name.endswith(".sql") and name[:4].isdigit():
                found.append((int(name[:4]), name, item.read_text(encoding="utf-8")))
        found.sort()
        numbers = [n for n, _, _ in found]
        if numbers != list(range(1, len(found) + 1)):
            raise StorageError(f"migrations must be numbered 0001, 0002... without gaps, found {numbers}")
        return found

    async def schema_version(self) -> int:
        """``PRAGMA user_version``: the last migration applied."""
        assert self._w is not None
        version: int = await value(self._w, "PRAGMA user_version")
        return version

    async def migrate(self) -> int:
        """Apply every migration above ``user_version``, each in its own transaction; return the version."""
        assert self._w is not None
        version = await self.schema_version()
        for number, name, sql in self.migrations():
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

    async def seed_games(self, games: Sequence[tuple], players: Sequence[tuple], standings: Sequence[Standing],
                         guild_id: int, game: str) -> None:
        """``bot.storage.seeding.seed_games`` on this store (kept for the callers that seed through it)."""
        from bot.storage.seeding import seed_games

        await seed_games(self, games, players, standings, guild_id, game)
