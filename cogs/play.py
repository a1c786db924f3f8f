"""The playing side: the ``Hub`` that shows the tables and answers every button, registered as an extension.

Loaded first: it creates ``bot.hub``, registers the dynamic buttons and selects (so clicks on messages
posted before a restart still arrive) and follows the table service's events.
"""

from __future__ import annotations

import logging

from discord.ext import commands

from cogs.components import DYNAMIC_ITEMS
from cogs.hub import Hub

log = logging.getLogger(__name__)


async def setup(bot: commands.Bot) -> None:
    """Extension entry point: the hub and the dynamic items."""
    hub = Hub(bot)
    bot.hub = hub  # type: ignore[attr-defined]
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    service = getattr(bot, "service", None)
    if service is not None:
        hub.attach(service)


async def teardown(bot: commands.Bot) -> None:
    """Extension exit point."""
    hub = getattr(bot, "hub", None)
    if hub is not None:
        hub.detach()
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
