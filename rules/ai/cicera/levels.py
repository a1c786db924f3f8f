"""Cicera's ``greedy`` (the exact baseline: static weights in tenths of a point, docs/AI.md) and ``medium``
(one-ply heuristics with card counting: what a move gains now less what it leaves to the next player).

Every level sees only a ``CiceraView`` (its own hand, the table, the public history) and returns one of
``view.legal``; the tables of card weights are immutable.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import Action
from rules.ai.cicera.counting import (
    PASSED_LIKELIHOOD,
    award_weights,
    passed_captures,
    table_captures,
    takes_of,
    team_piles,
    unseen_cards,
)
from rules.captures import Move, move_of
from rules.cards import Card
from rules.games.cicera.rules import FANTE_OF_CUPS, MATA, NAPULA_RUN, PLAYERS, SWORDS, TEN_OF_COINS
from rules.games.cicera.view import CiceraView

# ----- the greedy baseline: static weights in tenths of a point -----
BONUS_TENTHS = 10
"""Each capture bonus (Scùa, Picada, Simili, Quadriglia) is 1 point = 10 tenths."""


def _greedy_weight(c: int) -> int:
    """Static worth of one card going to a pile, in tenths of a point (docs/AI.md)."""
    w = 1  # a share of "most cards"
    if c // 13 == SWORDS:
        w += 1  # a share of "most swords"
    if c in (MATA, TEN_OF_COINS, FANTE_OF_CUPS):
        w += 10  # the award itself
    if c in NAPULA_RUN[:3]:
        w += 5  # As, 2s, 3s: half a point toward a Napula
    return w


GREEDY_WEIGHT: tuple[int, ...] = tuple(_greedy_weight(c) for c in range(52))
"""Greedy weight by card id: 1, +1 for a sword, +10 for 2s / Xd / Fc, +5 for As / 2s / 3s."""


def bonus_count(card: int, take: Sequence[int], table_size: int, placed: int | None) -> int:
    """How many capture bonuses taking ``take`` with ``card`` scores (0 for a placement)."""
    if not take:
        return 0
    n = 0
    if len(take) == table_size:
        n += 1  # Scùa
    if len(take) == 1 and take[0] == placed:
        n += 1  # Picada
    suit = card // 13
    if all(t // 13 == suit for t in take):
        n += 1  # Simili
    if len(take) >= 3:
        n += 1  # Quadriglia
    return n


def greedy_value(card: int, take: Sequence[int], table_size: int, placed: int | None) -> int:
    """Greedy's static value of a capture, in tenths: the weights of the played and the taken cards plus
    10 per bonus scored now."""
    w = GREEDY_WEIGHT
    return w[card] + sum(w[t] for t in take) + BONUS_TENTHS * bonus_count(card, take, table_size, placed)


def _placed_card(view: CiceraView) -> Card | None:
    lp = view.last_placement
    return None if lp is None else lp[1]


def choose_greedy(view: CiceraView) -> Action:
    """The greedy baseline: the capture of highest ``greedy_value`` (ties: the first in ``view.legal``);
    with no capture, place the card of least weight (ties: the lowest card id)."""
    placed = _placed_card(view)
    n = len(view.table)
    best: Action | None = None
    best_v = -1
    for a in view.legal:
        if a.take:
            v = greedy_value(move_of(a)[0], a.take, n, placed)
            if v > best_v:
                best, best_v = a, v
    if best is not None:
        return best
    return min((a for a in view.legal if not a.take), key=lambda a: (GREEDY_WEIGHT[move_of(a)[0]], a.card))


# ----- medium -----
class Context:
    """What medium needs about a position, computed once per decision."""

    __slots__ = ("team", "weights", "unseen", "passed", "p_next")

    def __init__(self, view: CiceraView) -> None:
        assert view.seat is not None
        self.team = view.seat % 2
        self.weights = award_weights(team_piles(view.history))
        self.unseen = unseen_cards(view)
        self.passed = passed_captures(view, self.unseen)
        # the chance that the next player holds each unseen card: its share of the room in the other hands,
        # less for a card it could have captured with when it placed a card instead
        nxt = (view.seat + 1) % PLAYERS
        others = [s for s in range(PLAYERS) if s != view.seat]
        sizes = view.hand_sizes
        p_next = {}
        for u in self.unseen:
            odds = [sizes[s] * (PASSED_LIKELIHOOD if u in self.passed[s] else 1.0) for s in others]
            total = sum(odds)
            p_next[u] = odds[others.index(nxt)] / total if total else 0.0
        self.p_next = p_next


def capture_worth(card: int, take: Sequence[int], table_size: int, placed: int | None, w: Sequence[float]) -> float:
    """Medium's worth of a capture for the team whose weights are ``w``: bonuses plus award weights."""
    return w[card] + sum(w[t] for t in take) + bonus_count(card, take, table_size, placed)


def reply_risk(table: list[Card], placed: int | None, p_next: dict[Card, float], w: Sequence[float]) -> float:
    """Expected worth of the next player's best capture on ``table``: each unseen card is in its hand with
    the chance ``p_next[card]`` (independently, as an approximation); ``w`` are that player's team weights."""
    if not table:
        return 0.0
    by_rank, by_sum = table_captures(table)
    n = len(table)
    best_by_card = []
    for u, p in p_next.items():
        if p <= 0.0:
            continue
        best = 0.0
        for take in takes_of(u, by_rank, by_sum):
            v = capture_worth(u, take, n, placed, w)
            if v > best:
                best = v
        if best > 0.0:
            best_by_card.append((best, p))
    if not best_by_card:
        return 0.0
    best_by_card.sort(reverse=True)
    e = 0.0
    miss = 1.0
    for v, p in best_by_card:
        e += v * p * miss
        miss *= 1.0 - p
    return e


PLACE_KEEP = 0.25
"""Medium: the share of a placed card's worth counted as lost (it may go to the other team later)."""


def medium_scores(view: CiceraView, moves: Sequence[Move], ctx: Context | None = None) -> list[float]:
    """Medium's score of each move: what it gains now minus what it leaves to the next player."""
    if ctx is None:
        ctx = Context(view)
    mine = ctx.weights[ctx.team]
    theirs = ctx.weights[1 - ctx.team]
    table = list(view.table)
    placed = _placed_card(view)
    n = len(table)
    out = []
    for c, take in moves:
        if take:
            gain = capture_worth(c, take, n, placed, mine)
            rest = [t for t in table if t not in take]
            risk = reply_risk(rest, None, ctx.p_next, theirs)
        else:
            gain = -PLACE_KEEP * (mine[c] + theirs[c])
            risk = reply_risk([*table, c], c, ctx.p_next, theirs)
        out.append(gain - risk)
    return out


def choose_medium(view: CiceraView) -> Action:
    """The move of best ``medium_scores`` (ties: the first in ``view.legal``)."""
    moves = [move_of(a) for a in view.legal]
    scores = medium_scores(view, moves)
    best = max(range(len(moves)), key=lambda i: (scores[i], -i))
    return view.legal[best]
