"""Briscola for 2, 3, 4 and 6 players, with the table options of RULES.md."""

from __future__ import annotations

import functools
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules.actions import N_, Action, IllegalAction, RulesError
from rules.cards import POINTS, Card, deck_36, deck_39, deck_40
from rules.engine import Match, Round, cards_json, parse_cards
from rules.events import Event, Play, TrickTaken
from rules.games.briscola.events import BriscolaResult, Conquest, Draw, Exchange
from rules.options import HINTS, TEAM_CHAT, TURN_TIMER, OptionSpec, validate
from rules.spec import GameSpec, SummaryRow, register
from rules.tricks import EXCHANGE, TrickState
from rules.view import GameView

PLAYER_COUNTS = (2, 3, 4, 6)
HAND_SIZE = 3
ON_OFF = ("off", "on")

OPTIONS: dict[str, OptionSpec] = {
    s.name: s
    for s in (
        OptionSpec("match", ("single", "short", "long")),
        OptionSpec(
            "teams",
            ("random",),
            players=(4, 6),
            values_by_players={4: ("random", "12-34", "13-24", "14-23"), 6: ("random", "135-246")},
        ),
        OptionSpec("faces", ("italian", "french")),
        OptionSpec("show_points", ON_OFF),
        OptionSpec("open", ON_OFF),
        OptionSpec("trump_exchange", ON_OFF),
        OptionSpec("high_score_bonus", ON_OFF),
        OptionSpec("conquest", ON_OFF),
        OptionSpec("autoplay_last", ("on", "off")),
        OptionSpec("team_chat", TEAM_CHAT, players=(4, 6)),
        OptionSpec("partner_hand", ("on", "off"), players=(4, 6)),
        TURN_TIMER,
        HINTS,
    )
}

MATCH_TARGET = {"single": 1, "short": 3, "long": 5}
"""Game points a side needs to win the match."""


def deck_for(players: int) -> list[Card]:
    """The deck for a player count: 40 cards, 39 without the 2c for 3 players, 36 without the 2s for 6."""
    return deck_39() if players == 3 else deck_36() if players == 6 else deck_40()


@functools.cache
def draws_for(players: int) -> int:
    """How many times each seat draws in a round of ``players`` (the tricks with a draw after them)."""
    return (len(deck_for(players)) - HAND_SIZE * players) // players


def sides_for(players: int) -> tuple[tuple[int, ...], ...]:
    """The sides: each seat alone for 2 and 3 players, partners sitting opposite for 4 and 6."""
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        return ((0, 2, 4), (1, 3, 5))
    return tuple((s,) for s in range(players))


# rank indices of the exchange cards (see rules.cards.RANKS = "A23456789XFCR")
SEVEN, TWO = 6, 1
SEVEN_TAKES = {0, 2, 10, 11, 12}  # A, 3, F, C, R
TWO_TAKES = {3, 4, 5, 6}  # 4, 5, 6, 7
_CONQUEST_RANKS = (0, 2, 12)  # A, 3, R


class BriscolaRound(TrickState, Round):
    """One deal of Briscola. Cards are ``Card`` ids; see ``rules.tricks.EXCHANGE`` for the fast-path moves."""

    __slots__ = (
        "stock", "briscola", "briscola_drawn", "can_exchange", "exchanges", "conquest", "exchange_on",
        "conquest_on", "sides", "side_of", "_deal",
    )

    def __init__(self, players: int, dealer: int, hands: Sequence[Sequence[int]], stock: Sequence[int],
                 briscola: int, options: dict[str, Any]) -> None:
        self._init_tricks(players, dealer, [list(h) for h in hands], Card(briscola).suit_index)
        self.stock = list(reversed(stock))
        """Face-down cards; the next to draw is the last element."""
        self.briscola = briscola
        """The face-up card (drawn last)."""
        self.briscola_drawn = False
        self.can_exchange = False
        self.exchanges: list[tuple[int, int, int, int]] = []
        """Exchanges made: (seat, card given, briscola taken, tricks played before it)."""
        self.conquest = -1
        """The seat that made a conquest, or -1."""
        self.exchange_on = options.get("trump_exchange") == "on"
        self.conquest_on = options.get("conquest") == "on"
        self.sides = sides_for(players)
        self.side_of = [0] * players
        for i, side in enumerate(self.sides):
            for s in side:
                self.side_of[s] = i
        self._deal = {"hands": [cards_json(h) for h in hands], "stock": cards_json(stock),
                      "briscola": str(Card(briscola)), "table": [], "kitty": []}
        if self.conquest_on:
            self._check_conquest()

    @classmethod
    def deal(cls, players: int, dealer: int, rng: random.Random, options: dict[str, Any]) -> BriscolaRound:
        """Shuffle and deal: 3 cards each, starting with the seat after the dealer; the next card is the
        briscola; the rest is the stock in draw order."""
        deck = list(deck_for(players))
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(players)]
        pos = 0
        for _ in range(HAND_SIZE):
            for i in range(players):
                hands[(dealer + 1 + i) % players].append(deck[pos])
                pos += 1
        return cls(players, dealer, hands, deck[pos + 1:], deck[pos], options)

    @classmethod
    def from_json(cls, players: int, dealer: int, deal: dict[str, Any], options: dict[str, Any]) -> BriscolaRound:
        """A round from a record's deal, checked against the deck for this player count."""
        if not isinstance(deal, dict):
            raise RulesError("deal must be an object")
        hands_raw = deal.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != players:
            raise RulesError(f"deal must hold {players} hands")
        hands = [parse_cards(h, f"hand of seat {i}") for i, h in enumerate(hands_raw)]
        if any(len(h) != HAND_SIZE for h in hands):
            raise RulesError(f"every hand must hold {HAND_SIZE} cards")
        stock = parse_cards(deal.get("stock"), "stock")
        if not isinstance(deal.get("briscola"), str):
            raise RulesError("deal has no briscola card")
        briscola = parse_cards([deal["briscola"]], "briscola")[0]
        everything = [c for h in hands for c in h] + stock + [briscola]
        if sorted(everything) != sorted(deck_for(players)):
            raise RulesError(f"deal does not hold exactly the {len(deck_for(players))}-card deck for {players} players")
        return cls(players, dealer, hands, stock, briscola, options)

    def deal_json(self) -> dict[str, Any]:
        """The deal in record form."""
        return self._deal

    # ----- state -----
    def clone(self) -> BriscolaRound:
        """A cheap copy for search."""
        o = BriscolaRound.__new__(BriscolaRound)
        self._copy_tricks_into(o)
        o.stock = self.stock[:]
        o.briscola = self.briscola
        o.briscola_drawn = self.briscola_drawn
        o.can_exchange = self.can_exchange
        o.exchanges = self.exchanges[:]
        o.conquest = self.conquest
        o.exchange_on = self.exchange_on
        o.conquest_on = self.conquest_on
        o.sides = self.sides
        o.side_of = self.side_of
        o._deal = self._deal
        return o

    def to_move(self) -> int | None:
        """The seat to play, or ``None`` when the round is over."""
        return None if self.done else self.turn

    def stock_left(self) -> int:
        """Cards still to draw, the face-up briscola included."""
        return len(self.stock) + (0 if self.briscola_drawn else 1)

    def briscola_drawer(self) -> int | None:
        """The seat that drew the face-up briscola (the last in the last draw), ``None`` before."""
        if not self.briscola_drawn:
            return None
        winner = self.history[draws_for(self.n) - 1][2]
        return (winner - 1) % self.n

    def side_points(self) -> list[int]:
        """Card points captured by each side."""
        return [sum(self.captured[s] for s in side) for side in self.sides]

    # ----- fast path -----
    def legal_fast(self) -> list[int]:
        """Legal moves as ints: card ids to play, ``EXCHANGE + id`` to exchange."""
        hand = self.hands[self.turn]
        if not self.can_exchange:
            return hand[:]
        return hand + [EXCHANGE + c for c in self._exchange_cards(hand)]

    def _exchange_cards(self, hand: list[int]) -> list[int]:
        b = self.briscola
        r = b % 13
        if r in SEVEN_TAKES:
            want = self.trump * 13 + SEVEN
        elif r in TWO_TAKES:
            want = self.trump * 13 + TWO
        else:
            return []
        return [want] if want in hand else []

    def apply_unchecked(self, m: int) -> None:
        """Apply a legal move without checking it."""
        if m >= EXCHANGE:
            c = m - EXCHANGE
            hand = self.hands[self.turn]
            hand.remove(c)
            hand.append(self.briscola)
            self.exchanges.append((self.turn, c, self.briscola, len(self.history)))
            self.briscola = c
            self.can_exchange = False
            return
        self.can_exchange = False
        winner = self._play(m)
        if winner < 0:
            return
        if self.stock or not self.briscola_drawn:
            self._draw(winner)
            if self.conquest_on and self._check_conquest():
                return
            self.can_exchange = self.exchange_on and bool(self.stock)
        elif not self.hands[winner]:
            self.done = True

    def _draw(self, winner: int) -> None:
        n = self.n
        stock = self.stock
        hands = self.hands
        for i in range(n):
            s = winner + i
            if s >= n:
                s -= n
            if stock:
                hands[s].append(stock.pop())
            else:
                hands[s].append(self.briscola)
                self.briscola_drawn = True

    def _check_conquest(self) -> bool:
        base = self.trump * 13
        need = [base + r for r in _CONQUEST_RANKS]
        for s in range(self.n):
            h = self.hands[s]
            if need[0] in h and need[1] in h and need[2] in h:
                self.conquest = s
                self.done = True
                return True
        return False

    # ----- checked path -----
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""
        if self.done:
            return []
        return [Action.exchange(m - EXCHANGE) if m >= EXCHANGE else Action.play(m) for m in self.legal_fast()]

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason when ``action`` is not legal now."""
        if self.done:
            raise IllegalAction(N_("the round is over"))
        hand = self.hands[self.turn]
        if action.kind == "play":
            if action.take is not None:
                raise IllegalAction(N_("Briscola has no captures: play a card without 'take'"))
            if action.card not in hand:
                raise IllegalAction(N_("{card} is not in your hand"), card=str(action.card))
            return
        if action.kind == "exchange":
            c = action.card
            if not self.exchange_on:
                raise IllegalAction(N_("trump exchange is off at this table"))
            if not self.history:
                raise IllegalAction(N_("there is no exchange before the first trick"))
            if self.trick:
                raise IllegalAction(N_("exchange only before leading, between tricks"))
            if not self.stock:
                raise IllegalAction(N_("no exchange once the stock has no face-down card"))
            if not self.can_exchange:
                raise IllegalAction(N_("only one exchange between two tricks"))
            if c not in hand:
                raise IllegalAction(N_("{card} is not in your hand"), card=str(c))
            if c not in self._exchange_cards(hand):
                b = Card(self.briscola)
                raise IllegalAction(
                    N_("{card} cannot be exchanged for {briscola}: the 7 of trumps takes F, C, R, 3 or A; "
                       "the 2 of trumps takes 4, 5, 6 or 7"),
                    card=str(c), briscola=str(b),
                )
            return
        raise IllegalAction(N_("'{kind}' is not an action of Briscola"), kind=action.kind)

    def apply_checked(self, action: Action) -> list[Event]:
        """Apply a checked action and return the public events it caused."""
        seat = self.turn
        assert action.card is not None, "check() let through only a play or an exchange of a card in hand"
        if action.kind == "exchange":
            old = self.briscola
            self.apply_unchecked(EXCHANGE + action.card)
            return [Exchange(seat, str(action.card), str(Card(old)))]
        before = len(self.history)
        stock_before = self.stock_left()
        self.apply_unchecked(action.card)
        events: list[Event] = [Play(seat, str(action.card))]
        if len(self.history) > before:
            lead, cs, w = self.history[-1]
            events.append(TrickTaken(w, lead, tuple(cards_json(cs)), sum(POINTS[c] for c in cs)))
            if self.stock_left() < stock_before:
                events.append(Draw(w, self.stock_left(), self.briscola_drawn))
            if self.conquest >= 0:
                events.append(self._conquest_event())
        return events

    def deal_events(self) -> list[Event]:
        """A conquest straight after the deal."""
        return [self._conquest_event()] if self.conquest >= 0 else []

    def _conquest_event(self) -> Conquest:
        base = self.trump * 13
        return Conquest(self.conquest, tuple(cards_json(base + r for r in _CONQUEST_RANKS)))


@dataclass(frozen=True)
class BriscolaView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Briscola table."""

    visible_hands: dict[int, tuple[Card, ...]]
    """Other seats' hands this seat may see: partners once the stock is empty (``partner_hand``), all in
    ``open`` mode."""
    trick: tuple[tuple[int, Card], ...]
    leader: int
    trump: str
    briscola: Card | None
    """The face-up briscola, ``None`` once drawn."""
    face_up: Card
    """The last face-up briscola, drawn or not (every seat saw it)."""
    face_up_drawn_by: int | None
    """The seat that drew the face-up briscola with the last draw, ``None`` before."""
    stock_count: int
    """Face-down cards left in the stock."""
    next_stock: Card | None
    """The next face-down card, only in ``open`` mode."""
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]
    """Completed tricks of this round: (leader, ((seat, card), ...), winner)."""
    tricks_won: tuple[int, ...]
    points: tuple[int, ...] | None
    """Card points captured by each side, only with ``show_points`` (or ``open``)."""
    exchanges: tuple[tuple[int, Card, Card, int], ...]
    """Trump exchanges so far: (seat, card given, briscola taken, tricks played before it)."""
    can_exchange: bool
    conquest: int | None

    def shown_hands(self) -> Mapping[int, tuple[Card, ...]]:
        """Other seats' hands shown to this view by the table's rules (``visible_hands``)."""
        return self.visible_hands


class Briscola(Match):
    """A Briscola match: one or more rounds, the dealer moving one seat a round."""

    game = "briscola"
    player_counts = PLAYER_COUNTS
    round: BriscolaRound

    def __init__(self, players: int, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> None:
        self.won_all = -1  # side that captured all 120 with high_score_bonus
        super().__init__(players, options, seed, **kw)

    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with their defaults."""
        return validate("briscola", OPTIONS, players, options)

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> BriscolaRound:
        """A round dealt by ``dealer``."""
        if deal is None:
            return BriscolaRound.deal(self.n, dealer, self.rng, self.options)
        return BriscolaRound.from_json(self.n, dealer, deal, self.options)

    def score_round(self, rnd: Round) -> BriscolaResult:
        """Card points, the winning side and its game points."""
        assert isinstance(rnd, BriscolaRound)
        pts = rnd.side_points()
        bonus = self.options["high_score_bonus"] == "on"
        if rnd.conquest >= 0:
            win = rnd.side_of[rnd.conquest]
        elif self.n == 3:
            top = max(pts)
            win = pts.index(top) if pts.count(top) == 1 else -1
        else:
            win = 0 if pts[0] > 60 else 1 if pts[1] > 60 else -1
        gp = [0] * self.n
        if win >= 0:
            value = 2 if bonus and pts[win] >= 91 else 1
            for s in self.sides[win]:
                gp[s] = value
            if bonus and pts[win] == 120:
                self.won_all = win
        return BriscolaResult(tuple(rnd.captured), tuple(pts), tuple(gp), tuple(self.sides[win]) if win >= 0 else (),
                              rnd.conquest if rnd.conquest >= 0 else None)

    def match_finished(self) -> bool:
        """One round for ``single``; first side to 3 or 5 game points; at once on all 120 with the bonus."""
        if self.won_all >= 0:
            return True
        target = MATCH_TARGET[self.options["match"]]
        if self.options["match"] == "single":
            return True
        return max(self.side_totals()) >= target

    def match_winners(self) -> list[int]:
        """Seats of the winning side; empty on a draw."""
        if self.won_all >= 0:
            return list(self.sides[self.won_all])
        if self.options["match"] == "single":
            return list(self.rounds[-1]["result"]["winners"])
        totals = self.side_totals()
        top = max(totals)
        return list(self.sides[totals.index(top)]) if totals.count(top) == 1 else []

    def auto_action(self) -> Action | None:
        """With ``autoplay_last`` on, the action the bot plays itself in the last trick; else ``None``."""
        if self.over or self.options["autoplay_last"] != "on":
            return None
        r = self.round
        if r.stock or not r.briscola_drawn or r.done:
            return None
        if sum(len(h) for h in r.hands) + len(r.trick) != r.n:
            return None
        return Action.play(r.hands[r.turn][0])

    def view(self, seat: int | None) -> BriscolaView:
        """Exactly what ``seat`` may see; ``None`` for the public view."""
        if seat is not None and not 0 <= seat < self.n:
            raise RulesError(f"no seat {seat} at a {self.n}-player table")
        r = self.round
        opts = self.options
        open_mode = opts["open"] == "on"
        visible: dict[int, tuple[Card, ...]] = {}
        stock_empty = not r.stock and r.briscola_drawn
        for s in range(self.n):
            if s == seat:
                continue
            if open_mode or (
                seat is not None and opts.get("partner_hand") == "on" and stock_empty
                and r.side_of[s] == r.side_of[seat]
            ):
                visible[s] = tuple(Card(c) for c in r.hands[s])
        return BriscolaView(
            **self.shared_view_fields(seat),
            hand=tuple(Card(c) for c in r.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in r.hands),
            visible_hands=visible,
            trick=r.trick_pairs(),
            leader=r.leader,
            trump="dcsb"[r.trump],
            briscola=None if r.briscola_drawn else Card(r.briscola),
            face_up=Card(r.briscola),
            face_up_drawn_by=r.briscola_drawer(),
            stock_count=len(r.stock),
            next_stock=Card(r.stock[-1]) if open_mode and r.stock else None,
            tricks=r.history_public(),
            tricks_won=tuple(len(w) // self.n for w in r.won),
            points=tuple(r.side_points()) if opts["show_points"] == "on" or open_mode else None,
            exchanges=tuple((s, Card(g), Card(t), k) for s, g, t, k in r.exchanges),
            can_exchange=r.can_exchange and not r.done,
            conquest=r.conquest if r.conquest >= 0 else None,
        )


GAME = Briscola
SPEC = register(GameSpec(
    name=Briscola.game,
    match=Briscola,
    player_counts=PLAYER_COUNTS,
    default_players=4,
    options=OPTIONS,
    sides_by_players={p: sides_for(p) for p in PLAYER_COUNTS},
    ai_module="rules.ai.briscola",
    title=N_("Briscola"),
    turn_noun=N_("trick"),
    score_unit=N_("card points"),
    summary_rows=(SummaryRow("card_points", N_("Card points")),),
    review_scale=60.0,
))
Briscola.spec = SPEC
