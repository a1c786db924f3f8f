"""One pooled PostgreSQL connection as the writer's ``Session``: the store's ``?`` SQL with numbered
placeholders, row counts from the command tags, new ids from ``RETURNING id``."""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Sequence

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.storage.tx import Params, Row

log = logging.getLogger(__name__)

APPEND_ALONE = ("INSERT INTO live_actions (table_id, n, entry, at) "
                "SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::double precision[])")
"""Any number of action rows in one statement: one array per column."""
APPEND_FENCED = (
    "WITH held AS (SELECT l.table_id, l.owner, l.epoch FROM table_leases l "
    "WHERE l.table_id = ANY($1::bigint[]) FOR SHARE) "
    "INSERT INTO live_actions (table_id, n, entry, at) "
    "SELECT u.table_id, u.n, u.entry, u.at "
    "FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::double precision[], $5::text[], $6::bigint[]) "
    "AS u (table_id, n, entry, at, owner, epoch) "
    "JOIN held h ON h.table_id = u.table_id AND h.owner = u.owner AND h.epoch = u.epoch "
    "RETURNING table_id")
"""``APPEND_ALONE`` of the rows whose table's lease is still the one given (owner and epoch per row): the
leases are locked (``FOR SHARE``: a takeover waits for this statement, then sees its rows) and read at their
latest committed version."""
IDENTIFIER = re.compile(r"[a-z_]+")
Conn = asyncpg.Connection | PoolConnectionProxy
"""A connection, or a pool's proxy of one."""


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered ``$1, $2...`` (the store's SQL has no ``?`` in a literal)."""
    parts = sql.split("?")
    return parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], start=1))


def rows_changed(status: str) -> int:
    """The row count in a command tag (``UPDATE 1``, ``DELETE 3``, ``INSERT 0 2``)."""
    last = status.rpartition(" ")[2]
    return int(last) if last.isdigit() else 0


class PostgresSession:
    """A connection of the pool, in the writer's hands for one transaction."""

    integrity_errors: tuple[type[BaseException], ...] = (asyncpg.IntegrityConstraintViolationError,)
    job_errors: tuple[type[BaseException], ...] = (asyncpg.IntegrityConstraintViolationError, asyncpg.DataError)
    max_rows = 100_000

    def __init__(self, conn: Conn) -> None:
        self.conn = conn

    async def execute(self, sql: str, params: Params = ()) -> int:
        return rows_changed(await self.conn.execute(numbered(sql), *params))

    async def insert(self, sql: str, params: Params = ()) -> int:
        row_id = await self.conn.fetchval(numbered(sql) + " RETURNING id", *params)
        return int(row_id)

    async def executemany(self, sql: str, rows: Sequence[Params]) -> None:
        if rows:
            await self.conn.executemany(numbered(sql), rows)

    async def fetchall(self, sql: str, params: Params = ()) -> list[Row]:
        return [tuple(r) for r in await self.conn.fetch(numbered(sql), *params)]

    async def ids_given(self, table: str) -> None:
        if not IDENTIFIER.fullmatch(table):
            raise ValueError(f"not a table name: {table!r}")
        await self.conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
            f"(SELECT coalesce(max(id), 0) + 1 FROM {table}), false)")

    async def begin(self) -> None:
        await self.conn.execute("BEGIN")

    async def commit(self) -> None:
        await self.conn.execute("COMMIT")

    async def rollback(self) -> None:
        try:
            if not self.conn.is_closed() and self.conn.is_in_transaction():
                await self.conn.execute("ROLLBACK")
        except asyncpg.InterfaceError as e:  # a lost connection, taken back by the pool: nothing to undo
            log.debug("no rollback: %s", e)
        except (asyncpg.PostgresError, OSError) as e:
            log.warning("rollback failed: %s", e)

    async def savepoint(self, name: str) -> None:
        await self.conn.execute(f"SAVEPOINT {name}")

    async def release(self, name: str) -> None:
        await self.conn.execute(f"RELEASE SAVEPOINT {name}")

    async def rollback_to(self, name: str) -> None:
        await self.conn.execute(f"ROLLBACK TO SAVEPOINT {name}")
        await self.conn.execute(f"RELEASE SAVEPOINT {name}")

    async def append_alone(self, rows: Sequence[Row]) -> None:
        # outside a transaction block: the statement commits on its own
        columns = list(zip(*rows))
        await self.conn.execute(APPEND_ALONE, *(list(c) for c in columns))

    async def append_fenced(self, rows: Sequence[Row], leases: Sequence[tuple[str, int]]) -> set[int] | None:
        columns = [list(c) for c in zip(*rows)]
        owners, epochs = [o for o, _e in leases], [e for _o, e in leases]
        return {int(r[0]) for r in await self.conn.fetch(APPEND_FENCED, *columns, owners, epochs)}
