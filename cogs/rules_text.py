"""The ``/rules`` embed of each game (its text lives in ``bot.rules_text.RULES``)."""

from __future__ import annotations

import discord

from cogs.texts import RULES, game_name, t


def rules_embed(game: str) -> discord.Embed:
    """A short rules embed with the table options explained."""
    text = RULES[game]
    embed = discord.Embed(title=game_name(game), description=text["summary"], colour=discord.Colour.dark_green())
    embed.add_field(name=t("lobby.options"), value=text["options"][:1024], inline=False)
    return embed
