"""Tournaments on SimCord, as members use them: a manager opens a Swiss event of Briscola for 2, five members join
on the panel and play three rounds (one bye a round) to the podium; a Briscola 4 round pairs individual
entrants into teams; a restart in the middle of a round goes on to the end with the same buttons; another
server cannot see or join the event; non-organisers and forged buttons are refused."""

from __future__ import annotations

import pytest

SHORT = "match=single turn_timer=off"


def tournament_id_of(ui, message) -> int:
    return int(next(i for i in ui.custom_ids(message.components) if i.startswith("tv:tourn:")).split(":")[2])


async def open_event(ui, boss, channel, members, **options):
    options.setdefault("game", "briscola")
    options.setdefault("players", 2)
    options.setdefault("format", "swiss")
    options.setdefault("options", SHORT)
    ui.service().tournaments.stagger = 0
    created = await boss.slash(channel, "tournament create", **options)
    panel = created.response
    assert not created.ephemeral and "Sign-up is open" in ui.text(panel)
    tid = tournament_id_of(ui, panel)
    for m in members:
        joined = await m.click(panel, custom_id=f"tv:tourn:{tid}:join")
        assert joined.ephemeral and f"signed up for tournament {tid}" in ui.text(joined.response)
    return tid, panel


async def state(ui, guild, tid):
    return await ui.service().tournaments.state(tid, guild.id)


async def play_table(ui, channel, table_id: int, by_id: dict) -> None:
    """The members at a table play their first enabled card from their hand message (opened once with My hand)
    until the game is stored."""
    hands: dict[int, object] = {}
    while ui.live(table_id):
        info = ui.service().get(table_id)
        if info.to_move is None:
            await ui.env.settle()
            continue
        member = by_id[info.seats[info.to_move].user_id]
        if member.id not in hands:
            hands[member.id] = await ui.my_hand(member, channel, table_id)
        message = ui.message(channel, hands[member.id].id, viewer=member)
        enabled = ui.enabled_actions(message)
        if not enabled:  # drawn before this turn: press My hand again
            hands[member.id] = await ui.my_hand(member, channel, table_id)
            continue
        await member.click(message, custom_id=enabled[0].custom_id)
    await ui.env.settle()


async def play_round(ui, guild, channel, tid, by_id) -> None:
    await ui.env.settle()
    now = await state(ui, guild, tid)
    for t in now.tables:
        if t.round == now.row.round and t.result is None:
            await play_table(ui, channel, t.table_id, by_id)
    await ui.service().tournaments.idle()
    await ui.env.settle()


@pytest.mark.usefixtures("simcord_env")
async def test_a_swiss_tournament_of_five_is_played_to_the_podium(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    members = ui.members(guild, "ann", "ben", "cat", "dan", "eve")
    by_id = {m.id: m for m in members}
    tid, panel = await open_event(ui, boss, channel, members, rounds=3)
    assert "Entrants: 5 of 32" in ui.text(ui.message(channel, panel.id))
    started = await boss.click(panel, custom_id=f"tv:tourn:{tid}:start")
    assert started.ephemeral and "round 1 is starting" in ui.text(started.response)
    for number in (1, 2, 3):
        await ui.env.settle()
        posted = [ui.text(m) for m in ui.public(channel)]
        round_message = next(text for text in posted if f"Tournament {tid} · round {number}" in text)
        assert round_message.count("<@") == 4 and "A bye (scored as a win)" in round_message
        now = await state(ui, guild, tid)
        for t in (t for t in now.tables if t.round == number):
            ui.table_message(channel, t.table_id)  # each table has its public message with My hand
        await play_round(ui, guild, channel, tid, by_id)
        if number < 3:
            shown = [m for m in ui.public(channel) if f"standings after round {number}" in ui.text(m)]
            assert len(shown) == 1 and ui.galleries(shown[0]) == ["standings.png"]
    final = await state(ui, guild, tid)
    assert final.row.status == "finished" and len({b.user_id for b in final.byes}) == 3
    podium_message = next(m for m in ui.public(channel) if "is over: the podium" in ui.text(m))
    assert ui.galleries(podium_message) == ["standings.png"]
    podium = ui.text(podium_message)
    winner = final.standings[0]
    assert f"**1.** {final.name_of(winner.entrant)}" in podium
    assert "The tournament is over." in ui.text(ui.message(channel, panel.id))
    listed = await boss.slash(channel, "tournament list")
    assert f"**{tid}** · Briscola · Swiss · finished" in ui.text(listed.response)
    history = ui.text((await boss.slash(channel, "history")).response)
    assert f"Tournaments over: {tid} · Briscola, won by {final.name_of(winner.entrant)}" in history


@pytest.mark.usefixtures("simcord_env")
async def test_a_briscola_4_round_pairs_individual_entrants_into_teams(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    members = ui.members(guild, "ann", "ben", "cat", "dan")
    by_id = {m.id: m for m in members}
    tid, panel = await open_event(ui, boss, channel, members, players=4, rounds=1)
    await boss.click(panel, custom_id=f"tv:tourn:{tid}:start")
    await ui.env.settle()
    (table,) = (await state(ui, guild, tid)).tables
    info = ui.service().get(table.table_id)
    assert sorted(s.user_id for s in info.seats) == sorted(by_id) and all(s.ai is None for s in info.seats)
    await play_table(ui, channel, table.table_id, by_id)
    await ui.service().tournaments.idle()
    final = await state(ui, guild, tid)
    points = {r.entrant: r.points for r in final.standings}
    seats = list(table.seats)
    assert points[seats[0]] == points[seats[2]] and points[seats[1]] == points[seats[3]]  # partners score alike
    assert final.row.status == "finished"


@pytest.mark.usefixtures("simcord_env")
async def test_a_restart_in_the_middle_of_a_round_goes_on_to_the_end(ui, bots):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    members = ui.members(guild, "ann", "ben", "cat", "dan")
    by_id = {m.id: m for m in members}
    tid, panel = await open_event(ui, boss, channel, members, rounds=2)
    await boss.click(panel, custom_id=f"tv:tourn:{tid}:start")
    await ui.env.settle()
    first, second = (await state(ui, guild, tid)).tables
    await play_table(ui, channel, first.table_id, by_id)
    hand_member = by_id[second.seats[0]]
    await ui.my_hand(hand_member, channel, second.table_id)

    await bots.restart(ui.env)
    ui.service().tournaments.stagger = 0
    assert ui.live(second.table_id)
    pressed = await by_id[first.seats[0]].click(panel, custom_id=f"tv:tourn:{tid}:cancel")  # the old panel answers
    assert pressed.ephemeral and "Only the organiser of the tournament" in ui.text(pressed.response)
    assert not [b for b in ui.buttons(ui.message(channel, panel.id)) if b.label == "Start" and not b.disabled]
    await play_table(ui, channel, second.table_id, by_id)  # My hand on the table message from before the restart
    await ui.service().tournaments.idle()
    await ui.env.settle()
    now = await state(ui, guild, tid)
    assert now.row.round == 2
    await play_round(ui, guild, channel, tid, by_id)
    final = await state(ui, guild, tid)
    assert final.row.status == "finished"
    assert any("is over: the podium" in ui.text(m) for m in ui.public(channel))
    assert not [b for b in ui.buttons(ui.message(channel, panel.id)) if not b.disabled]  # the panel is closed
    leave = await by_id[second.seats[0]].slash(channel, "tournament leave", tournament=tid)
    assert leave.ephemeral and "This tournament is over." in ui.text(leave.response)


@pytest.mark.usefixtures("simcord_env")
async def test_another_server_and_non_organisers_are_refused(ui):
    from tests.cogs.test_seasons import post_buttons

    guild, channel = ui.room()
    boss = ui.manager(guild)
    ann, ben = ui.members(guild, "ann", "ben")
    refused = await ann.slash(channel, "tournament create", game="briscola", players=2, format="swiss")
    assert refused.ephemeral and "Only members with Manage Server or the organiser role" in ui.text(refused.response)
    public = len(ui.public(channel))
    for options, words in (("match", "Write the options as name=value"), ("match=forever", "forever")):
        bad = await boss.slash(channel, "tournament create", game="briscola", players=2, format="swiss",
                               options=options)
        assert bad.ephemeral and words in ui.text(bad.response)
    assert len(ui.public(channel)) == public and await ui.service().tournaments.of_guild(guild.id) == []
    tid, panel = await open_event(ui, boss, channel, [ann, ben])
    start = await ann.click(panel, custom_id=f"tv:tourn:{tid}:start")
    assert start.ephemeral and "Only the organiser of the tournament" in ui.text(start.response)
    cancel = await ben.slash(channel, "tournament cancel", tournament=tid)
    assert cancel.ephemeral and "Only the organiser" in ui.text(cancel.response)

    other, there = ui.room()
    (zed,) = ui.members(other, "zed")
    copy = await post_buttons(ui.env, there, [f"tv:tourn:{tid}:join", "tv:tourn:x1:join", f"tv:tourn:{tid}:steal"])
    joined = await zed.click(copy, custom_id=f"tv:tourn:{tid}:join")
    assert joined.ephemeral and "There is no such tournament in this server." in ui.text(joined.response)
    shown = await zed.slash(there, "tournament show", tournament=tid)
    assert "There is no such tournament in this server." in ui.text(shown.response)
    assert "No tournament on this server yet" in ui.text((await zed.slash(there, "tournament list")).response)
    for forged in ("tv:tourn:x1:join", f"tv:tourn:{tid}:steal"):
        answer = await zed.click(copy, custom_id=forged)
        assert answer.ephemeral and "That button is out of date" in ui.text(answer.response)
    now = await state(ui, guild, tid)
    assert [e.user_id for e in now.entrants] == [ann.id, ben.id] and now.row.status == "signup"


@pytest.mark.usefixtures("simcord_env")
async def test_members_of_the_organiser_role_may_create(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    role = guild.create_role("organisers")
    olga = guild.add_member(ui.env.create_user("olga"), roles=[role])
    (ann,) = ui.members(guild, "ann")
    before = await olga.slash(channel, "tournament create", game="briscola", players=2, format="knockout")
    assert before.ephemeral and "Only members with Manage Server" in ui.text(before.response)
    saved = await boss.slash(channel, "settings organisers", role=role)
    assert f"<@&{role.id}>" in ui.text(saved.response)
    created = await olga.slash(channel, "tournament create", game="briscola", players=2, format="knockout")
    assert not created.ephemeral and "Knockout, tables of 2" in ui.text(created.response)
    refused = await ann.slash(channel, "tournament create", game="briscola", players=2, format="knockout")
    assert refused.ephemeral and "Only members with Manage Server" in ui.text(refused.response)
    await boss.slash(channel, "settings organisers")
    again = await olga.slash(channel, "tournament create", game="briscola", players=2, format="knockout")
    assert again.ephemeral and "Only members with Manage Server" in ui.text(again.response)


@pytest.mark.usefixtures("simcord_env")
async def test_a_no_show_forfeits_and_the_ai_plays_the_seat(ui):
    guild, channel = ui.room()
    boss = ui.manager(guild)
    ann, ben = ui.members(guild, "ann", "ben")
    tid, panel = await open_event(ui, boss, channel, [ann, ben], rounds=1, options="match=single turn_timer=30")
    await boss.click(panel, custom_id=f"tv:tourn:{tid}:start")
    await ui.env.settle()
    (table,) = (await state(ui, guild, tid)).tables
    hand = await ui.my_hand(ann, channel, table.table_id)
    while ui.live(table.table_id):
        info = ui.service().get(table.table_id)
        mover = info.seats[info.to_move].user_id if info.to_move is not None else None
        if mover == ann.id:
            message = ui.message(channel, hand.id, viewer=ann)
            enabled = ui.enabled_actions(message)
            if not enabled:
                hand = await ui.my_hand(ann, channel, table.table_id)
                continue
            await ann.click(message, custom_id=enabled[0].custom_id)
        else:  # ben never comes: his turn runs out (or the AI, once it has his seat, plays)
            await ui.env.advance_time(31)
        await ui.env.settle()
    await ui.service().tournaments.idle()
    await ui.env.settle()
    final = await state(ui, guild, tid)
    assert final.tables[0].forfeits == (ben.id,) and final.row.status == "finished"
    assert {r.entrant: r.points for r in final.standings}[ben.id] == 0.0
    assert any("ben forfeits their table of round 1: the AI plays it." in ui.text(m) for m in ui.public(channel))
    stored = await ui.service().store.games_of(guild.id, ben.id)
    assert len(stored) == 1  # the table was played to its end, rated as any other


@pytest.mark.usefixtures("simcord_env")
async def test_a_knockout_of_three_gives_the_top_seed_a_bye_and_shows_the_bracket(ui):
    from bot.ratings import Rating, Standing

    guild, channel = ui.room()
    boss = ui.manager(guild)
    members = ui.members(guild, "ann", "ben", "cat")
    by_id = {m.id: m for m in members}
    await ui.service().store.seed_games([], [], [Standing(m.id, m.name, Rating(30.0 - 5 * k, 2.0))
                                                 for k, m in enumerate(members)], guild.id, "briscola")
    tid, panel = await open_event(ui, boss, channel, members, format="knockout")
    assert "Knockout, tables of 2" in ui.text(panel)
    await boss.click(panel, custom_id=f"tv:tourn:{tid}:start")
    await ui.env.settle()
    first = await state(ui, guild, tid)
    assert [b.user_id for b in first.byes] == [members[0].id]  # the best rated sits out the first round
    (table,) = first.tables
    assert set(table.seats) == {members[1].id, members[2].id}
    await play_round(ui, guild, channel, tid, by_id)
    after = [m for m in ui.public(channel) if "standings after round 1" in ui.text(m)]
    assert len(after) == 1 and ui.galleries(after[0]) == ["bracket.png"]
    await play_round(ui, guild, channel, tid, by_id)
    final = await state(ui, guild, tid)
    assert final.row.status == "finished" and final.row.round == 2
    (last,) = [t for t in final.tables if t.round == 2]
    assert members[0].id in last.seats
    podium_message = next(m for m in ui.public(channel) if "is over: the podium" in ui.text(m))
    assert ui.galleries(podium_message) == ["bracket.png"]
