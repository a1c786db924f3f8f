"""Tressette on Discord (SimCord): whole games played through the hand's buttons (and, in four players with
signals, the signal selects) to the summary, every hand message checked against the engine (one control per
legal play, the disabled cards exactly the illegal ones), a forged press of a disabled card refused, the
summary's lines, the team thread, the REST budget, and after the game Rematch, Replay, Review my play,
/history and the leaderboard, as for every game."""

from __future__ import annotations

import random

import pytest
from simcord.backend.access import can_access_channel

from cogs import ids
from cogs.render.tressette import play_label
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
    """A hand message offers each legal play of the seat exactly once and nothing else: a button per card,
    disabled exactly when the card may not be played, and a signal only in the selects of a lead."""
    shown = offered(ui, message)
    actions = [ids.action_of(code) for _kind, _id, code in shown]
    assert sorted(map(str, actions)) == sorted(map(str, view.legal)), "one control per legal play, no other"
    cards = [b for b in ui.buttons(message) if b.custom_id.startswith("tv:act:")]
    assert len(cards) == len(view.hand)
    for b in cards:
        assert b.disabled == (ids.action_of(b.custom_id.split(":", 4)[4]) not in view.legal)
    assert all((kind == "select") == (ids.action_of(code).signal is not None) for kind, _id, code in shown)
    return shown


class Seat:
    """A member playing from their hand message, each turn one of the offered controls (seeded choice); with
    ``signal`` the first lead they make carries that signal."""

    def __init__(self, ui, channel, member, rng: random.Random, signal: str | None = None) -> None:
        self.ui, self.channel, self.member, self.rng, self.signal = ui, channel, member, rng, signal
        self.hand_id: int | None = None
        self.used: list[Action] = []
        self.checked = 0

    async def turn(self, table_id: int) -> None:
        ui, member = self.ui, self.member
        if self.hand_id is None:
            self.hand_id = (await ui.my_hand(member, self.channel, table_id)).id
        message = ui.message(self.channel, self.hand_id, viewer=member)
        view = ui.service().view(table_id, member.id)
        shown = check_hand(ui, message, view)
        self.checked += 1
        signalled = [x for x in shown if ids.action_of(x[2]).signal == self.signal] if self.signal else []
        kind, custom_id, code = self.rng.choice(signalled) if signalled else self.rng.choice(
            [x for x in shown if x[0] == "button"])
        if signalled:
            self.signal = None
        action = ids.action_of(code)
        self.used.append(action)
        if kind == "select":
            result = await member.select(message, [code], custom_id=custom_id)
        else:
            result = await member.click(message, custom_id=custom_id)
        assert result.acknowledged and result.response.ephemeral, result
        if ui.live(table_id):  # (the round's last play ends the game: the record is checked then)
            assert action.card not in ui.service().view(table_id, member.id).hand, "the card was played"


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


def check_summary_rows(text: str, declarations: bool) -> None:
    """The summary's rows; the declarations' only at a table that plays them (``accusi``)."""
    for row in ("Card points: ", "Last trick (1 point): ", "Points (card points rounded down): ",
                "Score of the deal: "):
        assert row in text, (row, text)
    assert ("Declarations: " in text) == declarations, text


async def actions_of(ui, guild, member) -> list[dict]:
    (game,) = await ui.service().store.games_of(guild.id, member.id)
    record = await ui.service().store.game_record(game.id)
    return record["rounds"][0]["actions"]


@pytest.mark.usefixtures("simcord_env")
async def test_a_whole_two_player_tressette_against_the_ai_through_the_buttons(ui, seed, public_renders):
    seed(21)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    lobby = (await alice.slash(channel, "tressette", players=2, level="medium", match="single", turn_timer=0,
                               accusi="on", show_points="on")).response
    lobby_text = ui.text(lobby)
    assert "Tressette" in lobby_text and "2 players" in lobby_text
    table_id = ui.table_id_of(lobby)
    await alice.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    text = ui.text(ui.table_message(channel, table_id))
    assert "Stock: **20** cards" in text and "Card points so far: alice **0** · AI 2 **0**" in text
    me = Seat(ui, channel, alice, random.Random(21))
    await play(ui, table_id, [me])
    assert not ui.live(table_id) and me.checked == 20
    summary = match_summary(ui, channel)
    text = ui.text(summary)
    check_summary_rows(text, declarations=True)  # accusi on
    assert "alice" in text and "AI 2" in text
    assert "summary.png" in ui.galleries(summary)
    assert public_renders and all(v.seat is None for v in public_renders)
    plays = [a for a in await actions_of(ui, guild, alice) if a.get("seat") == 0 and "play" in a]
    assert [a["play"] for a in plays] == [str(x.card) for x in me.used]  # 40 cards dealt to two: 20 each


@pytest.mark.usefixtures("simcord_env")
async def test_a_four_player_tressette_with_two_people_one_leading_with_a_signal(ui, seed):
    seed(8)
    env = ui.env
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    lobby = (await alice.slash(channel, "tressette", players=4, level="medium", match="single", signals="on",
                               turn_timer=0, team_chat="after_first_trick")).response
    table_id = ui.table_id_of(lobby)
    await alice.select(lobby, ["add:medium"])  # partners sit opposite: alice, AI, bob, AI
    await bob.click(lobby, custom_id=f"tv:lobby:{table_id}:join")
    await alice.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    info = ui.service().get(table_id)
    assert (info.seats[0].user_id, info.seats[2].user_id) == (alice.id, bob.id)
    hand = await ui.my_hand(alice, channel, table_id)
    assert "Your partner: **bob**." in ui.text(hand)
    seats = [Seat(ui, channel, alice, random.Random(1), signal="busso"), Seat(ui, channel, bob, random.Random(2))]
    seats[0].hand_id = hand.id
    knocked: list[str] = []
    read = False
    by_id = {s.member.id: s for s in seats}
    while ui.live(table_id):
        info = ui.service().get(table_id)
        seat = by_id[info.seats[info.to_move].user_id]
        if seat is seats[1] and knocked and not read:  # bob reads his partner's knock on his hand
            await seat.turn(table_id)
            said = ui.text(ui.message(channel, seat.hand_id, viewer=bob))
            read = "Signals this round: " in said and f"alice: {knocked[0]} — busso (knock)" in said
            assert read, said
            continue
        before = seat.signal
        await seat.turn(table_id)
        if before and seat.signal is None:  # alice led with a knock just now: public, with its card
            card = seat.used[-1].card
            knocked.append(card_name(card))
            pub = ui.service().view(table_id)
            assert [(s.card, s.signal) for s in pub.signals if s.seat == 0] == [(card, "busso")]
    seen_signal = bool(knocked) and read
    assert seen_signal, "alice led once with a signal"
    assert all(len(s.used) == 10 for s in seats), [len(s.used) for s in seats]
    text = ui.text(match_summary(ui, channel))
    check_summary_rows(text, declarations=False)  # accusi off
    assert "alice & bob" in text and "AI 2 & AI 4" in text
    knocks = [a for a in await actions_of(ui, guild, alice) if a.get("signal")]
    assert [(a["seat"], a["signal"]) for a in knocks if a["seat"] == 0] == [(0, "busso")]
    (thread,) = channel.threads  # one team of people: one thread, for alice and bob only
    inside = {m.id for m in (alice, bob) if can_access_channel(env, thread.id, m)}
    assert inside == {alice.id, bob.id}


@pytest.mark.usefixtures("simcord_env")
async def test_a_forged_press_of_a_disabled_card_is_refused_and_changes_nothing(ui, seed):
    seed(5)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "tressette", players=2, level="medium", turn_timer=0)
    me = Seat(ui, channel, alice, random.Random(5))
    barred: list = []
    while ui.live(table_id):  # alice plays until she must follow a suit and holds another
        await ui.env.settle()
        view = ui.service().view(table_id, alice.id)
        barred = [c for c in view.hand if Action.play(c) not in view.legal]
        if view.to_move == view.seat and view.trick and barred:
            break
        await me.turn(table_id)
    assert barred, "alice never had to follow suit"
    hand = await ui.my_hand(alice, channel, table_id)
    version = ui.service().get(table_id).version
    custom_id = ids.act(table_id, version, Action.play(barred[0]))
    (shown,) = [b for b in ui.buttons(hand) if b.custom_id == custom_id]
    assert shown.disabled
    forged = await post_buttons(ui.env, channel, [custom_id])
    answer = await alice.click(forged, custom_id=custom_id)
    assert answer.ephemeral
    said = ui.text(answer.response.message)
    assert "you must follow" in said and "Traceback" not in said, said
    assert ui.service().get(table_id).version == version and barred[0] in ui.service().view(table_id, alice.id).hand
    signal_id = ids.act(table_id, version, Action.play(view.legal[0].card, signal="busso"))
    forged = await post_buttons(ui.env, channel, [signal_id])
    answer = await alice.click(forged, custom_id=signal_id)
    assert "signals are off" in ui.text(answer.response.message)
    assert ui.service().get(table_id).version == version


@pytest.mark.usefixtures("simcord_env")
async def test_after_a_tressette_game_rematch_replay_review_history_and_the_leaderboard(ui, seed):
    seed(3)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "tressette", [bob], players=2, match="single", turn_timer=0)
    await play(ui, table_id, [Seat(ui, channel, alice, random.Random(5)), Seat(ui, channel, bob, random.Random(6))])
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    summary = match_summary(ui, channel)
    labels = [b.label for b in ui.buttons(summary)]
    assert labels[:3] == ["Rematch", "Review my play", "Replay"]

    history = ui.text((await bob.slash(channel, "history")).response)
    assert f"`game {game.id}`" in history and "Tressette" in history
    board = ui.text((await bob.slash(channel, "leaderboard", game="tressette")).response)
    assert "alice" in board and "bob" in board
    stats = ui.text((await bob.slash(channel, "stats", member=alice)).response)
    assert "Tressette" in stats

    pressed = await bob.click(summary, custom_id=f"tv:replay:{game.id}")
    await ui.env.settle()
    assert pressed.acknowledged and not pressed.ephemeral
    posted = ui.public(channel)[-1]
    assert f"Replay of game {game.id}" in ui.text(posted)
    assert [a.filename for a in posted.attachments] == ["replay.webp"]

    review = await alice.click(summary, custom_id=f"tv:review:{game.id}")
    assert review.ephemeral, "a review is only ever shown to its player"
    await ui.env.settle(timeout=120)
    text = ui.text(ui.message(channel, review.response.message.id, viewer=alice))
    assert f"Your review of game {game.id}" in text and "the AI prefers" in text
    assert "deal points" in text and "card points" not in text, "a cost in the game's unit"

    rematch = await alice.click(summary, custom_id=f"tv:rematch:{game.id}")
    assert rematch.acknowledged
    lobby = ui.public(channel)[-1]
    assert "Tressette" in ui.text(lobby) and "2 players" in ui.text(lobby)
    join = next(b.custom_id for b in ui.buttons(lobby) if b.custom_id.endswith(":join"))
    assert int(join.split(":")[2]) != table_id  # a new table of Tressette for 2


@pytest.mark.usefixtures("simcord_env")
@pytest.mark.parametrize(("options", "people", "cards", "budget"), [
    ({"players": 2}, 1, 40, 1.0), ({"players": 4, "signals": "on", "team_chat": "off"}, 2, 40, 1.3)])
async def test_rest_calls_a_card_keep_the_budget_of_every_game(ui, seed, options, people, cards, budget):
    seed(11)
    guild, channel = ui.room()
    members = ui.members(guild, *("alice", "bob")[:people])
    log = ui.env.http_requests
    first = len(log)
    lobby = (await members[0].slash(channel, "tressette", level="medium", match="single", turn_timer=0,
                                    **options)).response
    table_id = ui.table_id_of(lobby)
    if people == 2:
        await members[0].select(lobby, ["add:medium"])  # partners: alice and bob
        await members[1].click(lobby, custom_id=f"tv:lobby:{table_id}:join")
    await members[0].click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    await play(ui, table_id, [Seat(ui, channel, m, random.Random(m.id), signal="volo") for m in members])
    await ui.env.settle()
    calls = len(log) - first
    print(f"\ntressette {options['players']}, {people} people: {calls} REST calls for {cards} cards, "
          f"{calls / cards:.2f} a card")
    assert calls / cards <= budget, calls


@pytest.mark.usefixtures("simcord_env")
async def test_a_hint_at_a_practice_tressette_names_a_legal_play(ui, seed):
    seed(12)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "tressette", players=2, level="medium", hints="on", turn_timer=0)
    hand = await ui.my_hand(alice, channel, table_id)
    view = ui.service().view(table_id, alice.id)
    (hint,) = [b for b in ui.buttons(hand) if b.custom_id.startswith(f"tv:hint:{table_id}:")]
    answer = await alice.click(hand, custom_id=hint.custom_id)
    assert answer.ephemeral
    line = ui.text(answer.response.message)
    assert line.startswith("Hint: **") and "deal points for your side" in line
    assert line.split("**")[1] in {play_label(a, "italian") for a in view.legal}


@pytest.mark.usefixtures("simcord_env")
@pytest.mark.parametrize("options", [{"players": 2, "accusi": "on", "show_points": "on", "faces": "french"},
                                     {"players": 4, "signals": "on", "accusi": "on"}], ids=str)
async def test_no_public_message_names_a_hidden_card(ui, seed, options):
    """Drawn and declared cards are public; every other card in a hand or the stock never shows."""
    seed(17)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "tressette", [bob], level="medium", match="single",
                                   turn_timer=0, **options)
    service = ui.service()
    seats = {m.id: Seat(ui, channel, m, random.Random(m.id), signal="striscio") for m in (alice, bob)}
    checked = 0
    while ui.live(table_id):
        rnd = service._tables[table_id].match.round  # the test looks behind the service to know every hand
        shown = service.view(table_id).announced()
        secret = [c for hand in rnd.hands for c in hand if c not in shown] + list(rnd.stock)
        text = "\n".join(ui.text(m) for m in ui.public(channel))
        for name in {card_name(c, style) for c in secret for style in ("italian", "french")}:
            assert name not in text, f"{name} is secret but shows in a public message"
        checked += 1
        info = service.get(table_id)
        await seats[info.seats[info.to_move].user_id].turn(table_id)
    assert checked >= 10
