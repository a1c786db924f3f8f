"""The terminal's text of a seat's view: the common lines here, and the registry of each game's own
(``bot.tools.views.<game>``, imported by the game's name on first use: ``for_game``, ``load_all``).

Cards are shown by the codes a player types (``Ad``, ``7s``, ``Rb``: rank then suit), hands grouped by suit
(trumps first) and ordered by strength; the engine's order of a hand never shows. Each game's module registers
a ``TerminalView``: ``lines`` (what its seat sees beside the trick and the hand), ``round_lines`` (the end of a
round: the points of each side and the match score), and may give ``prompt`` and ``read`` for phases answered
without a numbered list (Chiamata's auction, trump, discards and call), ``describe`` for its own events, the
texts of its hints and reviews, and a ``help_line`` for its own typed forms.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _
from bot.names import game_title, options_line, suit_word
from bot.rules_text import rules_text
from bot.tools.views.seats import SeatNames, join_and
from rules import games
from rules.actions import Action
from rules.cards import RANKS, STRENGTH_ORDER, SUITS, Card
from rules.games import spec

if TYPE_CHECKING:
    from bot.tables import TableEvent
    from rules.view import GameView

__all__ = [
    "MoveError", "Namer", "Score", "SeatNames", "TerminalView", "cards_text", "event_seat", "for_game",
    "hand_text", "join_and", "load_all", "menu", "read_move", "register", "render_view", "round_lines",
    "rules_lines", "sort_cards", "suit_text", "unregister",
]

Namer = Callable[[int | None], str]
"""A seat's name (``?`` for no seat)."""
WIDTH = 100
"""Long texts (the rules) are wrapped to this many columns."""


class MoveError(Exception):
    """A line that cannot be a move now; the message (one line) says why and what to type instead."""


@dataclass
class Score:
    """The match so far, as the terminal has followed it: game points per seat and the rounds scored."""

    totals: list[int] = field(default_factory=list)
    rounds: int = 0
    """Rounds scored (Chiamata's passed-out rounds not counted)."""

    def add(self, result: Mapping[str, Any]) -> None:
        """Count a finished round's result."""
        points = result.get("game_points") or []
        if len(self.totals) < len(points):
            self.totals.extend([0] * (len(points) - len(self.totals)))
        for s, p in enumerate(points):
            self.totals[s] += p
        if not result.get("passed_out"):
            self.rounds += 1

    def match_line(self, names: SeatNames, target: int | None) -> str | None:
        """The running match score of a match to ``target`` points (``None``: one round, no line), and the extra
        round when the sides are level at the top on or past the target."""
        if target is None or not self.totals:
            return None
        totals = [self.totals[side[0]] for side in names.sides]
        per_side = ", ".join(f"{names.side_short(side)} {total}"
                             for side, total in zip(names.sides, totals, strict=True))
        line = _("Match score (to {target} points): {score}.").format(target=target, score=per_side)
        top = max(totals)
        if top >= target and totals.count(top) > 1:
            line += " " + _("Equal totals at the top: one more round.")
        return line


@dataclass(frozen=True)
class TerminalView:
    """One game's part of the terminal's text, registered by its module ``bot.tools.views.<game>``."""

    game: str
    """The game's registered name (``rules.games``)."""
    lines: Callable[[Any, SeatNames], list[str]]
    """What a seat of the game sees beside the trick and its hand."""
    round_lines: Callable[[Mapping[str, Any], int, SeatNames, Score, Mapping[str, Any]], list[str]]
    """The end of a round: ``(result, number, names, score, options)`` → each side's points, the match score."""
    prompt: Callable[[Any, SeatNames], list[str]] | None = None
    """What to answer in a phase without a numbered list (its first line follows "Your move:")."""
    read: Callable[[Any, str], Action | str | None] | None = None
    """A typed line read as the game's own move (``None``: read as every game's)."""
    describe: Callable[[TableEvent, SeatNames], str | None] | None = None
    """One line for an event of the game's own (``None`` from it: the common lines)."""
    hint_line: str = N_("Hint: {action}, with {win} win chance and about {points} card points for your side.")
    """A hint's first line (a catalogue text): the points in the game's unit."""
    cost_line: str = N_("It cost you about {points} card points and {win} points of win chance (yours {before}, "
                        "the AI's choice {after}).")
    """A reviewed decision's cost (a catalogue text)."""
    turn_texts: tuple[str, str] = (N_("Round {round}, trick {n}"), N_("Trick {n}"))
    """Where a reviewed decision was, when the record has several rounds and when it has one (catalogue texts)."""
    help_line: str = ""
    """The game's own typed forms, which ``help`` shows after every game's commands (a catalogue text; empty:
    none)."""
    strength: str | None = None
    """The ranks from strongest to weakest, when the game's trick order is not Briscola's (Tressette: 3 2 A R C
    F 7 6 5 4); ``None``: Briscola's for a game with tricks, the ranks' order for one without."""


VIEWS: dict[str, TerminalView] = {}


def register(view: TerminalView) -> TerminalView:
    """Add a game's terminal text (its module does, once, when imported); returns it."""
    if view.game in VIEWS and VIEWS[view.game] is not view:
        raise ValueError(f"the terminal view of {view.game!r} is registered already")
    VIEWS[view.game] = view
    return view


def unregister(game: str) -> None:
    """Take a game's terminal text out of the registry (a test's own game)."""
    VIEWS.pop(game, None)


def for_game(game: str) -> TerminalView:
    """The terminal text of a game, its module ``bot.tools.views.<game>`` imported on first use; ``LookupError``
    naming the game and the missing module when there is none."""
    return games.layer_entry(VIEWS, f"{__name__}.{game}", game, "terminal view")


def load_all() -> dict[str, TerminalView]:
    """The terminal text of every registered game (``rules.games``)."""
    return {name: for_game(name) for name in games.names()}


def event_seat(event: TableEvent, names: Namer, key: str = "seat") -> str:
    """The name of the seat an event's field holds (``?`` when it holds none)."""
    s = event.data.get(key)
    return names(s) if isinstance(s, int) else "?"


# ----- cards -----
def sort_key(game: str, trump: str | None) -> Callable[[Card], tuple[int, int, int]]:
    """The display order of a game's cards: by suit (trumps first), then by strength (Briscola, Chiamata: A 3
    R C F 7 6 5 4 2; a game's own ``strength``: Tressette 3 2 A R C F 7 6 5 4) or by value (Cicera: A 2 ... X,
    then F C R)."""
    try:
        own = for_game(game).strength
    except LookupError:  # a game with no terminal text of its own orders its cards as every game does
        own = None
    order = own or (STRENGTH_ORDER if spec(game).has_tricks else RANKS)

    def key(c: Card) -> tuple[int, int, int]:
        rank = order.find(c.rank)
        return (0 if c.suit == trump else 1, SUITS.index(c.suit), rank if rank >= 0 else len(order))

    return key


def sort_cards(game: str, cards: Iterable[Card], trump: str | None = None) -> list[Card]:
    """Cards in the display order of ``game`` (see ``sort_key``)."""
    return sorted(cards, key=sort_key(game, trump))


def cards_text(cards: Iterable[object]) -> str:
    """Cards as their codes, ``-`` for none."""
    return " ".join(str(c) for c in cards) or "-"


def suit_text(suit: str) -> str:
    """A suit by its name and letter: ``Bastoni (b)``."""
    return f"{suit_word(suit)} ({suit})"


def hand_text(game: str, cards: Iterable[Card], trump: str | None = None) -> str:
    """A hand grouped by suit, trumps first, each group by strength: ``Bastoni, trumps: Cb 4b · Denari: 3d``."""
    groups: dict[str, list[Card]] = {}
    for c in sort_cards(game, cards, trump):
        groups.setdefault(c.suit, []).append(c)
    if not groups:
        return "-"
    parts = []
    for suit, group in groups.items():
        label = _("{suit}, trumps").format(suit=suit_word(suit)) if suit == trump else suit_word(suit)
        parts.append(f"{label}: {cards_text(group)}")
    return " · ".join(parts)


def trump_of(view: GameView) -> str | None:
    """The trump suit letter a view shows, if any."""
    trump = getattr(view, "trump", None)
    return trump if isinstance(trump, str) else None


# ----- the screen of a turn -----
def render_view(view: Any, names: SeatNames) -> list[str]:
    """The lines showing a seat's view: the game's own lines (trump, auction, table...), the trick, your hand,
    and what to answer (a numbered list follows when ``menu`` gives one)."""
    own = for_game(view.game)
    lines = ["", *own.lines(view, names)]
    if spec(view.game).has_tricks and view.phase == "play":
        trick = view.trick  # every game with tricks shows the one on the table
        played = ", ".join(f"{names(s)} {c}" for s, c in trick) if trick else _("nothing yet")
        lines.append(_("On the table: {played}").format(played=played))
    lines.append(_("Your hand: {cards}").format(cards=hand_text(view.game, view.hand, trump_of(view))))
    prompt = own.prompt(view, names) if own.prompt is not None else []
    if prompt:
        lines.append(_("Your move: {what}").format(what=prompt[0]))
        lines.extend(prompt[1:])
    else:
        lines.append(_("Your move:"))
    return lines


def menu(view: Any) -> list[Action]:
    """The numbered choices of a turn, in display order: the plays (and Briscola's exchange) of the play
    phase; empty for the phases answered by typing (Chiamata's bids, trump, discards and call). A play that
    carries a signal (a Tressette lead) is typed, not listed: the list would hold every card four times."""
    if view.phase != "play":
        return []
    key = sort_key(view.game, trump_of(view))
    plays = [a for a in view.legal if a.kind == "play" and a.signal is None]
    others = [a for a in view.legal if a.kind != "play"]
    return sorted(plays, key=lambda a: key(a.card)) + others


def choice_text(action: Action) -> str:
    """A numbered choice as the player reads it: the card (``Cb``), a lead's signal (Tressette), what it takes or
    that it is placed, the trump exchange; the typed form (``play Cb``) is for typing."""
    if action.kind == "play" and action.card is not None:
        if action.signal is not None:
            return _("{card} with the signal {signal}").format(card=action.card, signal=action.signal)
        if action.take is None:
            return str(action.card)
        if not action.take:
            return _("{card}: place it on the table").format(card=action.card)
        return _("{card} takes {cards}").format(card=action.card, cards=" + ".join(str(c) for c in action.take))
    if action.kind == "exchange" and action.card is not None:
        return _("{card}: exchange it for the face-up briscola").format(card=action.card)
    return str(action)


def _card_or_none(word: str) -> Card | None:
    try:
        return Card.parse(word)
    except ValueError:
        return None


def read_move(view: GameView, text: str, choices: Sequence[Action]) -> Action | str:
    """What a typed line means at this turn: an ``Action``, or the text itself for the service to read
    (``play Ad``, ``exchange 7d``...). ``MoveError`` for a line that cannot be a move now."""
    own = for_game(view.game)
    if own.read is not None:
        found = own.read(view, text)
        if found is not None:
            return found
    if text.isdigit():
        if not choices:
            raise MoveError(_("There is no numbered list now: type your move (see 'help')."))
        k = int(text)
        if not 1 <= k <= len(choices):
            raise MoveError(_("Choose a number from 1 to {n}, or type an action.").format(n=len(choices)))
        return choices[k - 1]
    words = text.split()
    if view.phase == "play" and words and _card_or_none(words[0]) is not None:
        card = _card_or_none(words[0])
        if len(words) == 1:
            options = [a for a in choices if a.kind == "play" and a.card == card]
            if len(options) == 1:
                return options[0]
            if len(options) > 1:
                raise MoveError(_("{card} can be played in {n} ways: type one as listed, e.g. '{example}', or "
                                  "its number.").format(card=card, n=len(options), example=options[0]))
            return f"play {text}"
        if words[1].lower() in ("take", "place"):
            return f"play {text}"
    return text


# ----- the end of a round, the rules -----
def round_lines(game: str, result: Mapping[str, Any], number: int, names: SeatNames, score: Score,
                options: Mapping[str, Any]) -> list[str]:
    """The end of round ``number`` (1 for the first): the points of each side and the match score."""
    return for_game(game).round_lines(result, number, names, score, options)


def plain(markdown: str) -> str:
    """The rules' markdown as plain text (``**match**`` becomes ``match``)."""
    return re.sub(r"\*\*(.+?)\*\*", r"\1", markdown).replace("`", "")


def rules_lines(game: str, options: Mapping[str, Any]) -> list[str]:
    """``rules`` at the prompt: every section of the game's rules (translated), then this table's options."""
    out = ["", _("Rules of {game}:").format(game=game_title(game))]
    for heading, text in rules_text(game, _):
        out.append(heading)
        for line in plain(text).splitlines():
            indent = "  " if line.startswith("- ") else ""
            out.extend(textwrap.wrap(line, WIDTH, initial_indent="  ", subsequent_indent="  " + indent))
    table = options_line(dict(sorted(options.items())))
    out.extend(textwrap.wrap(_("This table: {options}").format(options=table), WIDTH))
    return out
