"""The registry of the pictures of every game: the game's module ``images.games.<game>`` registers its
``GamePictures``, found by the game's registered name (``rules.games``) and imported on first use.

Adding a game's pictures is writing that one module; a game without it, or with a piece left out, fails here
with a ``MissingPictures`` that names the game and the piece.
"""

from __future__ import annotations

import importlib
import logging

from images.parts import GamePictures
from rules.games import names

log = logging.getLogger(__name__)

PACKAGE = "images.games"
"""Where each game's picture module lives, named as the game."""

PICTURES: dict[str, GamePictures] = {}
"""Every game's pictures, by game name, as registered."""


class MissingPictures(LookupError):
    """A game has no picture module, or its module leaves a piece out."""


def register(pictures: GamePictures) -> GamePictures:
    """Add a game's pictures (a game's module calls this once on import) and return them."""
    PICTURES[pictures.game] = pictures
    return pictures


def unregister(game: str) -> None:
    """Remove a game's pictures (tests register games of their own)."""
    PICTURES.pop(game, None)


def missing(pictures: GamePictures) -> list[str]:
    """The pieces ``pictures`` leaves out, by name."""
    return [piece for piece in GamePictures.PIECES if getattr(pictures, piece) is None]


def for_game(game: str) -> GamePictures:
    """The pictures of ``game``, its module imported on first use; ``MissingPictures`` names the game and
    what it lacks."""
    found = PICTURES.get(game)
    if found is None:
        module = f"{PACKAGE}.{game}"
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:
            if exc.name is None or not module.startswith(exc.name):
                raise
            raise MissingPictures(f"the game {game} has no pictures: no module {module}") from None
        found = PICTURES.get(game)
        if found is None:
            raise MissingPictures(f"the game {game} has no pictures: {module} registers none")
    lacking = missing(found)
    if lacking:
        raise MissingPictures(f"the game {game} has no {', '.join(lacking)} picture in {PACKAGE}.{game}")
    return found


def load_all() -> dict[str, GamePictures]:
    """Every registered game's pictures (``rules.games``), by name; ``MissingPictures`` for the first lacking."""
    return {game: for_game(game) for game in names()}
