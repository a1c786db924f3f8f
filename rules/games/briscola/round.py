"""One Briscola round: the deal, the legal plays and exchanges, the tricks and the draws, the checked
and the unchecked (search) paths, and the events they cause."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from rules.actions import N_, Action, IllegalAction, RulesError
from rules.cards import POINTS, Card
from rules.engine import Round, cards_json, parse_cards
from rules.events import Event, Play, TrickTaken
from rules.games.briscola.events import Conquest, Draw, Exchange
from rules.games.briscola.rules import (
    CONQUEST_RANKS,
    HAND_SIZE,
    SEVEN,
    SEVEN_TAKES,
    TWO,
    TWO_TAKES,
    deck_for,
    draws_for,
    sides_for,
)
from rules.tricks import EXCHANGE, TrickState


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
        need = [base + r for r in CONQUEST_RANKS]
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
        return Conquest(self.conquest, tuple(cards_json(base + r for r in CONQUEST_RANKS)))

