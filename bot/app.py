"""The discord.py bot: ``create_bot(settings)`` builds it for production and for tests.

Life cycle: ``start`` (``bot.run``) opens the database; ``setup_hook`` builds the table service on it, loads
the cog extensions (they subscribe to the service's events), rebuilds the live tables and, only when the
commands registered on Discord differ from the local ones, syncs the slash commands (``python -m bot sync``
does it on purpose). ``close`` stops the service and closes the database.

Tests (SimCord) never call ``start``: they open the ``Store`` themselves, outside the bot's tasks, and pass
it to ``create_bot(settings, store=...)``.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands
from discord.http import Route

from bot.config import Settings
from bot.shards import Shards
from bot.storage import Store
from bot.tables import TableService

if TYPE_CHECKING:
    from discord.types.command import ApplicationCommand

log = logging.getLogger(__name__)

EXTENSIONS: tuple[str, ...] = ("cogs.play", "cogs.lobby", "cogs.standings", "cogs.admin", "cogs.replays",
                                "cogs.tournaments")
"""The cog modules loaded at start-up, as dotted names (``"cogs.lobby"``); ``cogs.play`` goes first."""


class TavoloBot(commands.AutoShardedBot):
    """The bot: owns the table service and loads the cog extensions. Sharded: all of Discord's recommended
    shards in this process by default (one for a bot in fewer than 2,500 servers), or the ``shards`` given
    (``python -m bot --shard-count N --shard-ids a-b``: several processes share the load over one PostgreSQL,
    each running the tables of its shards' servers)."""

    def __init__(
        self,
        settings: Settings,
        extensions: Iterable[str] = EXTENSIONS,
        *,
        store: Store | None = None,
        service_options: Mapping[str, Any] | None = None,
        run_tables: bool = True,
        sync_on_change: bool = True,
        shards: Shards | None = None,
    ) -> None:
        # Tavolo never joins voice channels: skip discord.py's warnings about the missing voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        sharding: dict[str, Any] = {} if shards is None else {"shard_count": shards.count,
                                                                "shard_ids": list(shards.ids)}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            **sharding,
        )
        self.shards_run = shards
        """The shards this process runs (``None``: all, as Discord recommends)."""
        self.settings = settings
        self.extension_names = tuple(extensions)
        self.store: Store | None = store
        """The open database (``start`` opens it; tests pass one in)."""
        self.service: TableService | None = None
        """The table service, built in ``setup_hook`` when there is a database."""
        self.service_options = dict(service_options or {})
        """Keyword arguments for ``TableService`` (tests: ``ai_time_ms``, ``retry_delay``...)."""
        self.run_tables = run_tables
        """False for ``python -m bot sync``: no database, no tables, only the command tree."""
        self.sync_on_change = sync_on_change
        self._ai_processes: ProcessPoolExecutor | None = None

    async def start(self, token: str, *, reconnect: bool = True) -> None:
        """Open the database and the AI's worker processes, then log in and connect."""
        if self.run_tables and self.store is None:
            self.store = await Store(self.settings.database).open()
            log.info("database %s open", self.settings.database)
        if self.run_tables and "executor" not in self.service_options:
            # AI search runs in other processes, so a hard player's search never holds the event loop's GIL
            self._ai_processes = ProcessPoolExecutor(max_workers=self.settings.ai_processes)
            self.service_options["executor"] = self._ai_processes
        await super().start(token, reconnect=reconnect)

    async def setup_hook(self) -> None:
        """Build the service, load the extensions, resume the live tables, sync the commands if they changed."""
        if self.run_tables and self.store is not None:
            options = dict(self.service_options)
            if self.shards_run is not None and (self.shards_run.count > 1 or not isinstance(self.settings.database,
                                                                                            Path)):
                options.setdefault("shards", self.shards_run)  # several processes: its shards' tables, by lease
            self.service = TableService(self.store, **options)
        elif self.run_tables:
            log.warning("no database open: tables are off (open the store before logging in)")
        for name in self.extension_names:
            await self.load_extension(name)
            log.info("loaded extension %s", name)
        if self.service is not None:
            resumed = await self.service.resume()
            for table_id, reason in self.service.broken.items():
                log.error("table %d stays stopped: %s", table_id, reason)
            log.info("table service ready, %d live tables resumed", len(resumed))
        if self.sync_on_change:
            await self.sync_if_changed()

    async def sync_commands(self, guild_id: int | None = None) -> list[discord.app_commands.AppCommand]:
        """Register the slash commands with Discord: in one guild (instant, for development) or globally."""
        if guild_id is not None:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d app commands to guild %s", len(synced), guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d app commands globally", len(synced))
        return synced

    async def sync_if_changed(self) -> bool:
        """Sync only when the commands on Discord (names, options, choices and their translations) differ from
        the local tree: one read at start-up instead of a write; ``python -m bot sync`` forces it. Returns True
        when it synced."""
        guild = discord.Object(id=self.settings.dev_guild) if self.settings.dev_guild is not None else None
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        try:
            remote = await self._registered_commands(guild)
        except discord.HTTPException as e:
            log.warning("cannot read the registered commands (%s); not syncing", e)
            return False
        translator = self.tree.translator
        local = {_signature(await c.get_translated_payload(self.tree, translator) if translator
                            else c.to_dict(self.tree)) for c in self.tree.get_commands(guild=guild)}
        registered = {_signature(c) for c in remote}
        if local == registered:
            log.info("the %d app commands on Discord are up to date", len(local))
            return False
        await self.sync_commands(self.settings.dev_guild)
        return True

    async def _registered_commands(self, guild: discord.abc.Snowflake | None) -> list[ApplicationCommand]:
        """The commands Discord has for the app (globally, or in ``guild``) with their translations: Discord
        sends those only when asked (``with_localizations``), which discord.py's ``fetch_commands`` never does."""
        application_id = self.application_id
        if guild is None:
            route = Route("GET", "/applications/{application_id}/commands", application_id=application_id)
        else:
            route = Route("GET", "/applications/{application_id}/guilds/{guild_id}/commands",
                          application_id=application_id, guild_id=guild.id)
        found = await self.http.request(route, params={"with_localizations": "true"})
        return list(found or [])

    async def close(self) -> None:
        """Stop the table service (it closes the database), then disconnect."""
        if self.service is not None:
            await self.service.close()
        elif self.store is not None:
            await self.store.close()
        if self._ai_processes is not None:
            self._ai_processes.shutdown(wait=False, cancel_futures=True)
        await super().close()

    async def on_ready(self) -> None:
        """Log who we are once connected."""
        log.info("logged in as %s (id %s) in %d guilds", self.user, self.user and self.user.id, len(self.guilds))


def _signature(payload: Mapping[str, Any]) -> tuple[object, ...]:
    """What decides whether a command must be synced again: its name, type, options (recursively) and the
    translations of its names, descriptions and choices."""

    def words(item: Mapping[str, Any]) -> tuple[object, ...]:
        return tuple(sorted((item.get("name_localizations") or {}).items())), \
            tuple(sorted((item.get("description_localizations") or {}).items()))

    def options(items: Iterable[Mapping[str, Any]]) -> tuple[object, ...]:
        return tuple(sorted(
            (o.get("name", ""), int(o.get("type", 0)), options(o.get("options") or ()), words(o),
             tuple(sorted((str(c.get("value")), words(c)) for c in o.get("choices") or ())))
            for o in items
        ))

    return (payload.get("name", ""), int(payload.get("type", 1)), options(payload.get("options") or ()),
            words(payload))


def create_bot(
    settings: Settings,
    extensions: Iterable[str] = EXTENSIONS,
    *,
    store: Store | None = None,
    service_options: Mapping[str, Any] | None = None,
    run_tables: bool = True,
    shards: Shards | None = None,
) -> TavoloBot:
    """Build the bot. Default intents (no message content); the token is only used by ``bot.run``.

    ``store``: an open database (tests); without it ``start`` opens ``settings.database``.
    ``service_options``: keyword arguments for the ``TableService``. ``run_tables=False``: only the commands."""
    return TavoloBot(settings, extensions, store=store, service_options=service_options, run_tables=run_tables,
                     shards=shards)


async def sync_with_token(settings: Settings, token: str, guild_id: int | None = None) -> int:
    """Log in, register the slash commands (in ``guild_id``, else globally) and log out; the number synced."""
    bot = TavoloBot(settings, run_tables=False, sync_on_change=False)
    async with bot:
        await bot.login(token)
        synced = await bot.sync_commands(guild_id)
    return len(synced)
