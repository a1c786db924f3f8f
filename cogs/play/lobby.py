"""Lobby clicks and commands: opening a table (a slash command or Rematch), Join, Leave, Start, Cancel, the host's
AI select, and ``/table leave`` and ``/table abort``."""

from __future__ import annotations

import logging
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING

import discord

from bot.storage.rows import JsonObject
from bot.tables import TableError, TableInfo, TableService
from cogs import ids, render
from cogs.play import checks
from cogs.play.answers import Fields
from cogs.play.tables import lobby_key, table_key
from cogs.texts import game_name, t
from cogs.types import Interaction

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)


async def game_record(service: TableService, game_id: int) -> JsonObject | None:
    """The stored record of a finished game (``None`` when there is none)."""
    return await service.game_record(game_id)


class LobbyControls:
    """Opening, joining, leaving, starting and stopping tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    # ----- opening -----
    async def create_table(self, interaction: Interaction, game: str, players: int, options: JsonObject,
                           level: str) -> None:
        """A slash command: open a lobby and post it."""

        async def work() -> None:
            await self._create(interaction, game, players, options, level)

        await self.hub.answers.answer(interaction, "create", work)

    async def _create(self, interaction: Interaction, game: str, players: int, options: JsonObject,
                      level: str) -> None:
        """Open a lobby for the user and post it."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError(t("guild_only"))
        info = await self.hub.service.create(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                             interaction.user.display_name, game, players, options, level)
        await self._post_lobby(interaction, info)

    async def _post_lobby(self, interaction: Interaction, info: TableInfo) -> None:
        p = self.hub.presence(info.id)
        p.channel_id = info.channel_id
        async with p.lock:

            async def build() -> Fields:
                with self.hub.languages.public(info.id, info.guild_id):
                    return {"view": render.lobby_view(info), "allowed_mentions": render.NO_MENTIONS}

            p.message_id = await self.hub.answers.send(interaction, build, ephemeral=False)
            p.shown = lobby_key(info)

    async def on_rematch(self, interaction: Interaction, game_id: int) -> None:
        """A new lobby with the game, player count, options and AI level of a finished game."""

        async def work() -> None:
            if game_id > ids.MAX_ID:  # forged: no such game, and too big to look up
                raise TableError(t("click.no_table"))
            record = await game_record(self.hub.service, game_id)
            if record is None or record.get("guild") != interaction.guild_id:
                raise TableError(t("click.no_table"))
            if record.get("channel", interaction.channel_id) != interaction.channel_id:
                raise TableError(t("click.elsewhere"))  # (records written before the channel was kept: no check)
            levels = Counter(s.get("ai") for s in record.get("seats", ()) if s.get("ai"))
            level = levels.most_common(1)[0][0] if levels else "medium"
            options = dict(record.get("options") or {})
            await self._create(interaction, record["game"], record["players"], options, level)

        await self.hub.answers.answer(interaction, "rematch", work)

    # ----- the lobby's controls -----
    async def check_lobby(self, interaction: Interaction, table_id: int, kind: str) -> TableInfo | None:
        """A lobby control may be pressed on an open table, in its own channel."""
        return await self.hub.answers.check(
            interaction, kind, lambda: checks.table_here(self.hub.service, interaction, table_id))

    def _here(self, interaction: Interaction, table_id: int) -> None:
        """The clicked message is the table's message."""
        p = self.hub.presence(table_id)
        if interaction.message is not None:
            p.channel_id, p.message_id = interaction.channel_id, interaction.message.id

    async def on_lobby_button(self, interaction: Interaction, table_id: int, verb: str) -> None:
        """Join, Leave, Start, Cancel."""

        async def work() -> None:
            service = self.hub.service
            user = interaction.user
            self._here(interaction, table_id)
            if verb == "join":
                info = await service.join(table_id, user.id, user.display_name)
            elif verb == "leave":
                left = await service.leave(table_id, user.id)
                if left is None:
                    await self._show_closed(interaction, table_id)
                    return
                if left.status != "lobby":
                    await self.hub.answers.tell(interaction, t("cmd.left_game", id=table_id))
                    return
                info = left
            elif verb == "cancel":
                game = service.get(table_id).game
                await service.cancel(table_id, user.id)
                await self._show_closed(interaction, table_id, game)
                return
            else:
                await self._start(interaction, table_id)
                return
            await self._show_lobby(interaction, info)

        await self.hub.answers.answer(interaction, f"lobby-{verb}", work)

    async def on_lobby_ai(self, interaction: Interaction, table_id: int, value: str) -> None:
        """The host adds an AI of a level, or removes the last one."""

        async def work() -> None:
            self._here(interaction, table_id)
            if value.startswith("add:"):
                info = await self.hub.service.add_ai(table_id, interaction.user.id, value[4:])
            else:
                info = await self.hub.service.remove_ai(table_id, interaction.user.id)
            await self._show_lobby(interaction, info)

        await self.hub.answers.answer(interaction, "lobby-ai", work)

    async def _show_lobby(self, interaction: Interaction, info: TableInfo) -> None:
        p = self.hub.presence(info.id)
        async with p.lock:
            await self.hub.answers.update(interaction, _lobby_fields(self.hub, info))
            p.shown = lobby_key(info)

    async def _show_closed(self, interaction: Interaction, table_id: int, game: str | None = None) -> None:
        self.hub.presences.pop(table_id, None)

        async def build() -> Fields:
            with self.hub.languages.public(table_id, interaction.guild_id):
                name = game_name(game) if game else t("table_n", id=table_id)
                return {"view": render.stopped_message(t("lobby.cancelled", game=name))}

        await self.hub.answers.update(interaction, build)

    async def _start(self, interaction: Interaction, table_id: int) -> None:
        hub = self.hub
        service = hub.service
        p = hub.presence(table_id)
        async with p.lock:
            await service.start(table_id, interaction.user.id)

            async def build() -> Fields:
                info = service.get(table_id)
                pub = service.view(table_id)
                notes = hub.tables.current_notes(p, info)
                for note in p.notes:
                    note.shown = True
                with hub.languages.public(table_id):
                    picture = await hub.run(render.table_picture, pub, render.seat_infos(info))
                    view = render.table_message(info, pub, notes)
                p.shown = table_key(info, p, notes)
                p.last_edit = time.monotonic()
                return {"attachments": [picture], "view": view, "allowed_mentions": render.table_mentions(info)}

            try:
                await hub.answers.update(interaction, build)
            except TableError:
                p.shown = None  # the game ended already: ``finish`` shows it
            except discord.HTTPException as e:
                p.shown = None
                log.warning("table %d: showing the start failed (%s); shown at the next step", table_id, e)
                hub.tables.request_refresh(table_id)

    # ----- /table -----
    async def leave_table(self, interaction: Interaction) -> None:
        """``/table leave``: the lobby place is freed, or the AI takes the seat."""

        async def work() -> None:
            if interaction.channel_id is None:
                raise TableError(t("guild_only"))
            service = self.hub.service
            info = service.table_of(interaction.channel_id, interaction.user.id)
            if info is None:
                raise TableError(t("cmd.no_table_here"))
            where = self.hub.presences.get(info.id)
            after = await service.leave(info.id, interaction.user.id)
            if after is None:
                with self.hub.languages.public(info.id, info.guild_id):
                    await self.hub.tables.close_message(where, info.game)
                await self.hub.answers.tell(interaction, t("lobby.closed_by_leaving"))
                return
            self.hub.tables.request_refresh(info.id)
            key = "lobby.left" if after.status == "lobby" else "cmd.left_game"
            await self.hub.answers.tell(interaction, t(key, id=info.id))

        await self.hub.answers.answer(interaction, "leave", work)

    async def abort_table(self, interaction: Interaction, may_manage: bool) -> None:
        """``/table abort``: the host (or a member with Manage Server: ``may_manage``) stops a table of this
        channel, in its lobby or in play. The service decides; its ``aborted`` event updates the message."""

        async def work() -> None:
            if interaction.channel_id is None:
                raise TableError(t("guild_only"))
            service = self.hub.service
            info = service.table_of(interaction.channel_id, interaction.user.id)
            if info is None:
                here = service.tables(interaction.guild_id, interaction.channel_id)
                if not here:
                    raise TableError(t("cmd.no_table_found"))
                mine = [x for x in here if x.host_id == interaction.user.id]
                info = (mine or here)[0]
            stopped = await service.abort(info.id, interaction.user.id, as_manager=may_manage)
            await self.hub.answers.tell(interaction, t("cmd.aborted", id=stopped.id))

        await self.hub.answers.answer(interaction, "abort", work)


def _lobby_fields(hub: Hub, info: TableInfo) -> Callable[[], Awaitable[Fields]]:
    async def build() -> Fields:
        with hub.languages.public(info.id, info.guild_id):
            return {"view": render.lobby_view(info)}

    return build
