"""Bulk loading of finished games and standings, for the benchmark and the tests; the bot never calls it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from bot.ratings import Standing
from bot.storage.rows import STANDING_INSERT, standing_row
from bot.storage.tx import Row, Tx

if TYPE_CHECKING:
    from bot.storage.store import Store


async def seed_games(store: Store, games: Sequence[Row], players: Sequence[Row], standings: Sequence[Standing],
                     guild_id: int, game: str) -> None:
    """Bulk-load finished games into an open store: rows of ``games`` and ``game_players`` as stored, and the
    standings they add up to, in one write."""

    async def fn(tx: Tx) -> None:
        await tx.executemany(
            "INSERT INTO games (id, guild_id, game, players, finished_at, record) VALUES (?, ?, ?, ?, ?, ?)", games
        )
        await tx.executemany(
            "INSERT INTO game_players (game_id, seat, user_id, ai, outcome, game_points) VALUES (?, ?, ?, ?, ?, ?)",
            players,
        )
        await tx.ids_given("games")
        await tx.executemany(STANDING_INSERT, [standing_row(guild_id, game, st) for st in standings])

    await store._write(fn)
