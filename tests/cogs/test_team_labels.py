"""The ``teams`` choices of ``/briscola`` say who partners whom, as the seating really does it."""

from __future__ import annotations

import re

import pytest

from bot.tables.table import Seat, assign_seats
from cogs.lobby import game_command

TEAMS_CHOICES = next(p for p in game_command("briscola").parameters if p.name == "teams").choices
"""The ``teams`` choices of the command as built from Briscola's spec and render."""
ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th)")


def said(label: str) -> set[frozenset[int]]:
    """The teams a label names, as sets of join positions (1 = the first to join)."""
    text = label.split(":", 1)[1]
    return {frozenset(int(n) for n in ORDINAL.findall(side)) for side in text.split(" vs ")}


@pytest.mark.parametrize("choice", [c for c in TEAMS_CHOICES if c.value != "random"], ids=lambda c: c.value)
def test_each_teams_label_says_what_the_seating_does(choice):
    players = int(choice.name.split(" ")[0])
    lobby = [Seat(100 + n, f"joined {n}") for n in range(1, players + 1)]
    seats = assign_seats("briscola", players, {"teams": choice.value}, lobby, seed=1)
    sides = {frozenset(int(s.name.split()[1]) for s in seats[k::2]) for k in (0, 1)}  # partners: every other seat
    assert said(choice.name) == sides, f"{choice.name!r} seats the teams {sorted(map(sorted, sides))}"
    assert all(len(team) == players // 2 for team in said(choice.name))
