"""Persistence in SQLite (aiosqlite, WAL, numbered migrations): the only package that runs SQL."""

from bot.storage.db import FinishedGame, GameRow, GuildSettings, LiveTableRow, StorageError, StorageOpenError, Store

__all__ = ["FinishedGame", "GameRow", "GuildSettings", "LiveTableRow", "StorageError", "StorageOpenError", "Store"]
