"""Hand messages: each player's latest ephemeral hand message, kept to be refreshed when their turn comes."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord

from bot.tables import TableError
from cogs import render
from cogs.play.state import HandSession
from cogs.types import Interaction

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)


class HandMessages:
    """Per (table id, user id), the player's latest hand message."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.sessions: dict[tuple[int, int], HandSession] = {}

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

    def forget(self, table_id: int, user_id: int) -> None:
        """The user's hand message is no longer refreshed (the AI took the seat)."""
        self.sessions.pop((table_id, user_id), None)

    def drop_table(self, table_id: int) -> None:
        """Forget every hand message of a table that closed or ended."""
        for key in [k for k in self.sessions if k[0] == table_id]:
            del self.sessions[key]

    def live(self, table_id: int, user_id: int) -> bool:
        """Does the user have a hand message at the table that can still be refreshed (its token not expired)?"""
        session = self.sessions.get((table_id, user_id))
        return session is not None and not session.interaction.is_expired()

    def request_refresh(self, table_id: int, user_id: int) -> None:
        """Refresh a player's last hand message, when they have one whose token still lives."""
        session = self.sessions.get((table_id, user_id))
        if session is None:
            return
        if session.interaction.is_expired():
            self.sessions.pop((table_id, user_id), None)
            return
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
            picture = await self.hub.run(render.hand_picture, view, render.seat_infos(info))
            try:
                await session.interaction.edit_original_response(attachments=[picture],
                                                                 view=render.hand_view(info, view))
                session.shown = ("hand", info.version)
            except discord.HTTPException as e:
                log.info("table %d: refreshing the hand of %d failed (%s)", table_id, user_id, e)
                if self.sessions.get((table_id, user_id)) is session:
                    del self.sessions[(table_id, user_id)]
                self.hub.tables.request_refresh(table_id)  # the table message tells them it is their turn
