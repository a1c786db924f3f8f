"""``hard-v1``: the ``hard`` level of every game as it was on 2026-12-01 (commit a0800d5), frozen as the arena's
yardstick.

Each game's AI package declares its yardstick (``GameAI.yardstick``): its ``hard`` search code with the tuning
of that day written out value by value (``YARDSTICK`` in the game's ``tuning`` module), so that a change of the
defaults, or a new ``hard`` behind a new code path, leaves it as it is. ``tests/rules/ai/test_baselines.py``
pins its choices on seeded positions of every mode. It is an arena agent, not a level a user can pick; the
decisions of docs/AI.md were measured against it.
"""

from __future__ import annotations

import random

from rules.actions import Action
from rules.ai.registry import game_ai
from rules.view import GameView

NAME = "hard-v1"


def choose(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """hard-v1's action in ``view``: the game's frozen ``hard``."""
    if len(view.legal) == 1:
        return view.legal[0]
    return game_ai(view.game).yardstick(view, rng, time_ms)
