"""Scopa and Scopone on Discord (SimCord): whole games played through the hand's buttons and selects to the
summary, every hand message checked against the engine (one control per legal play, no placing of a card that
must capture), the summary's rows, the team threads, and after the game Rematch, Replay, /history and the
leaderboard, as for every game."""

from __future__ import annotations

import random

import pytest
from simcord.backend.access import can_access_channel

from cogs import ids
from cogs.play.tables import ONLOOKER_REFRESH_SECONDS
from cogs.render.scopa import choice_label
from cogs.texts import card_name
from rules.actions import Action
from tests.cogs.test_history import post_buttons


def offered(ui, message) -> list[tuple[str, str, str]]:
    """What a hand message offers: (kind, custom id, action code) per enabled button and per select option."""
    out = []
    for b in ui.buttons(message):
        if not b.disabled and b.custom_id.startswith("tv:act:"):
            out.append(("button", b.custom_id, b.custom_id.split(":", 4)[4]))
    for s in ui.selects(message):
        if s.custom_id.split(":")[4] == "take":
            out += [("select", s.custom_id, o.value) for o in s.options]
    return out


def check_hand(ui, message, view) -> list[tuple[str, str, str]]:
    """A hand message offers each legal play of the seat exactly once and nothing else: a card that can
    capture has no placing, a card with one capture a button, a card with several one select."""
    shown = offered(ui, message)
    actions = [ids.action_of(code) for _kind, _id, code in shown]
    assert sorted(map(str, actions)) == sorted(map(str, view.legal)), "one control per legal play, no other"
    for c in view.hand:
        plays = [a for a in view.legal if a.card == c]
        if any(a.take for a in plays):
            assert Action.play(c, ()) not in actions, f"{c} must capture, yet it may be placed"
        kinds = {kind for (kind, _id, code) in shown if ids.action_of(code).card == c}
        if plays:
            assert kinds == ({"select"} if len(plays) > 1 else {"button"}), (c, plays, kinds)
    selects = [s for s in ui.selects(message) if s.custom_id.split(":")[4] == "take"]
    assert len(selects) == sum(1 for c in view.hand if len([a for a in view.legal if a.card == c]) > 1)
    return shown


class Seat:
    """A member playing from their hand message, each turn one of the offered controls (seeded choice)."""

    def __init__(self, ui, channel, member, rng: random.Random) -> None:
        self.ui, self.channel, self.member, self.rng = ui, channel, member, rng
        self.hand_id: int | None = None
        self.used: list[str] = []
        self.checked = 0

    async def turn(self, table_id: int) -> None:
        ui, member = self.ui, self.member
        if self.hand_id is None:
            self.hand_id = (await ui.my_hand(member, self.channel, table_id)).id
        message = ui.message(self.channel, self.hand_id, viewer=member)
        view = ui.service().view(table_id, member.id)
        shown = check_hand(ui, message, view)
        self.checked += 1
        kind, custom_id, code = self.rng.choice(shown)
        action = ids.action_of(code)
        self.used.append("select" if kind == "select" else "take" if action.take else "place")
        if kind == "select":
            result = await member.select(message, [code], custom_id=custom_id)
        else:
            result = await member.click(message, custom_id=custom_id)
        assert result.acknowledged and result.response.ephemeral, result
        if ui.live(table_id):  # (the round's last play ends the game: the record is checked then)
            history = ui.service().view(table_id).history
            assert any(h[1] == action.card and tuple(h[2]) == tuple(action.take) for h in history), "the play"


async def play(ui, table_id: int, seats: list[Seat], limit: int = 200) -> None:
    """The members play their turns until the game is stored."""
    by_id = {s.member.id: s for s in seats}
    for _ in range(limit):
        if not ui.live(table_id):
            return
        info = ui.service().get(table_id)
        await by_id[info.seats[info.to_move].user_id].turn(table_id)
    raise AssertionError("the game did not end")


def match_summary(ui, channel):
    """The last match summary (the message with a Rematch button)."""
    return next(m for m in reversed(ui.public(channel))
                if any(b.custom_id.startswith("tv:rematch:") for b in ui.buttons(m)))


def check_summary_rows(text: str, napola: bool = False) -> None:
    for row in ("Cards: ", "Denari: ", "Settebello (7 di Denari): ", "Primiera: ", "Scope: ", "Score of the deal: "):
        assert row in text, (row, text)
    assert ("Napola: " in text) == napola


@pytest.mark.usefixtures("simcord_env")
async def test_a_whole_two_player_scopa_against_the_ai_through_buttons_and_selects(ui, seed, public_renders):
    seed(21)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    lobby = (await alice.slash(channel, "scopa", players=2, level="medium", match="single", turn_timer=0,
                               show_points="on", napola="on")).response
    lobby_text = ui.text(lobby)
    assert "Scopa" in lobby_text and "2 players" in lobby_text
    table_id = ui.table_id_of(lobby)
    await alice.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    me = Seat(ui, channel, alice, random.Random(21))
    await play(ui, table_id, [me])
    assert not ui.live(table_id) and me.checked >= 18
    assert {"place", "take"} <= set(me.used), me.used
    text = ui.text(match_summary(ui, channel))
    check_summary_rows(text, napola=True)
    assert "alice" in text and "AI 2" in text
    assert "summary.png" in ui.galleries(match_summary(ui, channel))
    assert public_renders and all(v.seat is None for v in public_renders)
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    record = await ui.service().store.game_record(game.id)
    plays = [a for a in record["rounds"][0]["actions"] if a.get("seat") == 0 and "play" in a]
    assert len(plays) == 18 and len(me.used) == 18  # 36 cards dealt to two: a control per card played
    assert sum(1 for a in plays if a.get("take")) == me.used.count("take") + me.used.count("select")


@pytest.mark.usefixtures("simcord_env")
async def test_the_table_text_says_the_scope_and_the_counts(ui, seed):
    seed(21)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "scopa", players=2, level="medium", match="single",
                                   turn_timer=0, show_points="on")
    text = ui.text(ui.table_message(channel, table_id))
    assert "Scope: alice **0** · AI 2 **0**" in text
    assert "alice: cards **0** · Denari **0** · primiera none yet" in text
    assert "On the table: " in text and "Stock: **30** cards" in text
    hand = await ui.my_hand(alice, channel, table_id)
    assert "Scope: alice" in ui.text(hand), "the hand says the table as text too"


@pytest.mark.usefixtures("simcord_env")
async def test_a_scopone_with_two_people_on_a_team_and_two_ai_seats_with_its_team_thread(ui, seed):
    seed(8)
    env = ui.env
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    lobby = (await alice.slash(channel, "scopone", level="medium", deal="scientifico", match="single",
                               turn_timer=0, team_chat="after_first_trick")).response
    table_id = ui.table_id_of(lobby)
    await alice.select(lobby, ["add:medium"])  # partners sit opposite: alice, AI, bob, AI
    await bob.click(lobby, custom_id=f"tv:lobby:{table_id}:join")
    await alice.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    info = ui.service().get(table_id)
    assert (info.seats[0].user_id, info.seats[2].user_id) == (alice.id, bob.id)
    assert info.seats[1].ai and info.seats[3].ai
    hand = await ui.my_hand(alice, channel, table_id)
    assert len(ui.service().view(table_id, alice.id).hand) == 10
    assert "Your partner: **bob**." in ui.text(hand)
    seats = [Seat(ui, channel, alice, random.Random(1)), Seat(ui, channel, bob, random.Random(2))]
    seats[0].hand_id = hand.id
    await play(ui, table_id, seats)
    assert not ui.live(table_id)
    assert all(len(s.used) == 10 for s in seats), [s.used for s in seats]
    assert {"place", "take"} <= set(seats[0].used + seats[1].used)
    text = ui.text(match_summary(ui, channel))
    check_summary_rows(text)
    assert "alice & bob" in text and "AI 2 & AI 4" in text
    (thread,) = channel.threads  # one team of people: one thread, for alice and bob only
    inside = {m.id for m in (alice, bob) if can_access_channel(env, thread.id, m)}
    assert inside == {alice.id, bob.id}
    assert env.backend.channels[thread.id].thread_metadata.archived


@pytest.mark.usefixtures("simcord_env")
async def test_a_four_player_scopa_opens_its_team_thread(ui, seed):
    seed(4)
    env = ui.env
    guild, channel = ui.room()
    alice, bob, carol, dave = ui.members(guild, "alice", "bob", "carol", "dave")
    table_id = await ui.open_table(alice, channel, "scopa", [bob, carol, dave], players=4, level="medium",
                                   match="single", turn_timer=0, team_chat="after_first_trick")
    rng = random.Random(4)
    seats = [Seat(ui, channel, m, rng) for m in (alice, bob, carol, dave)]
    opened: list[int] = []
    by_id = {s.member.id: s for s in seats}
    while ui.live(table_id):
        if channel.threads and not opened:
            opened.append(len(ui.service().view(table_id).history))
        info = ui.service().get(table_id)
        await by_id[info.seats[info.to_move].user_id].turn(table_id)
    assert opened == [4], "the threads open once every seat has played"
    threads = channel.threads
    assert len(threads) == 2
    teams = {frozenset((alice.id, carol.id)), frozenset((bob.id, dave.id))}  # seats 0 & 2, 1 & 3
    for thread in threads:
        inside = {m.id for m in (alice, bob, carol, dave) if can_access_channel(env, thread.id, m)}
        assert frozenset(inside) in teams
    check_summary_rows(ui.text(match_summary(ui, channel)))


@pytest.mark.usefixtures("simcord_env")
async def test_after_a_scopa_game_rematch_replay_history_and_the_leaderboard(ui, seed):
    seed(3)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "scopa", [bob], players=2, match="single", turn_timer=0)
    await play(ui, table_id, [Seat(ui, channel, alice, random.Random(5)), Seat(ui, channel, bob, random.Random(6))])
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    summary = match_summary(ui, channel)
    labels = [b.label for b in ui.buttons(summary)]
    assert labels[:3] == ["Rematch", "Review my play", "Replay"]

    history = ui.text((await bob.slash(channel, "history")).response)
    assert f"`game {game.id}`" in history and "Scopa" in history
    board = ui.text((await bob.slash(channel, "leaderboard", game="scopa")).response)
    assert "alice" in board and "bob" in board
    stats = ui.text((await bob.slash(channel, "stats", member=alice)).response)
    assert "Scopa" in stats

    pressed = await bob.click(summary, custom_id=f"tv:replay:{game.id}")
    await ui.env.settle()
    assert pressed.acknowledged and not pressed.ephemeral
    posted = ui.public(channel)[-1]
    assert f"Replay of game {game.id}" in ui.text(posted)
    assert [a.filename for a in posted.attachments] == ["replay.webp"]

    rematch = await alice.click(summary, custom_id=f"tv:rematch:{game.id}")
    assert rematch.acknowledged
    lobby = ui.public(channel)[-1]
    assert "Scopa" in ui.text(lobby) and "2 players" in ui.text(lobby)
    join = next(b.custom_id for b in ui.buttons(lobby) if b.custom_id.endswith(":join"))
    assert join.startswith("tv:lobby:") and int(join.split(":")[2]) != table_id  # a new table of Scopa for 2


@pytest.mark.usefixtures("simcord_env")
async def test_review_my_play_of_a_scopa_names_captures_and_costs_in_deal_points(ui, seed):
    seed(9)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "scopa", players=2, level="medium", match="single", turn_timer=0)
    await play(ui, table_id, [Seat(ui, channel, alice, random.Random(9))])
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    pressed = await alice.click(match_summary(ui, channel), custom_id=f"tv:review:{game.id}")
    assert pressed.ephemeral, "a review is only ever shown to its player"
    await ui.env.settle(timeout=120)
    text = ui.text(ui.message(channel, pressed.response.message.id, viewer=alice))
    assert f"Your review of game {game.id}" in text
    decisions = text.count("the AI prefers")
    assert decisions > 0, "random plays against the AI cost something"
    assert "deal points" in text and "card points" not in text and "Turn " in text
    assert " → " in text, "a play is named with what it takes (or that it is placed)"


@pytest.mark.usefixtures("simcord_env")
async def test_a_hint_at_a_practice_scopa_names_a_legal_play(ui, seed):
    seed(12)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "scopa", players=2, level="medium", hints="on", turn_timer=0)
    hand = await ui.my_hand(alice, channel, table_id)
    view = ui.service().view(table_id, alice.id)
    (hint,) = [b for b in ui.buttons(hand) if b.custom_id.startswith(f"tv:hint:{table_id}:")]
    answer = await alice.click(hand, custom_id=hint.custom_id)
    assert answer.ephemeral
    line = ui.text(answer.response.message)
    assert line.startswith("Hint: **") and "deal points for your side" in line
    assert line.split("**")[1] in {choice_label(a, "italian") for a in view.legal}


@pytest.mark.usefixtures("simcord_env")
@pytest.mark.parametrize(("game", "options"), [("scopa", {"players": 3, "show_points": "on", "faces": "french"}),
                                               ("scopone", {"deal": "tradizionale"})])
async def test_no_public_message_names_a_card_in_a_hand_or_the_stock(ui, seed, game, options):
    seed(17)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, game, [bob], level="medium", match="single", turn_timer=0,
                                   **options)
    service = ui.service()
    seats = {m.id: Seat(ui, channel, m, random.Random(m.id)) for m in (alice, bob)}
    checked = 0
    while ui.live(table_id):
        rnd = service._tables[table_id].match.round  # the test looks behind the service to know every hand
        secret = [c for hand in rnd.hands for c in hand] + list(rnd.stock)
        text = "\n".join(ui.text(m) for m in ui.public(channel))
        for name in {card_name(c, style) for c in secret for style in ("italian", "french")}:
            assert name not in text, f"{name} is secret but shows in a public message"
        checked += 1
        info = service.get(table_id)
        await seats[info.seats[info.to_move].user_id].turn(table_id)
    assert checked > 10


async def select_offered(ui, seed, value: int):
    """A Scopone against the AI (seed ``value``) played until alice's hand offers a select of captures:
    (channel, alice, her Seat, table id, the hand message, the select), or ``None`` when none came."""
    seed(value)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "scopone", level="medium", deal="tradizionale",
                                   match="single", turn_timer=0)
    me = Seat(ui, channel, alice, random.Random(value))
    me.hand_id = (await ui.my_hand(alice, channel, table_id)).id
    while ui.live(table_id):
        message = ui.message(channel, me.hand_id, viewer=alice)
        menus = [s for s in ui.selects(message) if ":take:" in s.custom_id]
        if menus:
            return channel, alice, me, table_id, message, menus[0]
        await me.turn(table_id)
    return None


async def test_a_capture_select_still_plays_after_a_restart(simcord_env, ui, seed, bots):
    found = None
    for value in range(1, 12):
        found = await select_offered(ui, seed, value)
        if found is not None:
            break
    assert found is not None, "no select of captures in 11 games"
    channel, alice, me, table_id, message, menu = found
    played = len(ui.service().view(table_id).history)

    await bots.restart(simcord_env)
    result = await alice.select(message, [menu.options[-1].value], custom_id=menu.custom_id)
    assert result.acknowledged and result.response.ephemeral and "Your hand" in ui.text(result.response)
    chosen = ids.action_of(menu.options[-1].value)
    history = ui.service().view(table_id).history
    assert len(history) > played and history[played][1:] == (chosen.card, chosen.take)
    await play(ui, table_id, [me])
    assert not ui.live(table_id)


@pytest.mark.usefixtures("simcord_env")
async def test_the_table_message_says_each_scopa_at_its_next_edit_for_the_onlookers(ui, seed):
    """A scopa is a note on the table message, shown when the message is next edited for those who watch (at
    most ``ONLOOKER_REFRESH_SECONDS`` later): kept until then even when the turn has gone round meanwhile."""
    seed(21)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "scopa", players=2, level="medium", match="single", turn_timer=0)
    me = Seat(ui, channel, alice, random.Random(4))
    said = 0
    scope, played = 0, 0
    while ui.live(table_id):
        await me.turn(table_id)
        if not ui.live(table_id):
            break
        await ui.env.settle()
        pub = ui.service().view(table_id)
        if sum(pub.scope) > scope:  # a scopa since alice's last turn: the table says who and with what
            await ui.env.advance_time(ONLOOKER_REFRESH_SECONDS)
            await ui.env.settle()
            text = ui.text(ui.table_message(channel, table_id))
            captures = [(s, c) for s, c, take in pub.history[played:] if take]
            assert any(f"**{name}** swept the table with {card_name(c)}: **scopa!**" in text
                       for s, c in captures for name in (["alice"] if s == 0 else ["AI 2"])), text
            said += 1
        scope, played = sum(pub.scope), len(pub.history)
    assert said >= 1, "choose a seed with a scopa"


@pytest.mark.usefixtures("simcord_env")
async def test_a_forged_placing_of_a_card_that_must_capture_is_refused_and_changes_nothing(ui, seed):
    for value in range(1, 30):  # a first hand holding a card that must capture
        seed(value)
        guild, channel = ui.room()
        (alice,) = ui.members(guild, "alice")
        table_id = await ui.open_table(alice, channel, "scopa", players=2, level="medium", turn_timer=0)
        view = ui.service().view(table_id, alice.id)
        must = [c for c in view.hand if any(a.card == c and a.take for a in view.legal)]
        if must and view.to_move == view.seat:
            break
    else:
        raise AssertionError("no first hand with a capture")
    version = ui.service().get(table_id).version
    custom_id = ids.act(table_id, version, Action.play(must[0], ()))
    forged = await post_buttons(ui.env, channel, [custom_id])
    answer = await alice.click(forged, custom_id=custom_id)
    assert answer.ephemeral
    said = ui.text(answer.response.message)
    assert "capturing is compulsory" in said and "Traceback" not in said, said
    assert ui.service().get(table_id).version == version and must[0] in ui.service().view(table_id, alice.id).hand


@pytest.mark.usefixtures("simcord_env")
@pytest.mark.parametrize(("game", "options", "people", "cards", "budget"), [
    ("scopa", {"players": 2}, 1, 36, 1.0), ("scopone", {"deal": "scientifico", "team_chat": "off"}, 2, 40, 1.3)])
async def test_rest_calls_a_card_keep_the_budget_of_every_game(ui, seed, game, options, people, cards, budget):
    seed(11)
    guild, channel = ui.room()
    members = ui.members(guild, *("alice", "bob")[:people])
    log = ui.env.http_requests
    first = len(log)
    lobby = (await members[0].slash(channel, game, level="medium", match="single", turn_timer=0, **options)).response
    table_id = ui.table_id_of(lobby)
    if people == 2:
        await members[0].select(lobby, ["add:medium"])  # partners: alice and bob
        await members[1].click(lobby, custom_id=f"tv:lobby:{table_id}:join")
    await members[0].click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    await play(ui, table_id, [Seat(ui, channel, m, random.Random(m.id)) for m in members])
    await ui.env.settle()
    calls = len(log) - first
    print(f"\n{game}, {people} people: {calls} REST calls for {cards} cards, {calls / cards:.2f} a card")
    assert calls / cards <= budget, calls
