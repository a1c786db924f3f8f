"""The store on both backends (a real SQLite file, a real PostgreSQL database): migrations, the action log's group
commit, settings, standings, deletion."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.ratings import Rating, SeatResult, Standing
from bot.storage import GuildSettings, StorageError, Store, schema

TABLES = {"guild_settings", "live_tables", "live_actions", "games", "game_players", "standings"}


async def new_table(store: Store, **kw) -> int:
    args = dict(guild_id=1, channel_id=2, host_id=3, game="briscola", players=2, options={"match": "single"},
                level="greedy", seed=9, seats=[{"user_id": 3, "name": "a", "ai": None}])
    args.update(kw)
    return await store.create_table(**args)


async def test_migrations_from_an_empty_file(db_path):
    assert not db_path.exists()
    async with Store(db_path) as store:
        numbers = [n for n, _, _ in store.migrations()]
        assert numbers and await store.schema_version() == numbers[-1]
    con = sqlite3.connect(db_path)
    names = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert TABLES <= names  # noqa: SIM300 - a subset, not a Yoda comparison
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("PRAGMA user_version").fetchone()[0] == numbers[-1]
    con.close()


async def test_reopening_applies_nothing_twice(database):
    async with Store(database) as store:
        table_id = await new_table(store)
    async with Store(database) as store:  # a second open must not fail on "table already exists"
        assert await store.migrate() == len(store.migrations())
        assert [t.id for t in await store.live_tables()] == [table_id]


async def test_a_newer_migration_is_applied_on_open(db_path, monkeypatch):
    async with Store(db_path):
        pass
    original = schema.migrations
    extra = (len(original("sqlite")) + 1, "9999_test.sqlite.sql", "CREATE TABLE extra (x INTEGER);")
    monkeypatch.setattr(schema, "migrations", lambda dialect: [*original(dialect), extra])
    async with Store(db_path) as store:
        assert await store.schema_version() == extra[0]
    con = sqlite3.connect(db_path)
    assert con.execute("SELECT count(*) FROM extra").fetchone() == (0,)
    con.close()


async def test_appends_from_many_tables_at_once_are_all_stored_in_order(database):
    async with Store(database) as store:
        ids = [await new_table(store) for _ in range(20)]

        async def writer(table_id: int) -> None:
            for n in range(15):
                await store.append(table_id, n, [{"seat": n % 2, "play": f"{n}"}])

        before = store.batches
        await asyncio.gather(*(writer(t) for t in ids))
        assert store.batches - before < 20 * 15, "concurrent writes share transactions"
        rows = {t.id: t.entries for t in await store.live_tables()}
    for t in ids:
        assert [e["play"] for e in rows[t]] == [str(n) for n in range(15)]


async def test_a_bad_write_fails_alone(database):
    async with Store(database) as store:
        a, b = await new_table(store), await new_table(store)
        await store.append(a, 0, [{"seat": 0, "play": "Ad"}])
        results = await asyncio.gather(
            store.append(a, 0, [{"seat": 0, "play": "3d"}]),  # entry 0 again: refused
            store.append(b, 0, [{"seat": 0, "play": "Rb"}]),
            return_exceptions=True,
        )
        assert isinstance(results[0], StorageError) and results[1] is None
        assert await store.live_entries(a) == [{"seat": 0, "play": "Ad"}]
        assert await store.live_entries(b) == [{"seat": 0, "play": "Rb"}]


async def test_guild_settings_round_trip(database):
    async with Store(database) as store:
        assert await store.guild_settings(5) == GuildSettings(5)
        settings = GuildSettings(5, "it", {"briscola": {"match": "short"}}, [10, 11], 3)
        await store.save_guild_settings(settings)
    async with Store(database) as store:
        assert await store.guild_settings(5) == settings


def standing(user: int, mu: float, games: int = 1) -> Standing:
    return Standing(user, f"u{user}", Rating(mu, 2.0), games=games, wins=games, last_played=1.0)


async def test_leaderboard_pages_by_rating(database):
    async with Store(database) as store:
        await store.seed_games([], [], [standing(u, 20 + u) for u in range(1, 26)], guild_id=1, game="briscola")
        await store.seed_games([], [], [standing(99, 99)], guild_id=2, game="briscola")
        page, total = await store.leaderboard(1, "briscola", 0, 10)
        assert total == 25
        assert [s.user_id for s in page] == list(range(25, 15, -1))
        last, _ = await store.leaderboard(1, "briscola", 20, 10)
        assert [s.user_id for s in last] == [5, 4, 3, 2, 1]
        assert await store.standing(1, "briscola", 25) == (standing(25, 45), 1)
        assert (await store.standing(1, "briscola", 1))[1] == 25
        assert await store.standing(1, "cicera", 1) is None


async def test_deleting_a_user_anonymises_their_games(database):
    record = {"format": 1, "game": "briscola", "players": 2,
              "seats": [{"name": "alice", "ai": None, "user": 7}, {"name": "AI", "ai": "greedy", "user": None}],
              "rounds": [], "result": {"game_points": [1, 0], "winners": [0]}}
    seats = [SeatResult(0, 7, "alice", None, "win", 1), SeatResult(1, None, "AI", "greedy", "loss", 0)]
    async with Store(database) as store:
        done = await store.finish_game(None, 1, record, seats, 1.0, lambda _before: {7: standing(7, 30)})
        assert await store.standing(1, "briscola", 7) is not None
        assert [g.id for g in await store.games_of(1, 7)] == [done.game_id]
        assert await store.delete_user(7, "deleted user") == 1
        assert await store.standing(1, "briscola", 7) is None
        assert await store.games_of(1, 7) == []
        kept = await store.game_record(done.game_id)
        assert kept["seats"][0] == {"name": "deleted user", "ai": None, "user": None}
        assert kept["result"] == record["result"]


async def test_closed_store_refuses_work(database):
    store = await Store(database).open()
    await store.close()
    with pytest.raises(StorageError):
        await store.append(1, 0, [{"seat": 0, "pass": True}])
    with pytest.raises(StorageError):
        await store.live_tables()


async def test_a_live_table_changes_stops_and_goes(database):
    async with Store(database) as store:
        a, b, c = await new_table(store), await new_table(store), await new_table(store)
        seats = [{"user_id": 3, "name": "a", "ai": None}, {"user_id": None, "name": "AI", "ai": "greedy"}]
        await store.update_table(a, seats=seats, host_id=4, status="playing", started_at=12.5)
        await store.append(a, 0, [{"seat": 0, "play": "Ad"}, {"seat": 1, "play": "3d"}], at=13.0)
        with pytest.raises(StorageError):
            await store.update_table(999, status="playing")
        with pytest.raises(StorageError):
            await store.abort_table(999, guild_id=1, game="briscola", players=2, status="lobby", aborted_by=3,
                                    record=None)
        row = await store.abort_table(b, guild_id=1, game="briscola", players=2, status="lobby", aborted_by=3,
                                      record=None, aborted_at=20.0)
        await store.delete_table(c)
    async with Store(database) as store:
        [t] = await store.live_tables()
        assert (t.id, t.host_id, t.status, t.started_at, t.seats, t.last_at) == (a, 4, "playing", 12.5, seats, 13.0)
        assert t.entries == [{"seat": 0, "play": "Ad"}, {"seat": 1, "play": "3d"}]
        assert row > 0 and await store.aborted_games(1) == [
            {"table_id": b, "game": "briscola", "players": 2, "status": "lobby", "aborted_by": 3, "aborted_at": 20.0,
             "record": None}]
        assert await store.aborted_games(2) == []


async def test_finished_games_rate_list_and_reset(database):
    def record(players: list[int]) -> dict:
        return {"format": 1, "game": "briscola", "players": 2,
                "seats": [{"name": f"u{u}", "ai": None, "user": u} for u in players], "rounds": [],
                "result": {"game_points": [1, 0], "winners": [0]}}

    seats = [SeatResult(0, 7, "u7", None, "win", 1), SeatResult(1, 8, "u8", None, "loss", 0)]
    async with Store(database) as store:
        table_id = await new_table(store)
        first = await store.finish_game(table_id, 1, record([7, 8]), seats, 100.0,
                                        lambda _before: {7: standing(7, 30), 8: standing(8, 20)})
        assert first.before == {7: None, 8: None} and await store.live_tables() == []
        second = await store.finish_game(None, 1, record([7, 8]), seats, 200.0,
                                         lambda before: {u: standing(u, before[u].rating.mu + 1, 2) for u in before})
        assert second.before == {7: standing(7, 30), 8: standing(8, 20)} and second.game_id > first.game_id
        assert [g.id for g in await store.games_of(1, 7)] == [second.game_id, first.game_id]
        assert [(g.finished_at, g.outcome) for g in await store.games_of(1, 8, limit=1)] == [(200.0, "loss")]
        assert await store.games_of(2, 7) == []
        assert (await store.game_record(first.game_id))["seats"][1]["user"] == 8
        assert await store.game_record(10**6) is None
        assert await store.standing(1, "briscola", 7) == (standing(7, 31, 2), 1)
        await store.seed_games([], [], [standing(9, 50)], guild_id=1, game="cicera")
        assert await store.reset_standings(1, "briscola") == 2
        assert await store.standing(1, "cicera", 9) is not None
        assert await store.reset_standings(1) == 1
        assert await store.leaderboard(1, "cicera", 0, 10) == ([], 0)
        assert await store.game_record(first.game_id) is not None  # the games stay
        # games loaded with their ids (the benchmark's seeding): the next stored game's id follows them
        await store.seed_games([(50, 1, "briscola", 2, 300.0, '{"game":"briscola"}')], [], [], 1, "briscola")
        third = await store.finish_game(None, 1, record([7, 8]), seats, 400.0, lambda _before: {})
        assert third.game_id > 50
