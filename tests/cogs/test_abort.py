"""``/table abort`` on a game in play: the host or a member with Manage Server stops it, nobody else."""

from __future__ import annotations

import pytest


@pytest.mark.usefixtures("simcord_env")
async def test_a_manager_stops_a_game_in_play_and_the_message_says_so(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    hand = await ui.my_hand(alice, channel, table_id)
    await alice.click(hand, custom_id=ui.enabled_actions(hand)[0].custom_id)
    table_message = ui.table_message(channel, table_id)

    refused = await bob.slash(channel, "table abort")
    assert refused.ephemeral and "Manage Server" in ui.text(refused.response)
    assert ui.live(table_id)
    assert ui.buttons(ui.message(channel, table_message.id))

    done = await boss.slash(channel, "table abort")
    assert done.ephemeral and "stopped" in ui.text(done.response)
    assert not ui.live(table_id)
    shown = ui.message(channel, table_message.id)
    assert "stopped" in ui.text(shown) and "not rated" in ui.text(shown)
    assert not ui.buttons(shown) and not ui.selects(shown)
    (row,) = await ui.service().store.aborted_games(guild.id)
    assert row["table_id"] == table_id and row["aborted_by"] == boss.id
    board = await alice.slash(channel, "leaderboard")
    assert "Nobody" in ui.text(board.response)
    late = await alice.click(ui.message(channel, hand.id, viewer=alice),
                             custom_id=ui.enabled_actions(ui.message(channel, hand.id, viewer=alice))[0].custom_id)
    assert late.ephemeral and "closed or over" in ui.text(late.response)


@pytest.mark.usefixtures("simcord_env")
async def test_the_host_stops_their_game(ui):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "briscola", [bob], players=2, level="easy")
    table_message = ui.table_message(channel, table_id)
    refused = await bob.slash(channel, "table abort")  # seated, but not the host
    assert refused.ephemeral and ui.live(table_id)
    done = await alice.slash(channel, "table abort")
    assert done.ephemeral and not ui.live(table_id)
    shown = ui.message(channel, table_message.id)
    assert "stopped" in ui.text(shown) and not ui.buttons(shown)
    nothing = await alice.slash(channel, "table abort")
    assert nothing.ephemeral and "no open table" in ui.text(nothing.response)
