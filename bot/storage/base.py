"""What every query of the store stands on: the reading connection and the writer."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import aiosqlite

from bot.i18n import _
from bot.storage.connection import forget_frames
from bot.storage.errors import StorageError, storage_error
from bot.storage.writer import WriteFn, Writer


class StoreBase:
    """The connections of an open store: ``_read`` runs a query, ``_write`` queues a write."""

    path: Path
    _w: aiosqlite.Connection | None
    """The writer's connection (also used at open, for the migrations)."""
    _r: aiosqlite.Connection | None
    """The reading connection (``query_only``), beside the writer thanks to WAL."""
    _writer: Writer | None

    async def _read(self, sql: str, params: Sequence = ()) -> list[tuple]:
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

    async def _write(self, fn: WriteFn) -> Any:
        if self._writer is None:
            raise StorageError("the database is closed")
        return await self._writer.write(fn)

    async def _append_rows(self, rows: list[tuple]) -> None:
        if self._writer is None:
            raise StorageError("the database is closed")
        await self._writer.append(rows)
