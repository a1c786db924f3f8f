"""A note on the table message (a timeout, a seat handed to the AI, a game's own event such as a scopa) stays
until the turn has gone round, and in any case until the table message has shown it once: an edit put off for
the onlookers still shows what happened meanwhile."""

from __future__ import annotations

from types import SimpleNamespace

from cogs.play.state import Note, Presence
from cogs.play.tables import TableMessages


def test_a_note_lasts_a_turn_round_once_shown():
    p = Presence(1)
    p.notes = [Note(10, "shown", shown=True)]
    assert TableMessages.current_notes(p, SimpleNamespace(version=14, players=4)) == ["shown"]
    assert TableMessages.current_notes(p, SimpleNamespace(version=15, players=4)) == []
    assert p.notes == []


def test_a_note_not_shown_yet_outlasts_the_turn_round():
    p = Presence(1)
    p.notes = [Note(10, "old, shown", shown=True), Note(11, "a scopa, not shown yet")]
    assert TableMessages.current_notes(p, SimpleNamespace(version=40, players=4)) == ["a scopa, not shown yet"]
    p.notes[0].shown = True
    assert TableMessages.current_notes(p, SimpleNamespace(version=40, players=4)) == []
