"""AI players. An agent receives only the view of its seat and returns one of ``view.legal``."""

from __future__ import annotations

import random
from typing import Protocol

from rules.actions import Action, RulesError


class Agent(Protocol):
    """Chooses an action from a seat's view; ``rng`` is the only source of randomness."""

    name: str

    def choose(self, view, rng: random.Random) -> Action:
        """One of ``view.legal``."""
        ...


class RandomAgent:
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, view, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(view.legal)


AGENTS: dict[str, type] = {"random": RandomAgent}


def make_agent(name: str, **kw) -> Agent:
    """The agent of a name; ``RulesError`` lists the known names."""
    cls = AGENTS.get(name)
    if cls is None:
        raise RulesError(f"unknown agent {name!r}; agents are: {', '.join(AGENTS)}")
    return cls(**kw)
