"""The queries of seasons: closing a server's current season (its standings kept as the season's final
boards, the live standings emptied, in one transaction), and reading the closed seasons back."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from bot.ratings import Standing
from bot.storage.base import StoreBase
from bot.storage.rows import STANDING_COLUMNS, standing_from
from bot.storage.tx import Tx

PODIUM = 3
"""Places of each game that closing a season hands back (its podium)."""
_SEASON_COLUMNS = "guild_id, season, game, user_id, place, name, mu, sigma, rating, games, wins, draws, losses, " \
                  "streak, best_streak, last_played"
_SEASON_INSERT = f"INSERT INTO season_standings ({_SEASON_COLUMNS}) VALUES ({', '.join('?' * 16)})"


class CloseOutcome(Enum):
    """What asking to close a season did."""

    CLOSED = "closed"
    """The season is closed: its boards kept, the live standings emptied."""
    NOT_CURRENT = "not_current"
    """The season asked for is not the current one (closed already, or never begun): nothing changed."""
    EMPTY = "empty"
    """Nobody is ranked in the current season: nothing to close, nothing changed."""


@dataclass(frozen=True)
class SeasonClose:
    """The answer of ``close_season``: the outcome, the season it concerns (the one closed, or the current one
    when nothing changed) and, when closed, each game's podium (place, standing), best first."""

    outcome: CloseOutcome
    number: int
    podium: dict[str, list[tuple[int, Standing]]] = field(default_factory=dict)
    ranked: int = 0
    """Standings kept in the closed season's boards (every game)."""


@dataclass(frozen=True)
class SeasonRow:
    """A closed season as listed: its number, when it began (``None``: unknown) and ended, and the players
    ranked in each game it kept a board of."""

    number: int
    started_at: float | None
    ended_at: float
    players: dict[str, int]


@dataclass(frozen=True)
class MemberSeason:
    """A member's final standing in one game of a closed season, and their place there (1 = best)."""

    season: int
    game: str
    place: int
    standing: Standing


class SeasonQueries(StoreBase):
    """Seasons of a guild; every method raises ``StorageError`` on failure."""

    async def current_season(self, guild_id: int) -> tuple[int, float | None]:
        """The guild's current season and when it began: the last closed season's end, else (season 1) the
        guild's first finished game, else ``None``."""
        rows = await self._read("SELECT number, ended_at FROM seasons WHERE guild_id = ? ORDER BY number DESC LIMIT 1",
                                (guild_id,))
        if rows:
            return rows[0][0] + 1, rows[0][1]
        first = await self._read("SELECT min(finished_at) FROM games WHERE guild_id = ?", (guild_id,))
        return 1, first[0][0] if first else None

    async def ranked_in(self, guild_id: int) -> int:
        """How many live standings a guild has (every game): zero means nothing to close."""
        return int((await self._read("SELECT count(*) FROM standings WHERE guild_id = ?", (guild_id,)))[0][0])

    async def close_season(self, guild_id: int, number: int, ended_at: float) -> SeasonClose:
        """Close season ``number`` of a guild if it is the current one and someone is ranked in it: in one
        transaction, move every live standing of the guild into the season's boards (with its place in its
        game) and record the season. Otherwise nothing changes and the outcome says why."""

        async def fn(tx: Tx) -> SeasonClose:
            last = await tx.fetchall("SELECT number, ended_at FROM seasons WHERE guild_id = ? "
                                     "ORDER BY number DESC LIMIT 1", (guild_id,))
            current = last[0][0] + 1 if last else 1
            if number != current:
                return SeasonClose(CloseOutcome.NOT_CURRENT, current)
            # the rows deleted are the rows kept: a game stored meanwhile by another process is in both or neither
            moved = await tx.fetchall(f"DELETE FROM standings WHERE guild_id = ? RETURNING game, {STANDING_COLUMNS}",
                                      (guild_id,))
            if not moved:
                return SeasonClose(CloseOutcome.EMPTY, current)
            if last:
                started_at = last[0][1]
            else:
                first = await tx.fetchall("SELECT min(finished_at) FROM games WHERE guild_id = ?", (guild_id,))
                started_at = first[0][0] if first else None
            await tx.execute("INSERT INTO seasons (guild_id, number, started_at, ended_at) VALUES (?, ?, ?, ?)",
                             (guild_id, current, started_at, ended_at))
            boards: dict[str, list[Standing]] = {}
            for row in moved:
                boards.setdefault(row[0], []).append(standing_from(row[1:]))
            kept = []
            podium: dict[str, list[tuple[int, Standing]]] = {}
            for game in sorted(boards):
                board = sorted(boards[game], key=lambda st: (-st.rating.ordinal, st.user_id))
                for place, st in enumerate(board, 1):
                    kept.append((guild_id, current, game, st.user_id, place, st.name, st.rating.mu, st.rating.sigma,
                                 st.rating.ordinal, st.games, st.wins, st.draws, st.losses, st.streak, st.best_streak,
                                 st.last_played))
                podium[game] = list(enumerate(board[:PODIUM], 1))
            await tx.executemany(_SEASON_INSERT, kept)
            return SeasonClose(CloseOutcome.CLOSED, current, podium, len(kept))

        return await self._write(fn)

    async def seasons(self, guild_id: int) -> list[SeasonRow]:
        """A guild's closed seasons, oldest first, with the players ranked per game."""
        rows = await self._read("SELECT number, started_at, ended_at FROM seasons WHERE guild_id = ? ORDER BY number",
                                (guild_id,))
        counts: dict[int, dict[str, int]] = {}
        for season, game, n in await self._read(
                "SELECT season, game, count(*) FROM season_standings WHERE guild_id = ? GROUP BY season, game "
                "ORDER BY season, game", (guild_id,)):
            counts.setdefault(season, {})[game] = n
        return [SeasonRow(number, started, ended, counts.get(number, {})) for number, started, ended in rows]

    async def season_board(self, guild_id: int, season: int, game: str, offset: int, limit: int
                           ) -> tuple[list[tuple[int, Standing]], int]:
        """One page of a closed season's final board for a game, (place, standing) best first, and the
        number of players it ranks."""
        rows = await self._read(
            f"SELECT place, {STANDING_COLUMNS} FROM season_standings WHERE guild_id = ? AND season = ? AND game = ? "
            "ORDER BY place LIMIT ? OFFSET ?", (guild_id, season, game, limit, offset))
        total = (await self._read("SELECT count(*) FROM season_standings WHERE guild_id = ? AND season = ? "
                                  "AND game = ?", (guild_id, season, game)))[0][0]
        return [(r[0], standing_from(r[1:])) for r in rows], total

    async def member_seasons(self, guild_id: int, user_id: int) -> list[MemberSeason]:
        """A member's final standings in the closed seasons of a guild, newest season first."""
        rows = await self._read(
            f"SELECT season, game, place, {STANDING_COLUMNS} FROM season_standings "
            "WHERE guild_id = ? AND user_id = ? ORDER BY season DESC, game", (guild_id, user_id))
        return [MemberSeason(r[0], r[1], r[2], standing_from(r[3:])) for r in rows]
