"""The match interface shared by every engine: turns, checked actions, rounds, results, views, records.

A ``Match`` is a whole game at one table (one or more rounds). Each engine supplies a ``Round`` (one deal
played out) and the scoring of rounds into game points. The checked public API is
``to_move`` / ``legal_actions`` / ``check`` / ``apply`` / ``is_over`` / ``view`` / ``record``; search uses the
round's ``clone`` / ``legal_fast`` / ``apply_unchecked``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from rules.actions import N_, Action, IllegalAction, RulesError, brief
from rules.cards import Card
from rules.events import Event, MatchOver, RoundOver, RoundStart
from rules.results import RoundResult
from rules.spec import RECORD_FORMAT
from rules.view import GameView, Sides

if TYPE_CHECKING:
    from rules.spec import GameSpec

__all__ = ["RECORD_FORMAT", "SEED_MAX", "DealSource", "Match", "Round", "cards_json", "parse_cards"]
SEED_MAX = 2**63 - 1
"""Largest seed a record may hold (a seed is stored as a 64-bit SQLite integer)."""


class Round:
    """One deal played out. Subclasses implement the game; the base only names the interface."""

    n: int
    dealer: int

    def to_move(self) -> int | None:
        """The seat that must act, or ``None`` when the round is over."""
        raise NotImplementedError

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""
        raise NotImplementedError

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with a clear reason when ``action`` is not legal now."""
        raise NotImplementedError

    def apply_checked(self, action: Action) -> list[Event]:
        """Apply a legal action (already checked) and return the events it caused."""
        raise NotImplementedError

    def is_over(self) -> bool:
        """True when the round has ended."""
        return self.to_move() is None

    def deal_json(self) -> dict[str, Any]:
        """The deal in record form."""
        raise NotImplementedError

    def deal_events(self) -> list[Event]:
        """Events of the deal itself, after its ``RoundStart`` (a round can end at once, e.g. a Briscola conquest;
        Tressette's declarations are announced)."""
        return []

    def tricks_done(self) -> int:
        """Complete turns around the table so far in this round (tricks taken; Cicera: plays // players)."""
        raise NotImplementedError


def cards_json(cs: Iterable[int]) -> list[str]:
    """Cards in record form."""
    return [str(Card(c)) for c in cs]


def parse_cards(items: object, what: str) -> list[Card]:
    """Cards from record form, with an error naming ``what`` on bad input."""
    if not isinstance(items, list):
        raise RulesError(f"{what} must be a list of cards")
    try:
        return [Card.parse(x) for x in items]
    except ValueError as e:
        raise RulesError(f"{what}: {e}") from None


DealSource = Callable[[int, int], dict[str, Any]]
"""``deals(round_index, dealer) -> deal in record form``: replays a stored deal instead of shuffling."""


class Match:
    """A game at one table: one or more rounds, scored into game points per seat."""

    game: str = ""
    player_counts: tuple[int, ...] = ()
    spec: ClassVar[GameSpec]
    """The game's registered spec (set by the game module when it registers)."""

    def __init__(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        *,
        first_dealer: int | None = None,
        deals: DealSource | None = None,
    ) -> None:
        self.check_players(players)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"the seed must be a whole number, not {brief(seed)}")
        self.n = players
        self.options = self.validate_options(players, options)
        self.seed = seed
        self.rng = random.Random(seed)
        self._deals = deals
        self.rounds: list[dict[str, Any]] = []
        """Finished and current rounds in record form (``dealer``, ``deal``, ``actions``, ``result``)."""
        self.totals = [0] * players
        self.over = False
        self.winners: list[int] = []
        dealer = players - 1 if first_dealer is None else first_dealer
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RulesError(f"first dealer must be a seat 0..{players - 1}")
        self.round: Round
        self.start_events = self._start_round(dealer)
        """Events of the first deal (it may end the round at once)."""

    @classmethod
    def check_players(cls, players: object) -> int:
        """``players`` when it is one of the game's player counts, else ``RulesError``; call it before
        anything is sized by the count."""
        if isinstance(players, bool) or not isinstance(players, int) or players not in cls.player_counts:
            counts = ", ".join(str(p) for p in cls.player_counts)
            raise RulesError(N_("{game} is played by {counts} players, not {players}"), game=cls.game, counts=counts,
                             players=brief(players))
        return players

    # ----- to implement per game -----
    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults."""
        raise NotImplementedError

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> Round:
        """A round dealt by ``dealer``: from ``deal`` (record form) when given, else shuffled by ``self.rng``."""
        raise NotImplementedError

    def score_round(self, rnd: Round) -> RoundResult:
        """The round's typed result; its record form holds ``game_points`` per seat for this round."""
        raise NotImplementedError

    def match_finished(self) -> bool:
        """After a round has been scored: has the match ended?"""
        raise NotImplementedError

    def match_winners(self) -> list[int]:
        """Seats of the winning side once the match is over; empty on a draw."""
        raise NotImplementedError

    def view(self, seat: int | None) -> GameView:
        """What ``seat`` may see (``None``: the public view, what any spectator sees)."""
        raise NotImplementedError

    # ----- the same questions for every game -----
    @property
    def sides(self) -> Sides:
        """The game's fixed sides for this player count (each seat alone when sides change per round)."""
        return self.spec.sides(self.n)

    def side_totals(self) -> list[int]:
        """Game points of each side."""
        return [self.totals[side[0]] for side in self.sides]

    def leading_side(self) -> list[int]:
        """The seats of the side with the highest total alone; empty when sides share it."""
        totals = self.side_totals()
        top = max(totals)
        return list(self.sides[totals.index(top)]) if totals.count(top) == 1 else []

    def auto_action(self) -> Action | None:
        """The action the table plays by itself now (Briscola's ``autoplay_last``), else ``None``."""
        return None

    def last_result(self) -> dict[str, Any] | None:
        """The result of the most recently finished round, ``None`` before the first one ends."""
        for r in reversed(self.rounds):
            if "result" in r:
                result: dict[str, Any] = r["result"]
                return result
        return None

    def round_phase(self) -> str:
        """The current round's phase: ``play`` while it is played (Chiamata names its own), ``over`` after."""
        return "over" if self.over or self.round.is_over() else "play"

    def shared_view_fields(self, seat: int | None) -> dict[str, Any]:
        """The ``GameView`` fields every engine fills the same way, for ``seat``."""
        r = self.round
        to_move = self.to_move()
        return {
            "game": self.game,
            "players": self.n,
            "seat": seat,
            "options": dict(self.options),
            "dealer": r.dealer,
            "to_move": to_move,
            "legal": tuple(self.legal_actions()) if seat is not None and to_move == seat else (),
            "phase": self.round_phase(),
            "round_number": len(self.rounds),
            "totals": tuple(self.totals),
            "sides": self.sides,
            "last_result": self.last_result(),
            "match_over": self.over,
            "winners": tuple(self.winners),
            "tricks_done": r.tricks_done(),
        }

    # ----- shared machinery -----
    def _start_round(self, dealer: int) -> list[Event]:
        deal = self._deals(len(self.rounds), dealer) if self._deals else None
        self.round = self.new_round(dealer, deal)
        self.rounds.append({"dealer": dealer, "deal": self.round.deal_json(), "actions": []})
        events: list[Event] = [RoundStart(len(self.rounds) - 1, dealer), *self.round.deal_events()]
        if self.round.is_over():
            events.extend(self._finish_round())
        return events

    def to_move(self) -> int | None:
        """The seat that must act now, or ``None`` when the match is over."""
        return None if self.over else self.round.to_move()

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to move (empty when the match is over)."""
        return [] if self.over else self.round.legal_actions()

    def is_over(self) -> bool:
        """True when the match has ended."""
        return self.over

    def tricks_done(self) -> int:
        """Complete turns around the table so far in the current round (tricks taken; Cicera: plays // players)."""
        return self.round.tricks_done()

    def check(self, action: Action, seat: int | None = None) -> int:
        """The seat that plays ``action`` when it is legal now (by ``seat`` when given); else ``IllegalAction``
        with a clear reason. Changes nothing."""
        if self.over:
            raise IllegalAction(N_("the game is over"))
        if not isinstance(action, Action):
            raise IllegalAction(f"not an action: {action!r}")
        mover = self.round.to_move()
        assert mover is not None, "a round that is over has been replaced by the next one"
        if seat is not None and seat != mover:
            raise IllegalAction(N_("it is not your turn: seat {mover} is to play, not seat {seat}"),
                                mover=mover, seat=seat)
        self.round.check(action)
        return mover

    def is_legal(self, action: Action, seat: int | None = None) -> bool:
        """Whether ``check`` accepts ``action`` now."""
        try:
            self.check(action, seat)
        except RulesError:
            return False
        return True

    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Check and apply ``action`` (by ``seat`` when given); return the events it caused.

        Raises ``IllegalAction`` with a clear reason and leaves the state unchanged when it is not allowed."""
        mover = self.check(action, seat)
        events = self.round.apply_checked(action)
        self.rounds[-1]["actions"].append(action.to_json(mover))
        if self.round.is_over():
            events.extend(self._finish_round())
        return events

    def note(self, entry: dict[str, Any]) -> None:
        """Add an informational entry (``{"seat": s, "timeout": true}``, ``leave``) to the current round."""
        self.rounds[-1]["actions"].append(dict(entry))

    def _finish_round(self) -> list[Event]:
        result = self.score_round(self.round)
        record = result.as_record()
        self.rounds[-1]["result"] = record
        for s, gp in enumerate(record["game_points"]):
            self.totals[s] += gp
        events: list[Event] = [RoundOver(len(self.rounds) - 1, result)]
        if self.match_finished():
            self.over = True
            self.winners = self.match_winners()
            events.append(MatchOver(tuple(self.totals), tuple(self.winners)))
        else:
            events.extend(self._start_round((self.round.dealer + 1) % self.n))
        return events

    def result(self) -> dict[str, Any] | None:
        """The match result (``game_points`` totals per seat and ``winners``), or ``None`` while playing."""
        if not self.over:
            return None
        return {"game_points": list(self.totals), "winners": list(self.winners)}

    def record(self, seats: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
        """The game record of ARCHITECTURE.md (also for a game still in progress: no top-level result)."""
        rec: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "players": self.n,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": seats or [{"name": f"seat {i}", "ai": None} for i in range(self.n)],
            "rounds": [dict(r, actions=list(r["actions"])) for r in self.rounds],
        }
        if self.over:
            rec["result"] = self.result()
        rec.update(extra)
        return rec
