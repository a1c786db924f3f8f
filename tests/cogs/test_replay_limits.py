"""Replays are limited: one at a time a member, ``REPLAYS_PER_SERVER`` a server, each within ``REPLAY_SECONDS``;
they draw in a thread of their own, so the tables' pictures never wait behind them."""

from __future__ import annotations

import asyncio
import sys
import threading
from types import SimpleNamespace

import pytest

from cogs.play.hub import Hub


def replay_posts(ui, channel) -> list:
    """The replay messages of a channel."""
    return [m for m in ui.public(channel) if m.attachments and m.attachments[0].filename == "replay.webp"]


def replays_module(env):
    """The module of the bot's loaded replays extension (an extension is loaded as a module of its own)."""
    return sys.modules[type(env.bot.get_cog("Replays")).__module__]


@pytest.fixture
def gate(simcord_env, monkeypatch):
    """Replays wait at this gate (an ``asyncio.Event``) before they go to a thread to be drawn: open it to let
    them through."""
    env = simcord_env
    event = asyncio.Event()
    hub = env.bot.hub
    for name in ("run", "run_replay"):
        real = getattr(hub, name, None)
        if real is None:
            continue

        async def gated(fn, *args, _real=real):
            if getattr(fn, "__name__", "") == "replay_webp":
                await env.external_wait(event.wait(), reason="a replay waits at the test's gate")
            return await _real(fn, *args)

        monkeypatch.setattr(hub, name, gated)
    return event


async def test_one_replay_a_member_and_a_few_a_server(simcord_env, ui, gate):
    env = simcord_env
    assert replays_module(env).REPLAYS_PER_SERVER == 2
    guild, channel = ui.room()
    alice, bob, carol = ui.members(guild, "alice", "bob", "carol")
    first = await ui.play_to_the_end(alice, channel)
    second = await ui.play_to_the_end(bob, channel)
    other_guild, other_channel = ui.room()
    (dave,) = ui.members(other_guild, "dave")
    elsewhere = await ui.play_to_the_end(dave, other_channel)
    side = guild.create_text_channel("side")

    drawing = await alice.slash(channel, "replay", game=first)
    assert not drawing.ephemeral or not drawing.followups  # accepted: deferred while it waits to be drawn
    refused = await alice.slash(channel, "replay", game=second)
    assert refused.ephemeral and "still being drawn" in ui.text(refused.response), ui.text(refused.response)
    accepted = await bob.slash(channel, "replay", game=second)
    assert "still being drawn" not in ui.text(accepted.response)
    full = await carol.slash(side, "replay", game=first)
    assert full.ephemeral and "2 replays being drawn" in ui.text(full.response), ui.text(full.response)
    another_server = await dave.slash(other_channel, "replay", game=elsewhere)
    assert "being drawn" not in ui.text(another_server.response)
    assert replay_posts(ui, channel) == [] and replay_posts(ui, other_channel) == []

    gate.set()
    await env.settle()
    assert len(replay_posts(ui, channel)) == 2 and len(replay_posts(ui, other_channel)) == 1
    again = await alice.slash(side, "replay", game=second)  # hers is posted: she may ask for the next
    await env.settle()
    assert "being drawn" not in ui.text(again.response) and len(replay_posts(ui, side)) == 1


async def test_a_replay_over_its_time_says_so_and_posts_nothing(simcord_env, ui, monkeypatch):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    game = await ui.play_to_the_end(alice, channel)
    monkeypatch.setattr(replays_module(env), "REPLAY_SECONDS", -1.0)  # its time is up at once
    result = await alice.slash(channel, "replay", game=game)
    await env.settle()
    texts = [ui.text(result.response)] + [ui.text(m) for m in result.followups]
    assert any("took too long" in text for text in texts), texts
    assert replay_posts(ui, channel) == []
    monkeypatch.setattr(replays_module(env), "REPLAY_SECONDS", 60.0)
    again = await alice.slash(channel, "replay", game=game)  # the member's place is free again
    await env.settle()
    assert "being drawn" not in ui.text(again.response) and len(replay_posts(ui, channel)) == 1


async def test_queued_replays_never_hold_up_a_table_picture():
    """Six replays stuck in the replay thread: a table's picture is drawn in a render thread all the same, and
    before any of them ends."""
    hub = Hub(SimpleNamespace())
    release = threading.Event()
    names: list[str] = []

    def stuck_replay() -> str:
        names.append(threading.current_thread().name)
        release.wait(60)
        return "replay"

    def table_picture() -> str:
        return threading.current_thread().name

    replays: list[asyncio.Future[str]] = []
    try:
        replays += [asyncio.ensure_future(hub.run_replay(stuck_replay)) for _ in range(6)]
        picture = asyncio.ensure_future(hub.run(table_picture))
        done, _ = await asyncio.wait([picture, *replays], return_when=asyncio.FIRST_COMPLETED, timeout=60)
        assert done == {picture}, "the table picture waited behind the replays"
        assert picture.result().startswith("tavolo-render")
        assert names and all(name.startswith("tavolo-replay") for name in names)
    finally:
        release.set()
        await asyncio.gather(*replays)
        hub.executor.shutdown(wait=True)
        hub.replay_executor.shutdown(wait=True)
