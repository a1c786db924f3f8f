"""The pieces a game's picture module gives the shared pictures: its table picture, what its hand picture adds,
how its round summary reads, and which moments of a replay make a frame.

The shared modules (``images.table``, ``images.hand``, ``images.summary``, ``images.replay``) draw what every
game has in common and ask the game's ``GamePictures`` (``images.registry.for_game``) for the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from PIL import Image

from images.common import RGB, SeatInfo
from rules.actions import Action
from rules.cards import Card
from rules.engine import Match, Round
from rules.games import spec
from rules.view import GameView, Sides

Seats = Sequence[SeatInfo] | None
"""The seats' names and AI levels, as every picture takes them (``None``: ``Seat N``)."""


@dataclass(frozen=True)
class Summary:
    """What a summary picture shows, gathered from a view (or given directly)."""

    game: str
    players: int
    result: Mapping[str, Any]
    round_number: int
    totals: tuple[int, ...] = ()
    """Match game points per seat, this round included."""
    match_over: bool = False
    winners: tuple[int, ...] = ()
    """The match winners once it is over (empty on a draw)."""
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def sides(self) -> Sides:
        """The game's sides for this player count."""
        return spec(self.game).sides(self.players)


@dataclass(frozen=True)
class SummaryPart:
    """What a game's summary draws under its rows (Scopa's primiera cards per side): its height, and how to draw
    it from a top."""

    height: int
    draw: Callable[[Image.Image, int], None]


@dataclass(frozen=True)
class SummaryStyle:
    """How a game's round summary reads: the column titles (the first, over the names, empty; they may name the
    seats), the banner's text and colour, the rows (a name, then one cell per number column), each row's colour
    mark, how many last rows are totals (on a lighter ground), the column titles' colours, the footer's colour
    and the game's part under the rows."""

    columns: Callable[[Summary, Seats], list[str]]
    banner: Callable[[Summary, Seats], tuple[str, RGB]]
    rows: Callable[[Summary, Seats], list[list[str]]]
    marks: Callable[[Summary, int], list[RGB | None]]
    """The colour mark of each of the ``int`` rows (``None``: no mark)."""
    footer_colour: Callable[[Summary, Seats], RGB]
    total_rows: Callable[[Summary, int], int] = lambda _s, _rows: 0
    header_colours: tuple[RGB, ...] = ()
    below: Callable[[Summary, Seats], SummaryPart | None] = lambda _s, _seats: None
    """The game's part under the rows, before the match's footer (``None``: nothing)."""


@dataclass(frozen=True)
class AbovePart:
    """What a hand picture shows above the hand (the trick in play, the table's cards): drawn on a dark strip
    from the part's top to ``strip_bottom``; the hand begins at ``bottom``."""

    bottom: int
    strip_bottom: int
    draw: Callable[[Image.Image], None]
    layout: Any = None
    """The game's own layout of the part (tests measure it)."""


@dataclass(frozen=True)
class HandExtra:
    """A strip of cards under the hand: another seat's hand it may see (``seat``) or the game's own (``text``)."""

    cards: tuple[Card, ...]
    seat: int | None = None
    text: str = ""
    """The strip's title; with ``seat``, a title naming that seat as ``{name}`` (the name cut to fit, never the
    rest: Tressette's "Known in {name}'s hand", where the cards are only those every seat knows), else its name
    alone (the seat's whole hand)."""


@dataclass(frozen=True)
class HandParts:
    """What a game adds to the shared hand picture."""

    above: Callable[[GameView, Seats, int], AbovePart | None] = lambda _view, _seats, _top: None
    """The part above the hand, drawn from the given top (``None``: nothing above)."""
    trump: Callable[[GameView], str | None] = lambda _view: None
    """The trump suit, whose cards are marked (``None``: no trump yet, or none in the game)."""
    tagged: Callable[[GameView], Card | None] = lambda _view: None
    """A card of the hand tagged as called."""
    banner: Callable[[GameView], str | None] = lambda _view: None
    """A text over everything, in the caller's colour (``None``: no banner)."""
    extras: Callable[[GameView], list[HandExtra]] = lambda _view: []
    """The game's strips under the hand, after the hands this seat may see."""
    extras_per_row: int = 2
    """How many strips side by side (1: each across the picture, for titles longer than a name)."""
    max_card: int | None = None
    """The widest hand card, when the game's part above leaves less room than the shared default."""
    overlap_early: bool = False
    """Cards overlap instead of shrinking below the long hands' size, however few they are."""
    dimmed: Callable[[GameView], frozenset[Card]] = lambda _view: frozenset()
    """Cards of the hand that may not be played now (suit to follow), drawn dimmed; by default none."""


FrameKind = Literal["deal", "trick", "turn", "end"]
"""What a replay frame shows: a round's deal, a completed trick, a turn (a capture or a placing), a round's end."""


@dataclass(frozen=True)
class ReplayStep:
    """One action of a replayed record, just applied: the match after it, the round and public view before it,
    who did what, and how many tricks the round had taken before."""

    match: Match
    round: Round
    before: GameView
    seat: int
    action: Action
    tricks_before: int


Named = list[tuple[str, Match]]
"""Game states by name (``<game>-4p-open``)."""


@dataclass(frozen=True)
class GameSamples:
    """A game's sample states and pictures (``images.samples``): the positions that change a picture (every
    player count and mode), finished games for the summaries, and the documentation's pictures by file name."""

    positions: Callable[[], Named]
    finished: Callable[[], Named]
    documented: Callable[[], dict[str, bytes]]


@dataclass(frozen=True)
class GamePictures:
    """A game's pictures, registered by its module ``images.games.<game>`` (``images.registry.register``).

    Every piece is required; a piece left ``None`` makes ``images.registry.for_game`` fail naming it."""

    game: str
    table: Callable[[GameView, Seats], Image.Image] | None = None
    """The public table picture (the view is public: the shared ``table_image`` has checked it)."""
    table_size: Callable[[GameView, Seats], tuple[int, int]] | None = None
    hand: HandParts | None = None
    summary: SummaryStyle | None = None
    replay_frame: Callable[[ReplayStep], tuple[FrameKind, GameView] | None] | None = None
    """The replay frame an action makes, if any (the deal and the end are the shared replay's)."""
    samples: GameSamples | None = None

    PIECES = ("table", "table_size", "hand", "summary", "replay_frame", "samples")
    """The pieces every game gives, by field name."""
