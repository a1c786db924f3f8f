"""Briscola Chiamata for 5 players: the auction, the called card and its secret partner, the kitty."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Any, ClassVar

from rules.actions import PASS, Action, IllegalAction, RulesError
from rules.cards import POINTS, STRENGTH_ORDER, SUITS, Card, deck_40
from rules.engine import Match, Round, cards_json, parse_cards
from rules.options import TURN_TIMER, OptionSpec, validate
from rules.spec import GameSpec, register
from rules.tricks import TrickState
from rules.view import GameView

PLAYERS = 5
KITTY_SIZE = 5
OPTIONS: dict[str, OptionSpec] = {
    s.name: s
    for s in (
        OptionSpec("bidding", ("rank", "points")),
        OptionSpec("kitty", ("off", "on")),
        OptionSpec("match", ("single", "short", "long")),
        OptionSpec("faces", ("italian", "french")),
        OptionSpec("show_points", ("off", "on")),
        TURN_TIMER,
    )
}
MATCH_ROUNDS = {"single": 1, "short": 5, "long": 10}
"""Rounds played (passed-out rounds not counted)."""

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

    def __init__(self, dealer: int, hands, kitty, options: dict) -> None:
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
    def deal(cls, dealer: int, rng: random.Random, options: dict) -> ChiamataRound:
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
    def from_json(cls, dealer: int, deal: dict, options: dict) -> ChiamataRound:
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

    def deal_json(self) -> dict:
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

    def apply_fast(self, m: int) -> None:
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
            raise IllegalAction("the round is over")
        if ph == "auction":
            if k == "pass":
                return PASS_MOVE
            if k != "bid":
                raise IllegalAction("the auction is on: bid or pass")
            return self._bid_move(action.bid)
        if ph == "trump":
            if k != "trump" or action.suit is None or action.suit not in SUITS:
                raise IllegalAction("declare the trump suit first: one of d, c, s, b")
            return TRUMP_MOVE + SUITS.index(action.suit)
        if ph == "discard":
            if k != "discard":
                raise IllegalAction(f"discard {KITTY_SIZE} cards from your hand first")
            hand = self.hands[self.caller]
            if len(set(action.cards)) != KITTY_SIZE:
                raise IllegalAction(f"discard exactly {KITTY_SIZE} different cards")
            for c in action.cards:
                if c not in hand:
                    raise IllegalAction(f"{c} is not in your hand")
            return DISCARD_FLAG | sum(1 << c for c in action.cards)
        if ph == "call":
            if k != "call":
                raise IllegalAction("call a card first")
            card = action.card
            if card not in self._callable():
                if self.mode == "rank":
                    rank = "2" if self.standing >= TARGET_BID else STRENGTH_ORDER[self.standing - RANK_BID]
                    where = f"of {SUITS[self.trump]} (the declared trump)" if self.trump >= 0 else "in any suit"
                    raise IllegalAction(f"call the rank you bid, {rank}, {where}")
                if self.trump < 0:
                    raise IllegalAction(f"{card} is not in the 40-card deck: call any card without 8, 9 or X")
                raise IllegalAction(f"call a card of the declared trump suit {SUITS[self.trump]}")
            return CALL_MOVE + card
        if k != "play" or action.take is not None:
            raise IllegalAction("play a card from your hand")
        if action.card not in self.hands[self.turn]:
            raise IllegalAction(f"{action.card} is not in your hand")
        return action.card

    def _bid_move(self, bid) -> int:
        st = self.standing
        if self.mode == "points":
            if isinstance(bid, str) and bid.isdigit():
                bid = int(bid)
            if isinstance(bid, bool) or not isinstance(bid, int):
                raise IllegalAction(f"in points bidding a bid is a number of points from 61 to 120, not {bid!r}")
            low = 61 if st < 0 else st - TARGET_BID + 1
            if low > 120:
                raise IllegalAction("nobody can bid over 120: pass")
            if not low <= bid <= 120:
                raise IllegalAction(f"bid a target from {low} to 120")
            return TARGET_BID + bid
        if not isinstance(bid, str):
            raise IllegalAction(f"in rank bidding a bid is a rank ({' '.join(STRENGTH_ORDER)}) or 2:N, not {bid!r}")
        text = bid.strip().upper()
        if text.startswith("2:"):
            num = text[2:]
            if not num.isdigit():
                raise IllegalAction(f"a 2 with a target is written 2:N with N from 62 to 120, not {bid!r}")
            if st < 0 or (st < TARGET_BID and st - RANK_BID != _TWO):
                raise IllegalAction("a points target on the 2 comes only once the standing bid is 2")
            low = 62 if st < TARGET_BID else st - TARGET_BID + 1
            v = int(num)
            if low > 120:
                raise IllegalAction("nobody can bid over 2:120: pass")
            if not low <= v <= 120:
                raise IllegalAction(f"bid 2:N with N from {low} to 120")
            return TARGET_BID + v
        if len(text) != 1 or text not in STRENGTH_ORDER:
            raise IllegalAction(f"a bid is a rank ({' '.join(STRENGTH_ORDER)}) or 2:N, not {bid!r}")
        k = STRENGTH_ORDER.index(text)
        if st >= 0:
            if st >= TARGET_BID or st - RANK_BID == _TWO:
                raise IllegalAction("the standing bid is 2: bid 2:N with a higher points target, or pass")
            if k <= st - RANK_BID:
                lower = " ".join(STRENGTH_ORDER[st - RANK_BID + 1:])
                raise IllegalAction(f"bid a rank lower than {STRENGTH_ORDER[st - RANK_BID]}: one of {lower}")
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

    def apply_checked(self, action: Action) -> list[dict]:
        """Apply a checked action and return the public events it caused (never a hidden card)."""
        seat = self.to_move()
        m = self.move_of(action)
        ph = self.phase
        before = len(self.history)
        self.apply_fast(m)
        if ph == "auction":
            ev: list[dict] = [{"type": "pass" if m == PASS_MOVE else "bid", "seat": seat}]
            if m != PASS_MOVE:
                ev[0]["bid"] = self.bid_value(m)
            if self.caller >= 0:
                ev.append({"type": "auction_won", "seat": self.caller, "bid": self.bid_value(self.standing),
                           "target": self.target})
            elif self.passed_out:
                ev.append({"type": "passed_out"})
            return ev
        if ph == "trump":
            return [{"type": "trump", "seat": seat, "suit": SUITS[self.trump]}]
        if ph == "discard":
            return [{"type": "discard", "seat": seat, "count": KITTY_SIZE}]
        if ph == "call":
            return [{"type": "call", "seat": seat, "card": str(Card(self.called))}]
        ev = [{"type": "play", "seat": seat, "card": str(action.card)}]
        if action.card == self.called:
            ev.append({"type": "partner_revealed", "seat": seat, "caller": self.caller,
                       "alone": seat == self.caller})
        if len(self.history) > before:
            lead, cs, w = self.history[-1]
            ev.append({"type": "trick", "winner": w, "leader": lead, "cards": cards_json(cs),
                       "points": sum(POINTS[c] for c in cs)})
        return ev


@dataclass(frozen=True)
class ChiamataView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Chiamata table."""

    PRIVATE_FIELDS: ClassVar[tuple[str, ...]] = ("hand", "kitty", "discards")

    auction: tuple[tuple[int, str | int | None], ...]
    """Bids in order: (seat, bid), ``None`` for a pass."""
    passed: tuple[bool, ...]
    standing_bid: str | int | None
    standing_seat: int | None
    caller: int | None
    target: int | None
    trump: str | None
    called: Card | None
    partner: int | None
    """The partner's seat once revealed (the caller's seat when alone), else ``None``."""
    i_am_partner: bool
    """True only in the partner's own view: it holds the called card."""
    kitty: tuple[Card, ...]
    """The kitty, in the caller's view only once taken."""
    discards: tuple[Card, ...]
    """The caller's discards, in the caller's view only."""
    trick: tuple[tuple[int, Card], ...]
    leader: int
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]
    tricks_won: tuple[int, ...]
    points: tuple[int, ...] | None
    """Card points each seat took in tricks, only with ``show_points`` (sides are secret)."""
    rounds_played: int

    @property
    def round(self) -> int:
        """The round's index, 0 for the first (``round_number - 1``; passed-out rounds count)."""
        return self.round_number - 1

    @property
    def game_points(self) -> tuple[int, ...]:
        """Match game points per seat (the same as ``totals``)."""
        return self.totals

    @property
    def last_round(self) -> Mapping[str, Any] | None:
        """The previous round's result (the same as ``last_result``)."""
        return self.last_result


class Chiamata(Match):
    """A Chiamata match of 1, 5 or 10 rounds (passed-out rounds are redealt and do not count)."""

    game = "chiamata"
    player_counts = (PLAYERS,)
    round: ChiamataRound

    @classmethod
    def validate_options(cls, players: int, options: dict | None) -> dict:
        """Validated options with their defaults."""
        return validate("chiamata", OPTIONS, players, options)

    def round_phase(self) -> str:
        """The round's phase: ``auction``, ``trump``, ``discard``, ``call``, ``play`` or ``over``."""
        return str(self.round.phase)

    def new_round(self, dealer: int, deal: dict | None) -> ChiamataRound:
        """A round dealt by ``dealer``."""
        if deal is None:
            return ChiamataRound.deal(dealer, self.rng, self.options)
        return ChiamataRound.from_json(dealer, deal, self.options)

    def score_round(self, rnd: Round) -> dict:
        """Card points per seat (discards to the caller), success and the game points."""
        assert isinstance(rnd, ChiamataRound)
        gp = [0] * PLAYERS
        if rnd.passed_out:
            info: dict[str, int | bool | None] = {"caller": None, "partner": None, "target": None, "success": None,
                                                  "passed_out": True}
            self.rounds[-1].update(info)
            return {"card_points": [0] * PLAYERS, "game_points": gp, **info}
        pts = list(rnd.captured)
        pts[rnd.caller] += sum(POINTS[c] for c in rnd.discards)
        side = rnd.caller_side_points()
        success = side >= rnd.target
        sign = 1 if success else -1
        if rnd.partner < 0:
            for s in range(PLAYERS):
                gp[s] = 4 * sign if s == rnd.caller else -sign
        else:
            for s in range(PLAYERS):
                gp[s] = 2 * sign if s == rnd.caller else sign if s == rnd.partner else -sign
        info = {"caller": rnd.caller, "partner": rnd.partner if rnd.partner >= 0 else None,
                "target": rnd.target, "success": success}
        self.rounds[-1].update(info)
        return {"card_points": pts, "game_points": gp, "called": str(Card(rnd.called)),
                "caller_side_points": side, **info}

    def rounds_played(self) -> int:
        """Rounds that count toward the match (passed-out rounds excluded)."""
        return sum(1 for r in self.rounds if "result" in r and not r["result"].get("passed_out"))

    def match_finished(self) -> bool:
        """After 1, 5 or 10 played rounds."""
        return self.rounds_played() >= MATCH_ROUNDS[self.options["match"]]

    def match_winners(self) -> list[int]:
        """A single round: its winning side (caller and partner, or the caller alone, else the other four).
        Over 5 or 10 rounds: the seats with the highest total (a tie at the top is shared)."""
        if MATCH_ROUNDS[self.options["match"]] == 1:
            last = next(r for r in reversed(self.rounds) if not r["result"].get("passed_out"))
            side = {last["caller"], last["caller"] if last["partner"] is None else last["partner"]}
            return [s for s in range(PLAYERS) if (s in side) == bool(last["success"])]
        top = max(self.totals)
        return [s for s in range(PLAYERS) if self.totals[s] == top]

    def view(self, seat: int | None) -> ChiamataView:
        """Exactly what ``seat`` may see; ``None`` for the public view."""
        if seat is not None and not 0 <= seat < PLAYERS:
            raise RulesError(f"no seat {seat} at a {PLAYERS}-player table")
        r = self.round
        is_caller = seat is not None and seat == r.caller
        partner = None
        if r.revealed:
            partner = r.partner if r.partner >= 0 else r.caller
        return ChiamataView(
            **self.shared_view_fields(seat),
            hand=tuple(Card(c) for c in r.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in r.hands),
            auction=tuple((s, None if m == PASS_MOVE else r.bid_value(m)) for s, m in r.auction),
            passed=tuple(r.passed),
            standing_bid=r.bid_value(r.standing) if r.standing >= 0 else None,
            standing_seat=r.standing_seat if r.standing_seat >= 0 else None,
            caller=r.caller if r.caller >= 0 else None,
            target=r.target if r.caller >= 0 else None,
            trump=SUITS[r.trump] if r.trump >= 0 else None,
            called=Card(r.called) if r.called >= 0 else None,
            partner=partner,
            i_am_partner=seat is not None and r.called >= 0 and seat == r.partner and seat != r.caller,
            kitty=tuple(Card(c) for c in r.kitty) if is_caller and r.phase != "trump" else (),
            discards=tuple(Card(c) for c in r.discards) if is_caller else (),
            trick=r.trick_pairs(),
            leader=r.leader,
            tricks=r.history_public(),
            tricks_won=tuple(len(w) // PLAYERS for w in r.won),
            points=tuple(r.captured) if self.options["show_points"] == "on" else None,
            rounds_played=self.rounds_played(),
        )


GAME = Chiamata
SPEC = register(GameSpec(
    name=Chiamata.game,
    match=Chiamata,
    player_counts=(PLAYERS,),
    default_players=PLAYERS,
    options=OPTIONS,
    sides_by_players={PLAYERS: tuple((s,) for s in range(PLAYERS))},
    fixed_sides=False,
    scored_per="seat",
    has_bidding=True,
    round_keys=("caller", "partner", "target", "success"),
    ai_module="rules.ai.chiamata",
))
Chiamata.spec = SPEC
