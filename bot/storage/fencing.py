"""The lease of one table as a write carries it, and the check every fenced write runs first (see
``bot.storage.leases``)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.storage.errors import StorageError
from bot.storage.tx import Tx

NOW = {
    "postgresql": "extract(epoch FROM clock_timestamp())::double precision",
    "sqlite": "((julianday('now') - 2440587.5) * 86400.0)",
}
"""The database's clock in unix seconds, per backend."""


@dataclass(frozen=True)
class Lease:
    """A table's lease as its owner holds it: the owner's name and the epoch it won (the fencing token)."""

    owner: str
    epoch: int


class LeaseLost(StorageError):
    """A write of a table whose lease this process no longer holds (another process took the table over, or
    it was never this one's); nothing was written."""

    def __init__(self, table_id: int, lease: Lease) -> None:
        super().__init__(f"table {table_id}: the lease of {lease.owner} (epoch {lease.epoch}) is lost", "LEASE_LOST")
        self.table_id = table_id
        self.lease = lease


async def fence(tx: Tx, table_id: int, lease: Lease | None) -> None:
    """Check, in the write's transaction, that ``lease`` still holds ``table_id``; ``LeaseLost`` if not.

    The check updates the lease row (to itself), so it holds the row's lock until the commit: a process
    taking the table over waits for this write, then sees it (``None``: an unleased write, no check)."""
    if lease is None:
        return
    if await tx.execute("UPDATE table_leases SET epoch = epoch WHERE table_id = ? AND owner = ? AND epoch = ?",
                        (table_id, lease.owner, lease.epoch)) != 1:
        raise LeaseLost(table_id, lease)
