"""``/leaderboard``, ``/stats``, ``/rules`` and ``/settings``."""

from __future__ import annotations

import discord
import pytest

from bot.ratings import Rating, Standing
from bot.rules_text import RULES
from cogs.texts import t


@pytest.mark.usefixtures("simcord_env")
async def test_leaderboard_pages_and_stats(ui):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    await ui.play_to_the_end(alice, channel)
    others = [Standing(1000 + i, f"player{i}", Rating(20.0 + i, 2.0), games=4, wins=2, losses=2) for i in range(22)]
    await ui.service().store.seed_games([], [], others, guild.id, "briscola")

    board = await bob.slash(channel, "leaderboard", game="briscola")
    assert not board.ephemeral
    text = ui.text(board.response)
    assert "Briscola · leaderboard" in text and "Page 1 of 3" in text and "23 players" in text
    assert text.count(" · rating ") == 10
    page2 = await bob.click(board.response, label="Next")
    assert "Page 2 of 3" in ui.text(page2.response)
    page3 = await bob.click(board.response, label="Next")
    text = ui.text(page3.response)
    assert "Page 3 of 3" in text and "alice" in text and text.count(" · rating ") == 3
    assert any(b.disabled for b in ui.buttons(ui.message(channel, board.response.id)) if b.label == "Next")

    empty = await bob.slash(channel, "leaderboard", game="cicera")
    assert "Nobody" in ui.text(empty.response)

    mine = await alice.slash(channel, "stats")
    assert mine.ephemeral
    stats = ui.text(mine.response)
    assert "alice · statistics" in stats and "**Briscola**" in stats and "Last games" in stats
    theirs = await alice.slash(channel, "stats", member=bob)
    assert not theirs.ephemeral and "not finished a game" in ui.text(theirs.response)


@pytest.mark.usefixtures("simcord_env")
async def test_rules_for_each_game(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    for game, word in (("briscola", "trump"), ("chiamata", "partner"), ("cicera", "capture")):
        result = await alice.slash(channel, "rules", game=game)
        assert result.ephemeral
        text = ui.text(result.response)
        assert word in text and "**turn_timer**" in text
        assert all(f"**{heading}**" in text for heading, _ in RULES[game])


async def test_settings_need_manage_server_and_set_defaults_for_new_tables(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    other = guild.create_text_channel("other")
    boss_role = guild.create_role("boss", permissions=discord.Permissions(manage_guild=True))
    boss = guild.add_member(env.create_user("boss"), roles=[boss_role])
    alice = guild.add_member(env.create_user("alice"))

    assert not [c for c in alice.available_commands(channel) if c.startswith("settings")]
    assert "settings option" in boss.available_commands(channel)
    done = await boss.slash(channel, "settings option", game="briscola", option="faces", value="french")
    assert done.ephemeral and "Saved" in ui.text(done.response)
    choices = await boss.autocomplete(channel, "settings option", "value", "", game="briscola", option="match")
    assert {c["value"] for c in choices} >= {"single", "short", "long"}
    bad = await boss.slash(channel, "settings option", game="briscola", option="faces", value="german")
    assert bad.ephemeral and "faces" in ui.text(bad.response)

    made = await alice.slash(channel, "briscola", players=2)
    (info,) = ui.service().tables()
    assert info.options["faces"] == "french"
    await alice.click(made.response, label="Cancel")

    await boss.slash(channel, "settings channel", channel=other, allowed=True)
    refused = await alice.slash(channel, "briscola", players=2)
    assert refused.ephemeral and "cannot be opened" in ui.text(refused.response)
    shown = await boss.slash(channel, "settings show")
    assert other.mention in ui.text(shown.response)

    await boss.slash(channel, "settings language", language="it")
    assert (await ui.service().guild_settings(guild.id)).language == "it"
    reset = await boss.slash(channel, "settings reset-leaderboard", game="briscola")
    assert reset.ephemeral and "Reset the leaderboard" in ui.text(reset.response)  # the boss's client: English
    lobby = (await alice.slash(other, "briscola", players=2)).response  # the public lobby: the server's Italian
    assert t("lobby.seats", "it") in ui.text(lobby) and t("lobby.seats", "it") != t("lobby.seats", "en")
    confirmed = await boss.click(reset.response, label="Yes, reset it")
    assert confirmed.ephemeral or confirmed.acknowledged


@pytest.mark.usefixtures("simcord_env")
async def test_leaderboard_reset_after_confirmation(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    (alice,) = ui.members(guild, "alice")
    store = ui.service().store
    for game in ("briscola", "cicera"):
        ranked = [Standing(1000 + i, f"player{i}", Rating(20.0 + i, 2.0), games=4, wins=2, losses=2)
                  for i in range(3)]
        await store.seed_games([], [], ranked, guild.id, game)

    asked = await boss.slash(channel, "settings reset-leaderboard", game="briscola")
    assert asked.ephemeral and "Briscola" in ui.text(asked.response)
    board = await alice.slash(channel, "leaderboard", game="briscola")
    assert "3 players" in ui.text(board.response)  # nothing erased before the confirmation
    confirmed = await boss.click(asked.response, label="Yes, reset it")
    assert confirmed.acknowledged
    assert "3 standings erased" in ui.text(ui.message(channel, asked.response.id, viewer=boss))
    board = await alice.slash(channel, "leaderboard", game="briscola")
    assert "Nobody" in ui.text(board.response)
    board = await alice.slash(channel, "leaderboard", game="cicera")
    assert "3 players" in ui.text(board.response)

    every = await boss.slash(channel, "settings reset-leaderboard", game="all")
    await boss.click(every.response, label="Yes, reset it")
    board = await alice.slash(channel, "leaderboard", game="cicera")
    assert "Nobody" in ui.text(board.response)
