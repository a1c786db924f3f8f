"""Opening tables, the lobby buttons, and who may press them."""

from __future__ import annotations


def public(channel):
    """The bot's messages everyone sees."""
    return [m for m in channel.history() if not m.flags.ephemeral]


async def test_briscola_lobby_join_add_ai_and_start(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")

    made = await alice.slash(channel, "briscola", players=4, level="easy", team_chat="off")
    lobby = made.response
    assert not made.ephemeral and lobby.flags.value & (1 << 15), "the lobby is a Components V2 message"
    text = ui.text(lobby)
    assert "alice" in text and str(alice.id) not in text, "seats by name, never a raw member id"
    service = env.bot.service
    (info,) = service.tables()
    assert info.status == "lobby" and info.options["team_chat"] == "off" and info.level == "easy"

    joined = await bob.click(lobby, label="Join")
    assert joined.acknowledged and not joined.followups
    seats = ui.text(ui.message(channel, lobby.id))
    assert "1. **alice**" in seats and "2. **bob**" in seats and str(bob.id) not in seats

    refused = await bob.click(lobby, label="Start")
    assert refused.ephemeral and "host" in ui.text(refused.response)
    assert service.get(info.id).status == "lobby"

    added = await alice.select(lobby, ["add:medium"])
    assert added.acknowledged
    assert [s.ai for s in service.get(info.id).seats] == [None, None, "medium"]

    started = await alice.click(lobby, label="Start")
    assert started.acknowledged
    info = service.get(info.id)
    assert info.status == "playing" and len(info.seats) == 4
    table = public(channel)[-1]
    assert table.attachments and table.attachments[0].filename == "table.png"
    assert [b.label for b in ui.buttons(table)] == ["My hand"] and ui.galleries(table) == ["table.png"]


async def test_a_member_without_a_seat_pressing_every_lobby_button_changes_nothing(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    alice, carol = ui.members(guild, "alice", "carol")
    lobby = (await alice.slash(channel, "cicera", level="easy")).response
    service = env.bot.service
    (info,) = service.tables()
    before = service.get(info.id)
    for label in ("Leave", "Start", "Cancel"):
        result = await carol.click(lobby, label=label)
        assert result.ephemeral, label
        assert len(ui.text(result.response)) < 120, label
    result = await carol.select(lobby, ["add:easy"])
    assert result.ephemeral and "host" in ui.text(result.response)
    result = await carol.select(lobby, ["remove"])
    assert result.ephemeral
    assert service.get(info.id) == before
    assert len([m for m in channel.history() if not m.flags.ephemeral]) == 1


async def test_host_cancels_and_the_lobby_message_says_so(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    lobby = (await alice.slash(channel, "chiamata", level="easy", bidding="points")).response
    (info,) = env.bot.service.tables()
    assert info.players == 5 and info.options["bidding"] == "points"
    await alice.click(lobby, label="Cancel")
    assert env.bot.service.tables() == []
    message = channel.history()[-1]
    assert "closed" in ui.text(message) and not ui.buttons(message) and not ui.selects(message) and not message.embeds


async def test_last_player_leaving_closes_the_lobby_and_a_second_table_is_refused(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    lobby = (await alice.slash(channel, "briscola", players=2)).response
    again = await alice.slash(channel, "briscola", players=3)
    assert again.ephemeral and "already" in ui.text(again.response)
    assert len(env.bot.service.tables()) == 1
    await alice.click(lobby, label="Leave")
    assert env.bot.service.tables() == []
    assert not ui.buttons(channel.history()[-1]) and not ui.selects(channel.history()[-1])


async def test_an_option_that_does_not_fit_is_a_short_ephemeral_error(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    result = await alice.slash(channel, "briscola", players=2, teams="13-24")
    assert result.ephemeral and "teams" in ui.text(result.response)
    result = await alice.slash(channel, "briscola", players=2, turn_timer=5)
    assert result.ephemeral and "turn_timer" in ui.text(result.response)
    assert env.bot.service.tables() == []
    assert not [m for m in channel.history() if not m.flags.ephemeral]


async def test_table_leave_and_abort_commands(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    lobby = (await alice.slash(channel, "briscola", players=4)).response
    await bob.click(lobby, label="Join")
    left = await bob.slash(channel, "table leave")
    assert left.ephemeral
    (info,) = env.bot.service.tables()
    assert [s.user_id for s in info.seats] == [alice.id]
    assert "bob" not in ui.text(ui.message(channel, lobby.id))
    refused = await bob.slash(channel, "table abort")
    assert refused.ephemeral and env.bot.service.tables()
    done = await alice.slash(channel, "table abort")
    assert done.ephemeral and env.bot.service.tables() == []
    assert not ui.buttons(channel.history()[-1]) and not ui.selects(channel.history()[-1])
