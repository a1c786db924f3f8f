"""The ``cogs.play`` extension: makes the play hub (``bot.hub``), registers the dynamic buttons and selects (so
clicks on messages posted before a restart still arrive) and follows the table service's events."""

from __future__ import annotations

import logging

from cogs.components import DYNAMIC_ITEMS
from cogs.play.hub import Hub
from cogs.translator import Translator
from cogs.types import TavoloBot

log = logging.getLogger(__name__)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point: the hub, the command tree's translator and the dynamic items."""
    hub = Hub(bot)
    await bot.tree.set_translator(Translator())
    setattr(bot, "hub", hub)  # noqa: B010 - the bot class (bot/) knows nothing of the cogs' hub
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    if bot.service is not None:
        hub.attach(bot.service)


async def teardown(bot: TavoloBot) -> None:
    """Extension exit point."""
    hub = getattr(bot, "hub", None)
    if isinstance(hub, Hub):
        hub.detach()
    bot.remove_dynamic_items(*DYNAMIC_ITEMS)
    await bot.tree.set_translator(None)
