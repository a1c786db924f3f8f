"""Chiamata AI, the auction and the call: reading bids from a view, a hand's worth as a contract (the
fitted success model), and medium's bid, trump, discards and called card.

Every function here reads only a seat's view and its hand; nothing is shared between calls.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import TypeVar

from rules.actions import PASS, Action, RulesError
from rules.cards import POINTS, STRENGTH, STRENGTH_ORDER, SUITS, Card, deck_40
from rules.games.chiamata.view import ChiamataView

T = TypeVar("T")

PLAYERS = 5
DECK = tuple(int(c) for c in deck_40())
RANK_ORDER = STRENGTH_ORDER
"""Rank letters, strongest first (A 3 R C F 7 6 5 4 2): also the order of rank bids, A the first."""
TWO = RANK_ORDER.index("2")


# ---------------------------------------------------------------------------------------------------------
# small helpers on card ids
def card_of(rank: str, suit: int) -> int:
    return int(Card.of(rank, SUITS[suit]))


def _suit_cards(hand: Iterable[int], s: int) -> list[int]:
    return [c for c in hand if c // 13 == s]


def longest_suit(hand: Sequence[int], suits: Iterable[int] = range(4)) -> int:
    """The suit with most cards in ``hand``; ties: more card points, then the first in the order d c s b."""
    return max(suits, key=lambda s: (sum(1 for c in hand if c // 13 == s),
                                     sum(POINTS[c] for c in hand if c // 13 == s), -s))


def cheap_key(c: int) -> tuple[int, int, int]:
    """Cheapest first: fewer points, then weaker, then the lower card id."""
    return (POINTS[c], STRENGTH[c], c)


def known(value: T | None) -> T:
    """A view's field that this phase of the round always fills (the trump once declared, the caller...)."""
    if value is None:
        raise RulesError("the view does not hold what this phase of the round needs")
    return value


def card_ids(actions: Iterable[Action]) -> list[int]:
    """The card ids of actions on a card (plays, calls)."""
    return [int(known(a.card)) for a in actions]


# ---------------------------------------------------------------------------------------------------------
# reading the auction from the view
def parse_bid(bid: str | int | None) -> tuple[int, int]:
    """A bid as (rank index, target): ``"3"`` -> (1, 61); ``"2:70"`` -> (9, 70); points 75 -> (-1, 75)."""
    if isinstance(bid, int):
        return (-1, bid)
    bid = known(bid)
    if bid.startswith("2:"):
        return (TWO, int(bid[2:]))
    return (RANK_ORDER.index(bid), 61)


def bid_options(view: ChiamataView) -> list[Action]:
    """The legal bids (no pass), in increasing order of ambition."""
    bids = [a for a in view.legal if a.kind == "bid"]
    bids.sort(key=lambda a: parse_bid(a.bid) if view.options["bidding"] == "rank" else (0, a.bid))
    return bids


def _target_of_bid(bid: str | int | None) -> int:
    return parse_bid(bid)[1]



# ---------------------------------------------------------------------------------------------------------
# medium: hand evaluation
def hand_features(hand: Sequence[int], trump: int, called: int) -> list[float]:
    """Features of a caller's hand for a trump suit and a called card (the model's inputs)."""
    alone = called in hand
    f = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    suits = [0, 0, 0, 0]
    side_aces = set()
    for c in hand:
        s = c // 13
        suits[s] += 1
        if s == trump:
            f[1] += 1
            st = STRENGTH[c]
            if st >= 6:
                f[12 - st] += 1  # A -> f[2], 3 -> f[3], R -> f[4], C -> f[5], F -> f[6]
        else:
            r = c % 13
            if r == 0:
                f[7] += 1
                side_aces.add(s)
            elif r == 2:
                f[8] += 1
            else:
                f[10] += POINTS[c]
    for c in hand:
        if c // 13 != trump and c % 13 == 2 and c // 13 in side_aces:
            f[9] += 1
    f[11] = sum(1 for s in range(4) if s != trump and not suits[s])
    if called < 0:
        return f
    if alone:
        f[12] = 1.0
    else:
        st = STRENGTH[called]
        if st == 10:
            f[13] = 1.0
        elif st == 9:
            f[14] = 1.0
        elif st >= 6:
            f[15] = 1.0
    return f


PLAIN_MODEL = (32.85, 2.44, 21.28, 11.5, 5.27, 2.78, 1.79, 1.38, 0.85, -0.64, -0.02, 0.58, -24.73, 20.04, 10.45, 3.55)
"""Expected card points of the caller's side, linear in ``hand_features`` (8 cards each, no kitty); fitted by
least squares on 80,000 simulated rounds played out by ``heuristic_card`` (docs/AI.md)."""
PLAIN_SIGMA = 16.0
KITTY_MODEL = (45.75, 2.56, 19.82, 11.4, 5.27, 2.9, 1.73, 4.03, 3.72, 0.26, 0.27, -0.03, -14.47, 18.82, 10.11, 3.46)
"""The same with the kitty, on the caller's 7 cards before it takes the kitty (discards included)."""
KITTY_SIGMA = 16.3
ALONE_MIN_P = 0.75
"""Playing alone (calling a card of one's own hand) needs at least this chance of success."""
BID_THRESHOLD = {"medium": 0.0, "hard": 0.0}
"""A level bids when the expected game points of its best call reach this value."""


def success_probability(hand: Sequence[int], trump: int, called: int, target: int, kitty: bool) -> float:
    """The model's probability that the caller's side takes ``target`` points."""
    f = hand_features(hand, trump, called)
    model, sigma = (KITTY_MODEL, KITTY_SIGMA) if kitty else (PLAIN_MODEL, PLAIN_SIGMA)
    mean = sum(a * b for a, b in zip(model, f))
    return 0.5 * (1 + math.erf((mean + 0.5 - target) / (sigma * math.sqrt(2))))


def call_value(hand: Sequence[int], trump: int, called: int, target: int, kitty: bool) -> float:
    """Expected game points of the caller for a trump suit and called card: 2(2p-1), or 4(2p-1) alone; a
    call that plays alone with less than ``ALONE_MIN_P`` is worth -4 (never chosen)."""
    p = success_probability(hand, trump, called, target, kitty)
    if called in hand:
        return 4 * (2 * p - 1) if p >= ALONE_MIN_P else -4.0
    return 2 * (2 * p - 1)


def best_partner_card(hand: Sequence[int], suit: int) -> int:
    """The strongest card of ``suit`` not in ``hand`` (the partner is strong), else the suit's ace."""
    for r in RANK_ORDER:
        c = card_of(r, suit)
        if c not in hand:
            return c
    return card_of("A", suit)


def _bid_value(view: ChiamataView, hand: Sequence[int], bid: str | int | None) -> tuple[float, int, int]:
    """(expected game points, trump suit, called card) of the best call after winning the auction at ``bid``."""
    kitty = view.options["kitty"] == "on"
    k, target = parse_bid(bid)
    best = (-9.0, 0, 0)
    for s in range(4):
        if k >= 0:
            cands = [card_of(RANK_ORDER[k], s)]
        else:
            cands = [best_partner_card(hand, s)]
            held = [c for c in hand if c // 13 == s]
            if held and not kitty:
                cands.append(held[0])
        for c in cands:
            v = call_value(hand, s, c, target, kitty)
            if v > best[0]:
                best = (v, s, c)
    return best


def medium_bid(view: ChiamataView, threshold: float) -> Action:
    """Bid the legal bid whose best call is worth most (ties: the least ambitious), if it reaches
    ``threshold``; a 2 with a points target or a points bid only at the lowest legal target."""
    bids = bid_options(view)
    if not bids:
        return PASS
    hand = [int(c) for c in view.hand]
    cands = []
    for a in bids:
        if not isinstance(a.bid, str) or a.bid.startswith("2:"):
            cands.append(a)
            break  # higher targets only lower the chances
        cands.append(a)
    best_v, best_a = -9.0, PASS
    for a in cands:
        v = _bid_value(view, hand, a.bid)[0]
        if v > best_v + 0.05:
            best_v, best_a = v, a
    return best_a if best_v >= threshold else PASS


def medium_trump(view: ChiamataView) -> Action:
    """Kitty: declare the suit whose call is worth most for the bid won."""
    hand = [int(c) for c in view.hand]
    return Action.declare_trump(SUITS[_bid_value(view, hand, view.standing_bid)[1]])


def medium_discard(view: ChiamataView) -> Action:
    """Kitty: load the discard with points (they are safe there): the five non-trumps with most points
    (ties: the weaker card); trumps only when fewer than five non-trumps are left, the cheapest first."""
    trump = SUITS.index(known(view.trump))
    hand = sorted((int(c) for c in view.hand),
                  key=lambda c: (c // 13 == trump, -POINTS[c] if c // 13 != trump else POINTS[c], STRENGTH[c], c))
    return Action.discard(hand[:5])


def medium_call(view: ChiamataView) -> Action:
    """Call the card worth most by the hand model: usually the highest trump not held (a strong partner);
    a card of one's own hand (alone) only when the model values it more."""
    hand = [int(c) for c in view.hand]
    held = set(hand) | {int(c) for c in view.discards}
    legal = card_ids(view.legal)
    if view.trump is not None:  # kitty: the suit is declared, the discards are safe points
        free = [c for c in legal if c not in held]
        return Action.call(Card(max(free or legal, key=lambda c: (STRENGTH[c], -c))))
    target = _target_of_bid(view.standing_bid)
    if view.options["bidding"] == "rank":
        cands = legal
    else:
        cands = [best_partner_card(hand, s) for s in range(4)] + [
            max(_suit_cards(hand, s), key=lambda c: STRENGTH[c]) for s in range(4) if _suit_cards(hand, s)]
    return Action.call(Card(max(cands, key=lambda c: (call_value(hand, c // 13, c, target, False), -c))))
