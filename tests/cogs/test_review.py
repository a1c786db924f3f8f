"""After the game in Discord: the summary's Review button (only for a member who played, only to them, kept so a
second press answers at once), its Replay button, ``/review``, and the Hint button of a practice table."""

from __future__ import annotations

import pytest

from tests.cogs.test_history import post_buttons


def summary_of(ui, channel, game_id: int):
    """The match summary of ``game_id`` (the message carrying its Review button)."""
    for message in reversed(ui.public(channel)):
        if f"tv:review:{game_id}" in [b.custom_id for b in ui.buttons(message)]:
            return message
    raise LookupError(game_id)


@pytest.mark.usefixtures("simcord_env")
async def test_review_button_answers_the_player_only_and_is_kept(ui, seed):
    seed(5)  # alice plays her first card every turn: with this deal, some of that costs her
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    game_id = await ui.play_to_the_end(alice, channel)
    summary = summary_of(ui, channel, game_id)
    labels = [b.label for b in ui.buttons(summary)]
    assert labels[:3] == ["Rematch", "Review my play", "Replay"]
    before = len(ui.public(channel))

    log_from = len(ui.env.http_requests)
    pressed = await alice.click(summary, custom_id=f"tv:review:{game_id}")
    assert pressed.ephemeral, "a review is only ever shown to its player"
    answers = [str(r.json) for r in ui.env.http_requests[log_from:] if r.path.endswith("/callback")]
    assert answers and "Reviewing your play" in answers[0], "the first answer says it is working"
    await ui.env.settle(timeout=120)
    shown = ui.message(channel, pressed.response.message.id, viewer=alice)
    text = ui.text(shown)
    assert f"Your review of game {game_id}" in text and "Reviewing your play" not in text
    decisions = text.count("the AI prefers")
    assert 0 < decisions <= 3
    assert len(ui.galleries(shown)) == decisions, "each decision shows the hand and the trick as they were"
    assert len(ui.public(channel)) == before, "nothing public is posted"
    stored = await ui.service().store.review_of(game_id, 0)
    assert len(stored["costliest"]) == decisions and stored["reviewed"] >= decisions

    again = await alice.click(summary, custom_id=f"tv:review:{game_id}")
    assert again.ephemeral and f"Your review of game {game_id}" in ui.text(again.response.message), (
        "a second press answers at once with the kept review")
    assert ui.text(again.response.message) == text

    refused = await bob.click(summary, custom_id=f"tv:review:{game_id}")
    assert refused.ephemeral and "Only the players of game" in ui.text(refused.response.message)
    by_command = await bob.slash(channel, "review", game=game_id)
    assert by_command.ephemeral and "Only the players of game" in ui.text(by_command.response)
    mine = await alice.slash(channel, "review", game=game_id)
    assert mine.ephemeral and ui.text(mine.response) == text
    unknown = await alice.slash(channel, "review", game=game_id + 1000)
    assert unknown.ephemeral and "no finished game" in ui.text(unknown.response)
    forged = await post_buttons(ui.env, channel, ["tv:review:99999999999999999999"])
    huge = await alice.click(forged, custom_id="tv:review:99999999999999999999")
    assert huge.ephemeral and "no finished game" in ui.text(huge.response.message)
    other_guild, other_channel = ui.room()
    elsewhere = ui.members(other_guild, "alice")[0]
    foreign = await elsewhere.slash(other_channel, "review", game=game_id)
    assert foreign.ephemeral and "no finished game" in ui.text(foreign.response)
    assert len(ui.public(channel)) == before + 1  # (the forged message)


@pytest.mark.usefixtures("simcord_env")
async def test_replay_button_posts_the_replay(ui):
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    game_id = await ui.play_to_the_end(alice, channel)
    pressed = await bob.click(summary_of(ui, channel, game_id), custom_id=f"tv:replay:{game_id}")
    await ui.env.settle()
    assert pressed.acknowledged and not pressed.ephemeral
    posted = ui.public(channel)[-1]
    assert f"Replay of game {game_id}" in ui.text(posted)
    assert [a.filename for a in posted.attachments] == ["replay.webp"]
    count = len(ui.public(channel))
    again = await alice.click(summary_of(ui, channel, game_id), custom_id=f"tv:replay:{game_id}")
    assert again.ephemeral and "a moment ago" in ui.text(again.response.message)
    assert len(ui.public(channel)) == count, "a second press does not post the animation again"
    forged = await post_buttons(ui.env, channel, [f"tv:replay:{game_id + 1000}", "tv:replay:99999999999999999999"])
    for custom_id in (f"tv:replay:{game_id + 1000}", "tv:replay:99999999999999999999"):
        answer = await bob.click(forged, custom_id=custom_id)
        assert answer.ephemeral and "no finished game" in ui.text(answer.response.message)


@pytest.mark.usefixtures("simcord_env")
async def test_hint_button_at_a_practice_table_only(ui, seed):
    seed(11)
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy", hints="on")
    hand = await ui.my_hand(alice, channel, table_id)
    hints = [b for b in ui.buttons(hand) if b.custom_id.startswith(f"tv:hint:{table_id}:")]
    assert len(hints) == 1 and hints[0].label == "Hint"
    cards = [b.label.split(" · ", 1)[1] for b in ui.enabled_actions(hand)]

    answer = await alice.click(hand, custom_id=hints[0].custom_id)
    assert answer.ephemeral
    line = ui.text(answer.response.message)
    assert line.startswith("Hint: **") and "win chance" in line
    named = line.split("**")[1]
    assert named in cards, "the hint names one of the cards the player may play"
    lines = line.splitlines()
    assert lines[1].startswith("It ") and ("trick" in lines[1] or "leads" in lines[1]), "a line of why"
    assert lines[2].startswith(("Next best: ", "About as good: "))
    assert lines[2].split(": ", 1)[1].split(" (")[0] in cards
    again = await alice.click(hand, custom_id=hints[0].custom_id)
    assert ui.text(again.response.message) == line, "the same position gets the same hint"

    forged = await post_buttons(ui.env, channel, [hints[0].custom_id])
    stranger = await bob.click(forged, custom_id=hints[0].custom_id)
    assert stranger.ephemeral and "not seated" in ui.text(stranger.response.message)
    await alice.click(hand, custom_id=ui.enabled_actions(hand)[0].custom_id)
    await ui.env.settle()
    stale = await alice.click(forged, custom_id=hints[0].custom_id)
    assert stale.ephemeral and "earlier turn" in ui.text(stale.response.message)

    other = await ui.open_table(bob, channel, "briscola", players=2, level="easy")
    plain = await ui.my_hand(bob, channel, other)
    assert not [b for b in ui.buttons(plain) if b.custom_id.startswith("tv:hint:")], "no hints without the option"
    version = ui.service().get(other).version
    forged = await post_buttons(ui.env, channel, [f"tv:hint:{other}:{version}"])
    refused = await bob.click(forged, custom_id=f"tv:hint:{other}:{version}")
    assert refused.ephemeral and "no hints" in ui.text(refused.response.message)


@pytest.mark.usefixtures("simcord_env")
async def test_a_practice_game_is_not_rated(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "briscola", players=2, level="easy", hints="on")
    hand = await ui.my_hand(alice, channel, table_id)
    while ui.live(table_id):
        message = ui.message(channel, hand.id, viewer=alice)
        await alice.click(message, custom_id=ui.enabled_actions(message)[0].custom_id)
    await ui.env.settle()
    store = ui.service().store
    games = await store.games_of(guild.id, alice.id, 1)
    assert games, "the game is stored (history, replay and review work)"
    assert await store.standing(guild.id, "briscola", alice.id) is None, "but nobody's rating moved"
    summary = summary_of(ui, channel, games[0].id)
    assert "A practice game (hints on): not rated." in ui.text(summary) and "rating" not in ui.text(summary)


@pytest.mark.usefixtures("simcord_env")
async def test_no_hint_button_in_a_chiamata_auction(ui):
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "chiamata", level="easy", hints="on")
    info = ui.service().get(table_id)
    assert ui.service().view(table_id, alice.id).phase == "auction"
    hand = await ui.my_hand(alice, channel, table_id)
    assert not [b for b in ui.buttons(hand) if b.custom_id.startswith("tv:hint:")], "bids are not hinted"
    forged = await post_buttons(ui.env, channel, [f"tv:hint:{table_id}:{info.version}"])
    if info.seats[info.to_move].user_id == alice.id:
        answer = await alice.click(forged, custom_id=f"tv:hint:{table_id}:{info.version}")
        assert answer.ephemeral and "No hint for this move" in ui.text(answer.response.message)
