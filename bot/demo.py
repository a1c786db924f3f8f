"""Try Tavolo without a Discord token: the real bot in a simulated Discord, shown in the browser.

``python -m bot demo`` (and ``python -m bot run`` with no token, from a terminal) builds the real bot
(``bot.app.create_bot``) and runs it inside SimCord, a simulated Discord made for testing discord.py bots. It
creates a server with a ``#tavolo`` channel and a member for the person, and serves SimCord's browser preview
of that channel on 127.0.0.1: the person types the slash commands in the page's composer and presses the
buttons as on Discord. It runs until Ctrl-C (or "End preview session" in the page).

- The database is a new file in a temporary directory, deleted at the end: the demo never touches the
  configured database (``TAVOLO_DATABASE``).
- Turn timers are off: the server's default ``turn_timer`` is ``off`` for every game, because the page is
  redrawn only after the person's own actions and would not show a timer's warning or the AI taking over.
- After a click the page waits only for what the click caused (``answer_at_once``): the table message is edited
  at every step and nothing the bot puts off for later holds the page.
- The page's address carries its credential in the fragment (``#...``): whoever has the address can act as
  the person. It is printed to stdout only and never logged (it is also registered as a log secret).

SimCord is a test tool, installed by the ``demo`` extra (``pip install -e '.[demo]'``; ``python3 tasks.py run``
installs it when no token is configured). ``missing_runtime()`` says whether it is there.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import signal
import sys
import tempfile
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, suppress
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from bot.i18n import _
from rules.games import spec

log = logging.getLogger(__name__)

RUNTIME_MODULES = ("simcord", "aiohttp", "markdown_it", "linkify_it", "regex")
"""What SimCord's browser preview needs (its ``preview`` extra)."""
DEMO_COMMAND = "python3 tasks.py run demo"
"""The command that starts the demo from any Python: it installs the ``demo`` extra into ``.venv`` and runs it."""
INSTALL_HINT = _("This Python has no demo installed (the demo extra, .[demo]). To try Tavolo without a token, in "
                 "your browser: {command} (it installs the demo into .venv and starts it).").format(
    command=DEMO_COMMAND)
QUIET_WARNINGS: dict[str, tuple[str, ...]] = {
    "discord.client": ("PyNaCl is not installed", "davey is not installed"),
    "discord.state": ("Guilds intent seems to be disabled",),
}
"""discord.py's start-up warnings that say nothing to a demo's player (no voice; SimCord's ready event carries no
guilds), per logger: the demo drops them."""
GUILD_NAME = "Tavolo demo"
CHANNEL_NAME = "tavolo"
PERSON_NAME = "Player"
"""The person's display name: a name, never "you", since the public texts speak of a seat in the third person
(``Player bids Re``); their own hand says "you"."""
BOT_NAME = "Tavolo"
SETTLE_TIMEOUT = 60.0
"""Seconds SimCord lets the bot finish the work a click starts (the AI's cards included)."""
TIMER_OFF = "off"
"""The ``turn_timer`` of every demo table (see the module docstring)."""


def opening_command(game: str) -> tuple[str, dict[str, Any]]:
    """``--game``: the slash command (and options) the demo runs for the person at start, opening a lobby: the
    game's own command, with its fewest players when it has several (Briscola: 2)."""
    counts = spec(game).player_counts
    return game, ({"players": min(counts)} if len(counts) > 1 else {})


def missing_runtime() -> list[str]:
    """The modules of SimCord's browser preview that are not installed (empty when the demo can run)."""
    return [name for name in RUNTIME_MODULES if importlib.util.find_spec(name) is None]


@dataclass
class World:
    """The simulated Discord of a demo: the SimCord environment, the server, its channel and the person."""

    env: Any
    guild: Any
    channel: Any
    person: Any
    bot: Any


@asynccontextmanager
async def simulated(database: Path, *, service_options: dict[str, Any] | None = None,
                    settle_timeout: float = SETTLE_TIMEOUT, language: str | None = None) -> AsyncIterator[World]:
    """The real bot on a new database at ``database``, running in SimCord, with a server (its language set to
    ``language`` when given), a ``#tavolo`` channel and a member for the person; turn timers off. The bot, its
    service and the database are closed at the end."""
    import simcord

    from bot.app import create_bot
    from bot.config import Settings
    from bot.shards import Shards
    from bot.storage import GuildSettings, Store
    from rules.games import names

    settings = Settings.model_construct(database=database)  # the defaults; neither .env nor a token
    store = await Store(database).open()
    bot = create_bot(settings, store=store, service_options=service_options or {}, shards=Shards())
    try:
        async with simcord.run(bot, check_errors=False, settle_timeout=settle_timeout) as env:
            guild = env.create_guild(GUILD_NAME)
            channel = guild.create_text_channel(CHANNEL_NAME)
            person = guild.add_member(env.create_user(PERSON_NAME))
            env.backend.bot_user.name = BOT_NAME  # SimCord's bot user is "TestBot"
            answer_at_once(bot, env)
            assert bot.service is not None, "the bot's setup_hook builds the service"
            await bot.service.set_guild_settings(GuildSettings(
                guild.id, language=language, default_options={game: {"turn_timer": TIMER_OFF} for game in names()}))
            yield World(env, guild, channel, person, bot)
    finally:
        if bot.service is not None:
            await bot.service.close()
        else:
            await store.close()
        hub = getattr(bot, "hub", None)
        if hub is not None:
            hub.executor.shutdown(wait=False, cancel_futures=True)


def answer_at_once(bot: Any, env: Any) -> None:
    """Make the page wait only for what a click causes. After each click SimCord's page waits until the bot's work
    is done (up to ``SETTLE_TIMEOUT``), and a timer the bot set earlier counts as work still to do once it falls
    within that time: a table edit put off for the onlookers (up to 90 s) or the move of a table message before it
    gets too old to edit (50 minutes) froze the page for up to a minute at a random click. In the demo the table
    message is edited at every step (nothing is put off, and the page shows the table as it is after each click),
    and the hub's other waits put off on purpose are declared to SimCord as external (``Env.external_wait``):
    they never hold a click, and run only when SimCord's clock is advanced, which the demo never does (no message
    of a simulated Discord gets too old to edit)."""
    hub = bot.hub
    hub.tables.refresh_every = dict.fromkeys(hub.tables.refresh_every, 0.0)
    hub.aside = partial(env.external_wait, reason="a wait the bot put off on purpose, not part of a click")


def welcome(url: str, game: str | None = None) -> str:
    """What the demo prints once the page is served: the address, what to do, how to run on Discord and how
    to stop (``game``: the lobby opened at start)."""
    start = (_("A {game} lobby is open in the page: press Start, then My hand.").format(game=game.title())
             if game else
             _("In the page, type /briscola players:2 (or /chiamata, /cicera, /rules) in the message box, "
               "send it, press Start, then My hand."))
    return "\n".join((
        _("Tavolo demo: the real bot in a simulated Discord (SimCord), no token needed."),
        _("Open this address in your browser (it is your key to the page; do not share it):"),
        "",
        f"    {url}",
        "",
        start + " " + _("Turn timers are off; the demo database is temporary and deleted at the end."),
        _("To run Tavolo on Discord, put DISCORD_TOKEN=<your bot token> in .env (copy .env.example) and run "
          "python3 tasks.py run again."),
        _("Press Ctrl-C here to stop."),
    ))


def say(text: str) -> None:
    """Print ``text`` to stdout at once (the address must show before the page is opened)."""
    print(text, flush=True)


async def serve(port: int = 0, game: str | None = None, *, out: Callable[[str], None] = say,
                stop: asyncio.Event | None = None, on_ready: Callable[[World, str], None] | None = None) -> None:
    """Run the demo until ``stop`` is set, SIGINT or SIGTERM arrives (Ctrl-C), or the page ends the session.

    ``out`` receives the welcome text with the page's address (stdout by default; the address is never
    logged); ``on_ready(world, url)`` is called once the page is served (tests)."""
    from bot.logging_setup import add_secrets

    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    handled = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        with suppress(NotImplementedError, RuntimeError, ValueError):  # not on Windows, nor off the main thread
            loop.add_signal_handler(sig, stop.set)
            handled.append(sig)
    try:
        with tempfile.TemporaryDirectory(prefix="tavolo-demo-") as folder:
            async with simulated(Path(folder) / "demo.sqlite3") as world:
                if game is not None:
                    command, options = opening_command(game)
                    await world.person.slash(world.channel, command, **options)
                async with world.env.preview(world.channel, viewers=[world.person], layout="channel",
                                             port=port) as preview:
                    url = preview.url
                    add_secrets([preview.capability])
                    log.info("demo page served on 127.0.0.1 port %s", urlsplit(url).port)
                    out(welcome(url, game))
                    if on_ready is not None:
                        on_ready(world, url)
                    waits = [asyncio.ensure_future(preview.wait_closed()), asyncio.ensure_future(stop.wait())]
                    try:
                        await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                    finally:
                        for task in waits:
                            task.cancel()
            log.info("demo stopped; its database is deleted")
    finally:
        for sig in handled:
            loop.remove_signal_handler(sig)


class QuietWarnings(logging.Filter):
    """Drops the records of a logger that start with one of ``prefixes`` (``QUIET_WARNINGS``)."""

    def __init__(self, prefixes: tuple[str, ...]) -> None:
        super().__init__()
        self.prefixes = prefixes

    def filter(self, record: logging.LogRecord) -> bool:
        return not str(record.msg).startswith(self.prefixes)


def quiet_discord_warnings() -> None:
    """Silence ``QUIET_WARNINGS`` (once per logger, however often it is called)."""
    for name, prefixes in QUIET_WARNINGS.items():
        target = logging.getLogger(name)
        if not any(isinstance(f, QuietWarnings) for f in target.filters):
            target.addFilter(QuietWarnings(prefixes))


def main(port: int = 0, game: str | None = None) -> int:
    """Run the demo (``python -m bot demo``): 0 once stopped with Ctrl-C, 1 when it cannot start (the port is
    taken), 2 when SimCord is not installed."""
    if missing_runtime():
        print(INSTALL_HINT, file=sys.stderr)
        return 2
    quiet_discord_warnings()
    from simcord import SetupError

    try:
        with suppress(KeyboardInterrupt):  # a second Ctrl-C while closing
            asyncio.run(serve(port, game))
    except SetupError as exc:  # the port is taken, a preview asset is missing
        print(_("error: the demo cannot start: {problem}").format(problem=exc), file=sys.stderr)
        return 1
    print(_("Tavolo demo stopped."), flush=True)
    return 0
