"""``/settings``: a server's default table options, language, allowed channels (Manage Server only)."""

from __future__ import annotations

import logging

from discord.ext import commands

log = logging.getLogger(__name__)


class Admin(commands.Cog):
    """Server settings."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot


async def setup(bot: commands.Bot) -> None:
    """Extension entry point."""
    await bot.add_cog(Admin(bot))
