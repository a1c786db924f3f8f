"""Chiamata's ``greedy``: the exact baseline of every phase (the rules are written in docs/AI.md)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import PASS, Action
from rules.ai.chiamata.bidding import TWO, bid_options, card_ids, card_of, cheap_key, known, longest_suit, parse_bid
from rules.ai.tricks import greedy_card
from rules.cards import STRENGTH, SUITS, Card
from rules.games.chiamata.view import ChiamataView


def greedy_strength(hand: Sequence[int]) -> int:
    """Greedy's hand strength: 2 x aces + 2 x threes + the length of the longest suit."""
    aces = sum(1 for c in hand if c % 13 == 0)
    threes = sum(1 for c in hand if c % 13 == 2)
    longest = max(sum(1 for c in hand if c // 13 == s) for s in range(4))
    return 2 * aces + 2 * threes + longest


GREEDY_MIN_STRENGTH = 8
"""Greedy passes below this strength."""


def greedy_rank_limit(strength: int) -> int:
    """Rank mode: the lowest rank greedy bids, as an index in A 3 R C F 7 6 5 4 2 (-1: pass)."""
    if strength < GREEDY_MIN_STRENGTH:
        return -1
    return min(TWO, strength - GREEDY_MIN_STRENGTH)


def greedy_points_limit(strength: int) -> int:
    """Points mode: the highest target greedy bids (0: pass)."""
    if strength < GREEDY_MIN_STRENGTH:
        return 0
    return min(120, 61 + 3 * (strength - GREEDY_MIN_STRENGTH))


def greedy_bid(view: ChiamataView) -> Action:
    """Greedy's bid: the lowest bid open to it if its hand is strong enough (``greedy_strength``), else pass."""
    bids = bid_options(view)
    if not bids:
        return PASS
    first = bids[0]
    s = greedy_strength(view.hand)
    if view.options["bidding"] == "points":
        return first if isinstance(first.bid, int) and first.bid <= greedy_points_limit(s) else PASS
    k, _target = parse_bid(first.bid)
    if isinstance(first.bid, str) and first.bid.startswith("2:"):
        return PASS  # greedy never bids a 2 with a points target
    return first if k <= greedy_rank_limit(s) else PASS


def greedy_call(view: ChiamataView) -> Action:
    """Greedy's call: the strongest free card of its trump suit (the declared trump, else its longest suit)."""
    hand = [int(c) for c in view.hand]
    held = set(hand) | {int(c) for c in view.discards}
    options = card_ids(a for a in view.legal if a.kind == "call")
    if view.trump is not None:  # kitty: the suit is the declared trump
        suit = SUITS.index(view.trump)
    elif view.options["bidding"] == "rank":
        rank = "2" if str(view.standing_bid).startswith("2") else str(view.standing_bid)
        free = [s for s in range(4) if card_of(rank, s) not in held]
        suit = longest_suit(hand, free or range(4))
    else:
        suit = longest_suit(hand)
    in_suit = [c for c in options if c // 13 == suit] or options
    free = [c for c in in_suit if c not in held]
    return Action.call(Card(max(free or in_suit, key=lambda c: (STRENGTH[c], -c))))


def greedy_trump(view: ChiamataView) -> Action:
    """Greedy's trump: its longest suit."""
    return Action.declare_trump(SUITS[longest_suit([int(c) for c in view.hand])])


def greedy_discard(view: ChiamataView) -> Action:
    """Greedy's discard: its five cheapest cards, trumps last."""
    trump = SUITS.index(known(view.trump))
    hand = sorted((int(c) for c in view.hand), key=lambda c: (c // 13 == trump, *cheap_key(c)))
    return Action.discard(hand[:5])


def greedy_play(view: ChiamataView) -> Action:
    """Greedy's card: ``rules.ai.tricks.greedy_card``."""
    hand = sorted(int(c) for c in view.hand)  # remaining ties: the lower card id (suits in the order d c s b)
    trick = [int(c) for _, c in view.trick]
    return Action.play(Card(greedy_card(hand, trick, SUITS.index(known(view.trump)))))
