"""After a restart the same buttons work: lobbies, table messages and hand messages, and the game ends."""

from __future__ import annotations

from cogs.play.tables import ONLOOKER_REFRESH_SECONDS


async def test_a_game_continues_after_a_restart_with_the_same_buttons(simcord_env, ui, bots):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    table = ui.table_message(channel, table_id)
    hand = await ui.my_hand(alice, channel, table_id)
    for _ in range(4):
        message = ui.message(channel, hand.id, viewer=alice)
        await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    version = ui.service().get(table_id).version
    old_bot = env.bot

    bot = await bots.restart(env)
    assert bot is not old_bot and ui.live(table_id)
    assert ui.service().get(table_id).version == version

    # the hand message from before the restart: its buttons still play
    message = ui.message(channel, hand.id, viewer=alice)
    result = await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    assert result.acknowledged and result.response.ephemeral and "Your hand" in ui.text(result.response)
    assert ui.service().get(table_id).version > version
    # My hand on the table message from before the restart works too
    hand = await ui.my_hand(alice, channel, table_id)
    while ui.live(table_id):
        message = ui.message(channel, hand.id, viewer=alice)
        await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    assert len(await bot.service.store.games_of(guild.id, alice.id)) == 1
    # the same table message was found again and shows the end (not a new one)
    table = ui.message(channel, table.id)
    assert "over" in ui.text(table) and not ui.buttons(table)
    assert len(ui.public(channel)) == 2  # the table message and the summary: nothing reposted


async def test_a_lobby_works_after_a_restart(simcord_env, ui, bots):
    env = simcord_env
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    lobby = (await alice.slash(channel, "briscola", players=2, level="easy")).response
    await bots.restart(env)
    await bob.click(lobby, label="Join")
    (info,) = ui.service().tables()
    assert [s.user_id for s in info.seats] == [alice.id, bob.id]
    await alice.click(lobby, label="Start")
    assert ui.service().get(info.id).status == "playing"


async def test_a_table_message_deleted_after_a_restart_is_posted_again(simcord_env, ui, bots):
    import discord

    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    mods = guild.create_role("mods", permissions=discord.Permissions(manage_messages=True))
    mod = guild.add_member(env.create_user("mod"), roles=[mods])
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    hand = await ui.my_hand(alice, channel, table_id)
    table = ui.table_message(channel, table_id)
    await bots.restart(env)
    await mod.delete(table)
    message = ui.message(channel, hand.id, viewer=alice)
    await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    await env.advance_time(ONLOOKER_REFRESH_SECONDS)  # alice plays from her hand: the table follows for onlookers
    again = ui.table_message(channel, table_id)
    assert again.id != table.id and again.attachments
    while ui.live(table_id):
        message = ui.message(channel, hand.id, viewer=alice)
        await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    assert "over" in ui.text(ui.message(channel, again.id))
