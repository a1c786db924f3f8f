"""Stopping a table (``TableService.abort``): the host or a server manager, in the lobby or in play."""

from __future__ import annotations

import asyncio

import pytest

from bot.tables import NotHost, StorageFailed, UnknownTable, WrongPhase

G, CH = 1, 10


async def test_the_host_stops_a_game_in_play_unrated(open_service, recorder, clock):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": 60}, level="random", seed=5)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    for _ in range(3):  # a few cards, so there is a record to keep
        info = service.get(t.id)
        user = info.seats[info.to_move].user_id
        await service.act(t.id, user, service.view(t.id, user).legal[0])
    assert clock.pending()  # the turn timer runs
    before = service.get(t.id)

    stopped = await service.abort(t.id, 1)

    assert stopped == before
    with pytest.raises(UnknownTable):
        service.get(t.id)
    assert service.tables() == [] and service.table_of(CH, 1) is None
    assert clock.pending() == [] or clock.advance(600) == 0  # the timers were cancelled
    await service.idle()
    assert recorder.kinds(t.id)[-1] == "aborted"
    (ev,) = recorder.of("aborted")
    assert ev["by"] == 1 and ev["table"].id == t.id and ev["table"].status == "playing"
    assert not recorder.of("game_over") and not recorder.of("timeout")
    assert await service.store.live_tables() == []
    (row,) = await service.store.aborted_games(G)
    assert row["table_id"] == t.id and row["status"] == "playing" and row["aborted_by"] == 1
    actions = [a for r in row["record"]["rounds"] for a in r["actions"]]
    assert len(actions) == 3 and row["record"]["aborted"] is True and "result" not in row["record"]
    board = await service.leaderboard(G, "briscola")
    assert board["total"] == 0
    stats = await service.player_stats(G, 1)
    assert stats["games"] == {} and stats["recent"] == []
    # both players are free to open a new table in the channel
    await service.create(G, CH, 2, "two", "briscola", 2, {"turn_timer": "off"})


async def test_refused_aborts_change_nothing(open_service, recorder):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=5)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    service.subscribe(recorder)
    info = service.get(t.id)
    entries = await service.store.live_entries(t.id)
    for user in (2, 99):  # a seated player who is not the host, a stranger
        with pytest.raises(NotHost) as caught:
            await service.abort(t.id, user)
        assert "Manage Server" in str(caught.value)
    with pytest.raises(UnknownTable):
        await service.abort(t.id + 100, 1)
    assert service.get(t.id) == info
    assert await service.store.live_entries(t.id) == entries
    assert await service.store.aborted_games(G) == []
    assert recorder.events == []
    # a member with Manage Server may, though not the host
    await service.abort(t.id, 99, as_manager=True)
    assert [e.kind for e in recorder.events] == ["aborted"]
    with pytest.raises(UnknownTable):
        await service.abort(t.id, 1)


async def test_a_failed_write_leaves_the_table_running(open_service, monkeypatch):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=5)
    from bot.storage import StorageError

    async def broken(*_args, **_kwargs):
        raise StorageError("disk full")

    monkeypatch.setattr(service.store, "abort_table", broken)
    with pytest.raises(StorageFailed):
        await service.abort(t.id, 1)
    assert service.get(t.id).status == "lobby"


async def test_a_lobby_is_stopped_by_a_manager(open_service, recorder):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "one", "chiamata", 5, {"turn_timer": "off"})
    await service.abort(t.id, 7, as_manager=True)
    assert service.tables() == [] and recorder.kinds(t.id)[-1] == "aborted"
    (row,) = await service.store.aborted_games(G)
    assert row["status"] == "lobby" and row["record"] is None and row["aborted_by"] == 7


async def test_a_pending_ai_turn_is_dropped(open_service, recorder):
    service = await open_service()
    service.subscribe(recorder)
    thinking, release = asyncio.Event(), asyncio.Event()
    real = service._choose

    async def slow(level, view, rng):
        thinking.set()
        await release.wait()
        return await real(level, view, rng)

    service._choose = slow
    t = await service.create(G, CH, 1, "host", "briscola", 2, {"turn_timer": "off"}, level="random",
                             seat_host=False)
    await service.start(t.id, 1)  # two AI seats: the first AI turn starts at once
    await asyncio.wait_for(thinking.wait(), 5)
    await service.abort(t.id, 1)
    release.set()
    await service.idle()
    kinds = recorder.kinds(t.id)
    assert kinds[-1] == "aborted" and "action" not in kinds and "game_over" not in kinds
    assert await service.store.live_tables() == []


async def test_a_finished_table_cannot_be_stopped(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "host", "briscola", 2, {"turn_timer": "off"}, level="random",
                             seat_host=False)
    await service.start(t.id, 1)
    await service.idle()
    with pytest.raises((UnknownTable, WrongPhase)):
        await service.abort(t.id, 1)
