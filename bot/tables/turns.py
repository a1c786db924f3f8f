"""Playing a table: a user's checked action, automatic plays, AI turns, turn timers, and the end of a game.

Each action is stored and committed before it is applied and announced, so what was shown survives a crash.
AI turns run in an executor; human turns have a timer (``turn_timer``). A write no user waits on is tried
again (``WRITE_TRIES`` times) before the service gives up and says so.
"""

from __future__ import annotations

import asyncio
import datetime as _dt
import logging
import random
import time
import traceback
from collections.abc import Callable, Coroutine, Iterable
from typing import Any

from bot.i18n import _
from bot.names import error_text
from bot.ratings import SeatResult, outcomes, update_standings
from bot.storage import LeaseLost, StorageError
from bot.storage.errors import UNREACHABLE
from bot.storage.rows import JsonObject
from bot.tables.core import ServiceCore
from bot.tables.errors import (
    BadAction,
    IllegalMove,
    NotSeated,
    NotYourTurn,
    SeatPlayedByAI,
    StaleAction,
    StorageFailed,
    TableLost,
    WrongPhase,
)
from bot.tables.events import (
    Acted,
    GameOver,
    Payload,
    SeatToAi,
    StorageErrorEvent,
    StorageGaveUp,
    TableEvent,
    TeamChatOpen,
    Timeout,
    TimerWarning,
    Turn,
)
from bot.tables.table import TIMEOUTS_TO_AI, Table
from rules.actions import Action, RulesError
from rules.ai import choose
from rules.games import spec
from rules.view import GameView

log = logging.getLogger(__name__)

WARNING_MAX = 30.0
"""The timer warning comes this many seconds before the end (or at three quarters of a short timer)."""
WRITE_TRIES = 6
"""Tries of a write that no user waits on (an AI turn, an automatic play, the finished game) before the
service stops trying and says so with a ``storage_gave_up`` event; the table stays as last stored."""


class Turns(ServiceCore):
    """The playing part of the table service."""

    async def act(self, table_id: int, user_id: int, action: Action | str, *, version: int | None = None
                  ) -> list[TableEvent]:
        """Apply a user's action (an ``Action`` or its text form, e.g. ``play Ad``) and return the events
        it caused. ``version`` (from ``TableInfo`` or a ``turn`` event) refuses a click on an old table."""
        if isinstance(action, str):
            try:
                action = Action.parse(action)
            except RulesError as e:
                raise BadAction(error_text(e)) from None
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
            to_move = self._to_move(t)
            if to_move != seat:
                name = t.seats[to_move].name
                raise NotYourTurn(_("It is not your turn: {name} is to play.").format(name=name), name)
            try:
                t.match.check(action, seat)
            except RulesError as e:
                raise IllegalMove(error_text(e)) from None
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
                               notes: Iterable[JsonObject] = (), before: Iterable[Payload] = ()) -> None:
        """Write the notes and the action, then apply them and announce it. On a failed write nothing
        changes (and the table is checked against what is stored)."""
        assert t.match is not None
        entry = action.to_json(seat)
        entries = [*notes, entry]
        try:
            await self.store.append(t.id, t.version, entries, lease=t.lease)
        except LeaseLost:
            self._lost(t)
            raise TableLost() from None
        except StorageError as e:
            await self._write_failed(t, e, "action")
            raise StorageFailed.of(e) from None
        t.failed_writes = 0
        for note in entries[:-1]:
            t.match.note(note)
        events = t.match.apply(action, seat)
        t.version += len(entries)
        for payload in before:
            self._emit(t, payload)
        self._emit(t, Acted(seat=seat, action=str(action), entry=entry, by=by, version=t.version))
        for ev in events:
            self._emit(t, ev)
        if not t.team_chat_open and t.team_chat_due():
            t.team_chat_open = True
            self._emit(t, TeamChatOpen(sides=[list(s) for s in spec(t.game).sides(t.players)]))

    async def _write_failed(self, t: Table, error: StorageError, during: str) -> None:
        """Report a failed write and make sure the table matches what is stored (a write reported as failed
        may still have reached the disk)."""
        # a server that cannot be reached is expected back: a warning (the writer has logged its words)
        log.log(logging.WARNING if error.code == UNREACHABLE else logging.ERROR, "table %d: storing %s failed: %s",
                t.id, during, error.reason)
        self._emit(t, StorageErrorEvent(reason=error.reason, during=during))
        try:
            stored = await self.store.live_entries(t.id)
        except StorageError:
            return  # unreadable too: what is in memory is what was last stored
        if len(stored) != t.version:
            log.warning("table %d: %d entries stored, %d in memory; rebuilding", t.id, len(stored), t.version)
            t.replay(stored)
            # the write reached the database after all: announce the turn it leads to (an AI's is played), or
            # nobody would: the caller's retry is for the version that is gone
            self._spawn(self._advance_later(t, t.version))

    async def _advance(self, t: Table) -> None:
        """After a change: automatic plays, then the next turn (an AI's, or a human's with its timer), or
        the end of the game. Called under the table's lock."""
        m = t.match
        assert m is not None
        while not m.is_over():
            forced = m.auto_action()
            if forced is None:
                break
            try:
                await self._store_and_apply(t, self._to_move(t), forced, by="auto")
            except TableLost:
                return
            except StorageFailed as e:  # what came before is stored and shown: go on from here later
                self._retry(t, lambda: self._advance_later(t, t.version), e.reason)
                return
        if m.is_over():
            self._cancel_timers(t)
            t.deadline_at = None
            self._spawn(self._finish(t))
            return
        seat = self._to_move(t)
        level = t.controller(seat)
        timer = t.options.get("turn_timer")
        timer = timer if isinstance(timer, int) and level is None else None
        t.deadline_at = time.time() + timer if timer else None
        self._emit(t, Turn(seat=seat, user_id=t.seats[seat].user_id if level is None else None,
                           ai=level is not None, version=t.version, timer=timer, deadline_at=t.deadline_at))
        if self.paused:
            return  # the leases could not be renewed: the turn waits (``_unpause`` advances it again)
        if level is not None:
            self._spawn(self._ai_turn(t, t.version))
        elif timer:
            self._arm_timer(t, seat, timer)

    async def _advance_later(self, t: Table, version: int) -> None:
        async with t.lock:
            if not self._closed and t.version == version and not t.finishing and t.id in self._tables:
                await self._advance(t)

    async def _choose(self, level: str, view: GameView, rng: random.Random) -> Action:
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
                if (self._closed or self.paused or t.version != version or t.id not in self._tables
                        or t.match is None or t.match.is_over()):
                    return  # played already, or the table was stopped
                seat = self._to_move(t)
                level = t.controller(seat) or t.level
                if not timeout and t.controller(seat) is None:
                    return  # the seat is a user's again to play
                view = t.match.view(seat)
                rng = t.rng_for(version)
            action = await self._choose(level, view, rng)
            async with t.lock:
                if self._closed or self.paused or t.version != version or t.id not in self._tables:
                    return  # the table moved on or was stopped while the AI was thinking (or paused)
                try:
                    t.match.check(action, seat)
                except RulesError:
                    log.error("table %d: the %s AI chose an illegal %s action", t.id, level, action.kind)
                    action = t.rng_for(version).choice(t.match.legal_actions())
                st = t.seats[seat]
                notes, before = [], []
                if timeout:
                    notes.append({"seat": seat, "timeout": True})
                    before.append(Timeout(seat=seat, user_id=st.user_id, count=st.timeouts + 1))
                elif st.away == "left" and not st.leave_noted:
                    notes.append({"seat": seat, "leave": True})
                try:
                    await self._store_and_apply(t, seat, action, by="timeout" if timeout else "ai", notes=notes,
                                                before=before)
                except TableLost:
                    return
                except StorageFailed as e:
                    self._retry(t, lambda: self._ai_turn(t, version, timeout=timeout), e.reason)
                    return
                if timeout:
                    st.timeouts += 1
                    if st.timeouts >= TIMEOUTS_TO_AI and st.away is None:
                        st.away = "timeouts"
                        self._emit(t, SeatToAi(seat=seat, user_id=st.user_id, reason="timeouts", level=t.level))
                elif notes:
                    st.leave_noted = True
                await self._advance(t)

    def _arm_timer(self, t: Table, seat: int, seconds: int) -> None:
        self._cancel_timers(t)
        start, version = self.clock.now(), t.version
        warn = min(WARNING_MAX, seconds / 4)

        def warning() -> None:
            if t.version == version and not self._closed and t.id in self._tables:
                self._emit(t, TimerWarning(seat=seat, user_id=t.seats[seat].user_id, seconds_left=warn))

        def expired() -> None:
            if t.version == version and not self._closed and t.id in self._tables:
                self._spawn(self._ai_turn(t, version, timeout=True))

        t.timers = [self.clock.call_at(start + seconds - warn, warning), self.clock.call_at(start + seconds, expired)]

    def _retry(self, t: Table, make: Callable[[], Coroutine[Any, Any, None]], reason: str) -> None:
        """Try a failed AI turn, automatic play or game storing again later; after ``WRITE_TRIES`` failures
        in a row, stop and say so (the table stays as last stored: a restart, or the next request that
        writes, goes on from there)."""
        t.failed_writes += 1
        if t.failed_writes >= WRITE_TRIES:
            log.error("table %d: gave up storing after %d tries: %s", t.id, t.failed_writes, reason)
            self._emit(t, StorageGaveUp(reason=reason, tries=t.failed_writes))
            return

        def again() -> None:
            if not self._closed and t.id in self._tables:
                self._spawn(make())

        t.timers.append(self.clock.call_at(self.clock.now() + self.retry_delay, again))

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
                    lambda before: update_standings(record, seats, before, when), lease=t.lease)
            except LeaseLost:
                self._lost(t)
                return
            except StorageError as e:
                t.finishing = False
                log.log(logging.WARNING if e.code == UNREACHABLE else logging.ERROR,
                        "table %d: storing the finished game failed: %s", t.id, e.reason)
                self._emit(t, StorageErrorEvent(reason=e.reason, during="finish"))
                self._retry(t, lambda: self._finish(t), e.reason)
                return
            t.status, t.ended, t.failed_writes = "finished", "finished", 0
            self._tables.pop(t.id, None)
            standings = {u: {"before": stored.before.get(u), "after": stored.after[u]} for u in stored.after}
            self._emit(t, GameOver(game_id=stored.game_id, result=result, standings=standings))
