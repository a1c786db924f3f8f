"""The bot factory, and the bot starting against SimCord's simulated Discord."""

from __future__ import annotations

import discord
import pytest
from discord.ext import commands

from bot.app import EXTENSIONS, create_bot
from bot.config import Settings
from bot.shards import Shards


def make_settings(**values) -> Settings:
    return Settings(_env_file=None, discord_token="not-used", **values)


def test_factory_builds_a_bot_without_privileged_intents():
    bot = create_bot(make_settings())
    assert isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_count is None and bot.shard_ids is None  # all shards here, as many as Discord recommends
    assert not bot.intents.message_content and not bot.intents.members and not bot.intents.presences
    assert bot.extension_names == EXTENSIONS


def test_a_process_runs_the_shards_it_is_given():
    bot = create_bot(make_settings(), shards=Shards(4, (1, 2)))
    assert bot.shard_count == 4 and bot.shard_ids == [1, 2]


@pytest.fixture
def simcord_bot():
    bot = create_bot(make_settings(), shards=Shards())

    @bot.tree.command(name="ping", description="Test command")
    async def ping(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pong", ephemeral=True)

    return bot


async def test_bot_starts_and_syncs_its_commands(simcord_env):
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("general")
    alice = guild.add_member(simcord_env.create_user("alice"))
    result = await alice.slash(channel, "ping")
    assert result.ephemeral and result.response.content == "pong"
