"""Cicera's rollout policy, the playouts of the search and of the review: ``rollout_move`` (greedy's capture
values less the chance-weighted cost of handing the next player a Scùa or a Picada, without peeking),
``playout`` through the engine, and ``fast_playout``, the same plays made on the round's fields directly.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.cicera.counting import table_captures, takes_of
from rules.ai.cicera.levels import BONUS_TENTHS, GREEDY_WEIGHT, greedy_value
from rules.captures import Move
from rules.cards import CICERA_VALUE, Card
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.rules import BONUSES, PLAYERS

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


def playout(r: CiceraRound, plies: int = 0) -> int:
    """Play the round with the rollout policy for every seat: ``plies`` plays, or to its end when 0.
    Return the number of plays made."""
    left = plies if plies > 0 else 1000
    done = 0
    while r._to_move is not None and done < left:
        r._play(*rollout_move(r))
        done += 1
    return done
