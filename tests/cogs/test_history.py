"""``/history [member] [game]``: the server's finished games newest first with their ids, paged with buttons that
keep working after a restart; forged and stale page ids are refused; ``/stats`` points to it."""

from __future__ import annotations

import json
import logging

import discord
import pytest

from bot.i18n import format_day


async def post_buttons(env, channel, custom_ids):
    """The bot posts a message with a plain button per ``custom_id`` (as a copied or forged message would carry
    them); the message as members see it."""
    from cogs.render import layout

    buttons = [discord.ui.Button(label=f"b{n}", custom_id=custom_id[:100]) for n, custom_id in enumerate(custom_ids)]
    sent = await env.bot.get_partial_messageable(channel.id).send(view=layout.notice("buttons", *buttons))
    return next(m for m in channel.history() if m.id == sent.id)


async def seed_old_games(ui, guild_id: int, before: float, count: int, first_id: int = 5000) -> list[int]:
    """``count`` finished Cicera games of two seeded players, older than ``before``, newest first."""
    games, players = [], []
    for n in range(count):
        record = {"format": 1, "game": "cicera", "players": 2, "options": {}, "seed": n,
                  "seats": [{"name": f"old{n}a", "ai": None}, {"name": f"old{n}b", "ai": None}], "rounds": [],
                  "result": {"game_points": [1, 0], "winners": [0]}}
        games.append((first_id + n, guild_id, "cicera", 2, before - 100 - n, json.dumps(record)))
        players += [(first_id + n, 0, 900 + n, None, "win", 1), (first_id + n, 1, 950 + n, None, "loss", 0)]
    await ui.service().store.seed_games(games, players, [], guild_id, "cicera")
    return [g[0] for g in games]


@pytest.mark.usefixtures("simcord_env")
async def test_history_lists_games_newest_first_and_filters_by_member(ui):
    guild, channel = ui.room()
    alice, bob, carol = ui.members(guild, "alice", "bob", "carol")
    first = await ui.play_to_the_end(alice, channel)
    second = await ui.play_to_the_end(bob, channel)
    assert first != second

    shown = await carol.slash(channel, "history")
    assert shown.acknowledged and not shown.ephemeral
    text = ui.text(shown.response)
    assert f"`game {second}`" in text and f"`game {first}`" in text
    assert text.index(f"game {second}`") < text.index(f"game {first}`")  # newest first
    assert "Recent games" in text and "Page 1 of 1" in text and "2 games" in text
    assert "alice" in text and "bob" in text and "AI 2" in text and "(easy)" not in text and "Briscola" in text
    done = await ui.service().store.games_of(guild.id, alice.id, 1)
    assert format_day(done[0].finished_at, "en") in text  # the date written out (Babel), not a Discord timestamp
    assert all(b.disabled for b in ui.buttons(ui.message(channel, shown.response.id)))  # one page: both off

    hers = ui.text((await carol.slash(channel, "history", member=alice)).response)
    assert f"`game {first}`" in hers and f"`game {second}`" not in hers and "Recent games of alice" in hers
    none = ui.text((await carol.slash(channel, "history", member=carol)).response)
    assert "No finished game" in none and "`game " not in none
    cicera = ui.text((await carol.slash(channel, "history", game="cicera")).response)
    assert "No finished game" in cicera and "Recent games of Cicera" in cicera

    stats = ui.text((await alice.slash(channel, "stats")).response)
    assert "/history" in stats


async def test_history_pages_turn_after_a_restart_and_refuse_forged_and_stale_pages(simcord_env, ui, bots, caplog):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    newest = await ui.play_to_the_end(alice, channel)
    at = (await ui.service().store.games_of(guild.id, alice.id, 1))[0].finished_at
    old = await seed_old_games(ui, guild.id, at, 11)  # 12 games: two pages of ten

    shown = await bob.slash(channel, "history")
    text = ui.text(shown.response)
    assert "Page 1 of 2" in text and "12 games" in text and text.count("`game ") == 10
    assert text.index(f"game {newest}`") < text.index(f"game {old[0]}`")
    assert f"game {old[9]}`" not in text

    await bots.restart(simcord_env)  # the Next button of the old message still turns the page
    turned = await bob.click(ui.message(channel, shown.response.id), label="Next")
    assert turned.acknowledged and not turned.ephemeral
    page2 = ui.text(ui.message(channel, shown.response.id))
    assert "Page 2 of 2" in page2 and page2.count("`game ") == 2
    assert f"game {old[9]}`" in page2 and f"game {old[10]}`" in page2 and f"game {newest}`" not in page2
    assert "won by old10a" in page2
    assert [b.disabled for b in ui.buttons(ui.message(channel, shown.response.id))] == [False, True]

    forged = ["tv:hist:all:0:1e20", "tv:hist:all:0:-1", "tv:hist:poker:0:1", "tv:hist:all:abc:1", "tv:hist:all:0:0",
              "tv:hist:all:" + "9" * 30 + ":1", "tv:hist:all", "tv:hist:BRISCOLA:0:1", "tv:hist:all:0:" + "9" * 80]
    stale = ["tv:hist:all:0:3:next", "tv:hist:chiamata:0:2:next", "tv:hist:cicera:0:3:next",
             f"tv:hist:briscola:{alice.id}:2:next"]
    for custom_id in forged + stale:
        message = await post_buttons(simcord_env, channel, [custom_id])
        with caplog.at_level(logging.WARNING):
            result = await bob.click(message, custom_id=custom_id[:100])
        assert result.acknowledged and result.ephemeral, f"{custom_id}: {result}"
        answer = ui.text(result.response)
        assert "no longer exists" in answer and len(answer) < 150, answer
        assert ui.text(ui.message(channel, message.id)) == "buttons"  # nothing changed
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    assert ui.text(ui.message(channel, shown.response.id)) == page2  # the real page stayed as it was
