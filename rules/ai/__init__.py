"""AI players. An agent receives only the view of its seat and returns one of ``view.legal``.

Levels: ``random`` (uniform), ``greedy`` (the exactly defined baseline of docs/AI.md), ``easy`` (plays like
greedy), ``medium`` (card-counting heuristics), ``hard`` (search over the hidden cards under a budget; in
2-player Briscola with a learned evaluation, ``rules.ai.briscola.learned``). Each game's AI package
(``rules.ai.briscola``, ``rules.ai.chiamata``, ``rules.ai.cicera``, named by its ``GameSpec.ai_module``)
registers a ``GameAI`` (``rules.ai.registry``) whose ``choose`` is a plain function of its arguments with no
shared mutable state, so the service can run it in an executor. ``hard-v1`` (``rules.ai.baselines``) is the
frozen yardstick: an arena agent that no user picks. ``hard-quiet`` is another arena agent: ``hard`` with every
signal it would give taken off its play (the same card, with the same randomness), so that an arena measures
what a game's signals are worth (docs/AI.md, Tressette); in a game without signals it is ``hard``.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Protocol

from rules.actions import Action, RulesError
from rules.ai import baselines
from rules.ai.registry import game_ai
from rules.view import GameView

LEVELS = ("easy", "medium", "hard")
"""The levels a user can pick."""
QUIET = "hard-quiet"
"""``hard`` that never gives a signal: the same card as ``hard``, played without the signal."""
ARENA_AGENTS = (baselines.NAME, QUIET)
"""Agents for the arena and the tests only: the frozen yardstick and ``hard`` without signals."""
AGENT_NAMES = ("random", "greedy", *LEVELS, *ARENA_AGENTS)
DEFAULT_TIME_MS = 200


class Agent(Protocol):
    """Chooses an action from a seat's view; ``rng`` is the only source of randomness."""

    name: str

    def choose(self, view: GameView, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...


class RandomAgent:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, time_ms: int = DEFAULT_TIME_MS) -> None:
        self.time_ms = time_ms

    def choose(self, view: GameView, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)


class LevelAgent:
    """An agent of a level, playing any game through that game's AI module."""

    def __init__(self, name: str, time_ms: int = DEFAULT_TIME_MS) -> None:
        self.name = name
        self.time_ms = time_ms

    def choose(self, view: GameView, rng: random.Random) -> Action:
        """The level's choice for this view."""
        return choose(self.name, view, rng, self.time_ms)


def choose(level: str, view: GameView, rng: random.Random, time_ms: int = DEFAULT_TIME_MS) -> Action:
    """The action an agent of ``level`` takes in ``view`` (a plain function: safe to run in an executor), by the
    view's game's registered AI."""
    if not view.legal:
        raise RulesError("this seat has nothing to do now")
    if level == "random":
        return rng.choice(view.legal)
    if len(view.legal) == 1:
        return view.legal[0]
    if level == baselines.NAME:
        return baselines.choose(view, rng, time_ms)
    if level == QUIET:
        return quiet(game_ai(view.game).choose("hard", view, rng, time_ms), view)
    return game_ai(view.game).choose("greedy" if level == "easy" else level, view, rng, time_ms)


def quiet(action: Action, view: GameView) -> Action:
    """``action`` without its signal, when the play without it is legal in ``view``; else ``action``."""
    if action.signal is None:
        return action
    plain = replace(action, signal=None)
    return plain if plain in view.legal else action


def make_agent(name: str, time_ms: int = DEFAULT_TIME_MS) -> Agent:
    """The agent of a name; ``RulesError`` lists the known names."""
    if name == "random":
        return RandomAgent(time_ms)
    if name not in AGENT_NAMES:
        raise RulesError(f"unknown agent {name!r}; agents are: {', '.join(AGENT_NAMES)}")
    return LevelAgent(name, time_ms)
