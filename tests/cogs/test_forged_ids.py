"""Forged ``custom_id``s (a leaderboard page no button ever had, a game id too big for the database) get a short
ephemeral answer: no error in the log, nothing changed."""

from __future__ import annotations

import logging

import discord
import pytest

FORGED_PAGES = ["tv:lb:briscola:1e20", "tv:lb:briscola:100000000000000000000", "tv:lb:briscola:-1",
                "tv:lb:briscola:" + "9" * 80, "tv:lb:briscola:1000001", "tv:lb:poker:1", "tv:lb:briscola:",
                "tv:lb::1", "tv:lb:briscola", "tv:lb:briscola:١٢", "tv:lb:briscola: 1", "tv:lb:BRISCOLA:1"]


async def post_buttons(env, channel, custom_ids):
    """The bot posts a message with a plain button per ``custom_id`` (as a copied or forged message would carry
    them); the message as members see it."""
    from cogs.render import layout

    buttons = [discord.ui.Button(label=f"b{n}", custom_id=custom_id[:100]) for n, custom_id in enumerate(custom_ids)]
    sent = await env.bot.get_partial_messageable(channel.id).send(view=layout.notice("buttons", *buttons))
    return next(m for m in channel.history() if m.id == sent.id)


@pytest.mark.parametrize("custom_id", FORGED_PAGES)
async def test_a_forged_leaderboard_page_gets_a_short_answer(simcord_env, ui, custom_id, caplog):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    message = await post_buttons(simcord_env, channel, [custom_id])
    with caplog.at_level(logging.WARNING):
        result = await alice.click(message, custom_id=custom_id[:100])
    assert result.acknowledged and result.ephemeral, f"{custom_id}: {result}"
    text = ui.text(result.response)
    assert "does not exist" in text and len(text) < 150, text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    assert ui.text(ui.message(channel, message.id)) == "buttons"


async def test_real_leaderboard_pages_still_turn(simcord_env, ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    board = (await alice.slash(channel, "leaderboard")).response
    assert "Nobody" in ui.text(board)
    for custom_id in ("tv:lb:chiamata:0:prev", "tv:lb:cicera:7:next", "tv:lb:briscola:1:next:x"):
        message = await post_buttons(simcord_env, channel, [custom_id])  # page 0, past the end, any tag
        result = await alice.click(message, custom_id=custom_id)
        assert result.acknowledged and not result.ephemeral, result
        shown = ui.text(ui.message(channel, message.id))
        assert "Page 1 of 1" in shown, shown


async def test_a_rematch_of_a_game_id_too_big_for_the_database(simcord_env, ui, caplog):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    custom_id = "tv:rematch:" + "9" * 30
    message = await post_buttons(simcord_env, channel, [custom_id])
    with caplog.at_level(logging.WARNING):
        result = await alice.click(message, custom_id=custom_id)
    assert result.ephemeral and len(ui.text(result.response)) < 150, result
    assert "went wrong" not in ui.text(result.response)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    assert not ui.service().tables()


async def test_forged_select_values_and_cards_get_a_short_answer(simcord_env, ui, caplog):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "briscola", [bob], players=2, turn_timer=0)
    version = ui.service().get(table_id).version
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Select(custom_id=f"tv:sel:{table_id}:{version}:discard", min_values=0, max_values=2,
                                    options=[discord.SelectOption(label=v, value=v) for v in ("zz", "Ad")]))
    view.add_item(discord.ui.Select(custom_id=f"tv:sel:{table_id}:{version}:bid", min_values=0,
                                    options=[discord.SelectOption(label="x", value="bid_99")]))
    sent = await simcord_env.bot.get_partial_messageable(channel.id).send("selects", view=view)
    message = ui.message(channel, sent.id)
    picks = await post_buttons(simcord_env, channel, [f"tv:pick:{table_id}:{version}:zz:0"])
    before = ui.service().get(table_id)
    with caplog.at_level(logging.WARNING):
        results = [await alice.select(message, ["zz", "Ad"], custom_id=f"tv:sel:{table_id}:{version}:discard"),
                   await alice.select(message, [], custom_id=f"tv:sel:{table_id}:{version}:bid"),
                   await alice.click(picks, custom_id=f"tv:pick:{table_id}:{version}:zz:0")]
    for result in results:
        assert result.ephemeral and "went wrong" not in ui.text(result.response), result
        assert len(ui.text(result.response)) < 150
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    assert ui.service().get(table_id) == before
