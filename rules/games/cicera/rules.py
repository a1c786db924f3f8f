"""Cicera's facts (hands, table, teams, bonuses, awards, the special cards) and its capture rules: which
table cards a played card may take, by rank or by sum, why a take is not legal, and the Napula run."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import combinations, product

from rules.actions import N_, IllegalAction
from rules.captures import sum_problem, take_problem
from rules.cards import CICERA_VALUE, Card, format_cards

NAME = "cicera"
"""The game's registered name."""
PLAYERS = 4
HAND_SIZE = 12
TABLE_SIZE = 4
TEAMS: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 2), (1, 3))
"""Seats of team 0 and team 1."""
BONUSES = ("scua", "picada", "simili", "quadriglia")
"""Capture bonuses, 1 point each, in the order events list them."""
AWARDS = ("cards", "swords", "mata", "xd", "fc", "napula")
"""End-of-deal awards, in breakdown order."""

MATA = Card.parse("2s")
TEN_OF_COINS = Card.parse("Xd")
FANTE_OF_CUPS = Card.parse("Fc")
SWORDS = 2
"""Suit index of Spade (swords)."""
NAPULA_RUN: tuple[Card, ...] = tuple(Card.of(r, "s") for r in "A23456789X")
"""The swords A, 2, ... X in the order a Napula run counts them."""

History = tuple[tuple[int, Card, tuple[Card, ...]], ...]


# ----- capture choices -----
def _choice_key(take: tuple[Card, ...]) -> tuple[int, tuple[Card, ...]]:
    return (-len(take), take)


def value_buckets(table: Iterable[Card]) -> list[list[Card]]:
    """The table's number cards by value (index 1..10), each bucket sorted; courts are left out."""
    buckets: list[list[Card]] = [[] for _ in range(11)]
    for t in sorted(table):
        v = CICERA_VALUE[t]
        if v:
            buckets[v].append(t)
    return buckets


def _capacities(buckets: list[list[Card]]) -> list[int]:
    """``cap[v]``: the most the cards of values 1..v can add up to."""
    cap = [0] * 11
    acc = 0
    for v in range(1, 11):
        acc += v * len(buckets[v])
        cap[v] = acc
    return cap


def _sums_from_buckets(value: int, buckets: list[list[Card]], caps: list[int] | None = None) -> list[tuple[Card, ...]]:
    """Sum captures of ``value`` from value buckets (see ``sum_captures``).

    Depth-first over the values ``value - 1`` down to 1, choosing how many cards of each value to take,
    pruned when the smaller values left cannot make up the rest; each feasible split expands into the
    combinations of the actual cards."""
    if value < 2:
        return []
    cap = _capacities(buckets) if caps is None else caps
    if cap[value - 1] < value:
        return []
    out: list[tuple[Card, ...]] = []
    parts: list[list[tuple[Card, ...]]] = []

    def rec(v: int, remaining: int) -> None:
        if remaining == 0:
            for combo in product(*parts):
                out.append(tuple(sorted([c for group in combo for c in group])))
            return
        if cap[v] < remaining:
            return
        pool = buckets[v]
        for k in range(min(len(pool), remaining // v), 0, -1):
            parts.append(list(combinations(pool, k)))
            rec(v - 1, remaining - k * v)
            parts.pop()
        rec(v - 1, remaining)

    rec(value - 1, value)
    out.sort(key=_choice_key)
    return out


def sum_captures(value: int, table: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every set of two or more number cards of ``table`` adding up to ``value``, larger sets first.

    Each set is a sorted tuple of cards; the sets are distinct."""
    return _sums_from_buckets(value, value_buckets(table))


def capture_choices(card: Card, table: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every distinct capture ``card`` can make on ``table``, then ``()`` (placing it).

    Order: captures by rank (one card, by card id), then captures by sum, more cards first, then by card ids.
    Each capture is a sorted tuple of table cards."""
    table = list(table)
    rank = card % 13
    by_rank = [(t,) for t in sorted(table) if t % 13 == rank]
    by_sum = [] if card.is_court else sum_captures(CICERA_VALUE[card], table)
    return [*by_rank, *by_sum, ()]


def capture_problem(card: Card, take: Sequence[Card], table: Sequence[Card]) -> IllegalAction | None:
    """Why playing ``card`` and taking ``take`` from ``table`` is not a legal capture (the error to raise),
    or ``None`` if it is.

    An empty ``take`` (placing the card) is always legal."""
    if not take:
        return None
    named = take_problem(card, take, table)
    if named is not None:
        return named
    value = CICERA_VALUE[card]
    if len(take) == 1:
        t = take[0]
        if t % 13 == card % 13:
            return None
        if card.is_court and t.is_court:
            return IllegalAction(N_("a court takes only the equal court: {card} cannot take {taken}"), card=str(card),
                                 taken=str(t))
        if card.is_court:
            return IllegalAction(N_("a court takes only one table card of its own rank: "
                                    "{card} cannot take the number card {taken}"), card=str(card), taken=str(t))
        if t.is_court:
            return IllegalAction(N_("a number card cannot take a court: {card} cannot take {taken}"), card=str(card),
                                 taken=str(t))
        return IllegalAction(
            N_("{card} cannot take {taken} alone: a single card is taken only by a card of the same rank, "
               "and a capture by sum takes two or more cards adding up to {value}"),
            card=str(card), taken=str(t), value=value,
        )
    if card.is_court:
        return IllegalAction(N_("a court never captures by sum: {card} can take only one table card of its own rank"),
                             card=str(card))
    courts = [t for t in take if t.is_court]
    if courts:
        return IllegalAction(N_("courts never join a sum: {courts} cannot be taken by {card}"),
                             courts=format_cards(courts), card=str(card))
    return sum_problem(card, take, [CICERA_VALUE[t] for t in take], value)



def napula_length(pile: Iterable[Card]) -> int:
    """The Napula a pile scores: the length of its run of swords from the ace when it holds A, 2, 3; else 0."""
    have = set(pile)
    n = 0
    while n < len(NAPULA_RUN) and NAPULA_RUN[n] in have:
        n += 1
    return n if n >= 3 else 0
