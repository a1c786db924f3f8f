"""The registry of every game: ``GAMES`` by name, ``spec(name)`` with a clear error, ``names()``.

Each game is a package beside this module (``rules/games/<game>/``: its rules, round, view, events and engine);
importing this module imports every game's engine, which registers its ``GameSpec``. Adding a game adds one
import line here.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TypeVar

import rules.games.briscola.engine  # noqa: F401
import rules.games.chiamata.engine  # noqa: F401
import rules.games.cicera.engine  # noqa: F401  (each game module registers its spec on import)
import rules.games.scopa.engine  # noqa: F401  (Scopa and Scopone)
import rules.games.tressette.engine  # noqa: F401
from rules.actions import N_, RulesError, brief
from rules.spec import GAMES, GameSpec

DEFAULT_GAME = "briscola"
"""The game a front end offers when none is named."""

__all__ = ["DEFAULT_GAME", "GAMES", "GameSpec", "names", "spec"]


def names() -> tuple[str, ...]:
    """The registered games' names, in registration order."""
    return tuple(GAMES)


def spec(name: object) -> GameSpec:
    """The spec of a game name; ``RulesError`` lists the known games."""
    found = GAMES.get(name) if isinstance(name, str) else None
    if found is None:
        raise RulesError(N_("unknown game {name}; games are: {games}"), name=brief(name), games=", ".join(GAMES))
    return found


Entry = TypeVar("Entry")


def layer_entry(entries: Mapping[str, Entry], module: str, game: str, what: str) -> Entry:
    """A layer's entry for ``game`` in ``entries``, the game's own module of that layer (``module``, which
    registers it) imported on first use; ``LookupError`` naming the game and the module when it registers none."""
    if game not in entries:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as e:
            if e.name != module:
                raise
        if game not in entries:
            raise LookupError(f"the game {game!r} has no {what}: {module} registers none")
    return entries[game]
