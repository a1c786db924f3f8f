"""What every query of the store stands on: the backend's reads and the writer."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

from bot.storage.backend import Backend
from bot.storage.errors import StorageError
from bot.storage.tx import Params, Row, Tx

if TYPE_CHECKING:
    from bot.storage.fencing import Lease

T = TypeVar("T")


class StoreBase:
    """The open database: ``_read`` runs a query, ``_write`` queues a write (``WriteFn``, run on a ``Tx``)."""

    backend: Backend

    @property
    def dialect(self) -> str:
        """``sqlite`` or ``postgresql``."""
        return self.backend.dialect

    async def _read(self, sql: str, params: Params = ()) -> list[Row]:
        return await self.backend.read(sql, params)

    async def _write(self, fn: Callable[[Tx], Awaitable[T]]) -> T:
        writer = self.backend.writer
        if writer is None:
            raise StorageError("the database is closed")
        return await writer.write(fn)

    async def _append_rows(self, rows: list[Row], lease: Lease | None = None) -> None:
        writer = self.backend.writer
        if writer is None:
            raise StorageError("the database is closed")
        await writer.append(rows, lease)
