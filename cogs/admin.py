"""``/settings``: a server's default table options, language, allowed channels, tournament organisers,
leaderboard reset and seasons.

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

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, format_day, use_language
from bot.ratings import rating_text
from bot.storage.rows import GuildSettings
from bot.storage.seasons import SeasonClose
from bot.tables import TableError
from bot.tables.standings import SeasonInfo
from cogs import ids
from cogs.components import Control, ResetButton, SeasonButton, button
from cogs.markup import name_text
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


def podium_view(closed: SeasonClose) -> discord.ui.LayoutView:
    """The podium of a closed season, each game's first three (in the context's language), as a V2 message."""
    parts = ["### " + t("season.podium_title", n=closed.number)]
    for game, podium in closed.podium.items():
        rows = [t("season.podium_row", place=place, name=name_text(st.name), rating=rating_text(st.rating, st.games),
                  games=t("lb.games", n=st.games, wins=st.wins)) for place, st in podium]
        parts.append(f"**{game_name(game)}**\n" + "\n".join(rows))
    parts.append("-# " + t("season.podium_footer", n=closed.number, next=closed.number + 1))
    return layout.card(*parts, accent=layout.GOLD)


class Admin(commands.Cog):
    """Server settings."""

    settings = app_commands.Group(name="settings", description="Tavolo's settings for this server",
                                  guild_only=True, default_permissions=discord.Permissions(manage_guild=True))
    season = app_commands.Group(name="season", description="This server's seasons", parent=settings)

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
    def _settings_view(current: GuildSettings, saved: bool = False, season: SeasonInfo | None = None
                       ) -> discord.ui.LayoutView:
        """The server's settings as a V2 message (``saved``: said first; ``season``: the current season, last)."""
        defaults = "\n".join(f"- {game_name(g)}: {options_line(o)}" for g, o in current.default_options.items() if o)
        channels = ", ".join(f"<#{c}>" for c in current.allowed_channels) or t("settings.all_channels")
        when = None
        if season is not None:
            started = season["started_at"]
            when = f"**{t('settings.season')}**: " + (
                t("settings.season_since", n=season["number"], date=format_day(started)) if started is not None
                else t("settings.season_new", n=season["number"]))
        return layout.card(
            t("settings.saved") if saved else None,
            "### " + t("settings.title"),
            f"**{t('settings.language')}**: " + (LANGUAGE_NAMES[current.language] if current.language in LANGUAGE_NAMES
                                                 else t("settings.language_locale")),
            f"**{t('settings.defaults')}**\n" + (defaults or t("settings.none")),
            f"**{t('settings.channels')}**: {channels}",
            f"**{t('settings.organisers')}**: " + (f"<@&{current.organiser_role}>" if current.organiser_role is not None
                                                  else t("settings.organisers_none")),
            when,
            accent=layout.NOTICE)

    async def _tell(self, interaction: Interaction, text: str, *controls: Control) -> None:
        await self.hub.answers.tell(interaction, text, *controls)

    @settings.command(name="show", description="Show this server's settings")
    async def show(self, interaction: Interaction) -> None:
        """``/settings show``."""

        async def work(guild_id: int) -> None:
            current = await self.hub.service.guild_settings(guild_id)
            season = await self.hub.service.current_season(guild_id)
            await interaction.response.send_message(view=self._settings_view(current, season=season), ephemeral=True)

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

    @settings.command(name="organisers", description="The role whose members may run tournaments")
    @app_commands.describe(role="the role (leave it out: only members with Manage Server)")
    async def organisers(self, interaction: Interaction, role: discord.Role | None = None) -> None:
        """``/settings organisers``."""

        async def work(guild_id: int) -> None:
            current = await self.hub.service.guild_settings(guild_id)
            await self.hub.service.set_guild_settings(
                dataclasses.replace(current, organiser_role=role.id if role is not None else None))
            updated = await self.hub.service.guild_settings(guild_id)
            await interaction.response.send_message(view=self._settings_view(updated, saved=True), ephemeral=True,
                                                    allowed_mentions=discord.AllowedMentions.none())

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

    @season.command(name="start", description="Close this server's season (its leaderboards are kept) and start anew")
    async def season_start(self, interaction: Interaction) -> None:
        """``/settings season start``: asks for a confirmation first (refused at once when nobody is ranked)."""

        async def work(guild_id: int) -> None:
            n = (await self.hub.service.season_to_close(guild_id))["number"]
            yes = button(SeasonButton, ids.season(ids.SEASON_CLOSE, n), t("season.yes", next=n + 1),
                         discord.ButtonStyle.danger)
            keep = button(SeasonButton, ids.season(ids.SEASON_KEEP, n), t("season.keep", n=n))
            await self._tell(interaction, t("season.confirm", n=n, next=n + 1), yes, keep)

        await self._guarded(interaction, "settings", work)

    async def confirm_season(self, interaction: Interaction, verb: str, season: str) -> None:
        """A button of the season's confirmation (from its ``custom_id``, checked here): ``close`` closes the
        season it names if that is still the current one, posts the podium in the channel and says so in place
        of the question; ``keep`` changes nothing. A second press, or a forged id, gets a short answer."""

        async def work(guild_id: int) -> None:
            number = ids.season_number(season)
            if number is None or verb not in (ids.SEASON_CLOSE, ids.SEASON_KEEP):
                raise TableError(t("season.bad_button"))
            if verb == ids.SEASON_KEEP:
                current = (await self.hub.service.current_season(guild_id))["number"]
                if current != number:
                    raise TableError(t("season.bad_button"))
                await interaction.response.edit_message(view=layout.notice(t("season.kept", n=number)))
                return
            closed = await self.hub.service.close_season(guild_id, number)
            await interaction.response.edit_message(view=layout.notice(t(
                "season.done", season=closed.number, next=closed.number + 1, kept=t("season.kept_n", n=closed.ranked))))
            with self.hub.languages.public_in(guild_id):  # the podium is public: in the server's language
                podium = podium_view(closed)
            try:
                await interaction.followup.send(view=podium, allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as e:  # the season is closed all the same; the boards keep the podium
                log.warning("guild %d: posting the podium of season %d failed: %s", guild_id, closed.number, e)

        await self._guarded(interaction, "settings-season", work)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Admin(bot))
