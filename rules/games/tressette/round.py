"""One round of Tressette: ``TressetteRound`` (the checked and the unchecked path through one core, ``_play``),
the deal, following suit, the tricks, the two-player draw with both drawn cards shown, the declarations at the
round's start, the signals of a lead, the scoring in thirds, the view, and reading a deal from its record form.

Fast path for search: a move is an int, a card id plus ``SIGNAL_MOVE`` times the signal's number (0: none,
1 busso, 2 striscio, 3 volo), so ``move % SIGNAL_MOVE`` is always the card played."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.actions import N_, Action, IllegalAction, RulesError
from rules.cards import Card, deck_40, format_cards
from rules.engine import Round, cards_json, parse_cards
from rules.events import Event, TrickTaken
from rules.games.tressette.events import Declared, Drawn, TressettePlay, TressetteResult
from rules.games.tressette.rules import (
    HAND_SIZE,
    LAST_TRICK_THIRDS,
    SIGNALS,
    THIRDS,
    declarations,
    must_follow,
    playable,
    side_of,
    sides_of,
    winning_index,
)
from rules.games.tressette.view import Declaration, DrawnCard, Signal, TressetteView

SIGNAL_MOVE = 64
"""Fast-path move encoding: ``card + SIGNAL_MOVE * k`` leads ``card`` with ``SIGNALS[k - 1]`` (k = 0: none)."""
DEAL_KEYS = ("hands", "stock")
"""What a deal holds in record form: the hands and, with two players, the stock in draw order."""


class TressetteRound(Round):
    """One deal of Tressette. Cards are ``Card`` ids (ints); the seat after the dealer leads the first trick."""

    __slots__ = (
        "n", "dealer", "hands", "stock", "leader", "turn", "trick", "lead_signal", "thirds", "won", "history",
        "signals", "drawn", "declared", "last_taker", "done", "signals_on", "_deal",
    )

    def __init__(self, players: int, dealer: int, hands: Sequence[Sequence[int]], stock: Sequence[int],
                 options: Mapping[str, Any]) -> None:
        self.n = players
        self.dealer = dealer
        self.hands = [sorted(h) for h in hands]
        self.stock = list(reversed(stock))
        """Face-down cards; the next to draw is the last element."""
        self.leader = (dealer + 1) % players
        self.turn = self.leader
        self.trick: list[int] = []
        """Cards of the trick being played, in play order from ``leader``."""
        self.lead_signal = 0
        """The signal's number of the trick being played (0: none)."""
        self.thirds = [0] * players
        """Thirds taken by each seat (the last trick's included once it is played)."""
        self.won: list[list[int]] = [[] for _ in range(players)]
        self.history: list[tuple[int, tuple[int, ...], int]] = []
        """Completed tricks: (leader, cards in play order, winner)."""
        self.signals: list[tuple[int, int, int, int]] = []
        """Signals given: (trick index, seat, card, signal number)."""
        self.drawn: list[tuple[int, int, int]] = []
        """Cards drawn, shown to both players: (trick index after which, seat, card)."""
        self.last_taker = -1
        self.done = False
        self.signals_on = players == 4 and options.get("signals") == "on"
        self._deal: dict[str, Any] = {"hands": [cards_json(h) for h in hands], "stock": cards_json(stock)}
        self.declared: tuple[Declaration, ...] = ()
        if options.get("accusi") == "on":
            self.declared = tuple(Declaration(s, kind, cards, points) for s in range(players)
                                  for kind, cards, points in declarations(self.hands[s]))

    @classmethod
    def shuffled(cls, players: int, dealer: int, rng: random.Random, options: Mapping[str, Any]) -> TressetteRound:
        """Shuffle and deal 10 cards to each player, from the seat after the dealer; with two players the other
        20 are the stock, in draw order."""
        deck: list[int] = list(deck_40())
        rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            hands[(dealer + 1 + i) % players].append(deck[i])
        return cls(players, dealer, hands, deck[HAND_SIZE * players:], options)

    @classmethod
    def from_json(cls, players: int, dealer: int, deal: object, options: Mapping[str, Any]) -> TressetteRound:
        """A round from a record's deal: exactly the 40 cards, 10 in each hand, the rest in the stock."""
        if not isinstance(deal, dict):
            raise RulesError("a deal must be an object with 'hands' and 'stock'")
        extra_keys = sorted(str(k) for k in deal if k not in DEAL_KEYS)
        if extra_keys:
            raise RulesError(f"a Tressette deal holds only its hands and stock, not {', '.join(extra_keys)}")
        raw = deal.get("hands")
        if not isinstance(raw, list) or len(raw) != players:
            raise RulesError(f"deal must hold {players} hands")
        hands = [parse_cards(h, f"hand of seat {i}") for i, h in enumerate(raw)]
        if any(len(h) != HAND_SIZE for h in hands):
            raise RulesError(f"every hand must hold {HAND_SIZE} cards")
        stock = parse_cards(deal.get("stock", []), "stock")
        if len(stock) != 40 - HAND_SIZE * players:
            raise RulesError(f"the stock must hold {40 - HAND_SIZE * players} cards, not {len(stock)}")
        dealt = [c for h in hands for c in h] + stock
        if sorted(dealt) != sorted(deck_40()):
            twice = sorted({c for c in dealt if dealt.count(c) > 1})
            raise RulesError(f"the deal is not the 40 cards (dealt twice: {format_cards(twice) or 'none'})")
        return cls(players, dealer, hands, stock, options)

    @classmethod
    def position(cls, hands: Sequence[str], *, leader: int = 0, stock: str = "", trick: str = "",
                 options: Mapping[str, Any] | None = None) -> TressetteRound:
        """An arbitrary position for tests and analysis (no full-deck check): hands, the stock in draw order and
        the cards already in the trick (played from ``leader`` on), as space-separated cards."""
        players = len(hands)
        if players not in (2, 4):
            raise RulesError(f"a position has 2 or 4 hands, not {players}")
        rnd = cls(players, (leader - 1) % players, [[Card.parse(w) for w in h.split()] for h in hands],
                  [Card.parse(w) for w in stock.split()], options or {})
        for w in trick.split():
            rnd.hands[rnd.turn].append(Card.parse(w))
            rnd._play(Card.parse(w), 0)
        return rnd

    def deal_json(self) -> dict[str, Any]:
        """The deal in record form."""
        return {"hands": [list(h) for h in self._deal["hands"]], "stock": list(self._deal["stock"])}

    # ----- state -----
    def clone(self) -> TressetteRound:
        """A cheap copy for search (the deal record and the declarations are shared: never modified)."""
        o = TressetteRound.__new__(TressetteRound)
        o.n, o.dealer, o.leader, o.turn = self.n, self.dealer, self.leader, self.turn
        o.hands = [h[:] for h in self.hands]
        o.stock = self.stock[:]
        o.trick = self.trick[:]
        o.lead_signal = self.lead_signal
        o.thirds = self.thirds[:]
        o.won = [w[:] for w in self.won]
        o.history = self.history[:]
        o.signals = self.signals[:]
        o.drawn = self.drawn[:]
        o.declared = self.declared
        o.last_taker = self.last_taker
        o.done = self.done
        o.signals_on = self.signals_on
        o._deal = self._deal
        return o

    def to_move(self) -> int | None:
        """The seat to play, or ``None`` when the round is over."""
        return None if self.done else self.turn

    def tricks_done(self) -> int:
        """Tricks completed so far in this round."""
        return len(self.history)

    def led_suit(self) -> int | None:
        """The suit index to follow in the trick being played, ``None`` before its lead."""
        return self.trick[0] // 13 if self.trick else None

    def side_thirds(self) -> list[int]:
        """Thirds taken by each side so far."""
        return [sum(self.thirds[s] for s in side) for side in sides_of(self.n)]

    def deal_events(self) -> list[Event]:
        """The declarations announced at the round's start."""
        return [Declared(d.seat, d.kind, tuple(cards_json(d.cards)), d.points) for d in self.declared]

    # ----- fast path -----
    def legal_fast(self) -> list[int]:
        """Legal moves as ints: the cards that may be played, and with signals on each lead card with each
        signal (``card + SIGNAL_MOVE * k``)."""
        if self.done:
            return []
        cards = playable(self.hands[self.turn], self.led_suit())
        if self.trick or not self.signals_on:
            return cards
        return cards + [c + SIGNAL_MOVE * k for k in range(1, len(SIGNALS) + 1) for c in cards]

    def apply_unchecked(self, move: int) -> int:
        """Apply a legal move without checking it; the trick's winner when it completed one, else -1."""
        return self._play(move % SIGNAL_MOVE, move // SIGNAL_MOVE)

    def _play(self, c: int, signal: int) -> int:
        seat = self.turn
        self.hands[seat].remove(c)
        trick = self.trick
        if not trick and signal:
            self.signals.append((len(self.history), seat, c, signal))
            self.lead_signal = signal
        trick.append(c)
        n = self.n
        if len(trick) < n:
            self.turn = seat + 1 if seat + 1 < n else 0
            return -1
        winner = (self.leader + winning_index(trick)) % n
        self.thirds[winner] += sum([THIRDS[x] for x in trick])
        self.won[winner].extend(trick)
        self.history.append((self.leader, tuple(trick), winner))
        self.trick = []
        self.lead_signal = 0
        self.leader = self.turn = winner
        if self.stock:
            other = 1 - winner
            taken = self.stock.pop()
            self.hands[winner].append(taken)
            given = self.stock.pop()
            self.hands[other].append(given)
            t = len(self.history) - 1
            self.drawn.append((t, winner, taken))
            self.drawn.append((t, other, given))
        elif not self.hands[winner]:
            self.thirds[winner] += LAST_TRICK_THIRDS
            self.last_taker = winner
            self.done = True
        return winner

    # ----- checked path -----
    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""
        return [Action.play(m % SIGNAL_MOVE, signal=SIGNALS[m // SIGNAL_MOVE - 1] if m >= SIGNAL_MOVE else None)
                for m in self.legal_fast()]

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason when ``action`` is not legal now; change nothing."""
        if self.done:
            raise IllegalAction(N_("the round is over"))
        if not isinstance(action, Action) or action.kind != "play" or action.card is None:
            raise IllegalAction(N_("every move is playing a card from your hand, not {action}"), action=str(action))
        if action.take is not None:
            raise IllegalAction(N_("Tressette has no captures: play a card without 'take'"))
        c = action.card
        hand = self.hands[self.turn]
        if c not in hand:
            raise IllegalAction(N_("{card} is not in your hand"), card=str(c))
        led = self.led_suit()
        if led is not None and c // 13 != led and any(x // 13 == led for x in hand):
            raise must_follow(led)
        if action.signal is not None:
            if not self.signals_on:
                raise IllegalAction(N_("signals are off at this table"))
            if action.signal not in SIGNALS:
                raise IllegalAction(N_("{signal} is no signal; the signals are {signals}"),
                                    signal=repr(action.signal), signals=", ".join(SIGNALS))
            if self.trick:
                raise IllegalAction(N_("only the player who leads a trick may add a signal"))

    def apply_checked(self, action: Action) -> list[Event]:
        """Apply a checked play: its ``play`` event, ``trick`` when it completes one (its ``points`` are thirds,
        the last trick's 3 included), ``draw`` when the stock deals after it (both drawn cards are public)."""
        seat = self.turn
        assert action.card is not None, "check() let through only a play of a card in hand"
        signal = SIGNALS.index(action.signal) + 1 if action.signal is not None else 0
        drawn_before = len(self.drawn)
        winner = self._play(action.card, signal)
        events: list[Event] = [TressettePlay(seat, str(action.card), action.signal)]
        if winner >= 0:
            lead, cs, w = self.history[-1]
            worth = sum(THIRDS[c] for c in cs) + (LAST_TRICK_THIRDS if self.done else 0)
            events.append(TrickTaken(w, lead, tuple(cards_json(cs)), worth))
            if len(self.drawn) > drawn_before:
                (_t, s1, c1), (_u, s2, c2) = self.drawn[-2:]
                events.append(Drawn(s1, str(Card(c1)), s2, str(Card(c2)), len(self.stock)))
        return events

    # ----- scoring -----
    def result(self) -> TressetteResult:
        """The round's result: each side's thirds divided by 3 and rounded down, plus its declarations."""
        sides = sides_of(self.n)
        thirds = self.side_thirds()
        accusi = [0] * len(sides)
        for d in self.declared:
            accusi[side_of(d.seat, self.n)] += d.points
        last_side = side_of(self.last_taker, self.n)
        breakdown = tuple({"thirds": thirds[i], "last_trick": LAST_TRICK_THIRDS if i == last_side else 0,
                           "points": thirds[i] // 3, "accusi": accusi[i]} for i in range(len(sides)))
        score = tuple(b["points"] + b["accusi"] for b in breakdown)
        return TressetteResult(
            score=score,
            game_points=tuple(score[side_of(s, self.n)] for s in range(self.n)),
            card_points=tuple(self.thirds),
            breakdown=breakdown,
            last_trick=self.last_taker,
            declarations=tuple(d.as_record() for d in self.declared),
        )

    # ----- views -----
    def known_hands(self) -> dict[int, tuple[Card, ...]]:
        """By seat, the drawn and declared cards still in its hand (every seat knows them)."""
        known: dict[int, set[int]] = {}
        for _t, s, c in self.drawn:
            known.setdefault(s, set()).add(c)
        for d in self.declared:
            known.setdefault(d.seat, set()).update(d.cards)
        out = {s: tuple(Card(c) for c in sorted(cs & set(self.hands[s]))) for s, cs in sorted(known.items())}
        return {s: cs for s, cs in out.items() if cs}

    def view(self, seat: int | None, shared: Mapping[str, Any], show_points: bool) -> TressetteView:
        """What ``seat`` may see (``None``: the public view); ``shared`` holds the fields every game fills."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n):
            raise RulesError(f"no seat {seat!r}: seats are 0..{self.n - 1}")
        n = self.n
        led = self.led_suit()
        return TressetteView(
            **shared,
            hand=tuple(Card(c) for c in self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            trick=tuple(((self.leader + i) % n, Card(c)) for i, c in enumerate(self.trick)),
            leader=self.leader,
            led_suit="dcsb"[led] if led is not None else None,
            tricks=tuple((lead, tuple(((lead + i) % n, Card(c)) for i, c in enumerate(cs)), w)
                         for lead, cs, w in self.history),
            tricks_won=tuple(len(w) // n for w in self.won),
            signals=tuple(Signal(t, s, Card(c), SIGNALS[k - 1]) for t, s, c, k in self.signals),
            stock_count=len(self.stock),
            drawn=tuple(DrawnCard(t, s, Card(c)) for t, s, c in self.drawn),
            declarations=self.declared,
            known_hands=self.known_hands(),
            points=tuple(self.side_thirds()) if show_points else None,
            last_trick=self.last_taker if self.done else None,
        )
