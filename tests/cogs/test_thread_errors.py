"""Team threads: a channel where they cannot be opened is said plainly, and a bug is logged as a bug, never
passed off as a missing permission."""

from __future__ import annotations

import logging

import discord
import pytest


async def play_a_cicera(ui, players, guild, channel) -> tuple[int, list[str]]:
    """alice and bob (partners, with two AI) play a Cicera deal whose threads open after the first trick; the
    table message's texts, turn by turn."""
    Player, play = players
    alice, bob = ui.members(guild, "alice", "bob")
    lobby = (await alice.slash(channel, "cicera", level="easy", team_chat="after_first_trick", turn_timer=0)).response
    await alice.select(lobby, ["add:easy"])  # partners sit opposite: alice, AI, bob, AI
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    (info,) = ui.service().tables()
    said: list[str] = []
    await play(ui, info.id, [Player(ui, channel, alice), Player(ui, channel, bob)],
               each_turn=lambda _: said.append(ui.text(ui.table_message(channel, info.id))))
    assert not ui.live(info.id)
    return info.id, said


async def test_a_table_in_a_voice_channels_chat_says_there_are_no_threads(simcord_env, ui, players, caplog):
    guild = simcord_env.create_guild()
    channel = guild.create_voice_channel("tavolo")
    with caplog.at_level(logging.INFO, logger="cogs.play"):
        _, said = await play_a_cicera(ui, players, guild, channel)
    assert any("cannot be opened in this kind of channel" in text for text in said)
    assert not any("may not open" in text for text in said)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


@pytest.mark.usefixtures("simcord_env")
async def test_a_bug_while_opening_threads_is_logged_as_an_error_not_as_no_permission(ui, players,
                                                                                    monkeypatch, caplog):
    async def broken(_self, **_kwargs):
        raise TypeError("a bug in the thread code")

    monkeypatch.setattr(discord.TextChannel, "create_thread", broken)
    guild, channel = ui.room()
    with caplog.at_level(logging.INFO, logger="cogs.play"):
        _, said = await play_a_cicera(ui, players, guild, channel)
    assert not any("may not open" in text or "cannot be opened" in text for text in said), \
        "a bug was shown to the players as a missing permission"
    assert not any("no permission" in r.getMessage() for r in caplog.records)
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert errors and any(r.exc_info and r.exc_info[0] is TypeError for r in errors)
