"""The group-commit writer: one connection at a time serves every write through a queue.

The writes waiting when a transaction starts are committed together, each caller is answered once its write
is committed, and a failed transaction fails only the writes it carried (a write that breaks a constraint is
undone alone, in its savepoint, and the others go on). The same writer serves SQLite and PostgreSQL: each
backend gives it a ``Session`` per batch (SQLite: its one writing connection; PostgreSQL: a connection of
the pool).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TypeVar, cast

from bot.storage.errors import UNREACHABLE, StorageError, short, storage_error
from bot.storage.fencing import Lease, LeaseLost, fence
from bot.storage.tx import Row, Session, Tx
from bot.storage.url import Database

log = logging.getLogger(__name__)

MAX_BATCH = 1000
"""Writes committed together at most."""
APPEND = "INSERT INTO live_actions (table_id, n, entry, at) VALUES (?, ?, ?, ?)"
"""One action row of a live table's log."""

T = TypeVar("T")
WriteFn = Callable[[Tx], Awaitable[object]]
"""A write: run on the writer's connection inside the batch's transaction, in its own savepoint."""
Sessions = Callable[[], AbstractAsyncContextManager[Session]]
"""Where the writer gets the connection for one batch."""


@dataclass
class _Job:
    fut: asyncio.Future[object]
    rows: list[Row] | None = None
    """An append of action rows, merged with neighbouring appends into one ``executemany``."""
    lease: Lease | None = None
    """The lease an append of one table's rows is fenced by (``None``: not fenced)."""
    fn: WriteFn | None = None
    """Any other write, run in its own savepoint."""


_Outcome = tuple[_Job, object, BaseException | None]
"""A job, what its write returned, and the error that refused it (``None``: committed)."""


class Writer:
    """The queue of writes in front of the database; ``start()`` it, ``write``/``append``, then ``stop()``."""

    def __init__(self, sessions: Sessions, where: Database) -> None:
        self.sessions = sessions
        self.where = where
        self._queue: asyncio.Queue[_Job | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.batches = 0
        """Transactions committed (for the benchmark)."""

    def start(self) -> None:
        """Start serving the queue."""
        self._task = asyncio.get_running_loop().create_task(self._loop(), name="tavolo-store-writer")

    async def stop(self) -> None:
        """Finish the queued writes, then stop."""
        if self._task is not None:
            self._queue.put_nowait(None)
            try:
                await self._task
            finally:
                self._task = None

    async def write(self, fn: Callable[[Tx], Awaitable[T]]) -> T:
        """Run ``fn(tx)`` in the next transaction; its value once that is committed."""
        # the job's future holds what ``fn`` returned
        return cast(T, await self._put(_Job(asyncio.get_running_loop().create_future(), fn=fn)))

    async def append(self, rows: list[Row], lease: Lease | None = None) -> None:
        """Insert action rows (``APPEND``'s parameters) in the next transaction; returns once committed. With
        ``lease`` (the rows are of one table), only while it holds the table: ``LeaseLost`` otherwise."""
        await self._put(_Job(asyncio.get_running_loop().create_future(), rows=rows, lease=lease))

    async def _put(self, job: _Job) -> object:
        if self._task is None:
            raise StorageError("the database is closed")
        self._queue.put_nowait(job)
        return await job.fut

    async def _loop(self) -> None:
        stopping = False
        while not stopping:
            job = await self._queue.get()
            if job is None:
                break
            batch = [job]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                more = self._queue.get_nowait()
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            try:
                async with self.sessions() as session:
                    await self._run_batch(session, batch)
            except Exception as e:  # noqa: BLE001 - no connection for the batch (a server gone): refuse it
                err = storage_error(e)
                self._failed("writes", len(batch), e, err)
                _refuse(batch, err)

    async def _run_batch(self, session: Session, batch: list[_Job]) -> None:
        if all(job.rows is not None for job in batch) and await self._append_fast(session, batch):
            return
        results: list[_Outcome] = []
        try:
            await session.begin()
            i = 0
            while i < len(batch):
                job = batch[i]
                if job.rows is not None and job.lease is not None:
                    results.append(await self._run_one(session, _Job(job.fut, fn=_appender(job.rows, job.lease))))
                    i += 1
                    continue
                if job.rows is not None:
                    group = [job]
                    while (i + len(group) < len(batch) and batch[i + len(group)].rows is not None
                           and batch[i + len(group)].lease is None):
                        group.append(batch[i + len(group)])
                    results.extend(await self._append_group(session, group))
                    i += len(group)
                    continue
                results.append(await self._run_one(session, job))
                i += 1
            await session.commit()
        except Exception as e:  # noqa: BLE001 - whatever went wrong, every write of the batch is refused
            err = storage_error(e)
            self._failed("writes in a transaction", len(batch), e, err)
            await session.rollback()
            _refuse(batch, err)
            return
        self.batches += 1
        for job, result, exc in results:
            if job.fut.done():
                continue
            if exc is not None:
                job.fut.set_exception(exc)
            else:
                job.fut.set_result(result)

    async def _append_fast(self, session: Session, batch: list[_Job]) -> bool:
        """The common case, only appends: one multi-row INSERT, a transaction of its own, one trip to the
        database. ``False`` when it must go the long way (a constraint broke: find the culprit)."""
        rows = [r for job in batch for r in job.rows or ()]
        if not rows or len(rows) > session.max_rows:
            return False
        fenced = [job.lease is not None for job in batch]
        if any(fenced) and not all(fenced):
            return False
        written: set[int] | None = None
        try:
            if all(fenced):
                leases = [job.lease for job in batch for _r in job.rows or ()]
                written = await session.append_fenced(rows, [(x.owner, x.epoch) for x in leases if x is not None])
                if written is None:
                    return False  # this backend fences in the transaction, the long way
            else:
                await session.append_alone(rows)
        except session.integrity_errors:
            return False
        except Exception as e:  # noqa: BLE001 - every write of the batch is refused
            err = storage_error(e)
            self._failed("appends", len(batch), e, err)
            await session.rollback()
            _refuse(batch, err)
            return True
        self.batches += 1
        for job in batch:
            if job.fut.done():
                continue
            if written is not None and job.lease is not None and job.rows and job.rows[0][0] not in written:
                job.fut.set_exception(LeaseLost(job.rows[0][0], job.lease))
            else:
                job.fut.set_result(None)
        return True

    def _failed(self, what: str, count: int, exc: BaseException, err: StorageError) -> None:
        """One log line for a refused batch: the driver's own words, never its traceback (a server that
        cannot be reached is a warning: it is expected to come back)."""
        if err.code == UNREACHABLE:
            log.warning("database %s unreachable (%s): %d %s refused", self.where,
                        short(str(exc) or type(exc).__name__), count, what)
        else:
            log.error("database %s: %d %s failed: %s", self.where, count, what, err.reason)

    async def _append_group(self, session: Session, group: list[_Job]) -> list[_Outcome]:
        rows = [r for job in group for r in job.rows or ()]
        await session.savepoint("appends")
        try:
            await session.executemany(APPEND, rows)
            await session.release("appends")
            return [(job, None, None) for job in group]
        except session.integrity_errors:
            await session.rollback_to("appends")
        # one of them broke a constraint (an entry number written twice): find which, keep the others
        return [await self._run_one(session, _Job(job.fut, fn=_appender(job.rows or [], job.lease)))
                for job in group]

    @staticmethod
    async def _run_one(session: Session, job: _Job) -> _Outcome:
        assert job.fn is not None
        own_fault: tuple[type[BaseException], ...] = (*session.job_errors, KeyError, TypeError, ValueError,
                                                      StorageError)
        await session.savepoint("job")
        try:
            result = await job.fn(session)
        except own_fault as e:
            # the job's own fault: undo it alone; the others in the transaction go on
            await session.rollback_to("job")
            return (job, None, storage_error(e))
        await session.release("job")
        return (job, result, None)


def _refuse(batch: list[_Job], err: StorageError) -> None:
    for job in batch:
        if not job.fut.done():
            job.fut.set_exception(err)


def _appender(rows: list[Row], lease: Lease | None = None) -> WriteFn:
    async def fn(tx: Tx) -> None:
        if lease is not None and rows:
            await fence(tx, rows[0][0], lease)
        await tx.executemany(APPEND, rows)

    return fn
