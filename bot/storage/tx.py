"""What a write runs on, whatever the backend: ``Tx``, one connection inside the writer's transaction.

The store's SQL is written once, with ``?`` placeholders, in the SQL that SQLite and PostgreSQL share; each
backend's ``Tx`` runs it (PostgreSQL's numbers the placeholders ``$1, $2...``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

# The boundary with the database drivers: aiosqlite's and asyncpg's rows hold untyped values (``Any``); the
# SQL that reads a row says what each column is, and its reader converts or unpacks it there.
Row = tuple[Any, ...]
"""One row a query returns, or the parameters of one row to write."""
Params = Sequence[object]
"""The parameters of one statement (any value the driver accepts)."""


class Tx(Protocol):
    """The statements a write may run, on the connection of the writer's open transaction."""

    async def execute(self, sql: str, params: Params = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def insert(self, sql: str, params: Params = ()) -> int:
        """Run one ``INSERT`` into a table with an ``id`` column; the new row's id."""
        ...

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        """Run one statement once per row of parameters."""
        ...

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        """The rows of a query, seeing the transaction's own writes."""
        ...

    async def ids_given(self, table: str) -> None:
        """Rows were inserted into ``table`` with explicit ids: make the next generated id follow them."""
        ...


class Session(Tx, Protocol):
    """A ``Tx`` with the transaction control that the writer drives."""

    integrity_errors: tuple[type[BaseException], ...]
    """The errors of a broken constraint (an entry number written twice)."""
    job_errors: tuple[type[BaseException], ...]
    """The errors that are a write's own fault: undone alone, the other writes of the transaction go on."""
    max_rows: int
    """Action rows that ``append_alone`` takes at once."""

    async def begin(self) -> None:
        """Start the batch's transaction."""
        ...

    async def commit(self) -> None:
        """Commit it: once this returns, the writes survive a crash of the bot's process."""
        ...

    async def rollback(self) -> None:
        """Undo the open transaction, if there is one (never raises)."""
        ...

    async def savepoint(self, name: str) -> None:
        """Start a savepoint."""
        ...

    async def release(self, name: str) -> None:
        """Keep what was done since the savepoint."""
        ...

    async def rollback_to(self, name: str) -> None:
        """Undo what was done since the savepoint, and end it."""
        ...

    async def append_alone(self, rows: Sequence[Row]) -> None:
        """Insert action rows (``writer.APPEND``'s parameters) in one statement that commits on its own."""
        ...

    async def append_fenced(self, rows: Sequence[Row], leases: Sequence[tuple[str, int]]) -> set[int] | None:
        """``append_alone`` of the rows whose table's lease is still ``leases[i]`` (owner, epoch), in one
        statement that commits on its own and locks those leases meanwhile; the ids of the tables written.
        ``None``: this backend cannot, the writer takes the long way (a fence per table in a transaction)."""
        ...
