"""Reviews of finished games and hints at practice tables, computed in the AI's executor.

A **review** is one seat's costliest decisions of a finished game (``rules.ai.review``). Each decision is
valued from that seat's view alone by one executor job of its own, so a review never holds a worker for
long: the AI turns of live tables queue between its jobs, and at most ``REVIEW_JOBS`` reviews are computed at
once in this process. A review is stored when it is done (table ``reviews``), so a second press answers at
once; two presses at the same time share one computation, and a member waits for one review at a time.

A **hint** is the AI's preferred action for the seat to move at a table with ``hints`` on, valued the same way
with the hint budget; the same position always gets the same hint, and two presses share one search.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from typing import Unpack

from bot.i18n import _
from bot.storage import StorageError, Store
from bot.storage.rows import JsonObject
from bot.tables.core import CoreOptions, ServiceCore
from bot.tables.errors import BadRequest, NotSeated, NotYourTurn, StorageFailed, WrongPhase, storage_failure
from bot.tables.table import TIMEOUTS_TO_AI
from rules.ai import review as judge
from rules.records import ReplayError
from rules.view import GameView

log = logging.getLogger(__name__)

REVIEW_JOBS = 1
"""Reviews computed at once in this process (each one decision at a time)."""
REVIEW_SEED = 0
"""The seed of every review: a game's review is the same whoever asks and whenever."""


@dataclass(frozen=True)
class Review:
    """One seat's review of a finished game: its costliest decisions (``rules.ai.review.Judged``, costliest
    first, none when no decision cost anything worth showing), how many of its decisions were valued (0: the
    AI made them all), and the game's record."""

    game_id: int
    seat: int
    record: JsonObject
    decisions: list[judge.Judged]
    reviewed: int


@dataclass(frozen=True)
class Hint:
    """A hint: the view it was computed from (the seat's, at the table's ``version``) and the values of its
    legal actions, best first."""

    version: int
    view: GameView
    values: list[judge.ActionValue]


class ServiceOptions(CoreOptions, total=False):
    """The keyword options of the table service: the core's, and the search budgets of reviews and hints."""

    review_time_ms: int | None
    hint_time_ms: int | None


class Reviews(ServiceCore):
    """The reviews and hints of the table service; see the module docstring."""

    def __init__(self, store: Store, *, review_time_ms: int | None = None, hint_time_ms: int | None = None,
                 **kwargs: Unpack[CoreOptions]) -> None:
        super().__init__(store, **kwargs)
        self._review_time_ms = review_time_ms
        self._hint_time_ms = hint_time_ms
        self._review_jobs = asyncio.Semaphore(REVIEW_JOBS)
        self._reviews_running: dict[tuple[int, int], asyncio.Future[JsonObject]] = {}
        self._reviews_of_user: dict[int, int] = {}
        """Per member, the game whose review they wait for."""
        self._hints: dict[int, tuple[int, asyncio.Future[Hint]]] = {}
        """Per table, the last hint asked for (running or done), with the table's version it is for."""

    @property
    def review_time_ms(self) -> int:
        """The search budget of one reviewed decision (larger than a move's; ``rules.ai.review``'s default)."""
        return self._review_time_ms if self._review_time_ms is not None else judge.REVIEW_TIME_MS

    @property
    def hint_time_ms(self) -> int:
        """The search budget of a hint."""
        return self._hint_time_ms if self._hint_time_ms is not None else judge.HINT_TIME_MS

    # ----- reviews -----
    async def reviewable_seat(self, game_id: int, user_id: int, guild_id: int | None) -> tuple[int, JsonObject]:
        """The seat ``user_id`` played in finished game ``game_id`` of guild ``guild_id`` and the game's record;
        ``BadRequest`` when there is no such game here or they did not play it."""
        with storage_failure():
            record = await self.store.game_record(game_id)
            seats = await self.store.seats_of(game_id, user_id) if record is not None else []
        if not isinstance(record, dict) or (guild_id is not None and record.get("guild") != guild_id):
            raise BadRequest(_("There is no finished game {id} on this server.").format(id=game_id))
        if not seats:
            raise BadRequest(_("Only the players of game {id} can see a review of it.").format(id=game_id))
        return seats[0], record

    async def stored_review(self, game_id: int, user_id: int, guild_id: int | None = None) -> Review | None:
        """The review of ``user_id``'s play in game ``game_id`` if it is already made (else ``None``); refuses
        like ``review``."""
        seat, record = await self.reviewable_seat(game_id, user_id, guild_id)
        return await self._stored(game_id, seat, record)

    async def review(self, game_id: int, user_id: int, guild_id: int | None = None) -> Review:
        """The review of ``user_id``'s play in finished game ``game_id`` (of guild ``guild_id`` when given):
        the stored one, else computed now (seconds; a long match up to a minute) and stored. ``BadRequest``
        for a game they did not play here, or while another review of theirs is being made;
        ``StorageFailed`` when the database cannot be read."""
        seat, record = await self.reviewable_seat(game_id, user_id, guild_id)
        key = (game_id, seat)
        running = self._reviews_running.get(key)  # (before the stored one: a running review stores itself first)
        if running is None:
            stored = await self._stored(game_id, seat, record)
            if stored is not None:
                return stored
            running = self._reviews_running.get(key)  # another press may have started it meanwhile
        if running is None:
            waiting = self._reviews_of_user.get(user_id)
            if waiting is not None and waiting != game_id:
                raise BadRequest(_("Your review of game {id} is still being made; ask for this one when it is "
                                   "ready.").format(id=waiting))
            running = asyncio.ensure_future(self._compute(game_id, seat, record))
            self._reviews_running[key] = running
            self._reviews_of_user[user_id] = game_id

            def done(_f: asyncio.Future[JsonObject]) -> None:
                self._reviews_running.pop(key, None)
                if self._reviews_of_user.get(user_id) == game_id:
                    del self._reviews_of_user[user_id]

            running.add_done_callback(done)
        return self._review_of(game_id, seat, record, await asyncio.shield(running))

    async def _stored(self, game_id: int, seat: int, record: JsonObject) -> Review | None:
        """The stored review, or ``None`` (none yet, or one that no longer reads: it is made again)."""
        with storage_failure():
            try:
                data = await self.store.review_of(game_id, seat)
            except StorageError as e:
                if e.code != "SQLITE_CORRUPT":
                    raise
                log.error("game %d: its stored review of seat %d is damaged; making it again", game_id, seat)
                return None
        if data is None:
            return None
        try:
            return self._review_of(game_id, seat, record, data)
        except StorageFailed:
            return None

    def _review_of(self, game_id: int, seat: int, record: JsonObject, data: JsonObject) -> Review:
        try:
            decisions = [judge.judged_from_json(record, seat, d) for d in data["costliest"]]
            return Review(game_id, seat, record, decisions, int(data["reviewed"]))
        except (ReplayError, LookupError, TypeError, ValueError) as e:
            log.error("game %d: its stored review of seat %d does not read (%s)", game_id, seat, type(e).__name__)
            raise StorageFailed(_("the stored review does not read")) from None

    async def _compute(self, game_id: int, seat: int, record: JsonObject) -> JsonObject:
        loop = asyncio.get_running_loop()
        started = time.perf_counter()
        async with self._review_jobs:
            try:
                decisions = await loop.run_in_executor(self.executor, judge.seat_decisions, record, seat,
                                                       TIMEOUTS_TO_AI)
            except ReplayError as e:
                log.error("game %d: its record does not replay for a review: %s", game_id, e)
                raise BadRequest(_("Game {id} cannot be reviewed: its record is damaged.").format(id=game_id)) from None
            judged = []
            for round_index, index, view, action in decisions:
                if not judge.reviewable(view):
                    continue
                rng = judge.decision_rng(REVIEW_SEED, round_index, index)
                async with self._ai_slots.slot():
                    values = await loop.run_in_executor(self.executor, judge.action_values, view, rng,
                                                        self.review_time_ms)
                judged.append(judge.judge(round_index, index, view, action, values))
        data: JsonObject = {"reviewed": len(judged),
                            "costliest": [judge.judged_to_json(j) for j in judge.costliest(judged)]}
        log.info("game %d: seat %d reviewed (%d decisions) in %.1f s", game_id, seat, len(judged),
                 time.perf_counter() - started)
        try:
            await self.store.save_review(game_id, seat, data, time.time())
        except StorageError as e:  # the review is shown all the same; the next press computes it again
            log.warning("game %d: keeping the review of seat %d failed: %s", game_id, seat, e.reason)
        return data

    # ----- hints -----
    async def hint(self, table_id: int, user_id: int) -> Hint:
        """The AI's values of the actions ``user_id`` may take now at a table with ``hints`` on, best first,
        with the view they were computed from. Refused when the table has no hints, the user does not sit
        there, it is not their turn, or the position is not valued (Chiamata's bids, trump and discard)."""
        t = self._table(table_id)
        if t.options.get("hints") != "on":
            raise BadRequest(_("This table has no hints; open one with the option hints: on to practise."))
        if t.match is None:
            raise WrongPhase(_("The game has not started yet."))
        seat = t.seat_of(user_id)
        if seat is None:
            raise NotSeated()
        if t.match.to_move() != seat:
            raise NotYourTurn(_("A hint is for your turn: it is not your turn now."))
        view = t.match.view(seat)
        if not judge.reviewable(view):
            raise BadRequest(_("No hint for this move: hints are for the card play and Chiamata's call, not for "
                               "the bids, the trump or the discard."))
        version, kept = self._hints.get(table_id, (None, None))
        if kept is None or version != t.version or kept.cancelled() or (kept.done() and kept.exception()):
            kept = asyncio.ensure_future(self._search_hint(table_id, t.version, view))
            self._hints = {k: v for k, v in self._hints.items() if k in self._tables}  # finished tables go
            self._hints[table_id] = (t.version, kept)
        return await asyncio.shield(kept)

    async def _search_hint(self, table_id: int, version: int, view: GameView) -> Hint:
        rng = random.Random(f"hint:{table_id}:{version}")
        loop = asyncio.get_running_loop()
        async with self._ai_slots.slot(urgent=True):
            values = await loop.run_in_executor(self.executor, judge.hint, view, rng, self.hint_time_ms)
        return Hint(version, view, values)
