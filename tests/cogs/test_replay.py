"""``/replay game:<id>``: the animated picture of a finished game of this server, for everyone; an unknown id
or another server's game gets a short ephemeral refusal."""

from __future__ import annotations

import io

import pytest
from PIL import Image


def gallery_urls(components) -> list[str]:
    """The media URLs of every media gallery in a raw V2 component payload."""
    urls, stack = [], list(components)
    while stack:
        c = stack.pop()
        if c.get("type") == 12:  # media gallery
            urls += [item["media"]["url"] for item in c.get("items", [])]
        stack += c.get("components", [])
    return urls


@pytest.mark.usefixtures("simcord_env")
async def test_replay_posts_the_animation_of_a_finished_game(ui):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    game_id = await ui.play_to_the_end(alice, channel)
    record = await ui.service().game_record(game_id)
    tricks = sum(1 for e in record["rounds"][0]["actions"] if "play" in e) // 2

    shown = await bob.slash(channel, "replay", game=game_id)
    await ui.env.settle()
    assert shown.acknowledged and not shown.ephemeral
    message = shown.response
    assert message is not None and not message.ephemeral
    assert f"game {game_id}" in ui.text(message) and "Briscola" in ui.text(message)
    (attachment,) = message.attachments
    assert attachment.filename == "replay.webp"
    assert gallery_urls(message.components) == [attachment.url], "the animation is in the message's gallery"
    data = ui.env.backend.cdn.get(attachment.url)
    img = Image.open(io.BytesIO(data))
    assert img.format == "WEBP" and img.is_animated
    assert len(record["rounds"]) == 1
    assert img.n_frames == tricks + 2, "the deal, each trick, the result"


@pytest.mark.usefixtures("simcord_env")
async def test_replay_of_an_unknown_or_foreign_game_is_refused_for_the_member_only(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    game_id = await ui.play_to_the_end(alice, channel)
    before = len(ui.public(channel))

    unknown = await alice.slash(channel, "replay", game=game_id + 1000)
    assert unknown.ephemeral and "no finished game" in ui.text(unknown.response)

    other_guild, other_channel = ui.room()
    (carol,) = ui.members(other_guild, "carol")
    foreign = await carol.slash(other_channel, "replay", game=game_id)
    assert foreign.ephemeral and "no finished game" in ui.text(foreign.response)
    assert len(ui.public(channel)) == before and not ui.public(other_channel)
