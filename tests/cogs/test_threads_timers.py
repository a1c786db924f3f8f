"""Team threads (who is in them, missing permission), the turn timer with ``advance_time``, leaving a game."""

from __future__ import annotations

import discord
import pytest
from simcord.backend.access import can_access_channel


async def test_each_team_gets_a_private_thread_only_its_members_read(simcord_env, ui, players):
    Player, play = players
    env = simcord_env
    guild, channel = ui.room()
    alice, bob, carol, dave = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol", "dave"))
    table_id = await ui.open_table(alice, channel, "briscola", [bob, carol, dave], players=4, teams="12-34",
                                   team_chat="after_first_trick", turn_timer=0)
    members = [alice, bob, carol, dave]
    opened = []

    def watch(_info):
        if channel.threads and not opened:
            opened.append(len(ui.service().view(table_id).tricks))

    await play(ui, table_id, [Player(ui, channel, m) for m in members], each_turn=watch)
    assert opened == [1]  # opened after the first trick
    threads = channel.threads
    assert len(threads) == 2
    teams = {frozenset((alice.id, bob.id)), frozenset((carol.id, dave.id))}
    for thread in threads:
        inside = {m.id for m in members if can_access_channel(env, thread.id, m)}
        assert frozenset(inside) in teams
        assert env.backend.channels[thread.id].thread_metadata.archived
        assert "never name the exact cards" in thread.history()[0].content


async def test_without_the_thread_permission_the_table_says_so_and_play_goes_on(simcord_env, ui, players):
    Player, play = players
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel(
        "tavolo", overwrites={env.bot.user: discord.PermissionOverwrite(create_private_threads=False)})
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    lobby = (await alice.slash(channel, "cicera", level="easy", team_chat="after_first_trick", turn_timer=0)).response
    await alice.select(lobby, ["add:easy"])  # partners sit opposite: alice, AI, bob, AI
    await bob.click(lobby, label="Join")
    await alice.click(lobby, label="Start")
    (info,) = ui.service().tables()
    table_id = info.id
    assert {info.seats[0].user_id, info.seats[2].user_id} == {alice.id, bob.id}
    said = []
    await play(ui, table_id, [Player(ui, channel, alice), Player(ui, channel, bob)],
               each_turn=lambda _info: said.append(ui.text(ui.table_message(channel, table_id))))
    assert not channel.threads
    assert any("may not open private threads" in text for text in said)
    assert not ui.live(table_id)


async def test_turn_timer_warns_then_the_ai_plays_and_after_three_keeps_the_seat(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy", turn_timer=30)
    service = ui.service()
    table = ui.table_message(channel, table_id)
    if service.get(table_id).to_move != 0:
        await env.settle()
    assert service.get(table_id).seats[service.get(table_id).to_move].user_id == alice.id
    version = service.get(table_id).version

    await env.advance_time(23)
    text = ui.text(ui.message(channel, table.id))
    assert "s left" in text and alice.mention in text
    assert service.get(table_id).version == version

    await env.advance_time(8)  # the time is up: the AI plays for alice
    assert service.get(table_id).version > version
    assert "time ran out" in ui.text(ui.message(channel, table.id))
    for _ in range(2):
        await env.advance_time(31)
    # three in a row: the AI keeps the seat and finishes the game
    assert not ui.live(table_id)
    (game,) = await service.store.games_of(guild.id, alice.id)
    record = await service.store.game_record(game.id)
    actions = record["rounds"][0]["actions"]
    assert sum(1 for a in actions if a.get("timeout")) == 3
    assert record["seats"][0]["away"] == "timeouts"


@pytest.mark.usefixtures("simcord_env")
async def test_leaving_a_game_hands_the_seat_to_the_ai(ui):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "briscola", [bob], players=2, level="easy", turn_timer=0)
    left = await bob.slash(channel, "table leave")
    assert left.ephemeral and "AI" in ui.text(left.response)
    info = ui.service().get(table_id)
    assert info.seats[[s.user_id for s in info.seats].index(bob.id)].away == "left"
    assert "left" in ui.text(ui.table_message(channel, table_id))
    result = await bob.click(ui.table_message(channel, table_id), label="My hand")
    assert result.ephemeral and "not seated" in ui.text(result.response)


@pytest.mark.usefixtures("simcord_env")
async def test_every_round_of_a_match_gets_a_summary_and_the_last_a_rematch_button(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy", match="short")
    await alice.slash(channel, "table leave")  # the AI plays alice's seat: the match runs to its end
    assert not ui.live(table_id)
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    rounds = len((await ui.service().store.game_record(game.id))["rounds"])
    summaries = [m for m in ui.public(channel) if m.attachments and m.attachments[0].filename == "summary.png"]
    assert rounds >= 3 and len(summaries) == rounds
    assert [[b.label for b in ui.buttons(m)] for m in summaries] == [[]] * (rounds - 1) + [
        ["Rematch", "Review my play", "Replay"]]
    assert "round 1 is over" in ui.text(summaries[0])


@pytest.mark.usefixtures("simcord_env")
async def test_the_hand_message_shows_the_turn_timer_to_the_player_whose_turn_it_is(ui, seed):
    """The table message is not edited at every turn while people play from their hands, so the hand itself
    says when time runs out; without a timer it says nothing of the kind."""
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    seed(3)
    timed = await ui.open_table(alice, channel, "briscola", players=2, level="easy", turn_timer=30)
    hand = await ui.my_hand(alice, channel, timed)
    info = ui.service().get(timed)
    assert info.to_move == 0 and info.deadline_at  # with this seed alice leads
    text = ui.text(ui.message(channel, hand.id, viewer=alice))
    assert f"<t:{int(info.deadline_at)}:R>" in text and "Time runs out" in text, text
    (bob,) = ui.members(guild, "bob")
    untimed = await ui.open_table(bob, channel, "briscola", players=2, level="easy", turn_timer=0)
    hand = await ui.my_hand(bob, channel, untimed)
    text = ui.text(ui.message(channel, hand.id, viewer=bob))
    assert "Time runs out" not in text and "<t:" not in text, text
