"""The queries of tournaments: an event and its entrants, each round's tables (with the live table and the
result) and byes. The tournament service (``bot.tournaments.service``) keeps every step here before it acts on
it, so a restart reads back where each event stands."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from bot.storage.base import StoreBase
from bot.storage.rows import JsonObject, dumps, loads
from bot.storage.tx import Row, Tx

_TOURNAMENT_COLUMNS = ("id, guild_id, channel_id, organiser_id, message_id, game, players, format, rounds, options, "
                       "level, max_entrants, auto_next, status, round, created_at, finished_at")
_TABLE_COLUMNS = "round, place, seats, table_id, forfeits, result, game_id"
LIVE = ("signup", "playing")
"""The statuses of a tournament not over."""


@dataclass(frozen=True)
class TournamentRow:
    """A tournament as stored."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    message_id: int | None
    game: str
    players: int
    """Seats at each table."""
    format: str
    """``swiss`` or ``knockout``."""
    rounds: int | None
    """Swiss: the rounds to play; knockout: ``None`` (the bracket decides)."""
    options: JsonObject
    level: str | None
    """The AI level that fills a short table; ``None``: byes instead."""
    max_entrants: int
    auto_next: bool
    status: str
    """``signup``, ``playing``, ``finished`` or ``cancelled``."""
    round: int
    created_at: float
    finished_at: float | None


@dataclass(frozen=True)
class EntrantRow:
    """A member signed up: their name, their rating when the event started, the round they left from."""

    user_id: int
    name: str
    joined_at: float
    rating: float | None
    left_round: int | None


@dataclass(frozen=True)
class RoundTable:
    """One table of a round: the entrants in seat order (``None``: an AI seat), the live table once opened,
    the members who forfeited it, and the result once it ended."""

    round: int
    place: int
    seats: tuple[int | None, ...]
    table_id: int | None
    forfeits: tuple[int, ...]
    result: JsonObject | None
    game_id: int | None


@dataclass(frozen=True)
class Bye:
    """A bye: its round, the entrant, and its place (knockout: the position in the bracket)."""

    round: int
    user_id: int
    place: int


class JoinOutcome(Enum):
    """What asking to sign up did."""

    JOINED = "joined"
    ALREADY = "already"
    FULL = "full"
    CLOSED = "closed"
    """The tournament is no longer taking entrants (started, finished, cancelled, or unknown)."""


def _tournament(r: Row) -> TournamentRow:
    return TournamentRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], loads(r[9], f"tournament {r[0]}"),
                         r[10], r[11], bool(r[12]), r[13], r[14], r[15], r[16])


def _table(tournament_id: int, r: Row) -> RoundTable:
    where = f"tournament {tournament_id} round {r[0]} table {r[1]}"
    result = None if r[5] is None else loads(r[5], where)
    return RoundTable(r[0], r[1], tuple(loads(r[2], where)), r[3], tuple(loads(r[4], where)), result, r[6])


class TournamentQueries(StoreBase):
    """Tournaments; every method raises ``StorageError`` on failure."""

    async def create_tournament(self, *, guild_id: int, channel_id: int, organiser_id: int, game: str, players: int,
                                format: str, rounds: int | None, options: JsonObject, level: str | None,
                                max_entrants: int, auto_next: bool, created_at: float) -> int:
        """Store a new tournament taking entrants; its id."""

        async def fn(tx: Tx) -> int:
            return await tx.insert(
                "INSERT INTO tournaments (guild_id, channel_id, organiser_id, game, players, format, rounds, options, "
                "level, max_entrants, auto_next, status, round, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'signup', 0, ?)",
                (guild_id, channel_id, organiser_id, game, players, format, rounds, dumps(options), level,
                 max_entrants, int(auto_next), created_at))

        return await self._write(fn)

    async def tournament(self, tournament_id: int) -> TournamentRow | None:
        """One tournament, ``None`` when there is none with this id."""
        rows = await self._read(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE id = ?", (tournament_id,))
        return _tournament(rows[0]) if rows else None

    async def tournaments(self, guild_id: int, *, live: bool | None = None, limit: int = 25) -> list[TournamentRow]:
        """A guild's tournaments, newest first: every one, only those not over (``live``), or only those over."""
        where = ""
        if live is not None:
            where = f" AND status {'IN' if live else 'NOT IN'} ('signup', 'playing')"
        rows = await self._read(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE guild_id = ?{where} "
                                "ORDER BY id DESC LIMIT ?", (guild_id, limit))
        return [_tournament(r) for r in rows]

    async def live_tournaments(self) -> list[TournamentRow]:
        """Every tournament not over, oldest first (what a restart goes on with)."""
        rows = await self._read(f"SELECT {_TOURNAMENT_COLUMNS} FROM tournaments WHERE status IN ('signup', 'playing') "
                                "ORDER BY id")
        return [_tournament(r) for r in rows]

    async def set_tournament_message(self, tournament_id: int, message_id: int | None) -> None:
        """Remember the public panel's message."""

        async def fn(tx: Tx) -> None:
            await tx.execute("UPDATE tournaments SET message_id = ? WHERE id = ?", (message_id, tournament_id))

        await self._write(fn)

    async def add_entrant(self, tournament_id: int, user_id: int, name: str, joined_at: float) -> JoinOutcome:
        """Sign a member up while the tournament takes entrants and has room."""

        async def fn(tx: Tx) -> JoinOutcome:
            rows = await tx.fetchall("SELECT status, max_entrants FROM tournaments WHERE id = ?", (tournament_id,))
            if not rows or rows[0][0] != "signup":
                return JoinOutcome.CLOSED
            if await tx.fetchall("SELECT 1 FROM tournament_entrants WHERE tournament_id = ? AND user_id = ?",
                                 (tournament_id, user_id)):
                return JoinOutcome.ALREADY
            count = (await tx.fetchall("SELECT count(*) FROM tournament_entrants WHERE tournament_id = ?",
                                       (tournament_id,)))[0][0]
            if count >= rows[0][1]:
                return JoinOutcome.FULL
            await tx.execute("INSERT INTO tournament_entrants (tournament_id, user_id, name, joined_at) "
                             "VALUES (?, ?, ?, ?)", (tournament_id, user_id, name, joined_at))
            return JoinOutcome.JOINED

        return await self._write(fn)

    async def remove_entrant(self, tournament_id: int, user_id: int) -> bool:
        """Take a member off the list before the start; whether they were on it."""

        async def fn(tx: Tx) -> bool:
            return await tx.execute(
                "DELETE FROM tournament_entrants WHERE tournament_id = ? AND user_id = ? AND EXISTS "
                "(SELECT 1 FROM tournaments WHERE id = ? AND status = 'signup')",
                (tournament_id, user_id, tournament_id)) > 0

        return await self._write(fn)

    async def withdraw_entrant(self, tournament_id: int, user_id: int, from_round: int) -> bool:
        """A member leaves a tournament in play: they play no round from ``from_round`` on. Whether they were
        still in it."""

        async def fn(tx: Tx) -> bool:
            return await tx.execute(
                "UPDATE tournament_entrants SET left_round = ? WHERE tournament_id = ? AND user_id = ? "
                "AND left_round IS NULL", (from_round, tournament_id, user_id)) > 0

        return await self._write(fn)

    async def entrants(self, tournament_id: int) -> list[EntrantRow]:
        """The entrants in the order they joined."""
        rows = await self._read("SELECT user_id, name, joined_at, rating, left_round FROM tournament_entrants "
                                "WHERE tournament_id = ? ORDER BY joined_at, user_id", (tournament_id,))
        return [EntrantRow(*r) for r in rows]

    async def start_round(self, tournament_id: int, number: int,
                          tables: Sequence[tuple[int, Sequence[int | None]]], byes: Sequence[tuple[int, int]],
                          started_at: float, ratings: dict[int, float] | None = None) -> bool:
        """Store round ``number`` (its tables as (place, seats), its byes as (entrant, place)) and make it the
        current one, with the entrants' ratings when the event starts; ``False`` (nothing changed) when the
        tournament is not at the round before (another start won) or is over."""

        async def fn(tx: Tx) -> bool:
            changed = await tx.execute(
                "UPDATE tournaments SET status = 'playing', round = ? WHERE id = ? AND round = ? "
                "AND status IN ('signup', 'playing')", (number, tournament_id, number - 1))
            if not changed:
                return False
            if ratings:
                await tx.executemany("UPDATE tournament_entrants SET rating = ? WHERE tournament_id = ? "
                                     "AND user_id = ?",
                                     [(rating, tournament_id, user) for user, rating in ratings.items()])
            await tx.execute("INSERT INTO tournament_rounds (tournament_id, number, started_at) VALUES (?, ?, ?)",
                             (tournament_id, number, started_at))
            if tables:
                await tx.executemany(
                    "INSERT INTO tournament_tables (tournament_id, round, place, seats) VALUES (?, ?, ?, ?)",
                    [(tournament_id, number, place, dumps(list(seats))) for place, seats in tables])
            if byes:
                await tx.executemany(
                    "INSERT INTO tournament_byes (tournament_id, round, user_id, place) VALUES (?, ?, ?, ?)",
                    [(tournament_id, number, user, place) for user, place in byes])
            return True

        return await self._write(fn)

    async def set_round_table(self, tournament_id: int, number: int, place: int, table_id: int) -> None:
        """The live table opened for a round's table."""

        async def fn(tx: Tx) -> None:
            await tx.execute("UPDATE tournament_tables SET table_id = ? WHERE tournament_id = ? AND round = ? "
                             "AND place = ?", (table_id, tournament_id, number, place))

        await self._write(fn)

    async def add_forfeit(self, tournament_id: int, number: int, place: int, user_id: int) -> bool:
        """A member forfeits a table of a round still being played; whether it changed anything."""

        async def fn(tx: Tx) -> bool:
            rows = await tx.fetchall("SELECT forfeits FROM tournament_tables WHERE tournament_id = ? AND round = ? "
                                     "AND place = ? AND result IS NULL", (tournament_id, number, place))
            if not rows:
                return False
            forfeits = loads(rows[0][0], f"tournament {tournament_id} round {number} table {place}")
            if user_id in forfeits:
                return False
            await tx.execute("UPDATE tournament_tables SET forfeits = ? WHERE tournament_id = ? AND round = ? "
                             "AND place = ?", (dumps([*forfeits, user_id]), tournament_id, number, place))
            return True

        return await self._write(fn)

    async def end_round_table(self, tournament_id: int, number: int, place: int, result: JsonObject,
                              game_id: int | None) -> bool:
        """A round's table ended with ``result``; ``False`` when its result was stored already."""

        async def fn(tx: Tx) -> bool:
            return await tx.execute(
                "UPDATE tournament_tables SET result = ?, game_id = ? WHERE tournament_id = ? AND round = ? "
                "AND place = ? AND result IS NULL", (dumps(result), game_id, tournament_id, number, place)) > 0

        return await self._write(fn)

    async def end_round(self, tournament_id: int, number: int, ended_at: float) -> bool:
        """Round ``number`` is over; ``False`` when it was already."""

        async def fn(tx: Tx) -> bool:
            return await tx.execute("UPDATE tournament_rounds SET ended_at = ? WHERE tournament_id = ? AND number = ? "
                                    "AND ended_at IS NULL", (ended_at, tournament_id, number)) > 0

        return await self._write(fn)

    async def close_tournament(self, tournament_id: int, status: str, at: float) -> bool:
        """End a tournament not over yet (``finished`` or ``cancelled``); ``False`` when it was over already."""

        async def fn(tx: Tx) -> bool:
            return await tx.execute("UPDATE tournaments SET status = ?, finished_at = ? WHERE id = ? "
                                    "AND status IN ('signup', 'playing')", (status, at, tournament_id)) > 0

        return await self._write(fn)

    async def round_tables(self, tournament_id: int, number: int | None = None) -> list[RoundTable]:
        """The tables of one round, or of every round, in round and place order."""
        sql = f"SELECT {_TABLE_COLUMNS} FROM tournament_tables WHERE tournament_id = ?"
        params: list[object] = [tournament_id]
        if number is not None:
            sql += " AND round = ?"
            params.append(number)
        rows = await self._read(sql + " ORDER BY round, place", params)
        return [_table(tournament_id, r) for r in rows]

    async def byes(self, tournament_id: int) -> list[Bye]:
        """Every bye given, in round and place order."""
        rows = await self._read("SELECT round, user_id, place FROM tournament_byes WHERE tournament_id = ? "
                                "ORDER BY round, place, user_id", (tournament_id,))
        return [Bye(*r) for r in rows]

    async def round_ended(self, tournament_id: int, number: int) -> bool:
        """Whether round ``number`` is stored as over."""
        rows = await self._read("SELECT ended_at FROM tournament_rounds WHERE tournament_id = ? AND number = ?",
                                (tournament_id, number))
        return bool(rows) and rows[0][0] is not None

    async def round_table_of(self, table_id: int) -> tuple[int, int, int] | None:
        """The (tournament, round, place) a live table was opened for, ``None`` for an ordinary table."""
        rows = await self._read("SELECT tournament_id, round, place FROM tournament_tables WHERE table_id = ?",
                                (table_id,))
        return (rows[0][0], rows[0][1], rows[0][2]) if rows else None

    async def stored_game_of_table(self, guild_id: int, table_id: int, since: float) -> tuple[int, JsonObject] | None:
        """The finished game a live table was stored as (its id and record), looked for among the guild's games
        finished since ``since``: how a restart learns the result of a table that ended while the bot was down."""
        rows = await self._read("SELECT id, record FROM games WHERE guild_id = ? AND finished_at >= ? ORDER BY id",
                                (guild_id, since))
        for game_id, text in rows:
            record = loads(text, f"game {game_id}")
            if isinstance(record, dict) and record.get("table") == table_id:
                return game_id, record
        return None

    async def aborted_table(self, table_id: int) -> bool:
        """Whether a live table was stopped (stored as aborted)."""
        return bool(await self._read("SELECT 1 FROM aborted_games WHERE table_id = ?", (table_id,)))
