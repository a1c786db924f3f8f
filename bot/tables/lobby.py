"""Seating a table: opening its lobby, joining, AI seats, kicking, leaving, stopping, and starting the game.

``create`` opens a lobby (the host sits in it); ``join``, ``leave``, ``add_ai``, ``remove_ai``, ``kick`` and
``cancel`` shape it; ``start`` fills the empty places with AI players of the table's level and seats
everyone; ``abort`` stops a lobby or a game in play (stored as aborted, never rated). A user who leaves a
game is replaced by the AI.
"""

from __future__ import annotations

import logging
import secrets
import time

from bot.i18n import _
from bot.names import error_text
from bot.storage import Lease, TableFacts
from bot.storage.rows import JsonObject
from bot.tables.errors import (
    AlreadySeated,
    BadRequest,
    LimitReached,
    NotHost,
    NotSeated,
    StorageFailed,
    TableFull,
    TableLost,
    WrongPhase,
    WrongShard,
    storage_failure,
)
from bot.tables.events import Aborted, AiAdded, AiRemoved, Created, HostChanged, Joined, Kicked, Left, SeatToAi, Started
from bot.tables.table import Seat, Table, TableInfo, assign_seats
from bot.tables.turns import WRITE_TRIES, Turns
from rules.actions import RulesError
from rules.engine import Match
from rules.records import game_class

log = logging.getLogger(__name__)


def game_of(game: str, players: int) -> type[Match]:
    """The match class of ``game`` when it is played by ``players``; ``BadRequest`` saying why not."""
    try:
        cls = game_class(game)
    except RulesError as e:
        raise BadRequest(error_text(e)) from None
    if players not in cls.player_counts:
        counts = ", ".join(str(p) for p in cls.player_counts)
        raise BadRequest(_("{game} is played by {counts} players, not {players}.").format(
            game=game, counts=counts, players=players))
    return cls


class Lobby(Turns):
    """The seating part of the table service."""

    async def create(
        self,
        guild_id: int,
        channel_id: int,
        host_id: int,
        host_name: str,
        game: str,
        players: int,
        options: JsonObject | None = None,
        level: str = "medium",
        seed: int | None = None,
        *,
        seat_host: bool = True,
    ) -> TableInfo:
        """Open a table's lobby with the host seated (unless ``seat_host`` is false: the host only runs
        the table, e.g. to watch AI players). Options are checked; the guild's defaults fill in."""
        self._check_open()
        if self.shards is not None and not self.shards.owns(guild_id):
            raise WrongShard(self.shards.shard_of(guild_id, self.shards.count))
        cls = game_of(game, players)
        self._check_level(level)
        settings = await self.standings.guild_settings(guild_id)
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
            raise BadRequest(error_text(e)) from None
        async with self._guild_lock(guild_id):
            cap = settings.max_tables if settings.max_tables is not None else self.guild_cap
            live = sum(1 for t in self._tables.values() if t.guild_id == guild_id)
            if live >= cap:
                raise LimitReached(_("This server already has {n} open tables, its limit.").format(n=live))
            if seat_host:
                self._check_free(channel_id, host_id)
            seed = secrets.randbits(62) if seed is None else seed
            lobby = [Seat(host_id, host_name)] if seat_host else []
            with storage_failure():
                table_id = await self.store.create_table(
                    guild_id=guild_id, channel_id=channel_id, host_id=host_id, game=game, players=players,
                    options=validated, level=level, seed=seed, seats=[s.to_json() for s in lobby],
                    owner=self.owner, ttl=self.lease_ttl)
            facts = TableFacts(table_id, guild_id, channel_id, host_id, game, players, validated, level)
            t = Table(facts, seed, "lobby", lobby)
            if self.owner is not None:
                t.lease = Lease(self.owner, 1)
            self._tables[table_id] = t
        self._emit(t, Created(table=t.info()))
        return t.info()

    async def open_seated(self, guild_id: int, channel_id: int, host_id: int, game: str, players: int,
                          options: JsonObject, level: str, seats: list[Seat], seed: int | None = None) -> TableInfo:
        """Open a table whose seats are decided already, in seat order, and start its game at once: a
        tournament's table. No lobby, no seats drawn, and outside the guild's cap of live tables (the event
        decides how many open); rated and stored as any other game."""
        self._check_open()
        if self.shards is not None and not self.shards.owns(guild_id):
            raise WrongShard(self.shards.shard_of(guild_id, self.shards.count))
        self._check_level(level)
        try:
            validated = game_class(game).validate_options(players, options)
        except RulesError as e:
            raise BadRequest(error_text(e)) from None
        if len(seats) != players:
            raise BadRequest(_("{game} is played by {counts} players, not {players}.").format(
                game=game, counts=players, players=len(seats)))
        seed = secrets.randbits(62) if seed is None else seed
        with storage_failure():
            table_id = await self.store.create_table(
                guild_id=guild_id, channel_id=channel_id, host_id=host_id, game=game, players=players,
                options=validated, level=level, seed=seed, seats=[s.to_json() for s in seats], owner=self.owner,
                ttl=self.lease_ttl)
        t = Table(TableFacts(table_id, guild_id, channel_id, host_id, game, players, validated, level), seed, "lobby",
                  list(seats))
        if self.owner is not None:
            t.lease = Lease(self.owner, 1)
        self._tables[table_id] = t
        self._emit(t, Created(table=t.info()))
        async with t.lock:
            match = game_class(game)(players, validated, seed)
            with self._writing(t):
                await self.store.update_table(t.id, status="playing", started_at=time.time(), lease=t.lease)
            t.match, t.status = match, "playing"
            self._emit(t, Started(seats=list(t.info().seats)))
            for ev in match.start_events:
                self._emit(t, ev)
            await self._advance(t)
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
            seat = Seat(user_id, name)
            await self._save_seats(t, t.seats + [seat])
        self._emit(t, Joined(user_id=user_id, name=seat.name))
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
        self._emit(t, AiAdded(level=level))
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
        self._emit(t, AiRemoved(level=removed.ai))
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
        self._emit(t, Kicked(user_id=user_id))
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
            with self._writing(t):
                await self.store.abort_table(t.id, guild_id=t.guild_id, game=t.game, players=t.players,
                                             status=t.status, aborted_by=by_user, record=record, lease=t.lease)
            self._cancel_timers(t)
            t.deadline_at = None
            self._tables.pop(t.id, None)
            t.status, t.ended = "finished", "aborted"
            self._emit(t, Aborted(by=by_user, table=info))
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
                    self._emit(t, Left(user_id=user_id, seat=None))
                    return None
                new_host = humans[0].user_id if user_id == t.host_id else None
                with self._writing(t):
                    await self.store.update_table(t.id, seats=[s.to_json() for s in rest], host_id=new_host,
                                                  lease=t.lease)
                t.seats = rest
                self._emit(t, Left(user_id=user_id, seat=None))
                if new_host is not None:
                    t.host_id = new_host
                    self._emit(t, HostChanged(host_id=new_host))
                return t.info()
            if t.finishing or t.match is None or t.match.is_over():
                raise WrongPhase(_("The game is over."))
            seat = t.seats[place]
            before = seat.away
            seat.away = "left"
            try:
                with self._writing(t):
                    await self.store.update_table(t.id, seats=[s.to_json() for s in t.seats], lease=t.lease)
            except (StorageFailed, TableLost):
                seat.away = before
                raise
            self._emit(t, Left(user_id=user_id, seat=place))
            if before is None:
                self._emit(t, SeatToAi(seat=place, user_id=user_id, reason="left", level=t.level))
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
            with self._writing(t):
                await self.store.update_table(t.id, seats=[s.to_json() for s in seats], status="playing",
                                              started_at=time.time(), lease=t.lease)
            t.seats, t.match, t.status = seats, match, "playing"
            self._emit(t, Started(seats=list(t.info().seats)))
            for ev in match.start_events:
                self._emit(t, ev)
            await self._advance(t)
        return t.info()
