"""The table service: every live table, driven the same way by Discord, the terminal and the tests.

``TableService`` opens the database and resumes the stored tables, answers what front ends ask (a table, a
view, a record so far), and gathers the parts: seating (``Lobby``), playing (``Turns``), the common state
and events (``ServiceCore``), and standings and settings (``StandingsService``, as ``service.standings``;
its methods are offered here too). Every refused request raises a ``TableError`` with a message for the
user and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from pathlib import Path
from typing import Any

from bot.i18n import _
from bot.storage import GuildSettings, Store
from bot.tables.core import DEFAULT_GUILD_CAP, Subscriber, Subscription
from bot.tables.errors import UnknownTable, WrongPhase, storage_failure
from bot.tables.events import Resumed
from bot.tables.lobby import Lobby
from bot.tables.standings import PAGE_SIZE
from bot.tables.table import Table, TableInfo
from bot.tables.turns import WARNING_MAX, WRITE_TRIES
from rules.actions import RulesError
from rules.view import GameView

log = logging.getLogger(__name__)

__all__ = ["DEFAULT_GUILD_CAP", "PAGE_SIZE", "WARNING_MAX", "WRITE_TRIES", "Subscriber", "Subscription",
           "TableService"]


class TableService(Lobby):
    """Owns the live tables of every guild; see the module docstring."""

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
                t = Table.from_row(row)
                if row.status == "playing":
                    t.replay(row.entries)
            except (RulesError, KeyError, TypeError, ValueError, AttributeError) as e:
                log.error("table %d cannot be rebuilt from storage: %s", row.id, type(e).__name__)
                self.broken[row.id] = str(e)
                continue
            self._tables[t.id] = t
            resumed.append(t.id)
            self._emit(t, Resumed(version=t.version))
            if t.status == "playing":
                async with t.lock:
                    await self._advance(t)
        if resumed:
            log.info("resumed %d live tables", len(resumed))
        return resumed

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

    def record(self, table_id: int) -> dict:
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
                with contextlib.suppress(WrongPhase, UnknownTable):
                    await self.leave(t.id, user_id)
            async with t.lock:  # their seat in a game still in play: no name, no id, no standing later
                mine = [s for s in t.seats if s.user_id == user_id]
                if t.status == "playing" and mine:
                    for s in mine:
                        s.user_id, s.name = None, _("deleted user")
                    with storage_failure():
                        await self.store.update_table(t.id, seats=[s.to_json() for s in t.seats])
        return await self.standings.forget_user(user_id, _("deleted user"))

    # standings and settings: ``self.standings``, offered here too
    async def leaderboard(self, guild_id: int, game: str, page: int = 1, per_page: int = PAGE_SIZE
                          ) -> dict[str, Any]:
        """``StandingsService.leaderboard``: a page of a guild's standings for a game."""
        return await self.standings.leaderboard(guild_id, game, page, per_page)

    async def reset_leaderboard(self, guild_id: int, game: str | None = None) -> int:
        """``StandingsService.reset_leaderboard``: erase a guild's standings for a game (or every game)."""
        return await self.standings.reset_leaderboard(guild_id, game)

    async def player_stats(self, guild_id: int, user_id: int, recent: int = 5) -> dict[str, Any]:
        """``StandingsService.player_stats``: a player's standings, ranks and last games in a guild."""
        return await self.standings.player_stats(guild_id, user_id, recent)

    async def game_record(self, game_id: int) -> dict | None:
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
