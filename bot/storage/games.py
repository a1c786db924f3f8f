"""The queries of finished games, standings and users: storing a game with its ratings, leaderboards, forgetting."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.ratings import SeatResult, Standing
from bot.storage.base import StoreBase
from bot.storage.fencing import Lease, fence
from bot.storage.rows import (
    STANDING_COLUMNS,
    STANDING_INSERT,
    FinishedGame,
    GameRow,
    JsonObject,
    dumps,
    loads,
    standing_from,
    standing_row,
)
from bot.storage.tx import Tx


@dataclass(frozen=True)
class HistoryRow:
    """A finished game as the history lists it."""

    id: int
    finished_at: float
    game: str
    players: int
    seats: list[tuple[str, str | None]]
    """Per seat: the name the record gives it and its AI level (``None`` for a human)."""
    winners: list[int]
    """The seats that won; empty on a draw."""
    users: list[int | None]
    """Per seat: the user who played it (``None``: an AI seat or a deleted user)."""


class GameQueries(StoreBase):
    """Finished games, standings and users; every method raises ``StorageError`` on failure."""

    async def finish_game(
        self, table_id: int | None, guild_id: int, record: JsonObject, seats: Sequence[SeatResult],
        finished_at: float, rate: Callable[[dict[int, Standing]], dict[int, Standing]], *, lease: Lease | None = None,
    ) -> FinishedGame:
        """In one transaction: store the record and who played, update the standings of the humans with
        ``rate(standings before) -> standings after``, and forget the live table (``lease``: only while it
        holds the table, else ``LeaseLost`` and nothing written)."""
        game = record["game"]
        text = dumps(record)

        async def fn(tx: Tx) -> FinishedGame:
            if table_id is not None:
                await fence(tx, table_id, lease)
            game_id = await tx.insert(
                "INSERT INTO games (guild_id, game, players, finished_at, record) VALUES (?, ?, ?, ?, ?)",
                (guild_id, game, record["players"], finished_at, text),
            )
            await tx.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, ai, outcome, game_points) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.ai, s.outcome, s.game_points) for s in seats],
            )
            humans = [s.user_id for s in seats if s.user_id is not None]
            before: dict[int, Standing] = {}
            for user_id in humans:
                found = await _standing(tx, guild_id, game, user_id)
                if found is not None:
                    before[user_id] = found
            after = rate(before)
            await tx.executemany(
                STANDING_INSERT, [standing_row(guild_id, game, st) for st in after.values()],
            )
            if table_id is not None:
                await tx.execute("DELETE FROM table_leases WHERE table_id = ?", (table_id,))
                await tx.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
                await tx.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))
            return FinishedGame(game_id, {u: before.get(u) for u in humans}, after)

        return await self._write(fn)

    async def game_record(self, game_id: int) -> JsonObject | None:
        """The JSON record of a finished game."""
        rows = await self._read("SELECT record FROM games WHERE id = ?", (game_id,))
        return loads(rows[0][0], f"games {game_id}") if rows else None

    async def seats_of(self, game_id: int, user_id: int) -> list[int]:
        """The seats ``user_id`` played in a finished game (none: they did not play it)."""
        rows = await self._read("SELECT seat FROM game_players WHERE game_id = ? AND user_id = ? ORDER BY seat",
                                (game_id, user_id))
        return [r[0] for r in rows]

    async def review_of(self, game_id: int, seat: int) -> JsonObject | None:
        """The stored review of one seat of a finished game (the JSON it was saved as), or ``None``."""
        rows = await self._read("SELECT data FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat))
        return loads(rows[0][0], f"reviews {game_id}/{seat}") if rows else None

    async def save_review(self, game_id: int, seat: int, data: JsonObject, made_at: float) -> None:
        """Keep the review of one seat of a finished game (a JSON object), replacing an older one."""

        async def fn(tx: Tx) -> None:
            await tx.execute("DELETE FROM reviews WHERE game_id = ? AND seat = ?", (game_id, seat))
            await tx.execute("INSERT INTO reviews (game_id, seat, data, made_at) VALUES (?, ?, ?, ?)",
                             (game_id, seat, dumps(data), made_at))

        await self._write(fn)

    async def games_of(self, guild_id: int, user_id: int, limit: int = 10) -> list[GameRow]:
        """A player's last finished games in a guild, newest first."""
        rows = await self._read(
            "SELECT g.id, g.guild_id, g.game, g.players, g.finished_at, p.seat, p.outcome, p.game_points "
            "FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ? AND g.guild_id = ? "
            "ORDER BY g.finished_at DESC, g.id DESC LIMIT ?",
            (user_id, guild_id, limit),
        )
        return [GameRow(*r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, offset: int, limit: int) -> tuple[list[Standing], int]:
        """One page of a guild's standings for a game, best rating first, and the number of ranked players."""
        rows = await self._read(
            f"SELECT {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? "
            "ORDER BY rating DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        )
        total = (await self._read("SELECT count(*) FROM standings WHERE guild_id = ? AND game = ?",
                                  (guild_id, game)))[0][0]
        return [standing_from(r) for r in rows], total

    async def standing(self, guild_id: int, game: str, user_id: int) -> tuple[Standing, int] | None:
        """A player's standing for a game in a guild and their rank (1 = best), or ``None``."""
        rows = await self._read(
            f"SELECT {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        )
        if not rows:
            return None
        st = standing_from(rows[0])
        better = (await self._read(
            "SELECT count(*) FROM standings WHERE guild_id = ? AND game = ? "
            "AND (rating > ? OR (rating = ? AND user_id < ?))",
            (guild_id, game, st.rating.ordinal, st.rating.ordinal, user_id),
        ))[0][0]
        return st, better + 1

    async def reset_standings(self, guild_id: int, game: str | None = None) -> int:
        """Erase a guild's standings for one game (``None``: every game); the stored games stay. Returns the
        number of standings removed."""

        async def fn(tx: Tx) -> int:
            if game is None:
                return await tx.execute("DELETE FROM standings WHERE guild_id = ?", (guild_id,))
            return await tx.execute("DELETE FROM standings WHERE guild_id = ? AND game = ?", (guild_id, game))

        return await self._write(fn)

    async def delete_user(self, user_id: int, replacement_name: str) -> int:
        """Forget a user: standings (those of closed seasons too) removed, their seats in stored games and in
        the records of stopped tables anonymised (the games stay for the other players; a stopped table's
        ``aborted_by`` becomes 0), their name in the tournaments they entered replaced, their guild data and
        their own settings gone. Returns the number of games
        touched. A live table the user sits at is the service's business (it makes them leave first)."""

        async def fn(tx: Tx) -> int:
            games = await tx.fetchall(
                "SELECT DISTINCT p.game_id, g.record FROM game_players p JOIN games g ON g.id = p.game_id "
                "WHERE p.user_id = ? ORDER BY p.game_id", (user_id,))
            for game_id, text in games:
                record = loads(text, f"games {game_id}")
                _anonymise(record, user_id, replacement_name)
                await tx.execute("UPDATE games SET record = ? WHERE id = ?", (dumps(record), game_id))
            await tx.execute(  # the reviews of their play go with them
                "DELETE FROM reviews WHERE EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = reviews.game_id "
                "AND p.seat = reviews.seat AND p.user_id = ?)", (user_id,))
            await tx.execute("UPDATE game_players SET user_id = NULL WHERE user_id = ?", (user_id,))
            stopped = await tx.fetchall(  # the records of stopped tables name their seats too
                "SELECT id, record FROM aborted_games WHERE record LIKE ?", (f"%{user_id}%",))
            for aborted_id, text in stopped:
                record = loads(text, f"aborted_games {aborted_id}")
                if _anonymise(record, user_id, replacement_name):
                    await tx.execute("UPDATE aborted_games SET record = ? WHERE id = ?", (dumps(record), aborted_id))
            await tx.execute("UPDATE aborted_games SET aborted_by = 0 WHERE aborted_by = ?", (user_id,))
            await tx.execute("DELETE FROM standings WHERE user_id = ?", (user_id,))
            await tx.execute("DELETE FROM season_standings WHERE user_id = ?", (user_id,))
            await tx.execute("UPDATE tournament_entrants SET name = ? WHERE user_id = ?", (replacement_name, user_id))
            await tx.execute("DELETE FROM member_settings WHERE user_id = ?", (user_id,))
            return len(games)

        return await self._write(fn)


    async def recent_games(self, guild_id: int, *, user_id: int | None = None, game: str | None = None, page: int = 1,
                           per_page: int = 10) -> tuple[list[HistoryRow], int]:
        """One page (from 1) of a guild's finished games, newest first, optionally only those ``user_id`` played
        and / or of one ``game``, and how many games match. Seats and names come from each game's record, the
        winners from ``game_players``."""
        where = "g.guild_id = ?"
        params: list[object] = [guild_id]
        if game is not None:
            where += " AND g.game = ?"
            params.append(game)
        if user_id is not None:
            where += " AND EXISTS (SELECT 1 FROM game_players p WHERE p.game_id = g.id AND p.user_id = ?)"
            params.append(user_id)
        total = (await self._read(f"SELECT count(*) FROM games g WHERE {where}", tuple(params)))[0][0]
        rows = await self._read(
            f"SELECT g.id, g.finished_at, g.game, g.players, g.record FROM games g WHERE {where} "
            "ORDER BY g.finished_at DESC, g.id DESC LIMIT ? OFFSET ?",
            (*params, per_page, max(0, page - 1) * per_page),
        )
        if not rows:
            return [], total
        ids = [r[0] for r in rows]
        outcomes: dict[int, dict[int, tuple[str, int | None]]] = {}
        for game_id, seat, outcome, user in await self._read(
                "SELECT game_id, seat, outcome, user_id FROM game_players "
                f"WHERE game_id IN ({', '.join('?' * len(ids))})", tuple(ids)):
            outcomes.setdefault(game_id, {})[seat] = (outcome, user)
        out = []
        for game_id, finished_at, name, players, text in rows:
            record = loads(text, f"games {game_id}")
            seats = [(str(s.get("name") or ""), s.get("ai")) for s in record.get("seats", [])]
            played = outcomes.get(game_id, {})
            winners = sorted(seat for seat, (outcome, _user) in played.items() if outcome == "win")
            users = [played[seat][1] if seat in played else None for seat in range(len(seats))]
            out.append(HistoryRow(game_id, finished_at, name, players, seats, winners, users))
        return out, total




async def _standing(tx: Tx, guild_id: int, game: str, user_id: int) -> Standing | None:
    rows = await tx.fetchall(
        f"SELECT {STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
        (guild_id, game, user_id),
    )
    return standing_from(rows[0]) if rows else None


def _anonymise(record: JsonObject, user_id: int, name: str) -> bool:
    """Replace the user's seats in a game record by an anonymous one; whether any was theirs."""
    found = False
    for seat in record.get("seats", []):
        if seat.get("user") == user_id:
            seat["user"] = None
            seat["name"] = name
            found = True
    return found
