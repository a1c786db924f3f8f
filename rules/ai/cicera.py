"""Cicera AI players: ``greedy`` (the exact baseline), ``medium`` (one-ply heuristics with card counting) and
``hard`` (determinized search: sampled hidden hands, short playouts, an estimate of the final score).

Every level sees only a ``CiceraView`` (its own hand, the table, the public history) and returns one of
``view.legal``. ``choose`` is a plain function of its arguments; the module keeps no mutable state (its
tables of card weights are immutable). docs/ai/cicera.md describes the levels and the exact greedy rule.
The search builds ``CiceraRound`` objects for sampled deals and plays them through the engine's own core
(``_play``), reading the round's fields directly for speed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from rules.actions import Action
from rules.ai import cicera_value
from rules.ai.cicera_counting import (
    A23,
    NAPULA_GAIN,
    PASSED_LIKELIHOOD,
    Takes,
    _run_length,
    award_weights,
    initial_table,
    passed_captures,
    seen_cards,
    table_captures,
    takes_of,
    team_piles,
    unseen_cards,
)
from rules.ai.tuning import CICERA, CiceraTuning
from rules.cards import CICERA_VALUE, Card
from rules.cicera import (
    BONUSES,
    FANTE_OF_CUPS,
    MATA,
    NAPULA_RUN,
    PLAYERS,
    SWORDS,
    TEN_OF_COINS,
    CiceraRound,
    CiceraView,
    Move,
    move_of,
)

__all__ = [
    "LEVELS", "NAPULA_GAIN", "PASSED_LIKELIHOOD", "CiceraTuning", "Takes", "award_weights", "choose",
    "choose_greedy", "choose_hard", "choose_medium", "estimate", "greedy_value", "initial_table",
    "medium_scores", "passed_captures", "playout", "rollout_move", "round_from_view", "sample_hands",
    "seen_cards", "table_captures", "takes_of", "team_piles", "unseen_cards",
]

LEVELS = ("greedy", "medium", "hard")

# ----- the greedy baseline: static weights in tenths of a point -----
BONUS_TENTHS = 10
"""Each capture bonus (Scùa, Picada, Simili, Quadriglia) is 1 point = 10 tenths."""


def _greedy_weight(c: int) -> int:
    """Static worth of one card going to a pile, in tenths of a point (docs/ai/cicera.md)."""
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
class _Context:
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


def medium_scores(view: CiceraView, moves: Sequence[Move], ctx: _Context | None = None) -> list[float]:
    """Medium's score of each move: what it gains now minus what it leaves to the next player."""
    if ctx is None:
        ctx = _Context(view)
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


# ----- hard: determinized search -----
def round_from_view(view: CiceraView, hands: Sequence[Sequence[Card]]) -> CiceraRound:
    """A ``CiceraRound`` in the view's position with the given hands (the seat's own and sampled ones):
    the table, the team piles and the bonuses rebuilt from the public history, the card a Picada can take,
    the last capturer. Used by search only (it sets the round's fields directly)."""
    r = CiceraRound.__new__(CiceraRound)
    r.n = PLAYERS
    r.dealer = view.dealer
    r._deal = {"hands": [[] for _ in range(PLAYERS)], "stock": [], "briscola": None, "table": [], "kitty": []}
    r.hands = [sorted(h) for h in hands]
    r.table = list(view.table)
    piles = team_piles(view.history)
    r.piles = [piles[0], piles[1]]
    r.bonus = [[counts.get(b, 0) for b in BONUSES] for counts in view.bonus_counts]
    r.history = list(view.history)
    r.last_capture = view.last_capture
    r.leftover = ()
    r.leftover_to = None
    r._to_move = view.to_move
    lp = view.last_placement
    r._placed = None if lp is None else lp[1]
    r._placed_by = None if lp is None else lp[0]
    last = None
    for seat, _, take in view.history:
        if take:
            last = seat
    r._last_capturer = last
    r._left = sum(len(h) for h in r.hands)
    return r


def sample_hands(
    view: CiceraView,
    unseen: Sequence[Card],
    rng: random.Random,
    passed: Sequence[frozenset[Card]] | None = None,
) -> list[list[Card]]:
    """The seat's own hand and a random deal of the unseen cards to the other seats, by their hand sizes.

    With ``passed`` (from ``passed_captures``), each card goes to a seat with a chance proportional to the
    room left in its hand, times ``PASSED_LIKELIHOOD`` when that seat placed a card while it could have
    captured with this one."""
    assert view.seat is not None
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    hands[view.seat] = list(view.hand)
    others = [s for s in range(PLAYERS) if s != view.seat]
    if passed is None:
        k = 0
        for s in others:
            h = view.hand_sizes[s]
            hands[s] = pool[k : k + h]
            k += h
        return hands
    room = {s: view.hand_sizes[s] for s in others}
    left = sum(room.values())
    for c in pool:
        if not left:
            break  # (a hand-made position may leave cards nobody holds)
        odds = [room[s] * (PASSED_LIKELIHOOD if c in passed[s] else 1.0) for s in others]
        x = rng.random() * sum(odds)
        pick = -1
        for s, o in zip(others, odds):
            if o and (x < o or pick < 0):
                pick = s
                if x < o:
                    break
            x -= o
        hands[pick].append(c)
        room[pick] -= 1
        left -= 1
    return hands


GIFT_TENTHS = 10
"""Rollout policy: the cost of handing the next player a Scùa or a Picada, in tenths, times its chance."""


def rollout_move(r: CiceraRound) -> Move:
    """The playout policy without peeking: greedy's capture values, less the chance-weighted cost of handing
    the next player a Scùa or a Picada, the chance coming from the cards the mover cannot see."""
    seat = r._to_move
    assert seat is not None
    hand = r.hands[seat]
    table = r.table
    w = GREEDY_WEIGHT
    hands = r.hands
    nxt = (seat + 1) % PLAYERS
    h_next = len(hands[nxt])
    # cards of each rank the mover cannot see (in the other hands)
    live = [0] * 13
    unseen = 0
    for s2 in range(PLAYERS):
        if s2 != seat:
            for c in hands[s2]:
                live[c % 13] += 1
            unseen += len(hands[s2])
    # chance that the next player holds one of k live cards: 1 - (1 - k / unseen) ** h
    chance = [0.0] * 5
    if h_next and unseen:
        for k in range(1, 5):
            chance[k] = GIFT_TENTHS * (1.0 - max(0.0, 1.0 - k / unseen) ** h_next)
    n = len(table)
    total = 0
    courts = 0
    for t in table:
        tv = CICERA_VALUE[t]
        total += tv
        if not tv:
            courts += 1
    best: Move | None = None
    best_v = -1000.0
    if n:
        by_rank, by_sum = table_captures(table)
        placed = r._placed
        for c in hand:
            for take in takes_of(c, by_rank, by_sum):
                v: float = greedy_value(c, take, n, placed)
                left = n - len(take)
                if left and h_next:
                    if left == 1:
                        for t in table:
                            if t not in take:
                                v -= chance[live[t % 13]]
                                break
                    else:
                        ct = courts
                        s = total
                        for t in take:
                            tv = CICERA_VALUE[t]
                            s -= tv
                            if not tv:
                                ct -= 1
                        if not ct and s <= 10:
                            v -= chance[live[s - 1]]
                if v > best_v:
                    best, best_v = (c, take), v
    for c in hand:
        v = -2.0 * w[c]
        if h_next:
            k = live[c % 13]
            v -= chance[k] * (1.0 + w[c] / GIFT_TENTHS)
            if n == 0:
                v -= chance[k]
            elif not courts:
                cv = CICERA_VALUE[c]
                if cv and total + cv <= 10:
                    v -= chance[live[total + cv - 1]]
        if v > best_v:
            best, best_v = (c, ()), v
    assert best is not None
    return best


_Take = tuple[tuple[Card, ...], int, int, int, int, bool]
"""A capture as ``fast_playout`` reads it: (take, the greedy weight of the taken cards, the bonuses that do
not hang on the played card, the suit every taken card shares or -1, the rank whose live count prices the
gift the take leaves or -1, whether it is a single card)."""


class _TableOffer:
    """What a table offers the rollout policy, worked out once per table in a search (``fast_playout``): its
    value total and number of courts, and per rank of the played card its captures (``_Take``) in
    ``takes_of``'s order."""

    __slots__ = ("total", "courts", "by_rank")

    def __init__(self, table: Sequence[Card]) -> None:
        total = courts = 0
        for t in table:
            tv = CICERA_VALUE[t]
            total += tv
            if not tv:
                courts += 1
        self.total = total
        self.courts = courts
        by_rank: list[list[_Take]] = [[] for _ in range(13)]  # (only this constructor writes them)
        caps = table_captures(table)
        ranks = set(caps[0]) | {v - 1 for v in caps[1]}  # a card's captures hang on its rank only
        n = len(table)
        w = GREEDY_WEIGHT
        for rank in ranks:
            entries = by_rank[rank]
            for take in takes_of(rank, *caps):
                size = len(take)
                suit = take[0] // 13
                if any(t // 13 != suit for t in take):
                    suit = -1
                gift = -1
                left = n - size
                if left == 1:
                    for t in table:
                        if t not in take:
                            gift = t % 13
                            break
                elif left:
                    ct = courts
                    sm = total
                    for t in take:
                        tv = CICERA_VALUE[t]
                        sm -= tv
                        if not tv:
                            ct -= 1
                    if not ct and sm <= 10:
                        gift = sm - 1
                entries.append((take, sum(w[t] for t in take), (size == n) + (size >= 3), suit, gift, size == 1))
        self.by_rank = by_rank


def _gift_chances(unseen: int, h_next: int) -> tuple[float, ...]:
    """``rollout_move``'s price of a gift by the number k = 0..4 of live cards that take it: ``GIFT_TENTHS``
    times the chance that the next player, holding ``h_next`` of the ``unseen`` cards, has one of them."""
    if not (h_next and unseen):
        return (0.0,) * 5
    return (0.0, *(GIFT_TENTHS * (1.0 - max(0.0, 1.0 - k / unseen) ** h_next) for k in range(1, 5)))


_GIFT_CHANCE = tuple(tuple(_gift_chances(u, h) for h in range(13)) for u in range(53))
"""``_gift_chances`` by unseen cards and the next player's hand size (a constant table)."""


_PLACE_COST = tuple(-2.0 * w for w in GREEDY_WEIGHT)
_PLACE_GIFT = tuple(1.0 + w / GIFT_TENTHS for w in GREEDY_WEIGHT)
"""``rollout_move``'s terms of a placement by card: its cost, and the factor of the gift's price."""


_NO_TAKES: tuple[tuple[_Take, ...], ...] = ((),) * 13
"""An empty table's captures (read only)."""


Offers = dict[tuple[Card, ...], _TableOffer]
"""``fast_playout``'s memory of the tables met in one search, by the table's cards in order."""

_SCUA, _PICADA, _SIMILI, _QUADRIGLIA = (BONUSES.index(b) for b in ("scua", "picada", "simili", "quadriglia"))


def fast_playout(r: CiceraRound, plies: int, offers: Offers) -> int:
    """``playout`` with the rollout policy, faster: the same moves (``rollout_move``'s choice, ties broken
    the same way) and the same changes to the hands, table, piles, bonuses, placed card, last capturer and
    end of the deal, but no ``history`` or ``last_capture`` record (a search values the position without
    them). ``offers`` keeps what each table offers across the calls of one search. Return the plays made."""
    hands = r.hands
    table = r.table
    piles = r.piles
    bonus = r.bonus
    w = GREEDY_WEIGHT
    inh = [0] * 13  # cards of each rank in all the hands
    own = [[0] * 13 for _ in range(PLAYERS)]  # ... in each hand
    for h, mine in zip(hands, own):
        for c in h:
            inh[c % 13] += 1
            mine[c % 13] += 1
    seat = r._to_move
    left_all = r._left
    placed = r._placed
    done = 0
    limit = plies if plies > 0 else 1000
    while seat is not None and done < limit:
        hand = hands[seat]
        mine = own[seat]  # the mover's live cards of rank x (the others hold them): inh[x] - mine[x]
        nxt = (seat + 1) % PLAYERS
        h_next = len(hands[nxt])
        chance = _GIFT_CHANCE[left_all - len(hand)][h_next]
        n = len(table)
        # rollout_move's order: every capture (by card in hand), then every placement; the first best wins
        cap_c = place_c = hand[0]  # placeholders: the loop sets what is read
        cap_take: tuple[Card, ...] = ()
        cap_v = place_v = -1000.0
        by_rank: Sequence[Sequence[_Take]]
        if n:
            key = tuple(table)
            offer = offers.get(key)
            if offer is None:
                offer = offers[key] = _TableOffer(table)
            total = offer.total
            courts = offer.courts
            by_rank = offer.by_rank
        else:
            total = courts = 0
            by_rank = _NO_TAKES
        for c in hand:
            x = c % 13
            entries = by_rank[x]
            if entries:
                suit = c // 13
                wc = w[c]
                for take, wsum, fixed, tsuit, gift, single in entries:
                    nb = fixed + (tsuit == suit) + (single and take[0] == placed)
                    v: float = wc + wsum + BONUS_TENTHS * nb
                    if gift >= 0 and h_next:
                        v -= chance[inh[gift] - mine[gift]]
                    if v > cap_v:
                        cap_c, cap_take, cap_v = c, take, v
            v = _PLACE_COST[c]
            if h_next:
                k = inh[x] - mine[x]
                v -= chance[k] * _PLACE_GIFT[c]
                if n == 0:
                    v -= chance[k]
                elif not courts:
                    cv = CICERA_VALUE[c]
                    if cv and total + cv <= 10:
                        x = total + cv - 1
                        v -= chance[inh[x] - mine[x]]
            if v > place_v:
                place_c, place_v = c, v
        best_take: tuple[Card, ...] = ()
        if place_v > cap_v:
            c = place_c
        else:
            c, best_take = cap_c, cap_take
        # play it (as CiceraRound._play does)
        hand.remove(c)
        inh[c % 13] -= 1
        mine[c % 13] -= 1
        if best_take:
            for t in best_take:
                table.remove(t)
            team = seat % 2
            pile = piles[team]
            pile.append(c)
            pile.extend(best_take)
            counts = bonus[team]
            if not table:
                counts[_SCUA] += 1
            if len(best_take) == 1 and best_take[0] == placed:
                counts[_PICADA] += 1
            if all(t // 13 == c // 13 for t in best_take):
                counts[_SIMILI] += 1
            if len(best_take) >= 3:
                counts[_QUADRIGLIA] += 1
            r._last_capturer = seat
            placed = None
            r._placed_by = None
        else:
            table.append(c)
            placed = c
            r._placed_by = seat
        left_all -= 1
        done += 1
        if left_all == 0:
            r._placed = placed
            r._left = 0
            r._end_deal()
            return done
        seat = nxt
    r._to_move = seat
    r._placed = placed
    r._left = left_all
    return done


PARTIAL_NAPULA = (0.0, 0.5, 1.5)
"""``estimate``: a team holding 0, 1 or 2 of As, 2s, 3s (the other team none) is credited this much Napula."""


def playout(r: CiceraRound, plies: int = 0) -> int:
    """Play the round with the rollout policy for every seat: ``plies`` plays, or to its end when 0.
    Return the number of plays made."""
    left = plies if plies > 0 else 1000
    done = 0
    while r._to_move is not None and done < left:
        r._play(*rollout_move(r))
        done += 1
    return done


def estimate(r: CiceraRound) -> float:
    """Team 0's score minus team 1's: exact once the deal is over; else the bonuses so far plus the awards
    as the piles stand (card and sword leads counted 0.15 a card, decided awards in full, Napula by who
    holds how many of As, 2s, 3s)."""
    if r._to_move is None:
        s = r.scores()
        return float(s[0] - s[1])
    p0, p1 = r.piles
    d = float(sum(r.bonus[0]) - sum(r.bonus[1]))
    n0, n1 = len(p0), len(p1)
    if n0 >= 27:
        d += 2.0
    elif n1 >= 27:
        d -= 2.0
    else:
        d += max(-1.5, min(1.5, 0.15 * (n0 - n1)))
    s0 = s1 = 0
    sp0 = set()
    sp1 = set()
    for c in p0:
        if c // 13 == SWORDS:
            s0 += 1
            sp0.add(c)
    for c in p1:
        if c // 13 == SWORDS:
            s1 += 1
            sp1.add(c)
    if s0 >= 7:
        d += 1.0
    elif s1 >= 7:
        d -= 1.0
    else:
        d += max(-0.75, min(0.75, 0.15 * (s0 - s1)))
    for special in (MATA, TEN_OF_COINS, FANTE_OF_CUPS):
        if special in p0:
            d += 1.0
        elif special in p1:
            d -= 1.0
    k0 = len(A23 & sp0)
    k1 = len(A23 & sp1)
    if k0 == 3:
        d += _run_length(sp0)
    elif k1 == 3:
        d -= _run_length(sp1)
    elif not k1:
        d += PARTIAL_NAPULA[k0]
    elif not k0:
        d -= PARTIAL_NAPULA[k1]
    return d


def choose_hard(view: CiceraView, rng: random.Random, time_ms: int, tuning: CiceraTuning = CICERA) -> Action:
    """Determinized search: deal the unseen cards at random to the other hands; in each such deal play every
    candidate move, then ``tuning.horizon`` plies of the rollout policy, and value the position; keep the
    candidate of best mean. Candidates: the ``max_candidates`` best by medium's score."""
    deadline = time.perf_counter() + tuning.clock_share * time_ms / 1000.0
    work = max(1, int(tuning.plies_per_ms * time_ms))
    assert view.seat is not None
    team = view.seat % 2
    moves = [move_of(a) for a in view.legal]
    ctx = _Context(view)
    prior = medium_scores(view, moves, ctx)
    order = sorted(range(len(moves)), key=lambda i: (-prior[i], i))[:tuning.max_candidates]
    if len(order) == 1:
        return view.legal[order[0]]
    totals = [0.0] * len(order)
    samples = 0
    spent = 0
    weights = cicera_value.load() if tuning.learned_leaf else None
    offers: Offers | None = {} if tuning.fast_rollout else None
    while samples < tuning.max_samples and spent < work:
        hands = sample_hands(view, ctx.unseen, rng, ctx.passed if tuning.infer else None)
        base = round_from_view(view, hands)
        for k, i in enumerate(order):
            r = base.clone()
            r._play(*moves[i])
            spent += 1 + (playout(r, tuning.horizon) if offers is None else fast_playout(r, tuning.horizon, offers))
            e = estimate(r)
            if weights is not None and r._to_move is not None:
                e = cicera_value.value(r, e, weights)
            totals[k] += e if team == 0 else -e
        samples += 1
        if time.perf_counter() >= deadline:
            break
    best_k = max(range(len(order)), key=lambda k: (totals[k], prior[order[k]], -order[k]))
    return view.legal[order[best_k]]


def choose(level: str, view: CiceraView, rng: random.Random, time_ms: int, tuning: CiceraTuning = CICERA) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) for this view; one of ``view.legal``."""
    if level == "greedy":
        return choose_greedy(view)
    if level == "medium":
        return choose_medium(view)
    if level == "hard":
        return choose_hard(view, rng, time_ms, tuning)
    raise ValueError(f"unknown Cicera AI level {level!r}; levels are {', '.join(LEVELS)}")
