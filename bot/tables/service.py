"""The table service: every live table, driven the same way by Discord, the terminal and the tests.

``TableService`` opens the database and resumes the stored tables, answers what front ends ask (a table, a
view, a record so far), and gathers the parts: seating (``Lobby``), playing (``Turns``), the common state
and events (``ServiceCore``), reviews and hints (``Reviews``), and standings and settings
(``StandingsService``, as ``service.standings``; its methods are offered here too). Every refused request
raises a ``TableError`` with a message for the user and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from functools import cached_property
from pathlib import Path
from typing import Unpack

from bot.i18n import _
from bot.storage import GuildSettings, Lease, StorageError, Store
from bot.storage.rows import JsonObject
from bot.storage.seasons import SeasonClose, SeasonRow
from bot.storage.store import StoreOptions
from bot.tables.core import DEFAULT_GUILD_CAP, Subscriber, Subscription
from bot.tables.errors import TableLost, UnknownTable, WrongPhase
from bot.tables.events import Resumed
from bot.tables.lobby import Lobby
from bot.tables.reviews import Review, Reviews, ServiceOptions
from bot.tables.standings import PAGE_SIZE, HistoryPage, LeaderboardPage, PlayerStats, SeasonInfo
from bot.tables.table import Table, TableInfo
from bot.tables.turns import WARNING_MAX, WRITE_TRIES
from bot.tournaments.service import TournamentService
from rules.actions import RulesError
from rules.view import GameView

log = logging.getLogger(__name__)

__all__ = ["DEFAULT_GUILD_CAP", "PAGE_SIZE", "WARNING_MAX", "WRITE_TRIES", "Review", "Subscriber", "Subscription",
           "TableService"]


class TableService(Lobby, Reviews):
    """Owns the live tables of every guild; see the module docstring."""

    @classmethod
    async def open(cls, path: str | Path, *, store_options: StoreOptions | None = None,
                   **options: Unpack[ServiceOptions]) -> TableService:
        """Open the database at ``path`` (migrating it), rebuild the live tables and start their turns."""
        store = await Store(path, **(store_options or StoreOptions())).open()
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
        if "tournaments" in self.__dict__:
            await self.tournaments.close()
        if self._lease_task is not None:
            self._lease_task.cancel()
            await asyncio.gather(self._lease_task, return_exceptions=True)
            self._lease_task = None
        for t in self._tables.values():
            self._cancel_timers(t)
        for task in list(self._tasks):
            task.cancel()
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)
        if self._own_executor:
            self.executor.shutdown(wait=False, cancel_futures=True)
        if self.owner is not None:  # hand the tables over at once rather than when the leases run out
            try:
                await self.store.release_leases(self.owner)
            except StorageError as e:
                log.warning("releasing the leases of %s failed: %s", self.owner, e.reason)
        await self.store.close()

    async def __aenter__(self) -> TableService:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def idle(self) -> None:
        """Wait until no AI turn, timeout or storing of a game is running (tests and the terminal)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    @cached_property
    def tournaments(self) -> TournamentService:
        """The tournaments played on these tables (following the tables' events from its first use)."""
        return TournamentService(self)

    async def resume(self) -> list[int]:
        """Rebuild every stored live table by replaying its log, then restart its turn (timers restart with
        their full time: nobody could act while the bot was down). Returns the ids resumed.

        With shards or an owner (several processes on one database): only the tables of this process's
        shards whose lease it wins (``Store.claim_tables``); the first call starts the leases' upkeep, which
        renews them and claims again every third of ``lease_ttl``, taking over the tables of a process that
        died."""
        resumed = []
        tournaments = self.tournaments  # following the tables' events before any is resumed
        if self.owner is not None:
            rows = await self.store.claim_tables(self.owner, self.shards, self.lease_ttl,
                                                 skip=[*self._tables, *self.broken])
            if self._lease_task is None and not self._closed:
                self._lease_task = asyncio.get_running_loop().create_task(self._keep_leases(),
                                                                          name="tavolo-leases")
        else:
            rows = await self.store.live_tables()
        for row in rows:
            if row.id in self._tables:
                continue
            try:
                t = Table.from_row(row)
                if row.status == "playing":
                    t.replay(row.entries)
            except (RulesError, KeyError, TypeError, ValueError, AttributeError) as e:
                log.error("table %d cannot be rebuilt from storage: %s", row.id, type(e).__name__)
                self.broken[row.id] = str(e)
                continue
            if self.owner is not None and row.epoch is not None:
                t.lease = Lease(self.owner, row.epoch)
            self._tables[t.id] = t
            resumed.append(t.id)
            self._emit(t, Resumed(version=t.version))
            if t.status == "playing":
                async with t.lock:
                    await self._advance(t)
        if resumed:
            log.info("resumed %d live tables", len(resumed))
        await tournaments.resume()
        return resumed

    async def _keep_leases(self) -> None:
        """Every third of ``lease_ttl``: renew the leases, then claim again (``renew_and_claim``)."""
        while not self._closed:
            await asyncio.sleep(self.lease_ttl / 3)
            try:
                await self.renew_and_claim()
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the upkeep must go on whatever one round met
                log.exception("the leases' upkeep failed")

    async def renew_and_claim(self) -> list[int]:
        """One round of the leases' upkeep (run by the service every third of ``lease_ttl``): renew this
        process's leases; a table whose lease another process took is dropped (a ``lost`` event); a renewal
        that fails (or takes a third of the ttl) stops every timer and AI turn until one succeeds; then claim
        the tables of the shards whose lease is missing or expired (a process that died) and resume them.
        Returns the ids taken over."""
        if self.owner is None or self._closed:
            return []
        held_before = {i: t for i, t in self._tables.items() if t.lease is not None}
        try:
            held = await asyncio.wait_for(self.store.renew_leases(self.owner, self.lease_ttl), self.lease_ttl / 3)
        except (StorageError, TimeoutError) as e:
            if not self.paused:
                log.error("renewing the leases failed (%s): timers and AI turns stop until it succeeds",
                          getattr(e, "reason", type(e).__name__))
                self._pause()
            return []
        for table_id, t in held_before.items():
            if t.lease is not None and not t.finishing and held.get(table_id) != t.lease.epoch:
                self._lost(t)  # (a finishing table's lease goes with its live row; its own write says if lost)
        if self.paused:
            self._unpause()
        try:
            return await self.resume()
        except StorageError as e:
            log.error("claiming tables failed: %s", e.reason)
            return []

    def _pause(self) -> None:
        self.paused = True
        for t in self._tables.values():
            self._cancel_timers(t)
            t.deadline_at = None

    def _unpause(self) -> None:
        self.paused = False
        log.info("the leases are renewed again: timers and AI turns go on")
        for t in list(self._tables.values()):
            if t.status == "playing" and t.match is not None and not t.finishing:
                self._spawn(self._advance_later(t, t.version))

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

    def view(self, table_id: int, user_id: int | None = None) -> GameView:
        """What ``user_id`` may see at a table in play (their seat's view), or the public view."""
        t = self._table(table_id)
        if t.match is None:
            raise WrongPhase(_("The game has not started yet."))
        seat = t.seat_of(user_id) if user_id is not None else None
        return t.match.view(seat)

    def record(self, table_id: int) -> JsonObject:
        """The record of a game in play so far."""
        t = self._table(table_id)
        if t.match is None:
            raise WrongPhase(_("The game has not started yet."))
        return self._record(t)

    async def forget_user(self, user_id: int) -> int:
        """Delete a user's data on request: they leave every table (the AI takes their seats), their
        standings are removed and their name is taken out of stored games. Returns the games anonymised."""
        for t in list(self._tables.values()):
            if t.seat_of(user_id) is not None:
                with contextlib.suppress(WrongPhase, UnknownTable, TableLost):
                    await self.leave(t.id, user_id)
            if t.id not in self._tables:
                continue  # dropped meanwhile (its lease lost): its new owner has it
            async with t.lock:  # their seat in a game still in play: no name, no id, no standing later
                mine = [s for s in t.seats if s.user_id == user_id]
                if t.status == "playing" and mine:
                    for s in mine:
                        s.user_id, s.name = None, _("deleted user")
                    with self._writing(t):
                        await self.store.update_table(t.id, seats=[s.to_json() for s in t.seats], lease=t.lease)
        return await self.standings.forget_user(user_id, _("deleted user"))

    # standings and settings: ``self.standings``, offered here too
    async def leaderboard(self, guild_id: int, game: str, page: int = 1, per_page: int = PAGE_SIZE
                          ) -> LeaderboardPage:
        """``StandingsService.leaderboard``: a page of a guild's standings for a game."""
        return await self.standings.leaderboard(guild_id, game, page, per_page)

    async def reset_leaderboard(self, guild_id: int, game: str | None = None) -> int:
        """``StandingsService.reset_leaderboard``: erase a guild's standings for a game (or every game)."""
        return await self.standings.reset_leaderboard(guild_id, game)

    async def current_season(self, guild_id: int) -> SeasonInfo:
        """``StandingsService.current_season``: a guild's season number and when it began."""
        return await self.standings.current_season(guild_id)

    async def season_to_close(self, guild_id: int) -> SeasonInfo:
        """``StandingsService.season_to_close``: the current season, refused when there is nothing to close."""
        return await self.standings.season_to_close(guild_id)

    async def close_season(self, guild_id: int, number: int) -> SeasonClose:
        """``StandingsService.close_season``: keep the season's boards and start the next one."""
        return await self.standings.close_season(guild_id, number)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """``StandingsService.seasons``: a guild's closed seasons."""
        return await self.standings.seasons(guild_id)

    async def season_leaderboard(self, guild_id: int, season: int, game: str, page: int = 1,
                                 per_page: int = PAGE_SIZE) -> LeaderboardPage:
        """``StandingsService.season_leaderboard``: a page of a closed season's final board for a game."""
        return await self.standings.season_leaderboard(guild_id, season, game, page, per_page)

    async def player_stats(self, guild_id: int, user_id: int, recent: int = 5) -> PlayerStats:
        """``StandingsService.player_stats``: a player's standings, ranks and last games in a guild."""
        return await self.standings.player_stats(guild_id, user_id, recent)

    async def game_record(self, game_id: int) -> JsonObject | None:
        """``StandingsService.game_record``: the record of a finished game (``None`` when there is none)."""
        return await self.standings.game_record(game_id)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """``StandingsService.guild_settings``."""
        return await self.standings.guild_settings(guild_id)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        """``StandingsService.set_guild_settings``: change a guild's settings, defaults checked first."""
        await self.standings.set_guild_settings(settings)

    async def member_language(self, user_id: int) -> str | None:
        """``StandingsService.member_language``."""
        return await self.standings.member_language(user_id)

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """``StandingsService.set_member_language``."""
        await self.standings.set_member_language(user_id, language)

    async def recent_games(self, guild_id: int, *, user_id: int | None = None, game: str | None = None, page: int = 1,
                           per_page: int = PAGE_SIZE) -> HistoryPage:
        """``StandingsService.recent_games``: a page of a guild's finished games, newest first."""
        return await self.standings.recent_games(guild_id, user_id=user_id, game=game, page=page, per_page=per_page)
