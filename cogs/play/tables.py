"""Showing the tables: each table's one public message (lobby, play, end), its notes, and the round summaries."""

from __future__ import annotations

import asyncio
import datetime
import logging
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import discord

from bot.ratings import Standing, rating_text
from bot.tables import TableError, TableInfo
from cogs import ids, render
from cogs.markup import name_text
from cogs.play.state import Note, Presence, ShownKey
from cogs.render.table import MatchResult
from cogs.texts import game_name, t
from images.common import SeatInfo
from rules.view import GameView

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)

AI_REFRESH_SECONDS = 3.0
"""While only the AI plays, the table message is edited at most this often."""
ONLOOKER_REFRESH_SECONDS = 90.0
"""While every person at a table plays from a live hand message (which shows the table as text), the table
message is edited for the onlookers at most this often between the moments it must change (a person without a
live hand message to act, a note, the end).

Both are the defaults of ``TableMessages.refresh_every``; a simulated Discord (the demo) edits at every step."""
MOVE_AFTER = datetime.timedelta(minutes=50)
"""A table message older than this is replaced by a fresh one at its next edit (Discord limits the edits of a
message older than an hour): the old one is told once that the table moved below."""
EDIT_LIMIT = datetime.timedelta(minutes=59)
"""A message older than this is not edited any more (not even to say that the table moved)."""
NOTES_KEPT = 3
HISTORY_SCAN = 50
"""Messages searched for a table's message after a restart before a new one is posted."""

Standings = Mapping[int, Mapping[str, Standing | None]]
"""A finished game's rating changes, by user: their standing ``before`` (``None`` for a first game) and
``after`` it (the payload of the service's ``game_over`` event)."""


def custom_ids(components: Iterable[object]) -> list[str]:
    """Every ``custom_id`` of a message's components, at any depth (action rows, V2 containers, sections)."""
    out: list[str] = []
    for c in components:
        custom_id = getattr(c, "custom_id", None)
        if isinstance(custom_id, str):
            out.append(custom_id)
        out.extend(custom_ids(getattr(c, "children", None) or ()))
        accessory = getattr(c, "accessory", None)
        if accessory is not None:
            out.extend(custom_ids([accessory]))
    return out


def table_key(info: TableInfo, p: Presence, notes: list[str], expired: tuple[int, ...] = ()) -> ShownKey:
    """What a table message in play shows: an edit to the same key is skipped."""
    return ("table", info.version, info.to_move, info.deadline_at, p.note_seq, len(notes), expired)


def age(message_id: int) -> datetime.timedelta:
    """How old a message is (from its id), by Discord's clock."""
    return discord.utils.utcnow() - discord.utils.snowflake_time(message_id)


def lobby_key(info: TableInfo) -> ShownKey:
    """What a lobby message shows."""
    return ("lobby", tuple(info.seats), info.host_id)


class TableMessages:
    """The public table messages: edited when a person must act, coalesced, and never two edits at once."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.refresh_every = {"ai": AI_REFRESH_SECONDS, "onlookers": ONLOOKER_REFRESH_SECONDS}
        """The shortest time between two edits of a table message put off while only the AI plays (``ai``) and
        while every person plays from a live hand message (``onlookers``): spares Discord's rate limits. 0 edits
        at every step (the demo: its page shows the table as it is after each click, with no wait put off)."""

    # ----- notes -----
    def note(self, table_id: int, text: str) -> None:
        """Show ``text`` on the table message until the turn has gone round."""
        p = self.hub.presence(table_id)
        try:
            version = self.hub.service.get(table_id).version
        except TableError:
            version = 0
        p.notes.append(Note(version, text))
        p.notes = p.notes[-NOTES_KEPT:]
        p.note_seq += 1

    @staticmethod
    def current_notes(p: Presence, info: TableInfo) -> list[str]:
        """The notes still shown: those less than a turn round old, and those the message has not shown yet
        (an edit put off for the onlookers still shows what happened meanwhile)."""
        keep = [n for n in p.notes if info.version - n.version <= info.players or not n.shown]
        if len(keep) != len(p.notes):
            p.notes = keep
        return [n.text for n in keep]

    async def wait_for_person(self, table_id: int, timeout: float) -> None:
        """Wait (at most ``timeout`` seconds) until a person must act at the table, or the game is over."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            try:
                info = self.hub.service.get(table_id)
            except TableError:
                return
            p = self.hub.presence(table_id)
            if info.status != "playing" or info.to_move is None or render.human_at(info, info.to_move) is not None:
                return
            left = deadline - loop.time()
            if left <= 0:
                return
            try:
                await asyncio.wait_for(p.changed.wait(), left)
            except TimeoutError:
                return

    # ----- the public table message -----
    def request_refresh(self, table_id: int) -> None:
        """Bring the table message up to date soon (edits of one table are serialised and coalesced)."""
        p = self.hub.presence(table_id)
        p.dirty = True
        if p.worker is None or p.worker.done():
            p.worker = self.hub.spawn(self._refresh_worker(p), f"refresh-{table_id}")

    def refresh_for_onlookers(self, table_id: int) -> None:
        """The game moved on without a person who needs the table message to know it is their turn: refresh it
        for those who watch, at most every ``refresh_every["ai"]`` seconds (``refresh_every["onlookers"]`` while
        each person at the table plays from a hand message that shows the table as text); an edit put off is made
        once the time has passed (or sooner, by a person's turn)."""
        p = self.hub.presence(table_id)
        if p.shown is None:  # not shown by this process yet (after a restart): find it (or post it) now
            self.request_refresh(table_id)
            return
        try:
            info = self.hub.service.get(table_id)
        except TableError:
            return
        people = [u for u in (render.human_at(info, s) for s in range(len(info.seats))) if u is not None]
        every = self.refresh_every["onlookers"] if people and all(self.hub.hands.live(table_id, u) for u in people) \
            else self.refresh_every["ai"]
        wait = every - (time.monotonic() - p.last_edit)
        if wait <= 0:
            self.request_refresh(table_id)
        elif p.later is None or p.later.done():
            p.later = self.hub.spawn(self._refresh_later(table_id, wait), f"refresh-later-{table_id}")

    async def _refresh_later(self, table_id: int, wait: float) -> None:
        await self.hub.sleep_aside(wait)
        if table_id in self.hub.presences:
            self.request_refresh(table_id)

    async def _refresh_worker(self, p: Presence) -> None:
        while p.dirty:
            p.dirty = False
            async with p.lock:
                with self.hub.languages.public(p.table_id):
                    await self._edit_table(p)

    async def _edit_table(self, p: Presence) -> None:
        """Edit (or find, or post) the table message to show the table now. Called under ``p.lock``."""
        service = self.hub.service
        try:
            info = service.get(p.table_id)
        except TableError:
            return  # finished (``finish`` shows the end) or closed
        if info.status == "lobby":
            await self._edit_lobby(p, info)
            return
        pub = service.view(p.table_id)
        notes = self.current_notes(p, info)
        showing = list(p.notes)
        expired = self.hub.hands.expired_at(p.table_id)
        key = table_key(info, p, notes, expired)
        if key == p.shown:
            return
        extra = [t("table.hand_expired", mentions=" ".join(f"<@{u}>" for u in expired))] if expired else []
        picture = await self.hub.run(render.table_picture, pub, render.seat_infos(info))
        ok = await self.put(p, info, view=render.table_message(info, pub, notes, extra=extra), attachments=[picture],
                            allowed_mentions=render.table_mentions(info))
        if ok:
            p.shown = key
            p.last_edit = time.monotonic()
            for note in showing:
                note.shown = True

    async def _edit_lobby(self, p: Presence, info: TableInfo) -> None:
        key = lobby_key(info)
        if key == p.shown:
            return
        if await self.put(p, info, view=render.lobby_view(info), allowed_mentions=render.NO_MENTIONS):
            p.shown = key

    async def put(self, p: Presence, info: TableInfo, **fields: Any) -> bool:
        """Edit the table's message (found again after a restart, or posted anew); False when Discord failed.
        ``fields`` hold a V2 layout (``view``): an edit also clears the content and embeds of a message posted
        before the messages were V2."""
        p.channel_id = p.channel_id or info.channel_id
        channel = self.hub.bot.get_partial_messageable(p.channel_id)
        try:
            if p.message_id is None:
                p.message_id = await self._find_message(channel, info.id)
            if p.message_id is not None and age(p.message_id) > MOVE_AFTER:
                moved, p.message_id = p.message_id, None  # posted anew below, the old one told so
            else:
                moved = None
            if p.message_id is not None:
                try:
                    await channel.get_partial_message(p.message_id).edit(content=None, embed=None, **fields)
                    self._move_in_time(p)
                    return True
                except discord.NotFound:
                    p.message_id = None
            files = fields.pop("attachments", None) or []
            for f in files:
                f.reset()
            message = await channel.send(files=files, **{k: v for k, v in fields.items() if v is not None})
            p.message_id = message.id
            self._move_in_time(p)
            if moved is not None:
                await self._retire(channel, info, moved)
            return True
        except discord.HTTPException as e:
            log.warning("table %d: updating its message failed (%s); it is redone at the next step", info.id, e)
            return False

    def _move_in_time(self, p: Presence) -> None:
        """Make sure the table moves to a fresh message when its message gets ``MOVE_AFTER`` old, while the old
        one can still be told so (a slow table may not change for longer than that)."""
        message_id = p.message_id
        if message_id is None or (p.mover is not None and not p.mover.done() and p.mover_for == message_id):
            return
        p.mover_for = message_id
        p.mover = self.hub.spawn(self._move_later(p, message_id), f"move-{p.table_id}")

    async def _move_later(self, p: Presence, message_id: int) -> None:
        await self.hub.sleep_aside(max(0.0, (MOVE_AFTER - age(message_id)).total_seconds()) + 1)
        if self.hub.presences.get(p.table_id) is p and p.message_id == message_id:
            p.shown = None  # edit even if nothing changed: ``put`` posts it anew
            self.request_refresh(p.table_id)

    async def _retire(self, channel: discord.PartialMessageable, info: TableInfo, message_id: int) -> None:
        """An old table message, replaced by a fresh one: it says so and loses its buttons (unless it is too old
        to be edited: then it is simply no longer used; its My hand still answers)."""
        if age(message_id) > EDIT_LIMIT:
            return
        try:
            await channel.get_partial_message(message_id).edit(
                content=None, embed=None, attachments=[], allowed_mentions=render.NO_MENTIONS,
                view=render.stopped_message(t("table.moved")))
        except discord.HTTPException as e:
            log.info("table %d: marking its old message %d moved failed: %s", info.id, message_id, e)

    async def _find_message(self, channel: discord.PartialMessageable, table_id: int) -> int | None:
        """The bot's message carrying this table's buttons among the channel's last messages."""
        mine = (ids.hand(table_id), ids.lobby(table_id, "join"))
        me = self.hub.bot.user.id if self.hub.bot.user else None
        async for message in channel.history(limit=HISTORY_SCAN):
            if message.author.id != me:
                continue
            if any(custom_id in mine for custom_id in custom_ids(message.components)):
                return message.id
        return None

    # ----- summaries and the end -----
    async def post_round_summary(self, info: TableInfo, pub: GameView) -> None:
        """The summary picture of a round that ended (the match goes on)."""
        picture = await self.hub.run(render.summary_picture, pub, render.seat_infos(info))
        channel = self.hub.bot.get_partial_messageable(info.channel_id)
        text = "\n".join([t("table.summary_round", game=game_name(info.game), id=info.id, n=render.round_index(pub)),
                          *render.result_lines(info, pub)])
        try:
            await channel.send(view=render.summary_message(text), file=picture, allowed_mentions=render.NO_MENTIONS)
        except discord.HTTPException as e:
            log.warning("table %d: posting the round summary failed: %s", info.id, e)

    async def finish(self, p: Presence, game_id: int, result: MatchResult, standings: Standings) -> None:
        """The match is stored: the hand messages show the end without controls, the table message shows the end,
        the summary is posted with Rematch, the team threads are archived."""
        hub = self.hub
        if p.final is None:
            hub.hands.drop_table(p.table_id)
            hub.presences.pop(p.table_id, None)
            return
        info, pub = p.final
        await hub.hands.show_end(p.table_id, info, p.final_hands)
        hub.hands.drop_table(p.table_id)
        seats = render.seat_infos(info)
        with hub.languages.public(p.table_id, info.guild_id):  # (the table is gone from the service by now)
            await self._finish(p, game_id, result, standings, info, pub, seats)
        await hub.threads.archive(p, info)
        hub.presences.pop(p.table_id, None)
        hub.languages.forget_table(p.table_id)

    async def _finish(self, p: Presence, game_id: int, result: MatchResult, standings: Standings, info: TableInfo,
                      pub: GameView, seats: list[SeatInfo]) -> None:
        hub = self.hub
        async with p.lock:
            table_pic = await hub.run(render.table_picture, pub, seats)
            await self.put(p, info, view=render.table_message(info, pub, (), result, over=True),
                           attachments=[table_pic], allowed_mentions=render.NO_MENTIONS)
            summary = await hub.run(render.summary_picture, pub, seats)
            lines = [t("table.summary_match", game=game_name(info.game), id=info.id,
                       result=render.result_text(info, result)), *render.result_lines(info, pub)]
            if info.options.get("hints") == "on":
                lines.append(t("table.practice"))
            for change in standings.values():
                before, after = change.get("before"), change.get("after")
                if after is None:
                    continue
                name = name_text(after.name)
                now = rating_text(after.rating, after.games)
                if before is None:
                    lines.append(t("table.rating_first", name=name, after=now))
                else:
                    lines.append(t("table.rating", name=name, before=rating_text(before.rating, before.games),
                                   after=now))
            channel = hub.bot.get_partial_messageable(info.channel_id)
            try:
                await channel.send(view=render.summary_message("\n".join(lines), game_id), file=summary,
                                   allowed_mentions=render.NO_MENTIONS)
            except discord.HTTPException as e:
                log.warning("table %d: posting the summary failed: %s", info.id, e)

    async def show_aborted(self, p: Presence, info: TableInfo) -> None:
        """A stopped table: its message says so and loses its buttons; hands and team threads are closed."""
        async with p.lock:
            if p.channel_id is not None and p.message_id is not None:
                key = "table.aborted" if info.status == "playing" else "lobby.cancelled"
                try:
                    await self.hub.bot.get_partial_messageable(p.channel_id).get_partial_message(p.message_id).edit(
                        content=None, embed=None, attachments=[],
                        view=render.stopped_message(t(key, game=game_name(info.game), id=info.id)),
                        allowed_mentions=render.NO_MENTIONS)
                except discord.HTTPException as e:
                    log.info("table %d: marking its message stopped failed: %s", info.id, e)
            if info.status == "playing":
                p.team_chat = info.options.get("team_chat")
                await self.hub.threads.archive(p, info)

    async def close_message(self, p: Presence | None, game: str) -> None:
        """Mark a closed lobby's message (``p``: where it was, kept from before the table closed)."""
        if p is None or p.channel_id is None or p.message_id is None:
            return
        table_id = p.table_id
        try:
            await self.hub.bot.get_partial_messageable(p.channel_id).get_partial_message(p.message_id).edit(
                content=None, embed=None, view=render.stopped_message(t("lobby.cancelled", game=game_name(game))),
                allowed_mentions=render.NO_MENTIONS)
        except discord.HTTPException as e:
            log.info("table %d: marking its message closed failed: %s", table_id, e)
