"""Answering interactions: in the member's language, refusals as short ephemeral messages, and a deferral when
the work may take longer than Discord's 3 seconds."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

import discord
from discord.ui import Item, LayoutView

from bot.i18n import use_language
from bot.names import error_text
from bot.tables import NotYourTurn, TableError
from cogs.markup import name_text
from cogs.render import layout
from cogs.texts import t
from cogs.types import Interaction
from rules.actions import RulesError

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds after a click began to be answered when it is deferred, if its answer is not ready (Discord wants an
answer within 3 s of the click)."""
STARTED = "tavolo_started"
"""The key in ``Interaction.extras`` of the moment (``time.perf_counter``) a click began to be answered."""

T = TypeVar("T")
Fields = dict[str, Any]
"""The keyword arguments of a message send or edit, handed on to discord.py's methods (``send_message``,
``edit_message``, ``edit_original_response``), each of which takes its own set of them."""


class Answers:
    """How the cogs answer: ``answer`` runs a click's work, ``check`` a click's checks, ``update`` and ``send``
    reply with what a builder returns."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.latencies: deque[tuple[str, float]] = deque(maxlen=2000)
        """(kind, seconds) from a click's arrival to its answer, for the benchmark and the logs."""

    async def refuse(self, interaction: Interaction, text: str) -> None:
        """A short ephemeral answer; nothing changes."""
        await self.tell(interaction, text, accent=layout.WARNING)

    async def tell(self, interaction: Interaction, text: str, *controls: Item[Any],
                   accent: discord.Colour | None = layout.NOTICE) -> None:
        """A short ephemeral message (V2, like every message), with optional controls under the text."""
        view = layout.notice(text, *controls, accent=accent)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(view=view, ephemeral=True)
            else:
                await interaction.response.send_message(view=view, ephemeral=True)
        except discord.HTTPException as e:
            log.info("answering a click failed: %s", e)

    async def answer(self, interaction: Interaction, kind: str, work: Callable[[], Awaitable[None]]) -> None:
        """Run a click's ``work`` in the member's language (public messages it builds switch to the guild's, see
        ``Languages.public``); a ``TableError`` becomes a short ephemeral answer; times the answer."""
        started = time.perf_counter()
        interaction.extras[STARTED] = started
        language = await self.hub.languages.of_member(interaction)
        with use_language(language):
            await self._answer(interaction, kind, work, started)

    async def _answer(self, interaction: Interaction, kind: str, work: Callable[[], Awaitable[None]],
                      started: float) -> None:
        try:
            await work()
        except (TableError, RulesError) as e:
            await self.refuse(interaction, refusal_text(e))
        except discord.HTTPException as e:  # Discord failed us: the messages catch up at the next step
            log.warning("answering a %s click failed: %s", kind, e)
        except Exception:
            log.exception("a %s click failed", kind)
            await self.refuse(interaction, t("error"))
            raise
        finally:
            self.latencies.append((kind, time.perf_counter() - started))

    async def check(self, interaction: Interaction, kind: str, checks: Callable[[], T]) -> T | None:
        """Run a click's ``checks`` (a component's ``interaction_check``) in the member's language: what they
        return, or ``None`` once a refusal (a ``TableError``) was answered."""
        outcome: list[T] = []

        async def work() -> None:
            outcome.append(checks())

        await self.answer(interaction, kind, work)
        return outcome[0] if outcome else None

    @staticmethod
    async def _in_time(interaction: Interaction, task: asyncio.Future[T]) -> bool:
        """Has ``task`` finished within ``DEFER_AFTER`` seconds of the moment the click began to be answered
        (the language lookup, the table's lock and the move count too), else the click is deferred?"""
        started = interaction.extras.get(STARTED, time.perf_counter())
        left = max(0.0, DEFER_AFTER - (time.perf_counter() - started))
        done, _ = await asyncio.wait({task}, timeout=left)
        return bool(done)

    async def update(self, interaction: Interaction, build: Callable[[], Awaitable[Fields]]) -> None:
        """Edit the clicked message with what ``build`` returns; defer first when it takes long."""
        task = asyncio.ensure_future(build())
        if await self._in_time(interaction, task):
            await interaction.response.edit_message(**v2(task.result()))
            return
        await interaction.response.defer()
        fields = v2(await task)
        fields.pop("allowed_mentions", None)
        await interaction.edit_original_response(**fields)

    async def send(self, interaction: Interaction, build: Callable[[], Awaitable[Fields]], *,
                   ephemeral: bool) -> int | None:
        """Answer with a new message built by ``build`` (deferred first when it takes long); its id."""
        task = asyncio.ensure_future(build())
        if await self._in_time(interaction, task):
            response = await interaction.response.send_message(ephemeral=ephemeral, **v2(task.result()))
            return response.message_id
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        fields = v2(await task)
        if "file" in fields:
            fields["attachments"] = [fields.pop("file")]
        if "files" in fields:
            fields["attachments"] = fields.pop("files")
        message = await interaction.edit_original_response(**fields)
        return message.id


def refusal_text(error: TableError | RulesError) -> str:
    """What a refusal says (``error_text``); a name in it is written as message text writes names
    (``name_text``)."""
    if isinstance(error, NotYourTurn) and error.name is not None:
        return t("click.not_your_turn", name=name_text(error.name))
    return error_text(error)


def v2(fields: Fields) -> Fields:
    """The fields of a Components V2 message: its text is in the layout, so a ``content`` or ``embed`` given
    beside a layout is dropped (Discord refuses both in a V2 message); an edit clears the old ones."""
    if isinstance(fields.get("view"), LayoutView):
        fields.pop("content", None)
        fields.pop("embed", None)
        fields.pop("embeds", None)
    return fields
