"""AI players. An agent receives only the view of its seat and returns one of ``view.legal``.

Levels: ``random`` (uniform), ``greedy`` (the exactly defined baseline of docs/AI.md), ``easy`` (plays like
greedy), ``medium`` (card-counting heuristics), ``hard`` (search over the hidden cards under a time budget).
In 2-player Briscola ``hard`` is the search with a learned evaluation and a learned model of the opponent
(``rules.ai.briscola_learned``), measured better than ``hard-v1`` at the default 200 ms (docs/ai/learned.md);
given a ``BriscolaTuning`` it plays the playout search (``rules.ai.briscola.hard``) with it. Arena agents that
no user picks: ``hard-v1`` (``hard`` as it was when issue 19 began, frozen as a yardstick, ``rules.ai.hard_v1``)
and ``hard-net`` (the learned search in every Briscola player count with a network, the candidate: in 2 players
the same agent as ``hard``; in Cicera the search with the learned leaf value, ``CICERA_NET``).
Each game has a module (``rules.ai.briscola``, ``rules.ai.chiamata``, ``rules.ai.cicera``) exposing
``choose(level, view, rng, time_ms) -> Action``: a plain function of its arguments with no shared mutable
state, so the service can run it in an executor.
"""

from __future__ import annotations

import importlib
import random
from typing import Protocol

from rules.actions import Action, RulesError
from rules.ai.tuning import CICERA_NET, BriscolaTuning, ChiamataTuning, CiceraTuning
from rules.games import spec
from rules.view import GameView

Tuning = BriscolaTuning | ChiamataTuning | CiceraTuning

LEVELS = ("easy", "medium", "hard")
"""The levels a user can pick."""
ARENA_AGENTS = ("hard-v1", "hard-net")
"""Agents for the arena and the tests only: the frozen yardstick, and the learned search as a candidate."""
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


def choose(level: str, view: GameView, rng: random.Random, time_ms: int = DEFAULT_TIME_MS,
           tuning: Tuning | None = None) -> Action:
    """The action an agent of ``level`` takes in ``view`` (a plain function: safe to run in an executor);
    ``tuning`` is the game's search configuration (``rules.ai.tuning``), its defaults when ``None``; ``hard-v1``
    ignores it (its tuning is frozen)."""
    if not view.legal:
        raise RulesError("this seat has nothing to do now")
    if level == "random":
        return rng.choice(view.legal)
    if len(view.legal) == 1:
        return view.legal[0]
    if level == "hard-v1":
        from rules.ai import hard_v1

        return hard_v1.choose(view, rng, time_ms)
    if level in ("hard", "hard-net") and view.game == "briscola" and tuning is None:
        # the learned search: hard's where measured better (LEARNED.players), hard-net's wherever a network is
        from rules.ai import briscola_learned

        net_tuning = briscola_learned.CANDIDATE if level == "hard-net" else briscola_learned.LEARNED
        net_action: Action = briscola_learned.choose(view, rng, time_ms, net_tuning)  # type: ignore[arg-type]
        return net_action
    if level == "hard-net":
        level = "hard"
        if view.game == "cicera" and tuning is None:
            tuning = CICERA_NET  # the search with the learned leaf value
    module = importlib.import_module(spec(view.game).ai_module)
    name = "greedy" if level == "easy" else level
    action: Action = (module.choose(name, view, rng, time_ms) if tuning is None
                      else module.choose(name, view, rng, time_ms, tuning))
    return action


def make_agent(name: str, time_ms: int = DEFAULT_TIME_MS) -> Agent:
    """The agent of a name; ``RulesError`` lists the known names."""
    if name == "random":
        return RandomAgent(time_ms)
    if name not in AGENT_NAMES:
        raise RulesError(f"unknown agent {name!r}; agents are: {', '.join(AGENT_NAMES)}")
    return LevelAgent(name, time_ms)
