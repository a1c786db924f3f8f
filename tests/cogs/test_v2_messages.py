"""Every message of the bot is a Components V2 message that Discord accepts (SimCord checks each payload as it
arrives; here every stored message is checked again, after whole games of each mode), and after a restart
every kind of control on the messages posted before it still answers."""

from __future__ import annotations

import pytest
from simcord.components import COMPONENTS_V2_FLAG, validate_message_state

from bot.ratings import Rating, Standing
from cogs.play.tables import ONLOOKER_REFRESH_SECONDS


def bot_messages(env, channel) -> list:
    """SimCord's stored messages of the bot in a channel (the ephemeral ones too), oldest first."""
    me = env.bot.user.id
    return [m for m in sorted(env.backend.messages.get(channel.id, {}).values(), key=lambda m: m.id)
            if m.author_id == me]


async def check_every_message_after_a_game(env, ui, channel, member, game: str):
    """``member`` asks for their /stats and the game's /leaderboard; every message of the bot in the channel
    is then checked as V2. Returns the match summary (the public message before the leaderboard)."""
    await member.slash(channel, "stats")
    await member.slash(channel, "leaderboard", game=game)
    messages = bot_messages(env, channel)
    assert len(messages) >= 6
    for message in messages:
        check_v2(message)
    return ui.public(channel)[-2]


def check_v2(message) -> None:
    assert message.flags & COMPONENTS_V2_FLAG, f"message {message.id} is not V2: {message.content!r}"
    assert not message.content and not message.embeds
    validate_message_state(message.components, flags=message.flags, content=message.content,
                           embeds=message.embeds)


@pytest.mark.parametrize(("game", "options"), [("briscola", {"players": 2}), ("chiamata", {}), ("cicera", {})])
async def test_whole_games_of_each_mode_send_only_valid_v2_messages(simcord_env, ui, seed, players, game, options):
    env = simcord_env
    Player, play = players
    seed(4)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    await alice.slash(channel, "rules", game=game)
    table_id = await ui.open_table(alice, channel, game, level="easy", turn_timer=0, **options)
    refused = await alice.slash(channel, game, **options)  # already seated here
    assert refused.ephemeral and "already" in ui.text(refused.response)
    await play(ui, table_id, [Player(ui, channel, alice)])
    summary = await check_every_message_after_a_game(env, ui, channel, alice, game)
    assert ui.galleries(summary) == ["summary.png"] and "Rematch" in [b.label for b in ui.buttons(summary)]


async def test_after_a_restart_every_control_of_the_old_messages_answers(simcord_env, ui, bots):
    env = simcord_env
    guild, channel = ui.room()
    alice, bob, carol = ui.members(guild, "alice", "bob", "carol")
    # a finished game (its summary carries Rematch), a leaderboard, a game in play, bob's lobby
    first = await ui.open_table(alice, channel, "briscola", players=2, level="easy", turn_timer=0)
    hand = await ui.my_hand(alice, channel, first)
    while ui.live(first):
        message = ui.message(channel, hand.id, viewer=alice)
        await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    summary = ui.public(channel)[-1]
    others = [Standing(1000 + i, f"player{i}", Rating(20.0 + i, 2.0), games=4, wins=2, losses=2) for i in range(12)]
    await ui.service().store.seed_games([], [], others, guild.id, "briscola")  # two pages: Next is enabled
    board = (await carol.slash(channel, "leaderboard", game="briscola")).response
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy", turn_timer=0)
    table = ui.table_message(channel, table_id)
    hand = await ui.my_hand(alice, channel, table_id)
    lobby = (await bob.slash(channel, "cicera", level="easy")).response

    await bots.restart(env)
    before = ui.service().view(table_id, alice.id)
    answers = []
    answers.append(await alice.click(ui.message(channel, hand.id, viewer=alice),
                                     custom_id=ui.enabled_actions(ui.message(channel, hand.id, viewer=alice))[0]
                                     .custom_id))
    answers.append(await alice.click(ui.message(channel, table.id), label="My hand"))
    answers.append(await carol.click(ui.message(channel, board.id), label="Next"))
    answers.append(await carol.click(ui.message(channel, lobby.id), label="Join"))
    ai = ui.selects(ui.message(channel, lobby.id))[0]
    answers.append(await bob.select(ui.message(channel, lobby.id), ["add:easy"], custom_id=ai.custom_id))
    answers.append(await carol.click(ui.message(channel, lobby.id), label="Leave"))
    answers.append(await carol.click(ui.message(channel, summary.id), label="Rematch"))
    for result in answers:
        assert result.acknowledged, result
        assert "went wrong" not in ui.text(result.response), result
    after = ui.service().view(table_id, alice.id)
    assert len(after.hand) < len(before.hand) or len(after.tricks) > len(before.tricks), "the card was not played"
    (info,) = [t for t in ui.service().tables() if t.host_id == bob.id]
    assert [s.ai for s in info.seats] == [None, "easy"]  # carol joined and left, the AI was added
    assert any(t.host_id == carol.id for t in ui.service().tables())  # her Rematch opened a lobby
    await env.advance_time(ONLOOKER_REFRESH_SECONDS)
    for message in bot_messages(env, channel):
        check_v2(message)
