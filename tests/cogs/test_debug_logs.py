"""At DEBUG, the log of a whole game never tells a hidden card: no seed, no hand, no kitty discards."""

from __future__ import annotations

import re

import pytest

SEED = 4_611_686_018_427_387_847
"""A seed of the service's size (62 bits) that cannot appear in a log by chance."""
CARD = re.compile(r"(?<![A-Za-z0-9])([A2-7FCR][dcsb])(?![A-Za-z0-9])")


def hidden_groups(service, table_id: int) -> list[tuple[str, set[str]]]:
    """The cards hidden now, in groups: each seat's hand, and the Chiamata caller's discards (not the
    face-up briscola, which is public even once drawn, nor the called card, which is named)."""
    match = service._table(table_id).match
    public = service.view(table_id)
    known = {str(c) for c in (getattr(public, "briscola", None), getattr(public, "called", None)) if c}
    groups = []
    for seat in range(service.get(table_id).players):
        view = match.view(seat)
        groups.append((f"hand of seat {seat}", {str(c) for c in view.hand} - known))
        discards = {str(c) for c in getattr(view, "discards", ())}
        if discards:
            groups.append(("the discards", discards))
    return groups


def leaks(line: str, groups: list[tuple[str, set[str]]]) -> list[str]:
    """What a log line tells of the hidden cards: a private control's id, or two cards of one group."""
    found = [f"a hand control {m}" for m in re.findall(r"tv:(?:act|sel|pick|back):[^\s'\"]+", line)]
    cards = set(CARD.findall(line))
    found += [f"{name}: {sorted(cards & group)}" for name, group in groups if len(cards & group) >= 2]
    return found


@pytest.mark.usefixtures("simcord_env")
async def test_a_chiamata_with_kitty_at_debug_logs_no_hidden_card(ui, seed, players, debug_log):
    seed(SEED)
    Player, play = players
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "chiamata", [bob], level="easy", kitty="on", turn_timer=0)
    service = ui.service()
    assert service._table(table_id).seed == SEED
    pa, pb = Player(ui, channel, alice), Player(ui, channel, bob, bids=False)
    checked = {"read": 0, "lines": 0, "discards": False}

    def check(_info) -> None:
        """The lines written since the last turn, against the cards hidden now (hidden then as well: a card
        only goes from hidden to public, and a drawn card was hidden in the stock)."""
        groups = hidden_groups(service, table_id)
        checked["discards"] = checked["discards"] or any(name == "the discards" for name, _ in groups)
        text = debug_log.getvalue()
        new, checked["read"] = text[checked["read"]:], len(text)
        for line in new.splitlines():
            checked["lines"] += 1
            assert not leaks(line, groups), f"{leaks(line, groups)} in the log line: {line}"

    await play(ui, table_id, [pa, pb], each_turn=check)
    assert not ui.live(table_id)
    text = debug_log.getvalue()
    assert str(SEED) not in text, "the seed (every hand follows from it) is in the log"
    assert checked["lines"] > 20, "the log at DEBUG wrote almost nothing: the test reads the wrong stream"
    assert " DEBUG " in text
    # the game went through the phases with hidden cards to tell
    assert checked["discards"], "no kitty discards were made: choose another seed"


def test_a_failed_click_is_logged_without_its_card():
    """discord.py logs ``Ignoring exception in view %r for item %r``: the item's repr names no card."""
    from cogs.components import ActButton, OldHandButton, button

    for cls, custom_id in ((ActButton, "tv:act:3:12:play_Ad"), (OldHandButton, "tv:pick:3:12:Ad:0")):
        item = button(cls, custom_id, "Asso di denari")
        text = repr(item)
        assert "Ad" not in text and "Asso" not in text and "tv:" not in text, text
        assert cls.__name__ in text
