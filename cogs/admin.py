"""``/settings``: a server's default table options, language, allowed channels and leaderboard reset.

Only members with Manage Server see and use these commands (the default permission, checked again here).
Option names are choices and values are offered by autocomplete, and the service checks them.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, use_language
from bot.storage.rows import GuildSettings
from bot.tables import TableError
from cogs import ids
from cogs.components import Control, ResetButton, button
from cogs.play.hub import Hub, hub_of
from cogs.render import layout
from cogs.texts import GAME_NAMES, OPTION_LABELS, game_name, option_value, options_line, t
from cogs.types import Interaction, TavoloBot
from rules import games
from rules.options import OptionSpec

log = logging.getLogger(__name__)

GAME_CHOICES = [Choice(name=games.spec(g).title, value=g) for g in GAME_NAMES]
"""The games as command choices (English source names: the command tree's translator translates them)."""
SERVER_LOCALE = "locale"
"""The ``/settings language`` value that follows the server's own preferred locale again."""
LANGUAGE_CHOICES = [*(Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES),
                    Choice(name="the server's language in Discord", value=SERVER_LOCALE)]
ALL_GAMES = "all"
"""The ``game`` value of a reset of every game's leaderboard."""
CLEAR = "default"
"""The value that removes a server default."""


def option_specs(game: str) -> dict[str, OptionSpec]:
    """The table options of a game (name → ``OptionSpec``)."""
    return dict(games.spec(game).options)


def allowed_values(game: str, option: str) -> list[str]:
    """Every value an option takes, over the game's player counts."""
    spec = option_specs(game).get(option)
    if spec is None:
        return []
    values: list[str] = []
    counts = games.spec(game).player_counts
    for players in counts:
        for v in spec.allowed(players):
            if v not in values:
                values.append(v)
    if spec.parse is not None:  # the turn timer: a few common values (any 15-600 is accepted)
        values += [v for v in ("30", "60", "90", "180", "300", "600") if v not in values]
    return values


class Admin(commands.Cog):
    """Server settings."""

    settings = app_commands.Group(name="settings", description="Tavolo's settings for this server",
                                  guild_only=True, default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot

    @property
    def hub(self) -> Hub:
        """The play hub: the service, and the answers (each in its member's language)."""
        return hub_of(self.bot)

    async def _guarded(self, interaction: Interaction, kind: str, work: Callable[[int], Awaitable[None]]) -> None:
        """Run ``work(guild_id)`` for a member with Manage Server only."""

        async def checked() -> None:
            perms = interaction.permissions
            if interaction.guild_id is None or not (perms and perms.manage_guild):
                raise TableError(t("settings.need_manage"))
            await work(interaction.guild_id)

        await self.hub.answers.answer(interaction, kind, checked)

    @staticmethod
    def _settings_view(current: GuildSettings, saved: bool = False) -> discord.ui.LayoutView:
        """The server's settings as a V2 message (``saved``: said first)."""
        defaults = "\n".join(f"- {game_name(g)}: {options_line(o)}" for g, o in current.default_options.items() if o)
        channels = ", ".join(f"<#{c}>" for c in current.allowed_channels) or t("settings.all_channels")
        return layout.card(
            t("settings.saved") if saved else None,
            "### " + t("settings.title"),
            f"**{t('settings.language')}**: " + (LANGUAGE_NAMES[current.language] if current.language in LANGUAGE_NAMES
                                                 else t("settings.language_locale")),
            f"**{t('settings.defaults')}**\n" + (defaults or t("settings.none")),
            f"**{t('settings.channels')}**: {channels}",
            accent=layout.NOTICE)

    async def _tell(self, interaction: Interaction, text: str, *controls: Control) -> None:
        await self.hub.answers.tell(interaction, text, *controls)

    @settings.command(name="show", description="Show this server's settings")
    async def show(self, interaction: Interaction) -> None:
        """``/settings show``."""

        async def work(guild_id: int) -> None:
            current = await self.hub.service.guild_settings(guild_id)
            await interaction.response.send_message(view=self._settings_view(current), ephemeral=True)

        await self._guarded(interaction, "settings", work)

    @settings.command(name="option", description="Set (or clear) a default table option for new tables")
    @app_commands.describe(game="which game", option="which option",
                           value="its value, from the list (its last choice clears the server's default)")
    @app_commands.choices(game=GAME_CHOICES, option=[Choice(name=OPTION_LABELS[k], value=k) for k in OPTION_LABELS])
    async def option(self, interaction: Interaction, game: Choice[str], option: Choice[str],
                     value: str) -> None:
        """``/settings option``."""

        async def work(guild_id: int) -> None:
            specs = option_specs(game.value)
            if option.value not in specs:
                raise TableError(t("settings.bad_option", game=game_name(game.value), option=option.value))
            current = await self.hub.service.guild_settings(guild_id)
            defaults = {g: dict(o) for g, o in current.default_options.items()}
            mine = defaults.setdefault(game.value, {})
            if value.strip().lower() in (CLEAR, t("settings.clear").lower()):
                mine.pop(option.value, None)
            else:
                mine[option.value] = value.strip().lower()
            await self.hub.service.set_guild_settings(dataclasses.replace(current, default_options=defaults))
            updated = await self.hub.service.guild_settings(guild_id)
            await interaction.response.send_message(view=self._settings_view(updated, saved=True), ephemeral=True)

        await self._guarded(interaction, "settings", work)

    @option.autocomplete("value")
    async def option_values(self, interaction: Interaction, current: str) -> list[Choice[str]]:
        """The allowed values of the chosen option."""
        ns = interaction.namespace
        game, option = getattr(ns, "game", None), getattr(ns, "option", None)
        if not game or not option:
            return []
        values = [*allowed_values(game, option), CLEAR]
        typed = current.strip().lower()
        with use_language(await self.hub.languages.of_member(interaction)):
            shown = [(option_value(v) if v != CLEAR else t("settings.clear"), v) for v in values]
            return [Choice(name=name, value=v) for name, v in shown if typed in v.lower() or typed in name.lower()][:25]

    @settings.command(name="language", description="The language of Tavolo's messages on this server")
    @app_commands.describe(language="the language of the server's public messages")
    @app_commands.choices(language=LANGUAGE_CHOICES)
    async def language(self, interaction: Interaction, language: Choice[str]) -> None:
        """``/settings language``."""

        async def work(guild_id: int) -> None:
            chosen = language.value if language.value in LANGUAGES else None
            current = await self.hub.service.guild_settings(guild_id)
            await self.hub.service.set_guild_settings(dataclasses.replace(current, language=chosen))
            self.hub.languages.choose(guild_id, chosen)
            await self._tell(interaction, t("settings.saved"))  # (in the admin's language, like every answer)

        await self._guarded(interaction, "settings", work)

    @settings.command(name="channel", description="Allow tables in a channel, or stop allowing them")
    @app_commands.describe(channel="the channel", allowed="open tables there (when no channel is listed: anywhere)")
    async def channel(self, interaction: Interaction, channel: discord.TextChannel, allowed: bool) -> None:
        """``/settings channel``."""

        async def work(guild_id: int) -> None:
            current = await self.hub.service.guild_settings(guild_id)
            channels = [c for c in current.allowed_channels if c != channel.id]
            if allowed:
                channels.append(channel.id)
            await self.hub.service.set_guild_settings(dataclasses.replace(current, allowed_channels=channels))
            updated = await self.hub.service.guild_settings(guild_id)
            await interaction.response.send_message(view=self._settings_view(updated, saved=True), ephemeral=True)

        await self._guarded(interaction, "settings", work)

    @settings.command(name="reset-leaderboard", description="Erase a game's leaderboard (or all) on this server")
    @app_commands.describe(game="which game's leaderboard (or all games)")
    @app_commands.choices(game=[*GAME_CHOICES, Choice(name="all games", value=ALL_GAMES)])
    async def reset_leaderboard(self, interaction: Interaction, game: Choice[str]) -> None:
        """``/settings reset-leaderboard``: asks for a confirmation first."""

        async def work(_guild_id: int) -> None:
            yes = button(ResetButton, ids.reset(game.value), t("settings.reset_yes"), discord.ButtonStyle.danger)
            which = t("settings.all_games") if game.value == ALL_GAMES else game_name(game.value)
            await self._tell(interaction, t("settings.reset_confirm", game=which), yes)

        await self._guarded(interaction, "settings", work)

    async def confirm_reset(self, interaction: Interaction, game: str) -> None:
        """The confirmation button of a leaderboard reset."""

        async def work(guild_id: int) -> None:
            removed = await self.hub.service.reset_leaderboard(guild_id,
                                                               None if game == ALL_GAMES else game)
            await interaction.response.edit_message(view=layout.notice(t("settings.reset_done", n=removed)))

        await self._guarded(interaction, "settings-reset", work)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Admin(bot))
