"""``/settings season start`` as members use it: a manager closes the season after a confirmation, the podium is
posted, the old boards stay readable with ``/leaderboard season:``, ratings start again, ``/stats`` lists the
member's seasons; the refusals (no Manage Server, a second press, a forged button, nothing to close, a bad season)."""

from __future__ import annotations

import logging

import pytest

from bot.ratings import Rating, Standing


def ranked(n: int, base: int = 1000) -> list[Standing]:
    return [Standing(base + i, f"player{i}", Rating(20.0 + i, 2.0), games=4, wins=2, losses=2) for i in range(n)]


async def post_buttons(env, channel, custom_ids):
    """The bot posts a message with a plain button per ``custom_id`` (as a copied or forged message would carry
    them); the message as members see it."""
    import discord

    from cogs.render import layout

    buttons = [discord.ui.Button(label=f"b{n}", custom_id=custom_id) for n, custom_id in enumerate(custom_ids)]
    sent = await env.bot.get_partial_messageable(channel.id).send(view=layout.notice("buttons", *buttons))
    return next(m for m in channel.history() if m.id == sent.id)


@pytest.mark.usefixtures("simcord_env")
async def test_a_manager_closes_the_season_and_everything_a_member_sees_follows(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    alice, bob = ui.members(guild, "alice", "bob")
    await ui.play_to_the_end(alice, channel)
    await ui.service().store.seed_games([], [], ranked(22), guild.id, "briscola")
    before = ui.text((await bob.slash(channel, "leaderboard", game="briscola")).response)
    assert "23 players" in before

    assert not [c for c in alice.available_commands(channel) if c.startswith("settings")]
    assert "settings season start" in boss.available_commands(channel)
    shown = ui.text((await boss.slash(channel, "settings show")).response)
    assert "season 1, since" in shown

    asked = await boss.slash(channel, "settings season start")
    assert asked.ephemeral and "Close season 1 of this server and start season 2?" in ui.text(asked.response)
    assert "23 players" in ui.text((await bob.slash(channel, "leaderboard", game="briscola")).response)

    public_before = len(ui.public(channel))
    confirmed = await boss.click(asked.response, label="Yes, start season 2")
    assert confirmed.acknowledged
    answered = ui.text(ui.message(channel, asked.response.id, viewer=boss))
    assert "Season 1 is closed and season 2 has begun: 23 standings are kept" in answered
    posted = ui.public(channel)[public_before:]
    assert len(posted) == 1
    podium = ui.text(posted[0])
    assert "Season 1 is over: the podium" in podium and "**Briscola**" in podium
    assert podium.count(" · rating ") == 3 and "player21" in podium and "player20" in podium

    assert not ui.buttons(ui.message(channel, asked.response.id, viewer=boss))  # the question is answered
    copy = await post_buttons(ui.env, channel, ["tv:season:close:1"])  # a second press (a double click's)
    again = await boss.click(copy, custom_id="tv:season:close:1")
    assert again.ephemeral and "Season 1 is not this server's current season (it is season 2)" in \
        ui.text(again.response)
    assert len(ui.public(channel)) == public_before + 2  # the copy, and no second podium

    assert "Nobody" in ui.text((await bob.slash(channel, "leaderboard", game="briscola")).response)
    old = await bob.slash(channel, "leaderboard", game="briscola", season=1)
    text = ui.text(old.response)
    assert not old.ephemeral and "Briscola · leaderboard of season 1" in text and "23 players" in text
    assert "Page 1 of 3" in text and text.count(" · rating ") == 10
    await bob.click(old.response, label="Next")
    await bob.click(old.response, label="Next")
    last = ui.text(ui.message(channel, old.response.id))
    assert "Page 3 of 3" in last and "alice" in last and "leaderboard of season 1" in last
    overview = ui.text((await bob.slash(channel, "leaderboard", season=1)).response)
    assert "Leaderboard of season 1" in overview and "**Briscola** · 23 players" in overview

    stats = ui.text((await alice.slash(channel, "stats")).response)
    assert "Past seasons" in stats and "Season 1 · Briscola: place " in stats
    assert "has not finished a game" not in stats
    assert "season 2, since" in ui.text((await boss.slash(channel, "settings show")).response)

    await ui.play_to_the_end(alice, channel)  # the new season: alice's rating starts again
    (row,) = (await ui.service().leaderboard(guild.id, "briscola"))["rows"]
    assert row[1].user_id == alice.id and row[1].games == 1


async def test_the_refusals_change_nothing(simcord_env, ui, caplog):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    (alice,) = ui.members(guild, "alice")

    empty = await boss.slash(channel, "settings season start")
    assert empty.ephemeral and "there is nothing to close" in ui.text(empty.response)
    assert not ui.custom_ids(empty.response.components)  # no question asked
    none_yet = await alice.slash(channel, "leaderboard", game="briscola", season=1)
    assert none_yet.ephemeral and "No season has been closed on this server yet" in ui.text(none_yet.response)

    await ui.service().store.seed_games([], [], ranked(3), guild.id, "cicera")
    asked = await boss.slash(channel, "settings season start")
    kept = await boss.click(asked.response, label="No, keep season 1")
    assert kept.acknowledged
    assert "Nothing was changed: season 1 goes on." in ui.text(ui.message(channel, asked.response.id, viewer=boss))
    assert (await ui.service().current_season(guild.id))["number"] == 1

    forged = ["tv:season:close:abc", "tv:season:boom:1", "tv:season:close:0", "tv:season:close:" + "9" * 40,
              "tv:season:close:7", "tv:season:keep:7"]
    message = await post_buttons(simcord_env, channel, forged)
    with caplog.at_level(logging.WARNING):
        for custom_id in forged:
            result = await boss.click(message, custom_id=custom_id)
            text = ui.text(result.response)
            assert result.ephemeral and len(text) < 160, (custom_id, text)
            assert "out of date" in text or "not this server's current season" in text, (custom_id, text)
        for custom_id in ("tv:season:close:1", "tv:season:keep:1"):  # a real id, but not a manager's press
            copied = await post_buttons(simcord_env, channel, [custom_id])
            refused = await alice.click(copied, custom_id=custom_id)
            assert refused.ephemeral and "Only members with Manage Server" in ui.text(refused.response)
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]
    assert (await ui.service().current_season(guild.id))["number"] == 1
    assert (await ui.service().leaderboard(guild.id, "cicera"))["total"] == 3

    await boss.click((await boss.slash(channel, "settings season start")).response, label="Yes, start season 2")
    for season, words in ((0, "only season 1 is closed"), (2, "Season 2 is the current season"),
                          (99, "There is no season 99")):
        bad = await alice.slash(channel, "leaderboard", game="cicera", season=season)
        assert bad.ephemeral and words in ui.text(bad.response), (season, ui.text(bad.response))
    for custom_id in ("tv:lbs:x:cicera:1", "tv:lbs:5:cicera:1", "tv:lbs:1:poker:1", "tv:lbs:1:cicera:-1"):
        message = await post_buttons(simcord_env, channel, [custom_id])
        result = await alice.click(message, custom_id=custom_id)
        assert result.ephemeral and len(ui.text(result.response)) < 160, (custom_id, result)


async def test_a_restart_between_two_seasons_keeps_both_and_the_old_buttons_work(simcord_env, ui, bots):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    (alice,) = ui.members(guild, "alice")
    await ui.service().store.seed_games([], [], ranked(12), guild.id, "briscola")
    await boss.click((await boss.slash(channel, "settings season start")).response, label="Yes, start season 2")
    board = (await alice.slash(channel, "leaderboard", game="briscola", season=1)).response
    await ui.service().store.seed_games([], [], ranked(2, 5000), guild.id, "briscola")
    second = (await boss.slash(channel, "settings season start")).response

    await bots.restart(simcord_env)
    await boss.click(second, label="Yes, start season 3")  # drawn before the restart
    assert (await ui.service().current_season(guild.id))["number"] == 3
    await alice.click(board, label="Next")
    assert "Page 2 of 2" in ui.text(ui.message(channel, board.id))
    two = ui.text((await alice.slash(channel, "leaderboard", game="briscola", season=2)).response)
    assert "leaderboard of season 2" in two and "2 players" in two


@pytest.mark.usefixtures("simcord_env")
async def test_the_podium_is_in_the_servers_language_and_the_answer_in_the_managers(ui):
    from cogs.texts import t

    guild, channel = ui.room()
    boss = ui.manager(guild)
    await ui.service().store.seed_games([], [], ranked(2), guild.id, "cicera")
    await boss.slash(channel, "settings language", language="it")
    asked = await boss.slash(channel, "settings season start")
    await boss.click(asked.response, label="Yes, start season 2")
    assert "Season 1 is closed" in ui.text(ui.message(channel, asked.response.id, viewer=boss))
    podium = ui.text(ui.public(channel)[-1])
    assert t("season.podium_title", "it", n=1) in podium and "La stagione 1" in podium
    assert t("season.podium_title", "en", n=1) not in podium
