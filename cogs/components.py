"""Buttons and selects as ``DynamicItem``s: the bot recognises them by their ``custom_id`` (see ``cogs.ids``)
on any message, so they keep working after a restart. Each click goes to the ``Hub``, which checks it."""

from __future__ import annotations

import logging
import re
from typing import Any

import discord
from discord.ui import Button, DynamicItem, Select

from cogs import ids

log = logging.getLogger(__name__)


def hub_of(interaction: discord.Interaction) -> Any:
    """The ``Hub`` of the bot that received the interaction."""
    return interaction.client.hub  # type: ignore[attr-defined]


class _Dynamic:
    """Shared by the dynamic items: the groups of the ``custom_id`` match, kept for the callback."""

    groups: dict[str, str | None]

    def __repr__(self) -> str:
        """The class and the table only: discord.py logs the clicked item when its callback fails, and a card
        button's label and ``custom_id`` name a card of a hidden hand."""
        table = getattr(self, "groups", {}).get("table")
        return f"<{type(self).__name__}{f' table={table}' if table else ''}>"

    def number(self, name: str) -> int:
        """A numeric group of the ``custom_id`` (its template allows only digits there)."""
        return int(self.groups[name] or "")

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: Any, match: re.Match[str], /):
        made = cls(item)  # type: ignore[call-arg]
        made.groups = match.groupdict()
        return made


class LobbyButton(_Dynamic, DynamicItem[Button], template=ids.LOBBY):
    """Join, Leave, Start, Cancel on a lobby message."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_lobby_button(interaction, self.number("table"), self.groups["verb"])


class LobbyAISelect(_Dynamic, DynamicItem[Select], template=ids.LOBBY_AI):
    """The host adds an AI of a level, or removes the last AI added."""

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list(self.item.values)
        await hub_of(interaction).on_lobby_ai(interaction, self.number("table"), values[0] if values else "")


class HandButton(_Dynamic, DynamicItem[Button], template=ids.HAND):
    """My hand, on the public table message."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_my_hand(interaction, self.number("table"))


class ActButton(_Dynamic, DynamicItem[Button], template=ids.ACT):
    """One action (a card, a bid, Pass, a suit, Place...) in a hand message."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_action(interaction, self.number("table"), self.number("version"),
                                            [self.groups["code"] or ""], None)


class ActSelect(_Dynamic, DynamicItem[Select], template=ids.ACT_SELECT):
    """A choice among actions (points bids, calls, Cicera captures) or the cards to discard."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_action(interaction, self.number("table"), self.number("version"),
                                            list(self.item.values), self.groups["kind"])


class PickButton(_Dynamic, DynamicItem[Button], template=ids.PICK):
    """Cicera: a card chosen; show what it can take."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_pick(interaction, self.number("table"), self.number("version"),
                                          self.groups["card"] or "", self.number("page"))


class BackButton(_Dynamic, DynamicItem[Button], template=ids.BACK):
    """Cicera: back to the hand."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_back(interaction, self.number("table"), self.number("version"))


class RematchButton(_Dynamic, DynamicItem[Button], template=ids.REMATCH):
    """A new lobby with the settings of a finished game."""

    async def callback(self, interaction: discord.Interaction) -> None:
        await hub_of(interaction).on_rematch(interaction, self.number("game"))


class LeaderboardButton(_Dynamic, DynamicItem[Button], template=ids.LEADERBOARD):
    """A page of the leaderboard."""

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Standings")  # type: ignore[attr-defined]
        if cog is not None:  # the page is read (and a forged one refused) by the Standings
            await cog.show_page(interaction, self.groups["game"] or "", self.groups["page"] or "", edit=True)


class ResetButton(_Dynamic, DynamicItem[Button], template=ids.RESET):
    """Confirms a leaderboard reset."""

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Admin")  # type: ignore[attr-defined]
        if cog is not None:
            await cog.confirm_reset(interaction, self.groups["game"] or "")


DYNAMIC_ITEMS = (LobbyButton, LobbyAISelect, HandButton, ActButton, ActSelect, PickButton, BackButton, RematchButton,
                 LeaderboardButton, ResetButton)


def button(cls: type, custom_id: str, label: str, style: discord.ButtonStyle = discord.ButtonStyle.secondary,
           *, disabled: bool = False, row: int | None = None) -> Any:
    """A dynamic button of class ``cls``."""
    return cls(Button(label=label[:80], custom_id=custom_id, style=style, disabled=disabled, row=row))


def select(cls: type, custom_id: str, options: list[discord.SelectOption], placeholder: str, *,
           min_values: int = 1, max_values: int = 1, disabled: bool = False, row: int | None = None) -> Any:
    """A dynamic string select of class ``cls``."""
    return cls(Select(custom_id=custom_id, options=options, placeholder=placeholder[:150], min_values=min_values,
                      max_values=max_values, disabled=disabled, row=row))
