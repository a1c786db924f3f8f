"""The table service's common ground: its state, its events, and the checks and lookups every request uses.

``ServiceCore`` holds the live tables, the subscribers and the running tasks; ``Turns`` (playing),
``Lobby`` (seating) and ``TableService`` (opening, resuming, queries) build on it.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import time
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypedDict

from bot.i18n import _
from bot.storage import LeaseLost, StorageError, Store
from bot.storage.rows import JsonObject
from bot.tables.clock import Clock, LoopClock
from bot.tables.errors import (
    AlreadySeated,
    BadRequest,
    NotHost,
    ServiceClosed,
    StorageFailed,
    TableLost,
    UnknownTable,
    WrongPhase,
)
from bot.tables.events import Cancelled, Lost, Payload, TableEvent
from bot.tables.slots import PrioritySlots
from bot.tables.standings import StandingsService
from bot.tables.table import Seat, Table
from rules.ai import AGENT_NAMES, DEFAULT_TIME_MS
from rules.events import Event

if TYPE_CHECKING:
    from bot.shards import Shards

log = logging.getLogger(__name__)

DEFAULT_GUILD_CAP = 20
"""Live tables a guild may have at once unless its settings say otherwise."""
Subscriber = Callable[[TableEvent], object]
LEASE_TTL = 30.0
"""Seconds a table's lease lasts unless renewed (renewed, and claimed again, every third of it)."""


class CoreOptions(TypedDict, total=False):
    """The keyword options of the service's core (``ServiceCore``); each one left out takes its default."""

    clock: Clock | None
    executor: Executor | None
    ai_time_ms: int
    guild_cap: int
    ai_concurrency: int | None
    retry_delay: float
    shards: Shards | None
    owner: str | None
    lease_ttl: float


def process_name() -> str:
    """A name for this process among the bot's processes: host, pid and start time."""
    return f"{socket.gethostname()}:{os.getpid()}:{time.time():.3f}"


class Subscription:
    """Events as an async iterator (``async for event in sub``); ``close()`` stops it."""

    def __init__(self, service: ServiceCore, table_id: int | None) -> None:
        self.queue: asyncio.Queue[TableEvent | None] = asyncio.Queue()
        self._stop = service.subscribe(self.queue.put_nowait, table_id)

    def close(self) -> None:
        """Stop receiving events; the iteration ends after the ones already queued."""
        self._stop()
        self.queue.put_nowait(None)

    def __aiter__(self) -> Subscription:
        return self

    async def __anext__(self) -> TableEvent:
        event = await self.queue.get()
        if event is None:
            raise StopAsyncIteration
        return event


class ServiceCore:
    """The state of the table service and what every part of it uses; see ``TableService``."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Clock | None = None,
        executor: Executor | None = None,
        ai_time_ms: int = DEFAULT_TIME_MS,
        guild_cap: int = DEFAULT_GUILD_CAP,
        ai_concurrency: int | None = None,
        retry_delay: float = 5.0,
        shards: Shards | None = None,
        owner: str | None = None,
        lease_ttl: float = LEASE_TTL,
    ) -> None:
        self.store = store
        self.standings = StandingsService(store)
        """Standings, records of finished games and guild settings."""
        self.clock: Clock = clock or LoopClock()
        self._own_executor = executor is None
        self.executor: Executor = executor or ThreadPoolExecutor(max_workers=2, thread_name_prefix="tavolo-ai")
        """Where AI decisions run (a process pool keeps a hard search off the event loop's core)."""
        self.ai_time_ms = ai_time_ms
        self.guild_cap = guild_cap
        self.retry_delay = retry_delay
        """Seconds before an AI turn or a finished game whose write failed is tried again."""
        workers = getattr(self.executor, "_max_workers", None) or os.cpu_count() or 2
        self._ai_slots = PrioritySlots(ai_concurrency or 2 * workers)
        """AI turns in progress at once (deciding, storing, applying): enough to keep the executor busy, few
        enough that the event loop stays quick for the people acting. Tables with people go first."""
        self._tables: dict[int, Table] = {}
        self._subscribers: dict[int | None, list[Subscriber]] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._guild_locks: dict[int, asyncio.Lock] = {}
        self._closed = False
        self.broken: dict[int, str] = {}
        """Stored tables that could not be rebuilt at start-up, with the reason (they stay in the database)."""
        self.shards = shards
        """The shards this process runs (``None``: every shard, in one process)."""
        self.leased = shards is not None or owner is not None
        """Whether the tables are run by leases in the database (several processes on one database)."""
        self.owner: str | None = (owner or process_name()) if self.leased else None
        """This process's name in the leases it holds (``None`` without leases)."""
        self.lease_ttl = lease_ttl
        self.paused = False
        """A renewal of the leases failed: no timer runs and no AI plays until one succeeds."""
        self._lease_task: asyncio.Task[None] | None = None

    def subscribe(self, callback: Subscriber, table_id: int | None = None) -> Callable[[], None]:
        """Call ``callback(event)`` for each event of one table (or of every table), in order, on the event
        loop; it must not block (queue the event if work is slow). Returns the function that unsubscribes."""
        subs = self._subscribers.setdefault(table_id, [])
        subs.append(callback)

        def stop() -> None:
            if callback in subs:
                subs.remove(callback)

        return stop

    def events(self, table_id: int | None = None) -> Subscription:
        """The events of one table (or every table) as an async iterator."""
        return Subscription(self, table_id)

    def _emit(self, t: Table, what: Payload | Event) -> TableEvent:
        """Announce a service event (its typed ``Payload``) or an engine's (its typed ``Event``)."""
        t.seq += 1
        event = TableEvent(t.id, t.seq, what.KIND, what.as_dict(), what)
        kind = event.kind
        for key in (t.id, None):
            for callback in list(self._subscribers.get(key, ())):
                try:
                    callback(event)
                except Exception:  # noqa: BLE001 - a broken front end must not stop the table
                    log.exception("event subscriber failed on %s", kind)
        return event

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

    @staticmethod
    def _cancel_timers(t: Table) -> None:
        for handle in t.timers:
            handle.cancel()
        t.timers = []

    @staticmethod
    def _to_move(t: Table) -> int:
        """The seat to move at a table whose game is in play and not over."""
        assert t.match is not None
        seat = t.match.to_move()
        assert seat is not None, "a game not over has a seat to move"
        return seat

    def _lost(self, t: Table) -> None:
        """Drop a table whose lease another process took: its timers and AI stop, it is written no more."""
        if self._tables.get(t.id) is not t:
            return
        log.warning("table %d: its lease was taken over by another process; dropped here", t.id)
        self._cancel_timers(t)
        t.deadline_at = None
        self._tables.pop(t.id, None)
        t.ended = "lost"
        self._emit(t, Lost())

    @contextmanager
    def _writing(self, t: Table) -> Iterator[None]:
        """Around a write of ``t``: a lost lease drops the table (``TableLost``), any other storage failure is
        the service's ``StorageFailed``."""
        try:
            yield
        except LeaseLost:
            self._lost(t)
            raise TableLost() from None
        except StorageError as e:
            raise StorageFailed.of(e) from None

    def _guild_lock(self, guild_id: int) -> asyncio.Lock:
        """Serialises the checks and writes that seat players in a guild (cap, one table per channel)."""
        lock = self._guild_locks.get(guild_id)
        if lock is None:
            lock = self._guild_locks[guild_id] = asyncio.Lock()
        return lock

    def _check_open(self) -> None:
        if self._closed:
            raise ServiceClosed()

    def _table(self, table_id: int) -> Table:
        self._check_open()
        t = self._tables.get(table_id)
        if t is None:
            raise UnknownTable(table_id)
        return t

    def _table_of(self, channel_id: int, user_id: int) -> Table | None:
        for t in self._tables.values():
            if t.channel_id == channel_id and t.status != "finished" and t.seat_of(user_id) is not None:
                return t
        return None

    def _check_free(self, channel_id: int, user_id: int) -> None:
        if self._table_of(channel_id, user_id) is not None:
            raise AlreadySeated(_("You are already at a table in this channel; leave it first."))

    @staticmethod
    def _check_level(level: str) -> None:
        if level not in AGENT_NAMES:
            raise BadRequest(_("Unknown AI level {level!r}; levels are: {levels}.").format(
                level=level, levels=", ".join(AGENT_NAMES)))

    @staticmethod
    def _check_live(t: Table) -> None:
        """Refuse a request for a table that was closed, stopped or finished while the request waited."""
        if t.ended == "aborted":
            raise WrongPhase(_("This table was stopped."))
        if t.ended == "finished":
            raise WrongPhase(_("The game is over."))
        if t.ended == "closed":
            raise WrongPhase(_("This table was closed."))
        if t.ended == "lost":
            raise TableLost()

    @staticmethod
    def _check_lobby(t: Table) -> None:
        if t.status != "lobby":
            raise WrongPhase(_("The game has already started."))

    @staticmethod
    def _check_host(t: Table, user_id: int) -> None:
        if user_id != t.host_id:
            raise NotHost()

    async def _save_seats(self, t: Table, seats: list[Seat]) -> None:
        with self._writing(t):
            await self.store.update_table(t.id, seats=[s.to_json() for s in seats], lease=t.lease)
        t.seats = seats

    async def _delete(self, t: Table) -> None:
        with self._writing(t):
            await self.store.delete_table(t.id, lease=t.lease)
        self._tables.pop(t.id, None)
        t.status, t.ended = "finished", "closed"
        self._emit(t, Cancelled())

    def _record(self, t: Table, **extra: Any) -> JsonObject:
        """The table's game record so far, with where it was played."""
        assert t.match is not None
        return t.match.record(self._record_seats(t), guild=t.guild_id, channel=t.channel_id, table=t.id, **extra)

    @staticmethod
    def _record_seats(t: Table) -> list[JsonObject]:
        out = []
        for s in t.seats:
            d: JsonObject = {"name": s.name, "ai": s.ai, "user": s.user_id}
            if s.away:
                d["away"] = s.away
            out.append(d)
        return out
