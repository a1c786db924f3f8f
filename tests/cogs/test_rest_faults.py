"""A REST call that fails (Discord answering 500 or 429) does not lose the game."""

from __future__ import annotations

from cogs.play.tables import ONLOOKER_REFRESH_SECONDS


async def click_first(ui, member, channel, message_id):
    message = ui.message(channel, message_id, viewer=member)
    return await member.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)


async def test_failed_edits_and_answers_are_caught_up_at_the_next_step(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    table = ui.table_message(channel, table_id)
    hand = await ui.my_hand(alice, channel, table_id)
    hub = env.bot.hub
    await click_first(ui, alice, channel, hand.id)

    # the table message's edit (for the onlookers, while alice plays from her hand) fails once: the table is
    # behind, then caught up at the next step
    env.inject_error("PATCH", "/channels/*/messages/*", status=500)
    await click_first(ui, alice, channel, hand.id)
    await env.advance_time(ONLOOKER_REFRESH_SECONDS)
    info = ui.service().get(table_id)
    assert hub.presences[table_id].shown[1] < info.version
    await click_first(ui, alice, channel, hand.id)
    await env.advance_time(ONLOOKER_REFRESH_SECONDS)
    info = ui.service().get(table_id)
    assert hub.presences[table_id].shown[1] == info.version

    # Discord rate-limits the answer to a click: the card is played all the same, the hand catches up
    env.inject_error("POST", "/interactions/*/callback", status=429, message="You are being rate limited.")
    before = ui.service().get(table_id).version
    await click_first(ui, alice, channel, hand.id)
    assert ui.service().get(table_id).version > before
    while ui.live(table_id):
        result = await click_first(ui, alice, channel, hand.id)
        assert result.acknowledged
    assert len(await ui.service().store.games_of(guild.id, alice.id)) == 1
    assert "over" in ui.text(ui.message(channel, table.id))


async def test_slow_work_is_deferred_then_the_answer_edited_in(simcord_env, ui, monkeypatch):
    import importlib

    answers = importlib.import_module("cogs.play.answers")  # (``import cogs.play.answers`` may not bind ``play``)

    async def too_slow(_interaction, _task):
        return False  # as if every click's work took longer than DEFER_AFTER

    monkeypatch.setattr(answers.Answers, "_in_time", staticmethod(too_slow))
    env = simcord_env
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    made = await alice.slash(channel, "briscola", players=2, level="easy")
    assert "Join" in [b.label for b in ui.buttons(made.response.message)] and not made.response.ephemeral
    assert len(ui.public(channel)) == 1  # the deferred answer became the lobby: no leftover "thinking" message
    table_id = ui.table_id_of(made.response)
    started = await alice.click(made.response, label="Start")
    assert started.acknowledged
    assert ui.table_message(channel, table_id).attachments[0].filename == "table.png"
    shown = await alice.click(ui.table_message(channel, table_id), label="My hand")
    assert shown.ephemeral and shown.response.attachments[0].filename == "hand.png"
    assert ui.enabled_actions(shown.response.message)
    hand = shown.response.id
    while ui.live(table_id):
        message = ui.message(channel, hand, viewer=alice)
        result = await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
        assert result.acknowledged and "Your hand" in ui.text(result.response)
    assert "over" in ui.text(ui.public(channel)[0])
    answers = [r.json["type"] for r in env.http_requests if r.path.endswith("/callback")]
    assert answers and set(answers) <= {5, 6}  # every answer was deferred, then edited in


async def test_a_finished_game_that_cannot_be_stored_says_so_on_the_table(simcord_env, ui, monkeypatch):
    """The service stops trying after a bounded number of saves; the table message tells the players."""
    from bot.storage import StorageError

    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy")
    service = ui.service()

    async def disk_full(*_args, **_kwargs):
        raise StorageError("database or disk is full", "SQLITE_FULL")

    monkeypatch.setattr(service.store, "finish_game", disk_full)
    monkeypatch.setattr(service, "retry_delay", 0.01)
    hand = await ui.my_hand(alice, channel, table_id)
    while service.get(table_id).to_move is not None:
        await click_first(ui, alice, channel, hand.id)
    await service.idle()
    await simcord_env.settle()
    text = ui.text(ui.table_message(channel, table_id))
    assert "Saving failed 6 times (database or disk is full)" in text
    assert ui.live(table_id) and not await service.store.games_of(guild.id, alice.id)
