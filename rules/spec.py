"""The game protocol: one ``GameSpec`` per game, declaring its facts as data, and the registry of them.

Each game module builds its spec and calls ``register``; ``rules.games`` imports every game module and is
where the rest of the code looks a game up. Layers above ask the spec (``spec.has_tricks``,
``spec.sides(players)``) instead of testing a game's name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from rules.actions import N_, RulesError, brief
from rules.options import OptionSpec
from rules.view import Sides

if TYPE_CHECKING:
    from rules.engine import Match

RECORD_FORMAT = 1
"""The version of the JSON game record (see ARCHITECTURE.md)."""

SummarySource = Literal["card_points", "bonus", "award"]
"""Where a summary row's numbers are in a round result: ``card_points`` (per seat, summed per side),
``bonus`` or ``award`` (per side, in the result's ``breakdown``)."""


@dataclass(frozen=True)
class SummaryRow:
    """One row of a round's summary: the round-result key it shows and its label (a catalogue text)."""

    key: str
    """The key in the round result (``card_points``) or in its per-side ``breakdown`` (``scua``, ``mata``)."""
    label: str
    """What the row is called, marked with ``N_`` and translated by the layer that shows it."""
    source: SummarySource = "card_points"


@dataclass(frozen=True)
class GameSpec:
    """Everything the layers above need to know about a game, without knowing which game it is."""

    name: str
    """The registered name, as records and commands spell it: ``briscola``."""
    match: type[Match]
    """The engine class; ``new_match`` builds one."""
    player_counts: tuple[int, ...]
    default_players: int
    options: Mapping[str, OptionSpec]
    """Table options by name (each says which player counts it applies to)."""
    sides_by_players: Mapping[int, Sides]
    """The fixed sides for each player count (each seat alone when there are no fixed teams)."""
    fixed_sides: bool = True
    """False when the sides are made anew each round (Chiamata: the caller and a secret partner)."""
    scored_per: Literal["side", "seat"] = "side"
    """Whether a round's game points are shown per side, or per seat (Chiamata)."""
    has_trumps: bool = True
    has_tricks: bool = True
    """Tricks are played (Briscola, Chiamata); else cards are captured from the table (Cicera)."""
    has_bidding: bool = False
    """A round opens with an auction (Chiamata)."""
    result_keys: tuple[str, ...] = ("card_points", "game_points")
    """Keys every round result of a record holds."""
    round_keys: tuple[str, ...] = ()
    """Round-level record keys beside ``dealer``, ``deal``, ``actions`` and ``result`` (Chiamata's caller...)."""
    record_format: int = RECORD_FORMAT
    ai_module: str = ""
    """The module of the game's AI players (``rules.ai.<name>``), imported only when an AI plays."""
    title: str = ""
    """The game's title as players read it, a catalogue text marked with ``N_`` (``Briscola Chiamata``)."""
    turn_noun: str = N_("trick")
    """What one turn of play is called (``trick``, ``turn``), a catalogue text."""
    score_unit: str = N_("card points")
    """The unit a round's points are counted in (``card points``, ``points``), a catalogue text."""
    summary_rows: tuple[SummaryRow, ...] = ()
    """The rows a round's summary shows, in order, beside the game points every summary has."""
    review_scale: float = 1.0
    """The points worth one whole win in a review's costs: a decision's severity is ``win + points / scale``."""
    bonus_names: Mapping[str, str] = field(default_factory=dict)
    """The capture bonuses a hint may name (the ``bonuses`` of its AI's ``why``): key → catalogue text."""

    def __post_init__(self) -> None:
        if self.default_players not in self.player_counts:
            raise ValueError(f"{self.name}: default players {self.default_players} is not a player count")
        if set(self.sides_by_players) != set(self.player_counts):
            raise ValueError(f"{self.name}: sides must be given for every player count")

    def check_players(self, players: object) -> int:
        """``players`` when it is one of the game's player counts, else ``RulesError``."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in self.player_counts:
            counts = ", ".join(str(p) for p in self.player_counts)
            raise RulesError(N_("{game} is played by {counts} players, not {players}"), game=self.name, counts=counts,
                             players=brief(players))
        return players

    def sides(self, players: int) -> Sides:
        """The fixed sides for ``players`` (each seat alone when the game has none)."""
        return self.sides_by_players[self.check_players(players)]

    def has_teams(self, players: int) -> bool:
        """True when some side holds more than one seat for this player count."""
        return any(len(side) > 1 for side in self.sides(players))

    def applies(self, option: str, players: int) -> bool:
        """Whether the table option ``option`` exists for this player count."""
        spec = self.options.get(option)
        return spec is not None and (spec.players is None or players in spec.players)

    def options_for(self, players: int) -> dict[str, OptionSpec]:
        """The options that apply to this player count, by name."""
        return {name: s for name, s in self.options.items() if self.applies(name, players)}

    def new_match(self, players: int, options: Mapping[str, object] | None = None, seed: int = 0,
                  **kw: Any) -> Match:
        """A new match; options are validated (``OptionError`` names the option and its values)."""
        return self.match(players, dict(options) if options is not None else None, seed, **kw)


GAMES: dict[str, GameSpec] = {}
"""Every registered game by name, in registration order (import ``rules.games`` to fill it)."""


def register(game: GameSpec) -> GameSpec:
    """Add a game to the registry (once per name) and return it."""
    if game.name in GAMES and GAMES[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is already registered")
    GAMES[game.name] = game
    return game
