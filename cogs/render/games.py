"""The registry of the Discord layer: what each game's render module (``cogs.render.<game>``) adds to the common
messages, registered by game name: the controls under a hand, the game's own lines on the table and hand
messages, and the texts its reviews and hints use. The common modules ask ``for_game(game)`` instead of testing
a game's name; a game's module is imported by its name on first use."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from bot.tables import TableInfo
from cogs.components import Control
from rules import games
from rules.actions import Action
from rules.cards import Card
from rules.events import Event
from rules.view import GameView

log = logging.getLogger(__name__)

PACKAGE = "cogs.render"
"""Where a game's render module lives: ``cogs.render.<game>``."""


def _no_lines(_info: TableInfo, _view: GameView) -> list[str]:
    return []


@dataclass(frozen=True)
class GameRender:
    """One game's part of the messages."""

    game: str
    """The game's registered name (``rules.games``)."""
    hand_items: Callable[[TableInfo, GameView, int], list[Control]]
    """The controls under a hand: ``(info, view, page)`` → buttons and selects, each with its ``row`` (the page
    of a long select: Cicera's captures)."""
    table_lines: Callable[[TableInfo, GameView], list[str]] = _no_lines
    """Lines of the public table message after its head, from the public view (Chiamata: the auction)."""
    hand_lines: Callable[[TableInfo, GameView], list[str]] = _no_lines
    """Lines of a hand message after its title, from the seat's view (Chiamata: you are the partner)."""
    status_lines: Callable[[TableInfo, GameView], list[str]] | None = None
    """The state of the table as lines, when the game has its own (Cicera); ``None``: a trick game's lines."""
    summary_lines: Callable[[TableInfo, GameView], list[str]] = _no_lines
    """Lines of a round's summary after its score, from the public view's ``last_result`` (Scopa: each round
    point per side, with the counts that decided it)."""
    event_note: Callable[[TableInfo, Event], str] | None = None
    """A note for the table message on one of the engine's events of the game's own (``(info, event)``; an
    empty text: none), shown at once until the turn has gone round (Scopa: who swept the table). Events with a
    handler of their own in ``cogs.play.events`` never come here."""
    face_up: Callable[[GameView], Card | None] | None = None
    """The face-up trump card while it lies under the stock, from the public view (Briscola), else ``None``."""
    take_label: Callable[[Action, str], str] | None = None
    """How a play that takes cards is named (``(action, faces)``: Cicera's captures), in reviews and hints."""
    play_label: Callable[[Action, str], str] | None = None
    """How a play is named in reviews and hints when the game names its plays its own way (``(action, faces)``:
    Tressette's lead with its signal); ``None``: by ``take_label`` for a play that takes, else by its card."""
    turn_key: str = "review.trick"
    """The text key naming where a reviewed decision was (``review.trick``: its trick; Cicera: its turn)."""
    cost_key: str = "review.cost"
    """The text key of a decision's cost in points and win chance (the points in the game's own unit)."""
    cost_points_key: str = "review.cost_points"
    """The text key of a decision's cost in points alone."""
    hint_key: str = "hint.line"
    """The text key of a hint's first line."""
    command: str = ""
    """The description of the game's slash command (``/<game>``), which opens a table of it."""
    option_help: Mapping[str, str] = field(default_factory=dict)
    """The descriptions of the command's options of the game's own (``players`` and its table options); the
    options every game shares are described in ``cogs.lobby``."""
    choice_labels: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    """The names of an option's choices in the command, by option and value, where the shared names
    (``bot.names.VALUE_LABELS``) do not say enough (``match``: ``short: first to 3``)."""


RENDERS: dict[str, GameRender] = {}


def register(render: GameRender) -> GameRender:
    """Add a game's render part (once per game)."""
    if render.game in RENDERS:
        raise ValueError(f"the render of {render.game!r} is registered already")
    RENDERS[render.game] = render
    return render


def unregister(game: str) -> None:
    """Take a game's render part out of the registry (a test's own game); nothing for a game not registered."""
    RENDERS.pop(game, None)


def for_game(game: str) -> GameRender:
    """The render part of a game, its module ``cogs.render.<game>`` imported on first use; ``LookupError``
    naming the game and the missing module when there is none."""
    return games.layer_entry(RENDERS, f"{PACKAGE}.{game}", game, "Discord render")


render_of = for_game
"""The former name of ``for_game``."""


def load_all() -> dict[str, GameRender]:
    """The render part of every registered game (``rules.games``), each module imported."""
    return {name: for_game(name) for name in games.names()}
