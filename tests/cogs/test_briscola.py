"""Playing Briscola through the buttons: a whole game against the AI, two people with two AI, privacy."""

from __future__ import annotations

from cogs.play.tables import ONLOOKER_REFRESH_SECONDS


async def play_out(ui, channel, table_id: int, hands: dict, limit: int = 200) -> int:
    """Each member presses the first enabled card of their hand message until the game ends; the clicks."""
    clicks = 0
    while ui.live(table_id) and clicks < limit:
        info = ui.service().get(table_id)
        seat = info.to_move
        user = info.seats[seat].user_id
        member = next(m for m in hands if m.id == user)
        message = ui.message(channel, hands[member], viewer=member)
        actions = ui.enabled_actions(message)
        assert actions, f"{member.name}'s hand message offers nothing on their turn"
        result = await member.click(message, custom_id=actions[0].custom_id)
        assert result.acknowledged and not result.followups, result
        assert result.response.ephemeral
        clicks += 1
    return clicks


async def test_a_whole_two_player_game_against_the_ai(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    table = ui.table_message(channel, table_id)
    hand = await ui.my_hand(alice, channel, table_id)
    assert hand.attachments[0].filename == "hand.png" and ui.galleries(hand) == ["hand.png"]
    assert len(ui.buttons(hand)) == 3
    assert "Your hand" in ui.text(hand)
    table_text = ui.text(table)
    assert "Trump:" in table_text and "Stock: **33** cards" in table_text and alice.mention in table_text

    clicks = await play_out(ui, channel, table_id, {alice: hand.id})
    assert 15 <= clicks <= 20
    assert not ui.live(table_id)
    games = await env.bot.service.store.games_of(guild.id, alice.id)
    assert len(games) == 1 and games[0].game == "briscola"

    table = ui.message(channel, table.id)
    assert "over" in ui.text(table) and not ui.buttons(table)
    assert ui.galleries(table) == ["table.png"]  # the last table stays on show
    summary = ui.public(channel)[-1]
    assert summary.attachments[0].filename == "summary.png" and ui.galleries(summary) == ["summary.png"]
    assert [b.label for b in ui.buttons(summary)] == ["Rematch", "Review my play", "Replay"]
    assert "Card points" in ui.text(summary) and "alice" in ui.text(summary)
    # every hand picture went to its owner only
    for message in channel.history(viewer=alice):
        if any(a.filename == "hand.png" for a in message.attachments):
            assert message.flags.ephemeral

    rematch = await alice.click(summary, label="Rematch")
    assert not rematch.ephemeral and "Join" in [b.label for b in ui.buttons(rematch.response.message)]
    (info,) = env.bot.service.tables()
    assert info.status == "lobby" and info.game == "briscola" and info.players == 2 and info.level == "easy"


def hidden_card_names(service, table_id: int) -> set[str]:
    """The names of every card in a hand right now (the AI's too), in both face styles, but the face-up briscolas
    (drawn with the last draw or taken by an exchange: every seat saw them, and who took them)."""
    from cogs.texts import card_name

    table = service._tables[table_id]  # the test looks behind the service to know every hand
    pub = service.view(table_id)
    seen = {pub.face_up, *(c for e in pub.exchanges for c in e[1:3])}  # face-up briscolas: every seat saw them
    names = set()
    for seat in range(table.players):
        for card in table.match.view(seat).hand:
            if card not in seen:
                names.add(card_name(card, "italian"))
                names.add(card_name(card, "french"))
    return names


def public_text(ui, channel) -> str:
    """Everything written in the public messages: contents, texts and embeds."""
    parts = []
    for m in ui.public(channel):
        parts.append(ui.text(m))
        for e in m.embeds:
            parts.append(str(e.to_dict()))
    return "\n".join(parts)


async def test_four_players_two_people_two_ai_with_a_team_thread_and_privacy(simcord_env, ui, public_renders):
    env = simcord_env
    guild, channel = ui.room()
    alice, bob, carol = ui.members(guild, "alice", "bob", "carol")
    table_id = await ui.open_table(alice, channel, "briscola", [bob], players=4, level="easy", teams="12-34")
    service = ui.service()
    info = service.get(table_id)
    assert {info.seats[0].user_id, info.seats[2].user_id} == {alice.id, bob.id}  # partners opposite
    hands = {alice: (await ui.my_hand(alice, channel, table_id)).id,
             bob: (await ui.my_hand(bob, channel, table_id)).id}

    clicks = 0
    while ui.live(table_id):
        text = public_text(ui, channel)
        for name in hidden_card_names(service, table_id):
            assert name not in text, f"{name} is in a hand but shows in a public message"
        info = service.get(table_id)
        member = alice if info.seats[info.to_move].user_id == alice.id else bob
        message = ui.message(channel, hands[member], viewer=member)
        other = bob if member is alice else alice
        other_message = ui.message(channel, hands[other], viewer=other)
        assert not ui.enabled_actions(other_message), "only the player to move has enabled cards"
        if ui.enabled_actions(message):
            assert "Your turn" in ui.text(message) and "Your turn" not in ui.text(other_message)
            if clicks in (0, 7):  # the table message follows for the onlookers (at most every 90 s)
                await env.advance_time(ONLOOKER_REFRESH_SECONDS)
                turn_line = [line for line in ui.text(ui.table_message(channel, table_id)).splitlines()
                             if not line.startswith("-# ")][-1]  # above "Updated ..."
                assert member.mention in turn_line and other.mention not in turn_line
        result = await member.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
        assert result.response.ephemeral
        clicks += 1
    assert 15 <= clicks <= 20
    assert public_renders

    (thread,) = channel.threads
    members = env.backend.channels[thread.id].thread_members
    assert alice.id in members and bob.id in members and carol.id not in members
    from simcord.backend.access import can_access_channel

    assert can_access_channel(env, thread.id, alice) and can_access_channel(env, thread.id, bob)
    assert not can_access_channel(env, thread.id, carol)
    assert "never name the exact cards" in thread.history()[0].content
    stored = env.backend.channels[thread.id]  # SimCord's own record of the thread
    assert stored.type == 12  # a private thread
    assert stored.thread_metadata.archived  # archived when the game ended
    for viewer in (alice, bob):
        for message in channel.history(viewer=viewer):
            if any(a.filename == "hand.png" for a in message.attachments):
                assert message.flags.ephemeral
