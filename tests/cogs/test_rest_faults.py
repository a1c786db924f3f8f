"""A REST call that fails (Discord answering 500 or 429) does not lose the game."""

from __future__ import annotations


async def click_first(ui, member, channel, message_id):
    message = ui.message(channel, message_id, viewer=member)
    return await member.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)


async def test_failed_edits_and_answers_are_caught_up_at_the_next_step(simcord_env, ui):
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("tavolo")
    alice = guild.add_member(env.create_user("alice"))
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    table = ui.table_message(channel, table_id)
    hand = await ui.my_hand(alice, channel, table_id)
    hub = env.bot.hub
    await click_first(ui, alice, channel, hand.id)

    # the table message's edit fails once: the table is behind, then caught up at the next step
    env.inject_error("PATCH", "/channels/*/messages/*", status=500)
    await click_first(ui, alice, channel, hand.id)
    info = ui.service().get(table_id)
    assert hub.presences[table_id].shown[1] < info.version
    await click_first(ui, alice, channel, hand.id)
    info = ui.service().get(table_id)
    assert hub.presences[table_id].shown[1] == info.version

    # Discord rate-limits the answer to a click: the card is played all the same, the hand catches up
    env.inject_error("POST", "/interactions/*/callback", status=429, message="You are being rate limited.")
    before = ui.service().get(table_id).version
    await click_first(ui, alice, channel, hand.id)
    assert ui.service().get(table_id).version > before
    while ui.live(table_id):
        result = await click_first(ui, alice, channel, hand.id)
        assert result.acknowledged
    assert len(await ui.service().store.games_of(guild.id, alice.id)) == 1
    assert "over" in ui.message(channel, table.id).content
