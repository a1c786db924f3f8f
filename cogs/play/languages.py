"""The language of each guild's messages: its ``language`` setting (English by default), read once and kept."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from bot.i18n import LANGUAGES
from bot.storage import StorageError
from bot.tables import TableError, TableEvent

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)


class Languages:
    """Per guild id, the language of its messages."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.by_guild: dict[int, str] = {}

    async def of_guild(self, guild_id: int | None) -> str:
        """The language of a guild's messages: its ``language`` setting, English when none (or unreadable)."""
        if guild_id is None:
            return "en"
        language = self.by_guild.get(guild_id)
        if language is None:
            try:
                settings = await self.hub.service.guild_settings(guild_id)
            except (TableError, StorageError) as e:
                log.info("guild %d: its language could not be read (%s); English for now", guild_id, e)
                return "en"
            language = settings.language if settings.language in LANGUAGES else "en"
            self.by_guild[guild_id] = language
        return language

    def choose(self, guild_id: int, language: str | None) -> None:
        """A guild changed its language (``/settings language``)."""
        self.by_guild[guild_id] = language if language in LANGUAGES else "en"

    async def load(self, guild_ids: set[int]) -> None:
        """Read the languages of the guilds with live tables (after a restart), for their table messages."""
        for guild_id in guild_ids:
            await self.of_guild(guild_id)

    def of_table(self, ev: TableEvent) -> str | None:
        """The language of a table's messages, when its guild's is known (``None``: the context's)."""
        guild_id: int | None
        try:
            guild_id = self.hub.service.get(ev.table_id).guild_id
        except TableError:
            info = ev.get("table")
            guild_id = getattr(info, "guild_id", None)
        return self.by_guild.get(guild_id) if guild_id is not None else None
