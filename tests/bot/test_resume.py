"""Resuming after a restart: a new service on the same file rebuilds every live table from its stored log
and goes on from there, timers and seat states included."""

from __future__ import annotations

import json

from bot.tables import TableService
from rules.records import replay_record

G, CH = 1, 10
OPTIONS = {"turn_timer": "off", "match": "short", "teams": "12-34"}


def last_legal(view):
    return view.legal[-1]


async def start_game(service: TableService, seed: int) -> int:
    t = await service.create(G, CH, 1, "one", "briscola", 4, OPTIONS, level="greedy", seed=seed)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    return t.id


async def finished_record(service: TableService, events) -> dict:
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1
    record = await service.store.game_record(over[0]["game_id"])
    record.pop("finished_at")
    return record


async def test_a_game_resumed_on_the_same_file_ends_as_an_uninterrupted_one(tmp_path, open_service, play):
    # the game played straight through, on its own file
    straight = await open_service(tmp_path / "straight.sqlite3")
    straight_events = []
    straight.subscribe(straight_events.append)
    table = await start_game(straight, seed=17)
    total = await play(straight, table, {1, 2}, choose=last_legal)
    expected = await finished_record(straight, straight_events)
    assert len(expected["rounds"]) >= 3  # a short match: several rounds, so the resume crosses rounds

    # the same game stopped half way, the service closed, a new one opened on the same file
    path = tmp_path / "resumed.sqlite3"
    first = await open_service(path)
    table = await start_game(first, seed=17)
    half = await play(first, table, {1, 2}, choose=last_legal, stop=lambda info: info.version >= 60)
    assert 0 < half < total
    version = first.get(table).version
    stored = await first.store.live_entries(table)
    await first.close()

    second = await open_service(path)
    resumed_events = []
    second.subscribe(resumed_events.append)
    info = second.get(table)
    assert info.status == "playing" and info.version == version
    assert [e for r in second.record(table)["rounds"] for e in r["actions"]] == stored
    rest = await play(second, table, {1, 2}, choose=last_legal)
    assert half + rest == total
    resumed = await finished_record(second, resumed_events)
    assert json.dumps(resumed, sort_keys=True) == json.dumps(expected, sort_keys=True)
    replay_record(resumed)


async def test_lobbies_survive_a_restart(open_service):
    first = await open_service()
    t = await first.create(G, CH, 1, "one", "cicera", 4, {"match": "21"}, level="random", seed=3)
    await first.join(t.id, 2, "two")
    await first.add_ai(t.id, 1, "greedy")
    before = first.get(t.id)
    await first.close()
    second = await open_service()
    assert second.get(t.id) == before
    info = await second.start(t.id, 1)
    assert info.status == "playing" and [s.ai for s in info.seats] == [None, None, "greedy", "random"]


async def test_timeouts_and_leaves_are_rebuilt_from_the_log(open_service, clock, play):
    first = await open_service()
    t = await first.create(G, CH, 1, "one", "briscola", 4, {"turn_timer": 30, "teams": "12-34"},
                           level="greedy", seed=9)
    await first.join(t.id, 2, "two")
    await first.start(t.id, 1)
    await first.idle()
    for _ in range(2):  # user 1 times out twice
        await play(first, t.id, {2}, stop=lambda info: info.seats[info.to_move].user_id == 1)
        clock.advance(30)
        await first.idle()
    await play(first, t.id, {2}, stop=lambda info: info.seats[info.to_move].user_id == 1)
    await first.close()

    events = []
    second = await open_service()
    second.subscribe(events.append)
    assert clock.pending(), "the resumed turn has its timer again"
    clock.advance(30)  # the third in a row, across the restart
    await second.idle()
    handed = [e for e in events if e.kind == "seat_to_ai"]
    assert len(handed) == 1 and handed[0]["reason"] == "timeouts"
    assert second.get(t.id).seats[0].away == "timeouts"
    await second.leave(t.id, 2)
    await second.close()

    third = await open_service()
    info = third.get(t.id)
    assert [s.away for s in info.seats] == ["timeouts", None, "left", None]
    await third.idle()  # every seat is the AI's now: the game plays to the end
    records = await third.store.live_tables()
    assert records == []
    board = await third.leaderboard(G, "briscola")
    assert {st.user_id for _, st in board["rows"]} == {1, 2}


async def test_a_game_whose_last_action_was_stored_is_finished_on_start_up(open_service, play):
    first = await open_service()
    t = await first.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=4)
    await first.start(t.id, 1)
    await play(first, t.id, {1}, stop=lambda info: info.version >= 30)
    entries = await first.store.live_entries(t.id)
    # what a crash between the last action's commit and the storing of the game leaves behind: play the
    # rest of the game in a bare engine and append its entries to the log
    match = first._tables[t.id].match
    version = len(entries)
    rest = []
    while not match.is_over():
        seat = match.to_move()
        action = match.legal_actions()[0]
        match.apply(action, seat)
        rest.append(action.to_json(seat))
    await first.store.append(t.id, version, rest)
    await first.close()

    second = await open_service()
    events = []
    second.subscribe(events.append)
    await second.idle()
    assert second.tables() == [] and await second.store.live_tables() == []
    assert [e.kind for e in events if e.kind == "game_over"] == ["game_over"]
    board = await second.leaderboard(G, "briscola")
    assert board["rows"][0][1].games == 1


async def test_a_table_whose_stored_seats_have_the_wrong_shape_is_set_aside(open_service):
    """Valid JSON of the wrong shape (seats that are not objects) marks that one table as broken; the
    others resume, and the service opens."""
    service = await open_service()
    bad = await service.create(1, 10, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=2)
    good = await service.create(1, 11, 2, "two", "briscola", 2, {"turn_timer": "off"}, level="random", seed=3)
    await service.store.update_table(bad.id, seats=[1, 2])
    await service.close()
    again = await open_service()
    assert set(again.broken) == {bad.id}
    assert [t.id for t in again.tables()] == [good.id]
