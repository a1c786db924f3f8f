"""What a backend gives the store: open and close, migrations, reads, and the writer that does every write."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Awaitable, Callable

from bot.storage.tx import Params, Row
from bot.storage.url import Database
from bot.storage.writer import Writer


class Backend(ABC):
    """One database (a SQLite file or a PostgreSQL database); every method raises ``StorageError`` on failure."""

    dialect: str
    """The backend's name in the migration files: ``sqlite`` or ``postgresql``."""
    where: Database
    """The database, as shown in messages (a path, or a URL without its password)."""
    writer: Writer | None = None
    """The group-commit writer, while open."""

    @abstractmethod
    async def open(self, first_read: Callable[[], Awaitable[object]]) -> None:
        """Connect, check that the database is Tavolo's (or new), apply the pending migrations, run
        ``first_read()`` (what a restart reads first, so a damaged row is refused now) and start the writer;
        ``StorageOpenError`` in one line, with nothing left open, when it cannot."""

    @abstractmethod
    async def close(self) -> None:
        """Finish the queued writes (the writer is stopped by the store first) and close the connections."""

    @abstractmethod
    async def read(self, sql: str, params: Params = ()) -> list[Row]:
        """The rows of a query (``?`` placeholders)."""

    @abstractmethod
    async def schema_version(self) -> int:
        """The number of the last migration applied."""

    @abstractmethod
    async def migrate(self) -> int:
        """Apply every migration above the schema version, each in its own transaction; return the version."""

    @abstractmethod
    async def integrity_check(self) -> str:
        """``ok``, or the problems the database finds in itself."""
