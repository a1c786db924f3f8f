"""Scopone's pictures: Scopa's (``images.games.scopa``: the table, the hand, the summary, the replay frames), with
Scopone's own samples (the ``scientifico`` deal's 10 cards in hand, the ``tradizionale`` deal's table)."""

from __future__ import annotations

import logging

from images.games.scopa import pictures
from images.registry import register

log = logging.getLogger(__name__)

GAME = "scopone"

PICTURES = register(pictures(GAME))
"""Scopone's pictures, registered under its own name."""
