"""Long games, by SimCord's clock: Discord limits the edits of a message older than an hour, and an interaction's
token (the only way to edit an ephemeral hand message) lives 15 minutes. A table that outlives both keeps a
current table message (a fresh one posted below the old), and a player whose hand message can no longer be
refreshed is told to press My hand."""

from __future__ import annotations

import datetime

import discord

HOUR = datetime.timedelta(hours=1)


class ClockedRequests(list):
    """SimCord's log of REST calls, with SimCord's clock when each call arrived."""

    def __init__(self, env, items) -> None:
        super().__init__(items)
        self.env = env
        self.at = [env.now()] * len(items)

    def append(self, item) -> None:
        self.at.append(self.env.now())
        super().append(item)


def table_messages(ui, channel) -> list:
    """Every public message that is or was a table message: its picture, or the words that it moved."""
    return [m for m in ui.public(channel)
            if ui.galleries(m) == ["table.png"] or "moved to a newer message" in ui.text(m)]


async def test_a_game_longer_than_an_hour_keeps_a_current_table_message(simcord_env, ui, seed):
    env = simcord_env
    log = env.backend.http_requests = ClockedRequests(env, env.backend.http_requests)
    seed(5)
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    started = env.now()
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy", turn_timer=0)
    first = ui.table_message(channel, table_id)
    hand = await ui.my_hand(alice, channel, table_id)
    cards = 0
    while ui.live(table_id):
        message = ui.message(channel, hand.id, viewer=alice)
        result = await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
        assert result.acknowledged and not result.followups, result  # an old hand message still plays
        cards += 1
        if cards % 3 == 0 and ui.live(table_id):  # a slow table: alice thinks for 16 minutes
            await env.advance_time(16 * 60)
            info, pub = ui.service().get(table_id), ui.service().view(table_id)
            shown = ui.text(ui.table_message(channel, table_id))
            assert f"Stock: **{pub.stock_count}** cards" in shown or "Stock: empty" in shown, shown
            turn = [line for line in shown.splitlines() if not line.startswith("-# ")][-1]  # above "Updated ..."
            assert info.to_move == 0 and alice.mention in turn, shown
    assert env.now() - started > HOUR

    # the first table message was retired before it got an hour old, and a fresh one carries the game to its end
    messages = table_messages(ui, channel)
    assert messages[0].id == first.id and len(messages) >= 2
    old = ui.message(channel, first.id)
    assert "moved to a newer message below" in ui.text(old) and not ui.buttons(old)
    last = ui.message(channel, messages[-1].id)
    assert "over" in ui.text(last) and not ui.buttons(last)
    # no edit of a message older than an hour was ever tried
    for entry, at in zip(log, log.at, strict=True):
        if entry.method == "PATCH" and entry.path.startswith("/channels/"):
            message_id = int(entry.path.rsplit("/", 1)[1])
            assert at - discord.utils.snowflake_time(message_id) < HOUR, entry.path


async def test_a_hand_message_too_old_to_refresh_is_not_tried_and_the_table_says_press_my_hand(simcord_env, ui,
                                                                                              seed):
    env = simcord_env
    seed(5)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "briscola", [bob], players=2, turn_timer=0)
    hands = {m: (await ui.my_hand(m, channel, table_id)).id for m in (alice, bob)}
    info = ui.service().get(table_id)
    mover = alice if info.seats[info.to_move].user_id == alice.id else bob
    waiting = bob if mover is alice else alice

    await env.advance_time(15 * 60)  # both hand messages' tokens are now too old to edit through
    log = env.backend.http_requests
    before = len(log)
    message = ui.message(channel, hands[mover], viewer=mover)
    played = await mover.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    assert played.acknowledged and played.response.ephemeral  # the click's own answer edits the message
    assert not [r for r in log[before:] if r.method == "PATCH" and r.path.startswith("/webhooks/")], \
        "an edit through an expired token was tried"
    shown = ui.text(ui.table_message(channel, table_id))
    assert waiting.mention in shown and "press **My hand**" in shown
    # the waiting player's old hand message is out of date (their turn is not on it)...
    assert not ui.enabled_actions(ui.message(channel, hands[waiting], viewer=waiting))
    # ...they press My hand: a fresh hand, refreshed again from now on, and the table no longer asks
    fresh = await ui.my_hand(waiting, channel, table_id)
    assert ui.enabled_actions(fresh) and "Your turn" in ui.text(fresh)
    await env.advance_time(60)
    assert "press **My hand**" not in ui.text(ui.table_message(channel, table_id))
