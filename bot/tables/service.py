"""The table service: every live table, driven the same way by Discord, the terminal and the tests.

Life cycle: ``create`` opens a lobby (the host sits in it); ``join``, ``leave``, ``add_ai``, ``remove_ai``,
``kick`` and ``cancel`` shape it; ``start`` fills the empty places with AI players of the table's level and
seats everyone; ``abort`` stops a lobby or a game in play (stored as aborted, never rated). While playing,
``act`` applies a user's action, checked (seated, their turn, legal) under the table's lock. Each action is
stored and committed before it is applied and announced, so what was shown survives a crash. AI turns run in
an executor; human turns have a timer (``turn_timer``); a user who leaves is replaced by the AI. The finished
game is stored with its record and the standings are updated.

Every refused request raises a ``TableError`` with a message for the user and changes nothing.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import os
import secrets
import time
import traceback
from collections.abc import Awaitable, Callable, Iterable
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bot.i18n import _
from bot.ratings import SeatResult, outcomes, sides_of, update_standings
from bot.storage import GameRow, GuildSettings, StorageError, Store
from bot.tables.clock import Clock, LoopClock
from bot.tables.errors import (
    AlreadySeated,
    BadAction,
    BadRequest,
    IllegalMove,
    LimitReached,
    NotHost,
    NotSeated,
    NotYourTurn,
    SeatPlayedByAI,
    ServiceClosed,
    StaleAction,
    StorageFailed,
    TableFull,
    UnknownTable,
    WrongPhase,
)
from bot.tables.events import TableEvent
from bot.tables.slots import PrioritySlots
from bot.tables.table import TIMEOUTS_TO_AI, Seat, Table, TableInfo, assign_seats
from rules.actions import Action, RulesError
from rules.ai import AGENT_NAMES, DEFAULT_TIME_MS, choose
from rules.records import game_class

log = logging.getLogger(__name__)

DEFAULT_GUILD_CAP = 20
"""Live tables a guild may have at once unless its settings say otherwise."""
WARNING_MAX = 30.0
"""The timer warning comes this many seconds before the end (or at three quarters of a short timer)."""
PAGE_SIZE = 10
WRITE_TRIES = 6
"""Tries of a write that no user waits on (an AI turn, an automatic play, the finished game) before the
service stops trying and says so with a ``storage_gave_up`` event; the table stays as last stored."""
Subscriber = Callable[[TableEvent], Any]


class Subscription:
    """Events as an async iterator (``async for event in sub``); ``close()`` stops it."""

    def __init__(self, service: TableService, table_id: int | None) -> None:
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


class TableService:
    """Owns the live tables of every guild; see the module docstring."""

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
    ) -> None:
        self.store = store
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
        self._tasks: set[asyncio.Task] = set()
        self._guild_locks: dict[int, asyncio.Lock] = {}
        self._closed = False
        self.broken: dict[int, str] = {}
        """Stored tables that could not be rebuilt at start-up, with the reason (they stay in the database)."""

    # ----- opening and closing -----
    @classmethod
    async def open(cls, path: str | Path, *, store_options: dict | None = None, **options: Any) -> TableService:
        """Open the database at ``path`` (migrating it), rebuild the live tables and start their turns."""
        store = await Store(path, **(store_options or {})).open()
        service = cls(store, **options)
        try:
            await service.resume()
        except BaseException:
            await service.close()
            raise
        return service

    async def close(self) -> None:
        """Stop the timers and the AI turns, and close the database. Whatever was acknowledged is stored."""
        if self._closed:
            return
        self._closed = True
        for t in self._tables.values():
            self._cancel_timers(t)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._own_executor:
            self.executor.shutdown(wait=False, cancel_futures=True)
        await self.store.close()

    async def __aenter__(self) -> TableService:
        return self

    async def __aexit__(self, *exc) -> None:
        await self.close()

    async def idle(self) -> None:
        """Wait until no AI turn, timeout or storing of a game is running (tests and the terminal)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def resume(self) -> list[int]:
        """Rebuild every stored live table by replaying its log, then restart its turn (timers restart with
        their full time: nobody could act while the bot was down). Returns the ids resumed."""
        resumed = []
        for row in await self.store.live_tables():
            if row.id in self._tables:
                continue
            try:
                t = Table(row.id, row.guild_id, row.channel_id, row.host_id, row.game, row.players, row.options,
                          row.level, row.seed, row.status, [Seat.from_json(s) for s in row.seats])
                if row.status == "playing":
                    t.replay(row.entries)
            except (RulesError, KeyError, TypeError, ValueError, AttributeError) as e:
                log.error("table %d cannot be rebuilt from storage: %s", row.id, type(e).__name__)
                self.broken[row.id] = str(e)
                continue
            self._tables[t.id] = t
            resumed.append(t.id)
            self._emit(t, "resumed", version=t.version)
            if t.status == "playing":
                async with t.lock:
                    await self._advance(t)
        if resumed:
            log.info("resumed %d live tables", len(resumed))
        return resumed

    # ----- events -----
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

    def _emit(self, t: Table, kind: str, **data: Any) -> TableEvent:
        t.seq += 1
        event = TableEvent(t.id, t.seq, kind, data)
        for key in (t.id, None):
            for callback in list(self._subscribers.get(key, ())):
                try:
                    callback(event)
                except Exception:  # noqa: BLE001 - a broken front end must not stop the table
                    log.exception("event subscriber failed on %s", kind)
        return event

    # ----- queries -----
    def get(self, table_id: int) -> TableInfo:
        """A snapshot of a live table."""
        return self._table(table_id).info()

    def tables(self, guild_id: int | None = None, channel_id: int | None = None) -> list[TableInfo]:
        """The live tables, of a guild and channel when given."""
        return [t.info() for t in self._tables.values()
                if (guild_id is None or t.guild_id == guild_id) and (channel_id is None or t.channel_id == channel_id)]

    def table_of(self, channel_id: int, user_id: int) -> TableInfo | None:
        """The live table a user sits at in a channel."""
        t = self._table_of(channel_id, user_id)
        return t.info() if t else None

    def view(self, table_id: int, user_id: int | None = None):
        """What ``user_id`` may see at a table in play (their seat's view), or the public view."""
        t = self._table(table_id)
        if t.match is None:
            raise WrongPhase(_("The game has not started yet."))
        seat = t.seat_of(user_id) if user_id is not None else None
        return t.match.view(seat)

    def record(self, table_id: int) -> dict:
        """The record of a game in play so far."""
        t = self._table(table_id)
        if t.match is None:
            raise WrongPhase(_("The game has not started yet."))
        return self._record(t)

    # ----- the lobby -----
    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        players: int,
        options: dict | None = None,
        level: str = "medium",
        seed: int | None = None,
        *,
        seat_host: bool = True,
    ) -> TableInfo:
        """Open a table's lobby with the host seated (unless ``seat_host`` is false: the host only runs
        the table, e.g. to watch AI players). Options are checked; the guild's defaults fill in."""
        self._check_open()
        try:
            cls = game_class(game)
        except RulesError as e:
            raise BadRequest(str(e)) from None
        if players not in cls.player_counts:
            counts = ", ".join(str(p) for p in cls.player_counts)
            raise BadRequest(_("{game} is played by {counts} players, not {players}.").format(
                game=game, counts=counts, players=players))
        self._check_level(level)
        settings = await self._settings(guild_id)
        if settings.allowed_channels and channel_id not in settings.allowed_channels:
            raise LimitReached(_("Tables cannot be opened in this channel."))
        merged = {}
        for key, value in settings.default_options.get(game, {}).items():
            try:  # a guild default that does not fit this player count (``teams`` at 2 players) is left out
                cls.validate_options(players, {key: value})
            except RulesError:
                continue
            merged[key] = value
        merged.update(options or {})
        try:
            validated = cls.validate_options(players, merged)
        except RulesError as e:
            raise BadRequest(str(e)) from None
        async with self._guild_lock(guild_id):
            cap = settings.max_tables if settings.max_tables is not None else self.guild_cap
            live = sum(1 for t in self._tables.values() if t.guild_id == guild_id)
            if live >= cap:
                raise LimitReached(_("This server already has {n} open tables, its limit.").format(n=live))
            if seat_host:
                self._check_free(channel_id, host_id)
            seed = secrets.randbits(62) if seed is None else seed
            lobby = [Seat(host_id, host_name)] if seat_host else []
            try:
                table_id = await self.store.create_table(
                    guild_id=guild_id, channel_id=channel_id, host_id=host_id, game=game, players=players,
                    options=validated, level=level, seed=seed, seats=[s.to_json() for s in lobby])
            except StorageError as e:
                raise StorageFailed(e.reason) from None
            t = Table(table_id, guild_id, channel_id, host_id, game, players, validated, level, seed, "lobby", lobby)
            self._tables[table_id] = t
        self._emit(t, "created", table=t.info())
        return t.info()

    async def join(self, table_id: int, user_id: int, name: str) -> TableInfo:
        """Sit down in a table's lobby."""
        t = self._table(table_id)
        async with self._guild_lock(t.guild_id), t.lock:
            self._check_live(t)
            self._check_lobby(t)
            if t.seat_of(user_id) is not None:
                raise AlreadySeated(_("You are already at this table."))
            self._check_free(t.channel_id, user_id)
            if len(t.seats) >= t.players:
                raise TableFull()
            await self._save_seats(t, t.seats + [Seat(user_id, name)])
        self._emit(t, "joined", user_id=user_id, name=name)
        return t.info()

    async def add_ai(self, table_id: int, user_id: int, level: str | None = None) -> TableInfo:
        """The host adds an AI seat (at the table's level unless one is given)."""
        t = self._table(table_id)
        level = level or t.level
        self._check_level(level)
        async with t.lock:
            self._check_live(t)
            self._check_lobby(t)
            self._check_host(t, user_id)
            if len(t.seats) >= t.players:
                raise TableFull()
            await self._save_seats(t, t.seats + [Seat(None, _("AI ({level})").format(level=level), level)])
        self._emit(t, "ai_added", level=level)
        return t.info()

    async def remove_ai(self, table_id: int, user_id: int) -> TableInfo:
        """The host removes the last AI seat added."""
        t = self._table(table_id)
        async with t.lock:
            self._check_live(t)
            self._check_lobby(t)
            self._check_host(t, user_id)
            places = [i for i, s in enumerate(t.seats) if s.ai is not None]
            if not places:
                raise BadRequest(_("There is no AI seat to remove."))
            removed = t.seats[places[-1]]
            await self._save_seats(t, [s for i, s in enumerate(t.seats) if i != places[-1]])
        self._emit(t, "ai_removed", level=removed.ai)
        return t.info()

    async def kick(self, table_id: int, host_id: int, user_id: int) -> TableInfo:
        """The host removes a player from the lobby."""
        t = self._table(table_id)
        async with t.lock:
            self._check_live(t)
            self._check_lobby(t)
            self._check_host(t, host_id)
            if user_id == host_id:
                raise BadRequest(_("The host cannot kick themselves; leave or cancel the table instead."))
            place = t.seat_of(user_id)
            if place is None:
                raise BadRequest(_("That player is not at this table."))
            await self._save_seats(t, [s for i, s in enumerate(t.seats) if i != place])
        self._emit(t, "kicked", user_id=user_id)
        return t.info()

    async def cancel(self, table_id: int, user_id: int) -> None:
        """The host closes the lobby."""
        t = self._table(table_id)
        async with t.lock:
            self._check_live(t)
            self._check_lobby(t)
            self._check_host(t, user_id)
            await self._delete(t)

    async def abort(self, table_id: int, by_user: int, *, as_manager: bool = False) -> TableInfo:
        """Stop a table, in its lobby or in play: the host may, or a member allowed to manage the server
        (the front end checks that permission and says so with ``as_manager``). Timers are cancelled, a
        pending AI turn is dropped, the table is stored as aborted (its record so far, never rated) and
        forgotten, and an ``aborted`` event goes out. Returns the table as it was when stopped."""
        t = self._table(table_id)
        if by_user != t.host_id and not as_manager:
            raise NotHost(_("Only the host or a member with Manage Server can stop this table."))
        async with t.lock:
            self._check_live(t)
            if t.finishing or (t.match is not None and t.match.is_over()):
                # the last action is stored: the game ends as finished, however close the abort came
                if not t.finishing and t.failed_writes >= WRITE_TRIES:
                    t.failed_writes = 0
                    self._spawn(self._finish(t))
                raise WrongPhase(_("The game is already over; its result is being stored."))
            info = t.info()
            record = None
            if t.match is not None:
                record = self._record(t, aborted=True)
            try:
                await self.store.abort_table(t.id, guild_id=t.guild_id, game=t.game, players=t.players,
                                             status=t.status, aborted_by=by_user, record=record)
            except StorageError as e:
                raise StorageFailed(e.reason) from None
            self._cancel_timers(t)
            t.deadline_at = None
            self._tables.pop(t.id, None)
            t.status, t.ended = "finished", "aborted"
            self._emit(t, "aborted", by=by_user, table=info)
        return info

    async def leave(self, table_id: int, user_id: int) -> TableInfo | None:
        """Leave a table. In the lobby the place is freed (a leaving host hands the table to the next
        player; the last player leaving closes it). In a game the AI of the table's level takes the seat."""
        t = self._table(table_id)
        async with t.lock:
            self._check_live(t)
            place = t.seat_of(user_id)
            if place is None:
                raise NotSeated()
            if t.status == "lobby":
                rest = [s for i, s in enumerate(t.seats) if i != place]
                humans = [s for s in rest if s.user_id is not None]
                if user_id == t.host_id and not humans:
                    await self._delete(t)
                    self._emit(t, "left", user_id=user_id, seat=None)
                    return None
                new_host = humans[0].user_id if user_id == t.host_id else None
                try:
                    await self.store.update_table(t.id, seats=[s.to_json() for s in rest], host_id=new_host)
                except StorageError as e:
                    raise StorageFailed(e.reason) from None
                t.seats = rest
                self._emit(t, "left", user_id=user_id, seat=None)
                if new_host is not None:
                    t.host_id = new_host
                    self._emit(t, "host_changed", host_id=new_host)
                return t.info()
            if t.finishing or t.match is None or t.match.is_over():
                raise WrongPhase(_("The game is over."))
            seat = t.seats[place]
            before = seat.away
            seat.away = "left"
            try:
                await self.store.update_table(t.id, seats=[s.to_json() for s in t.seats])
            except StorageError as e:
                seat.away = before
                raise StorageFailed(e.reason) from None
            self._emit(t, "left", user_id=user_id, seat=place)
            if before is None:
                self._emit(t, "seat_to_ai", seat=place, user_id=user_id, reason="left", level=t.level)
            if t.match.to_move() == place:
                self._cancel_timers(t)
                self._spawn(self._ai_turn(t, t.version))
            return t.info()

    async def start(self, table_id: int, user_id: int) -> TableInfo:
        """The host starts the game: empty places get AI players of the table's level, everyone is seated
        (``teams`` decides partners in Briscola 4 and 6) and the cards are dealt."""
        t = self._table(table_id)
        async with t.lock:
            self._check_live(t)
            self._check_lobby(t)
            self._check_host(t, user_id)
            lobby = list(t.seats)
            while len(lobby) < t.players:
                lobby.append(Seat(None, _("AI ({level})").format(level=t.level), t.level))
            seats = assign_seats(t.game, t.players, t.options, lobby, t.seed)
            match = game_class(t.game)(t.players, t.options, t.seed)
            try:
                await self.store.update_table(t.id, seats=[s.to_json() for s in seats], status="playing",
                                              started_at=time.time())
            except StorageError as e:
                raise StorageFailed(e.reason) from None
            t.seats, t.match, t.status = seats, match, "playing"
            self._emit(t, "started", seats=list(t.info().seats))
            for ev in match.start_events:
                self._emit(t, ev["type"], **ev)
            await self._advance(t)
        return t.info()

    # ----- playing -----
    async def act(self, table_id: int, user_id: int, action: Action | str, *, version: int | None = None
                  ) -> list[TableEvent]:
        """Apply a user's action (an ``Action`` or its text form, e.g. ``play Ad``) and return the events
        it caused. ``version`` (from ``TableInfo`` or a ``turn`` event) refuses a click on an old table."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except RulesError as e:
                raise BadAction(str(e)) from None
        t = self._table(table_id)
        async with t.lock:
            self._check_open()
            self._check_live(t)
            if t.status != "playing" or t.match is None:
                raise WrongPhase(_("The game has not started yet."))
            seat = t.seat_of(user_id)
            if seat is None:
                raise NotSeated()
            if t.finishing or t.match.is_over():
                raise WrongPhase(_("The game is over."))
            if t.seats[seat].away is not None:
                raise SeatPlayedByAI()
            if version is not None and version != t.version:
                raise StaleAction()
            to_move = t.match.to_move()
            if to_move != seat:
                raise NotYourTurn(_("It is not your turn: {name} is to play.").format(name=t.seats[to_move].name))
            try:
                t.match.round.check(action)
            except RulesError as e:
                raise IllegalMove(str(e)) from None
            first = t.seq
            collected: list[TableEvent] = []
            stop = self.subscribe(collected.append, t.id)
            try:
                await self._store_and_apply(t, seat, action, by="human")
                t.seats[seat].timeouts = 0
                self._cancel_timers(t)
                await self._advance(t)
            finally:
                stop()
            return [e for e in collected if e.seq > first]

    async def _store_and_apply(self, t: Table, seat: int, action: Action, *, by: str,
                               notes: Iterable[dict] = (), before: Iterable[tuple[str, dict]] = ()) -> None:
        """Write the notes and the action, then apply them and announce it. On a failed write nothing
        changes (and the table is checked against what is stored)."""
        assert t.match is not None
        entry = action.to_json(seat)
        entries = [*notes, entry]
        try:
            await self.store.append(t.id, t.version, entries)
        except StorageError as e:
            await self._write_failed(t, e, "action")
            raise StorageFailed(e.reason) from None
        t.failed_writes = 0
        for note in entries[:-1]:
            t.match.note(note)
        events = t.match.apply(action, seat)
        t.version += len(entries)
        for kind, data in before:
            self._emit(t, kind, **data)
        self._emit(t, "action", seat=seat, action=str(action), entry=entry, by=by, version=t.version)
        for ev in events:
            self._emit(t, ev["type"], **ev)
        if not t.team_chat_open and t.team_chat_due():
            t.team_chat_open = True
            self._emit(t, "team_chat_open", sides=[list(s) for s in _sides(t)])

    async def _write_failed(self, t: Table, error: StorageError, during: str) -> None:
        """Report a failed write and make sure the table matches what is stored (a write reported as failed
        may still have reached the disk)."""
        log.error("table %d: storing %s failed: %s", t.id, during, error.reason)
        self._emit(t, "storage_error", reason=error.reason, during=during)
        try:
            stored = await self.store.live_entries(t.id)
        except StorageError:
            return  # unreadable too: what is in memory is what was last stored
        if len(stored) != t.version:
            log.warning("table %d: %d entries stored, %d in memory; rebuilding", t.id, len(stored), t.version)
            t.replay(stored)

    async def _advance(self, t: Table) -> None:
        """After a change: automatic plays, then the next turn (an AI's, or a human's with its timer), or
        the end of the game. Called under the table's lock."""
        m = t.match
        assert m is not None
        auto = getattr(m, "auto_action", None)
        while not m.is_over():
            forced = auto() if auto else None
            if forced is None:
                break
            try:
                await self._store_and_apply(t, m.to_move(), forced, by="auto")
            except StorageFailed as e:  # what came before is stored and shown: go on from here later
                self._retry(t, lambda: self._advance_later(t, t.version), e.reason)
                return
        if m.is_over():
            self._cancel_timers(t)
            t.deadline_at = None
            self._spawn(self._finish(t))
            return
        seat = m.to_move()
        level = t.controller(seat)
        timer = t.options.get("turn_timer")
        timer = timer if isinstance(timer, int) and level is None else None
        t.deadline_at = time.time() + timer if timer else None
        self._emit(t, "turn", seat=seat, user_id=t.seats[seat].user_id if level is None else None,
                   ai=level is not None, version=t.version, timer=timer, deadline_at=t.deadline_at)
        if level is not None:
            self._spawn(self._ai_turn(t, t.version))
        elif timer:
            self._arm_timer(t, seat, timer)

    async def _advance_later(self, t: Table, version: int) -> None:
        async with t.lock:
            if not self._closed and t.version == version and not t.finishing and t.id in self._tables:
                await self._advance(t)

    # ----- AI turns and timers -----
    async def _choose(self, level: str, view, rng) -> Action:
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self.executor, choose, level, view, rng, self.ai_time_ms)
        except (RulesError, LookupError, TypeError, ValueError, ArithmeticError) as e:
            # the message and the traceback's text may name the seat's cards: only the type and the place
            where = traceback.extract_tb(e.__traceback__)[-1] if e.__traceback__ else None
            log.error("AI %s failed (%s at %s); playing a random legal action", level, type(e).__name__,
                      f"{where.filename}:{where.lineno}" if where else "?")
            return rng.choice(view.legal)

    async def _ai_turn(self, t: Table, version: int, *, timeout: bool = False) -> None:
        """The AI plays the seat to move (its own, or a user's whose time ran out or who left)."""
        async with self._ai_slots.slot(urgent=any(s.human for s in t.seats)):
            async with t.lock:
                if (self._closed or t.version != version or t.id not in self._tables or t.match is None
                        or t.match.is_over()):
                    return  # played already, or the table was stopped
                seat = t.match.to_move()
                level = t.controller(seat) or t.level
                if not timeout and t.controller(seat) is None:
                    return  # the seat is a user's again to play
                view = t.match.view(seat)
                rng = t.rng_for(version)
            action = await self._choose(level, view, rng)
            async with t.lock:
                if self._closed or t.version != version or t.id not in self._tables:
                    return  # the table moved on or was stopped while the AI was thinking
                try:
                    t.match.round.check(action)
                except RulesError:
                    log.error("table %d: the %s AI chose an illegal %s action", t.id, level, action.kind)
                    action = t.rng_for(version).choice(t.match.legal_actions())
                st = t.seats[seat]
                notes, before = [], []
                if timeout:
                    notes.append({"seat": seat, "timeout": True})
                    before.append(("timeout", {"seat": seat, "user_id": st.user_id, "count": st.timeouts + 1}))
                elif st.away == "left" and not st.leave_noted:
                    notes.append({"seat": seat, "leave": True})
                try:
                    await self._store_and_apply(t, seat, action, by="timeout" if timeout else "ai", notes=notes,
                                                before=before)
                except StorageFailed as e:
                    self._retry(t, lambda: self._ai_turn(t, version, timeout=timeout), e.reason)
                    return
                if timeout:
                    st.timeouts += 1
                    if st.timeouts >= TIMEOUTS_TO_AI and st.away is None:
                        st.away = "timeouts"
                        self._emit(t, "seat_to_ai", seat=seat, user_id=st.user_id, reason="timeouts", level=t.level)
                elif notes:
                    st.leave_noted = True
                await self._advance(t)

    def _arm_timer(self, t: Table, seat: int, seconds: int) -> None:
        self._cancel_timers(t)
        start, version = self.clock.now(), t.version
        warn = min(WARNING_MAX, seconds / 4)

        def warning() -> None:
            if t.version == version and not self._closed and t.id in self._tables:
                self._emit(t, "timer_warning", seat=seat, user_id=t.seats[seat].user_id, seconds_left=warn)

        def expired() -> None:
            if t.version == version and not self._closed and t.id in self._tables:
                self._spawn(self._ai_turn(t, version, timeout=True))

        t.timers = [self.clock.call_at(start + seconds - warn, warning), self.clock.call_at(start + seconds, expired)]

    @staticmethod
    def _cancel_timers(t: Table) -> None:
        for handle in t.timers:
            handle.cancel()
        t.timers = []

    def _retry(self, t: Table, make: Callable[[], Awaitable[None]], reason: str) -> None:
        """Try a failed AI turn, automatic play or game storing again later; after ``WRITE_TRIES`` failures
        in a row, stop and say so (the table stays as last stored: a restart, or the next request that
        writes, goes on from there)."""
        t.failed_writes += 1
        if t.failed_writes >= WRITE_TRIES:
            log.error("table %d: gave up storing after %d tries: %s", t.id, t.failed_writes, reason)
            self._emit(t, "storage_gave_up", reason=reason, tries=t.failed_writes)
            return

        def again() -> None:
            if not self._closed and t.id in self._tables:
                self._spawn(make())

        t.timers.append(self.clock.call_at(self.clock.now() + self.retry_delay, again))

    def _spawn(self, coro: Awaitable[None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("table task failed", exc_info=task.exception())

    # ----- the end of a game -----
    async def _finish(self, t: Table) -> None:
        """Store the finished game (record, players, standings) and forget the live table."""
        async with t.lock:
            if t.finishing or t.id not in self._tables or t.match is None:
                return
            t.finishing = True
            m = t.match
            when = time.time()
            finished_at = _dt.datetime.fromtimestamp(when, _dt.UTC).isoformat(timespec="seconds")
            record = self._record(t, finished_at=finished_at)
            result = m.result() or {"game_points": [0] * t.players, "winners": []}
            outs = outcomes(result, t.players)
            seats = [SeatResult(i, s.user_id, s.name, s.ai, outs[i], result["game_points"][i])
                     for i, s in enumerate(t.seats)]
            try:
                stored = await self.store.finish_game(
                    t.id, t.guild_id, record, seats, when,
                    lambda before: update_standings(record, seats, before, when))
            except StorageError as e:
                t.finishing = False
                log.error("table %d: storing the finished game failed: %s", t.id, e.reason)
                self._emit(t, "storage_error", reason=e.reason, during="finish")
                self._retry(t, lambda: self._finish(t), e.reason)
                return
            t.status, t.ended, t.failed_writes = "finished", "finished", 0
            self._tables.pop(t.id, None)
            standings = {u: {"before": stored.before.get(u), "after": stored.after[u]} for u in stored.after}
            self._emit(t, "game_over", game_id=stored.game_id, result=result, standings=standings)

    def _record(self, t: Table, **extra: Any) -> dict:
        """The table's game record so far, with where it was played."""
        assert t.match is not None
        return t.match.record(self._record_seats(t), guild=t.guild_id, channel=t.channel_id, table=t.id, **extra)

    @staticmethod
    def _record_seats(t: Table) -> list[dict]:
        out = []
        for s in t.seats:
            d: dict = {"name": s.name, "ai": s.ai, "user": s.user_id}
            if s.away:
                d["away"] = s.away
            out.append(d)
        return out

    # ----- standings, settings, users -----
    async def leaderboard(self, guild_id: int, game: str, page: int = 1, per_page: int = PAGE_SIZE
                          ) -> dict[str, Any]:
        """Page ``page`` (from 1) of a guild's standings for a game, best rating first: ``rows`` as
        (rank, ``Standing``), ``page``, ``pages``, ``total`` (players ranked). AI seats never appear;
        games against the AI count for the humans."""
        if per_page < 1 or page < 1:
            raise BadRequest(_("Pages start at 1 and hold at least one player."))
        offset = (page - 1) * per_page
        try:
            rows, total = await self.store.leaderboard(guild_id, game, offset, per_page)
        except StorageError as e:
            raise StorageFailed(e.reason) from None
        pages = max(1, -(-total // per_page))
        return {"rows": [(offset + i + 1, st) for i, st in enumerate(rows)],
                "page": page, "pages": pages, "total": total}

    async def reset_leaderboard(self, guild_id: int, game: str | None = None) -> int:
        """Erase a guild's standings for ``game`` (``None``: every game): ratings, totals and streaks start
        again; stored games and records stay. Returns the number of standings removed."""
        if game is not None:
            try:
                game_class(game)
            except RulesError as e:
                raise BadRequest(str(e)) from None
        try:
            removed = await self.store.reset_standings(guild_id, game)
        except StorageError as e:
            raise StorageFailed(e.reason) from None
        log.info("guild %d: leaderboard of %s reset (%d standings)", guild_id, game or "every game", removed)
        return removed

    async def player_stats(self, guild_id: int, user_id: int, recent: int = 5) -> dict[str, Any]:
        """A player's standing and rank per game in a guild, and their last games."""
        out: dict[str, Any] = {"games": {}, "recent": []}
        try:
            for game in ("briscola", "chiamata", "cicera"):
                found = await self.store.standing(guild_id, game, user_id)
                if found is not None:
                    st, rank = found
                    out["games"][game] = {"standing": st, "rank": rank}
            recent_games: list[GameRow] = await self.store.games_of(guild_id, user_id, recent)
        except StorageError as e:
            raise StorageFailed(e.reason) from None
        out["recent"] = recent_games
        return out

    async def game_record(self, game_id: int) -> dict | None:
        """The JSON record of a finished game (``None`` when there is no such game)."""
        try:
            return await self.store.game_record(game_id)
        except StorageError as e:
            raise StorageFailed(e.reason) from None

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings."""
        return await self._settings(guild_id)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        """Change a guild's settings; default options are checked against each game first."""
        for game, options in settings.default_options.items():
            try:
                cls = game_class(game)
            except RulesError as e:
                raise BadRequest(str(e)) from None
            for key, value in options.items():  # each default must fit at least one player count
                problems = []
                for players in cls.player_counts:
                    try:
                        cls.validate_options(players, {key: value})
                    except RulesError as e:
                        problems.append(str(e))
                if len(problems) == len(cls.player_counts):
                    raise BadRequest(problems[0])
        if settings.max_tables is not None and settings.max_tables < 0:
            raise BadRequest(_("The table limit cannot be negative."))
        try:
            await self.store.save_guild_settings(settings)
        except StorageError as e:
            raise StorageFailed(e.reason) from None

    async def forget_user(self, user_id: int) -> int:
        """Delete a user's data on request: they leave every table (the AI takes their seats), their
        standings are removed and their name is taken out of stored games. Returns the games anonymised."""
        for t in list(self._tables.values()):
            if t.seat_of(user_id) is not None:
                try:
                    await self.leave(t.id, user_id)
                except (WrongPhase, UnknownTable):
                    pass
            async with t.lock:  # their seat in a game still in play: no name, no id, no standing later
                mine = [s for s in t.seats if s.user_id == user_id]
                if t.status == "playing" and mine:
                    for s in mine:
                        s.user_id, s.name = None, _("deleted user")
                    try:
                        await self.store.update_table(t.id, seats=[s.to_json() for s in t.seats])
                    except StorageError as e:
                        raise StorageFailed(e.reason) from None
        try:
            return await self.store.delete_user(user_id, _("deleted user"))
        except StorageError as e:
            raise StorageFailed(e.reason) from None

    # ----- helpers -----
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

    @staticmethod
    def _check_lobby(t: Table) -> None:
        if t.status != "lobby":
            raise WrongPhase(_("The game has already started."))

    @staticmethod
    def _check_host(t: Table, user_id: int) -> None:
        if user_id != t.host_id:
            raise NotHost()

    async def _save_seats(self, t: Table, seats: list[Seat]) -> None:
        try:
            await self.store.update_table(t.id, seats=[s.to_json() for s in seats])
        except StorageError as e:
            raise StorageFailed(e.reason) from None
        t.seats = seats

    async def _delete(self, t: Table) -> None:
        try:
            await self.store.delete_table(t.id)
        except StorageError as e:
            raise StorageFailed(e.reason) from None
        self._tables.pop(t.id, None)
        t.status, t.ended = "finished", "closed"
        self._emit(t, "cancelled")

    async def _settings(self, guild_id: int) -> GuildSettings:
        try:
            return await self.store.guild_settings(guild_id)
        except StorageError as e:
            raise StorageFailed(e.reason) from None


def _sides(t: Table) -> list[tuple[int, ...]]:
    return sides_of(t.game, t.players)
