"""Standings and settings: leaderboards, a player's stats, finished games' records, a guild's settings.

What the service offers beside the live tables; it reads and writes the store and nothing else.
"""

from __future__ import annotations

import logging
import time
from typing import TypedDict

from bot.i18n import _, ngettext
from bot.names import error_text
from bot.ratings import Standing
from bot.storage import GameRow, GuildSettings, Store
from bot.storage.games import HistoryRow
from bot.storage.rows import JsonObject
from bot.storage.seasons import CloseOutcome, MemberSeason, SeasonClose, SeasonRow
from bot.tables.errors import BadRequest, storage_failure
from rules.actions import RulesError
from rules.games import GAMES
from rules.records import game_class

log = logging.getLogger(__name__)

PAGE_SIZE = 10
"""Players on a page of a leaderboard."""


class LeaderboardPage(TypedDict):
    """A page of a leaderboard: (rank, standing) per row, the page (from 1), the pages and the players ranked."""

    rows: list[tuple[int, Standing]]
    page: int
    pages: int
    total: int


class HistoryPage(TypedDict):
    """A page of a guild's finished games, newest first, the page (from 1), the pages and the games."""

    rows: list[HistoryRow]
    page: int
    pages: int
    total: int


class GameStanding(TypedDict):
    """A player's standing in one game and their rank (1 = best)."""

    standing: Standing
    rank: int


class PlayerStats(TypedDict):
    """A player's standing per game they have one in, their last games, and their final standings in the
    server's closed seasons (newest first)."""

    games: dict[str, GameStanding]
    recent: list[GameRow]
    seasons: list[MemberSeason]


class SeasonInfo(TypedDict):
    """A guild's current season: its number and when it began (``None``: no game finished yet)."""

    number: int
    started_at: float | None


class StandingsService:
    """A guild's standings and settings, and the records of finished games, over ``store``."""

    def __init__(self, store: Store) -> None:
        self.store = store

    async def leaderboard(self, guild_id: int, game: str, page: int = 1, per_page: int = PAGE_SIZE
                          ) -> LeaderboardPage:
        """Page ``page`` (from 1) of a guild's standings for a game, best rating first: ``rows`` as
        (rank, ``Standing``), ``page``, ``pages``, ``total`` (players ranked). AI seats never appear;
        games against the AI count for the humans."""
        if per_page < 1 or page < 1:
            raise BadRequest(_("Pages start at 1 and hold at least one player."))
        offset = (page - 1) * per_page
        with storage_failure():
            rows, total = await self.store.leaderboard(guild_id, game, offset, per_page)
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
                raise BadRequest(error_text(e)) from None
        with storage_failure():
            removed = await self.store.reset_standings(guild_id, game)
        log.info("guild %d: leaderboard of %s reset (%d standings)", guild_id, game or "every game", removed)
        return removed

    async def player_stats(self, guild_id: int, user_id: int, recent: int = 5) -> PlayerStats:
        """A player's standing and rank per game in a guild, and their last games."""
        out: PlayerStats = {"games": {}, "recent": [], "seasons": []}
        with storage_failure():
            for game in GAMES:
                found = await self.store.standing(guild_id, game, user_id)
                if found is not None:
                    st, rank = found
                    out["games"][game] = {"standing": st, "rank": rank}
            recent_games: list[GameRow] = await self.store.games_of(guild_id, user_id, recent)
            out["seasons"] = await self.store.member_seasons(guild_id, user_id)
        out["recent"] = recent_games
        return out

    async def current_season(self, guild_id: int) -> SeasonInfo:
        """A guild's current season (1 until one is closed) and when it began."""
        with storage_failure():
            number, started_at = await self.store.current_season(guild_id)
        return {"number": number, "started_at": started_at}

    async def season_to_close(self, guild_id: int) -> SeasonInfo:
        """The current season, when it can be closed (someone is ranked in it); else ``BadRequest``."""
        with storage_failure():
            number, started_at = await self.store.current_season(guild_id)
            ranked = await self.store.ranked_in(guild_id)
        if not ranked:
            raise _nothing_to_close(number)
        return {"number": number, "started_at": started_at}

    async def close_season(self, guild_id: int, number: int) -> SeasonClose:
        """Close season ``number`` of a guild: its final board of each game is kept (``season_leaderboard``),
        the live standings start empty (every rating from the default again), in one transaction. Refused,
        changing nothing, when ``number`` is not the current season (closed already: a second press of a
        confirmation) or nobody is ranked in it. The answer names each game's podium."""
        with storage_failure():
            closed = await self.store.close_season(guild_id, number, time.time())
        if closed.outcome is CloseOutcome.NOT_CURRENT:
            raise BadRequest(_("Season {asked} is not this server's current season (it is season {current}); nothing "
                               "was changed.").format(asked=number, current=closed.number))
        if closed.outcome is CloseOutcome.EMPTY:
            raise _nothing_to_close(closed.number)
        log.info("guild %d: season %d closed (%d standings kept)", guild_id, closed.number, closed.ranked)
        return closed

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """A guild's closed seasons, oldest first, with the players ranked per game."""
        with storage_failure():
            return await self.store.seasons(guild_id)

    async def season_leaderboard(self, guild_id: int, season: int, game: str, page: int = 1,
                                 per_page: int = PAGE_SIZE) -> LeaderboardPage:
        """Page ``page`` (from 1) of a closed season's final board for a game, as ``leaderboard`` gives the
        live one (the rank is the season's final place). A season that is not closed is refused with a message
        saying which are."""
        if per_page < 1 or page < 1:
            raise BadRequest(_("Pages start at 1 and hold at least one player."))
        with storage_failure():
            current, _started = await self.store.current_season(guild_id)
        if not 1 <= season < current:
            if current == 1:
                raise BadRequest(_("No season has been closed on this server yet: /leaderboard without a season "
                                   "shows the current one."))
            if season == current:
                raise BadRequest(_("Season {n} is the current season: /leaderboard without a season shows it.").format(
                    n=season))
            raise BadRequest(ngettext("There is no season {n} on this server: only season {last} is closed.",
                                      "There is no season {n} on this server: seasons 1 to {last} are closed.",
                                      current - 1).format(n=season, last=current - 1))
        offset = (page - 1) * per_page
        with storage_failure():
            rows, total = await self.store.season_board(guild_id, season, game, offset, per_page)
        return {"rows": rows, "page": page, "pages": max(1, -(-total // per_page)), "total": total}

    async def game_record(self, game_id: int) -> JsonObject | None:
        """The JSON record of a finished game (``None`` when there is no such game)."""
        with storage_failure():
            return await self.store.game_record(game_id)

    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings."""
        with storage_failure():
            return await self.store.guild_settings(guild_id)

    async def set_guild_settings(self, settings: GuildSettings) -> None:
        """Change a guild's settings; default options are checked against each game first."""
        for game, options in settings.default_options.items():
            try:
                cls = game_class(game)
            except RulesError as e:
                raise BadRequest(error_text(e)) from None
            for key, value in options.items():  # each default must fit at least one player count
                problems = []
                for players in cls.player_counts:
                    try:
                        cls.validate_options(players, {key: value})
                    except RulesError as e:
                        problems.append(error_text(e))
                if len(problems) == len(cls.player_counts):
                    raise BadRequest(problems[0])
        if settings.max_tables is not None and settings.max_tables < 0:
            raise BadRequest(_("The table limit cannot be negative."))
        with storage_failure():
            await self.store.save_guild_settings(settings)

    async def member_language(self, user_id: int) -> str | None:
        """The language a member chose for what only they see (``None``: their Discord client's)."""
        with storage_failure():
            return await self.store.member_language(user_id)

    async def set_member_language(self, user_id: int, language: str | None) -> None:
        """Choose a member's language (``None``: follow their client again)."""
        with storage_failure():
            await self.store.save_member_language(user_id, language)

    async def forget_user(self, user_id: int, replacement_name: str) -> int:
        """Remove a user's standings and take their name out of stored games; returns the games anonymised."""
        with storage_failure():
            return await self.store.delete_user(user_id, replacement_name)

    async def recent_games(self, guild_id: int, *, user_id: int | None = None, game: str | None = None, page: int = 1,
                           per_page: int = PAGE_SIZE) -> HistoryPage:
        """Page ``page`` (from 1) of a guild's finished games, newest first, optionally only those ``user_id``
        played and / or of one ``game``: ``rows`` (``HistoryRow``), ``page``, ``pages``, ``total``. A page past
        the end comes back empty (with the real ``pages``)."""
        if per_page < 1 or page < 1:
            raise BadRequest(_("Pages start at 1 and hold at least one player."))
        with storage_failure():
            rows, total = await self.store.recent_games(guild_id, user_id=user_id, game=game, page=page,
                                                        per_page=per_page)
        return {"rows": rows, "page": page, "pages": max(1, -(-total // per_page)), "total": total}


def _nothing_to_close(number: int) -> BadRequest:
    """The refusal of closing a season nobody is ranked in."""
    return BadRequest(_("Nobody has finished a rated game in season {n} yet: there is nothing to close.").format(
        n=number))
