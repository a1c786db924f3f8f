"""Cicera in one step: a card and what it takes are chosen together (a select of "card → cards taken" and
"card → place it", paged past 25), a card that can take nothing is placed with one click, and the Pick and
Back buttons of old hand messages are refused."""

from __future__ import annotations

import discord
import pytest

from cogs.texts import card_name

NO_CAPTURE_SEED = 3
"""Alice (seat 0) plays first and holds cards that can capture and cards that cannot."""
MANY_CHOICES_SEED = 498
"""Alice's first turn has more than 25 choices (captures, and placing the cards that capture)."""


def rows(ui, message) -> list:
    """The action rows of a message."""
    return [c for c in ui.walk(message.components) if c.type.value == 1]


def controls(ui, message):
    """The capture select (or ``None``), the Place buttons, and the More captures button (or ``None``)."""
    (menu,) = [s for s in ui.selects(message) if ":take" in s.custom_id] or [None]
    places = [b for b in ui.enabled_actions(message) if b.custom_id.endswith("_place")]
    more = next((b for b in ui.buttons(message) if b.custom_id.startswith("tv:page:")), None)
    return menu, places, more


def check_shape(ui, message) -> None:
    """A hand message a phone shows whole: at most 5 rows and 25 controls, a short placeholder, option labels
    within Discord's 100 characters, and no Pick or Back."""
    assert len(rows(ui, message)) <= 5
    items = ui.buttons(message) + ui.selects(message)
    assert len(items) <= 25
    for s in ui.selects(message):
        assert len(s.placeholder) <= 35, s.placeholder
        assert 1 <= len(s.options) <= 25 and all(len(o.label) <= 100 for o in s.options)
    assert not [b for b in ui.buttons(message) if b.custom_id.startswith(("tv:pick:", "tv:back:"))]


def mine(ui, table_id: int, member):
    """The member's own view of the table."""
    return ui.service().view(table_id, member.id)


async def open_alone(ui, seed_value: int, seed):
    """Alice alone with three AIs at a Cicera table, on her first turn; (channel, alice, table id, her hand)."""
    seed(seed_value)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "cicera", level="easy", turn_timer=0, team_chat="off")
    info = ui.service().get(table_id)
    assert info.seats[info.to_move].user_id == alice.id, "choose a seed where alice plays first"
    hand = await ui.my_hand(alice, channel, table_id)
    check_shape(ui, hand)
    return channel, alice, table_id, hand


@pytest.mark.usefixtures("simcord_env")
async def test_a_whole_cicera_deal_between_two_people_one_control_a_card(ui, seed, players):
    seed(NO_CAPTURE_SEED)
    Player, play = players
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "cicera", [bob], level="easy", turn_timer=0, team_chat="off")
    pa, pb = Player(ui, channel, alice), Player(ui, channel, bob)
    shapes = {"checked": 0}

    def each_turn(_info) -> None:
        for p in (pa, pb):
            if p.hand_id is not None:
                check_shape(ui, ui.message(channel, p.hand_id, viewer=p.member))
                shapes["checked"] += 1

    await play(ui, table_id, [pa, pb], each_turn=each_turn)
    assert not ui.live(table_id) and shapes["checked"] > 20
    assert len(pa.used) == 12 and len(pb.used) == 12, (pa.used, pb.used)  # one control per card played
    assert {"take", "place"} <= set(pa.used + pb.used)
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    record = await ui.service().store.game_record(game.id)
    actions = record["rounds"][0]["actions"]
    for seat, p in ((0, pa), (1, pb)):
        assert len([a for a in actions if a.get("seat") == seat and a.get("take")]) == p.used.count("take")


@pytest.mark.usefixtures("simcord_env")
async def test_a_card_that_takes_nothing_is_placed_with_one_click(ui, seed):
    channel, alice, table_id, hand = await open_alone(ui, NO_CAPTURE_SEED, seed)
    view = mine(ui, table_id, alice)
    menu, places, _ = controls(ui, hand)
    nothing = [c for c in view.hand if not any(a.card == c and a.take for a in view.legal)]
    assert nothing and menu is not None, "choose a seed where alice has both kinds of card"
    # numbered as in the picture; a long hand (12 cards) by its number alone, its names in the picture's text
    assert [b.label for b in places] == [str(view.hand.index(c) + 1) for c in nothing]
    gallery = next(c for c in ui.walk(hand.components) if c.type.value == 12)  # the hand picture
    description = gallery.items[0].description or ""
    assert all(f"{view.hand.index(c) + 1} {card_name(c)}" in description for c in view.hand), description
    card = nothing[0]
    result = await alice.click(hand, custom_id=places[0].custom_id)  # the one interaction
    assert result.acknowledged and result.response.ephemeral
    after = ui.service().view(table_id)
    assert after.history[0] == (0, card, ())  # placed, taking nothing
    assert card not in mine(ui, table_id, alice).hand
    assert len(after.history) > 1 or card in after.table


@pytest.mark.usefixtures("simcord_env")
async def test_a_capture_is_chosen_in_one_select_pick(ui, seed):
    channel, alice, table_id, hand = await open_alone(ui, NO_CAPTURE_SEED, seed)
    before = ui.service().view(table_id)
    menu, _, _ = controls(ui, hand)
    assert menu.placeholder == "Capture with…"
    option = next(o for o in menu.options if "_take_" in o.value)
    chosen = next(a for a in mine(ui, table_id, alice).legal if str(a).replace(" ", "_") == option.value)
    assert option.label == f"{card_name(chosen.card)} → " + " + ".join(card_name(c) for c in chosen.take)
    assert set(chosen.take) <= set(before.table)
    result = await alice.select(hand, [option.value], custom_id=menu.custom_id)
    assert result.acknowledged and result.response.ephemeral
    after = ui.service().view(table_id)
    assert after.history[0] == (0, chosen.card, chosen.take)
    assert not set(chosen.take) & set(after.table)  # the right cards left the board...
    taken_later = {c for _, _, take in after.history[1:] for c in take}
    assert set(before.table) - set(chosen.take) <= set(after.table) | taken_later  # ...and only those


@pytest.mark.usefixtures("simcord_env")
async def test_every_card_can_still_be_placed_from_the_select(ui, seed):
    channel, alice, table_id, hand = await open_alone(ui, NO_CAPTURE_SEED, seed)
    menu, _, _ = controls(ui, hand)
    place = next(o for o in menu.options if o.value.endswith("_place"))
    card = next(c for c in mine(ui, table_id, alice).hand if f"play_{c}_place" == place.value)
    assert place.label == f"{card_name(card)} → place it"
    await alice.select(hand, [place.value], custom_id=menu.custom_id)
    assert ui.service().view(table_id).history[0] == (0, card, ())


async def test_more_than_25_choices_are_paged_and_the_pages_turn_after_a_restart(simcord_env, ui, seed, bots):
    env = simcord_env
    channel, alice, table_id, hand = await open_alone(ui, MANY_CHOICES_SEED, seed)
    view = mine(ui, table_id, alice)
    capturing = {a.card for a in view.legal if a.take}
    choices = [a for a in view.legal if a.card in capturing]
    assert len(choices) > 25, "choose a seed with more than 25 choices on alice's first turn"
    menu, places, more = controls(ui, hand)
    first = [o.value for o in menu.options]
    assert len(first) == 25 and more is not None and more.label == "More captures (2/2)"
    version = ui.service().get(table_id).version

    await bots.restart(env)  # the page button of the old message still turns the page
    result = await alice.click(ui.message(channel, hand.id, viewer=alice), custom_id=more.custom_id)
    assert result.acknowledged and result.response.ephemeral
    turned = ui.message(channel, hand.id, viewer=alice)
    check_shape(ui, turned)
    assert turned.attachments and [a.filename for a in turned.attachments] == [a.filename for a in hand.attachments]
    menu2, places2, more2 = controls(ui, turned)
    second = [o.value for o in menu2.options]
    assert len(second) == len(choices) - 25 and not set(first) & set(second)
    assert {*first, *second} == {str(a).replace(" ", "_") for a in choices}
    assert [b.custom_id for b in places2] == [b.custom_id for b in places]
    assert more2.label == "More captures (1/2)"
    assert ui.service().get(table_id).version == version and not ui.service().view(table_id).history  # no play

    value = second[-1]
    chosen = next(a for a in choices if str(a).replace(" ", "_") == value)
    await alice.select(turned, [value], custom_id=menu2.custom_id)  # a choice of page 2 plays
    assert ui.service().view(table_id).history[0] == (0, chosen.card, chosen.take)


async def post_buttons(env, channel, custom_ids):
    """The bot posts a plain button per ``custom_id`` (as an old hand message carries them)."""
    view = discord.ui.View(timeout=None)
    for n, custom_id in enumerate(custom_ids):
        view.add_item(discord.ui.Button(label=f"b{n}", custom_id=custom_id))
    sent = await env.bot.get_partial_messageable(channel.id).send("buttons", view=view)
    return next(m for m in channel.history() if m.id == sent.id)


async def test_old_pick_and_back_buttons_and_a_stale_page_are_refused(simcord_env, ui, seed):
    channel, alice, table_id, hand = await open_alone(ui, MANY_CHOICES_SEED, seed)
    service = ui.service()
    info = service.get(table_id)
    card = mine(ui, table_id, alice).hand[0]
    _, _, more = controls(ui, hand)
    old = [f"tv:pick:{table_id}:{info.version}:{card}:0", f"tv:back:{table_id}:{info.version}",
           f"tv:pick:{table_id}:{info.version}:{card}:3"]
    message = await post_buttons(simcord_env, channel, old)

    async def refused(on, custom_id, expect):
        before = service.get(table_id), service.view(table_id)
        result = await alice.click(on, custom_id=custom_id)
        assert result.acknowledged and result.ephemeral, custom_id
        text = ui.text(result.response)
        assert expect in text and len(text) < 150, text
        assert (service.get(table_id), service.view(table_id)) == before, f"{custom_id} changed the table"

    for custom_id in old:  # an old hand message's Pick and Back, even on alice's turn with current ids
        await refused(message, custom_id, "My hand")
    menu, _, _ = controls(ui, hand)
    await alice.select(hand, [menu.options[0].value], custom_id=menu.custom_id)  # alice plays
    stale = await post_buttons(simcord_env, channel, [more.custom_id])
    await simcord_env.settle()
    turn = service.get(table_id).to_move == 0
    # a page of a hand that is no longer current: out of date on alice's next turn, not her turn before
    await refused(stale, more.custom_id, "out of date" if turn else "not your turn")
