"""The table service on a real database: the lobby, the rules of seating, whole games, checked actions."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.storage import GuildSettings
from bot.tables import (
    AlreadySeated,
    BadAction,
    BadRequest,
    IllegalMove,
    LimitReached,
    NotHost,
    NotSeated,
    NotYourTurn,
    StaleAction,
    TableError,
    TableFull,
    UnknownTable,
    WrongPhase,
)
from rules.actions import Action
from rules.records import replay_record

G, CH = 1, 10  # guild, channel
OFF = {"turn_timer": "off"}


async def test_a_game_played_through_the_service_is_stored_and_rated(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 100, "ann", "briscola", 4, {**OFF, "teams": "12-34", "autoplay_last": "off"},
                             level="greedy", seed=3)
    await service.join(t.id, 200, "bob")
    await service.start(t.id, 100)
    humans = await play(service, t.id, {100, 200})
    assert humans == 20  # two humans, ten tricks each
    with pytest.raises(UnknownTable):
        service.get(t.id)
    over = recorder.of("game_over")
    assert len(over) == 1 and over[0].table_id == t.id
    record = await service.store.game_record(over[0]["game_id"])
    match = replay_record(record)
    assert match.result() == over[0]["result"]
    assert [s["user"] for s in record["seats"]] == [100, None, 200, None]
    assert [s["ai"] for s in record["seats"]] == [None, "greedy", None, "greedy"]
    assert record["guild"] == G
    won = set(over[0]["result"]["winners"])
    board = await service.leaderboard(G, "briscola")
    assert board["total"] == 2 and {st.user_id for _, st in board["rows"]} == {100, 200}
    for _rank, st in board["rows"]:
        assert st.games == 1 and st.wins == (1 if won == {0, 2} else 0)
        assert st.rating.sigma < 8.3
    assert [r for r, _ in board["rows"]] == [1, 2]
    stats = await service.player_stats(G, 100)
    assert stats["games"]["briscola"]["standing"].games == 1
    assert [g.id for g in stats["recent"]] == [over[0]["game_id"]]
    assert await service.store.live_tables() == []


async def test_events_come_in_order_and_actions_before_their_effects(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 100, "ann", "briscola", 2, OFF, level="random", seed=5)
    await service.start(t.id, 100)
    await play(service, t.id, {100})
    seqs = [e.seq for e in recorder.events if e.table_id == t.id]
    assert seqs == sorted(seqs) and len(set(seqs)) == len(seqs)
    kinds = recorder.kinds(t.id)
    assert kinds[:2] == ["created", "started"]
    assert kinds[-1] == "game_over"
    for i, k in enumerate(kinds):
        if k == "play":
            assert kinds[i - 1] == "action"
    assert kinds.count("action") == 40


async def test_lobby_join_add_remove_kick_and_host_rules(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "host", "briscola", 4, OFF, level="random")
    await service.join(t.id, 2, "two")
    with pytest.raises(AlreadySeated):
        await service.join(t.id, 2, "two")
    with pytest.raises(NotHost):
        await service.add_ai(t.id, 2)
    await service.add_ai(t.id, 1, "greedy")
    await service.join(t.id, 3, "three")
    with pytest.raises(TableFull):
        await service.join(t.id, 4, "four")
    with pytest.raises(NotHost):
        await service.kick(t.id, 2, 3)
    before = service.get(t.id)
    await service.kick(t.id, 1, 3)
    assert [s.user_id for s in service.get(t.id).seats] == [1, 2, None]
    await service.remove_ai(t.id, 1)
    with pytest.raises(BadRequest):
        await service.remove_ai(t.id, 1)
    assert len(before.seats) == 4
    info = await service.leave(t.id, 1)  # the host leaves: the next player hosts
    assert info.host_id == 2 and [s.user_id for s in info.seats] == [2]
    assert await service.leave(t.id, 2) is None  # the last player leaves: the table closes
    with pytest.raises(UnknownTable):
        service.get(t.id)
    assert await service.store.live_tables() == []


async def test_only_the_host_starts_or_cancels(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "host", "briscola", 2, OFF)
    await service.join(t.id, 2, "two")
    for call in (service.start, service.cancel):
        with pytest.raises(NotHost):
            await call(t.id, 2)
    await service.cancel(t.id, 1)
    with pytest.raises(UnknownTable):
        await service.join(t.id, 3, "three")


async def test_one_table_per_player_and_channel(open_service):
    service = await open_service()
    a = await service.create(G, CH, 1, "one", "briscola", 2, OFF)
    with pytest.raises(AlreadySeated):
        await service.create(G, CH, 1, "one", "briscola", 2, OFF)
    b = await service.create(G, CH, 2, "two", "briscola", 2, OFF)
    with pytest.raises(AlreadySeated):
        await service.join(b.id, 1, "one")
    other_channel = await service.create(G, CH + 1, 1, "one", "briscola", 2, OFF)
    assert other_channel.channel_id == CH + 1
    assert service.table_of(CH, 1).id == a.id
    await service.leave(a.id, 1)
    await service.join(b.id, 1, "one")  # free again after leaving


async def test_guild_cap_and_allowed_channels(open_service):
    service = await open_service(guild_cap=2)
    await service.create(G, CH, 1, "one", "briscola", 2, OFF)
    await service.create(G, CH, 2, "two", "briscola", 2, OFF)
    with pytest.raises(LimitReached):
        await service.create(G, CH, 3, "three", "briscola", 2, OFF)
    await service.create(G + 1, CH, 3, "three", "briscola", 2, OFF)  # another guild has its own cap
    await service.set_guild_settings(GuildSettings(G + 2, allowed_channels=[77], max_tables=1))
    with pytest.raises(LimitReached):
        await service.create(G + 2, CH, 4, "four", "briscola", 2, OFF)
    await service.create(G + 2, 77, 4, "four", "briscola", 2, OFF)
    with pytest.raises(LimitReached):
        await service.create(G + 2, 77, 5, "five", "briscola", 2, OFF)


async def test_bad_requests_have_clear_messages(open_service):
    service = await open_service()
    cases = [
        (("tombola", 4, {}), "unknown game"),
        (("briscola", 5, {}), "2, 3, 4, 6"),
        (("briscola", 2, {"match": "forever"}), "match"),
        (("briscola", 2, {"teams": "12-34"}), "teams"),
        (("briscola", 4, {"colour": "red"}), "colour"),
        (("briscola", 2, {"turn_timer": "5"}), "turn_timer"),
    ]
    for (game, players, options), needle in cases:
        with pytest.raises(BadRequest, match=needle):
            await service.create(G, CH, 1, "one", game, players, options)
    with pytest.raises(BadRequest, match="level"):
        await service.create(G, CH, 1, "one", "briscola", 2, {}, level="genius")
    assert service.tables() == []


async def test_guild_default_options_apply_unless_the_host_sets_them(open_service):
    service = await open_service()
    await service.set_guild_settings(GuildSettings(G, default_options={"briscola": {"match": "short",
                                                                                   "teams": "14-23"}}))
    t = await service.create(G, CH, 1, "one", "briscola", 2, {})
    assert t.options["match"] == "short" and "teams" not in t.options  # teams does not apply at 2 players
    u = await service.create(G, CH, 2, "two", "briscola", 4, {"match": "long"})
    assert u.options["match"] == "long" and u.options["teams"] == "14-23"
    with pytest.raises(BadRequest):
        await service.set_guild_settings(GuildSettings(G, default_options={"briscola": {"match": "x"}}))


@pytest.mark.parametrize(
    ("teams", "seats"),
    [("12-34", [1, 3, 2, 4]), ("13-24", [1, 2, 3, 4]), ("14-23", [1, 2, 4, 3])],
)
async def test_teams_option_decides_who_partners_whom(open_service, teams, seats):
    service = await open_service()
    t = await service.create(G, CH, 1, "p1", "briscola", 4, {**OFF, "teams": teams}, level="random")
    for u in (2, 3, 4):
        await service.join(t.id, u, f"p{u}")
    info = await service.start(t.id, 1)
    assert [s.user_id for s in info.seats] == seats  # engine partners are seats {0, 2} and {1, 3}


async def test_random_teams_follow_the_seed(open_service):
    service = await open_service()
    orders = []
    for channel in (20, 21):
        t = await service.create(G, channel, 1, "p1", "briscola", 6, {**OFF, "teams": "random"}, level="random",
                                 seed=11)
        for u in (2, 3, 4, 5, 6):
            await service.join(t.id, u + channel * 10, f"p{u}")
        info = await service.start(t.id, 1)
        orders.append([(s.user_id or 0) % 10 for s in info.seats])
    assert orders[0] == orders[1] and sorted(orders[0]) == [1, 2, 3, 4, 5, 6]


async def started_two_player(service, seed: int = 21):
    t = await service.create(G, CH, 1, "one", "briscola", 2, OFF, level="random", seed=seed)
    await service.join(t.id, 2, "two")
    return await service.start(t.id, 1)


async def test_rejected_actions_change_nothing(open_service):
    service = await open_service()
    t = await started_two_player(service)
    info = service.get(t.id)
    mover = info.seats[info.to_move].user_id
    other = 3 - mover
    view = service.view(t.id, mover)
    not_in_hand = next(str(c) for c in ("Ad", "3d", "Rd", "Cd", "Fd", "7d", "Ab") if c not in map(str, view.hand))
    attempts = [
        (NotSeated, lambda: service.act(t.id, 99, view.legal[0])),
        (NotYourTurn, lambda: service.act(t.id, other, view.legal[0])),
        (IllegalMove, lambda: service.act(t.id, mover, f"play {not_in_hand}")),
        (IllegalMove, lambda: service.act(t.id, mover, Action.make_bid("3"))),
        (BadAction, lambda: service.act(t.id, mover, "dance")),
        (StaleAction, lambda: service.act(t.id, mover, view.legal[0], version=info.version + 1)),
        (WrongPhase, lambda: service.join(t.id, 3, "three")),
    ]
    for error, attempt in attempts:
        with pytest.raises(error) as caught:
            await attempt()
        assert str(caught.value) and "Traceback" not in str(caught.value)
        assert service.get(t.id) == info
        assert service.view(t.id, mover) == view
    assert await service.store.live_entries(t.id) == []
    await service.act(t.id, mover, view.legal[0], version=info.version)
    assert len(await service.store.live_entries(t.id)) == 1


async def test_two_actions_for_the_same_seat_at_once(open_service):
    service = await open_service()
    t = await started_two_player(service)
    info = service.get(t.id)
    mover = info.seats[info.to_move].user_id
    legal = service.view(t.id, mover).legal
    for first, second in ((legal[0], legal[1]), (legal[0], legal[0])):
        info = service.get(t.id)
        mover = info.seats[info.to_move].user_id
        legal = service.view(t.id, mover).legal
        results = await asyncio.gather(
            service.act(t.id, mover, first if first in legal else legal[0], version=info.version),
            service.act(t.id, mover, second if second in legal else legal[1], version=info.version),
            return_exceptions=True,
        )
        errors = [r for r in results if isinstance(r, BaseException)]
        assert len(errors) == 1 and isinstance(errors[0], TableError), results
        assert len(await service.store.live_entries(t.id)) == service.get(t.id).version
    assert service.get(t.id).version == 2


async def test_double_click_without_a_version_is_refused_when_the_turn_has_passed(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 4, OFF, level="random", seed=4)
    await service.join(t.id, 2, "two")
    await service.join(t.id, 3, "three")
    await service.join(t.id, 4, "four")
    info = await service.start(t.id, 1)
    mover = info.seats[info.to_move].user_id
    card = service.view(t.id, mover).legal[0]
    results = await asyncio.gather(service.act(t.id, mover, card), service.act(t.id, mover, card),
                                   return_exceptions=True)
    assert sum(isinstance(r, NotYourTurn) for r in results) == 1
    assert service.get(t.id).version == 1


async def test_last_trick_is_played_automatically(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "one", "briscola", 2, {**OFF, "autoplay_last": "on"}, level="random",
                             seed=8)
    await service.start(t.id, 1)
    await play(service, t.id, {1})
    autos = [e for e in recorder.of("action") if e["by"] == "auto"]
    assert 1 <= len(autos) <= 2
    assert all(e["version"] > 36 for e in autos)


async def test_chiamata_and_cicera_games_finish_and_replay(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    for channel, game, players in ((30, "chiamata", 5), (31, "cicera", 4)):
        t = await service.create(G, channel, 1, "one", game, players, OFF, level="random", seed=channel)
        await service.start(t.id, 1)
        await play(service, t.id, {1})
    over = recorder.of("game_over")
    assert len(over) == 2
    for event in over:
        replay_record(await service.store.game_record(event["game_id"]))
    assert {r for r in ("chiamata", "cicera")
            if (await service.leaderboard(G, r))["total"] == 1} == {"chiamata", "cicera"}


async def test_team_chat_opens_after_the_first_trick(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "one", "briscola", 4, {**OFF, "team_chat": "after_first_trick"},
                             level="random", seed=2)
    await service.start(t.id, 1)
    await play(service, t.id, {1})
    kinds = recorder.kinds(t.id)
    assert kinds.count("team_chat_open") == 1
    first_trick = kinds.index("trick")
    assert first_trick < kinds.index("team_chat_open") < kinds.index("action", first_trick)
    assert recorder.of("team_chat_open")[0]["sides"] == [[0, 2], [1, 3]]


async def test_a_host_who_does_not_sit_runs_an_ai_table(open_service, recorder):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 1, "host", "briscola", 4, OFF, level="random", seat_host=False)
    assert t.seats == ()
    await service.join(t.id, 2, "two")
    with pytest.raises(NotSeated):
        await service.leave(t.id, 1)
    assert await service.leave(t.id, 2) is not None  # the last player leaving keeps the host's table
    await service.create(G, CH, 1, "host", "briscola", 2, OFF)  # not seated at the first: free to sit here
    info = await service.start(t.id, 1)
    assert [s.ai for s in info.seats] == ["random"] * 4
    await service.idle()
    assert len(recorder.of("game_over")) == 1


async def test_events_as_an_async_iterator(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, OFF, level="random", seed=1)
    sub = service.events(t.id)
    await service.start(t.id, 1)
    sub.close()
    kinds = [e.kind async for e in sub]
    assert kinds[:2] == ["started", "round_start"] and "turn" in kinds


async def test_forgetting_a_user(open_service, play):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, OFF, level="random", seed=2)
    await service.start(t.id, 1)
    await play(service, t.id, {1})
    u = await service.create(G, CH, 1, "one", "briscola", 2, OFF, level="random", seed=3)
    await service.start(u.id, 1)
    await service.idle()
    assert await service.forget_user(1) == 1
    assert (await service.leaderboard(G, "briscola"))["total"] == 0
    stats = await service.player_stats(G, 1)
    assert stats == {"games": {}, "recent": [], "seasons": []}
    await service.idle()  # the AI finished the game they sat at
    games = await service.store._read("SELECT record FROM games")
    assert len(games) == 2 and all('"user":1' not in text and '"one"' not in text for (text,) in games)


async def test_ai_search_in_worker_processes_plays_a_whole_game(open_service, recorder, play):
    """The bot runs the AI in a process pool (so search never holds the event loop): views, actions and
    the AI must cross process boundaries, and the game must end as with threads."""
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=2) as pool:
        service = await open_service(executor=pool, ai_time_ms=10)
        service.subscribe(recorder)
        t = await service.create(G, CH, 100, "ann", "briscola", 4, {**OFF, "trump_exchange": "on"},
                                 level="hard", seed=8)
        await service.start(t.id, 100)
        await play(service, t.id, {100})
        over = recorder.of("game_over")
        assert len(over) == 1
        record = await service.store.game_record(over[0]["game_id"])
        assert replay_record(record).result() == over[0]["result"]
        assert [s["ai"] for s in record["seats"]] == [None, "hard", "hard", "hard"]


SEED = 1


async def test_a_single_chiamata_round_is_won_by_its_side_in_the_standings(open_service, recorder, play):
    """The caller's partner shares the caller's win: a win in the standings, not a loss."""
    service = await open_service()
    service.subscribe(recorder)
    users = {1: "ann", 2: "bob", 3: "cy", 4: "dee", 5: "eve"}
    t = await service.create(G, 40, 1, "ann", "chiamata", 5, OFF, level="random", seed=SEED)
    for user, name in users.items():
        if user != 1:
            await service.join(t.id, user, name)
    await service.start(t.id, 1)
    rng = random.Random(SEED)

    def choose(view):  # the first bidder wins the auction (an ace: 61 points); then any card
        if view.phase == "auction":
            return view.legal[1 if view.standing_bid is None else 0]
        return rng.choice(view.legal)

    await play(service, t.id, set(users), choose=choose)
    over = recorder.of("game_over")
    record = await service.store.game_record(over[0]["game_id"])
    played = [r for r in record["rounds"] if r.get("caller") is not None]
    caller, partner, success = played[-1]["caller"], played[-1]["partner"], played[-1]["success"]
    assert success and partner not in (None, caller), "this deal is won by a caller with a partner"
    assert sorted(over[0]["result"]["winners"]) == sorted([caller, partner])
    seat_of = {s["user"]: i for i, s in enumerate(record["seats"])}
    board = await service.leaderboard(G, "chiamata")
    wins = {st.user_id: st.wins for _, st in board["rows"]}
    losses = {st.user_id: st.losses for _, st in board["rows"]}
    assert wins[record["seats"][partner]["user"]] == 1
    assert {u for u in users if wins[u]} == {u for u in users if seat_of[u] in (caller, partner)}
    assert {u for u in users if losses[u]} == {u for u in users if seat_of[u] not in (caller, partner)}


async def test_the_service_gives_a_finished_games_record(open_service, recorder, play):
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 100, "ann", "briscola", 2, {**OFF, "autoplay_last": "off"}, level="greedy",
                             seed=5)
    await service.start(t.id, 100)
    await play(service, t.id, {100})
    game_id = recorder.of("game_over")[0]["game_id"]
    assert await service.game_record(game_id) == await service.store.game_record(game_id)
    assert await service.game_record(game_id + 1000) is None


async def test_the_service_kinds_are_event_kinds_and_the_engines_kinds_pass_through(open_service, recorder, play):
    from bot.tables import SERVICE_EVENTS, EventKind

    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 100, "ann", "briscola", 2, {**OFF, "autoplay_last": "off"}, level="greedy",
                             seed=6)
    await service.start(t.id, 100)
    await play(service, t.id, {100})
    events = recorder.events
    assert set(SERVICE_EVENTS) == {kind.value for kind in EventKind}
    service_kinds = {e.kind for e in events if e.service_kind is not None}
    assert {"created", "started", "turn", "action", "game_over"} <= service_kinds
    assert all(isinstance(e.kind, EventKind) for e in events if e.service_kind is not None)
    assert {"play", "trick"} <= {e.kind for e in events if e.service_kind is None}


async def test_every_service_event_carries_its_typed_payload(open_service, recorder, play):
    """Each service kind has one payload class, each engine event its typed Event; an event carries it, and its
    data are its fields."""
    from dataclasses import fields

    from bot.tables import EventKind
    from bot.tables.events import Payload
    from rules.events import Event

    classes = {cls.KIND: cls for cls in Payload.__subclasses__()}
    assert set(classes) == set(EventKind) and len(classes) == len(Payload.__subclasses__())
    service = await open_service()
    service.subscribe(recorder)
    t = await service.create(G, CH, 100, "ann", "briscola", 2, {**OFF, "autoplay_last": "off"}, level="greedy",
                             seed=6)
    await service.join(t.id, 200, "bob")
    await service.leave(t.id, 200)
    await service.start(t.id, 100)
    await play(service, t.id, {100})
    for event in recorder.events:
        if event.service_kind is None:  # the engine's own event: its typed Event, whose fields are the data
            assert isinstance(event.payload, Event) and event.payload.kind == event.kind
            assert event.data == event.payload.as_dict()
            continue
        assert type(event.payload) is classes[event.kind]
        assert list(event.data) == [f.name for f in fields(event.payload)]
        assert all(event[name] is getattr(event.payload, name) for name in event.data)
    turns = [e.payload for e in recorder.events if e.kind == EventKind.TURN]
    assert turns and all(isinstance(p.version, int) and isinstance(p.ai, bool) for p in turns)


async def test_forgetting_a_user_anonymises_the_tables_they_stopped(open_service):
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, OFF, level="random", seed=2)
    await service.start(t.id, 1)
    await service.idle()
    await service.abort(t.id, 1)
    (before,) = await service.store._read("SELECT record, aborted_by FROM aborted_games")
    assert '"user": 1' in before[0] or '"user":1' in before[0]
    await service.forget_user(1)
    (after,) = await service.store._read("SELECT record, aborted_by FROM aborted_games")
    assert '"user":1' not in after[0].replace(" ", "") and '"one"' not in after[0] and after[1] == 0
