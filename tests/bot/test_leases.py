"""Leases of live tables (docs/STORAGE.md, "A lease per table"): claiming the tables of some shards, renewing,
expiry and takeover, and the fence on every write of a table. On both backends where one process can show it
(SQLite: a claim always wins), on a real PostgreSQL for expiry and two claimers at once."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.shards import Shards
from bot.storage import Lease, LeaseLost, Store
from bot.storage.postgres import backend as postgres_backend

TWO = Shards(2, (0, 1))
ZERO, ONE = Shards(2, (0,)), Shards(2, (1,))


def guild(shard: int, n: int = 0) -> int:
    """A guild id that Discord sends to ``shard`` of 2."""
    return ((2 * n + shard) << 22) | 12345


async def new_table(store: Store, guild_id: int, *, owner: str | None = None, ttl: float = 30.0) -> int:
    return await store.create_table(guild_id=guild_id, channel_id=7, host_id=1, game="briscola", players=2,
                                    options={}, level="random", seed=5, seats=[{"user_id": 1, "name": "a"}],
                                    owner=owner, ttl=ttl)


async def test_a_claim_takes_only_the_tables_of_the_owned_shards_with_their_logs(database):
    async with Store(database) as store:
        ids = {s: [await new_table(store, guild(s, n)) for n in range(3)] for s in (0, 1)}
        await store.append(ids[0][0], 0, [{"seat": 0, "play": "Ad"}])
        won = await store.claim_tables("A", ZERO, 30)
        assert [r.id for r in won] == ids[0]
        assert {r.epoch for r in won} == {1}
        assert won[0].entries == [{"seat": 0, "play": "Ad"}]
        assert {t: lease[:2] for t, lease in (await store.leases()).items()} == {t: ("A", 1) for t in ids[0]}
        # what the claimer runs already is skipped; its own leases are not taken again
        assert [r.id for r in await store.claim_tables("A", TWO, 30, skip=ids[0])] == ids[1]


async def test_a_write_with_a_lost_lease_is_refused_and_writes_nothing(database):
    async with Store(database) as store:
        table_id = await new_table(store, guild(0), owner="A", ttl=-1)  # expired at once: B may take it
        await store.append(table_id, 0, [{"seat": 0, "play": "Ad"}], lease=Lease("A", 1))
        won = await store.claim_tables("B", ZERO, 30)
        assert [(r.id, r.epoch) for r in won] == [(table_id, 2)]
        old = Lease("A", 1)
        with pytest.raises(LeaseLost):
            await store.append(table_id, 1, [{"seat": 1, "play": "2c"}], lease=old)
        with pytest.raises(LeaseLost):
            await store.update_table(table_id, status="playing", lease=old)
        with pytest.raises(LeaseLost):
            await store.abort_table(table_id, guild_id=guild(0), game="briscola", players=2, status="lobby",
                                    aborted_by=1, record=None, lease=old)
        with pytest.raises(LeaseLost):
            await store.delete_table(table_id, lease=old)
        with pytest.raises(LeaseLost):
            await store.finish_game(table_id, guild(0), {"game": "briscola", "players": 2}, [], 1.0,
                                    lambda _before: {}, lease=old)
        # the same epoch of another owner is no better
        with pytest.raises(LeaseLost):
            await store.append(table_id, 1, [{"seat": 1, "play": "2c"}], lease=Lease("A", 2))
        [row] = await store.live_tables()
        assert row.status == "lobby" and row.entries == [{"seat": 0, "play": "Ad"}]
        assert await store.aborted_games(guild(0)) == []
        # the new owner writes
        await store.append(table_id, 1, [{"seat": 1, "play": "2c"}], lease=Lease("B", 2))
        await store.update_table(table_id, status="playing", lease=Lease("B", 2))
        [row] = await store.live_tables()
        assert row.status == "playing" and len(row.entries) == 2


async def test_appends_committed_together_fence_each_table_alone(database):
    async with Store(database) as store:
        lost = await new_table(store, guild(0), owner="A", ttl=-1)
        kept = await new_table(store, guild(1), owner="A", ttl=30)
        await store.claim_tables("B", ZERO, 30)  # takes `lost` only (`kept` is of shard 1, and not expired)
        results = await asyncio.gather(
            *[store.append(lost, n, [{"seat": 0, "n": n}], lease=Lease("A", 1)) for n in range(5)],
            *[store.append(kept, n, [{"seat": 0, "n": n}], lease=Lease("A", 1)) for n in range(5)],
            return_exceptions=True)
        assert all(isinstance(r, LeaseLost) for r in results[:5]), results
        assert results[5:] == [None] * 5
        assert await store.live_entries(lost) == []
        assert [e["n"] for e in await store.live_entries(kept)] == list(range(5))


async def test_a_finished_or_stopped_table_takes_its_lease_with_it(database):
    async with Store(database) as store:
        a = await new_table(store, guild(0), owner="A")
        b = await new_table(store, guild(0), owner="A")
        await store.abort_table(a, guild_id=guild(0), game="briscola", players=2, status="lobby", aborted_by=1,
                                record=None, lease=Lease("A", 1))
        await store.delete_table(b, lease=Lease("A", 1))
        assert await store.leases() == {}


async def test_leases_are_renewed_expire_and_are_taken_over_on_postgresql(postgresql_url):
    async with Store(postgresql_url) as store:
        table_id = await new_table(store, guild(0), owner="A", ttl=30)
        assert await store.claim_tables("B", ZERO, 30) == []  # A holds it
        assert await store.renew_leases("A", -1) == {table_id: 1}  # renewed into the past: expired
        [row] = await store.claim_tables("B", ZERO, 30)
        assert (row.id, row.epoch) == (table_id, 2)
        assert await store.renew_leases("A", 30) == {}  # A learns it lost the table
        held = await store.renew_leases("B", 30)
        assert held == {table_id: 2}
        assert await store.claim_tables("A", TWO, 30) == []
        # claiming its own again keeps the epoch: its writes stay valid
        assert [(r.id, r.epoch) for r in await store.claim_tables("B", ZERO, 30)] == [(table_id, 2)]
        await store.append(table_id, 0, [{"seat": 0}], lease=Lease("B", 2))
        assert await store.release_leases("B") == 1
        [row] = await store.claim_tables("A", ZERO, 30)  # a released table is taken at once
        assert (row.id, row.epoch, row.entries) == (table_id, 1, [{"seat": 0}])


async def test_a_store_frozen_inside_a_write_delays_a_takeover_only_for_a_while_on_postgresql(
        postgresql_url, monkeypatch):
    monkeypatch.setattr(postgres_backend, "IDLE_TIMEOUT", 1.0)
    async with Store(postgresql_url) as frozen, Store(postgresql_url) as taker:
        table_id = await new_table(frozen, guild(0), owner="A", ttl=30)
        await frozen.append(table_id, 0, [{"seat": 0}], lease=Lease("A", 1))
        assert await frozen.renew_leases("A", -1) == {table_id: 1}  # its lease runs out while it is frozen
        conn = await frozen.backend.pool.acquire()  # type: ignore[attr-defined]
        try:
            tx = conn.transaction()
            await tx.start()  # a write's fence, and then the process stops sending anything
            await conn.execute("UPDATE table_leases SET epoch = epoch WHERE table_id = $1 AND owner = 'A'", table_id)
            [row] = await asyncio.wait_for(taker.claim_tables("B", ZERO, 30), 20)  # waits for the lock, not forever
            assert (row.id, row.epoch, row.entries) == (table_id, 2, [{"seat": 0}])
            with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError)):  # woken: its write never commits
                await conn.execute("UPDATE table_leases SET epoch = epoch WHERE table_id = $1", table_id)
                await tx.commit()
        finally:
            await frozen.backend.pool.release(conn)  # type: ignore[attr-defined]
        assert (await taker.leases())[table_id][:2] == ("B", 2)
        with pytest.raises(LeaseLost):
            await frozen.append(table_id, 1, [{"seat": 1}], lease=Lease("A", 1))


async def test_two_claimers_at_once_each_table_is_won_by_exactly_one(postgresql_url):
    async with Store(postgresql_url) as setup:
        ids = [await new_table(setup, guild(n % 2, n)) for n in range(60)]
    stores = [await Store(postgresql_url).open() for _ in range(2)]
    try:
        for _round in range(3):
            won = await asyncio.gather(stores[0].claim_tables("A", TWO, 0.05),
                                       stores[1].claim_tables("B", TWO, 0.05))
            got = [{r.id for r in w} for w in won]
            assert not got[0] & got[1]
            assert got[0] | got[1] == set(ids)  # every lease had expired: each table is won, by one
            leases = await stores[0].leases()
            for who, tables in zip("AB", got):
                assert all(leases[t][0] == who for t in tables)
            await asyncio.sleep(0.1)  # both expire: the next round is open again
        assert set(leases) == set(ids)
    finally:
        for s in stores:
            await s.close()
