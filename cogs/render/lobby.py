"""The lobby message: its embed (game, host, seats, options) and its controls."""

from __future__ import annotations

import logging

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import LobbyAISelect, LobbyButton, button, select
from cogs.texts import game_name, options_line, t
from rules.ai import LEVELS

log = logging.getLogger(__name__)


def lobby_embed(info: TableInfo) -> discord.Embed:
    """The lobby: game, host, seats and options."""
    embed = discord.Embed(
        title=t("lobby.title", game=game_name(info.game), players=t("players_n", n=info.players)),
        description=t("lobby.host", host=f"<@{info.host_id}>", level=info.level),
        colour=discord.Colour.dark_green(),
    )
    lines = []
    for i in range(info.players):
        lines.append(f"{i + 1}. {info.seats[i].name}" if i < len(info.seats) else f"{i + 1}. {t('lobby.free')}")
    embed.add_field(name=t("lobby.seats"), value="\n".join(lines), inline=True)
    embed.add_field(name=t("lobby.options"), value=options_line(info.options)[:1024] or "-", inline=False)
    embed.set_footer(text=t("lobby.footer", id=info.id))
    return embed


def lobby_view(info: TableInfo) -> discord.ui.View:
    """Join, Leave, Start, Cancel, and the host's AI select."""
    view = discord.ui.View(timeout=None)
    full = len(info.seats) >= info.players
    view.add_item(button(LobbyButton, ids.lobby(info.id, "join"), t("lobby.join"), discord.ButtonStyle.success,
                         disabled=full, row=0))
    view.add_item(button(LobbyButton, ids.lobby(info.id, "leave"), t("lobby.leave"), row=0))
    view.add_item(button(LobbyButton, ids.lobby(info.id, "start"), t("lobby.start"), discord.ButtonStyle.primary,
                         row=0))
    view.add_item(button(LobbyButton, ids.lobby(info.id, "cancel"), t("lobby.cancel"), discord.ButtonStyle.danger,
                         row=0))
    options = [discord.SelectOption(label=t("lobby.ai_add", level=level), value=f"add:{level}") for level in LEVELS]
    options.append(discord.SelectOption(label=t("lobby.ai_remove"), value="remove"))
    view.add_item(select(LobbyAISelect, ids.lobby_ai(info.id), options, t("lobby.ai_placeholder"), row=1))
    return view
