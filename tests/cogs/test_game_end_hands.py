"""A finished game's hand message offers no move: it shows the end, whoever played the last cards."""

from __future__ import annotations

import pytest

OVER = "The game is over."


def assert_shows_the_end(ui, message) -> None:
    """The hand message says the game is over, not whose turn it is, and has no enabled control."""
    text = ui.text(message)
    assert OVER in text and "Your turn" not in text and "to play" not in text, text
    assert not [b for b in ui.buttons(message) if not b.disabled], [b.label for b in ui.buttons(message)]
    assert not [s for s in ui.selects(message) if not s.disabled]


async def test_the_hand_shows_the_end_after_the_last_trick_plays_itself(simcord_env, ui, seed):
    """2-player Briscola with ``autoplay_last`` on (the default): the person wins the nineteenth trick and leads
    the last one, which the bot plays for them; their hand message then says the game is over and offers no card
    (it said "Your turn" with one card that the table refused once pressed)."""
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    led_last = []
    for value in range(1, 16):
        seed(value)
        table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
        hand = await ui.my_hand(alice, channel, table_id)
        while ui.live(table_id):
            message = ui.message(channel, hand.id, viewer=alice)
            actions = ui.enabled_actions(message)
            assert actions, ui.text(message)
            await alice.click(message, custom_id=actions[-1].custom_id)
        await env.settle()
        assert_shows_the_end(ui, ui.message(channel, hand.id, viewer=alice))
        game = (await env.bot.service.store.games_of(guild.id, alice.id, 1))[0]
        record = await env.bot.service.store.game_record(game.id)
        last_trick = record["rounds"][-1]["actions"][-2:]
        if last_trick[0]["seat"] == 0:  # alice (the host, seat 0) led the last trick: the bot played her card
            led_last.append(value)
            break
    assert led_last, "no deal had alice lead the last trick"


@pytest.mark.usefixtures("simcord_env")
@pytest.mark.parametrize(("game", "value", "options"), [
    ("chiamata", 2, {}), ("cicera", 3, {"team_chat": "off"})])
async def test_chiamata_and_cicera_hands_show_the_end(ui, seed, players, game, value, options):
    """The same in the other games: once the last card is down, each person's hand message says the game is over
    and offers nothing."""
    Player, play = players
    seed(value)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, game, [bob], level="easy", turn_timer=0, **options)
    people = [Player(ui, channel, alice), Player(ui, channel, bob, bids=False)]
    await play(ui, table_id, people)
    await ui.env.settle()
    for person in people:
        assert person.hand_id is not None
        assert_shows_the_end(ui, ui.message(channel, person.hand_id, viewer=person.member))
