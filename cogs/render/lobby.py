"""The lobby message (Components V2): the game, the host, the seats by name, the options, and its controls."""

from __future__ import annotations

import logging

import discord
from discord.ui import LayoutView

from bot.tables import TableInfo
from cogs import ids
from cogs.components import Control, LobbyAISelect, LobbyButton, button, select
from cogs.markup import name_text
from cogs.render import layout
from cogs.render.seats import seat_label
from cogs.texts import game_name, level_name, option_label, option_value, t
from rules.ai import LEVELS

log = logging.getLogger(__name__)


def host_name(info: TableInfo) -> str:
    """The host's name as message text shows it (``name_text``; from their seat: the host is seated first)."""
    return next((name_text(s.name) for s in info.seats if s.user_id == info.host_id), "?")


def lobby_text(info: TableInfo) -> str:
    """The lobby's text: title, host, the seats by name, the options one a line."""
    lines = ["### " + t("lobby.title", game=game_name(info.game), players=t("players_n", n=info.players)),
             t("lobby.host", host=f"**{host_name(info)}**", level=level_name(info.level)), "",
             f"**{t('lobby.seats')}**"]
    for i in range(info.players):
        if i < len(info.seats):
            ai = info.seats[i].ai
            name = t("lobby.ai_seat", n=i + 1, level=level_name(ai)) if ai is not None else seat_label(info, i)
            lines.append(f"{i + 1}. **{name}**")
        else:
            lines.append(f"{i + 1}. {t('lobby.free')}")
    if info.options:
        lines += ["", f"**{t('lobby.options')}**"]
        lines += [f"- {option_label(k)}: {option_value(v)}" for k, v in info.options.items()]
    lines += ["", "-# " + t("lobby.footer", id=info.id)]
    return "\n".join(lines)


def lobby_controls(info: TableInfo) -> list[Control]:
    """Join, Leave, Start, Cancel, and the host's AI select."""
    full = len(info.seats) >= info.players
    items: list[Control] = [
        button(LobbyButton, ids.lobby(info.id, "join"), t("lobby.join"), discord.ButtonStyle.success,
               disabled=full, row=0),
        button(LobbyButton, ids.lobby(info.id, "leave"), t("lobby.leave"), row=0),
        button(LobbyButton, ids.lobby(info.id, "start"), t("lobby.start"), discord.ButtonStyle.primary, row=0),
        button(LobbyButton, ids.lobby(info.id, "cancel"), t("lobby.cancel"), discord.ButtonStyle.danger, row=0),
    ]
    options = [discord.SelectOption(label=t("lobby.ai_add", level=level_name(level)), value=f"add:{level}")
               for level in LEVELS]
    options.append(discord.SelectOption(label=t("lobby.ai_remove"), value="remove"))
    items.append(select(LobbyAISelect, ids.lobby_ai(info.id), options, t("lobby.ai_placeholder"), row=1))
    return items


def lobby_view(info: TableInfo) -> LayoutView:
    """The lobby message (send it with ``NO_MENTIONS``: seated members are named, never pinged)."""
    return layout.card(lobby_text(info), layout.rows(lobby_controls(info)))
