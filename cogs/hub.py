"""The Discord side of the live tables: their public messages, the players' hand messages, and every click.

One ``Hub`` per bot. It subscribes to the table service's events and keeps, per table, where its public
message is and what it last showed. The public message is edited when a person must act (so the AI's cards
between two human turns make one edit), when a timer warns, and at the end; edits of a table never overlap
and a failed edit is simply redone at the next step. A player's ephemeral hand message is refreshed when
their turn comes. Every click is checked (seated, the game started and not over, their turn, the card still
in hand, the message current) and a refused click gets a short ephemeral answer and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
import time
from collections import Counter, deque
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.i18n import LANGUAGES, use_language
from bot.storage import StorageError
from bot.tables import (
    NotSeated,
    TableError,
    TableEvent,
    TableInfo,
    TableService,
    UnknownTable,
    WrongPhase,
)
from cogs import ids, render
from cogs.texts import card_name, game_name, t
from rules.actions import Action, RulesError
from rules.cards import Card

log = logging.getLogger(__name__)

AI_REFRESH_SECONDS = 3.0
"""While only the AI plays, the table message is edited at most this often."""
DEFER_AFTER = 1.5
"""Seconds of work after which a click is deferred (Discord wants an answer within 3 s)."""
NOTES_KEPT = 3
HISTORY_SCAN = 50
"""Messages searched for a table's message after a restart before a new one is posted."""


class NotReady(TableError):
    """The bot has no table service (starting, or a sync-only run)."""

    def __init__(self) -> None:
        super().__init__(t("not_ready"))


@dataclass
class Note:
    """A line shown on the table message for a while (a timeout, a seat handed to the AI...)."""

    version: int
    text: str


@dataclass
class Presence:
    """A table as shown on Discord: its public message and what it shows."""

    table_id: int
    channel_id: int | None = None
    message_id: int | None = None
    shown: tuple | None = None
    """What the message shows (version, turn, notes...): an edit with the same key is skipped."""
    dirty: bool = False
    worker: asyncio.Task | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    notes: list[Note] = field(default_factory=list)
    note_seq: int = 0
    last_edit: float = 0.0
    final: tuple[TableInfo, Any] | None = None
    """The table's info and public view when the match ended (the service forgets the table after)."""
    threads: list[int] = field(default_factory=list)
    team_chat: str | None = None
    threads_handled: bool = False
    """The team threads were opened (or found unneeded) by this process: no search for them at the end."""


@dataclass
class HandSession:
    """A player's latest hand message: the interaction whose response it is (to edit it later)."""

    interaction: discord.Interaction
    shown: tuple | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)


class Hub:
    """The live tables on Discord; see the module docstring."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.presences: dict[int, Presence] = {}
        self.hands: dict[tuple[int, int], HandSession] = {}
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tavolo-render")
        self.latencies: deque[tuple[str, float]] = deque(maxlen=2000)
        """(kind, seconds) from a click's arrival to its answer, for the benchmark and the logs."""
        self._unsubscribe: Callable[[], None] | None = None
        self._tasks: set[asyncio.Task] = set()
        self.languages: dict[int, str] = {}
        """Per guild id: the language of its messages (its setting, English by default), read once."""

    # ----- wiring -----
    @property
    def service(self) -> TableService:
        """The table service, or ``NotReady``."""
        service = getattr(self.bot, "service", None)
        if service is None:
            raise NotReady()
        return service

    def attach(self, service: TableService) -> None:
        """Follow the service's events, and load the pictures' fonts before the first table needs them."""
        self._unsubscribe = service.subscribe(self.on_event)
        self.spawn(self.run(render.warm_up), "render-warm-up")
        self.spawn(self._load_languages({t.guild_id for t in service.tables()}), "languages")

    # ----- languages -----
    async def guild_language(self, guild_id: int | None) -> str:
        """The language of a guild's messages: its ``language`` setting, English when none (or unreadable)."""
        if guild_id is None:
            return "en"
        language = self.languages.get(guild_id)
        if language is None:
            try:
                settings = await self.service.guild_settings(guild_id)
            except (TableError, StorageError) as e:
                log.info("guild %d: its language could not be read (%s); English for now", guild_id, e)
                return "en"
            language = settings.language if settings.language in LANGUAGES else "en"
            self.languages[guild_id] = language
        return language

    def set_guild_language(self, guild_id: int, language: str | None) -> None:
        """A guild changed its language (``/settings language``)."""
        self.languages[guild_id] = language if language in LANGUAGES else "en"

    async def _load_languages(self, guild_ids: set[int]) -> None:
        """Read the languages of the guilds with live tables (after a restart), for their table messages."""
        for guild_id in guild_ids:
            await self.guild_language(guild_id)

    def _table_language(self, ev: TableEvent) -> str | None:
        """The language of a table's messages, when its guild's is known (``None``: the context's)."""
        try:
            guild_id = self.service.get(ev.table_id).guild_id
        except TableError:
            info = ev.get("table")
            guild_id = getattr(info, "guild_id", None)
        return self.languages.get(guild_id) if guild_id is not None else None

    def detach(self) -> None:
        """Stop following the events (extension unloaded)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.executor.shutdown(wait=False, cancel_futures=True)

    def presence(self, table_id: int) -> Presence:
        """The Discord state of a table (created on first use)."""
        p = self.presences.get(table_id)
        if p is None:
            p = self.presences[table_id] = Presence(table_id)
        return p

    def spawn(self, coro: Awaitable[Any], name: str) -> asyncio.Task:
        """Run ``coro`` in the background; errors are logged."""
        task = asyncio.get_running_loop().create_task(coro, name=name)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    def _done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a picture function in the render threads (in the caller's language)."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self.executor, context.run, fn, *args)

    # ----- events -----
    def on_event(self, ev: TableEvent) -> None:
        """The service's events (called on the loop, under the table's lock: never blocks)."""
        language = self._table_language(ev)
        try:
            if language is None:
                self._on_event(ev)
            else:
                with use_language(language):  # the tasks started here keep it
                    self._on_event(ev)
        except TableError as e:
            log.debug("event %s of table %d: %s", ev.kind, ev.table_id, e)

    def _on_event(self, ev: TableEvent) -> None:
        k, tid = ev.kind, ev.table_id
        if k in ("cancelled",):
            self.presences.pop(tid, None)
            self._drop_hands(tid)
            return
        if k == "aborted":
            gone = self.presences.pop(tid, None) or Presence(tid)
            self._drop_hands(tid)
            gone.channel_id = gone.channel_id or ev["table"].channel_id
            self.spawn(self._show_aborted(gone, ev["table"]), f"aborted-{tid}")
            return
        p = self.presence(tid)
        if k == "created":
            p.channel_id = ev["table"].channel_id
        elif k == "turn":
            if not ev["ai"]:
                self.request_refresh(tid)
                if ev.get("user_id") is not None:
                    self.request_hand_refresh(tid, ev["user_id"])
            elif time.monotonic() - p.last_edit > AI_REFRESH_SECONDS and p.shown is not None:
                self.request_refresh(tid)
        elif k == "timer_warning":
            self.note(tid, t("table.timer_warning", mention=f"<@{ev['user_id']}>", seconds=int(ev["seconds_left"])))
            self.request_refresh(tid)
        elif k == "timeout":
            info = self.service.get(tid)
            self.note(tid, t("table.timeout", name=info.seats[ev["seat"]].name))
        elif k == "seat_to_ai":
            info = self.service.get(tid)
            key = "table.seat_to_ai_left" if ev["reason"] == "left" else "table.seat_to_ai_timeouts"
            self.note(tid, t(key, name=info.seats[ev["seat"]].name))
            self.request_refresh(tid)
            self.hands.pop((tid, ev["user_id"]), None)
        elif k == "passed_out":
            self.note(tid, t("table.passed_out"))
        elif k == "call":
            info = self.service.get(tid)
            for s in info.seats:  # the partner learns it in their hand message
                if s.user_id is not None and s.away is None:
                    self.request_hand_refresh(tid, s.user_id)
        elif k == "storage_error" and ev.get("during") != "finish":
            self.note(tid, t("table.storage_error", reason=ev["reason"]))
        elif k == "storage_gave_up":
            self.note(tid, t("table.storage_gave_up", tries=ev["tries"], reason=ev["reason"]))
            self.request_refresh(tid)
        elif k == "round_over":
            if (ev.get("result") or {}).get("passed_out"):
                return  # nothing to sum up: the cards are dealt again (the passed_out note says so)
            info, pub = self.service.get(tid), self.service.view(tid)
            if pub.match_over:
                p.final = (info, pub)
                p.team_chat = info.options.get("team_chat")
            else:
                self.spawn(self._post_round_summary(p, info, pub), f"summary-{tid}")
        elif k == "match_over":
            info, pub = self.service.get(tid), self.service.view(tid)
            p.final = (info, pub)
            p.team_chat = info.options.get("team_chat")
        elif k == "team_chat_open":
            self.spawn(self._open_threads(tid, ev["sides"]), f"threads-{tid}")
        elif k == "game_over":
            self.spawn(self._finish(p, ev["game_id"], ev["result"], ev.get("standings") or {}), f"finish-{tid}")

    def note(self, table_id: int, text: str) -> None:
        """Show ``text`` on the table message until the turn has gone round."""
        p = self.presence(table_id)
        try:
            version = self.service.get(table_id).version
        except TableError:
            version = 0
        p.notes.append(Note(version, text))
        p.notes = p.notes[-NOTES_KEPT:]
        p.note_seq += 1

    def _current_notes(self, p: Presence, info: TableInfo) -> list[str]:
        keep = [n for n in p.notes if info.version - n.version <= info.players]
        if len(keep) != len(p.notes):
            p.notes = keep
        return [n.text for n in keep]

    def _drop_hands(self, table_id: int) -> None:
        for key in [k for k in self.hands if k[0] == table_id]:
            del self.hands[key]

    # ----- the public table message -----
    def request_refresh(self, table_id: int) -> None:
        """Bring the table message up to date soon (edits of one table are serialised and coalesced)."""
        p = self.presence(table_id)
        p.dirty = True
        if p.worker is None or p.worker.done():
            p.worker = self.spawn(self._refresh_worker(p), f"refresh-{table_id}")

    async def _refresh_worker(self, p: Presence) -> None:
        while p.dirty:
            p.dirty = False
            async with p.lock:
                await self._edit_table(p)

    async def _edit_table(self, p: Presence) -> None:
        """Edit (or find, or post) the table message to show the table now. Called under ``p.lock``."""
        try:
            info = self.service.get(p.table_id)
        except TableError:
            return  # finished (``_finish`` shows the end) or closed
        if info.status == "lobby":
            await self._edit_lobby(p, info)
            return
        pub = self.service.view(p.table_id)
        notes = self._current_notes(p, info)
        key = ("table", info.version, info.to_move, info.deadline_at, p.note_seq, len(notes))
        if key == p.shown:
            return
        content = render.table_text(info, pub, notes)
        picture = await self.run(render.table_picture, pub, render.seat_infos(info))
        ok = await self._put_table_message(p, info, content=content, attachments=[picture],
                                           view=render.table_view(info.id), embed=None,
                                           allowed_mentions=render.table_mentions(info))
        if ok:
            p.shown = key
            p.last_edit = time.monotonic()

    async def _edit_lobby(self, p: Presence, info: TableInfo) -> None:
        key = ("lobby", tuple(info.seats), info.host_id)
        if key == p.shown:
            return
        if await self._put_table_message(p, info, content=None, embed=render.lobby_embed(info),
                                         view=render.lobby_view(info), allowed_mentions=render.NO_MENTIONS):
            p.shown = key

    async def _put_table_message(self, p: Presence, info: TableInfo, **fields: Any) -> bool:
        """Edit the table's message (found again after a restart, or posted anew); False when Discord failed."""
        p.channel_id = p.channel_id or info.channel_id
        channel = self.bot.get_partial_messageable(p.channel_id)
        try:
            if p.message_id is None:
                p.message_id = await self._find_message(channel, info.id)
            if p.message_id is not None:
                try:
                    await channel.get_partial_message(p.message_id).edit(**fields)
                    return True
                except discord.NotFound:
                    p.message_id = None
            files = fields.pop("attachments", None) or []
            for f in files:
                f.reset()
            message = await channel.send(files=files, **{k: v for k, v in fields.items() if v is not None})
            p.message_id = message.id
            return True
        except discord.HTTPException as e:
            log.warning("table %d: updating its message failed (%s); it is redone at the next step", info.id, e)
            return False

    async def _find_message(self, channel: discord.PartialMessageable, table_id: int) -> int | None:
        """The bot's message carrying this table's buttons among the channel's last messages."""
        mine = (ids.hand(table_id), ids.lobby(table_id, "join"))
        me = self.bot.user.id if self.bot.user else None
        async for message in channel.history(limit=HISTORY_SCAN):
            if message.author.id != me:
                continue
            for row in message.components:
                for child in getattr(row, "children", ()):
                    if getattr(child, "custom_id", None) in mine:
                        return message.id
        return None

    async def _post_round_summary(self, p: Presence, info: TableInfo, pub: Any) -> None:
        picture = await self.run(render.summary_picture, pub, render.seat_infos(info))
        rnd = getattr(pub, "round", None)
        number = rnd if rnd is not None else pub.round_number - 1
        channel = self.bot.get_partial_messageable(info.channel_id)
        try:
            await channel.send(t("table.summary_round", game=game_name(info.game), id=info.id, n=number),
                               file=picture, allowed_mentions=render.NO_MENTIONS)
        except discord.HTTPException as e:
            log.warning("table %d: posting the round summary failed: %s", info.id, e)

    async def _finish(self, p: Presence, game_id: int, result: dict, standings: dict) -> None:
        """The match is stored: the table message shows the end, the summary is posted with Rematch, the team
        threads are archived."""
        self._drop_hands(p.table_id)
        if p.final is None:
            self.presences.pop(p.table_id, None)
            return
        info, pub = p.final
        seats = render.seat_infos(info)
        async with p.lock:
            table_pic = await self.run(render.table_picture, pub, seats)
            await self._put_table_message(p, info, content=render.table_text(info, pub, (), result, over=True),
                                          attachments=[table_pic], view=None, embed=None,
                                          allowed_mentions=render.NO_MENTIONS)
            summary = await self.run(render.summary_picture, pub, seats)
            lines = [t("table.summary_match", game=game_name(info.game), id=info.id,
                       result=render.result_text(info, result))]
            for change in standings.values():
                before, after = change.get("before"), change.get("after")
                if after is None:
                    continue
                name = after.name
                old = f"{before.rating.ordinal:.1f}" if before is not None else "-"
                lines.append(t("table.rating", name=name, before=old, after=f"{after.rating.ordinal:.1f}"))
            channel = self.bot.get_partial_messageable(info.channel_id)
            try:
                await channel.send("\n".join(lines)[:2000], file=summary, view=render.rematch_view(game_id),
                                   allowed_mentions=render.NO_MENTIONS)
            except discord.HTTPException as e:
                log.warning("table %d: posting the summary failed: %s", info.id, e)
        await self._archive_threads(p, info)
        self.presences.pop(p.table_id, None)

    # ----- team threads -----
    async def _open_threads(self, table_id: int, sides: list[list[int]]) -> None:
        """A private thread per team with at least two people, only they added, with the table-talk rule.
        Where that cannot be done (not a text channel, or no permission) the table says so and play goes on;
        any other error is a bug, logged as one."""
        info = self.service.get(table_id)
        p = self.presence(table_id)
        p.threads_handled = True
        groups = team_groups(info, sides)
        if not groups:
            return
        try:
            channel = self.bot.get_channel(info.channel_id) or await self.bot.fetch_channel(info.channel_id)
            if not isinstance(channel, discord.TextChannel):
                log.info("table %d: channel %d is a %s, where private threads cannot be opened", table_id,
                         info.channel_id, type(channel).__name__)
                self.note(table_id, t("table.threads_unsupported"))
                return
            opened = []
            for n, users in groups:
                thread = await channel.create_thread(
                    name=t("thread.name", id=table_id, side=t("thread.side", n=n + 1)),
                    type=discord.ChannelType.private_thread, invitable=False, auto_archive_duration=1440)
                p.threads.append(thread.id)
                for user in users:
                    await thread.add_user(discord.Object(user))
                await thread.send(t("thread.reminder", mentions=" ".join(f"<@{u}>" for u in users), id=table_id),
                                  allowed_mentions=render.NO_MENTIONS)
                opened.append(thread.mention)
            self.note(table_id, t("table.threads_open", threads=", ".join(opened)))
        except discord.Forbidden:
            log.info("table %d: no permission to open private threads in channel %d", table_id, info.channel_id)
            self.note(table_id, t("table.threads_forbidden"))
        except discord.HTTPException as e:
            log.warning("table %d: opening the team threads failed: %s", table_id, e)
            self.note(table_id, t("table.threads_forbidden"))
        finally:
            self.request_refresh(table_id)

    async def _archive_threads(self, p: Presence, info: TableInfo) -> None:
        thread_ids = list(p.threads)
        sides = [list(side) for side in _sides(info)]
        if not p.threads_handled and p.team_chat not in (None, "off") and team_groups(info, sides):
            prefix = t("thread.name", id=info.id, side="")  # after a restart: find them by name
            try:
                guild = self.bot.get_guild(info.guild_id)
                if guild is not None:
                    thread_ids = [th.id for th in await guild.active_threads() if th.name.startswith(prefix)]
            except discord.HTTPException as e:
                log.warning("table %d: listing the threads failed: %s", info.id, e)
        for thread_id in thread_ids:
            try:
                thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
                if isinstance(thread, discord.Thread):
                    await thread.edit(archived=True, locked=True)
            except discord.HTTPException as e:
                log.warning("table %d: archiving thread %d failed: %s", info.id, thread_id, e)

    # ----- hand messages -----
    def request_hand_refresh(self, table_id: int, user_id: int) -> None:
        """Refresh a player's last hand message, when they have one whose token still lives."""
        session = self.hands.get((table_id, user_id))
        if session is None:
            return
        if session.interaction.is_expired():
            self.hands.pop((table_id, user_id), None)
            return
        self.spawn(self._refresh_hand(table_id, user_id, session), f"hand-{table_id}-{user_id}")

    async def _refresh_hand(self, table_id: int, user_id: int, session: HandSession) -> None:
        async with session.lock:
            try:
                info = self.service.get(table_id)
                view = self.service.view(table_id, user_id)
            except TableError:
                return
            if info.status != "playing" or session.shown == ("hand", info.version):
                return
            picture = await self.run(render.hand_picture, view, render.seat_infos(info))
            try:
                await session.interaction.edit_original_response(
                    content=render.hand_text(info, view), attachments=[picture], view=render.hand_view(info, view))
                session.shown = ("hand", info.version)
            except discord.HTTPException as e:
                log.info("table %d: refreshing the hand of %d failed (%s)", table_id, user_id, e)
                if self.hands.get((table_id, user_id)) is session:
                    del self.hands[(table_id, user_id)]

    # ----- answering clicks -----
    async def refuse(self, interaction: discord.Interaction, text: str) -> None:
        """A short ephemeral answer; nothing changes."""
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException as e:
            log.info("answering a refused click failed: %s", e)

    async def answer(self, interaction: discord.Interaction, kind: str, work: Callable[[], Awaitable[None]]) -> None:
        """Run a click's ``work`` in the guild's language; a ``TableError`` becomes a short ephemeral answer;
        times the answer."""
        started = time.perf_counter()
        language = await self.guild_language(interaction.guild_id)
        with use_language(language):
            await self._answer(interaction, kind, work, started)

    async def _answer(self, interaction: discord.Interaction, kind: str, work: Callable[[], Awaitable[None]],
                      started: float) -> None:
        try:
            await work()
        except TableError as e:
            await self.refuse(interaction, str(e))
        except RulesError as e:
            await self.refuse(interaction, str(e))
        except discord.HTTPException as e:  # Discord failed us: the messages catch up at the next step
            log.warning("answering a %s click failed: %s", kind, e)
        except Exception:
            log.exception("a %s click failed", kind)
            await self.refuse(interaction, t("error"))
            raise
        finally:
            self.latencies.append((kind, time.perf_counter() - started))

    @staticmethod
    async def _in_time(task: asyncio.Future) -> bool:
        """Has ``task`` finished within ``DEFER_AFTER`` seconds (else the click is deferred)?"""
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        return bool(done)

    async def update(self, interaction: discord.Interaction, build: Callable[[], Awaitable[dict]]) -> None:
        """Edit the clicked message with what ``build`` returns; defer first when it takes long."""
        task = asyncio.ensure_future(build())
        if await self._in_time(task):
            await interaction.response.edit_message(**task.result())
            return
        await interaction.response.defer()
        fields = await task
        fields.pop("allowed_mentions", None)
        await interaction.edit_original_response(**fields)

    async def send(self, interaction: discord.Interaction, build: Callable[[], Awaitable[dict]], *,
                   ephemeral: bool) -> int | None:
        """Answer with a new message built by ``build`` (deferred first when it takes long); its id."""
        task = asyncio.ensure_future(build())
        if await self._in_time(task):
            response = await interaction.response.send_message(ephemeral=ephemeral, **task.result())
            return response.message_id
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        fields = await task
        if "file" in fields:
            fields["attachments"] = [fields.pop("file")]
        message = await interaction.edit_original_response(**fields)
        return message.id

    # ----- lobby -----
    async def create_table(self, interaction: discord.Interaction, game: str, players: int, options: dict,
                           level: str) -> None:
        """A slash command: open a lobby and post it."""

        async def work() -> None:
            if interaction.guild_id is None or interaction.channel_id is None:
                raise TableError(t("guild_only"))
            info = await self.service.create(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                             interaction.user.display_name, game, players, options, level)
            await self._post_lobby(interaction, info)

        await self.answer(interaction, "create", work)

    async def _post_lobby(self, interaction: discord.Interaction, info: TableInfo) -> None:
        p = self.presence(info.id)
        p.channel_id = info.channel_id
        async with p.lock:

            async def build() -> dict:
                return {"embed": render.lobby_embed(info), "view": render.lobby_view(info),
                        "allowed_mentions": render.NO_MENTIONS}

            p.message_id = await self.send(interaction, build, ephemeral=False)
            p.shown = ("lobby", tuple(info.seats), info.host_id)

    async def on_lobby_button(self, interaction: discord.Interaction, table_id: int, verb: str) -> None:
        """Join, Leave, Start, Cancel."""

        async def work() -> None:
            service = self.service
            user = interaction.user
            self._table_here(interaction, table_id)
            p = self.presence(table_id)
            if interaction.message is not None:
                p.channel_id, p.message_id = interaction.channel_id, interaction.message.id
            if verb == "join":
                info = await service.join(table_id, user.id, user.display_name)
            elif verb == "leave":
                info = await service.leave(table_id, user.id)
                if info is None:
                    await self._show_closed(interaction, table_id)
                    return
                if info.status != "lobby":
                    await self.refuse(interaction, t("cmd.left_game", id=table_id))
                    return
            elif verb == "cancel":
                game = service.get(table_id).game
                await service.cancel(table_id, user.id)
                await self._show_closed(interaction, table_id, game)
                return
            else:
                await self._start(interaction, table_id)
                return
            async with p.lock:
                await self.update(interaction, self._lobby_fields(info))
                p.shown = ("lobby", tuple(info.seats), info.host_id)

        await self.answer(interaction, f"lobby-{verb}", work)

    @staticmethod
    def _lobby_fields(info: TableInfo) -> Callable[[], Awaitable[dict]]:
        async def build() -> dict:
            return {"embed": render.lobby_embed(info), "view": render.lobby_view(info)}

        return build

    async def _show_closed(self, interaction: discord.Interaction, table_id: int, game: str | None = None) -> None:
        self.presences.pop(table_id, None)
        name = game_name(game) if game else t("table_n", id=table_id)

        async def build() -> dict:
            return {"content": t("lobby.cancelled", game=name), "embed": None, "view": None}

        await self.update(interaction, build)

    async def _start(self, interaction: discord.Interaction, table_id: int) -> None:
        service = self.service
        p = self.presence(table_id)
        async with p.lock:
            await service.start(table_id, interaction.user.id)

            async def build() -> dict:
                info = service.get(table_id)
                pub = service.view(table_id)
                notes = self._current_notes(p, info)
                picture = await self.run(render.table_picture, pub, render.seat_infos(info))
                p.shown = ("table", info.version, info.to_move, info.deadline_at, p.note_seq, len(notes))
                p.last_edit = time.monotonic()
                return {"content": render.table_text(info, pub, notes), "embed": None, "attachments": [picture],
                        "view": render.table_view(table_id), "allowed_mentions": render.table_mentions(info)}

            try:
                await self.update(interaction, build)
            except TableError:
                p.shown = None  # the game ended already: _finish shows it
            except discord.HTTPException as e:
                p.shown = None
                log.warning("table %d: showing the start failed (%s); shown at the next step", table_id, e)
                self.request_refresh(table_id)

    async def on_lobby_ai(self, interaction: discord.Interaction, table_id: int, value: str) -> None:
        """The host adds an AI of a level, or removes the last one."""

        async def work() -> None:
            self._table_here(interaction, table_id)
            p = self.presence(table_id)
            if interaction.message is not None:
                p.channel_id, p.message_id = interaction.channel_id, interaction.message.id
            if value.startswith("add:"):
                info = await self.service.add_ai(table_id, interaction.user.id, value[4:])
            else:
                info = await self.service.remove_ai(table_id, interaction.user.id)
            async with p.lock:
                await self.update(interaction, self._lobby_fields(info))
                p.shown = ("lobby", tuple(info.seats), info.host_id)

        await self.answer(interaction, "lobby-ai", work)

    async def leave_table(self, interaction: discord.Interaction) -> None:
        """``/table leave``: the lobby place is freed, or the AI takes the seat."""

        async def work() -> None:
            if interaction.channel_id is None:
                raise TableError(t("guild_only"))
            info = self.service.table_of(interaction.channel_id, interaction.user.id)
            if info is None:
                raise TableError(t("cmd.no_table_here"))
            where = self.presences.get(info.id)
            after = await self.service.leave(info.id, interaction.user.id)
            if after is None:
                await self._close_message(where, info.game)
                await interaction.response.send_message(t("lobby.closed_by_leaving"), ephemeral=True)
                return
            self.request_refresh(info.id)
            key = "lobby.left" if after.status == "lobby" else "cmd.left_game"
            await interaction.response.send_message(t(key, id=info.id), ephemeral=True)

        await self.answer(interaction, "leave", work)

    async def abort_table(self, interaction: discord.Interaction, may_manage: bool) -> None:
        """``/table abort``: the host (or a member with Manage Server: ``may_manage``) stops a table of this
        channel, in its lobby or in play. The service decides; its ``aborted`` event updates the message."""

        async def work() -> None:
            if interaction.channel_id is None:
                raise TableError(t("guild_only"))
            service = self.service
            info = service.table_of(interaction.channel_id, interaction.user.id)
            if info is None:
                here = service.tables(interaction.guild_id, interaction.channel_id)
                if not here:
                    raise TableError(t("cmd.no_table_found"))
                mine = [x for x in here if x.host_id == interaction.user.id]
                info = (mine or here)[0]
            stopped = await service.abort(info.id, interaction.user.id, as_manager=may_manage)
            await interaction.response.send_message(t("cmd.aborted", id=stopped.id), ephemeral=True)

        await self.answer(interaction, "abort", work)

    async def _show_aborted(self, p: Presence, info: TableInfo) -> None:
        """A stopped table: its message says so and loses its buttons; hands and team threads are closed."""
        async with p.lock:
            if p.channel_id is not None and p.message_id is not None:
                key = "table.aborted" if info.status == "playing" else "lobby.cancelled"
                try:
                    await self.bot.get_partial_messageable(p.channel_id).get_partial_message(p.message_id).edit(
                        content=t(key, game=game_name(info.game), id=info.id), embed=None, view=None,
                        allowed_mentions=render.NO_MENTIONS)
                except discord.HTTPException as e:
                    log.info("table %d: marking its message stopped failed: %s", info.id, e)
            if info.status == "playing":
                p.team_chat = info.options.get("team_chat")
                await self._archive_threads(p, info)

    async def _close_message(self, p: Presence | None, game: str) -> None:
        """Mark a closed lobby's message (``p``: where it was, kept from before the table closed)."""
        if p is None or p.channel_id is None or p.message_id is None:
            return
        table_id = p.table_id
        try:
            await self.bot.get_partial_messageable(p.channel_id).get_partial_message(p.message_id).edit(
                content=t("lobby.cancelled", game=game_name(game)), embed=None, view=None)
        except discord.HTTPException as e:
            log.info("table %d: marking its message closed failed: %s", table_id, e)

    # ----- playing -----
    def _table_here(self, interaction: discord.Interaction, table_id: int) -> TableInfo:
        """The table a click names; refused when it is closed, or when the click was made in another guild or
        channel than the table's (a forged or copied ``custom_id``: it must change nothing there)."""
        try:
            info = self.service.get(table_id)
        except UnknownTable:
            raise TableError(t("click.no_table")) from None
        if interaction.guild_id != info.guild_id or interaction.channel_id != info.channel_id:
            log.info("table %d: a click from guild %s, channel %s refused (the table is in guild %d, channel %d)",
                     table_id, interaction.guild_id, interaction.channel_id, info.guild_id, info.channel_id)
            raise TableError(t("click.elsewhere"))
        return info

    def _check_seat(self, interaction: discord.Interaction, table_id: int) -> tuple[TableInfo, int]:
        """The table and the clicking user's seat, or the reason the click is refused."""
        info = self._table_here(interaction, table_id)
        user_id = interaction.user.id
        seat = next((i for i, s in enumerate(info.seats) if s.user_id == user_id and s.away != "left"), None)
        if seat is None:
            raise NotSeated()
        if info.status != "playing":
            raise WrongPhase(t("click.not_started"))
        if info.to_move is None:
            raise WrongPhase(t("click.over"))
        return info, seat

    def _check_turn(self, info: TableInfo, seat: int, version: int, card: Card | None) -> None:
        """Refuse a click that is not the user's to make now, with the most useful reason."""
        if info.seats[seat].away is not None:
            raise TableError(t("click.ai_plays"))
        if info.to_move != seat:
            raise TableError(t("click.not_your_turn", name=render.seat_label(info, info.to_move)))
        if card is not None and card not in self.service.view(info.id, info.seats[seat].user_id).hand:
            raise TableError(t("click.card_gone", card=card_name(card, render.faces(info))))
        if version != info.version:
            raise TableError(t("click.stale"))

    def _session(self, interaction: discord.Interaction, table_id: int) -> HandSession:
        key = (table_id, interaction.user.id)
        session = self.hands.get(key)
        if session is None:
            session = self.hands[key] = HandSession(interaction)
        return session

    async def on_my_hand(self, interaction: discord.Interaction, table_id: int) -> None:
        """My hand: an ephemeral message with the hand picture and the controls."""

        async def work() -> None:
            info, _ = self._check_seat(interaction, table_id)
            p = self.presence(table_id)
            if interaction.message is not None and p.message_id is None:
                p.channel_id, p.message_id = interaction.channel_id, interaction.message.id
            session = HandSession(interaction)
            self.hands[(table_id, interaction.user.id)] = session
            async with session.lock:

                async def build() -> dict:
                    info = self.service.get(table_id)
                    view = self.service.view(table_id, interaction.user.id)
                    picture = await self.run(render.hand_picture, view, render.seat_infos(info))
                    session.shown = ("hand", info.version)
                    return {"content": render.hand_text(info, view), "file": picture,
                            "view": render.hand_view(info, view)}

                await self.send(interaction, build, ephemeral=True)

        await self.answer(interaction, "hand", work)

    async def on_action(self, interaction: discord.Interaction, table_id: int, version: int, values: list[str],
                        kind: str | None) -> None:
        """A card, a bid, Pass, a suit, a call, the discards, a capture: checked, then played."""

        async def work() -> None:
            try:
                action = Action.discard(values) if kind == "discard" else ids.action_of(values[0])
            except (ValueError, IndexError):  # no value, or not one the bot offered (a forged select)
                raise TableError(t("click.stale")) from None
            info, seat = self._check_seat(interaction, table_id)
            self._check_turn(info, seat, version, action.card if action.kind == "play" else None)
            session = self._session(interaction, table_id)
            async with session.lock:
                await self.service.act(table_id, interaction.user.id, action, version=version)
                after = self.service.get(table_id)
                view = self.service.view(table_id, interaction.user.id)

                async def build() -> dict:
                    picture = await self.run(render.hand_picture, view, render.seat_infos(after))
                    return {"content": render.hand_text(after, view), "attachments": [picture],
                            "view": render.hand_view(after, view)}

                await self.update(interaction, build)
                session.interaction = interaction
                session.shown = ("hand", after.version)
                self.hands[(table_id, interaction.user.id)] = session

        await self.answer(interaction, "action", work)

    async def on_pick(self, interaction: discord.Interaction, table_id: int, version: int, card: str,
                      page: int) -> None:
        """Cicera: a card chosen; show the captures it can make (one page of the select), Place, Back."""

        async def work() -> None:
            try:
                picked = Card.parse(card)
            except ValueError:  # not a card (a forged id)
                raise TableError(t("click.stale")) from None
            info, seat = self._check_seat(interaction, table_id)
            self._check_turn(info, seat, version, picked)
            view = self.service.view(table_id, interaction.user.id)

            async def build() -> dict:
                return {"content": render.pick_text(info, view, picked),
                        "view": render.hand_view(info, view, picked, page)}

            await self.update(interaction, build)

        await self.answer(interaction, "pick", work)

    async def on_back(self, interaction: discord.Interaction, table_id: int, version: int) -> None:
        """Cicera: back from the captures to the hand."""

        async def work() -> None:
            info, seat = self._check_seat(interaction, table_id)
            self._check_turn(info, seat, version, None)
            view = self.service.view(table_id, interaction.user.id)

            async def build() -> dict:
                return {"content": render.hand_text(info, view), "view": render.hand_view(info, view)}

            await self.update(interaction, build)

        await self.answer(interaction, "back", work)

    async def on_rematch(self, interaction: discord.Interaction, game_id: int) -> None:
        """A new lobby with the game, player count, options and AI level of a finished game."""

        async def work() -> None:
            if game_id > ids.MAX_ID:  # forged: no such game, and too big to look up
                raise TableError(t("click.no_table"))
            record = await game_record(self.service, game_id)
            if record is None or record.get("guild") != interaction.guild_id:
                raise TableError(t("click.no_table"))
            if record.get("channel", interaction.channel_id) != interaction.channel_id:
                raise TableError(t("click.elsewhere"))  # (records written before the channel was kept: no check)
            levels = Counter(s.get("ai") for s in record.get("seats", ()) if s.get("ai"))
            level = levels.most_common(1)[0][0] if levels else "medium"
            options = dict(record.get("options") or {})
            await self.create_table_from(interaction, record["game"], record["players"], options, level)

        await self.answer(interaction, "rematch", work)

    async def create_table_from(self, interaction: discord.Interaction, game: str, players: int, options: dict,
                                level: str) -> None:
        """Open a lobby for the clicking user and post it (a Rematch)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            raise TableError(t("guild_only"))
        info = await self.service.create(interaction.guild_id, interaction.channel_id, interaction.user.id,
                                         interaction.user.display_name, game, players, options, level)
        await self._post_lobby(interaction, info)


def team_groups(info: TableInfo, sides: list[list[int]]) -> list[tuple[int, list[int]]]:
    """(team number, its people) for each team with at least two people: the teams that get a thread."""
    groups = [[u for u in (render.human_at(info, s) for s in side) if u is not None] for side in sides]
    return [(n, g) for n, g in enumerate(groups) if len(g) >= 2]


def _sides(info: TableInfo) -> tuple[tuple[int, ...], ...]:
    """The teams of a table with team threads (Briscola 4 and 6, Cicera): seats of the same parity."""
    return tuple(tuple(range(k, info.players, 2)) for k in (0, 1))


async def game_record(service: TableService, game_id: int) -> dict | None:
    """The stored record of a finished game. The service has no query for it, so this reads the store the
    service was opened on (a read through the storage API, no SQL here)."""
    return await service.store.game_record(game_id)
