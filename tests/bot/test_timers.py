"""Turn timers on a hand-driven clock: the warning, the AI playing a timed-out turn, three timeouts in a row
handing the seat to the AI, and players leaving a game in progress."""

from __future__ import annotations

import pytest

from bot.tables import SeatPlayedByAI
from rules.records import replay_record

G, CH = 1, 10
TIMER = 20  # seconds; the warning comes at a quarter of it: 5 s before the end


async def human_turn_table(service, options=None, seed=1):
    """A 2-player table, user 1 against the greedy AI, advanced to user 1's turn."""
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": TIMER, **(options or {})},
                             level="greedy", seed=seed)
    await service.start(t.id, 1)
    await service.idle()
    return t.id


def my_turn(service, table_id) -> bool:
    info = service.get(table_id)
    return info.to_move is not None and info.seats[info.to_move].user_id == 1


async def test_a_timed_out_turn_is_played_by_the_ai_after_a_warning(open_service, clock, recorder):
    service = await open_service()
    service.subscribe(recorder)
    table_id = await human_turn_table(service)
    assert my_turn(service, table_id)
    version = service.get(table_id).version
    clock.advance(TIMER - 5 - 0.1)
    await service.idle()
    assert recorder.of("timer_warning") == [] and service.get(table_id).version == version
    clock.advance(0.2)
    warnings = recorder.of("timer_warning")
    assert len(warnings) == 1 and warnings[0]["seconds_left"] == 5
    clock.advance(4.8)
    await service.idle()
    assert service.get(table_id).version == version
    clock.advance(0.1)
    await service.idle()
    timeouts = recorder.of("timeout")
    assert len(timeouts) == 1 and timeouts[0]["seat"] == 0 and timeouts[0]["count"] == 1
    entries = await service.store.live_entries(table_id)
    assert entries[version] == {"seat": 0, "timeout": True}
    assert entries[version + 1]["seat"] == 0 and "play" in entries[version + 1]
    kinds = recorder.kinds(table_id)
    after = recorder.events[kinds.index("action", kinds.index("timeout"))]
    assert after["by"] == "timeout" and after["entry"] == entries[version + 1]


async def test_acting_in_time_cancels_the_timer(open_service, clock, recorder):
    service = await open_service()
    service.subscribe(recorder)
    table_id = await human_turn_table(service)
    view = service.view(table_id, 1)
    await service.act(table_id, 1, view.legal[0])
    await service.idle()
    clock.advance(TIMER - 1)  # the first timer would have fired; the new turn's has 1 s left
    await service.idle()
    assert recorder.of("timeout") == []


async def test_three_timeouts_in_a_row_hand_the_seat_to_the_ai(open_service, clock, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "one", "briscola", 4, {"turn_timer": TIMER, "teams": "12-34"},
                             level="greedy", seed=2)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    await service.idle()
    for expected in (1, 2, 3):  # user 2 plays at once; user 1 lets the clock run
        await play(service, t.id, {2}, stop=lambda info: info.seats[info.to_move].user_id == 1)
        clock.advance(TIMER)
        await service.idle()
        assert recorder.of("timeout")[-1]["count"] == expected
    handed = recorder.of("seat_to_ai")
    assert len(handed) == 1 and handed[0]["reason"] == "timeouts" and handed[0]["user_id"] == 1
    info = service.get(t.id)
    assert info.seats[0].away == "timeouts" and info.seats[2].away is None
    with pytest.raises(SeatPlayedByAI):
        await service.act(t.id, 1, "play Ad")
    assert service.get(t.id) == info
    await play(service, t.id, {2})  # the AI now plays seat 0 at once, with no timer
    assert len(recorder.of("timeout")) == 3
    seat0 = [e for e in recorder.of("action") if e["seat"] == 0]
    assert [e["by"] for e in seat0[-4:-1]] == ["ai"] * 3  # the last trick is played automatically
    over = recorder.of("game_over")
    assert len(over) == 1
    record = await service.store.game_record(over[0]["game_id"])
    replay_record(record)
    assert record["seats"][0]["away"] == "timeouts"
    assert (await service.store.standing(G, "briscola", 1))[0].games == 1


async def test_acting_resets_the_count_of_timeouts(open_service, clock, recorder):
    service = await open_service()
    service.subscribe(recorder)
    table_id = await human_turn_table(service, seed=3)
    for _ in range(2):
        clock.advance(TIMER)
        await service.idle()
    await service.act(table_id, 1, service.view(table_id, 1).legal[0])
    await service.idle()
    clock.advance(TIMER)
    await service.idle()
    assert [e["count"] for e in recorder.of("timeout")] == [1, 2, 1]
    assert recorder.of("seat_to_ai") == []


async def test_leaving_mid_game_hands_the_seat_to_the_ai(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "one", "briscola", 4, {"turn_timer": "off", "teams": "12-34"},
                             level="greedy", seed=6)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    # user 2 plays a few turns, then leaves while it is not their turn
    await play(service, t.id, {1, 2}, stop=lambda info: info.version >= 6
               and info.seats[info.to_move].user_id == 1)
    await service.leave(t.id, 2)
    assert service.table_of(CH, 2) is None
    assert service.get(t.id).seats[2].away == "left"
    assert recorder.of("seat_to_ai")[-1]["reason"] == "left"
    await play(service, t.id, {1})
    record = await service.store.game_record(recorder.of("game_over")[0]["game_id"])
    replay_record(record)
    flat = [e for r in record["rounds"] for e in r["actions"]]
    leaves = [i for i, e in enumerate(flat) if e.get("leave")]
    assert len(leaves) == 1 and flat[leaves[0]]["seat"] == 2
    assert flat[leaves[0] + 1]["seat"] == 2 and "play" in flat[leaves[0] + 1]  # the AI's action follows
    assert record["seats"][2]["away"] == "left"
    # the leaver is still rated with their team's result (leaving does not dodge a loss)
    assert (await service.store.standing(G, "briscola", 2))[0].games == 1


async def test_leaving_on_your_turn_lets_the_ai_play_at_once(open_service, recorder):
    service = await open_service()
    service.subscribe(recorder)
    table_id = await human_turn_table(service)
    version = service.get(table_id).version
    await service.leave(table_id, 1)
    await service.idle()
    assert recorder.of("timeout") == []
    over = recorder.of("game_over")
    assert len(over) == 1  # only AI seats are left: the game plays out
    record = await service.store.game_record(over[0]["game_id"])
    flat = [e for r in record["rounds"] for e in r["actions"]]
    assert flat[version] == {"seat": 0, "leave": True}
    assert flat[version + 1]["seat"] == 0 and "play" in flat[version + 1]
