"""Scopone's part of the messages: Scopa's controls and lines (``cogs.render.scopa``), its own command's texts.
The registry imports ``cogs.render.scopone`` for the game ``scopone``."""

from __future__ import annotations

import logging

from cogs.render.games import register
from cogs.render.scopa import render

log = logging.getLogger(__name__)

GAME = "scopone"

COMMAND = "Open a table of Scopone (4 players, two teams)"
OPTION_HELP = {
    "deal": "scientifico: 10 cards each, none on the table; tradizionale: 9 each, 4 on the table",
    "match": "one round, or play to 11, 16, 21 or 31 points",
    "napola": "a run of Denari from the ace scores its length",
    "show_points": "show each side's cards, Denari, primiera and scope during the round",
    "team_chat": "when each team's private thread opens",
}
"""The slash command's descriptions (English; the command tree's translator translates them)."""
CHOICE_LABELS = {
    "deal": {"scientifico": "scientifico: 10 cards each", "tradizionale": "tradizionale: 9 each, 4 on the table"},
    "match": {"single": "one round", "11": "to 11 points", "16": "to 16 points", "21": "to 21 points",
              "31": "to 31 points"},
}

RENDER = register(render(GAME, COMMAND, OPTION_HELP, CHOICE_LABELS))
