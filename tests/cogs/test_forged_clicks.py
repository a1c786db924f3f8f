"""A table's controls pressed in another guild or channel (a copied or forged ``custom_id``) are refused with a
short ephemeral answer and change nothing: not the table, not where its message is."""

from __future__ import annotations

from cogs import render

ELSEWHERE = "another channel"


async def post_copy(env, channel, view):
    """The bot posts ``view`` (a V2 message with the controls of a table elsewhere) in ``channel``: the message
    as members see it."""
    sent = await env.bot.get_partial_messageable(channel.id).send(view=view)
    return next(m for m in channel.history() if m.id == sent.id)


def two_guilds(env, ui, *names: str):
    """Guild A with #tavolo and #other, guild B with #tavolo; the named users are members of both (A's
    member, B's member) per name."""
    guild_a, channel_a = ui.room()
    guild_b, channel_b = ui.room()
    other_a = guild_a.create_text_channel("other")
    people = {}
    for name in names:
        user = env.create_user(name)
        people[name] = (guild_a.add_member(user), guild_b.add_member(user))
    return (guild_a, channel_a, other_a), (guild_b, channel_b), people


def where(ui, table_id: int):
    """Where the hub shows the table (its channel and message)."""
    p = ui.env.bot.hub.presences.get(table_id)
    return (p.channel_id, p.message_id) if p is not None else None


async def refused(ui, member, message, table_id: int, *, label=None, custom_id=None, values=None):
    """Press a control; it must be refused with the short answer and leave the table and its place alone."""
    service = ui.service()
    before = service.get(table_id), where(ui, table_id)
    if values is not None:
        result = await member.select(message, values, custom_id=custom_id)
    else:
        result = await member.click(message, label=label, custom_id=custom_id)
    assert result.ephemeral, (label, custom_id)
    text = ui.text(result.response)
    assert ELSEWHERE in text and len(text) < 150, text
    assert (service.get(table_id), where(ui, table_id)) == before, f"{label or custom_id} changed the table"


async def test_a_lobby_pressed_in_another_guild_or_channel_changes_nothing(simcord_env, ui):
    env = simcord_env
    (guild_a, channel_a, other_a), (guild_b, channel_b), people = two_guilds(env, ui, "alice", "bob")
    (alice, alice_b), (bob, bob_b) = people["alice"], people["bob"]
    (mallory,) = ui.members(guild_b, "mallory")
    lobby = (await alice.slash(channel_a, "briscola", players=4, level="easy", team_chat="off")).response
    (info,) = ui.service().tables()
    table_id = info.id
    shown = ui.text(ui.message(channel_a, lobby.id))

    forged = await post_copy(env, channel_b, render.lobby_view(info))
    copy_text = ui.text(forged)
    for member in (mallory, bob_b, alice_b):  # a stranger, a member of both guilds, the host herself
        for label in ("Join", "Leave", "Start", "Cancel"):
            await refused(ui, member, forged, table_id, label=label)
        await refused(ui, member, forged, table_id, custom_id=f"tv:lobbyai:{table_id}", values=["add:easy"])
    copied = await post_copy(env, other_a, render.lobby_view(info))  # same guild, another channel
    for label in ("Join", "Start", "Cancel"):
        await refused(ui, bob, copied, table_id, label=label)
    await refused(ui, alice, copied, table_id, custom_id=f"tv:lobbyai:{table_id}", values=["add:easy"])

    assert [s.user_id for s in ui.service().get(table_id).seats] == [alice.id]
    assert ui.text(ui.message(channel_a, lobby.id)) == shown
    assert where(ui, table_id) in (None, (channel_a.id, lobby.id))
    # the lobby still works where it is, and its message there is the one kept up to date
    joined = await bob.click(ui.message(channel_a, lobby.id), label="Join")
    assert joined.acknowledged and not joined.ephemeral
    assert "bob" in ui.text(ui.message(channel_a, lobby.id))
    assert where(ui, table_id) == (channel_a.id, lobby.id)
    assert ui.text(ui.message(channel_b, forged.id)) == copy_text  # the copy was never edited into the lobby


async def test_a_table_in_play_pressed_in_another_guild_changes_nothing(simcord_env, ui, seed):
    seed(3)
    env = simcord_env
    (guild_a, channel_a, other_a), (guild_b, channel_b), people = two_guilds(env, ui, "alice")
    alice, alice_b = people["alice"]
    table_id = await ui.open_table(alice, channel_a, "cicera", level="easy", turn_timer=0, team_chat="off")
    service = ui.service()
    info = service.get(table_id)
    assert info.seats[info.to_move].user_id == alice.id, "choose a seed where alice leads"
    view = service.view(table_id, alice.id)
    table_message = ui.table_message(channel_a, table_id)

    hand = await post_copy(env, channel_b, render.table_view(table_id))
    await refused(ui, alice_b, hand, table_id, label="My hand")
    assert any(a.take for a in view.legal), "choose a seed where alice can capture: the select is shown"
    for place in (channel_b, other_a):  # another guild; the same guild, another channel
        controls = await post_copy(env, place, render.hand_view(info, view, picture=False))
        who = alice_b if place is channel_b else alice
        buttons = [b for b in ui.buttons(controls) if not b.disabled]  # a card placed, More captures
        menus = ui.selects(controls)  # a card and what it takes
        assert menus
        for b in buttons:
            await refused(ui, who, controls, table_id, custom_id=b.custom_id)
        for s in menus:
            await refused(ui, who, controls, table_id, custom_id=s.custom_id, values=[s.options[0].value])

    assert service.get(table_id).version == info.version
    assert where(ui, table_id) == (channel_a.id, table_message.id)
    mine = await ui.my_hand(alice, channel_a, table_id)  # where the table is, it works
    assert ui.buttons(mine)


async def test_rematch_of_another_guilds_game_is_refused(simcord_env, ui):
    env = simcord_env
    (guild_a, channel_a, other_a), (guild_b, channel_b), people = two_guilds(env, ui, "alice")
    alice, alice_b = people["alice"]
    table_id = await ui.open_table(alice, channel_a, "briscola", players=2, level="easy", turn_timer=0)
    while ui.live(table_id):
        hand = await ui.my_hand(alice, channel_a, table_id)
        await alice.click(hand, custom_id=ui.enabled_actions(hand)[0].custom_id)
    (game,) = await ui.service().store.games_of(guild_a.id, alice.id)
    forged = await post_copy(env, channel_b, render.rematch_view(game.id))
    result = await alice_b.click(forged, label="Rematch")
    assert result.ephemeral and len(ui.text(result.response)) < 150
    assert not ui.service().tables()


async def test_rematch_in_another_channel_than_the_games_is_refused(simcord_env, ui, monkeypatch):
    """Once records keep their channel, a Rematch is answered only where the game was played."""
    import importlib

    lobby_module = importlib.import_module("cogs.play.lobby")  # (``import cogs.play.lobby`` binds ``cogs``, which
    env = simcord_env  # the test modules' importlib mode may not give the ``play`` attribute yet)
    (guild_a, channel_a, other_a), _, people = two_guilds(env, ui, "alice")
    alice, _ = people["alice"]
    table_id = await ui.open_table(alice, channel_a, "briscola", players=2, level="easy", turn_timer=0)
    while ui.live(table_id):
        hand = await ui.my_hand(alice, channel_a, table_id)
        await alice.click(hand, custom_id=ui.enabled_actions(hand)[0].custom_id)
    real = lobby_module.game_record

    async def with_channel(service, game_id):
        record = await real(service, game_id)
        return {**record, "channel": record.get("channel", channel_a.id)}

    monkeypatch.setattr(lobby_module, "game_record", with_channel)
    (game,) = await ui.service().store.games_of(guild_a.id, alice.id)
    forged = await post_copy(env, other_a, render.rematch_view(game.id))
    result = await alice.click(forged, label="Rematch")
    assert result.ephemeral and ELSEWHERE in ui.text(result.response)
    assert not ui.service().tables()
    summary = next(m for m in reversed(ui.public(channel_a)) if any(b.label == "Rematch" for b in ui.buttons(m)))
    again = await alice.click(summary, label="Rematch")
    assert again.acknowledged and not again.ephemeral and ui.service().tables()
