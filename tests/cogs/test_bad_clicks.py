"""Every wrong click gets a short ephemeral answer and changes nothing."""

from __future__ import annotations

import pytest


def snapshot(ui, channel, table_id):
    """What a refused click must leave alone: the table's state and its public message."""
    info = ui.service().get(table_id) if ui.live(table_id) else None
    table = ui.table_message(channel, table_id)
    return info, ui.text(table), [a.url for a in table.attachments], len(ui.public(channel))


async def refused(ui, member, message, custom_id, channel, table_id, expect: str):
    before = snapshot(ui, channel, table_id)
    result = await member.click(message, custom_id=custom_id)
    assert result.ephemeral, expect
    text = ui.text(result.response)
    assert expect in text and len(text) < 150, text
    assert snapshot(ui, channel, table_id) == before, f"'{expect}' changed something"
    return text


@pytest.mark.usefixtures("simcord_env")
async def test_wrong_clicks_in_a_game_between_two_people(ui):
    guild, channel = ui.room()
    alice, bob, carol = ui.members(guild, "alice", "bob", "carol")
    table_id = await ui.open_table(alice, channel, "briscola", [bob], players=2, turn_timer=0)
    service = ui.service()
    table = ui.table_message(channel, table_id)

    # a member with no seat: My hand is refused, and the table's other buttons are not there for anyone
    await refused(ui, carol, table, f"tv:hand:{table_id}", channel, table_id, "not seated")
    assert [b.label for b in ui.buttons(table)] == ["My hand"]

    info = service.get(table_id)
    first = info.seats[info.to_move].user_id
    mover, waiter = (alice, bob) if first == alice.id else (bob, alice)
    old = await ui.my_hand(mover, channel, table_id)  # two hand messages: the second is played from
    new = await ui.my_hand(mover, channel, table_id)
    waiting = await ui.my_hand(waiter, channel, table_id)
    assert not ui.enabled_actions(waiting) and len(ui.buttons(waiting)) == 3
    played = ui.enabled_actions(new)[0].custom_id
    await mover.click(new, custom_id=played)

    # the same card again from the other message (a double click): not their turn any more
    await refused(ui, mover, old, played, channel, table_id, "not your turn")
    while service.get(table_id).seats[service.get(table_id).to_move].user_id == waiter.id:
        waiting = ui.message(channel, waiting.id, viewer=waiter)
        await waiter.click(waiting, custom_id=ui.enabled_actions(waiting)[0].custom_id)

    # the mover's turn again: the old message still shows the old hand
    await refused(ui, mover, old, played, channel, table_id, "no longer hold")
    other = next(b.custom_id for b in ui.enabled_actions(old) if b.custom_id != played)
    await refused(ui, mover, old, other, channel, table_id, "out of date")

    # play the game out, then every old button is refused
    hands = {alice: None, bob: None}
    while ui.live(table_id):
        info = service.get(table_id)
        member = alice if info.seats[info.to_move].user_id == alice.id else bob
        if hands[member] is None:
            hands[member] = (await ui.my_hand(member, channel, table_id)).id
        message = ui.message(channel, hands[member], viewer=member)
        await member.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    result = await mover.click(old, custom_id=ui.enabled_actions(old)[0].custom_id)
    assert result.ephemeral and "over" in ui.text(result.response)
