"""What players read of ratings and standings: one scale around 1,500 (provisional for the first games), the same
number in the game's summary, ``/leaderboard`` and ``/stats``; ``/leaderboard`` without a game covers every game
played; the table message says when it was last updated."""

from __future__ import annotations

import re

import pytest

from bot.ratings import PROVISIONAL_GAMES, Rating, Standing

RATING = re.compile(r"rating (\d{1,2},\d{3}|\d{3,4})( \(provisional\))?")


def ratings_in(text: str) -> list[tuple[int, bool]]:
    """Every rating a text shows, as (number, provisional)."""
    return [(int(number.replace(",", "")), bool(mark)) for number, mark in RATING.findall(text)]


@pytest.mark.usefixtures("simcord_env")
async def test_a_first_games_rating_reads_the_same_on_the_display_scale_everywhere(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    await ui.play_to_the_end(alice, channel)
    summary = next(ui.text(m) for m in reversed(ui.public(channel)) if "alice: rating" in ui.text(m))
    line = next(x for x in summary.splitlines() if x.startswith("alice: rating"))
    assert "first game" in line and "-" not in line, line
    shown = ratings_in(line)
    assert len(shown) == 1 and shown[0][1], "a first game's rating is marked provisional"
    rating = shown[0][0]
    assert 1000 <= rating <= 2000, "on the scale around 1,500, never a negative number"

    board = ui.text((await alice.slash(channel, "leaderboard", game="briscola")).response)
    stats = ui.text((await alice.slash(channel, "stats")).response)
    assert ratings_in(board) == [(rating, True)]
    assert ratings_in(stats) == [(rating, True)]
    assert "1 game," in board and "1 game:" in stats and "1 games" not in board + stats


@pytest.mark.usefixtures("simcord_env")
async def test_a_rating_is_provisional_only_for_the_first_games(ui):
    guild, channel = ui.room()
    (bob,) = ui.members(guild, "bob")
    seasoned = [Standing(2000 + i, f"p{i}", Rating(25.0, 3.0), games=PROVISIONAL_GAMES + i, wins=1) for i in range(2)]
    new = [Standing(3000, "newcomer", Rating(), games=1, wins=0, losses=1)]
    await ui.service().store.seed_games([], [], [*seasoned, *new], guild.id, "briscola")
    board = ui.text((await bob.slash(channel, "leaderboard", game="briscola")).response)
    assert ratings_in(board) == [(2140, False), (2140, False), (1500, True)]  # 1,500 + 40 x (25 - 3 x 3)


@pytest.mark.usefixtures("simcord_env")
async def test_leaderboard_without_a_game_lists_every_game_played(ui):
    guild, channel = ui.room()
    (bob,) = ui.members(guild, "bob")
    store = ui.service().store
    await store.seed_games([], [], [Standing(4000, "brisk", Rating(), games=6, wins=3)], guild.id, "briscola")
    await store.seed_games([], [], [Standing(4001, "caller", Rating(), games=6, wins=3)], guild.id, "chiamata")
    await store.seed_games([], [], [Standing(4002, "sweeper", Rating(), games=6, wins=3)], guild.id, "cicera")
    text = ui.text((await bob.slash(channel, "leaderboard")).response)
    for game, name in (("Briscola", "brisk"), ("Briscola Chiamata", "caller"), ("Cicera", "sweeper")):
        assert f"**{game}**" in text and name in text, (game, text)
    assert text.count(" · rating ") == 3


@pytest.mark.usefixtures("simcord_env")
async def test_leaderboard_without_a_game_on_a_new_server_says_nobody_is_ranked(ui):
    guild, channel = ui.room()
    (bob,) = ui.members(guild, "bob")
    text = ui.text((await bob.slash(channel, "leaderboard")).response)
    assert "Nobody is ranked on this server yet" in text


@pytest.mark.usefixtures("simcord_env")
async def test_the_table_says_when_it_was_last_updated(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    text = ui.text(ui.table_message(channel, table_id))
    stamps = re.findall(r"Updated <t:(\d+):R>\.", text)
    assert len(stamps) == 1, text
