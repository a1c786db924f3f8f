"""Reviews of finished games and hints at practice tables (issue 20), computed in the AI's executor.

A **review** is one seat's costliest decisions of a finished game (``rules.ai.review``). Each decision is
valued from that seat's view alone by one executor job of its own, so a review never holds a worker for
long: the AI turns of live tables queue between its jobs, and at most ``REVIEW_JOBS`` reviews are computed at
once in this process. A review is stored when it is done (table ``reviews``), so a second press answers at
once, and two presses at the same time share one computation.

A **hint** is the AI's preferred action for the seat to move at a table with ``hints`` on, valued the same way
with the hint budget; the same position always gets the same hint.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass
from typing import Any

from bot.i18n import _
from bot.storage import StorageError
from bot.tables.core import ServiceCore
from bot.tables.errors import BadRequest, NotSeated, NotYourTurn, StorageFailed, WrongPhase, storage_failure
from bot.tables.table import TIMEOUTS_TO_AI
from rules.ai import review as judge
from rules.records import ReplayError

log = logging.getLogger(__name__)

REVIEW_JOBS = 1
"""Reviews computed at once in this process (each one decision at a time)."""
REVIEW_SEED = 0
"""The seed of every review: a game's review is the same whoever asks and whenever."""


@dataclass(frozen=True)
class Review:
    """One seat's review of a finished game: its costliest decisions (``rules.ai.review.Judged``, costliest
    first, none when no decision cost anything worth showing); ``record`` is the game's record."""

    game_id: int
    seat: int
    record: dict
    decisions: list[judge.Judged]


class Reviews(ServiceCore):
    """The reviews and hints of the table service; see the module docstring."""

    def __init__(self, *args: Any, review_time_ms: int = judge.REVIEW_TIME_MS, hint_time_ms: int = judge.HINT_TIME_MS,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.review_time_ms = review_time_ms
        """The search budget of one reviewed decision (larger than a move's)."""
        self.hint_time_ms = hint_time_ms
        """The search budget of a hint."""
        self._review_jobs = asyncio.Semaphore(REVIEW_JOBS)
        self._reviews_running: dict[tuple[int, int], asyncio.Future[list[dict]]] = {}
        self._hints: dict[int, tuple[int, list[judge.ActionValue]]] = {}
        """Per table, the last hint given: (the table's version then, the values)."""

    async def reviewable_seat(self, game_id: int, user_id: int, guild_id: int | None) -> tuple[int, dict]:
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
        data = await self._stored(game_id, seat)
        return None if data is None else self._review_of(game_id, seat, record, data)

    async def review(self, game_id: int, user_id: int, guild_id: int | None = None) -> Review:
        """The review of ``user_id``'s play in finished game ``game_id`` (of guild ``guild_id`` when given):
        the stored one, else computed now (seconds) and stored. ``BadRequest`` for a game they did not play
        here, ``StorageFailed`` when the database cannot be read."""
        seat, record = await self.reviewable_seat(game_id, user_id, guild_id)
        data = await self._stored(game_id, seat)
        if data is None:
            key = (game_id, seat)
            running = self._reviews_running.get(key)
            if running is None:
                running = asyncio.ensure_future(self._compute(game_id, seat, record))
                self._reviews_running[key] = running
                running.add_done_callback(lambda _f: self._reviews_running.pop(key, None))
            data = await asyncio.shield(running)
        return self._review_of(game_id, seat, record, data)

    async def _stored(self, game_id: int, seat: int) -> list[dict] | None:
        with storage_failure():
            data = await self.store.review_of(game_id, seat)
        return data if isinstance(data, list) else None

    def _review_of(self, game_id: int, seat: int, record: dict, data: list[dict]) -> Review:
        try:
            decisions = [judge.judged_from_json(record, seat, d) for d in data]
        except (ReplayError, LookupError, TypeError, ValueError) as e:
            log.error("game %d: its stored review of seat %d does not read (%s)", game_id, seat, type(e).__name__)
            raise StorageFailed(_("the stored review does not read")) from None
        return Review(game_id, seat, record, decisions)

    async def _compute(self, game_id: int, seat: int, record: dict) -> list[dict]:
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
        data = [judge.judged_to_json(j) for j in judge.costliest(judged)]
        log.info("game %d: seat %d reviewed (%d decisions) in %.1f s", game_id, seat, len(decisions),
                 time.perf_counter() - started)
        try:
            await self.store.save_review(game_id, seat, data, time.time())
        except StorageError as e:  # the review is shown all the same; the next press computes it again
            log.warning("game %d: keeping the review of seat %d failed: %s", game_id, seat, e.reason)
        return data

    async def hint(self, table_id: int, user_id: int) -> list[judge.ActionValue]:
        """The AI's values of the actions ``user_id`` may take now at a table with ``hints`` on, best first.
        Refused when the table has no hints, the user does not sit there, or it is not their turn."""
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
        version = t.version
        kept = self._hints.get(table_id)
        if kept is not None and kept[0] == version:
            return kept[1]
        view = t.match.view(seat)
        rng = random.Random(f"hint:{table_id}:{version}")
        loop = asyncio.get_running_loop()
        async with self._ai_slots.slot(urgent=True):
            values = await loop.run_in_executor(self.executor, judge.hint, view, rng, self.hint_time_ms)
        if not values:
            raise BadRequest(_("No hint for this move: hints are for the card play and Chiamata's call, not for "
                               "the bids, the trump or the discard."))
        self._hints = {k: v for k, v in self._hints.items() if k in self._tables}  # finished tables go
        self._hints[table_id] = (version, values)
        return values
