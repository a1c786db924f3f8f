"""Display names are text, never markup: members named like a masked link, a heading, small print, bold, a quote,
a list or a mention are shown by name, with none of that taking effect, in every message that names them (the
lobby, the table message and its notes, the hand, the summary, the leaderboard, statistics, history, replay)."""

from __future__ import annotations

import re

import pytest

from bot.tables import NotYourTurn
from cogs.markup import name_text
from cogs.play.answers import refusal_text

LINK = "[Nitro](https://evil.example)"
HEADING = "# BIG @everyone"
SMALL = "-# tiny **loud**"
QUOTE = "> quote ||secret||"
LIST = "1. first <@123456789012345678>"
HOSTILE = (LINK, HEADING, SMALL, QUOTE, LIST)

ESCAPE = re.compile(r"\\([^0-9A-Za-z\s])")
"""A backslash before punctuation: Discord shows the character as itself, without its markdown effect."""
LIVE = {
    "masked link": re.compile(r"\[Nitro\]\("),
    "bare link": re.compile(r"https?://evil"),
    "heading": re.compile(r"(?m)^[ \t]*(?:\*\*)?#{1,3} BIG"),
    "mention": re.compile(r"@everyone|<@123456789012345678>"),
    "small print": re.compile(r"(?m)^[ \t]*(?:\*\*)?-# tiny"),
    "bold": re.compile(r"\*\*loud\*\*"),
    "quote": re.compile(r"(?m)^[ \t]*(?:\*\*)?> quote"),
    "spoiler": re.compile(r"\|\|secret\|\|"),
    "list": re.compile(r"(?m)^[ \t]*(?:\*\*)?1\. first"),
}
"""What a hostile name would do if its marks were live, looked for in the text with every escaped character
taken out (``**`` before: a name shown in bold at a line's start)."""


def live_marks(text: str) -> list[str]:
    """The marks of the hostile names that take effect in ``text``."""
    inert = ESCAPE.sub("\x00", text)
    return [kind for kind, pattern in LIVE.items() if pattern.search(inert)]


def shown(text: str) -> str:
    """``text`` as it reads once Discord has shown each escaped character as itself."""
    return ESCAPE.sub(r"\1", text)


def check(text: str, *names: str) -> None:
    """``text`` names each of ``names`` as it is, and none of their marks takes effect."""
    assert not live_marks(text), f"live markup {live_marks(text)} in:\n{text}"
    for name in names:
        assert name in shown(text), f"{name!r} not shown in:\n{text}"


@pytest.mark.parametrize("name", HOSTILE + ("a_b*c~d|e`f\\g", "https://x.example/y", "<#123> <t:1:R> <:e:1>",
                                            "discord.gg/nitro"))
def test_name_text_reads_as_the_name_and_does_nothing(name):
    for layout in ("{}", "**{}**", "Waiting for {}.", "{} left.\n{}"):
        text = layout.format(*[name_text(name)] * layout.count("{}"))
        assert not live_marks(text)
        assert shown(text) == layout.format(*[name] * layout.count("{}"))
        bare = ESCAPE.sub("", text)  # what is left once every escaped character is taken out
        assert "://" not in bare and not re.search(r"(?<!\\)[<@]", text)
        assert not re.search(r"(?<=[^\W_])\.(?=[^\W_])", bare), "a domain's dot left as it is"


def test_a_refusal_that_names_the_seat_to_move_shows_the_name_as_text():
    text = refusal_text(NotYourTurn(f"It is not your turn: {LINK} is to play.", LINK))
    assert "not your turn" in text
    check(text, LINK)


def test_a_long_name_is_clipped_on_one_line():
    text = name_text("# line one\n" + "x" * 1000)
    assert "\n" not in text and len(shown(text)) == 32 and text.endswith("…")


async def test_hostile_names_in_every_message_of_a_game(simcord_env, ui, players):
    env = simcord_env
    Player, play_until_over = players
    guild, channel = ui.room()
    members = ui.members(guild, *HOSTILE[:4])
    host = members[0]
    lobby = (await host.slash(channel, "briscola", players=4, level="easy", team_chat="off")).response
    table_id = ui.table_id_of(lobby)
    for member in members[1:]:
        await member.click(lobby, custom_id=f"tv:lobby:{table_id}:join")
    check(ui.text(ui.message(channel, lobby.id)), *HOSTILE[:4])
    await host.click(lobby, custom_id=f"tv:lobby:{table_id}:start")

    table = ui.table_message(channel, table_id)
    check(ui.text(ui.message(channel, table.id)))
    info = ui.service().get(table_id)
    waiting = next(m for m in members if m.id != info.seats[info.to_move].user_id)
    hand = await ui.my_hand(waiting, channel, table_id)
    check(ui.text(hand), info.seats[info.to_move].name)
    mover = info.seats[info.to_move]
    legal = ui.service().view(table_id, mover.user_id).legal
    with pytest.raises(NotYourTurn) as refused:  # a click that raced another: the service says whose turn it is
        await ui.service().act(table_id, waiting.id, legal[0])
    assert refused.value.name == mover.name
    check(refusal_text(refused.value), mover.name)

    seen: list[str] = []
    await play_until_over(ui, table_id, [Player(ui, channel, m) for m in members],
                          each_turn=lambda _info: seen.append(ui.text(ui.message(channel, table.id))))
    await env.settle()
    for text in seen:
        check(text)
    for message in ui.public(channel):  # the table's last state, the summary (winners, ratings)
        check(ui.text(message))
    summary = ui.public(channel)[-1]
    assert "rating" in ui.text(summary)
    check(ui.text(summary), *HOSTILE[:4])

    board = await host.slash(channel, "leaderboard")
    check(ui.text(board.response), *HOSTILE[:4])
    stats = await host.slash(channel, "stats", member=members[1])
    check(ui.text(stats.response), HEADING)
    history = await host.slash(channel, "history", member=members[2])
    check(ui.text(history.response), *HOSTILE[:4])
    (game,) = await ui.service().store.games_of(guild.id, host.id)
    replay = await host.slash(channel, "replay", game=game.id)
    await env.settle()
    texts = [ui.text(m) for m in ui.public(channel) if m.attachments and m.attachments[0].filename == "replay.webp"]
    assert texts, replay
    check(texts[-1], *HOSTILE[:4])


@pytest.mark.usefixtures("simcord_env")
async def test_notes_name_a_hostile_member_who_leaves_or_times_out(ui):
    env = ui.env
    guild, channel = ui.room()
    alice, heading, listed = ui.members(guild, "alice", HEADING, LIST)
    table_id = await ui.open_table(alice, channel, "briscola", [heading], players=2, level="easy", turn_timer=30)
    await heading.slash(channel, "table leave")  # "{name} left; the AI plays their seat."
    text = ui.text(ui.table_message(channel, table_id))
    assert "left" in text
    check(text, HEADING)

    channel_two = guild.create_text_channel("two")
    other = await ui.open_table(listed, channel_two, "briscola", players=2, level="easy", turn_timer=30)
    info = ui.service().get(other)
    if info.seats[info.to_move].user_id != listed.id:
        await env.settle()
    await env.advance_time(31)  # "{name}'s time ran out; the AI played for them."
    text = ui.text(ui.table_message(channel_two, other))
    assert "time ran out" in text
    check(text, LIST)
