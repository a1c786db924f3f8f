"""Scopa's and Scopone's ``greedy`` (the exact baseline: static weights in tenths of a point, docs/AI.md) and
``medium`` (one ply with card counting: what a move gains now, less what it leaves the next player, plus what
it leaves the seat's own other cards and, in teams, the partner).

Every level sees only a ``ScopaView`` (its own hand, the table, the public history of plays and takes, hand
sizes, pile counts) and returns one of ``view.legal``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Action
from rules.captures import move_of
from rules.cards import RANKS, Card, deck_40
from rules.games.scopa.rules import CARD_VALUE, DENARI, SETTEBELLO, capture_choices
from rules.games.scopa.view import ScopaView

# ----- the greedy baseline: static weights in tenths of a point -----
SCOPA_TENTHS = 10
"""A scopa is 1 point = 10 tenths."""


def _greedy_weight(c: int) -> int:
    """Static worth of one card going to a pile, in tenths of a point (docs/AI.md)."""
    rank = RANKS[c % 13]
    w = 1  # a share of "most cards"
    if c // 13 == DENARI:
        w += 1  # a share of "most Denari"
    if c == SETTEBELLO:
        w += 10  # the settebello itself
    if rank == "7":
        w += 3  # the best primiera card
    elif rank == "6":
        w += 2
    elif rank == "A":
        w += 1
    return w


GREEDY_WEIGHT: tuple[int, ...] = tuple(_greedy_weight(c) for c in range(52))
"""Greedy weight by card id: 1, +1 for a Denaro, +10 for the 7d, +3 for a 7, +2 for a 6, +1 for an A."""


def last_card_of_round(view: ScopaView) -> bool:
    """Whether the card the seat plays now is the round's last (a capture with it scores no scopa)."""
    return view.stock_size == 0 and sum(view.hand_sizes) == 1


def is_scopa(take: Sequence[Card], table_size: int, last: bool) -> bool:
    """Whether taking ``take`` from a table of ``table_size`` cards sweeps it, and scores (not the last card)."""
    return bool(take) and len(take) == table_size and not last


def greedy_value(card: Card, take: Sequence[Card], table_size: int, last: bool) -> int:
    """Greedy's static value of a capture, in tenths: the weights of the played and the taken cards plus 10 for
    a scopa."""
    w = GREEDY_WEIGHT
    return w[card] + sum(w[t] for t in take) + (SCOPA_TENTHS if is_scopa(take, table_size, last) else 0)


def choose_greedy(view: ScopaView) -> Action:
    """The greedy baseline: the capture of highest ``greedy_value`` (ties: the first in ``view.legal``); with no
    capture, place the card of least weight (ties: the lowest capture value, then the lowest card id)."""
    n = len(view.table)
    last = last_card_of_round(view)
    best: Action | None = None
    best_v = -1
    for a in view.legal:
        card, take = move_of(a)
        if take:
            v = greedy_value(card, take, n, last)
            if v > best_v:
                best, best_v = a, v
    if best is not None:
        return best
    return min(view.legal, key=lambda a: (GREEDY_WEIGHT[move_of(a)[0]], CARD_VALUE[move_of(a)[0]],
                                          move_of(a)[0]))


# ----- medium -----
CARDS_WORTH = 0.1
"""A card's share of the point for most cards, while that point is open."""
DENARI_WORTH = 0.2
"""A Denaro's extra share of the point for most Denari, while that point is open."""
SETTEBELLO_WORTH = 1.0
PRIMIERA_WORTH: dict[str, float] = {"7": 0.35, "6": 0.15, "A": 0.1}
"""A card's extra share of the primiera point, by rank (the ranks that decide it)."""
SCOPA_WORTH = 1.0
PLACE_LOSS = 0.3
"""A placed card may go to the other side later: its worth counts this much against the placing."""
PARTNER_SHARE = 0.25
"""In teams, what the partner (who plays after the next opponent) may take from the table left counts this much
for the move."""
OWN_SHARE = 0.3
"""What the seat's own other cards can take next from the table the move leaves counts this much for the move."""
FULL_HAND = 3
"""The cards a seat holds again after a Scopa deal from the stock."""


def unseen_cards(view: ScopaView) -> list[Card]:
    """The 40 cards less the own hand, the table and every card in the history (played or taken)."""
    seen = set(view.hand) | set(view.table)
    for _seat, card, take in view.history:
        seen.add(card)
        seen.update(take)
    return [c for c in deck_40() if c not in seen]


def card_worth(view: ScopaView, c: Card) -> float:
    """The worth of one card going to a pile, in points, with what is still open: most cards (no side past half
    the deck), most Denari (no side past half of them), the settebello, primiera."""
    w = 0.0
    if max(view.pile_sizes) <= 20:
        w += CARDS_WORTH
    if c // 13 == DENARI and max(view.pile_denari) <= 5:
        w += DENARI_WORTH
    if c == SETTEBELLO:
        w += SETTEBELLO_WORTH
    w += PRIMIERA_WORTH.get(RANKS[c % 13], 0.0)
    return w


def capture_worth(view: ScopaView, card: Card, take: Sequence[Card], table_size: int, last: bool) -> float:
    """What a capture is worth now: the played and taken cards, and a scopa."""
    if not take:
        return 0.0
    w = card_worth(view, card) + sum(card_worth(view, t) for t in take)
    return w + (SCOPA_WORTH if is_scopa(take, table_size, last) else 0.0)


def best_reply(view: ScopaView, card: Card, table: Sequence[Card], last: bool) -> float:
    """The worth of the best capture ``card`` can make on ``table`` (0 when it can only be placed)."""
    return max(capture_worth(view, card, t, len(table), last) for t in capture_choices(card, table))


def expected_best(values: list[float], p: float) -> float:
    """The expected best of captures worth ``values`` when each card is in the hand with chance ``p``:
    ``sum v_i p prod_{j<i} (1 - p)`` over the values in decreasing order."""
    total = 0.0
    miss = 1.0
    for v in sorted(values, reverse=True):
        if v <= 0:
            break
        total += v * p * miss
        miss *= 1 - p
    return total


def next_hand(view: ScopaView, seat: int) -> int:
    """How many cards ``seat`` holds when its turn comes (a new deal from the stock refills an empty hand)."""
    n = view.hand_sizes[seat]
    if n == 0 and view.stock_size > 0:
        return FULL_HAND
    return n


def medium_scores(view: ScopaView) -> list[float]:
    """Per legal action, ``gain - risk + partner + own`` in points (docs/AI.md)."""
    assert view.seat is not None
    seat = view.seat
    players = view.players
    unseen = unseen_cards(view)
    total_left = view.stock_size + sum(view.hand_sizes) - len(view.hand)
    last = last_card_of_round(view)
    opp = (seat + 1) % players
    partner = (seat + 2) % players if players == 4 else None
    # the next plays: is any card left for the opponent, and is it the round's last card
    after_cards = view.stock_size + sum(view.hand_sizes) - 1
    opp_hand = next_hand(view, opp)
    p_opp = min(1.0, opp_hand / len(unseen)) if unseen and total_left else 0.0
    opp_last = after_cards == 1
    scores: list[float] = []
    for a in view.legal:
        card, take = move_of(a)
        if take:
            gain = capture_worth(view, card, take, len(view.table), last)
            left = [t for t in view.table if t not in take]
        else:
            gain = -PLACE_LOSS * card_worth(view, card)
            left = [*view.table, card]
        risk = 0.0
        if p_opp > 0 and left and after_cards > 0:
            risk = expected_best([best_reply(view, u, left, opp_last) for u in unseen], p_opp)
        bonus = 0.0
        if partner is not None and left and after_cards > 1:
            p_partner = min(1.0, next_hand(view, partner) / len(unseen)) if unseen else 0.0
            bonus = PARTNER_SHARE * expected_best([best_reply(view, u, left, after_cards == 2) for u in unseen],
                                                  p_partner)
        rest = [h for h in view.hand if h != card]
        own = max((best_reply(view, h, left, False) for h in rest), default=0.0) if left else 0.0
        scores.append(gain - risk + bonus + OWN_SHARE * own)
    return scores


def choose_medium(view: ScopaView) -> Action:
    """The legal action of best ``medium_scores`` (ties: the first in ``view.legal``)."""
    scores = medium_scores(view)
    best = max(range(len(scores)), key=lambda i: (scores[i], -i))
    return view.legal[best]
