"""Persistence in SQLite (aiosqlite, WAL) or PostgreSQL (asyncpg), with one set of numbered migrations: the
only package that runs SQL. ``Store(database)`` takes a file's path or a ``postgresql://`` URL."""

from bot.storage.errors import StorageError, StorageOpenError, failure_line
from bot.storage.fencing import Lease, LeaseLost
from bot.storage.rows import FinishedGame, GameRow, GuildSettings, LiveTableRow, TableFacts
from bot.storage.store import Store
from bot.storage.url import Database, DatabaseUrl, database_of

__all__ = ["Database", "DatabaseUrl", "FinishedGame", "GameRow", "GuildSettings", "Lease", "LeaseLost",
           "LiveTableRow", "StorageError", "StorageOpenError", "Store", "TableFacts", "database_of",
           "failure_line"]
