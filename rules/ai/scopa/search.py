"""Scopa's and Scopone's ``hard``: a determinized search (``rules.ai.fishing``) over the cards the seat cannot
see, from its view alone.

Each sampled deal gives the unseen cards to the other hands by their sizes and the rest to the stock in a random
order (``sample_position``); every candidate move is played in it, then the round is played on by a fast rollout
policy (``rollout_move``'s rule, ``playout``) and scored exactly (``round_points``), or valued at a horizon
(``estimate``). Near the end of the round (stock empty, few cards in the hands) every sampled deal is solved
exactly instead (``solve``: alpha-beta over the remaining plays, the seat's side against the others); with 2
players the deal is then known (the unseen cards are the other hand), so the choice is the exact one.

The search plays on a ``Position``: the hands, stock and table, and per side only what the round's points read
(cards, Denari, the settebello, each suit's best primiera card, the Denari held for the napola, the scope).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rules.actions import Action
from rules.ai.fishing import deal_weighted, determinized_choice
from rules.ai.scopa.levels import GREEDY_WEIGHT, medium_scores, unseen_cards
from rules.ai.scopa.tuning import SCOPA, ScopaTuning
from rules.captures import Move, move_of
from rules.cards import Card
from rules.games.scopa.rules import (
    CARD_PRIMIERA,
    CARD_VALUE,
    DENARI,
    HAND_SIZE,
    SCOPONE,
    SETTEBELLO,
    capture_choices,
)
from rules.games.scopa.view import ScopaView

# ----- the position a search plays on -----
CARDS, DENARI_N, SETTE, PRIM, MASK, SCOPE = 0, 1, 2, 3, 7, 8
"""Indices of a side's stats: cards taken, Denari taken, settebello (0/1), the best primiera value of each suit
(4 entries from ``PRIM``), the Denari taken as a bit mask by rank (for the napola), scope."""
_STATS = 9
_RANK_BIT = tuple(1 << (c % 13) if c // 13 == DENARI else 0 for c in range(52))
"""A Denaro's bit in the napola mask (A = bit 0 ... 7 = bit 6, F C R = bits 10 11 12)."""
_NAPOLA_BITS = (0, 1, 2, 3, 4, 5, 6, 10, 11, 12)
"""The napola run's ranks in order, as mask bits."""


def side_list(players: int) -> tuple[int, ...]:
    """The side of each seat: teams 0-2 and 1-3 with 4 players, else each seat alone."""
    return tuple(s % 2 if players == 4 else s for s in range(players))


class Position:
    """A round as the search plays it: hands, stock (in dealing order), table, each side's stats, the side of the
    last capture (-1: none yet), the seat to move (-1: the round is over), the cards left in the hands."""

    __slots__ = ("n", "sides", "hands", "stock", "table", "stats", "last", "to_move", "left")

    def __init__(self, n: int, hands: list[list[Card]], stock: list[Card], table: list[Card],
                 stats: list[list[int]], last: int, to_move: int) -> None:
        self.n = n
        self.sides = side_list(n)
        self.hands = hands
        self.stock = stock
        self.table = table
        self.stats = stats
        self.last = last
        self.to_move = to_move
        self.left = sum(len(h) for h in hands)

    def copy(self) -> Position:
        """An independent copy."""
        p = Position.__new__(Position)
        p.n, p.sides, p.last, p.to_move, p.left = self.n, self.sides, self.last, self.to_move, self.left
        p.hands = [list(h) for h in self.hands]
        p.stock = list(self.stock)
        p.table = list(self.table)
        p.stats = [list(s) for s in self.stats]
        return p


def _take(st: list[int], c: int) -> None:
    st[CARDS] += 1
    if c // 13 == DENARI:
        st[DENARI_N] += 1
        st[MASK] |= _RANK_BIT[c]
        if c == SETTEBELLO:
            st[SETTE] = 1
    k = PRIM + c // 13
    pv = CARD_PRIMIERA[c]
    if pv > st[k]:
        st[k] = pv


def new_stats(sides: int) -> list[list[int]]:
    """Empty stats for each side."""
    return [[0] * _STATS for _ in range(sides)]


def stats_of(piles: Sequence[Sequence[Card]], scope: Sequence[int]) -> list[list[int]]:
    """The stats of captured piles and scope per side."""
    out = new_stats(len(piles))
    for st, pile, sc in zip(out, piles, scope, strict=True):
        for c in pile:
            _take(st, c)
        st[SCOPE] = sc
    return out


def play(p: Position, card: Card, take: Sequence[Card]) -> None:
    """Play a legal move as the engine does: a capture (a scopa unless it is the round's last card) or a placing;
    new hands from the stock when every hand is empty; at the end, the table to the last capturer's side."""
    seat = p.to_move
    side = p.sides[seat]
    p.hands[seat].remove(card)
    p.left -= 1
    table = p.table
    if take:
        st = p.stats[side]
        _take(st, card)
        for t in take:
            table.remove(t)
            _take(st, t)
        p.last = side
        if not table and (p.left or p.stock):
            st[SCOPE] += 1
    else:
        table.append(card)
    if not p.left:
        stock = p.stock
        if stock:
            n = p.n
            for k in range(n):
                s = (seat + 1 + k) % n
                p.hands[s] = sorted(stock[:HAND_SIZE])
                del stock[:HAND_SIZE]
            p.left = HAND_SIZE * n
        else:
            if p.last >= 0 and table:
                st = p.stats[p.last]
                for t in table:
                    _take(st, t)
                p.table = []
            p.to_move = -1
            return
    p.to_move = (seat + 1) % p.n


# ----- scoring -----
def _sole_best(values: Sequence[int]) -> int:
    top = max(values)
    best = -1
    for i, v in enumerate(values):
        if v == top:
            if best >= 0:
                return -1
            best = i
    return best


def napola_of(mask: int) -> int:
    """The napola of a side's Denari mask: the run from the ace when it holds A, 2, 3; else 0."""
    n = 0
    for b in _NAPOLA_BITS:
        if not mask >> b & 1:
            break
        n += 1
    return n if n >= 3 else 0


def round_points(stats: Sequence[Sequence[int]], napola: bool) -> list[int]:
    """Each side's points for the round, as the engine scores them (``ScopaRound.breakdown``)."""
    pts = [st[SCOPE] + st[SETTE] + (napola_of(st[MASK]) if napola else 0) for st in stats]
    i = _sole_best([st[CARDS] for st in stats])
    if i >= 0:
        pts[i] += 1
    i = _sole_best([st[DENARI_N] for st in stats])
    if i >= 0:
        pts[i] += 1
    prim = [st[PRIM] + st[PRIM + 1] + st[PRIM + 2] + st[PRIM + 3]
            if st[PRIM] and st[PRIM + 1] and st[PRIM + 2] and st[PRIM + 3] else 0 for st in stats]
    if max(prim) > 0:
        i = _sole_best(prim)
        if i >= 0:
            pts[i] += 1
    return pts


def outcome_value(points: Sequence[int], side: int, win_bonus: float) -> float:
    """A finished round's worth to ``side``: its points less the best other side's, plus ``win_bonus`` for a win
    (minus for a loss)."""
    best_other = max(v for i, v in enumerate(points) if i != side)
    d = points[side] - best_other
    return d + (win_bonus if d > 0 else -win_bonus if d < 0 else 0.0)


SEVEN_LEAD = 0.2
"""``estimate``: the primiera's chance moves this much for each seven more than the best other side."""
CARD_LEAD = 0.05
"""... the most cards' chance, for each card more."""
DENARI_LEAD = 0.12
"""... the most Denari's chance, for each Denaro more."""


def _soft(lead: float) -> float:
    return 0.0 if lead < -0.5 else 1.0 if lead > 0.5 else 0.5 + lead


def estimate(p: Position, side: int) -> float:
    """An unfinished round's worth to ``side``: scope and the settebello as taken, each other round point as a
    chance from the leads so far (most cards past 20 and most Denari past 5 decided)."""
    stats = p.stats
    worth = []
    for i, st in enumerate(stats):
        others = [o for j, o in enumerate(stats) if j != i]
        w = float(st[SCOPE] + st[SETTE])
        if st[CARDS] > 20:
            w += 1.0
        elif max(o[CARDS] for o in others) <= 20:
            w += _soft(CARD_LEAD * (st[CARDS] - max(o[CARDS] for o in others)))
        if st[DENARI_N] > 5:
            w += 1.0
        elif max(o[DENARI_N] for o in others) <= 5:
            w += _soft(DENARI_LEAD * (st[DENARI_N] - max(o[DENARI_N] for o in others)))
        sevens = sum(1 for k in range(4) if st[PRIM + k] == 21)
        w += _soft(SEVEN_LEAD * (sevens - max(sum(1 for k in range(4) if o[PRIM + k] == 21) for o in others)))
        worth.append(w)
    return worth[side] - max(v for i, v in enumerate(worth) if i != side)


# ----- the rollout policy -----
GIFT_TENTHS = 10
"""The rollout policy's cost of leaving a table the next player can sweep, in tenths, times the chance."""
PLACE_COST = 2
"""The rollout policy's cost of placing a card: this many times its greedy weight (it may go to the other side)."""
_REP = (0, 0, 1, 2, 3, 4, 5, 6, 10, 11, 12)
"""A card id of each capture value 1..10 (the captures of a card hang on its value only)."""

_Take = tuple[tuple[Card, ...], int, bool, int, int]
"""A capture as the policy reads it: (take, the greedy weight of the taken cards, whether it sweeps, the value
the cards it leaves add up to when one card could sweep them (0: none or empty), their greedy weight)."""


class Offer:
    """What a table offers the policy, worked out once per table in a search: its value total and greedy
    weight, and per capture value 1..10 its legal takes (``_Take``; empty: such a card is placed), each value's
    worked out when first asked for (``takes``)."""

    __slots__ = ("table", "total", "weight", "by_value")

    def __init__(self, table: Sequence[Card]) -> None:
        self.table = tuple(table)
        self.total = sum(CARD_VALUE[t] for t in table)
        self.weight = sum(GREEDY_WEIGHT[t] for t in table)
        self.by_value: list[list[_Take] | None] = [None] * 11

    def takes(self, v: int) -> list[_Take]:
        """The legal takes of a card of capture value ``v`` (empty: it is placed)."""
        entries = self.by_value[v]
        if entries is not None:
            return entries
        w = GREEDY_WEIGHT
        table = self.table
        entries = []
        if table:
            for take in capture_choices(Card(_REP[v]), table):
                if not take:
                    continue
                rest = [t for t in table if t not in take]
                left = sum(CARD_VALUE[t] for t in rest)
                entries.append((take, sum(w[t] for t in take), not rest, left if 0 < left <= 10 else 0,
                                sum(w[t] for t in rest)))
        self.by_value[v] = entries
        return entries


Offers = dict[tuple[Card, ...], Offer]
"""The tables met in one search, by their cards in card order (the takes do not hang on the table's order)."""


def offer_of(table: list[Card], offers: Offers) -> Offer:
    """The table's ``Offer``, from ``offers`` or worked out and kept there."""
    key = tuple(sorted(table))
    o = offers.get(key)
    if o is None:
        o = offers[key] = Offer(key)
    return o


_CHANCE = tuple(tuple(tuple(0.0 if not (u and h) else 1.0 - max(0.0, 1.0 - k / u) ** h for k in range(5))
                      for h in range(11)) for u in range(41))
"""The chance that a hand of ``h`` of ``u`` unseen cards holds one of ``k`` given cards: ``_CHANCE[u][h][k]``."""


def rollout_move(p: Position, offers: Offers) -> Move:
    """The rollout policy, without peeking at which hand holds what: a capture's greedy value (the played and
    taken cards' weights, 10 for a scopa) or a placing's cost (``PLACE_COST`` times its weight), less
    ``GIFT_TENTHS`` plus the left cards' weight times the chance that the next player holds a card that sweeps
    the table the move leaves (counted over the cards the mover cannot see: the other hands and the stock).
    The best is played; ties: the first card in hand, its takes in ``capture_choices`` order, captures before
    the placing."""
    seat = p.to_move
    hand = p.hands[seat]
    n = p.n
    nxt = (seat + 1) % n
    h_next = len(p.hands[nxt])
    if not h_next and p.stock:
        h_next = HAND_SIZE
    live = [0] * 11
    unseen = len(p.stock)
    for c in p.stock:
        live[CARD_VALUE[c]] += 1
    for s in range(n):
        if s != seat:
            for c in p.hands[s]:
                live[CARD_VALUE[c]] += 1
            unseen += len(p.hands[s])
    chance = _CHANCE[unseen][h_next]
    last = not p.stock and p.left == 1
    offer = offer_of(p.table, offers)
    w = GREEDY_WEIGHT
    best: Move = (hand[0], ())
    best_v = -1e9
    for c in hand:
        v = CARD_VALUE[c]
        entries = offer.takes(v)
        if entries:
            for take, wsum, sweep, left, wleft in entries:
                val: float = w[c] + wsum
                if sweep:
                    if not last:
                        val += 10
                elif left:
                    k = live[left]
                    if k:
                        val -= chance[min(k, 4)] * (GIFT_TENTHS + wleft)
                if val > best_v:
                    best, best_v = (c, take), val
        else:
            val = float(-PLACE_COST * w[c])
            total = offer.total + v
            if total <= 10:
                k = live[total]
                if k:
                    val -= chance[min(k, 4)] * (GIFT_TENTHS + offer.weight + w[c])
            if val > best_v:
                best, best_v = (c, ()), val
    return best


def playout(p: Position, plies: int, offers: Offers) -> int:
    """Play ``plies`` moves of the rollout policy for every seat (0: to the end of the round); the plays made."""
    limit = plies if plies > 0 else 1000
    done = 0
    while p.to_move >= 0 and done < limit:
        c, take = rollout_move(p, offers)
        play(p, c, take)
        done += 1
    return done


# ----- the exact endgame -----
def moves_of(p: Position, offers: Offers) -> list[Move]:
    """The legal moves of the seat to move, captures first (most greedy weight first), then placings."""
    hand = p.hands[p.to_move]
    offer = offer_of(p.table, offers)
    w = GREEDY_WEIGHT
    caps: list[tuple[int, Move]] = []
    places: list[tuple[int, Move]] = []
    for c in hand:
        entries = offer.takes(CARD_VALUE[c])
        if entries:
            for take, wsum, sweep, _left, _wleft in entries:
                caps.append((-(w[c] + wsum + 10 * sweep), (c, take)))
        else:
            places.append((w[c], (c, ())))
    caps.sort(key=lambda x: x[0])
    places.sort(key=lambda x: x[0])
    return [m for _, m in caps] + [m for _, m in places]


def solve(p: Position, side: int, napola: bool, win_bonus: float, offers: Offers,
          alpha: float = -1e9, beta: float = 1e9) -> tuple[float, list[int], int]:
    """The exact worth of the round to ``side`` (``outcome_value``) when every seat plays perfectly in this deal,
    the other sides all against ``side``; the round points that play ends with; and the positions visited."""
    if p.to_move < 0:
        pts = round_points(p.stats, napola)
        return outcome_value(pts, side, win_bonus), pts, 1
    nodes = 1
    mine = p.sides[p.to_move] == side
    best = -1e9 if mine else 1e9
    best_pts: list[int] = []
    for c, take in moves_of(p, offers):
        child = p.copy()
        play(child, c, take)
        v, pts, k = solve(child, side, napola, win_bonus, offers, alpha, beta)
        nodes += k
        if mine:
            if v > best:
                best, best_pts = v, pts
            if best > alpha:
                alpha = best
        else:
            if v < best:
                best, best_pts = v, pts
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best, best_pts, nodes


# ----- from the view -----
def position_from_view(view: ScopaView, hands: list[list[Card]], stock: list[Card]) -> Position:
    """The view's position with the given hands (the seat's own and sampled ones) and stock: the table, each
    side's stats rebuilt from the public history (and the view's scope), the last capture's side."""
    n = view.players
    sides = side_list(n)
    piles: list[list[Card]] = [[] for _ in range(max(sides) + 1)]
    last = -1
    for seat, card, take in view.history:
        if take:
            pile = piles[sides[seat]]
            pile.append(card)
            pile.extend(take)
            last = sides[seat]
    assert view.to_move is not None
    return Position(n, hands, stock, list(view.table), stats_of(piles, view.scope), last, view.to_move)


def passed_captures(view: ScopaView, unseen: Sequence[Card]) -> list[frozenset[Card]]:
    """Per seat, the unseen cards that seat could have captured with when it placed a card instead, since its
    hand was dealt (Scopa: the last 3 cards each; Scopone: the round). Capturing is compulsory only for the card
    played, so a seat that places usually has no capture: these cards are less likely in its hand."""
    n = view.players
    hist = view.history
    placed = {c for _s, c, take in hist if not take}
    ever = set(view.table)
    for _s, _c, take in hist:
        ever.update(take)
    table = sorted(c for c in ever if c not in placed)
    per_deal = max(1, len(hist)) if view.game == SCOPONE else HAND_SIZE * n
    start = len(hist) // per_deal * per_deal
    by_value: list[list[Card]] = [[] for _ in range(11)]
    for u in unseen:
        by_value[CARD_VALUE[u]].append(u)
    out: list[set[Card]] = [set() for _ in range(n)]
    for k, (seat, card, take) in enumerate(hist):
        if take:
            for t in take:
                table.remove(t)
            continue
        if k >= start and table and seat != view.seat:
            for v in range(1, 11):
                if by_value[v] and capture_choices(Card(_REP[v]), table) != [()]:
                    out[seat].update(by_value[v])
        table.append(card)
    return [frozenset(x) for x in out]


def with_cards(base: Position, hands: list[list[Card]], stock: list[Card]) -> Position:
    """``base`` (``position_from_view``'s, built once a search) with these hands and stock."""
    p = Position.__new__(Position)
    p.n, p.sides, p.last, p.to_move = base.n, base.sides, base.last, base.to_move
    p.hands = hands
    p.stock = stock
    p.table = list(base.table)
    p.stats = [list(st) for st in base.stats]
    p.left = sum(len(h) for h in hands)
    return p


def sample_position(view: ScopaView, unseen: Sequence[Card], rng: random.Random,
                    passed: Sequence[frozenset[Card]] | None = None, likelihood: float = 1.0,
                    base: Position | None = None) -> Position:
    """The seat's own hand, a random deal of the unseen cards to the other hands by their sizes, the rest to the
    stock in a random order (a hand-made position may leave cards nobody holds: they go nowhere). With
    ``passed`` (``passed_captures``) and a ``likelihood`` below 1, a card a seat passed up is that much less
    likely in its hand (``rules.ai.fishing.deal_weighted``). ``base``: the view's position without its hands
    (``position_from_view``), to build it once for many samples."""
    assert view.seat is not None
    pool = list(unseen)
    rng.shuffle(pool)
    others = [s for s in range(view.players) if s != view.seat]
    hands: list[list[Card]] = [[] for _ in range(view.players)]
    hands[view.seat] = list(view.hand)
    if passed is None or likelihood == 1.0:
        k = 0
        for s in others:
            size = view.hand_sizes[s]
            hands[s] = sorted(pool[k : k + size])
            k += size
        stock = pool[k : k + view.stock_size]
        return position_from_view(view, hands, stock) if base is None else with_cards(base, hands, stock)
    dealt = deal_weighted(pool, [*(view.hand_sizes[s] for s in others), view.stock_size],
                          [*(passed[s] for s in others), frozenset()], likelihood, rng)
    for s, got in zip(others, dealt):
        hands[s] = sorted(got)
    stock = dealt[-1]
    rng.shuffle(stock)
    return position_from_view(view, hands, stock) if base is None else with_cards(base, hands, stock)


def exact_now(view: ScopaView, tuning: ScopaTuning) -> bool:
    """Whether the search solves each sampled deal exactly: the stock is empty and few cards are in the hands."""
    return view.stock_size == 0 and sum(view.hand_sizes) <= tuning.exact_cards[view.players - 2]


def choose_hard(view: ScopaView, rng: random.Random, time_ms: int, tuning: ScopaTuning = SCOPA) -> Action:
    """The determinized search (``rules.ai.fishing.determinized_choice``): candidates by medium's score; in each
    sampled deal every candidate is played, then the round is played out by the rollout policy (or to
    ``tuning.horizon`` plies and ``estimate``d), or solved exactly near its end; the best mean for the seat's
    side is played."""
    assert view.seat is not None
    side = side_list(view.players)[view.seat]
    napola = view.options.get("napola") == "on"
    moves = [move_of(a) for a in view.legal]
    prior = medium_scores(view)
    unseen = unseen_cards(view)
    passed = passed_captures(view, unseen) if tuning.passed_likelihood < 1.0 else None
    empty = position_from_view(view, [[] for _ in view.hand_sizes], [])
    offers: Offers = {}
    exact = exact_now(view, tuning)
    known = exact and sum(1 for s, h in enumerate(view.hand_sizes) if h and s != view.seat) <= 1
    max_samples = 1 if known else tuning.exact_samples if exact else tuning.max_samples

    def sample() -> Position:
        return sample_position(view, unseen, rng, passed, tuning.passed_likelihood, empty)

    def value(base: Position, i: int) -> tuple[float, int]:
        p = base.copy()
        play(p, *moves[i])
        if exact:
            v, _pts, nodes = solve(p, side, napola, tuning.win_bonus, offers)
            return v, nodes
        cost = 1 + playout(p, tuning.horizon, offers)
        if p.to_move < 0:
            return outcome_value(round_points(p.stats, napola), side, tuning.win_bonus), cost
        e = estimate(p, side)
        return e + tuning.estimate_win * max(-1.0, min(1.0, e)), cost

    return view.legal[determinized_choice(prior, tuning, time_ms, max_samples, sample, value)]
