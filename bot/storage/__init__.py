"""Persistence in SQLite (aiosqlite, WAL, numbered migrations): the only package that runs SQL."""

from bot.storage.errors import StorageError, StorageOpenError
from bot.storage.rows import FinishedGame, GameRow, GuildSettings, LiveTableRow, TableFacts
from bot.storage.store import Store

__all__ = ["FinishedGame", "GameRow", "GuildSettings", "LiveTableRow", "StorageError", "StorageOpenError", "Store",
           "TableFacts"]
