"""Slash commands are synced on purpose: a restart with unchanged commands only reads them."""

from __future__ import annotations

from bot.app import TavoloBot
from bot.shards import Shards


async def test_a_restart_with_the_same_commands_does_not_sync_again(simcord_env, bots, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    calls = [r.method for r in env.http_requests if r.path.endswith("/commands")]
    assert calls == ["GET", "PUT"]  # the first start found no commands on Discord
    assert {"briscola", "chiamata", "cicera", "table leave", "leaderboard", "rules"} <= set(
        alice.available_commands(channel))

    await env.settle()
    await env.bot.service.close()
    await env.restart_bot(await bots.make())
    calls = [r.method for r in env.http_requests if r.path.endswith("/commands")]
    assert calls == ["GET", "PUT", "GET"]  # the second start read the commands and left them alone


async def test_the_sync_command_registers_the_commands_in_one_guild(simcord_env, settings, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    await env.settle()
    await env.bot.service.close()
    only_commands = TavoloBot(settings, run_tables=False, sync_on_change=False, shards=Shards())
    await env.restart_bot(only_commands)
    assert only_commands.service is None
    synced = await only_commands.sync_commands(guild.id)
    assert {c.name for c in synced} >= {"briscola", "chiamata", "cicera", "table", "settings"}
    puts = [r.path for r in env.http_requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert puts[-1].endswith(f"/guilds/{guild.id}/commands")
    result = await alice.slash(channel, "rules")
    assert result.ephemeral
    refused = await alice.slash(channel, "briscola", players=2)
    assert refused.ephemeral and "starting" in ui.text(refused.response)
