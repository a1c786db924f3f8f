"""The demo without a token: the real bot in SimCord, played in headless Chromium through SimCord's page.

The page is driven as a person uses it: the slash command typed in the message box, the buttons pressed by
their labels. Nothing here knows how the messages are laid out, only what a person reads on them.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot import demo

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu"]
STEP_MS = 90_000
"""Longest wait for one action to settle on a loaded machine (the AI's cards included)."""
SETTLED = """(before) => {
  const s = window.simcordPreview;
  return Boolean(s && s.ready && !s.pendingAction && s.lastAction
                 && s.lastAction.sequence > before && s.lastAction.settlement === "settled");
}"""
"""True once the page's last action is newer than ``before`` and SimCord settled it (the bot's work done)."""


class Records(logging.Handler):
    """Every log record, at every level, of every logger."""

    def __init__(self) -> None:
        super().__init__(logging.NOTSET)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def texts(self) -> list[str]:
        """What each record says, its arguments and its traceback included."""
        out = []
        for r in self.records:
            out.append(f"{r.name} {r.msg!s} {r.args!r} {r.getMessage()} {r.exc_text or ''}")
            if r.exc_info:
                out.append(logging.Formatter().formatException(r.exc_info))
        return out


@pytest.fixture
def every_record():
    """All log records while the test runs: the root and every logger at DEBUG (levels restored after)."""
    handler = Records()
    root = logging.getLogger()
    loggers = [root] + [lg for lg in root.manager.loggerDict.values() if isinstance(lg, logging.Logger)]
    levels = {lg: lg.level for lg in loggers}
    for lg in loggers:
        lg.setLevel(logging.NOTSET)
    root.setLevel(logging.DEBUG)
    root.addHandler(handler)
    yield handler
    root.removeHandler(handler)
    for lg, level in levels.items():
        lg.setLevel(level)


async def settle(page, before: int) -> None:
    """Wait until the page's action after ``before`` is settled and drawn."""
    await page.wait_for_function(SETTLED, arg=before, timeout=STEP_MS)


async def press(page, button) -> None:
    """Press ``button`` and wait for the bot to finish what it started."""
    before = await page.evaluate("() => window.simcordPreview.lastAction?.sequence ?? 0")
    await button.click()
    await settle(page, before)


async def slash(page, command: str, **options: str) -> None:
    """Type ``/command`` in the message box, choose each option's value from its list, and send it."""
    box = page.locator("#channel-composer-input")
    await box.click()
    await page.keyboard.type(f"/{command}")
    await page.keyboard.press("Enter")
    for name, value in options.items():
        field = page.locator(f'input[data-option="{name}"]')
        await field.click()
        await field.fill(value)
        await page.locator(f'.command-suggestion[data-value="{value}"]').click()
    await press(page, page.locator("#send-message"))


def messages(page):
    """The messages of the channel as the page shows them."""
    return page.locator("article.channel-message")


async def play_to_the_end(page, limit: int = 200) -> int:
    """Play the person's turns (the first enabled button of their latest private message, after pressing My
    hand when it has none) until a Rematch button shows; the number of presses."""
    for presses in range(limit):
        if await page.get_by_role("button", name="Rematch").count():
            return presses
        private = messages(page).filter(has=page.locator(".message-ephemeral-note"))
        enabled = private.last.locator("button.component-button:enabled") if await private.count() else None
        if enabled is not None and await enabled.count():
            await press(page, enabled.first)
        else:
            await press(page, page.get_by_role("button", name="My hand", exact=True).last)
    raise AssertionError("the game did not end in the page")


async def test_a_whole_game_against_the_ai_in_the_page(chromium, every_record):
    from playwright.async_api import async_playwright

    printed: list[str] = []
    served: asyncio.Future = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    running = asyncio.create_task(demo.serve(
        0, out=printed.append, stop=stop, on_ready=lambda world, url: served.set_result((world, url))))
    try:
        world, url = await asyncio.wait_for(asyncio.shield(served), 120)
        capability = url.split("#", 1)[1]
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": 1100, "height": 900})
            await page.goto(url)
            await page.wait_for_function("() => window.simcordPreview && window.simcordPreview.ready === true",
                                         timeout=STEP_MS)
            await slash(page, "briscola", players="2")
            lobby = messages(page).last
            await press(page, lobby.get_by_role("button", name="Start", exact=True))
            presses = await play_to_the_end(page)
            text = await page.locator("#channel-message-list").inner_text()
            await browser.close()
        assert presses >= 20, "2-player Briscola is 20 cards a player"
        assert not world.bot.service.tables(), "the game is over and stored"
        assert demo.PERSON_NAME in text and "Tavolo" in text
    finally:
        stop.set()
        await asyncio.wait_for(running, 60)
    said = "\n".join(printed)
    assert url in said and "DISCORD_TOKEN=" in said and ".env" in said and "Ctrl-C" in said
    assert every_record.records, "the demo logs what it does"
    leaks = [t for t in every_record.texts() if capability in t]
    assert not leaks, leaks[:3]


async def test_timers_are_off_and_the_database_is_temporary(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    seen = {}

    def look(world, _url):
        seen["database"] = Path(world.bot.settings.database)
        seen["exists"] = seen["database"].exists()
        stop.set()

    stop = asyncio.Event()
    await asyncio.wait_for(demo.serve(0, "briscola", out=lambda _text: None, stop=stop, on_ready=look), 120)
    assert seen["exists"] and not seen["database"].exists(), "a new database, deleted at the end"
    assert tmp_path not in seen["database"].parents and not list(tmp_path.iterdir()), "nothing in the folder"


async def test_the_opening_lobby_has_no_turn_timer():
    stop = asyncio.Event()
    tables = []

    def look(world, _url):
        tables.extend(world.bot.service.tables())
        stop.set()

    await asyncio.wait_for(demo.serve(0, "briscola", out=lambda _text: None, stop=stop, on_ready=look), 120)
    assert len(tables) == 1 and tables[0].game == "briscola" and tables[0].players == 2
    assert tables[0].options["turn_timer"] == "off"


def run_bot(tmp_path: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    """``python -m bot ARGS`` in an empty folder, with no token."""
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    clean.update(PYTHONPATH=str(ROOT), **env)
    return subprocess.Popen([sys.executable, "-m", "bot", *args], cwd=tmp_path, env=clean, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def test_the_demo_command_prints_the_address_and_stops_on_ctrl_c(tmp_path):
    process = run_bot(tmp_path, "demo", TAVOLO_LOG_LEVEL="DEBUG")
    try:
        assert process.stdout is not None
        lines = []
        for line in process.stdout:
            lines.append(line)
            if "Ctrl-C" in line:
                break
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    printed = "".join(lines) + out
    url = next(word for word in printed.split() if word.startswith("http://127.0.0.1:"))
    assert process.returncode == 0, err[-2000:]
    assert "#" in url and "DISCORD_TOKEN=" in printed and "stopped" in out
    assert url.split("#", 1)[1] not in err, "the address's key is not in the log"
    assert "DEBUG" in err and "Traceback" not in err
    assert not [line for line in err.splitlines() if "WARNING" in line and "discord." in line], \
        "discord.py's start-up warnings (voice, intents) say nothing to a demo's player"


def test_without_a_terminal_a_missing_token_still_fails_and_names_the_demo(tmp_path):
    process = run_bot(tmp_path, "run")
    out, err = process.communicate(timeout=60)
    assert process.returncode == 2
    assert "DISCORD_TOKEN" in err and "python3 tasks.py run demo" in err and not out


def test_from_a_terminal_run_without_a_token_starts_the_demo(monkeypatch):
    import bot.__main__ as cli

    started = []
    monkeypatch.setattr(cli, "interactive", lambda: True)
    monkeypatch.setattr(cli, "start_demo", lambda _settings, port, game: started.append((port, game)) or 0)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(Path(__file__).parent)
    assert cli.main(["run"]) == 0 and started == [(0, None)]


def test_without_simcord_the_missing_token_message_says_how_to_install_the_demo(monkeypatch, capsys):
    import bot.__main__ as cli

    monkeypatch.setattr(cli, "interactive", lambda: True)
    monkeypatch.setattr(demo, "missing_runtime", lambda: ["simcord"])
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(Path(__file__).parent)
    assert cli.main([]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert "DISCORD_TOKEN" in err[0] and "[demo]" in err[1] and "python3 tasks.py run demo" in err[1] and len(err) == 2
    assert cli.main(["demo"]) == 2


def test_a_missing_tool_skips_its_test_unless_tavolo_require_names_it(require, monkeypatch):
    monkeypatch.delenv("TAVOLO_REQUIRE", raising=False)
    with pytest.raises(pytest.skip.Exception, match="no Chromium here"):
        require("chromium", "no Chromium here")
    monkeypatch.setenv("TAVOLO_REQUIRE", "postgresql, Chromium")
    with pytest.raises(pytest.fail.Exception, match="chromium is required"):
        require("chromium", "no Chromium here")
    monkeypatch.setenv("TAVOLO_REQUIRE", "postgresql")
    with pytest.raises(pytest.skip.Exception):
        require("chromium", "no Chromium here")


def load_tasks():
    """The repository's tasks.py, as a module."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("tavolo_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_tasks_run_installs_the_demo_only_when_no_token_is_configured(tmp_path, monkeypatch):
    tasks = load_tasks()
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert [tasks.extra_for(a) for a in ([], ["run"], ["demo"], ["arena"], ["screenshots", "x"])] == [
        "demo", "demo", "demo", "", "test"]
    (tmp_path / ".env").write_text("TAVOLO_LOG_LEVEL=debug\nDISCORD_TOKEN=  \n")
    assert tasks.extra_for([]) == "demo", "a blank token is no token"
    (tmp_path / ".env").write_text('export DISCORD_TOKEN="abc.def"\n')
    assert tasks.extra_for([]) == "" and tasks.extra_for(["demo"]) == "demo"
    (tmp_path / ".env").unlink()
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    assert tasks.extra_for(["run"]) == ""


def test_tasks_test_says_which_tests_were_skipped_and_why(tmp_path):
    tasks = load_tasks()
    report = tmp_path / "junit.xml"
    report.write_text(
        '<testsuites><testsuite><testcase name="a"><skipped type="pytest.skip" message="no Chromium (x)"/>'
        '</testcase><testcase name="b"><skipped message="no Chromium (x)"/></testcase><testcase name="c"/>'
        '<testcase name="d"><skipped message="no pipes"/></testcase></testsuite></testsuites>')
    lines = tasks.skipped(report)
    assert lines[:2] == ["skipped 2 tests: no Chromium (x)", "skipped 1 test: no pipes"]
    assert "TAVOLO_REQUIRE=chromium" in lines[2]
    assert tasks.skipped(tmp_path / "missing.xml") == []


def test_a_taken_port_is_a_one_line_error(capsys):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert demo.main(port=port) == 1
    err = capsys.readouterr().err
    assert "cannot start" in err and str(port) in err and "Traceback" not in err


HANG_GUARD = 5.0
"""Seconds an action of the demo may take before the test calls it a hang (not a benchmark: docs/BENCHMARKS.md)."""


def walk(components) -> list:
    """Every component of a message, depth first (action rows, V2 containers and sections, accessories)."""
    out: list = []
    for c in components:
        out.append(c)
        out.extend(walk(getattr(c, "children", ()) or ()))
        accessory = getattr(c, "accessory", None)
        if accessory is not None:
            out.extend(walk([accessory]))
    return out


def enabled_moves(message) -> list:
    """The enabled play controls of a hand message (buttons and selects whose id is a table action)."""
    return [c for c in walk(message.components) if c.type.value in (2, 3) and not getattr(c, "disabled", False)
            and (getattr(c, "custom_id", None) or "").startswith("tv:act:")]


def text_of(message) -> str:
    """What a message's text displays say."""
    return "\n".join(c.content for c in walk(message.components) if c.type.value == 10)


async def guarded(step):
    """``step`` (an actor's awaitable), failing the test when it has not settled within ``HANG_GUARD``."""
    return await asyncio.wait_for(step, HANG_GUARD)


async def test_a_click_in_the_demo_waits_only_for_what_it_caused(tmp_path):
    """After each click the demo's page waits until SimCord says the bot's work is done, and SimCord counts a timer
    the bot set earlier as work still to do once it falls within that wait (60 s in the demo): a table edit put
    off for the onlookers (90 s) or the move of an old table message (50 minutes) froze the page for up to a
    minute at a random click. Here SimCord may wait an hour, longer than any timer of the bot: every click of a
    whole game and the Rematch still settle within the hang guard, a card pressed on an older hand message once
    the game is over is refused within it too, and the table message shows each step (the demo edits it at every
    step)."""
    async with demo.simulated(tmp_path / "demo.sqlite3", settle_timeout=3600.0) as world:
        person, channel = world.person, world.channel
        lobby = (await guarded(person.slash(channel, "briscola", players=2))).response
        await guarded(person.click(lobby, label="Start"))
        table = next(m for m in reversed(channel.history()) if not m.flags.ephemeral)
        old = (await guarded(person.click(table, label="My hand"))).response.message  # the AI has led, if it leads
        hand = (await guarded(person.click(table, label="My hand"))).response.message
        for _ in range(40):
            if not world.bot.service.tables():
                break
            hand = next(m for m in channel.history(viewer=person) if m.id == hand.id)
            moves = enabled_moves(hand)
            assert moves, text_of(hand)
            await guarded(person.click(hand, custom_id=moves[0].custom_id))
            if world.bot.service.tables():
                stock = world.bot.service.view(world.bot.service.tables()[0].id).stock_count
                assert f"Stock: **{stock}**" in text_of(next(m for m in channel.history() if m.id == table.id)) \
                    or stock == 0
        assert not world.bot.service.tables(), "the game is over"
        stale = await guarded(person.click(old, custom_id=enabled_moves(old)[0].custom_id))  # a card of the first hand
        assert stale.ephemeral and "That table is closed or over." in str(stale.response.components)
        summary = [m for m in channel.history() if not m.flags.ephemeral][-1]
        await guarded(person.click(summary, label="Rematch"))
        assert [t.status for t in world.bot.service.tables()] == ["lobby"], "the rematch opened a lobby"


# ----- the play test: every game's controls in the page, at a phone's width and a desktop's, timed -----

WIDTHS = {390: 844, 1280: 900}
"""The page's sizes played: a phone (390 x 844) and a desktop."""
OPENS_MS = 3_000
"""How long a clicked select may take to show its options."""
MESSAGE_OF = "xpath=ancestor::article[contains(concat(' ', normalize-space(@class), ' '), ' channel-message ')]"
"""From a control, the message (``article.channel-message``) that holds it."""
PICTURES_DRAWN = """(id) => {
  const message = document.querySelector(`article.channel-message[data-message-id="${id}"]`);
  if (!message || message.querySelector(".media-unavailable")) return false;
  return [...message.querySelectorAll("img.gallery-image, img.attachment-image")].every((img) => {
    const box = img.getBoundingClientRect();
    return img.complete && img.naturalWidth > 0 && box.width > 0
      && Math.abs(box.height - box.width * img.naturalHeight / img.naturalWidth) <= 1;
  });
}"""
"""True once every picture of the message ``id`` is loaded and drawn at its size (its box as high as its width and
its proportions give, not shrunk to its alt text)."""
READ_SINCE = "(end) => Date.parse(window.simcordPreview.transport.lastSuccessfulRead ?? '') >= end"
"""True once the page has taken a state read that ended at ``end`` (ms since the epoch) or later."""


def picture_assets(message: dict) -> set[str]:
    """The asset ids of the pictures of a message of the page's state (its gallery items, thumbnails, files)."""
    found: set[str] = set()
    stack: list = [message]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("asset_id"), str) and str(item.get("content_type", "")).startswith("image/"):
                found.add(item["asset_id"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


class StateReads:
    """The page's reads of its state (``/api/state``, every 0.5 s) as the page received them; the latest one is
    asked whether it gives the size of a message's pictures. SimCord records a picture's size once the page has
    downloaded it, and the page learns it at its next read: until then a message drawn anew (as every message is
    when a select opens) shows a fresh picture as its alt text for a moment, and the channel jumps."""

    PATH = "/api/state"

    def __init__(self, page) -> None:
        self.page = page
        self.latest = None
        self.arrived = asyncio.Event()
        page.on("requestfinished", self.finished)

    def finished(self, request) -> None:
        if request.url.split("?", 1)[0].endswith(self.PATH):
            self.latest = request
            self.arrived.set()

    async def sized(self, message_id: str) -> float | None:
        """When the latest read gives every picture of ``message_id`` its size: the time it ended (ms since the
        epoch); else None."""
        import json

        from playwright.async_api import Error as PlaywrightError

        request = self.latest
        if request is None:
            return None
        try:
            response = await request.response()
            state = json.loads(await response.text()) if response is not None and response.ok else {}
        except PlaywrightError:  # the read was dropped by the page (an action started), or its body is gone
            return None
        message = (state.get("messages") or {}).get(message_id)
        assets = state.get("assets") or {}
        if message is None or not all(assets.get(a, {}).get("displayWidth") for a in picture_assets(message)):
            return None
        timing = request.timing
        return float(timing["startTime"] + timing["responseEnd"])


class Played:
    """Plays the person's turns in the demo page and times each action from the click to SimCord's settled answer
    drawn in the page: (kind, seconds) in ``times``. An action longer than ``HANG_GUARD`` fails (a hang guard,
    not a benchmark), and so does a select that does not open by a click or does not take the option clicked.

    Before a click on a message the person waits, as a person does, until the message is drawn with its pictures
    shown at their size and the page knows that size (``pictures_shown``); that wait is timed in ``pictures``,
    under the kind of the click that follows it."""

    def __init__(self, page, world) -> None:
        self.page, self.world = page, world
        self.times: list[tuple[str, float]] = []
        self.pictures: list[tuple[str, float]] = []
        self.reads = StateReads(page)

    async def pictures_shown(self, kind: str, control) -> None:
        """Wait until the pictures of the message holding ``control`` are loaded, drawn at their size, and sized in
        the state the page last read (a control outside a message waits for nothing); fails after ``HANG_GUARD``."""
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        page, loop = self.page, asyncio.get_running_loop()
        message = control.locator(MESSAGE_OF)
        if not await message.count():
            return
        message_id = await message.first.get_attribute("data-message-id")
        assert message_id, "a message of the page without its id"
        started = loop.time()
        deadline = started + HANG_GUARD
        late = f"{kind}: the pictures of the message clicked were not shown at their size after {HANG_GUARD:g} s"
        try:
            await page.wait_for_function(PICTURES_DRAWN, arg=message_id, timeout=HANG_GUARD * 1000)
            while (end := await self.reads.sized(message_id)) is None:
                self.reads.arrived.clear()
                await asyncio.wait_for(self.reads.arrived.wait(), max(0.0, deadline - loop.time()))
            await page.wait_for_function(READ_SINCE, arg=end, timeout=max(1.0, (deadline - loop.time()) * 1000))
        except (PlaywrightTimeout, TimeoutError):
            raise AssertionError(late) from None
        self.pictures.append((kind, loop.time() - started))

    async def timed(self, kind: str, control) -> None:
        """Click ``control`` (once its message's pictures are shown) and wait for the action it starts to settle."""
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        page = self.page
        await self.pictures_shown(kind, control)
        before = await page.evaluate("() => window.simcordPreview.lastAction?.sequence ?? 0")
        started = asyncio.get_running_loop().time()
        await control.click(timeout=OPENS_MS)
        try:
            await page.wait_for_function(SETTLED, arg=before, timeout=HANG_GUARD * 1000)
        except PlaywrightTimeout:
            raise AssertionError(f"{kind}: the page still waits for the bot after {HANG_GUARD:g} s") from None
        self.times.append((kind, asyncio.get_running_loop().time() - started))

    async def command(self, name: str, **options: str) -> None:
        """Type ``/name`` with its options in the message box and send it (timed from the send)."""
        page = self.page
        await page.locator("#channel-composer-input").click()
        await page.keyboard.type(f"/{name}")
        await page.keyboard.press("Enter")
        for option, value in options.items():
            field = page.locator(f'input[data-option="{option}"]')
            await field.click()
            await field.fill(value)
            await page.locator(f'.command-suggestion[data-value="{value}"]').click()
        await self.timed("command", page.locator("#send-message"))

    async def choose(self, kind: str, select, value: str | None = None) -> str:
        """Open ``select`` (a ``.preview-select``) by a click and click its option ``value`` (else the first): the
        value chosen."""
        from playwright.async_api import TimeoutError as PlaywrightTimeout

        trigger = select.locator("button.select-trigger")
        listing = select.locator(".select-list")
        await self.pictures_shown(f"{kind}: open", trigger)
        await trigger.click()
        try:
            await listing.wait_for(state="visible", timeout=OPENS_MS)
            await self.page.wait_for_timeout(300)  # a select that closes again at once (the page jumped) fails
            if not await listing.is_visible():
                raise PlaywrightTimeout("closed again")
        except PlaywrightTimeout:
            raise AssertionError(f"{kind}: the select did not open by a click") from None
        option = select.locator(f'.select-option[data-value="{value}"]' if value else ".select-option").first
        chosen = await option.get_attribute("data-value")
        assert chosen is not None
        try:
            await self.timed(kind, option)
        except PlaywrightTimeout:
            raise AssertionError(f"{kind}: the select's option could not be clicked") from None
        return chosen

    def hand(self):
        """The person's latest private message (their hand)."""
        return messages(self.page).filter(has=self.page.locator(".message-ephemeral-note")).last

    async def controls(self):
        """The enabled buttons and selects of the latest hand message (after pressing My hand when it has none)."""
        page = self.page
        for _ in range(2):
            hand = self.hand()
            if await messages(page).filter(has=page.locator(".message-ephemeral-note")).count():
                buttons = hand.locator("button.component-button:enabled")
                selects = hand.locator(".preview-select").filter(has=page.locator("button.select-trigger:enabled"))
                if await buttons.count() or await selects.count():
                    return buttons, selects
            await self.timed("my hand", page.get_by_role("button", name="My hand", exact=True).last)
        raise AssertionError("the hand offers nothing on the person's turn: " + await self.hand().inner_text())

    def table(self):
        """The one live table (the person sits at one at a time)."""
        (info,) = self.world.bot.service.tables()
        return info

    async def start(self, game: str, **options: str) -> int:
        """Open ``game``'s lobby with its command and start it; the table's id."""
        await self.command(game, **options)
        await self.timed("start", messages(self.page).last.get_by_role("button", name="Start", exact=True))
        return self.table().id

    async def play_to_the_end(self, table_id: int, turn) -> int:
        """Play the person's turns with ``turn(buttons, selects)`` until the table is over; the turns played."""
        service = self.world.bot.service
        for turns in range(200):
            if not any(t.id == table_id for t in service.tables()):
                return turns
            buttons, selects = await self.controls()
            await turn(buttons, selects)
        raise AssertionError("the game did not end in the page")

    async def assert_the_end_offers_no_move(self) -> None:
        """The person's hand message after the game: it says so, and has no enabled control."""
        hand = self.hand()
        text = await hand.inner_text()
        assert "The game is over." in text and "Your turn" not in text, text
        assert not await hand.locator("button.component-button:enabled").count(), text
        assert not await hand.locator("button.select-trigger:enabled").count(), text


async def chiamata_auction(played: Played) -> None:
    """A Chiamata game: the first bid from the rank select, then Pass (or the caller's controls), then the cards."""
    table_id = await played.start("chiamata")
    bid = []

    async def turn(buttons, selects) -> None:
        phase = played.world.bot.service.view(table_id).phase
        if phase == "auction" and not bid and await selects.count():
            bid.append(await played.choose("bid (select)", selects.first))
            auction = played.world.bot.service.view(table_id).auction
            assert (0, bid[0].removeprefix("bid_")) in auction, f"the bid {bid[0]} was not taken: {auction}"
        elif await buttons.count():
            await played.timed("pass" if phase == "auction" else "card" if phase == "play" else phase,
                               buttons.first)
        else:
            await played.choose(f"{phase} (select)", selects.first)

    await played.play_to_the_end(table_id, turn)
    assert bid, "the person bid from the select"
    await played.assert_the_end_offers_no_move()


async def cicera_capture(played: Played) -> None:
    """A Cicera deal: every capture from the select, every other card placed by its button."""
    table_id = await played.start("cicera")
    captures = []

    async def turn(buttons, selects) -> None:
        if await selects.count():
            before = played.world.bot.service.view(table_id, played.world.person.id).hand
            captures.append(await played.choose("capture (select)", selects.first))
            if any(t.id == table_id for t in played.world.bot.service.tables()):
                after = played.world.bot.service.view(table_id, played.world.person.id).hand
                assert len(after) < len(before), "the capture chosen was not played"
        else:
            await played.timed("place", buttons.first)

    await played.play_to_the_end(table_id, turn)
    assert captures, "no capture was offered to the person in the whole deal"
    await played.assert_the_end_offers_no_move()


async def briscola_to_the_end(played: Played) -> None:
    """A 2-player Briscola to its end: the last trick plays itself (``autoplay_last``, the default)."""
    table_id = await played.start("briscola", players="2")
    cards = []

    async def turn(buttons, _selects) -> None:
        await played.timed("card", buttons.first)
        cards.append(1)

    await played.play_to_the_end(table_id, turn)
    assert len(cards) == 19, "twenty cards a player, the last one played by the bot"
    await played.assert_the_end_offers_no_move()


PLAYS = {"chiamata": chiamata_auction, "cicera": cicera_capture, "briscola": briscola_to_the_end}
"""What each game's play test does in the page."""


CASES = [pytest.param(game, width, id=f"{game}-{width}") for game in PLAYS for width in sorted(WIDTHS)]


@pytest.mark.parametrize(("game", "width"), CASES)
async def test_each_game_plays_in_the_page_at_a_phone_and_a_desktop_width(chromium, game, width, record_property):
    """In the demo page: a Chiamata auction with the bid select, a Cicera deal with the capture select, a 2-player
    Briscola to its end with the last trick played by the bot; every select opens by a click and takes the option
    clicked, a finished game's hand offers no move, and every action settles within the hang guard. Each click on a
    message waits, as a player does, for that message's pictures to be shown at their size. Each action's time and
    the wait for the pictures before it are recorded (``record_property`` ``timings`` and ``picture_waits``;
    printed) for docs/BENCHMARKS.md."""
    from playwright.async_api import async_playwright

    served: asyncio.Future = asyncio.get_running_loop().create_future()
    stop = asyncio.Event()
    running = asyncio.create_task(demo.serve(
        0, out=lambda _text: None, stop=stop, on_ready=lambda world, url: served.set_result((world, url))))
    try:
        world, url = await asyncio.wait_for(asyncio.shield(served), 120)
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = await browser.new_page(viewport={"width": width, "height": WIDTHS[width]})
            await page.goto(url)
            await page.wait_for_function("() => window.simcordPreview && window.simcordPreview.ready === true",
                                         timeout=STEP_MS)
            played = Played(page, world)
            try:
                await PLAYS[game](played)
            finally:
                record_property("timings", played.times)
                record_property("picture_waits", played.pictures)
                print(f"\n{game} in the demo page at {width} px:", timing_summary(played.times))
                print("  waited for the pictures before a click:", timing_summary(played.pictures))
                await browser.close()
    finally:
        stop.set()
        await asyncio.wait_for(running, 60)


def timing_summary(times: list[tuple[str, float]]) -> str:
    """Per kind of action: how many, the median and the longest, in seconds."""
    import statistics

    kinds: dict[str, list[float]] = {}
    for kind, seconds in times:
        kinds.setdefault(kind, []).append(seconds)
    return "; ".join(f"{kind} n={len(s)} median={statistics.median(s):.2f} max={max(s):.2f}"
                     for kind, s in sorted(kinds.items()))
