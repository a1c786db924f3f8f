"""The hand messages in the demo page (SimCord's browser preview in headless Chromium), as a person meets them:
the largest hand of every game fits a phone's screen, and the selects of Chiamata's auction and Cicera's
captures (and the lobby's AI select) open with a click and take the choice, at a phone's and a desktop's width.

The tables are dealt from a fixed seed, so that the person's first
Cicera hand can capture; the page is driven by clicks only.
"""

from __future__ import annotations

import tempfile
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from bot import demo

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu"]
SEED = 20_261_201
"""Every table's seed: the person bids first in Chiamata and can capture at once in Cicera."""
SERVICE_OPTIONS = {"ai_time_ms": 30, "review_time_ms": 30, "hint_time_ms": 30}
"""Quick AI players: the page, not the AI's strength, is the point."""
PHONE = (390, 844)
DESKTOP = (1280, 900)
STEP_MS = 90_000
"""Longest wait for one action to settle on a loaded machine (the AI's cards included)."""
MENU_MS = 5_000
"""How long a select's menu has to show its options after the click."""
SETTLED = """(before) => {
  const s = window.simcordPreview;
  return Boolean(s && s.ready && !s.pendingAction && s.lastAction
                 && s.lastAction.sequence > before && s.lastAction.settlement === "settled");
}"""


def fixed_seed(service: Any) -> None:
    """Every table the service opens from now on is dealt from ``SEED`` (the front ends never choose one)."""
    create = service.create

    async def seeded(*args: Any, **kwargs: Any) -> Any:
        if "seed" not in kwargs and len(args) < 9:  # ``TableService.create``'s seed is its ninth argument
            kwargs["seed"] = SEED
        return await create(*args, **kwargs)

    service.create = seeded


@asynccontextmanager
async def demo_page(chromium: str, size: tuple[int, int]) -> AsyncIterator[tuple[demo.World, Any]]:
    """The demo's simulated Discord (seeded deals) and its page in Chromium at ``size``."""
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="tavolo-hands-") as folder:
        async with demo.simulated(Path(folder) / "demo.sqlite3", service_options=dict(SERVICE_OPTIONS)) as world:
            fixed_seed(world.bot.service)
            async with world.env.preview(world.channel, viewers=[world.person], layout="channel",
                                         port=0) as preview, async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                try:
                    page = await browser.new_page(viewport={"width": size[0], "height": size[1]})
                    await page.goto(preview.url)
                    await page.wait_for_function("() => window.simcordPreview && window.simcordPreview.ready",
                                                 timeout=STEP_MS)
                    yield world, page
                finally:
                    await browser.close()


async def press(page, control) -> None:
    """Click ``control`` and wait until the bot has done what the click started."""
    before = await page.evaluate("() => window.simcordPreview.lastAction?.sequence ?? 0")
    await control.click()
    await page.wait_for_function(SETTLED, arg=before, timeout=STEP_MS)


async def open_table(world: demo.World, page, game: str, **options: Any) -> Any:
    """The person opens ``/game`` (the previous table closed), presses Start then My hand; their hand message."""
    service = world.bot.service
    for info in service.tables():
        await service.abort(info.id, info.host_id)
    await world.person.slash(world.channel, game, **options)
    await world.env.settle()
    await page.get_by_role("button", name="Refresh").click()  # the page shows what the bot did outside it
    start = page.get_by_role("button", name="Start", exact=True).last
    await start.wait_for(timeout=STEP_MS)
    await press(page, start)
    return await my_hand(page)


async def my_hand(page) -> Any:
    """Press My hand on the table message; the hand message."""
    await press(page, page.get_by_role("button", name="My hand", exact=True).last)
    return page.locator("article.channel-message").last


async def height(page, message) -> float:
    """The message's height as drawn, its pictures loaded."""
    await page.wait_for_function("(m) => [...m.querySelectorAll('img')].every(i => i.complete && i.naturalHeight)",
                                 arg=await message.element_handle(), timeout=STEP_MS)
    box = await message.bounding_box()
    assert box is not None
    return float(box["height"])


async def choose_by_click(page, message) -> str:
    """Click the message's first select, then the first option of its menu; the option's label. Fails when
    the menu does not show its options after the click (it closed, or never opened)."""
    await message.get_by_role("combobox").first.click()
    option = page.get_by_role("listbox").get_by_role("option").first
    await option.wait_for(state="visible", timeout=MENU_MS)
    label = (await option.inner_text()).strip()
    await press(page, option)
    return label


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
async def test_chiamata_bid_and_cicera_capture_selects_open_with_a_click(chromium, size):
    async with demo_page(chromium, size) as (world, page):
        service = world.bot.service
        hand = await open_table(world, page, "chiamata")
        table = service.tables()[0]
        seat = next(i for i, s in enumerate(table.seats) if s.user_id == world.person.id)
        assert service.view(table.id).to_move == seat, "the person bids first at this seed"
        label = await choose_by_click(page, hand)
        auction = service.view(table.id).auction
        assert auction and auction[0][0] == seat and auction[0][1] is not None, "the bid chosen was taken"
        assert label.split()[-1] in str(await page.locator("#channel-message-list").inner_text())

        hand = await open_table(world, page, "cicera")
        table = service.tables()[0]
        before = len(service.view(table.id, world.person.id).hand)
        label = await choose_by_click(page, hand)
        assert "→" in label, "a capture (or placing) choice"
        assert len(service.view(table.id, world.person.id).hand) == before - 1, "the card chosen was played"

        for info in service.tables():  # the lobby's AI select, its lobby the last of a channel with history
            await service.abort(info.id, info.host_id)
        await world.person.slash(world.channel, "briscola", players=4)
        await world.env.settle()
        await page.get_by_role("button", name="Refresh").click()
        lobby = page.locator("article.channel-message").last
        await lobby.get_by_role("button", name="Start", exact=True).wait_for(timeout=STEP_MS)
        label = await choose_by_click(page, lobby)
        seats = service.tables()[0].seats
        assert len(seats) == 2 and seats[1].ai is not None, f"{label}: an AI took the second seat"


async def test_the_largest_hand_of_every_game_fits_a_phone_screen(chromium):
    heights: dict[str, float] = {}
    async with demo_page(chromium, PHONE) as (world, page):
        for players in (2, 3, 4, 6):
            heights[f"briscola {players}"] = await height(page, await open_table(world, page, "briscola",
                                                                                 players=players))
        hand = await open_table(world, page, "chiamata")
        heights["chiamata auction"] = await height(page, hand)
        for _ in range(40):  # the person passes until the play, where the hand has its 8 cards
            passes = hand.get_by_role("button", name="Pass", exact=True)
            if not await passes.count():
                break
            await press(page, passes.first)
            hand = await my_hand(page)
        table = world.bot.service.tables()[0]
        assert world.bot.service.view(table.id).phase == "play"
        assert len(world.bot.service.view(table.id, world.person.id).hand) == 8
        heights["chiamata play"] = await height(page, hand)
        hand = await open_table(world, page, "cicera")
        assert len(world.bot.service.view(world.bot.service.tables()[0].id, world.person.id).hand) == 12
        heights["cicera"] = await height(page, hand)
    print("hand message heights at 390 x 844:", heights)
    too_tall = {name: h for name, h in heights.items() if h > PHONE[1]}
    assert not too_tall, too_tall
