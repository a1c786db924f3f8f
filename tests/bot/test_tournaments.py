"""Tournaments on the table service, without Discord: Swiss rounds with byes played to the podium, a team game
paired into balanced teams of individual entrants, a knockout bracket, a no-show who forfeits, a member who
leaves, a restart in the middle of a round, and the refusals (another server, a non-organiser)."""

from __future__ import annotations

import itertools

import pytest

from bot.tables import BadRequest, NotHost
from bot.tournaments.service import UnknownTournament

GUILD, OTHER, CHANNEL, ORGANISER = 1, 2, 10, 99
SHORT = {"match": "single", "turn_timer": "off"}


async def settle(service) -> None:
    """Wait until neither the tables nor the tournaments have work running."""
    while service._tasks or service.tournaments._tasks:
        await service.idle()
        await service.tournaments.idle()


async def play_round(service, play, tid: int, guild: int = GUILD) -> None:
    """Every member plays their first legal card at each table of the round in play, to its end."""
    await settle(service)
    state = await service.tournaments.state(tid, guild)
    for t in state.tables:
        if t.round == state.row.round and t.result is None:
            assert t.table_id is not None
            await play(service, t.table_id, {s for s in t.seats if s is not None})
    await settle(service)


async def new_event(service, members, **settings):
    service.tournaments.stagger = 0
    settings.setdefault("options", SHORT)
    game, players = settings.pop("game", "briscola"), settings.pop("players", 2)
    row = await service.tournaments.create(GUILD, CHANNEL, ORGANISER, game, players, **settings)
    for m in members:
        await service.tournaments.join(row.id, GUILD, m, f"m{m}")
    return row


def opponents_by_round(state) -> list[set[frozenset[int]]]:
    rounds: dict[int, set[frozenset[int]]] = {}
    for t in state.tables:
        rounds.setdefault(t.round, set()).add(frozenset(s for s in t.seats if s is not None))
    return [rounds[r] for r in sorted(rounds)]


async def test_three_swiss_rounds_of_five_with_a_bye_each_round_to_the_podium(open_service, play):
    service = await open_service()
    events = []
    service.tournaments.subscribe(events.append)
    row = await new_event(service, [1, 2, 3, 4, 5], rounds=3)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    for _round in range(3):
        await play_round(service, play, row.id)
    state = await service.tournaments.state(row.id, GUILD)
    assert state.row.status == "finished" and state.row.round == 3
    byes = [b.user_id for b in state.byes]
    assert len(byes) == 3 and len(set(byes)) == 3  # one a round, never twice to the same member
    meetings = [pair for rnd in opponents_by_round(state) for pair in rnd]
    assert len(meetings) == 6 and len(set(meetings)) == 6  # nobody met twice
    assert all(len(pair) == 2 for pair in meetings)
    assert sum(r.points for r in state.standings) == 6 + 3  # a point per table and per bye
    assert [e.kind for e in events].count("round_ended") == 3
    finished = [e for e in events if e.kind == "finished"]
    assert len(finished) == 1 and finished[0].data["podium"][0] == (1, state.standings[0].entrant)
    assert service.tables() == []  # every table is over and stored
    assert (await service.tournaments.of_guild(GUILD, live=False))[0].id == row.id


async def test_a_team_game_pairs_individual_entrants_into_balanced_teams(open_service, play):
    service = await open_service()
    ratings = {1: 30.0, 2: 20.0, 3: 10.0, 4: 0.0}
    from bot.ratings import Rating, Standing

    await service.store.seed_games([], [], [Standing(u, f"m{u}", Rating(r + 9.0, 3.0)) for u, r in ratings.items()],
                                   GUILD, "briscola")
    row = await new_event(service, [1, 2, 3, 4], players=4, rounds=1)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    (table,) = (await service.tournaments.state(row.id, GUILD)).tables
    info = service.get(table.table_id)
    seats = [s.user_id for s in info.seats]
    assert seats == list(table.seats)
    teams = {frozenset((seats[0], seats[2])), frozenset((seats[1], seats[3]))}
    assert teams == {frozenset((1, 4)), frozenset((2, 3))}  # 30 + 0 against 20 + 10
    await play_round(service, play, row.id)
    state = await service.tournaments.state(row.id, GUILD)
    points = {r.entrant: r.points for r in state.standings}
    assert points[1] == points[4] and points[2] == points[3] and points[1] + points[2] == 1.0
    assert state.row.status == "finished"


@pytest.mark.parametrize("entrants", [2, 5])
async def test_a_knockout_bracket_is_played_to_its_champion(open_service, play, entrants):
    service = await open_service()
    members = list(range(1, entrants + 1))
    row = await new_event(service, members, format="knockout")
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    for _round in range(3):
        state = await service.tournaments.state(row.id, GUILD)
        if state.row.status == "finished":
            break
        await play_round(service, play, row.id)
    state = await service.tournaments.state(row.id, GUILD)
    assert state.row.status == "finished"
    rounds = (entrants - 1).bit_length()
    assert state.row.round == rounds
    assert len(state.byes) == (1 << rounds) - entrants  # the bracket's empty places, in round 1
    final = [t for t in state.tables if t.round == rounds]
    assert len(final) == 1
    from bot.tournaments.service import podium

    places = podium(state)
    assert places[0][0] == 1 and places[0][1] in final[0].seats and places[1][0] == 2


async def test_a_no_show_forfeits_the_table_and_scores_a_loss(open_service, clock):
    service = await open_service()
    events = []
    service.tournaments.subscribe(events.append)
    row = await new_event(service, [1, 2], rounds=1, options={"match": "single", "turn_timer": "30"})
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    (table,) = (await service.tournaments.state(row.id, GUILD)).tables
    absent = 2
    present = 1
    for _ in range(40):  # member 1 plays at once; member 2 never acts, their turns run out
        await settle(service)
        try:
            info = service.get(table.table_id)
        except Exception:  # noqa: BLE001 - the game is over and stored
            break
        seat = info.to_move
        if seat is not None and info.seats[seat].user_id == present:
            await service.act(table.table_id, present, service.view(table.table_id, present).legal[0])
        else:
            clock.advance(31)
    await settle(service)
    state = await service.tournaments.state(row.id, GUILD)
    (table,) = state.tables
    assert table.forfeits == (absent,)
    assert any(e.kind == "forfeit" and e.data["user_id"] == absent for e in events)
    points = {r.entrant: r.points for r in state.standings}
    assert points[absent] == 0.0
    assert state.row.status == "finished"


async def test_a_member_who_leaves_forfeits_the_rest(open_service, play):
    service = await open_service()
    row = await new_event(service, [1, 2, 3, 4], rounds=2)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    state = await service.tournaments.leave(row.id, GUILD, 1)
    mine = next(t for t in state.tables if 1 in t.seats)
    assert mine.forfeits == (1,)
    info = service.get(mine.table_id)
    assert next(s for s in info.seats if s.user_id == 1).away == "left"
    await play_round(service, play, row.id)
    state = await service.tournaments.state(row.id, GUILD)
    assert state.row.round == 2 and all(1 not in t.seats for t in state.tables if t.round == 2)
    assert {r.entrant: r.points for r in state.standings}[1] == 0.0
    with pytest.raises(BadRequest):
        await service.tournaments.leave(row.id, GUILD, 1)


async def test_a_restart_in_the_middle_of_a_round_goes_on_to_the_end(open_service, play, db_path):
    service = await open_service()
    row = await new_event(service, [1, 2, 3, 4], rounds=2)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    first, second = (await service.tournaments.state(row.id, GUILD)).tables
    await play(service, first.table_id, set(first.seats))  # one table ends, the other is in play
    await settle(service)
    await service.close()

    again = await open_service(path=db_path)
    again.tournaments.stagger = 0
    await settle(again)
    assert [t.id for t in again.tables()] == [second.table_id]
    await play(again, second.table_id, set(second.seats))
    await settle(again)
    state = await again.tournaments.state(row.id, GUILD)
    assert state.row.round == 2 and len([t for t in state.tables if t.round == 2]) == 2  # the next round began
    await play_round(again, play, row.id)
    state = await again.tournaments.state(row.id, GUILD)
    assert state.row.status == "finished"
    assert all(len(rnd) == 2 for rnd in opponents_by_round(state))
    assert not set(opponents_by_round(state)[0]) & set(opponents_by_round(state)[1])


async def test_a_round_that_ended_while_the_bot_was_down_starts_the_next(open_service, play, db_path):
    service = await open_service()
    row = await new_event(service, [1, 2], rounds=2)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    (table,) = (await service.tournaments.state(row.id, GUILD)).tables
    service.tournaments._placed.clear()  # the game is stored, but the tournament never heard of it
    await play(service, table.table_id, set(table.seats))
    await settle(service)
    assert (await service.tournaments.state(row.id, GUILD)).tables[0].result is None
    await service.close()

    again = await open_service(path=db_path)
    again.tournaments.stagger = 0
    await settle(again)
    state = await again.tournaments.state(row.id, GUILD)
    assert state.tables[0].result is not None and state.tables[0].game_id is not None
    assert state.row.round == 2 and len(again.tables()) == 1


async def test_another_server_cannot_see_or_join_and_others_cannot_run_the_event(open_service):
    service = await open_service()
    row = await new_event(service, [1, 2])
    with pytest.raises(UnknownTournament):
        await service.tournaments.state(row.id, OTHER)
    with pytest.raises(UnknownTournament):
        await service.tournaments.join(row.id, OTHER, 3, "m3")
    assert await service.tournaments.of_guild(OTHER) == []
    with pytest.raises(NotHost):
        await service.tournaments.start(row.id, GUILD, 1)
    with pytest.raises(NotHost):
        await service.tournaments.cancel(row.id, GUILD, 2)
    assert (await service.tournaments.state(row.id, GUILD)).row.status == "signup"
    with pytest.raises(UnknownTournament):
        await service.tournaments.start(row.id, OTHER, ORGANISER, may_manage=True)
    await service.tournaments.start(row.id, GUILD, 5, may_manage=True)  # a manager may


async def test_signing_up_is_checked(open_service):
    service = await open_service()
    row = await new_event(service, [1], max_entrants=2)
    with pytest.raises(BadRequest):
        await service.tournaments.join(row.id, GUILD, 1, "m1")
    with pytest.raises(BadRequest):  # one entrant cannot start
        await service.tournaments.start(row.id, GUILD, ORGANISER)
    await service.tournaments.join(row.id, GUILD, 2, "m2")
    with pytest.raises(Exception, match="full"):
        await service.tournaments.join(row.id, GUILD, 3, "m3")
    for bad in ({"format": "knockout", "players": 4}, {"rounds": 0}, {"max_entrants": 1}, {"level": "genius"},
                {"options": {"match": "forever"}}, {"players": 5}):
        with pytest.raises(BadRequest):
            await new_event(service, [], **bad)
    cancelled = await service.tournaments.cancel(row.id, GUILD, ORGANISER)
    assert cancelled.status == "cancelled"
    with pytest.raises(BadRequest):
        await service.tournaments.join(row.id, GUILD, 4, "m4")


async def test_an_event_with_ai_fill_seats_everybody(open_service, play):
    service = await open_service()
    row = await new_event(service, [1, 2, 3], rounds=1, level="random")
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    state = await service.tournaments.state(row.id, GUILD)
    assert state.byes == []
    seated = list(itertools.chain.from_iterable(t.seats for t in state.tables))
    assert sorted(s for s in seated if s is not None) == [1, 2, 3] and seated.count(None) == 1
    await play_round(service, play, row.id)
    assert (await service.tournaments.state(row.id, GUILD)).row.status == "finished"


async def test_rounds_wait_for_the_organiser_when_asked_and_a_cancel_stops_the_tables(open_service, play):
    service = await open_service()
    events = []
    service.tournaments.subscribe(events.append)
    row = await new_event(service, [1, 2, 3, 4], rounds=3, auto_next=False)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    with pytest.raises(BadRequest):  # the round is being played
        await service.tournaments.start(row.id, GUILD, ORGANISER)
    await play_round(service, play, row.id)
    state = await service.tournaments.state(row.id, GUILD)
    assert state.row.round == 1 and state.round_over() and service.tables() == []
    assert [e.data["round"] for e in events if e.kind == "waiting"] == [2]
    with pytest.raises(NotHost):
        await service.tournaments.start(row.id, GUILD, 1)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    live = [t.id for t in service.tables()]
    assert len(live) == 2 and (await service.tournaments.state(row.id, GUILD)).row.round == 2
    await service.tournaments.cancel(row.id, GUILD, ORGANISER)
    await settle(service)
    assert service.tables() == []  # stopped, unrated
    assert [g["table_id"] for g in await service.store.aborted_games(GUILD)] == live
    state = await service.tournaments.state(row.id, GUILD)
    assert state.row.status == "cancelled" and any(e.kind == "cancelled" for e in events)
    with pytest.raises(BadRequest):
        await service.tournaments.start(row.id, GUILD, ORGANISER)


async def test_a_shard_handed_over_in_the_middle_of_a_round_goes_on_in_the_next_process(database, clock, play):
    from bot.shards import Shards
    from bot.tables import TableService

    guild = next(g for g in range(1, 1000) if Shards(2, (0,)).owns(g))
    first = await TableService.open(database, shards=Shards(2, (0,)), owner="first", clock=clock)
    first.tournaments.stagger = 0
    row = await first.tournaments.create(guild, CHANNEL, ORGANISER, "briscola", 2, rounds=2, options=SHORT)
    for m in (1, 2, 3, 4):
        await first.tournaments.join(row.id, guild, m, f"m{m}")
    await first.tournaments.start(row.id, guild, ORGANISER)
    await settle(first)
    one, two = (await first.tournaments.state(row.id, guild)).tables
    await play(first, one.table_id, set(one.seats))
    await settle(first)
    await first.close()  # its shard goes to another process (its leases handed over at once)

    second = await TableService.open(database, shards=Shards(2, (0, 1)), owner="second", clock=clock)
    try:
        second.tournaments.stagger = 0
        await settle(second)
        assert [t.id for t in second.tables()] == [two.table_id]
        await play(second, two.table_id, set(two.seats))
        await settle(second)
        state = await second.tournaments.state(row.id, guild)
        assert state.row.round == 2 and len([t for t in state.tables if t.round == 2 and t.table_id]) == 2
        for t in (t for t in state.tables if t.round == 2):
            await play(second, t.table_id, set(t.seats))
        await settle(second)
        assert (await second.tournaments.state(row.id, guild)).row.status == "finished"
    finally:
        await second.close()


async def test_a_table_that_fails_to_open_or_to_be_stored_is_tried_again_and_the_event_goes_on(open_service, play,
                                                                                               monkeypatch):
    from bot.storage import StorageError
    from bot.tables.errors import StorageFailed

    service = await open_service()
    service.tournaments.retries = (0.0, 0.0)
    row = await new_event(service, [1, 2, 3, 4], rounds=2)
    opened, stored = service.open_seated, service.store.set_round_table
    failures = {"open": 1, "store": 1}

    async def open_once_failing(*args, **kwargs):
        if failures["open"]:
            failures["open"] -= 1
            raise StorageFailed("disk I/O error")
        return await opened(*args, **kwargs)

    async def store_once_failing(*args, **kwargs):
        if failures["store"]:
            failures["store"] -= 1
            raise StorageError("disk I/O error")
        return await stored(*args, **kwargs)

    monkeypatch.setattr(service, "open_seated", open_once_failing)
    monkeypatch.setattr(service.store, "set_round_table", store_once_failing)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    state = await service.tournaments.state(row.id, GUILD)
    assert failures == {"open": 0, "store": 0}
    assert [t.table_id is not None for t in state.tables] == [True, True]  # both opened and stored after all
    assert sorted(t.id for t in service.tables()) == sorted(t.table_id for t in state.tables)  # none opened twice
    for _round in range(2):
        await play_round(service, play, row.id)
    assert (await service.tournaments.state(row.id, GUILD)).row.status == "finished"


async def test_a_table_opened_but_not_stored_before_a_restart_is_followed_not_opened_twice(open_service, play,
                                                                                          db_path, monkeypatch):
    from bot.storage import StorageError

    service = await open_service()
    service.tournaments.retries = ()  # the bot stops before it could store the table's id
    row = await new_event(service, [1, 2], rounds=1)
    stored = service.store.set_round_table

    async def never(*_args, **_kwargs):
        raise StorageError("disk I/O error")

    monkeypatch.setattr(service.store, "set_round_table", never)
    await service.tournaments.start(row.id, GUILD, ORGANISER)
    await settle(service)
    (live,) = service.tables()
    assert (await service.tournaments.state(row.id, GUILD)).tables[0].table_id is None
    monkeypatch.setattr(service.store, "set_round_table", stored)
    await service.close()

    again = await open_service(path=db_path)
    again.tournaments.stagger = 0
    await settle(again)
    assert [t.id for t in again.tables()] == [live.id]  # resumed, not opened a second time
    (table,) = (await again.tournaments.state(row.id, GUILD)).tables
    assert table.table_id == live.id
    await play(again, live.id, {1, 2})
    await settle(again)
    assert (await again.tournaments.state(row.id, GUILD)).row.status == "finished"
