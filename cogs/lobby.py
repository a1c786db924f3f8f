"""Slash commands that open tables (``/briscola``, ``/chiamata``, ``/cicera``) and ``/table leave|abort``.

Every table option of RULES.md is a command option with fixed choices; options left out take the server's
defaults (``/settings``), then the game's. The lobby's buttons are handled by the play hub (``cogs.play.lobby``).
"""

from __future__ import annotations

import logging
from typing import Any

from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from cogs.play.hub import hub_of
from cogs.play.lobby import LobbyControls
from cogs.texts import VALUE_LABELS
from cogs.types import Interaction, TavoloBot

log = logging.getLogger(__name__)


def _choices(*values: str) -> list[Choice[str]]:
    return [Choice(name=VALUE_LABELS.get(v, v), value=v) for v in values]


ON_OFF = _choices("off", "on")
LEVEL_CHOICES = _choices("easy", "medium", "hard")
MATCH_CHOICES = [Choice(name="one round", value="single"), Choice(name="short: first to 3", value="short"),
                 Choice(name="long: first to 5", value="long")]
CHIAMATA_MATCH = [Choice(name="one round", value="single"), Choice(name="short: 5 rounds", value="short"),
                  Choice(name="long: 10 rounds", value="long")]
CICERA_MATCH = [Choice(name="one deal", value="single"), Choice(name="to 21 points", value="21"),
                Choice(name="to 31 points", value="31"), Choice(name="to 51 points", value="51")]
TEAMS_CHOICES = [Choice(name="random", value="random"),
                 Choice(name="4 players: 1st and 2nd to join vs 3rd and 4th", value="12-34"),
                 Choice(name="4 players: 1st and 3rd vs 2nd and 4th", value="13-24"),
                 Choice(name="4 players: 1st and 4th vs 2nd and 3rd", value="14-23"),
                 Choice(name="6 players: 1st, 3rd and 5th to join vs 2nd, 4th and 6th", value="135-246")]
TEAM_CHAT_CHOICES = _choices("after_first_trick", "after_first_round", "off")
FACES_CHOICES = _choices("italian", "french")
BIDDING_CHOICES = [Choice(name="rank, then points on the 2", value="rank"), Choice(name="points", value="points")]
BRISCOLA_PLAYERS: list[Choice[Any]] = [Choice(name=str(n), value=n) for n in (2, 3, 4, 6)]
"""Typed loosely: ``app_commands.choices`` takes one choice type for all its parameters, and these are ints."""
TIMER = app_commands.Range[int, 0, 600]

DESCRIBE_COMMON = {
    "level": "AI level for the seats left empty (default medium)",
    "turn_timer": "seconds per turn, 15-600; 0 turns the timer off (default 120)",
    "faces": "card faces (the rules never change)",
    "show_points": "show each side's captured points during the round",
    "hints": "practice: a Hint button on each hand shows the AI's choice (the game is not rated)",
}


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

    @app_commands.command(name="briscola", description="Open a table of Briscola (2, 3, 4 or 6 players)")
    @app_commands.guild_only()
    @app_commands.describe(
        players="how many players (4 and 6: two teams)",
        match="one round, or first side to 3 or 5 round wins",
        teams="who partners whom, by join order (4 and 6 players)",
        open="everyone sees every hand (practice)",
        trump_exchange="the 7 (or 2) of trumps may take the face-up card between tricks",
        high_score_bonus="91+ points score 2; all 120 win the match",
        conquest="A, 3 and R of trumps in hand win the round at once",
        autoplay_last="the bot plays the last trick itself",
        team_chat="when each team's private thread opens (4 and 6 players)",
        partner_hand="partners see each other's hands once the stock is empty (4 and 6 players)",
        **DESCRIBE_COMMON,
    )
    @app_commands.choices(
        players=BRISCOLA_PLAYERS, level=LEVEL_CHOICES, match=MATCH_CHOICES,
        teams=TEAMS_CHOICES, faces=FACES_CHOICES, show_points=ON_OFF, open=ON_OFF, trump_exchange=ON_OFF,
        high_score_bonus=ON_OFF, conquest=ON_OFF, autoplay_last=ON_OFF, team_chat=TEAM_CHAT_CHOICES,
        partner_hand=ON_OFF, hints=ON_OFF,
    )
    async def briscola(
        self, interaction: Interaction, players: Choice[int], level: Choice[str] | None = None,
        match: Choice[str] | None = None, teams: Choice[str] | None = None, faces: Choice[str] | None = None,
        show_points: Choice[str] | None = None, open: Choice[str] | None = None,  # noqa: A002 - the option's name
        trump_exchange: Choice[str] | None = None, high_score_bonus: Choice[str] | None = None,
        conquest: Choice[str] | None = None, autoplay_last: Choice[str] | None = None,
        team_chat: Choice[str] | None = None, partner_hand: Choice[str] | None = None,
        turn_timer: TIMER | None = None, hints: Choice[str] | None = None,
    ) -> None:
        """Open a Briscola lobby."""
        options = _given(match=match, teams=teams, faces=faces, show_points=show_points, open=open,
                         trump_exchange=trump_exchange, high_score_bonus=high_score_bonus, conquest=conquest,
                         autoplay_last=autoplay_last, team_chat=team_chat, partner_hand=partner_hand,
                         turn_timer=turn_timer, hints=hints)
        await self.lobby.create_table(interaction, "briscola", players.value, options, _level(level))

    @app_commands.command(name="chiamata", description="Open a table of Briscola Chiamata (5 players)")
    @app_commands.guild_only()
    @app_commands.describe(
        bidding="bid ranks (then points on the 2), or points",
        kitty="7 cards each and a kitty of 5 for the caller",
        match="one round, 5 rounds or 10 rounds",
        **DESCRIBE_COMMON,
    )
    @app_commands.choices(level=LEVEL_CHOICES, bidding=BIDDING_CHOICES, kitty=ON_OFF, match=CHIAMATA_MATCH,
                          faces=FACES_CHOICES, show_points=ON_OFF, hints=ON_OFF)
    async def chiamata(
        self, interaction: Interaction, level: Choice[str] | None = None,
        bidding: Choice[str] | None = None, kitty: Choice[str] | None = None, match: Choice[str] | None = None,
        faces: Choice[str] | None = None, show_points: Choice[str] | None = None, turn_timer: TIMER | None = None,
        hints: Choice[str] | None = None,
    ) -> None:
        """Open a Chiamata lobby."""
        options = _given(bidding=bidding, kitty=kitty, match=match, faces=faces, show_points=show_points,
                         turn_timer=turn_timer, hints=hints)
        await self.lobby.create_table(interaction, "chiamata", 5, options, _level(level))

    @app_commands.command(name="cicera", description="Open a table of Cicera (4 players, two teams)")
    @app_commands.guild_only()
    @app_commands.describe(
        match="one deal, or play to 21, 31 or 51 points",
        team_chat="when each team's private thread opens",
        level=DESCRIBE_COMMON["level"], turn_timer=DESCRIBE_COMMON["turn_timer"], hints=DESCRIBE_COMMON["hints"],
    )
    @app_commands.choices(level=LEVEL_CHOICES, match=CICERA_MATCH, team_chat=TEAM_CHAT_CHOICES, hints=ON_OFF)
    async def cicera(
        self, interaction: Interaction, level: Choice[str] | None = None, match: Choice[str] | None = None,
        team_chat: Choice[str] | None = None, turn_timer: TIMER | None = None, hints: Choice[str] | None = None,
    ) -> None:
        """Open a Cicera lobby."""
        options = _given(match=match, team_chat=team_chat, turn_timer=turn_timer, hints=hints)
        await self.lobby.create_table(interaction, "cicera", 4, options, _level(level))

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
    """Extension entry point."""
    await bot.add_cog(Lobby(bot))
