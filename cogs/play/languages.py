"""Whose language, where.

- Public messages and pictures (the lobby, the table, summaries, threads): the guild's language, which is its
  ``/settings language`` when an admin set one, else the guild's own preferred locale (when Tavolo speaks it),
  else English.
- What only one member sees (hands, refusals, ``/stats``, ``/rules``, settings answers): the member's own choice
  (``/language``) when they made one, else their Discord client's locale (when Tavolo speaks it), else the
  guild's language.

The settings are read once and kept; an answer runs in the member's language, and each public message is built
inside ``public(...)``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

from bot.i18n import LANGUAGES, language_of_locale, use_language
from bot.storage import StorageError
from bot.tables import TableError, TableEvent
from cogs.types import Interaction

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)
UNSET = ""
"""Kept for a member who chose no language (so their setting is not read again)."""


class Languages:
    """Per guild id, the language of its messages; per user id, their own choice."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.set_by_guild: dict[int, str | None] = {}
        """A guild's ``/settings language`` (``None``: none set), as read."""
        self.by_member: dict[int, str] = {}
        """A member's own language (``UNSET``: none chosen), as read."""
        self.guild_of_table: dict[int, int] = {}
        """The guild of each table seen (its last events come when the service has let it go)."""

    # ----- guilds -----
    def _preferred(self, guild_id: int) -> str:
        guild = self.hub.bot.get_guild(guild_id)
        return language_of_locale(guild.preferred_locale) or "en" if guild is not None else "en"

    def guild(self, guild_id: int | None) -> str:
        """The language of a guild's public messages, from what is known now (see ``of_guild``)."""
        if guild_id is None:
            return "en"
        chosen = self.set_by_guild.get(guild_id)
        return chosen if chosen in LANGUAGES else self._preferred(guild_id)

    async def of_guild(self, guild_id: int | None) -> str:
        """The language of a guild's public messages: its setting, else its preferred locale, else English."""
        if guild_id is not None and guild_id not in self.set_by_guild:
            try:
                settings = await self.hub.service.guild_settings(guild_id)
            except (TableError, StorageError) as e:
                log.info("guild %d: its language could not be read (%s); its locale for now", guild_id, e)
                return self.guild(guild_id)
            self.set_by_guild[guild_id] = settings.language if settings.language in LANGUAGES else None
        return self.guild(guild_id)

    def choose(self, guild_id: int, language: str | None) -> None:
        """A guild changed its language (``/settings language``; ``None``: back to its preferred locale)."""
        self.set_by_guild[guild_id] = language if language in LANGUAGES else None

    async def load(self, guild_ids: set[int]) -> None:
        """Read the languages of the guilds with live tables (after a restart), for their table messages."""
        for guild_id in guild_ids:
            await self.of_guild(guild_id)

    def of_table(self, ev: TableEvent) -> str:
        """The language of a table's public messages (its guild's)."""
        return self.table(ev.table_id, getattr(ev.get("table"), "guild_id", None))

    def table(self, table_id: int, guild_id: int | None = None) -> str:
        """The language of a table's public messages, from its guild (``guild_id`` when the table is gone)."""
        with suppress(TableError):
            guild_id = self.hub.service.get(table_id).guild_id
        if guild_id is None:
            guild_id = self.guild_of_table.get(table_id)
        else:
            self.guild_of_table[table_id] = guild_id
        return self.guild(guild_id)

    def forget_table(self, table_id: int) -> None:
        """A table's messages are all shown (it ended or closed)."""
        self.guild_of_table.pop(table_id, None)

    @contextmanager
    def public(self, table_id: int, guild_id: int | None = None) -> Iterator[None]:
        """Build a table's public messages inside the ``with`` block: in its guild's language."""
        with use_language(self.table(table_id, guild_id)):
            yield

    @contextmanager
    def public_in(self, guild_id: int | None) -> Iterator[None]:
        """Build a guild's public message (the lobby, the leaderboard) inside the ``with`` block."""
        with use_language(self.guild(guild_id)):
            yield

    # ----- members -----
    def member(self, interaction: Interaction) -> str:
        """The language of what only the interaction's member sees, from what is known now (``of_member``)."""
        chosen = self.by_member.get(interaction.user.id, UNSET)
        if chosen in LANGUAGES:
            return chosen
        return language_of_locale(interaction.locale) or self.guild(interaction.guild_id)

    async def of_member(self, interaction: Interaction) -> str:
        """The language of what only the member sees: their choice, else their client's, else the guild's."""
        user_id = interaction.user.id
        if user_id not in self.by_member:
            try:
                chosen = await self.hub.service.member_language(user_id)
            except (TableError, StorageError) as e:
                log.info("user %d: their language could not be read (%s); their client's for now", user_id, e)
                chosen = None
            else:
                self.by_member[user_id] = chosen if chosen in LANGUAGES else UNSET
        await self.of_guild(interaction.guild_id)
        return self.member(interaction)

    def choose_for_member(self, user_id: int, language: str | None) -> None:
        """A member chose their language (``/language``; ``None``: their client's again)."""
        self.by_member[user_id] = language if language in LANGUAGES else UNSET
