"""One deal of Briscola Chiamata: ``ChiamataRound``, the auction, the kitty, the call and eight (or seven)
tricks, on a fast int move encoding (for search) with the checked actions on top of it."""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from rules.actions import N_, PASS, Action, IllegalAction, RulesError
from rules.cards import POINTS, STRENGTH_ORDER, SUITS, Card, deck_40
from rules.engine import Round, cards_json, parse_cards
from rules.events import Event, Play, TrickTaken
from rules.games.chiamata.events import (
    AuctionWon,
    Bid,
    Called,
    Discarded,
    PartnerRevealed,
    Pass,
    PassedOut,
    TrumpChosen,
)
from rules.tricks import TrickState

PLAYERS = 5
KITTY_SIZE = 5

# Fast-path move encoding (ints). Plays are card ids (0..51).
PASS_MOVE = 100
RANK_BID = 200
"""``RANK_BID + k``: a plain rank bid, k the index in ``STRENGTH_ORDER`` (A=0 .. 2=9)."""
TARGET_BID = 300
"""``TARGET_BID + N``: a points bid of N, or in rank mode the 2 with a target of N."""
TRUMP_MOVE = 500
"""``TRUMP_MOVE + suit index``: declare the trump (kitty)."""
CALL_MOVE = 600
"""``CALL_MOVE + card id``: call a card."""
DISCARD_FLAG = 1 << 52
"""``DISCARD_FLAG | mask``: discard the cards whose ids are set in ``mask`` (kitty)."""

_TWO = STRENGTH_ORDER.index("2")


class ChiamataRound(TrickState, Round):
    """One deal of Chiamata: auction, (kitty,) call, then eight (or seven) tricks."""

    __slots__ = (
        "phase", "mode", "kitty", "passed", "auction", "standing", "standing_seat", "target", "caller",
        "called", "partner", "revealed", "discards", "_deal",
    )

    def __init__(self, dealer: int, hands: Sequence[Sequence[int]], kitty: Sequence[int],
                 options: dict[str, Any]) -> None:
        self._init_tricks(PLAYERS, dealer, [list(h) for h in hands], -1)
        self.phase = "auction"
        """``auction``, ``trump``, ``discard``, ``call``, ``play`` or ``over``."""
        self.mode = options["bidding"]
        self.kitty = list(kitty)
        self.passed = [False] * PLAYERS
        self.auction: list[tuple[int, int]] = []
        """Bids and passes in order: (seat, move)."""
        self.standing = -1
        """The standing bid as a move (``RANK_BID + k`` or ``TARGET_BID + N``), -1 before any bid."""
        self.standing_seat = -1
        self.target = 0
        self.caller = -1
        self.called = -1
        self.partner = -1
        """The seat holding the called card; -1 when the caller plays alone (hidden until revealed)."""
        self.revealed = False
        self.discards: list[int] = []
        self._deal = {"hands": [cards_json(h) for h in hands], "stock": [], "briscola": None, "table": [],
                      "kitty": cards_json(kitty)}

    @classmethod
    def deal(cls, dealer: int, rng: random.Random, options: dict[str, Any]) -> ChiamataRound:
        """Shuffle and deal 8 cards each, or 7 each and 5 to the kitty."""
        deck = list(deck_40())
        rng.shuffle(deck)
        size = 7 if options["kitty"] == "on" else 8
        hands = [deck[i * size:(i + 1) * size] for i in range(PLAYERS)]
        order = [(dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]
        by_seat: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for k, s in enumerate(order):
            by_seat[s] = hands[k]
        return cls(dealer, by_seat, deck[PLAYERS * size:], options)

    @classmethod
    def from_json(cls, dealer: int, deal: dict[str, Any], options: dict[str, Any]) -> ChiamataRound:
        """A round from a record's deal, checked against the 40-card deck."""
        if not isinstance(deal, dict):
            raise RulesError("deal must be an object")
        hands_raw = deal.get("hands")
        if not isinstance(hands_raw, list) or len(hands_raw) != PLAYERS:
            raise RulesError(f"deal must hold {PLAYERS} hands")
        hands = [parse_cards(h, f"hand of seat {i}") for i, h in enumerate(hands_raw)]
        kitty = parse_cards(deal.get("kitty") or [], "kitty")
        size = 7 if options["kitty"] == "on" else 8
        if any(len(h) != size for h in hands) or len(kitty) != (KITTY_SIZE if size == 7 else 0):
            raise RulesError(f"with kitty={options['kitty']} every hand holds {size} cards"
                             f" and the kitty {KITTY_SIZE if size == 7 else 0}")
        if sorted([c for h in hands for c in h] + kitty) != sorted(deck_40()):
            raise RulesError("deal does not hold exactly the 40-card deck")
        return cls(dealer, hands, kitty, options)

    def deal_json(self) -> dict[str, Any]:
        """The deal in record form."""
        return self._deal

    def clone(self) -> ChiamataRound:
        """A cheap copy for search."""
        o = ChiamataRound.__new__(ChiamataRound)
        self._copy_tricks_into(o)
        o.phase = self.phase
        o.mode = self.mode
        o.kitty = self.kitty[:]
        o.passed = self.passed[:]
        o.auction = self.auction[:]
        o.standing, o.standing_seat, o.target = self.standing, self.standing_seat, self.target
        o.caller, o.called, o.partner, o.revealed = self.caller, self.called, self.partner, self.revealed
        o.discards = self.discards[:]
        o._deal = self._deal
        return o

    # ----- state -----
    def to_move(self) -> int | None:
        """The seat to act, or ``None`` when the round is over."""
        if self.done:
            return None
        if self.phase in ("trump", "discard", "call"):
            return self.caller
        return self.turn

    @property
    def passed_out(self) -> bool:
        """True when all five passed (the round is redealt by the next dealer)."""
        return all(self.passed)

    def caller_side_points(self) -> int:
        """Card points of the caller's side, the discards included."""
        pts = self.captured[self.caller] + sum(POINTS[c] for c in self.discards)
        if self.partner >= 0:
            pts += self.captured[self.partner]
        return pts

    # ----- fast path -----
    def legal_fast(self) -> list[int]:
        """Legal moves as ints (see the module's encoding constants)."""
        ph = self.phase
        if ph == "play":
            return self.hands[self.turn][:]
        if ph == "auction":
            return [PASS_MOVE] + self._bid_moves()
        if ph == "trump":
            return [TRUMP_MOVE + s for s in range(4)]
        if ph == "discard":
            hand = self.hands[self.caller]
            return [DISCARD_FLAG | sum(1 << c for c in combo) for combo in combinations(hand, KITTY_SIZE)]
        if ph == "call":
            return [CALL_MOVE + c for c in self._callable()]
        return []

    def _bid_moves(self) -> list[int]:
        st = self.standing
        if self.mode == "points":
            low = 61 if st < 0 else st - TARGET_BID + 1
            return [TARGET_BID + v for v in range(low, 121)]
        if st < 0:
            return [RANK_BID + k for k in range(len(STRENGTH_ORDER))]
        if st < TARGET_BID:
            k = st - RANK_BID
            if k < _TWO:
                return [RANK_BID + j for j in range(k + 1, len(STRENGTH_ORDER))]
            return [TARGET_BID + v for v in range(62, 121)]
        return [TARGET_BID + v for v in range(st - TARGET_BID + 1, 121)]

    def _callable(self) -> list[int]:
        if self.mode == "rank":
            rank = STRENGTH_ORDER[_TWO] if self.standing >= TARGET_BID else STRENGTH_ORDER[self.standing - RANK_BID]
            suits = [self.trump] if self.trump >= 0 else range(4)
            return [Card.of(rank, SUITS[s]) for s in suits]
        if self.trump >= 0:
            return [c for c in deck_40() if c // 13 == self.trump]
        return list(deck_40())

    def apply_unchecked(self, m: int) -> None:
        """Apply a legal move without checking it."""
        ph = self.phase
        if ph == "play":
            if m == self.called:
                self.revealed = True
            self._play(m)
            if not self.trick and not self.hands[self.turn]:
                self.done = True
                self.phase = "over"
            return
        if ph == "auction":
            seat = self.turn
            self.auction.append((seat, m))
            if m == PASS_MOVE:
                self.passed[seat] = True
            else:
                self.standing, self.standing_seat = m, seat
            self._next_bidder(seat)
            return
        if ph == "trump":
            self.trump = m - TRUMP_MOVE
            self.hands[self.caller].extend(self.kitty)
            self.phase = "discard"
            return
        if ph == "discard":
            hand = self.hands[self.caller]
            self.discards = [c for c in hand if (m >> c) & 1]
            self.hands[self.caller] = [c for c in hand if not (m >> c) & 1]
            self.phase = "call"
            return
        if ph == "call":
            c = m - CALL_MOVE
            self.called = c
            self.trump = c // 13
            self.partner = -1
            for s in range(PLAYERS):
                if s != self.caller and c in self.hands[s]:
                    self.partner = s
            self.phase = "play"
            self.turn = self.leader = (self.dealer + 1) % PLAYERS

    def _next_bidder(self, seat: int) -> None:
        npass = sum(self.passed)
        if npass == PLAYERS:
            self.done = True
            self.phase = "over"
            return
        if npass == PLAYERS - 1 and self.standing >= 0:
            self.caller = self.standing_seat
            st = self.standing
            self.target = st - TARGET_BID if st >= TARGET_BID else 61
            self.phase = "trump" if self.kitty else "call"
            return
        s = seat
        for _ in range(PLAYERS):
            s = (s + 1) % PLAYERS
            if not self.passed[s]:
                break
        self.turn = s

    # ----- checked path -----
    def move_of(self, action: Action) -> int:
        """The fast-path move of an action, or ``IllegalAction`` explaining why it is not legal now."""
        ph = self.phase
        k = action.kind
        if self.done:
            raise IllegalAction(N_("the round is over"))
        if ph == "auction":
            if k == "pass":
                return PASS_MOVE
            if k != "bid":
                raise IllegalAction(N_("the auction is on: bid or pass"))
            return self._bid_move(action.bid)
        if ph == "trump":
            if k != "trump" or action.suit is None or action.suit not in SUITS:
                raise IllegalAction(N_("declare the trump suit first: one of d, c, s, b"))
            return TRUMP_MOVE + SUITS.index(action.suit)
        if ph == "discard":
            if k != "discard":
                raise IllegalAction(N_("discard {n} cards from your hand first"), n=KITTY_SIZE)
            hand = self.hands[self.caller]
            if len(set(action.cards)) != KITTY_SIZE:
                raise IllegalAction(N_("discard exactly {n} different cards"), n=KITTY_SIZE)
            for c in action.cards:
                if c not in hand:
                    raise IllegalAction(N_("{card} is not in your hand"), card=str(c))
            return DISCARD_FLAG | sum(1 << c for c in action.cards)
        if ph == "call":
            if k != "call":
                raise IllegalAction(N_("call a card first"))
            card = action.card
            if card not in self._callable():
                if self.mode == "rank":
                    rank = "2" if self.standing >= TARGET_BID else STRENGTH_ORDER[self.standing - RANK_BID]
                    if self.trump >= 0:
                        raise IllegalAction(N_("call the rank you bid, {rank}, of {suit} (the declared trump)"),
                                            rank=rank, suit=SUITS[self.trump])
                    raise IllegalAction(N_("call the rank you bid, {rank}, in any suit"), rank=rank)
                if self.trump < 0:
                    raise IllegalAction(N_("{card} is not in the 40-card deck: call any card without 8, 9 or X"),
                                        card=str(card))
                raise IllegalAction(N_("call a card of the declared trump suit {suit}"), suit=SUITS[self.trump])
            return CALL_MOVE + card
        if k != "play" or action.take is not None:
            raise IllegalAction(N_("play a card from your hand"))
        if action.card not in self.hands[self.turn]:
            raise IllegalAction(N_("{card} is not in your hand"), card=str(action.card))
        return action.card

    def _bid_move(self, bid: object) -> int:
        st = self.standing
        if self.mode == "points":
            if isinstance(bid, str) and bid.isdigit():
                bid = int(bid)
            if isinstance(bid, bool) or not isinstance(bid, int):
                raise IllegalAction(N_("in points bidding a bid is a number of points from 61 to 120, not {bid}"),
                                    bid=repr(bid))
            low = 61 if st < 0 else st - TARGET_BID + 1
            if low > 120:
                raise IllegalAction(N_("nobody can bid over 120: pass"))
            if not low <= bid <= 120:
                raise IllegalAction(N_("bid a target from {low} to 120"), low=low)
            return TARGET_BID + bid
        if not isinstance(bid, str):
            raise IllegalAction(N_("in rank bidding a bid is a rank ({ranks}) or 2:N, not {bid}"),
                                ranks=" ".join(STRENGTH_ORDER), bid=repr(bid))
        text = bid.strip().upper()
        if text.startswith("2:"):
            num = text[2:]
            if not num.isdigit():
                raise IllegalAction(N_("a 2 with a target is written 2:N with N from 62 to 120, not {bid}"),
                                    bid=repr(bid))
            if st < 0 or (st < TARGET_BID and st - RANK_BID != _TWO):
                raise IllegalAction(N_("a points target on the 2 comes only once the standing bid is 2"))
            low = 62 if st < TARGET_BID else st - TARGET_BID + 1
            v = int(num)
            if low > 120:
                raise IllegalAction(N_("nobody can bid over 2:120: pass"))
            if not low <= v <= 120:
                raise IllegalAction(N_("bid 2:N with N from {low} to 120"), low=low)
            return TARGET_BID + v
        if len(text) != 1 or text not in STRENGTH_ORDER:
            raise IllegalAction(N_("a bid is a rank ({ranks}) or 2:N, not {bid}"), ranks=" ".join(STRENGTH_ORDER),
                                bid=repr(bid))
        k = STRENGTH_ORDER.index(text)
        if st >= 0:
            if st >= TARGET_BID or st - RANK_BID == _TWO:
                raise IllegalAction(N_("the standing bid is 2: bid 2:N with a higher points target, or pass"))
            if k <= st - RANK_BID:
                lower = " ".join(STRENGTH_ORDER[st - RANK_BID + 1:])
                raise IllegalAction(N_("bid a rank lower than {rank}: one of {ranks}"),
                                    rank=STRENGTH_ORDER[st - RANK_BID], ranks=lower)
        return RANK_BID + k

    def bid_value(self, move: int) -> str | int:
        """The record form of a bid move."""
        if move < TARGET_BID:
            return STRENGTH_ORDER[move - RANK_BID]
        return move - TARGET_BID if self.mode == "points" else f"2:{move - TARGET_BID}"

    def action_of(self, m: int) -> Action:
        """The action of a fast-path move in this round's phase."""
        if m == PASS_MOVE:
            return PASS
        if RANK_BID <= m < TRUMP_MOVE:
            return Action.make_bid(self.bid_value(m))
        if TRUMP_MOVE <= m < CALL_MOVE:
            return Action.declare_trump(SUITS[m - TRUMP_MOVE])
        if CALL_MOVE <= m < CALL_MOVE + 52:
            return Action.call(m - CALL_MOVE)
        if m >= DISCARD_FLAG:
            return Action.discard([c for c in range(52) if (m >> c) & 1])
        return Action.play(m)

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to move."""
        return [self.action_of(m) for m in self.legal_fast()] if not self.done else []

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason when ``action`` is not legal now."""
        self.move_of(action)

    def apply_checked(self, action: Action) -> list[Event]:
        """Apply a checked action and return the public events it caused (never a hidden card)."""
        seat = self.to_move()
        assert seat is not None, "check() let through an action of a round still in play"
        m = self.move_of(action)
        ph = self.phase
        before = len(self.history)
        self.apply_unchecked(m)
        if ph == "auction":
            ev: list[Event] = [Pass(seat) if m == PASS_MOVE else Bid(seat, self.bid_value(m))]
            if self.caller >= 0:
                ev.append(AuctionWon(self.caller, self.bid_value(self.standing), self.target))
            elif self.passed_out:
                ev.append(PassedOut())
            return ev
        if ph == "trump":
            return [TrumpChosen(seat, SUITS[self.trump])]
        if ph == "discard":
            return [Discarded(seat, KITTY_SIZE)]
        if ph == "call":
            return [Called(seat, str(Card(self.called)))]
        ev = [Play(seat, str(action.card))]
        if action.card == self.called:
            ev.append(PartnerRevealed(seat, self.caller, seat == self.caller))
        if len(self.history) > before:
            lead, cs, w = self.history[-1]
            ev.append(TrickTaken(w, lead, tuple(cards_json(cs)), sum(POINTS[c] for c in cs)))
        return ev
