"""Requests that race: an abort against the last card, a leave or an action against an abort, and a save
that keeps failing. Each ends the way the acknowledged actions say, with a message that is true."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.tables import TableService, WrongPhase
from bot.tables.service import WRITE_TRIES
from rules.records import replay_record

G, CH = 1, 10
TWO = {"turn_timer": "off", "autoplay_last": "off"}


async def two_humans_one_card_from_the_end(service: TableService, seed: int) -> tuple[int, int]:
    """A 2-player Briscola between users 1 and 2, played to its last card; returns (table, user to play)."""
    t = await service.create(G, CH, 1, "one", "briscola", 2, TWO, level="random", seed=seed)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    while True:
        info = service.get(t.id)
        user = info.seats[info.to_move].user_id
        view = service.view(t.id, user)
        if sum(view.hand_sizes) == 1:
            return t.id, user
        await service.act(t.id, user, view.legal[0])


@pytest.mark.parametrize("seed", range(5))
async def test_an_abort_right_after_the_last_card_leaves_the_game_finished_and_rated(open_service, recorder,
                                                                                      seed):
    service = await open_service()
    service.subscribe(recorder)
    table, user = await two_humans_one_card_from_the_end(service, seed)
    await service.act(table, user, service.view(table, user).legal[0])  # acknowledged: the game is over

    with pytest.raises(WrongPhase, match="already over"):
        await service.abort(table, 1)
    await service.idle()

    assert not recorder.of("aborted") and len(recorder.of("game_over")) == 1
    assert await service.store.aborted_games(G) == []
    record = await service.store.game_record(recorder.of("game_over")[0]["game_id"])
    assert replay_record(record).is_over() and "aborted" not in record
    board = await service.leaderboard(G, "briscola")
    assert board["total"] == 2 and all(st.games == 1 for _, st in board["rows"])


async def test_the_last_card_and_an_abort_at_once(open_service, recorder):
    """Whichever the lock takes first decides, and each side is told the truth."""
    service = await open_service()
    service.subscribe(recorder)
    for seed, abort_first in ((1, True), (2, False)):
        table, user = await two_humans_one_card_from_the_end(service, seed)
        card = service.view(table, user).legal[0]
        requests = [service.abort(table, 1), service.act(table, user, card)]
        if not abort_first:
            requests.reverse()
        outcome = await asyncio.gather(*requests, return_exceptions=True)
        await service.idle()
        aborted, acted = (outcome if abort_first else outcome[::-1])
        if abort_first:
            assert not isinstance(aborted, BaseException)
            assert isinstance(acted, WrongPhase) and str(acted) == "This table was stopped."
        else:
            assert isinstance(acted, list)  # acknowledged
            assert isinstance(aborted, WrongPhase) and "already over" in str(aborted)
            assert [e.table_id for e in recorder.of("game_over")][-1] == table
        recorder.events.clear()


async def test_a_leave_that_waited_behind_an_abort_is_told_the_table_was_stopped(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, TWO, level="random", seed=3)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    aborted, left = await asyncio.gather(service.abort(t.id, 1), service.leave(t.id, 2), return_exceptions=True)
    assert not isinstance(aborted, BaseException)
    assert isinstance(left, WrongPhase) and str(left) == "This table was stopped."


async def test_a_lobby_request_that_waited_behind_a_cancel_is_told_the_table_was_closed(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, TWO, level="random", seed=3)
    cancelled, joined = await asyncio.gather(service.cancel(t.id, 1), service.join(t.id, 2, "two"),
                                             return_exceptions=True)
    assert cancelled is None
    assert isinstance(joined, WrongPhase) and str(joined) == "This table was closed."


async def test_a_save_that_keeps_failing_stops_and_the_game_stays_resumable(db_path, open_service, clock, play):
    service = await open_service(store_options={"busy_timeout": 0.05})
    events = []
    held: list[sqlite3.Connection] = []

    def lock_at_the_end(event) -> None:
        events.append(event)
        if event.kind == "match_over" and not held:
            other = sqlite3.connect(db_path, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            held.append(other)

    service.subscribe(lock_at_the_end)
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="greedy", seed=12)
    await service.start(t.id, 1)
    await play(service, t.id, {1})
    for _ in range(3 * WRITE_TRIES):  # far more time than the tries need
        clock.advance(service.retry_delay)
        await service.idle()

    failures = [e for e in events if e.kind == "storage_error" and e["during"] == "finish"]
    gave_up = [e for e in events if e.kind == "storage_gave_up"]
    assert len(failures) == WRITE_TRIES and len(gave_up) == 1 and gave_up[0]["tries"] == WRITE_TRIES
    assert "locked" in gave_up[0]["reason"]
    assert clock.pending() == [], "no retry is left scheduled"
    assert not [e for e in events if e.kind == "game_over"]
    # an abort now is refused with the truth, and tries the finish once more (still locked: it fails)
    with pytest.raises(WrongPhase, match="already over"):
        await service.abort(t.id, 1)
    await service.idle()
    assert len([e for e in events if e.kind == "storage_error"]) == WRITE_TRIES + 1
    await service.close()

    held.pop().rollback()  # the database works again: a restart finishes the game
    again = await open_service()
    over = []
    again.subscribe(lambda e: over.append(e) if e.kind == "game_over" else None)  # resumed, finishing
    await again.idle()
    assert len(over) == 1 and await again.store.live_tables() == []
    assert replay_record(await again.store.game_record(over[0]["game_id"])).is_over()


async def test_a_stored_game_names_its_channel(open_service, recorder, play):
    """Rematch checks a game's channel, so the record keeps it."""
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, 77, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=4)
    await service.start(t.id, 1)
    await play(service, t.id, {1})
    record = await service.store.game_record(recorder.of("game_over")[0]["game_id"])
    assert record["channel"] == 77 and record["guild"] == G
