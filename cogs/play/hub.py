"""The play hub: one per bot (``bot.hub``), it owns the shared state of the live tables on Discord and wires the
parts that act on it (languages, answers, table messages, hand messages, team threads, lobby and play clicks)
to the table service's events.

The public message of a table is edited when a person must act (so the AI's cards between two human turns
make one edit), when a timer warns, and at the end; edits of a table never overlap and a failed edit is simply
redone at the next step. A player's ephemeral hand message is refreshed when their turn comes. Every click is
checked (seated, the game started and not over, their turn, the card still in hand, the message current) and
a refused click gets a short ephemeral answer and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Awaitable, Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar, TypeVarTuple

from bot.tables import TableService
from cogs import render
from cogs.play.answers import Answers
from cogs.play.events import dispatch
from cogs.play.hands import HandMessages
from cogs.play.languages import Languages
from cogs.play.lobby import LobbyControls
from cogs.play.moves import PlayControls
from cogs.play.state import NotReady, Presence
from cogs.play.tables import TableMessages
from cogs.play.threads import TeamThreads
from cogs.types import TavoloBot

log = logging.getLogger(__name__)

T = TypeVar("T")
Ts = TypeVarTuple("Ts")


class Hub:
    """The live tables on Discord; see the module docstring."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot
        self.presences: dict[int, Presence] = {}
        self.executor = ThreadPoolExecutor(max_workers=2, thread_name_prefix="tavolo-render")
        self.replay_executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tavolo-replay")
        """Replays (seconds each) draw in a thread of their own, so a table's pictures never wait behind them."""
        self._unsubscribe: Callable[[], None] | None = None
        self._tasks: set[asyncio.Task[object]] = set()
        self.languages = Languages(self)
        self.answers = Answers(self)
        self.tables = TableMessages(self)
        self.hands = HandMessages(self)
        self.threads = TeamThreads(self)
        self.lobby = LobbyControls(self)
        self.moves = PlayControls(self)
        self.aside: Callable[[Awaitable[None]], Awaitable[None]] = plainly
        """How the hub waits in work it puts off on purpose (``sleep_aside``): awaited plainly; a simulated Discord
        (the demo) declares these waits to SimCord as outside any click, so that its page does not wait for them
        after a click."""

    @property
    def service(self) -> TableService:
        """The table service, or ``NotReady``."""
        service = self.bot.service
        if service is None:
            raise NotReady()
        return service

    def attach(self, service: TableService) -> None:
        """Follow the service's events, and load the pictures' fonts before the first table needs them."""
        self._unsubscribe = service.subscribe(lambda ev: dispatch(self, ev))
        self.spawn(self.run(render.warm_up), "render-warm-up")
        self.spawn(self.languages.load({info.guild_id for info in service.tables()}), "languages")

    def detach(self) -> None:
        """Stop following the events (extension unloaded)."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        self.executor.shutdown(wait=False, cancel_futures=True)
        self.replay_executor.shutdown(wait=False, cancel_futures=True)

    def presence(self, table_id: int) -> Presence:
        """The Discord state of a table (created on first use)."""
        p = self.presences.get(table_id)
        if p is None:
            p = self.presences[table_id] = Presence(table_id)
        return p

    def spawn(self, coro: Coroutine[Any, Any, T], name: str) -> asyncio.Task[T]:
        """Run ``coro`` in the background; errors are logged."""
        task = asyncio.get_running_loop().create_task(coro, name=name)
        self._tasks.add(task)
        task.add_done_callback(self._done)
        return task

    async def sleep_aside(self, seconds: float) -> None:
        """Sleep ``seconds`` in work put off on purpose (a later edit of a table message), through ``aside``."""
        await self.aside(asyncio.sleep(seconds))

    def _done(self, task: asyncio.Task[object]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("background task %s failed", task.get_name(), exc_info=task.exception())

    async def run(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run a picture function in the render threads (in the caller's language)."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self.executor, context.run, fn, *args)

    async def run_replay(self, fn: Callable[[*Ts], T], *args: *Ts) -> T:
        """Run a replay's drawing in the replay thread (in the caller's language), never in the render threads."""
        context = contextvars.copy_context()
        return await asyncio.get_running_loop().run_in_executor(self.replay_executor, context.run, fn, *args)


async def plainly(waiting: Awaitable[None]) -> None:
    """Await ``waiting`` (``Hub.aside`` outside a simulated Discord)."""
    await waiting


def hub_of(bot: TavoloBot) -> Hub:
    """The bot's play hub (made by the ``cogs.play`` extension, loaded first), or ``NotReady``."""
    hub = getattr(bot, "hub", None)
    if not isinstance(hub, Hub):
        raise NotReady()
    return hub
