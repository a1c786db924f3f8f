"""The tournament service: a server's events played in rounds of ordinary tables of the table service.

An organiser creates a tournament (game, seats per table, ``swiss`` for a number of rounds or ``knockout``, the
tables' options, the most entrants, the AI level that fills a short table or none for byes); members join
and leave until it starts. Each round is paired by ``bot.tournaments.pairing`` from the standings so far,
stored, and its tables are opened one after another (``stagger`` seconds apart, so that the table messages of
a large round stay within Discord's rate limits) as rated tables with their seats decided
(``TableService.open_seated``). The service follows the table events: a finished game is the table's result,
a member who lets their first ``NO_SHOW_TURNS`` turns run out without acting forfeits the table (the AI plays
the seat, they score a loss), and when a round's last table ends the round ends, its standings are announced
and the next round is paired (or waits for the organiser, as created) until the last, then the podium.

Everything is in the database before it is acted on, so ``resume`` (called by ``TableService.resume``) goes on
after a restart: a table not yet opened is opened, a table that ended while the bot was down is read from
the stored games, and a round whose tables are all over ends. Front ends follow ``TournamentEvent``s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.i18n import _
from bot.names import error_text
from bot.storage import StorageError
from bot.storage.rows import JsonObject
from bot.storage.tournaments import Bye, EntrantRow, JoinOutcome, RoundTable, TournamentRow
from bot.tables.errors import BadRequest, LimitReached, NotHost, TableError, storage_failure
from bot.tables.events import EventKind, TableEvent, Timeout
from bot.tables.lobby import game_of
from bot.tables.table import Seat
from bot.tournaments.pairing import Entrant, bracket, next_pairs, swiss
from bot.tournaments.standings import LOSS, Outcome, Row, standings, table_outcomes
from rules.actions import RulesError
from rules.ai import AGENT_NAMES
from rules.games import spec

if TYPE_CHECKING:
    from bot.tables.service import TableService

log = logging.getLogger(__name__)

FORMATS = ("swiss", "knockout")
MAX_ROUNDS = 15
"""The most Swiss rounds an event may have."""
MAX_ENTRANTS = 256
"""The most entrants an event may take."""
OPEN_STAGGER = 1.7
"""Seconds between two tables of a round opened: each posts its message in the tournament's channel, and
Discord lets a bot post 5 messages per 5 seconds in one channel; at most 3 tables in any 5 seconds leave room
for the round's own messages (two at most, posted as it starts)."""
OPEN_RETRIES = (5.0, 30.0, 120.0, 600.0)
"""Seconds before each new try to open a round's table, or to store which table it is, after a failure (the
database or Discord briefly unavailable): the round goes on without a restart. Past the last, the table waits
for the next start of the bot, which opens the round's missing tables."""
NO_SHOW_TURNS = 2
"""Turns a member may let run out at the start of a table, without acting once, before they forfeit it."""
DEFAULT_LEVEL = "medium"
"""The AI that plays a forfeited seat at an event without AI fill."""


class UnknownTournament(TableError):
    """No tournament with this id in this server (never created, or another server's)."""

    def __init__(self) -> None:
        super().__init__(_("There is no such tournament in this server."))


@dataclass(frozen=True)
class TournamentEvent:
    """Something a front end shows: ``kind`` is ``entrants``, ``round_started``, ``round_ended``, ``waiting``
    (the organiser starts the next round), ``forfeit``, ``finished`` or ``cancelled``; ``data`` its facts."""

    kind: str
    tournament: TournamentRow
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class TournamentState:
    """A tournament as shown: the row, its entrants, every round's tables and byes, and the standings."""

    row: TournamentRow
    entrants: list[EntrantRow]
    tables: list[RoundTable]
    byes: list[Bye]
    standings: list[Row]

    def name_of(self, user_id: int | None) -> str:
        """An entrant's name as they signed up."""
        return next((e.name for e in self.entrants if e.user_id == user_id), "?")

    def round_over(self) -> bool:
        """Whether the current round (if any) has every table's result."""
        return all(t.result is not None for t in self.tables if t.round == self.row.round)


def side_entrants(game: str, players: int, seats: tuple[int | None, ...]) -> list[list[int]]:
    """The entrants of each side of a table (an AI seat counts as an entrant ``-1 - seat`` of its own)."""
    return [[s if s is not None else -1 - i for i, s in ((i, seats[i]) for i in side)]
            for side in spec(game).sides(players)]


def outcomes_of(game: str, players: int, table: RoundTable) -> list[Outcome]:
    """The entrants' outcomes at a table that ended: its game points per side, its winners; a stopped table is
    a draw for everyone; a member who forfeited it scores a loss whatever the AI did for them."""
    result = table.result
    if result is None:
        return []
    sides = side_entrants(game, players, table.seats)
    if result.get("aborted"):
        scores, winners = [0] * len(sides), []
    else:
        points = result.get("game_points") or [0] * players
        scores = [int(points[side[0]]) for side in spec(game).sides(players)]
        winners = [table.seats[s] if table.seats[s] is not None else -1 - s for s in result.get("winners") or []]
    out = []
    for o in table_outcomes(sides, scores, winners):
        if o.entrant < 0:
            continue
        if o.entrant in table.forfeits:
            o = Outcome(o.entrant, LOSS, o.opponents, o.difference)
        out.append(o)
    return out


def event_standings(row: TournamentRow, entrants: list[EntrantRow], tables: list[RoundTable],
                    byes: list[Bye]) -> list[Row]:
    """The standings after every table that ended (points, opponents' points, game-point difference)."""
    outs = [o for t in tables for o in outcomes_of(row.game, row.players, t)]
    return standings([e.user_id for e in entrants], outs, [b.user_id for b in byes])


def knockout_winner(row: TournamentRow, table: RoundTable, seeds: dict[int, int]) -> int:
    """Who goes on from a knockout table that ended: the winner; on a draw, a stopped table or both having
    forfeited, the better seed; a member who forfeited never beats one who did not."""
    players = [s for s in table.seats if s is not None]
    standing = [o for o in outcomes_of(row.game, row.players, table) if o.entrant in players]
    best = max(o.points for o in standing) if standing else 0.0
    tops = [o.entrant for o in standing if o.points == best] or players
    return min(tops, key=lambda e: seeds.get(e, 0))


class TournamentService:
    """Runs every tournament of the table service's guilds; see the module docstring. Refused requests raise
    a ``TableError`` with a message for the user and change nothing."""

    def __init__(self, tables: TableService, *, stagger: float = OPEN_STAGGER) -> None:
        self.tables = tables
        self.store = tables.store
        self.stagger = stagger
        """Seconds between two tables of a round opened."""
        self.retries = OPEN_RETRIES
        """Seconds before each new try after a table failed to open or to be stored."""
        self._listeners: list[Callable[[TournamentEvent], object]] = []
        self._locks: dict[int, asyncio.Lock] = {}
        self._placed: dict[int, tuple[int, int, int]] = {}
        """Live table id → (tournament, round, place) of the tables followed."""
        self._acted: set[tuple[int, int]] = set()
        """(table id, seat) where the member acted at least once."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._driving: set[int] = set()
        tables.subscribe(self._on_table_event)

    # ----- front ends -----
    def subscribe(self, callback: Callable[[TournamentEvent], object]) -> Callable[[], None]:
        """Call ``callback(event)`` for each tournament event; returns the function that unsubscribes."""
        self._listeners.append(callback)

        def stop() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return stop

    def _announce(self, kind: str, row: TournamentRow, **data: Any) -> None:
        event = TournamentEvent(kind, row, data)
        for callback in list(self._listeners):
            try:
                callback(event)
            except Exception:  # noqa: BLE001 - a broken front end must not stop the event
                log.exception("tournament listener failed on %s", kind)

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)

    def _task_done(self, task: asyncio.Task[None]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("tournament task failed", exc_info=task.exception())

    async def idle(self) -> None:
        """Wait until no tournament work is running (tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def close(self) -> None:
        """Stop the work in progress (the database keeps where every event stands)."""
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    def _lock(self, tournament_id: int) -> asyncio.Lock:
        lock = self._locks.get(tournament_id)
        if lock is None:
            lock = self._locks[tournament_id] = asyncio.Lock()
        return lock

    # ----- requests -----
    async def create(self, guild_id: int, channel_id: int, organiser_id: int, game: str, players: int, *,
                     format: str = "swiss", rounds: int | None = 3, options: JsonObject | None = None,
                     level: str | None = None, max_entrants: int = 32, auto_next: bool = True) -> TournamentRow:
        """Open a tournament's sign-up; every setting is checked first (the guild's default options fill in)."""
        cls = game_of(game, players)
        if format not in FORMATS:
            raise BadRequest(_("A tournament is swiss or knockout."))
        if format == "knockout":
            if players != 2:
                raise BadRequest(_("A knockout tournament is played at tables of two."))
            rounds = None
        elif rounds is None or not 1 <= rounds <= MAX_ROUNDS:
            raise BadRequest(_("A Swiss tournament has 1 to {most} rounds.").format(most=MAX_ROUNDS))
        if level is not None and level not in AGENT_NAMES:
            raise BadRequest(_("Unknown AI level {level!r}; levels are: {levels}.").format(
                level=level, levels=", ".join(AGENT_NAMES)))
        if not 2 <= max_entrants <= MAX_ENTRANTS:
            raise BadRequest(_("A tournament takes 2 to {most} entrants.").format(most=MAX_ENTRANTS))
        settings = await self.tables.standings.guild_settings(guild_id)
        if settings.allowed_channels and channel_id not in settings.allowed_channels:
            raise LimitReached(_("Tables cannot be opened in this channel."))
        merged: JsonObject = {}
        for key, value in settings.default_options.get(game, {}).items():
            with contextlib.suppress(RulesError):
                cls.validate_options(players, {key: value})
                merged[key] = value
        merged.update(options or {})
        try:
            validated = cls.validate_options(players, merged)
        except RulesError as e:
            raise BadRequest(error_text(e)) from None
        with storage_failure():
            tid = await self.store.create_tournament(
                guild_id=guild_id, channel_id=channel_id, organiser_id=organiser_id, game=game, players=players,
                format=format, rounds=rounds, options=validated, level=level, max_entrants=max_entrants,
                auto_next=auto_next, created_at=time.time())
            row = await self.store.tournament(tid)
        assert row is not None
        self._driving.add(tid)
        return row

    async def get(self, tournament_id: int, guild_id: int) -> TournamentRow:
        """A tournament of this guild (another guild's is unknown here)."""
        with storage_failure():
            row = await self.store.tournament(tournament_id)
        if row is None or row.guild_id != guild_id:
            raise UnknownTournament()
        return row

    async def state(self, tournament_id: int, guild_id: int) -> TournamentState:
        """A tournament of this guild with its entrants, rounds and standings."""
        row = await self.get(tournament_id, guild_id)
        return await self._state(row)

    async def _state(self, row: TournamentRow) -> TournamentState:
        with storage_failure():
            entrants = await self.store.entrants(row.id)
            tables = await self.store.round_tables(row.id)
            byes = await self.store.byes(row.id)
        return TournamentState(row, entrants, tables, byes, event_standings(row, entrants, tables, byes))

    async def of_guild(self, guild_id: int, *, live: bool | None = None, limit: int = 25) -> list[TournamentRow]:
        """A guild's tournaments, newest first (only those not over, or only those over, when asked)."""
        with storage_failure():
            return await self.store.tournaments(guild_id, live=live, limit=limit)

    async def join(self, tournament_id: int, guild_id: int, user_id: int, name: str) -> TournamentState:
        """Sign up for a tournament taking entrants."""
        row = await self.get(tournament_id, guild_id)
        with storage_failure():
            outcome = await self.store.add_entrant(row.id, user_id, name, time.time())
        if outcome is JoinOutcome.ALREADY:
            raise BadRequest(_("You are already signed up."))
        if outcome is JoinOutcome.FULL:
            raise LimitReached(_("This tournament is full."))
        if outcome is JoinOutcome.CLOSED:
            raise BadRequest(_("This tournament no longer takes entrants."))
        state = await self._state(row)
        self._announce("entrants", state.row)
        return state

    async def leave(self, tournament_id: int, guild_id: int, user_id: int) -> TournamentState:
        """Leave a tournament: before the start, off the list; once started, out of every round to come, and a
        table of the round in play is forfeited (the AI plays the seat)."""
        row = await self.get(tournament_id, guild_id)
        async with self._lock(row.id):
            row = await self.get(tournament_id, guild_id)
            if row.status == "signup":
                with storage_failure():
                    removed = await self.store.remove_entrant(row.id, user_id)
                if not removed:
                    raise BadRequest(_("You are not signed up for this tournament."))
            elif row.status == "playing":
                state = await self._state(row)
                current = [t for t in state.tables if t.round == row.round]
                playing = next((t for t in current if user_id in t.seats and t.result is None), None)
                with storage_failure():
                    left = await self.store.withdraw_entrant(row.id, user_id, row.round + 1)
                if not left:
                    raise BadRequest(_("You are not playing in this tournament."))
                if playing is not None:
                    await self._forfeit(row, playing, user_id)
            else:
                raise BadRequest(_("This tournament is over."))
        state = await self._state(row)
        self._announce("entrants", state.row)
        return state

    def _check_organiser(self, row: TournamentRow, user_id: int, may_manage: bool) -> None:
        if user_id != row.organiser_id and not may_manage:
            raise NotHost(_("Only the organiser of the tournament can do that."))

    async def start(self, tournament_id: int, guild_id: int, user_id: int, *, may_manage: bool = False
                    ) -> TournamentState:
        """The organiser starts the tournament (its first round), or the next round when the event waits for
        them."""
        row = await self.get(tournament_id, guild_id)
        self._check_organiser(row, user_id, may_manage)
        async with self._lock(row.id):
            row = await self.get(tournament_id, guild_id)
            state = await self._state(row)
            if row.status == "signup":
                present = len(state.entrants)
                if present < 2 or (row.level is None and row.format == "swiss" and present < row.players):
                    raise BadRequest(_("Too few entrants to start: {n}.").format(n=present))
            elif row.status != "playing":
                raise BadRequest(_("This tournament is over."))
            elif not state.round_over() or not await self._round_ended(row):
                raise BadRequest(_("The round is still being played."))
            self._driving.add(row.id)
            await self._next_round(row, state)
        return await self._state(await self.get(tournament_id, guild_id))

    async def cancel(self, tournament_id: int, guild_id: int, user_id: int, *, may_manage: bool = False
                     ) -> TournamentRow:
        """The organiser cancels the tournament: its tables in play are stopped (unrated)."""
        row = await self.get(tournament_id, guild_id)
        self._check_organiser(row, user_id, may_manage)
        async with self._lock(row.id):
            with storage_failure():
                if not await self.store.close_tournament(row.id, "cancelled", time.time()):
                    raise BadRequest(_("This tournament is over."))
                tables = await self.store.round_tables(row.id, row.round)
            for t in tables:
                if t.result is None and t.table_id is not None:
                    self._placed.pop(t.table_id, None)
                    with contextlib.suppress(TableError):
                        await self.tables.abort(t.table_id, user_id, as_manager=True)
            row = await self.get(tournament_id, guild_id)
        self._announce("cancelled", row)
        return row

    # ----- rounds -----
    async def _round_ended(self, row: TournamentRow) -> bool:
        with storage_failure():
            return row.round == 0 or await self.store.round_ended(row.id, row.round)

    def _active(self, state: TournamentState, number: int) -> list[EntrantRow]:
        return [e for e in state.entrants if e.left_round is None or e.left_round > number]

    async def _ratings(self, row: TournamentRow, entrants: list[EntrantRow]) -> dict[int, float]:
        ratings = {}
        for e in entrants:
            found = await self.store.standing(row.guild_id, row.game, e.user_id)
            ratings[e.user_id] = found[0].rating.ordinal if found else 0.0
        return ratings

    async def _next_round(self, row: TournamentRow, state: TournamentState) -> None:
        """Pair, store and open the round after ``row.round`` (under the tournament's lock); or finish the event
        when it has played its rounds or too few entrants are left."""
        number = row.round + 1
        active = self._active(state, number)
        with storage_failure():
            ratings = await self._ratings(row, state.entrants) if number == 1 else None
        rating = ratings or {e.user_id: e.rating or 0.0 for e in state.entrants}
        if row.format == "swiss":
            if number > (row.rounds or 0) or len(active) < 2 or (row.level is None and len(active) < row.players):
                await self._finish(row)
                return
            points = {r.entrant: r.points for r in state.standings}
            met: dict[int, set[int]] = {e.user_id: set() for e in state.entrants}
            for t in state.tables:
                together = [s for s in t.seats if s is not None]
                for s in together:
                    met.setdefault(s, set()).update(x for x in together if x != s)
            bye_count = {e.user_id: sum(1 for b in state.byes if b.user_id == e.user_id) for e in state.entrants}
            entrants = [Entrant(e.user_id, points.get(e.user_id, 0.0), rating[e.user_id],
                                frozenset(met.get(e.user_id, ())), bye_count[e.user_id]) for e in active]
            sides = spec(row.game).sides(row.players)
            paired = swiss(entrants, row.players, sides=sides, ai_fill=row.level is not None)
            seats: list[tuple[int, tuple[int | None, ...]]] = []
            for place, table in enumerate(paired.tables, 1):
                seated: tuple[int | None, ...] = tuple(table)
                if len(seated) < row.players:
                    seated += (None,) * (row.players - len(seated))
                seats.append((place, seated))
            byes = [(user, 0) for user in paired.byes]
        else:
            pairs = self._knockout_pairs(row, state, active, rating, number)
            if pairs is None:
                await self._finish(row)
                return
            seats = [(place, (a, b)) for place, (a, b) in enumerate(pairs, 1) if b is not None]
            byes = [(a, place) for place, (a, b) in enumerate(pairs, 1) if b is None]
        with storage_failure():
            if not await self.store.start_round(row.id, number, seats, byes, time.time(), ratings):
                return  # another start of this round won
            row = await self.store.tournament(row.id) or row
            tables = await self.store.round_tables(row.id, number)
        self._announce("round_started", row, round=number, tables=tables, byes=[u for u, _p in byes])
        if tables:
            self._spawn(self._open_tables(row, tables))
        else:
            await self._maybe_end_round(row)

    def _knockout_pairs(self, row: TournamentRow, state: TournamentState, active: list[EntrantRow],
                        rating: dict[int, float], number: int) -> tuple[tuple[int, int | None], ...] | None:
        """The pairs of knockout round ``number`` in bracket order; ``None`` when the event has its winner."""
        if number == 1:
            return bracket([Entrant(e.user_id, rating=rating[e.user_id]) for e in active])
        seeds = self._seeds(state, rating)
        advancing = self._advancing(row, state, seeds, number - 1)
        if len(advancing) < 2:
            return None
        left = {e.user_id for e in state.entrants} - {e.user_id for e in active}
        pairs: list[tuple[int, int | None]] = []
        for a, b in next_pairs(advancing):  # an entrant who left loses their next match by default
            if b in left:
                pairs.append((a, None))
            elif a in left and b is not None:
                pairs.append((b, None))
            else:
                pairs.append((a, b))
        return tuple(pairs)

    @staticmethod
    def _seeds(state: TournamentState, rating: dict[int, float]) -> dict[int, int]:
        ordered = sorted(state.entrants, key=lambda e: (-rating.get(e.user_id, 0.0), e.user_id))
        return {e.user_id: i for i, e in enumerate(ordered, 1)}

    def _advancing(self, row: TournamentRow, state: TournamentState, seeds: dict[int, int], number: int) -> list[int]:
        """Who goes on after knockout round ``number``, in bracket order."""
        slots: list[tuple[int, int]] = [(b.place, b.user_id) for b in state.byes if b.round == number]
        slots += [(t.place, knockout_winner(row, t, seeds)) for t in state.tables if t.round == number]
        return [user for _place, user in sorted(slots)]

    async def _open_tables(self, row: TournamentRow, tables: list[RoundTable]) -> None:
        """Open a round's tables not opened yet, ``stagger`` seconds apart."""
        state = await self._state(row)
        first = True
        for t in tables:
            if t.table_id is not None or t.result is not None:
                continue
            if not first and self.stagger > 0:
                await asyncio.sleep(self.stagger)
            first = False
            await self._open_table(row, state, t)

    async def _open_table(self, row: TournamentRow, state: TournamentState, t: RoundTable, tries: int = 0) -> None:
        level = row.level or DEFAULT_LEVEL
        seats = [Seat(u, state.name_of(u)) if u is not None else Seat(None, _("AI ({level})").format(level=level),
                                                                        level) for u in t.seats]
        async with self._lock(row.id):
            current = await self.store.tournament(row.id)
            if current is None or current.status != "playing" or current.round != t.round:
                return
            try:
                info = await self.tables.open_seated(row.guild_id, row.channel_id, row.organiser_id, row.game,
                                                     row.players, row.options, level, seats)
            except BadRequest as e:
                log.error("tournament %d: table %d of round %d cannot open: %s", row.id, t.place, t.round, e)
                return
            except TableError as e:
                log.error("tournament %d: opening table %d of round %d failed: %s", row.id, t.place, t.round, e)
                self._try_again(tries, self._reopen(row.id, t, tries + 1))
                return
            self._placed[info.id] = (row.id, t.round, t.place)
            await self._store_table(row.id, t, info.id)

    def _try_again(self, tries: int, work: Coroutine[Any, Any, None]) -> None:
        """Run ``work`` after the wait of try ``tries`` (``retries``); past the last, leave it to the next start."""
        if tries >= len(self.retries):
            work.close()
            log.error("tournament: giving up until the next start after %d tries", tries + 1)
            return
        wait = self.retries[tries]

        async def later() -> None:
            await asyncio.sleep(wait)
            await work

        self._spawn(later())

    async def _reopen(self, tournament_id: int, t: RoundTable, tries: int) -> None:
        """Open a round's table again after a failure, if the event still needs it."""
        row = await self.store.tournament(tournament_id)
        if row is None or row.status != "playing" or row.round != t.round:
            return
        state = await self._state(row)
        now = next((x for x in state.tables if (x.round, x.place) == (t.round, t.place)), None)
        if now is not None and now.table_id is None and now.result is None:
            await self._open_table(row, state, now, tries)

    async def _store_table(self, tournament_id: int, t: RoundTable, table_id: int, tries: int = 0) -> None:
        """Store which live table plays a round's table, trying again after a database failure (until then the
        result is followed in memory; a restart before it is stored would open the table anew)."""
        try:
            await self.store.set_round_table(tournament_id, t.round, t.place, table_id)
        except StorageError as e:
            log.error("tournament %d: storing table %d failed: %s", tournament_id, table_id, e.reason)
            self._try_again(tries, self._store_table(tournament_id, t, table_id, tries + 1))

    # ----- table events -----
    def _on_table_event(self, ev: TableEvent) -> None:
        placed = self._placed.get(ev.table_id)
        if placed is None:
            return
        if ev.kind == EventKind.ACTION and ev.get("by") == "human":
            self._acted.add((ev.table_id, ev["seat"]))
        elif ev.kind == EventKind.TIMEOUT and isinstance(ev.payload, Timeout):
            timeout = ev.payload
            if (timeout.user_id is not None and timeout.count >= NO_SHOW_TURNS
                    and (ev.table_id, timeout.seat) not in self._acted):
                self._spawn(self._no_show(placed, timeout.user_id))
        elif ev.kind == EventKind.GAME_OVER:
            self._placed.pop(ev.table_id, None)
            self._spawn(self._table_over(placed, {"game_points": list(ev["result"].get("game_points") or []),
                                                  "winners": list(ev["result"].get("winners") or [])},
                                         ev["game_id"]))
        elif ev.kind == EventKind.ABORTED:
            self._placed.pop(ev.table_id, None)
            self._spawn(self._table_over(placed, {"aborted": True}, None))
        elif ev.kind == EventKind.LOST:
            self._placed.pop(ev.table_id, None)

    async def _no_show(self, placed: tuple[int, int, int], user_id: int) -> None:
        tournament_id, number, place = placed
        async with self._lock(tournament_id):
            row = await self.store.tournament(tournament_id)
            if row is None:
                return
            tables = [t for t in await self.store.round_tables(tournament_id, number) if t.place == place]
            if tables and tables[0].result is None:
                await self._forfeit(row, tables[0], user_id)

    async def _forfeit(self, row: TournamentRow, t: RoundTable, user_id: int) -> None:
        """A member forfeits a table in play: noted, and the AI takes their seat."""
        with storage_failure():
            if not await self.store.add_forfeit(row.id, t.round, t.place, user_id):
                return
        if t.table_id is not None:
            with contextlib.suppress(TableError):
                info = self.tables.get(t.table_id)
                seat = next((s for s in info.seats if s.user_id == user_id), None)
                if seat is not None and seat.away is None:
                    await self.tables.leave(t.table_id, user_id)
        self._announce("forfeit", row, user_id=user_id, round=t.round, table_id=t.table_id)

    async def _table_over(self, placed: tuple[int, int, int], result: JsonObject, game_id: int | None) -> None:
        tournament_id, number, place = placed
        async with self._lock(tournament_id):
            try:
                await self.store.end_round_table(tournament_id, number, place, result, game_id)
            except StorageError as e:
                log.error("tournament %d: storing a table's result failed: %s", tournament_id, e.reason)
                return
            row = await self.store.tournament(tournament_id)
            if row is not None and row.status == "playing" and row.round == number:
                await self._maybe_end_round(row)

    async def _maybe_end_round(self, row: TournamentRow) -> None:
        """End the current round when its last table is over; then the next round, the wait, or the end.
        Called under the tournament's lock."""
        state = await self._state(row)
        if not state.round_over() or not await self.store.end_round(row.id, row.round, time.time()):
            return
        self._announce("round_ended", row, round=row.round, standings=state.standings)
        last = row.format == "swiss" and row.round >= (row.rounds or 0)
        if not last and row.format == "knockout":
            seeds = self._seeds(state, {e.user_id: e.rating or 0.0 for e in state.entrants})
            last = len(self._advancing(row, state, seeds, row.round)) < 2
        if last:
            await self._finish(row)
        elif row.auto_next:
            await self._next_round(row, state)
        else:
            self._announce("waiting", row, round=row.round + 1)

    async def _finish(self, row: TournamentRow) -> None:
        if not await self.store.close_tournament(row.id, "finished", time.time()):
            return
        final = await self.store.tournament(row.id) or row
        self._announce("finished", final, podium=podium(await self._state(final)))

    # ----- restart -----
    async def resume(self) -> None:
        """Go on with every tournament of this process's guilds: follow the live tables of the rounds in play,
        open those not opened yet, take the results of those that ended while the bot was down, and end the
        rounds that are over. Called after the live tables are rebuilt (and again at a shard takeover)."""
        try:
            rows = await self.store.live_tournaments()
        except StorageError as e:
            log.error("reading the tournaments failed: %s", e.reason)
            return
        shards = self.tables.shards
        for row in rows:
            if row.id in self._driving or (shards is not None and not shards.owns(row.guild_id)):
                continue
            self._driving.add(row.id)
            if row.status == "playing":
                self._spawn(self._resume_one(row))

    async def _resume_one(self, row: TournamentRow) -> None:
        async with self._lock(row.id):
            tables = await self.store.round_tables(row.id, row.round)
            for t in tables:
                if t.result is not None or t.table_id is None:
                    continue
                # checked and followed with no wait between: a table that ends later is heard of by its event,
                # one that ended before has its game stored already
                if any(info.id == t.table_id for info in self.tables.tables(row.guild_id)):
                    self._placed[t.table_id] = (row.id, t.round, t.place)
                    continue
                stored = await self.store.stored_game_of_table(row.guild_id, t.table_id, row.created_at)
                if stored is not None:
                    game_id, record = stored
                    result = record.get("result") or {}
                    await self.store.end_round_table(row.id, t.round, t.place, {
                        "game_points": list(result.get("game_points") or []),
                        "winners": list(result.get("winners") or [])}, game_id)
                elif await self.store.aborted_table(t.table_id):
                    await self.store.end_round_table(row.id, t.round, t.place, {"aborted": True}, None)
            row = await self.store.tournament(row.id) or row
            if await self.store.round_ended(row.id, row.round):
                if row.auto_next:
                    await self._next_round(row, await self._state(row))
                return
            await self._maybe_end_round(row)
        pending = [t for t in await self.store.round_tables(row.id, row.round) if t.table_id is None]
        pending = [t for t in pending if not await self._adopt(row, t)]
        if pending:
            await self._open_tables(row, pending)

    async def _adopt(self, row: TournamentRow, t: RoundTable) -> bool:
        """Follow a live table that plays round table ``t`` although its id was not stored (the bot stopped
        between opening it and storing it): the event's game, channel and organiser, the same people in the
        same seats, and followed for no other round table of any event. True when one was found (and stored)."""
        followed = set(self._placed)  # the tables of every event, this one's other tables among them
        for info in self.tables.tables(row.guild_id, row.channel_id):
            if (info.id not in followed and info.game == row.game and info.host_id == row.organiser_id
                    and info.status == "playing" and [s.user_id for s in info.seats] == list(t.seats)):
                self._placed[info.id] = (row.id, t.round, t.place)
                await self._store_table(row.id, t, info.id)
                log.info("tournament %d: table %d of round %d is live table %d", row.id, t.place, t.round, info.id)
                return True
        return False


def podium(state: TournamentState) -> list[tuple[int, int]]:
    """The first three places as (place, entrant): Swiss by the standings; knockout by how far each went (the
    winner, the finalist, the semi-finalists sharing third)."""
    row = state.row
    if row.format == "swiss":
        return [(r.place, r.entrant) for r in state.standings if r.place <= 3]
    reached: dict[int, int] = {}
    for t in state.tables:
        for s in t.seats:
            if s is not None:
                reached[s] = max(reached.get(s, 0), t.round)
    for b in state.byes:
        reached[b.user_id] = max(reached.get(b.user_id, 0), b.round)
    if not reached:
        return []
    final = max(t.round for t in state.tables) if state.tables else 0
    seeds = {e.user_id: i for i, e in enumerate(sorted(state.entrants, key=lambda e: (-(e.rating or 0.0),
                                                                                       e.user_id)), 1)}
    last = [t for t in state.tables if t.round == final and t.result is not None]
    out: list[tuple[int, int]] = []
    if last:
        champion = knockout_winner(row, last[0], seeds)
        out.append((1, champion))
        out += [(2, s) for s in last[0].seats if s is not None and s != champion]
        semis = [s for t in state.tables if t.round == final - 1 for s in t.seats
                 if s is not None and reached.get(s) == final - 1]
        out += [(3, s) for s in sorted(semis, key=lambda s: seeds.get(s, 0))]
    return out
