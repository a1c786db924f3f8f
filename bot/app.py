"""The discord.py bot: ``create_bot(settings)`` builds it for production and for tests."""

from __future__ import annotations

import logging
from collections.abc import Iterable

import discord
from discord.ext import commands

from bot.config import Settings

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ()
"""The cog modules loaded at start-up, as dotted names (``"cogs.lobby"``)."""


class TavoloBot(commands.Bot):
    """The bot: loads the cog extensions and syncs the slash commands when it starts."""

    def __init__(self, settings: Settings, extensions: Iterable[str] = EXTENSIONS) -> None:
        # Tavolo never joins voice channels: skip discord.py's warnings about the missing voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
        )
        self.settings = settings
        self.extension_names = tuple(extensions)

    async def setup_hook(self) -> None:
        """Load the extensions, then sync the app commands to the dev guild if one is set, else globally."""
        for name in self.extension_names:
            await self.load_extension(name)
            log.info("loaded extension %s", name)
        if self.settings.dev_guild is not None:
            guild = discord.Object(id=self.settings.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d app commands to guild %s", len(synced), self.settings.dev_guild)
        else:
            synced = await self.tree.sync()
            log.info("synced %d app commands globally", len(synced))

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        log.info("logged in as %s (id %s) in %d guilds", self.user, self.user and self.user.id, len(self.guilds))


def create_bot(settings: Settings, extensions: Iterable[str] = EXTENSIONS) -> commands.Bot:
    """Build the bot. Default intents (no message content); the token is only used by ``bot.run``."""
    return TavoloBot(settings, extensions)
