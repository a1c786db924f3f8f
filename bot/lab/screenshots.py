"""``python -m bot screenshots DIR``: every kind of message as Discord draws it, at a phone's and a desktop's width.

Scripted games (fixed seeds) run in SimCord with the real bot, as in the demo (``bot.demo``): members open
tables with the slash commands and play their turns by pressing the first enabled control of their hand
message. At each scene, SimCord's browser preview draws one message, and headless Chromium saves it as
``DIR/<scene>-phone.png`` (390 px wide) and ``DIR/<scene>-desktop.png`` (the width of Discord's chat column
on a desktop). The scenes: the lobby; the table and the hand of Briscola for 2 and for 4, of Chiamata (the
auction too) and of Cicera (the capture choice too); a match summary, ``/history``, ``/replay`` and a review
after it; a practice table's hand and its hint; an ephemeral refusal; ``/rules``.

The games are found and played through what members see (buttons and selects found at any depth, Components
V2 or action rows), so the command keeps working while the messages' design changes.

Needs the demo's SimCord (``pip install -e '.[demo]'``), Playwright (the ``test`` extra) and a Chromium
(Debian's ``chromium`` package; ``--chromium PATH`` for another).
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import logging
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot import demo
from bot.i18n import _
from bot.tools.paths import folder_problem

log = logging.getLogger(__name__)

WIDTHS = {"phone": 390, "desktop": 1024}
"""Capture widths in CSS pixels: a phone's screen, and a desktop's chat column (Discord's window minus its
server, channel and member lists, about 1024 px on a 1600 px screen)."""
HEIGHT = 3000
"""The capture viewport's height: taller than any message, so that a capture is never cut."""
CHROMIUM_ARGS = ("--no-sandbox", "--disable-gpu")
CHROMIUM_PATHS = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
SEED = 20_261_201
"""The seed of every scripted table (the deal and the AI's choices follow from it)."""
SERVICE_OPTIONS = {"ai_time_ms": 30, "review_time_ms": 30, "hint_time_ms": 30}
"""Quick AI players: the pictures, not the AI's strength, are the point."""
PLAYERS = ("Anna", "Bruno", "Carla", "Dario", "Elena", "Franco", "Giulia")
TURNS_LIMIT = 400
SEED_ARGUMENT = 9
"""``TableService.create``'s seed is its ninth argument."""


def find_chromium(given: str | None = None) -> str | None:
    """The Chromium to drive: ``given``, Debian's or Ubuntu's, or ``chromium`` on the PATH; None if none."""
    if given:
        return given if Path(given).is_file() else shutil.which(given)
    for path in CHROMIUM_PATHS:
        if Path(path).is_file():
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing(chromium: str | None) -> str | None:
    """Why the command cannot run here (one line), or None."""
    if demo.missing_runtime():
        return demo.INSTALL_HINT
    if importlib.util.find_spec("playwright") is None:
        return _("Screenshots need Playwright: .venv/bin/pip install -e '.[test]' (or python3 tasks.py test).")
    if chromium is None:
        return _("Screenshots need Chromium: install Debian's chromium package (apt-get install chromium), "
                 "or give --chromium PATH.")
    return None


def walk(components: Iterable[Any]) -> list[Any]:
    """Every component of a message, depth first: action rows, Components V2 containers and sections with
    what they hold (a section's accessory too)."""
    out: list[Any] = []
    for c in components:
        out.append(c)
        out.extend(walk(getattr(c, "children", ()) or ()))
        accessory = getattr(c, "accessory", None)
        if accessory is not None:
            out.extend(walk([accessory]))
    return out


def buttons(message: Any) -> list[Any]:
    """The buttons of a message, in order."""
    return [c for c in walk(message.components) if c.type.value == 2]


def selects(message: Any) -> list[Any]:
    """The string selects of a message, in order."""
    return [c for c in walk(message.components) if c.type.value == 3]


def lobby_button(lobby: Any, action: str) -> str:
    """The custom id of a lobby's button (``tv:lobby:ID:join``, ``...:start``)."""
    return next(str(b.custom_id) for b in buttons(lobby)
                if b.custom_id and b.custom_id.startswith("tv:lobby:") and b.custom_id.endswith(f":{action}"))


class Enough(Exception):
    """Every scene asked for is drawn: the scripted games stop there."""


@dataclass
class Director:
    """Plays the scripted games in the simulated Discord and draws each scene as it comes."""

    world: demo.World
    members: dict[str, Any]
    preview: Any
    """SimCord's preview of the channel, drawing with our Chromium."""
    folder: Path
    only: tuple[str, ...] = ()
    """Draw only the scenes whose name starts with one of these (all when empty)."""
    written: list[Path] = field(default_factory=list)
    pending: set[str] = field(default_factory=set)
    """The scenes asked for that the running step has not drawn yet."""
    hands: dict[int, int] = field(default_factory=dict)
    """Per member id, the id of their latest hand message."""

    @property
    def channel(self) -> Any:
        return self.world.channel

    @property
    def service(self) -> Any:
        return self.world.bot.service

    async def shoot(self, name: str, viewer: Any, target: Any) -> None:
        """Draw ``target`` (a message or an interaction result) as ``viewer`` sees it now, at each width; raise
        ``Enough`` after the last scene asked for by ``only``."""
        if not wanted([name], self.only):
            return
        for device, width in WIDTHS.items():
            path = self.folder / f"{name}-{device}.png"
            await self.preview.screenshot(path, viewer=viewer, target=target, mode="surface",
                                          viewport=(width, HEIGHT), layout="message", allow_incomplete=True)
            self.written.append(path)
            log.info("wrote %s", path)
        print(_("{scene}: {files}").format(scene=name, files=", ".join(
            f"{name}-{device}.png" for device in WIDTHS)), flush=True)
        self.pending.discard(name)
        if self.only and not self.pending:
            raise Enough

    async def close_tables(self) -> None:
        """End the step's tables still in play (aborted by their host, unrated): their timers (the onlookers'
        refresh) would keep SimCord from settling before the next pictures."""
        for info in self.service.tables():
            await self.service.abort(info.id, info.host_id)
        await self.world.env.settle()

    def public(self) -> list[Any]:
        """The messages everyone sees, oldest first."""
        return [m for m in self.channel.history() if not m.flags.ephemeral]

    def message(self, message_id: int, viewer: Any = None) -> Any:
        """A message as it is now (``viewer`` for an ephemeral one)."""
        return next(m for m in self.channel.history(viewer=viewer) if m.id == message_id)

    def table_message(self) -> Any:
        """The latest public message with a My hand button."""
        for m in reversed(self.public()):
            if any(b.custom_id.startswith("tv:hand:") for b in buttons(m) if b.custom_id):
                return m
        raise LookupError("no table message")

    async def open(self, host: Any, command: str, **options: Any) -> Any:
        """``/command`` by ``host``; the lobby message."""
        result = await host.slash(self.channel, command, **options)
        return result.response.message

    async def start(self, host: Any, lobby: Any, joiners: Iterable[Any] = ()) -> int:
        """The others join ``lobby``, the host starts it; the table id."""
        for member in joiners:
            await member.click(lobby, custom_id=lobby_button(lobby, "join"))
        await host.click(lobby, custom_id=lobby_button(lobby, "start"))
        info = self.service.table_of(self.channel.id, host.id)
        return int(info.id)

    async def hand(self, member: Any) -> Any:
        """Press My hand on the table message; the member's ephemeral hand message."""
        table = self.table_message()
        button = next(b for b in buttons(table) if b.custom_id and b.custom_id.startswith("tv:hand:"))
        result = await member.click(table, custom_id=button.custom_id)
        message = result.response.message
        self.hands[member.id] = message.id
        return message

    def current_hand(self, member: Any) -> Any | None:
        """The member's latest hand message as it is now."""
        message_id = self.hands.get(member.id)
        return self.message(message_id, viewer=member) if message_id is not None else None

    async def turn(self, member: Any) -> str:
        """Play one turn of ``member`` from their hand message: pass in an auction, else the first choice of a
        select (a capture), else the first enabled card; the kind of control used."""
        message = self.current_hand(member)
        if message is None or not (self._enabled(message) or selects(message)):
            message = await self.hand(member)
        actions = self._enabled(message)
        passes = [b for b in actions if b.custom_id.count(":") >= 4 and b.custom_id.split(":")[4].startswith("pass")]
        if passes:
            await member.click(message, custom_id=passes[0].custom_id)
            return "pass"
        for s in selects(message):
            if not getattr(s, "disabled", False) and s.options:
                count = max(1, s.min_values or 1)
                await member.select(message, [o.value for o in s.options[:count]], custom_id=s.custom_id)
                return "select"
        if actions:
            await member.click(message, custom_id=actions[0].custom_id)
            return "card"
        raise RuntimeError(f"{member.name} has nothing to press: {[b.label for b in buttons(message)]}")

    @staticmethod
    def _enabled(message: Any) -> list[Any]:
        return [b for b in buttons(message) if not b.disabled and b.custom_id and b.custom_id.startswith("tv:act:")]

    def to_move(self, table_id: int) -> Any | None:
        """The member whose turn it is at the table, or None (over, or an AI's turn)."""
        if not any(t.id == table_id for t in self.service.tables()):
            return None
        info = self.service.get(table_id)
        if info.to_move is None:
            return None
        user = info.seats[info.to_move].user_id
        return next((m for m in self.members.values() if m.id == user), None)

    async def play(self, table_id: int, turns: int | None = None,
                   until: Callable[[Any, Any], Awaitable[bool]] | None = None) -> None:
        """Play the people's turns: ``turns`` of them, or until ``until(member, hand)`` is true before a turn,
        or until the game is over."""
        for done in range(TURNS_LIMIT):
            member = self.to_move(table_id)
            if member is None or (turns is not None and done >= turns):
                return
            if until is not None:
                hand = self.current_hand(member)
                if hand is None or not self._enabled(hand):
                    hand = await self.hand(member)
                if await until(member, hand):
                    return
            await self.turn(member)
        raise RuntimeError("the game did not end")


async def briscola_for_two(d: Director) -> None:
    """Anna against the AI: the lobby, the table and the hand after two tricks, a refusal (Bruno is not
    seated), the summary at the end."""
    anna, bruno = d.members["Anna"], d.members["Bruno"]
    lobby = await d.open(anna, "briscola", players=2)
    await d.shoot("lobby", anna, lobby)
    table = await d.start(anna, lobby)
    await d.play(table, turns=2)
    hand = await d.hand(anna)
    await d.shoot("briscola-table", anna, d.table_message())
    await d.shoot("briscola-hand", anna, hand)
    refusal = await bruno.click(d.table_message(), custom_id=next(
        b.custom_id for b in buttons(d.table_message()) if b.custom_id.startswith("tv:hand:")))
    await d.shoot("refusal", bruno, refusal)
    await d.play(table)
    await d.shoot("summary", anna, d.public()[-1])
    if wanted(["history", "replay", "review"], d.only):
        history = await anna.slash(d.channel, "history")
        await d.shoot("history", anna, history)
        game_id = (await d.service.recent_games(d.world.guild.id))["rows"][0].id
        await d.shoot("replay", anna, await anna.slash(d.channel, "replay", game=game_id))
        summary = next(m for m in reversed(d.public())
                       if any(b.custom_id == f"tv:review:{game_id}" for b in buttons(m) if b.custom_id))
        pressed = await anna.click(summary, custom_id=f"tv:review:{game_id}")
        await d.world.env.settle()
        await d.shoot("review", anna, d.message(pressed.response.message.id, viewer=anna))


async def practice(d: Director) -> None:
    """Anna at a practice table (``hints`` on): her hand with the Hint button, and the hint it gives."""
    anna = d.members["Anna"]
    await d.start(anna, await d.open(anna, "briscola", players=2, hints="on"))
    hand = await d.hand(anna)
    await d.shoot("practice-hand", anna, hand)
    hint = next(b for b in buttons(hand) if b.custom_id and b.custom_id.startswith("tv:hint:"))
    await d.shoot("hint", anna, await anna.click(hand, custom_id=hint.custom_id))


async def briscola_for_four(d: Director) -> None:
    """Bruno and Carla with two AI players, after three of their turns."""
    bruno, carla = d.members["Bruno"], d.members["Carla"]
    table = await d.start(bruno, await d.open(bruno, "briscola", players=4), [carla])
    await d.play(table, turns=3)
    hand = await d.hand(bruno)
    await d.shoot("briscola4-table", bruno, d.table_message())
    await d.shoot("briscola4-hand", bruno, hand)


async def chiamata(d: Director) -> None:
    """Dario with four AI players: his hand in the auction, then the table and his hand in play."""
    dario = d.members["Dario"]
    table = await d.start(dario, await d.open(dario, "chiamata"))
    await d.shoot("chiamata-auction", dario, await d.hand(dario))
    await d.play(table, turns=3)
    hand = await d.hand(dario)
    await d.shoot("chiamata-table", dario, d.table_message())
    await d.shoot("chiamata-hand", dario, hand)


async def cicera(d: Director) -> None:
    """Elena with three AI players: her first hand and the table, then a later hand offering a capture."""
    elena = d.members["Elena"]
    table = await d.start(elena, await d.open(elena, "cicera"))
    await d.shoot("cicera-hand", elena, await d.hand(elena))
    await d.shoot("cicera-table", elena, d.table_message())

    async def can_capture(_member: Any, hand: Any) -> bool:
        return any(o for s in selects(hand) for o in s.options)

    await d.play(table, turns=1)
    await d.play(table, until=can_capture)
    capture = d.current_hand(elena)
    if capture is not None and selects(capture):
        await d.shoot("cicera-capture", elena, capture)


async def rules(d: Director) -> None:
    """``/rules`` as Franco sees it."""
    franco = d.members["Franco"]
    await d.shoot("rules", franco, await franco.slash(d.channel, "rules"))


STEPS: tuple[tuple[Callable[[Director], Awaitable[None]], tuple[str, ...]], ...] = (
    (briscola_for_two, ("lobby", "briscola-table", "briscola-hand", "refusal", "summary", "history", "replay",
                        "review")),
    (practice, ("practice-hand", "hint")),
    (briscola_for_four, ("briscola4-table", "briscola4-hand")),
    (chiamata, ("chiamata-auction", "chiamata-table", "chiamata-hand")),
    (cicera, ("cicera-hand", "cicera-table", "cicera-capture")),
    (rules, ("rules",)),
)
"""The scripted games, in order, with the scenes each draws."""
SCENES = tuple(name for _step, names in STEPS for name in names)
"""Every scene's name."""


def wanted(names: Iterable[str], only: tuple[str, ...]) -> list[str]:
    """The scenes of ``names`` that ``only`` asks for (every one when ``only`` is empty)."""
    return [n for n in names if not only or n.startswith(only)]


async def script(d: Director) -> None:
    """Run the steps that draw a wanted scene, each only as far as its last wanted scene, closing its tables
    after."""
    for step, names in STEPS:
        d.pending = set(wanted(names, d.only))
        if not d.pending:
            continue
        try:
            with suppress(Enough):
                await step(d)
        finally:
            await d.close_tables()


def use_browser(preview: Any, browser: Any) -> None:
    """Have SimCord's managed capture draw with our Chromium: it launches Playwright's own browser build,
    which Debian's Chromium is not, and SimCord 3.2.1 has no option for the executable."""
    manager = preview._capture_manager
    manager._playwright, manager._browser = None, browser


async def shoot_all(folder: Path, chromium: str, only: Iterable[str] = (), language: str = "en") -> list[Path]:
    """Play the scripted games and write every scene's pictures into ``folder``; the files written. In another
    ``language`` than English, the server's language is set to it and each member chose it with ``/language``."""
    from playwright.async_api import async_playwright

    folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="tavolo-screenshots-") as temporary:
        async with demo.simulated(Path(temporary) / "screenshots.sqlite3", service_options=dict(SERVICE_OPTIONS),
                                  language=None if language == "en" else language) as world, \
                async_playwright() as pw:
            fixed_seed(world.bot.service)
            members = {name: world.guild.add_member(world.env.create_user(name)) for name in PLAYERS}
            if language != "en":
                for member in members.values():
                    await world.bot.service.set_member_language(member.id, language)
            browser = await pw.chromium.launch(executable_path=chromium, args=list(CHROMIUM_ARGS))
            try:
                async with world.env.preview(world.channel, viewers=list(members.values()), layout="message",
                                             display="fixed") as preview:
                    use_browser(preview, browser)
                    d = Director(world, members, preview, folder, tuple(only))
                    await script(d)
                    return d.written
            finally:
                await browser.close()


def fixed_seed(service: Any) -> None:
    """Every table the service opens from now on gets ``SEED`` (the front ends never choose a seed)."""
    create = service.create

    async def seeded(*args: Any, **kwargs: Any) -> Any:
        if len(args) < SEED_ARGUMENT:
            kwargs.setdefault("seed", SEED)
        return await create(*args, **kwargs)

    service.create = seeded


def main(args: argparse.Namespace) -> int:
    """``python -m bot screenshots DIR``: 0 when every picture was written, 2 when DIR cannot be written (a file,
    no permission) or a tool is missing, said in one line before anything is made."""
    problem = folder_problem(args.folder)
    if problem is not None:
        print(_("error: {message}").format(message=problem), file=sys.stderr)
        return 2
    chromium = find_chromium(args.chromium)
    problem = missing(chromium)
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    assert chromium is not None
    from bot.logging_setup import setup_logging

    setup_logging("ERROR")  # discord.py's warnings about voice and intents say nothing about the pictures
    written = asyncio.run(shoot_all(Path(args.folder), chromium, args.only, getattr(args, "lang", None) or "en"))
    print(_("Wrote {n} pictures to {folder}.").format(n=len(written), folder=args.folder))
    return 0 if written else 1
