"""Tournaments in the database, on both backends: signing up within the most entrants, a round's tables and
byes kept with their live tables and results, a round stored once, and a guild's events listed apart."""

from __future__ import annotations

from bot.storage import GuildSettings, Store
from bot.storage.tournaments import JoinOutcome

GUILD, OTHER = 1, 2


async def new_event(store: Store, guild: int = GUILD, most: int = 3) -> int:
    return await store.create_tournament(guild_id=guild, channel_id=10, organiser_id=5, game="briscola", players=2,
                                         format="swiss", rounds=3, options={"match": "single"}, level=None,
                                         max_entrants=most, auto_next=True, created_at=100.0)


async def test_signing_up_stops_at_the_most_entrants_and_at_the_start(database):
    async with Store(database) as store:
        tid = await new_event(store)
        assert [await store.add_entrant(tid, u, f"u{u}", 100.0 + u) for u in (1, 1, 2, 3, 4)] == \
            [JoinOutcome.JOINED, JoinOutcome.ALREADY, JoinOutcome.JOINED, JoinOutcome.JOINED, JoinOutcome.FULL]
        assert await store.remove_entrant(tid, 3) and not await store.remove_entrant(tid, 3)
        assert [e.user_id for e in await store.entrants(tid)] == [1, 2]
        assert await store.start_round(tid, 1, [(1, (1, 2))], [], 200.0, ratings={1: 3.5, 2: -1.0})
        assert not await store.start_round(tid, 1, [(1, (1, 2))], [], 200.0)  # a second start of round 1 is refused
        assert await store.add_entrant(tid, 4, "u4", 300.0) is JoinOutcome.CLOSED
        assert not await store.remove_entrant(tid, 1)  # leaving once started is a withdrawal
        assert await store.withdraw_entrant(tid, 1, 2) and not await store.withdraw_entrant(tid, 1, 3)
        entrants = {e.user_id: e for e in await store.entrants(tid)}
        assert (entrants[1].rating, entrants[1].left_round, entrants[2].rating) == (3.5, 2, -1.0)
        row = await store.tournament(tid)
        assert row is not None and (row.status, row.round, row.options) == ("playing", 1, {"match": "single"})


async def test_a_round_keeps_its_tables_results_and_byes(database):
    async with Store(database) as store:
        tid = await new_event(store, most=8)
        for u in (1, 2, 3, 4, 5):
            await store.add_entrant(tid, u, f"u{u}", 100.0)
        assert await store.start_round(tid, 1, [(1, (1, 2)), (2, (3, None))], [(5, 0)], 200.0)
        await store.set_round_table(tid, 1, 1, 77)
        assert await store.round_table_of(77) == (tid, 1, 1) and await store.round_table_of(78) is None
        assert await store.add_forfeit(tid, 1, 1, 2) and not await store.add_forfeit(tid, 1, 1, 2)
        assert await store.end_round_table(tid, 1, 1, {"game_points": [1, 0], "winners": [0]}, 9)
        assert not await store.end_round_table(tid, 1, 1, {"game_points": [0, 1], "winners": [1]}, 10)
        assert not await store.add_forfeit(tid, 1, 1, 1)  # the table is over
        first, second = await store.round_tables(tid, 1)
        assert (first.seats, first.table_id, first.forfeits, first.result, first.game_id) == \
            ((1, 2), 77, (2,), {"game_points": [1, 0], "winners": [0]}, 9)
        assert (second.seats, second.table_id, second.result) == ((3, None), None, None)
        assert [(b.round, b.user_id) for b in await store.byes(tid)] == [(1, 5)]
        assert not await store.round_ended(tid, 1)
        assert await store.end_round(tid, 1, 300.0) and not await store.end_round(tid, 1, 301.0)
        assert await store.round_ended(tid, 1)
        assert await store.start_round(tid, 2, [(1, (5, 1))], [], 310.0)
        assert [t.round for t in await store.round_tables(tid)] == [1, 1, 2]


async def test_events_are_listed_by_guild_and_closed_once(database):
    async with Store(database) as store:
        mine, theirs = await new_event(store), await new_event(store, OTHER)
        assert [t.id for t in await store.tournaments(GUILD)] == [mine]
        assert [t.id for t in await store.live_tournaments()] == [mine, theirs]
        assert await store.close_tournament(mine, "finished", 500.0)
        assert not await store.close_tournament(mine, "cancelled", 501.0)
        assert [t.id for t in await store.tournaments(GUILD, live=False)] == [mine]
        assert await store.tournaments(GUILD, live=True) == []
        assert [t.id for t in await store.live_tournaments()] == [theirs]
        await store.set_tournament_message(theirs, 123)
        row = await store.tournament(theirs)
        assert row is not None and row.message_id == 123 and await store.tournament(999) is None


async def test_the_organiser_role_is_a_guild_setting(database):
    async with Store(database) as store:
        await store.save_guild_settings(GuildSettings(GUILD, organiser_role=42))
        assert (await store.guild_settings(GUILD)).organiser_role == 42
        assert (await store.guild_settings(OTHER)).organiser_role is None


async def test_forgetting_a_member_takes_their_name_out_of_the_tournaments(database):
    async with Store(database) as store:
        tid = await new_event(store)
        for u in (1, 2):
            await store.add_entrant(tid, u, f"name{u}", 100.0)
        await store.delete_user(1, "deleted user")
        assert [(e.user_id, e.name) for e in await store.entrants(tid)] == [(1, "deleted user"), (2, "name2")]
