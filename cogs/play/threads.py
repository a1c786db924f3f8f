"""Team threads: a private thread per team when the table's ``team_chat`` opens them, archived at the end."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.tables import TableInfo
from cogs import render
from cogs.play.state import Presence
from cogs.texts import t
from rules import games

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)


def team_groups(info: TableInfo, sides: list[list[int]]) -> list[tuple[int, list[int]]]:
    """(team number, its people) for each team with at least two people: the teams that get a thread."""
    groups = [[u for u in (render.human_at(info, s) for s in side) if u is not None] for side in sides]
    return [(n, g) for n, g in enumerate(groups) if len(g) >= 2]


def _sides(info: TableInfo) -> tuple[tuple[int, ...], ...]:
    """The game's fixed sides for the table's player count (the teams that may have threads)."""
    return games.spec(info.game).sides(info.players)


class TeamThreads:
    """Opens and archives the team threads of the tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    async def open(self, table_id: int, sides: list[list[int]]) -> None:
        """A private thread per team with at least two people, only they added, with the table-talk rule.
        Where that cannot be done (not a text channel, or no permission) the table says so and play goes on;
        any other error is a bug, logged as one."""
        hub = self.hub
        info = hub.service.get(table_id)
        p = hub.presence(table_id)
        p.threads_handled = True
        groups = team_groups(info, sides)
        if not groups:
            return
        try:
            channel = hub.bot.get_channel(info.channel_id) or await hub.bot.fetch_channel(info.channel_id)
            if not isinstance(channel, discord.TextChannel):
                log.info("table %d: channel %d is a %s, where private threads cannot be opened", table_id,
                         info.channel_id, type(channel).__name__)
                hub.tables.note(table_id, t("table.threads_unsupported"))
                return
            opened = []
            for n, users in groups:
                thread = await channel.create_thread(
                    name=t("thread.name", id=table_id, side=t("thread.side", n=n + 1)),
                    type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=1440)
                p.threads.append(thread.id)
                for user in users:
                    await thread.add_user(discord.Object(user))
                await thread.send(t("thread.reminder", mentions=" ".join(f"<@{u}>" for u in users), id=table_id),
                                  allowed_mentions=render.NO_MENTIONS)
                opened.append(thread.mention)
            hub.tables.note(table_id, t("table.threads_open", threads=", ".join(opened)))
        except discord.Forbidden:
            log.info("table %d: no permission to open private threads in channel %d", table_id, info.channel_id)
            hub.tables.note(table_id, t("table.threads_forbidden"))
        except discord.HTTPException as e:
            log.warning("table %d: opening the team threads failed: %s", table_id, e)
            hub.tables.note(table_id, t("table.threads_forbidden"))
        finally:
            hub.tables.request_refresh(table_id)

    async def archive(self, p: Presence, info: TableInfo) -> None:
        """Archive and lock a finished table's team threads (after a restart, found again by their name)."""
        bot = self.hub.bot
        thread_ids = list(p.threads)
        sides = [list(side) for side in _sides(info)]
        if not p.threads_handled and p.team_chat not in (None, "off") and team_groups(info, sides):
            prefix = t("thread.name", id=info.id, side="")  # after a restart: find them by name
            try:
                guild = bot.get_guild(info.guild_id)
                if guild is not None:
                    thread_ids = [th.id for th in await guild.active_threads() if th.name.startswith(prefix)]
            except discord.HTTPException as e:
                log.warning("table %d: listing the threads failed: %s", info.id, e)
        for thread_id in thread_ids:
            try:
                thread = bot.get_channel(thread_id) or await bot.fetch_channel(thread_id)
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=True, locked=True)
            except discord.HTTPException as e:
                log.warning("table %d: archiving thread %d failed: %s", info.id, thread_id, e)
