"""``Store.recent_games``: a guild's finished games, newest first, filtered by member and game, paged, on both
backends."""

from __future__ import annotations

import pytest

from bot.ratings import SeatResult
from bot.storage import Store
from bot.tables.errors import BadRequest
from bot.tables.standings import StandingsService


def record(game: str, names: list[str], winners: list[int]) -> dict:
    return {"format": 1, "game": game, "players": len(names), "options": {}, "seed": 1,
            "seats": [{"name": n, "ai": "easy" if n == "AI" else None} for n in names], "rounds": [],
            "result": {"game_points": [0] * len(names), "winners": winners}}


async def finish(store: Store, guild: int, game: str, users: list[int | None], winners: list[int],
                 at: float) -> int:
    names = [f"u{u}" if u is not None else "AI" for u in users]
    seats = [SeatResult(i, u, names[i], None if u is not None else "easy",
                        "win" if i in winners else ("draw" if not winners else "loss"), 0)
             for i, u in enumerate(users)]
    done = await store.finish_game(None, guild, record(game, names, winners), seats, at, lambda _before: {})
    return done.game_id


async def test_recent_games_filters_orders_and_pages(database):
    async with Store(database) as store:
        a = await finish(store, 1, "briscola", [7, None], [0], 100.0)
        b = await finish(store, 1, "cicera", [8, 9, 7, None], [], 300.0)  # a draw
        c = await finish(store, 1, "briscola", [8, 9], [1], 200.0)
        other = await finish(store, 2, "briscola", [7, 8], [0], 400.0)  # another guild

        rows, total = await store.recent_games(1)
        assert total == 3 and [r.id for r in rows] == [b, c, a]  # newest first; the other guild left out
        first = rows[0]
        assert (first.game, first.players, first.finished_at) == ("cicera", 4, 300.0)
        assert first.seats == [("u8", None), ("u9", None), ("u7", None), ("AI", "easy")] and first.winners == []
        assert rows[1].winners == [1] and rows[2].winners == [0] and rows[2].seats[1] == ("AI", "easy")

        rows, total = await store.recent_games(1, user_id=7)
        assert total == 2 and [r.id for r in rows] == [b, a]
        rows, total = await store.recent_games(1, game="briscola")
        assert total == 2 and [r.id for r in rows] == [c, a]
        rows, total = await store.recent_games(1, user_id=9, game="briscola")
        assert total == 1 and [r.id for r in rows] == [c]
        rows, total = await store.recent_games(1, user_id=7, game="chiamata")
        assert (rows, total) == ([], 0)
        rows, total = await store.recent_games(2, user_id=8)
        assert total == 1 and [r.id for r in rows] == [other]

        pages = [await store.recent_games(1, page=n, per_page=2) for n in (1, 2, 3)]
        assert [[r.id for r in rows] for rows, _ in pages] == [[b, c], [a], []]
        assert {total for _, total in pages} == {3}


async def test_the_service_counts_pages_and_refuses_page_zero(database):
    async with Store(database) as store:
        service = StandingsService(store)
        for n in range(5):
            await finish(store, 1, "briscola", [7, None], [0], float(n))
        data = await service.recent_games(1, page=3, per_page=2)
        assert (data["page"], data["pages"], data["total"]) == (3, 3, 5) and len(data["rows"]) == 1
        assert [r.finished_at for r in data["rows"]] == [0.0]
        with pytest.raises(BadRequest):
            await service.recent_games(1, page=0)


async def test_rows_name_the_users_of_their_seats(database):
    async with Store(database) as store:
        await finish(store, 1, "briscola", [None, 7], [1], 1.0)
        rows, _ = await store.recent_games(1)
        assert rows[0].users == [None, 7] and rows[0].seats[1] == ("u7", None)
