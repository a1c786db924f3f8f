"""Slash commands that open tables (one per registered game, ``/<game>``) and ``/table leave|abort``.

A game's command is built from its spec: its player counts (a ``players`` choice when it has several) and every
table option with its values as fixed choices; its texts come from the game's render (``cogs.render.<game>``).
Options left out take the server's defaults (``/settings``), then the game's. The lobby's buttons are handled by
the play hub (``cogs.play.lobby``).
"""

from __future__ import annotations

import inspect
import logging
from typing import Any, Optional

from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.names import VALUE_LABELS
from cogs.play.hub import hub_of
from cogs.play.lobby import LobbyControls
from cogs.render.games import for_game
from cogs.types import Interaction, TavoloBot
from rules import games
from rules.options import OptionSpec

log = logging.getLogger(__name__)


def _choices(*values: str) -> list[Choice[str]]:
    return [Choice(name=VALUE_LABELS.get(v, v), value=v) for v in values]


LEVEL_CHOICES = _choices("easy", "medium", "hard")
TIMER = app_commands.Range[int, 0, 600]
SHARED = ("turn_timer", "hints")
"""The options every game's command ends with, after the game's own in its spec's order."""

DESCRIBE_COMMON = {
    "level": "AI level for the seats left empty (default medium)",
    "turn_timer": "seconds per turn, 15-600; 0 turns the timer off (default 120)",
    "faces": "card faces (the rules never change)",
    "show_points": "show each side's captured points during the round",
    "hints": "practice: a Hint button on each hand shows the AI's choice (the game is not rated)",
}
"""The descriptions of the options several games share (a game's render may describe one its own way)."""


def option_values(option: OptionSpec) -> list[str]:
    """The values a command offers for a table option: every player count's, in the spec's order (an on/off
    option: off first)."""
    values = list(option.values)
    for allowed in (option.values_by_players or {}).values():
        values += [v for v in allowed if v not in values]
    return ["off", "on"] if set(values) == {"off", "on"} else values


def command_options(game: str) -> list[str]:
    """The options of a game's command in order: ``players`` when the game has several player counts,
    ``level``, the game's table options (those every game shares last)."""
    spec = games.spec(game)
    own = [name for name in spec.options if name not in SHARED]
    return [*(["players"] if len(spec.player_counts) > 1 else []), "level", *own,
            *(name for name in SHARED if name in spec.options)]


def game_command(game: str) -> app_commands.Command[Any, ..., None]:
    """The slash command ``/<game>`` that opens a table of the game, built from its spec (its player counts and
    options, their values) and its render (the command's texts)."""
    spec, render = games.spec(game), for_game(game)
    names = command_options(game)
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Interaction)]
    choices: dict[str, list[Choice[Any]]] = {}
    for name in names:
        kind = inspect.Parameter.KEYWORD_ONLY
        if name == "players":
            params.append(inspect.Parameter(name, kind, annotation=Choice[int]))
            choices[name] = [Choice(name=str(n), value=n) for n in spec.player_counts]
        elif name == "turn_timer":
            params.append(inspect.Parameter(name, kind, default=None, annotation=Optional[TIMER]))  # noqa: UP045 - Range takes no |
        else:
            params.append(inspect.Parameter(name, kind, default=None, annotation=Optional[Choice[str]]))  # noqa: UP045
            labels = render.choice_labels.get(name, {})
            values = ["easy", "medium", "hard"] if name == "level" else option_values(spec.options[name])
            choices[name] = [Choice(name=labels.get(v) or VALUE_LABELS.get(v, v), value=v) for v in values]

    async def open_table(interaction: Interaction, **given: Any) -> None:
        players = given.pop("players").value if "players" in given else spec.default_players
        level = given.pop("level", None)
        await hub_of(interaction.client).lobby.create_table(interaction, game, players, _given(**given),
                                                            _level(level))

    open_table.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]  # read by discord.py
    open_table.__doc__ = f"Open a lobby of {game}."
    help_texts = {**DESCRIBE_COMMON, **render.option_help}
    app_commands.describe(**{n: help_texts[n] for n in names})(open_table)
    app_commands.choices(**choices)(open_table)
    app_commands.guild_only()(open_table)
    return app_commands.Command(name=game, description=render.command, callback=open_table)


def _given(**values: Any) -> dict[str, Any]:
    """The options the user chose (``None`` = left out); ``turn_timer`` 0 means off."""
    out: dict[str, Any] = {}
    for key, value in values.items():
        if value is None:
            continue
        if isinstance(value, Choice):
            value = value.value
        if key == "turn_timer":
            value = "off" if value == 0 else value
        out[key] = value
    return out


def _level(level: Choice[str] | None) -> str:
    return level.value if level is not None else "medium"


class Lobby(commands.Cog):
    """Opening tables and leaving them."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot

    @property
    def lobby(self) -> LobbyControls:
        """The play hub's lobby side, which opens and leaves the tables."""
        return hub_of(self.bot).lobby

    table = app_commands.Group(name="table", description="Your table in this channel", guild_only=True)

    @table.command(name="leave", description="Leave your table here (in a game the AI takes your seat)")
    async def leave(self, interaction: Interaction) -> None:
        """``/table leave``."""
        await self.lobby.leave_table(interaction)

    @table.command(name="abort", description="Stop a table here, in its lobby or in play (host or Manage Server)")
    async def abort(self, interaction: Interaction) -> None:
        """``/table abort``."""
        perms = interaction.permissions
        await self.lobby.abort_table(interaction, bool(perms and perms.manage_guild))


async def setup(bot: TavoloBot) -> None:
    """Extension entry point: a command per registered game, then the cog of ``/table``."""
    for game in games.names():
        bot.tree.add_command(game_command(game))
    await bot.add_cog(Lobby(bot))


async def teardown(bot: TavoloBot) -> None:
    """Extension exit: the games' commands go with it (the cog's go with the cog)."""
    for game in games.names():
        bot.tree.remove_command(game)
