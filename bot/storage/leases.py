"""Leases of live tables: which process runs a table, so that two never run the same one (shards over
processes; docs/STORAGE.md, "A lease per table").

A process claims the live tables of its shards whose lease is missing, expired or its own
(``claim_tables``), renews its leases every few seconds (``renew_leases``), and every write of a table
carries the ``Lease`` it was won with: the write checks it first, in its own transaction, and a lease that
changed hands (a larger epoch, another owner) refuses the write with ``LeaseLost``, nothing written. Time is
the database's clock, never a process's. On SQLite (one process) a claim always wins.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace
from typing import Protocol

from bot.storage.fencing import NOW, Lease, LeaseLost, fence
from bot.storage.live import LiveQueries
from bot.storage.rows import LiveTableRow
from bot.storage.tx import Row, Tx

CHUNK = 500
"""Table ids written into one ``IN (...)`` list at most."""


class ShardSet(Protocol):
    """What the store needs of ``bot.shards.Shards``: the shard count and the ids owned."""

    @property
    def count(self) -> int: ...

    @property
    def ids(self) -> tuple[int, ...]: ...


def _ints(values: Collection[int]) -> str:
    """Integers as the text of an SQL list (only ever ints: shard and table ids)."""
    return ", ".join(str(int(v)) for v in values)


__all__ = ["NOW", "Lease", "LeaseLost", "LeaseQueries", "ShardSet", "fence"]


class LeaseQueries(LiveQueries):
    """Claiming, renewing and releasing the leases of live tables; every method raises ``StorageError``."""

    async def claim_tables(self, owner: str, shards: ShardSet | None, ttl: float, *,
                           skip: Collection[int] = ()) -> list[LiveTableRow]:
        """In one transaction, take the lease of every live table of the owned shards (``None``: every shard)
        whose lease is missing, expired or ``owner``'s own, for ``ttl`` seconds of the database's clock; a
        lease taken from another owner gets the next epoch. Returns the tables won, as ``live_tables`` does
        (with their logs), each with its ``epoch``. ``skip``: ids the caller runs already (neither claimed
        nor returned; ``renew_leases`` keeps them). On SQLite the claim always wins (one process)."""
        now = NOW[self.dialect]
        where = ["TRUE"]  # SQLite reads "SELECT ... ON CONFLICT" as a join unless the SELECT has a WHERE
        if shards is not None and shards.count > 1:
            where.append(f"(guild_id >> 22) % {int(shards.count)} IN ({_ints(shards.ids)})")
        if skip:
            where.append(f"id NOT IN ({_ints(skip)})")
        taken = "TRUE" if self.dialect == "sqlite" else f"table_leases.expires_at < {now} OR table_leases.owner = ?"
        sql = (
            f"INSERT INTO table_leases (table_id, owner, epoch, expires_at) "
            f"SELECT id, ?, 1, {now} + ? FROM live_tables WHERE {' AND '.join(where)} "
            f"ORDER BY id "
            f"ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at, "
            f"epoch = CASE WHEN table_leases.owner = excluded.owner THEN table_leases.epoch "
            f"ELSE table_leases.epoch + 1 END WHERE {taken} "
            f"RETURNING table_id, epoch")
        params: Row = (owner, ttl) if self.dialect == "sqlite" else (owner, ttl, owner)

        async def fn(tx: Tx) -> dict[int, int]:
            return {int(r[0]): int(r[1]) for r in await tx.fetchall(sql, params)}

        won: dict[int, int] = await self._write(fn)
        if not won:
            return []
        rows = []
        ids = sorted(won)
        for i in range(0, len(ids), CHUNK):
            rows.extend(await self.live_tables(ids[i:i + CHUNK]))
        return [replace(r, epoch=won[r.id]) for r in rows if r.id in won]

    async def renew_leases(self, owner: str, ttl: float) -> dict[int, int]:
        """Extend every lease ``owner`` holds to ``ttl`` seconds from now (the database's clock), in one
        statement; returns the tables still held, with their epochs (a table missing from it was taken over)."""
        sql = f"UPDATE table_leases SET expires_at = {NOW[self.dialect]} + ? WHERE owner = ? RETURNING table_id, epoch"

        async def fn(tx: Tx) -> dict[int, int]:
            return {int(r[0]): int(r[1]) for r in await tx.fetchall(sql, (ttl, owner))}

        held: dict[int, int] = await self._write(fn)
        return held

    async def release_leases(self, owner: str) -> int:
        """Give up every lease ``owner`` holds (a clean shutdown: the next claimer takes the tables at once);
        returns how many."""

        async def fn(tx: Tx) -> int:
            return await tx.execute("DELETE FROM table_leases WHERE owner = ?", (owner,))

        released: int = await self._write(fn)
        return released

    async def live_table_ids(self, shards: ShardSet | None = None) -> list[int]:
        """The ids of the live tables (of the given shards' guilds only, when given), oldest first."""
        where = ""
        if shards is not None and shards.count > 1:
            where = f" WHERE (guild_id >> 22) % {int(shards.count)} IN ({_ints(shards.ids)})"
        return [int(r[0]) for r in await self._read(f"SELECT id FROM live_tables{where} ORDER BY id")]

    async def leases(self) -> dict[int, tuple[str, int, float]]:
        """Every lease: table id → (owner, epoch, seconds left in the database's clock; negative: expired)."""
        rows = await self._read(f"SELECT table_id, owner, epoch, expires_at - {NOW[self.dialect]} FROM table_leases")
        return {int(r[0]): (r[1], int(r[2]), float(r[3])) for r in rows}
