"""Buttons and selects as ``DynamicItem``s: the bot recognises them by their ``custom_id`` (see ``cogs.ids``)
on any message, so they keep working after a restart.

A table's controls check each click in ``interaction_check`` (the table is open and in this channel, the user
is seated, it is their turn, the controls are current: ``cogs.play.checks``), where a refused click gets its
short ephemeral answer; ``callback`` then does the work, through the play hub. Their methods take discord.py's
``Interaction[Any]``, as the overridden methods do; the hub's take the bot's ``cogs.types.Interaction``."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any, Generic, Self, TypeAlias, TypeVar, cast

import discord
from discord.ui import Button, DynamicItem, Item, LayoutView, Select

from cogs import ids

if TYPE_CHECKING:
    from cogs.admin import Admin
    from cogs.play.checks import Move, Seated
    from cogs.play.hub import Hub
    from cogs.replays import Replays
    from cogs.standings import Standings
    from cogs.tournaments import Tournaments

log = logging.getLogger(__name__)

TavoloButton: TypeAlias = Button[LayoutView]
"""A button of a message here (every message is a V2 layout: ``cogs.render.layout.card``)."""
TavoloSelect: TypeAlias = Select[LayoutView]
"""A string select of a message here."""
Control: TypeAlias = DynamicItem[TavoloButton | TavoloSelect]
"""A control of a message: any dynamic button or select of this module."""
WrappedT = TypeVar("WrappedT", TavoloButton, TavoloSelect)
"""The item a dynamic item wraps."""
DynamicT = TypeVar("DynamicT", bound=DynamicItem[Any])
"""A dynamic item class of this module."""


def hub_of(interaction: discord.Interaction[Any]) -> Hub:
    """The play hub of the bot that received the interaction (``cogs.play`` makes it, loaded first)."""
    return cast("Hub", getattr(interaction.client, "hub"))  # noqa: B009 - set by cogs.play, unknown to bot/


class _Dynamic(Generic[WrappedT]):
    """Shared by the dynamic items: the groups of the ``custom_id`` match, kept for the callback."""

    groups: dict[str, str | None]

    def __repr__(self) -> str:
        """The class and the table only: discord.py logs the clicked item when its callback fails, and a card
        button's label and ``custom_id`` name a card of a hidden hand."""
        table = getattr(self, "groups", {}).get("table")
        return f"<{type(self).__name__}{f' table={table}' if table else ''}>"

    item: WrappedT

    @property
    def row(self) -> int | None:
        """The wrapped item's row. discord.py's ``DynamicItem.row`` reads ``item._row``, which its selects never
        set (their ``row`` is a slot of its own), so a dynamic select would have no row."""
        return self.item.row

    @row.setter
    def row(self, value: int | None) -> None:
        self.item.row = value

    def number(self, name: str) -> int:
        """A numeric group of the ``custom_id`` (its template allows only digits there)."""
        return int(self.groups[name] or "")

    @classmethod
    async def from_custom_id(cls, _interaction: discord.Interaction[Any], item: Item[Any], match: re.Match[str],
                             /) -> Self:
        """The item of a clicked component, with the groups of its ``custom_id``."""
        made = cls(item)  # type: ignore[call-arg]  # every subclass is also a DynamicItem, whose __init__ takes it
        made.groups = match.groupdict()
        return made


class LobbyButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.LOBBY):
    """Join, Leave, Start, Cancel on a lobby message."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The table is open and in this channel."""
        verb = self.groups["verb"]
        return await hub_of(interaction).lobby.check_lobby(interaction, self.number("table"), f"lobby-{verb}") \
            is not None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await hub_of(interaction).lobby.on_lobby_button(interaction, self.number("table"), self.groups["verb"] or "")


class LobbyAISelect(_Dynamic[TavoloSelect], DynamicItem[TavoloSelect], template=ids.LOBBY_AI):
    """The host adds an AI of a level, or removes the last AI added."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The table is open and in this channel."""
        return await hub_of(interaction).lobby.check_lobby(interaction, self.number("table"), "lobby-ai") is not None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list(self.item.values)
        await hub_of(interaction).lobby.on_lobby_ai(interaction, self.number("table"), values[0] if values else "")


class HandButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.HAND):
    """My hand, on the public table message."""

    seated: Seated | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The user is seated at the table, in play."""
        self.seated = await hub_of(interaction).moves.check_hand(interaction, self.number("table"))
        return self.seated is not None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.seated is not None:
            await hub_of(interaction).moves.on_my_hand(interaction, self.seated)


class ActButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.ACT):
    """One action (a card, a bid, Pass, a suit, Place...) in a hand message."""

    move: Move | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The action is the user's to take now, from current controls."""
        self.move = await hub_of(interaction).moves.check_action(
            interaction, self.number("table"), self.number("version"), [self.groups["code"] or ""], None)
        return self.move is not None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.move is not None:
            await hub_of(interaction).moves.on_action(interaction, self.move, self.number("version"))


class ActSelect(_Dynamic[TavoloSelect], DynamicItem[TavoloSelect], template=ids.ACT_SELECT):
    """A choice among actions (bids, calls, a Cicera card and what it takes) or the cards to discard."""

    move: Move | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The action chosen is the user's to take now, from current controls."""
        self.move = await hub_of(interaction).moves.check_action(
            interaction, self.number("table"), self.number("version"), list(self.item.values), self.groups["kind"])
        return self.move is not None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.move is not None:
            await hub_of(interaction).moves.on_action(interaction, self.move, self.number("version"))


class PageButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.PAGE):
    """Cicera: the same hand with another page of its capture choices."""

    seated: Seated | None = None

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """The user's turn, from current controls."""
        self.seated = await hub_of(interaction).moves.check_page(
            interaction, self.number("table"), self.number("version"))
        return self.seated is not None

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        if self.seated is not None:
            await hub_of(interaction).moves.on_page(interaction, self.seated, self.number("page"))


class OldHandButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.OLD_HAND):
    """Cicera's Pick and Back of a hand message drawn before captures came in one step: refused."""

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        """Always refused with "press My hand"; nothing changes."""
        await hub_of(interaction).moves.refuse_old(interaction)
        return False

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        """Never reached: the check refuses every click."""


class RematchButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.REMATCH):
    """A new lobby with the settings of a finished game (its record is checked in the callback)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await hub_of(interaction).lobby.on_rematch(interaction, self.number("game"))


class LeaderboardButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.LEADERBOARD):
    """A page of the leaderboard."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Standings | None", interaction.client.get_cog("Standings"))
        if cog is not None:  # the page is read (and a forged one refused) by the Standings
            await cog.show_page(interaction, self.groups["game"] or "", self.groups["page"] or "", edit=True)


class ResetButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.RESET):
    """Confirms a leaderboard reset."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Admin | None", interaction.client.get_cog("Admin"))
        if cog is not None:
            await cog.confirm_reset(interaction, self.groups["game"] or "")


class SeasonButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.SEASON):
    """Closes the server's season, or keeps it (the verb and the season are checked by the Admin)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Admin | None", interaction.client.get_cog("Admin"))
        if cog is not None:
            await cog.confirm_season(interaction, self.groups["verb"] or "", self.groups["season"] or "")


class SeasonLeaderboardButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.SEASON_LEADERBOARD):
    """A page of a closed season's leaderboard."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Standings | None", interaction.client.get_cog("Standings"))
        if cog is not None:  # the season and the page are read (and a forged one refused) by the Standings
            await cog.show_page(interaction, self.groups["game"] or "", self.groups["page"] or "", edit=True,
                                season=self.groups["season"] or "")


class HistoryButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.HISTORY):
    """A page of ``/history``."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Standings | None", interaction.client.get_cog("Standings"))
        if cog is not None:  # the filters and the page are read (and a forged or stale one refused) by the Standings
            await cog.show_history(interaction, self.groups["game"] or "", self.groups["member"] or "",
                                   self.groups["page"] or "", edit=True)


class ReviewButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.REVIEW):
    """A player's review of a finished game, only for them (whether they played it is checked by the Replays)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Replays | None", interaction.client.get_cog("Replays"))
        if cog is not None:
            await cog.on_review(interaction, self.number("game"))


class ReplayButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.REPLAY):
    """The animated replay of a finished game, posted in the channel."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Replays | None", interaction.client.get_cog("Replays"))
        if cog is not None:
            await cog.on_replay(interaction, self.number("game"))


class HintButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.HINT):
    """A practice table's hint for the presser's turn (the table, the seat and the turn are checked by the
    service)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Replays | None", interaction.client.get_cog("Replays"))
        if cog is not None:
            await cog.on_hint(interaction, self.number("table"), self.number("version"))


class TournamentButton(_Dynamic[TavoloButton], DynamicItem[TavoloButton], template=ids.TOURNAMENT):
    """A button of a tournament's panel (its id and verb are checked by the Tournaments cog)."""

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        cog = cast("Tournaments | None", interaction.client.get_cog("Tournaments"))
        if cog is not None:
            await cog.on_button(interaction, self.groups["tournament"] or "", self.groups["verb"] or "")


DYNAMIC_ITEMS = (LobbyButton, LobbyAISelect, HandButton, ActButton, ActSelect, PageButton, OldHandButton,
                 RematchButton, LeaderboardButton, ResetButton, HistoryButton, ReviewButton, ReplayButton,
                 HintButton, SeasonButton, SeasonLeaderboardButton, TournamentButton)


def button(cls: type[DynamicT], custom_id: str, label: str,
           style: discord.ButtonStyle = discord.ButtonStyle.secondary, *, disabled: bool = False,
           row: int | None = None) -> DynamicT:
    """A dynamic button of class ``cls``."""
    return cls(Button(label=label[:80], custom_id=custom_id, style=style, disabled=disabled, row=row))


def select(cls: type[DynamicT], custom_id: str, options: list[discord.SelectOption], placeholder: str, *,
           min_values: int = 1, max_values: int = 1, disabled: bool = False, row: int | None = None) -> DynamicT:
    """A dynamic string select of class ``cls``."""
    return cls(Select(custom_id=custom_id, options=options, placeholder=placeholder[:150], min_values=min_values,
                      max_values=max_values, disabled=disabled, row=row))
