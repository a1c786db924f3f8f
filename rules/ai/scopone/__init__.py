"""Scopone's AI package: the levels and the review of ``rules.ai.scopa`` (``medium`` and ``hard`` play for the
side, so for the partner), registered under Scopone's name (``rules.ai.registry``)."""

from __future__ import annotations

import random

from rules.actions import Action
from rules.ai import scopa
from rules.ai.registry import register
from rules.games.scopa.engine import SCOPONE_SPEC
from rules.view import GameView


def choose(level: str, view: GameView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) in a Scopone view: Scopa's levels."""
    return scopa.choose(level, view, rng, time_ms)


AI = register(scopa.game_ai_of(SCOPONE_SPEC.name, choose))
