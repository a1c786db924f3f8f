"""The rules of each game, shown by ``/rules`` and by ``rules`` in the terminal game. They live in ``bot`` so
that both front ends read the same text: each game's in its own module ``bot.rules_text.<game>``, which
registers them here (``for_game`` imports it by the game's name; ``RULES`` holds every registered game's).

Each section is a heading and a paragraph, English source strings marked with ``N_`` for Babel extraction and
translated when shown (``rules_text(game, gettext)``). A paragraph is one string for translators: no format
fields, at most 700 characters; one game's text stays under 3,000 characters so that a translation fits one
Discord message.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import N_
from rules import games

Sections = tuple[tuple[str, str], ...]
"""A game's rules: (heading, text) sections, in reading order."""

PRACTICE = (N_("Practice"),
            N_("- **hints**: `off` or `on`; on: a Hint button on your hand shows the AI's choice and why. Not rated."))
"""The section every game ends with: the practice option, the same for all."""

RULES: dict[str, Sections] = {}
"""Per game, its sections: (heading, text), in reading order."""


def register(game: str, sections: Sections) -> Sections:
    """Add a game's rules (its module does, once, when imported); returns them."""
    RULES[game] = sections
    return sections


def for_game(game: str) -> Sections:
    """The rules of a game, its module ``bot.rules_text.<game>`` imported on first use; ``LookupError`` naming
    the game and the missing module when there is none."""
    return games.layer_entry(RULES, f"{__name__}.{game}", game, "/rules text")


def load_all() -> dict[str, Sections]:
    """The rules of every registered game (``rules.games``)."""
    return {name: for_game(name) for name in games.names()}


def rules_text(game: str, translate: Callable[[str], str] = lambda s: s) -> list[tuple[str, str]]:
    """The sections of ``game``'s rules, heading and text each passed through ``translate`` (the front ends
    pass ``bot.i18n.gettext``)."""
    return [(translate(heading), translate(text)) for heading, text in for_game(game)]


load_all()
