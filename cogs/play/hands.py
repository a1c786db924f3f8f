"""Hand messages: each player's latest ephemeral hand message, kept to be refreshed when their turn comes."""

from __future__ import annotations

import datetime
import logging
from typing import TYPE_CHECKING

import discord

from bot.i18n import use_language
from bot.tables import TableError, TableInfo
from cogs import render
from cogs.play.state import HandSession
from cogs.types import Interaction
from rules.view import GameView

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)

TOKEN_LIFE = datetime.timedelta(minutes=14)
"""A hand message is edited through its interaction's token, which Discord keeps 15 minutes: past this age it
is not tried."""


class HandMessages:
    """Per (table id, user id), the player's latest hand message."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.sessions: dict[tuple[int, int], HandSession] = {}
        self.expired: set[tuple[int, int]] = set()
        """(table id, user id) of hand messages dropped because their token got too old to edit them."""

    def session(self, interaction: Interaction, table_id: int) -> HandSession:
        """The clicking user's hand session at a table (made on first use)."""
        key = (table_id, interaction.user.id)
        session = self.sessions.get(key)
        if session is None:
            session = self.sessions[key] = HandSession(interaction)
        return session

    def keep(self, table_id: int, user_id: int, session: HandSession) -> None:
        """``session`` is now the user's latest hand message at the table."""
        self.sessions[(table_id, user_id)] = session
        if (table_id, user_id) in self.expired:
            self.expired.discard((table_id, user_id))
            self.hub.tables.request_refresh(table_id)  # the table no longer asks them to press My hand

    def forget(self, table_id: int, user_id: int) -> None:
        """The user's hand message is no longer refreshed (the AI took the seat)."""
        self.sessions.pop((table_id, user_id), None)
        self.expired.discard((table_id, user_id))

    def drop_table(self, table_id: int) -> None:
        """Forget every hand message of a table that closed or ended."""
        for key in [k for k in self.sessions if k[0] == table_id]:
            del self.sessions[key]
        self.expired = {k for k in self.expired if k[0] != table_id}

    def live(self, table_id: int, user_id: int) -> bool:
        """Does the user have a hand message at the table that can still be refreshed (its interaction token,
        which lives 15 minutes, younger than ``TOKEN_LIFE``)? A session found too old is dropped, and the user
        told (on the table message) to press My hand."""
        key = (table_id, user_id)
        session = self.sessions.get(key)
        if session is None:
            return False
        if session.lock.locked():
            return True  # a click of theirs is being answered: its fresh token takes over
        if discord.utils.utcnow() - session.interaction.created_at > TOKEN_LIFE:
            del self.sessions[key]
            self.expired.add(key)
            return False
        return True

    def users(self, table_id: int) -> list[int]:
        """The users with a hand message at the table."""
        return [u for t, u in self.sessions if t == table_id]

    async def show_end(self, table_id: int, info: TableInfo, views: dict[int, GameView]) -> None:
        """The match is over: each hand message that can still be edited and does not show the end yet shows it
        now (``views``: each user's seat's view at the end), without controls. Its last answer may show a turn
        that the bot then played itself (Briscola's last trick) or a moment before the AI ended the game."""
        for user_id, view in views.items():
            session = self.sessions.get((table_id, user_id))
            if session is None or not self.live(table_id, user_id):
                continue
            async with session.lock:  # after the answer to the player's last click
                if session.shown == ("hand", info.version):
                    continue
                with use_language(self.hub.languages.member(session.interaction)):
                    picture = await self.hub.run(render.hand_picture, view, render.seat_infos(info))
                    hand = render.hand_view(info, view)
                try:
                    await session.interaction.edit_original_response(attachments=[picture], view=hand)
                    session.shown = ("hand", info.version)
                except discord.HTTPException as e:
                    log.info("table %d: showing the end in the hand of %d failed (%s)", table_id, user_id, e)

    def expired_at(self, table_id: int) -> tuple[int, ...]:
        """The users of a table whose hand message can no longer be refreshed (until they press My hand)."""
        return tuple(sorted(u for t, u in self.expired if t == table_id))

    def request_refresh(self, table_id: int, user_id: int) -> None:
        """Refresh a player's last hand message, when they have one whose token still lives (else the table
        message tells them to press My hand)."""
        if not self.live(table_id, user_id):
            if (table_id, user_id) in self.expired:
                self.hub.tables.request_refresh(table_id)
            return
        session = self.sessions[(table_id, user_id)]
        self.hub.spawn(self._refresh(table_id, user_id, session), f"hand-{table_id}-{user_id}")

    async def _refresh(self, table_id: int, user_id: int, session: HandSession) -> None:
        async with session.lock:
            try:
                info = self.hub.service.get(table_id)
                view = self.hub.service.view(table_id, user_id)
            except TableError:
                return
            if info.status != "playing" or session.shown == ("hand", info.version):
                return
            with use_language(self.hub.languages.member(session.interaction)):  # the member's, not the table's
                picture = await self.hub.run(render.hand_picture, view, render.seat_infos(info))
                hand = render.hand_view(info, view)
            try:
                await session.interaction.edit_original_response(attachments=[picture], view=hand)
                session.shown = ("hand", info.version)
            except discord.HTTPException as e:
                log.info("table %d: refreshing the hand of %d failed (%s)", table_id, user_id, e)
                if self.sessions.get((table_id, user_id)) is session:
                    del self.sessions[(table_id, user_id)]
                self.hub.tables.request_refresh(table_id)  # the table message tells them it is their turn
