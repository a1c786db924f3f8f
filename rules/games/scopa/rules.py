"""Scopa's and Scopone's facts (capture values, primiera values, the settebello, the sides) and the capture
rule: a card takes one table card of its value if there is any, else one set of table cards adding up to its
value, else it is placed; why a named take is not legal; the napola run."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.actions import N_, IllegalAction
from rules.captures import sum_problem, take_problem
from rules.cards import RANKS, Card, format_cards

NAME = "scopa"
"""The registered name of Scopa."""
SCOPONE = "scopone"
"""The registered name of Scopone."""
SCOPA_PLAYERS = (2, 3, 4)
SCOPONE_PLAYERS = 4
HAND_SIZE = 3
TABLE_SIZE = 4
SCOPONE_HANDS = {"scientifico": 10, "tradizionale": 9}
"""Cards to each player in each Scopone deal; ``tradizionale`` also puts ``TABLE_SIZE`` cards on the table."""

VALUE: dict[str, int] = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 8, "C": 9, "R": 10}
"""Capture value of each rank letter of the 40-card deck."""
PRIMIERA_VALUE: dict[str, int] = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12,
                                  "F": 10, "C": 10, "R": 10}
"""Primiera value of each rank letter."""
CARD_VALUE: tuple[int, ...] = tuple(VALUE.get(RANKS[c % 13], 0) for c in range(52))
"""Capture value by card id (0 for 8, 9, X, not in the deck)."""
CARD_PRIMIERA: tuple[int, ...] = tuple(PRIMIERA_VALUE.get(RANKS[c % 13], 0) for c in range(52))
"""Primiera value by card id."""
SETTEBELLO = Card.parse("7d")
DENARI = 0
"""Suit index of Denari (coins)."""
KING = RANKS.index("R")
NAPOLA_RUN: tuple[Card, ...] = tuple(Card.of(r, "d") for r in "A234567FCR")
"""The Denari A, 2, ... R in the order a napola run counts them."""
AWARDS = ("cards", "denari", "settebello", "primiera", "napola")
"""Round points besides the scope, in breakdown order."""



def sides_of(players: int) -> tuple[tuple[int, ...], ...]:
    """The sides: each seat alone with 2 or 3 players; seats {0, 2} and {1, 3} with 4."""
    if players == 4:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(players))


def side_of(seat: int, players: int) -> int:
    """The index of a seat's side."""
    return seat % 2 if players == 4 else seat


def too_many_kings(table: Iterable[Card]) -> bool:
    """Whether a dealt table holds three or four R (the same dealer deals again)."""
    return sum(1 for c in table if c % 13 == KING) >= 3


def sum_captures(value: int, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every set of table cards adding up to ``value`` (each a sorted tuple), larger sets first."""
    cards = sorted(table, key=lambda c: (CARD_VALUE[c], c))
    out: list[tuple[Card, ...]] = []
    chosen: list[Card] = []

    def rec(i: int, remaining: int) -> None:
        if remaining == 0:
            out.append(tuple(sorted(chosen)))
            return
        for j in range(i, len(cards)):
            v = CARD_VALUE[cards[j]]
            if v > remaining:
                break
            chosen.append(cards[j])
            rec(j + 1, remaining - v)
            chosen.pop()

    rec(0, value)
    out.sort(key=lambda t: (-len(t), t))
    return out


def capture_choices(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The legal takes of ``card`` on ``table``: each table card of its value (one at a time) if there is any;
    else each set adding up to its value; else only ``()`` (placing it)."""
    value = CARD_VALUE[card]
    equal: list[tuple[Card, ...]] = [(t,) for t in sorted(table) if CARD_VALUE[t] == value]
    if equal:
        return equal
    sums = sum_captures(value, table)
    return sums if sums else [()]


def capture_problem(card: Card, take: Sequence[Card], table: Sequence[Card]) -> IllegalAction | None:
    """Why playing ``card`` and taking ``take`` from ``table`` is not legal (the error to raise), or ``None``."""
    named = take_problem(card, take, table)
    if named is not None:
        return named
    value = CARD_VALUE[card]
    equal = [t for t in table if CARD_VALUE[t] == value]
    if not take:
        choices = capture_choices(card, table)
        if choices != [()]:
            return IllegalAction(N_("capturing is compulsory: {card} must take {choices}"), card=str(card),
                                 choices=" or ".join(" + ".join(str(c) for c in t) for t in choices))
        return None
    if equal:
        if len(take) == 1 and CARD_VALUE[take[0]] == value:
            return None
        return IllegalAction(N_("{card} must take a single card of its value ({cards}), not a sum"),
                             card=str(card), cards=format_cards(sorted(equal)))
    if len(take) == 1:
        return IllegalAction(N_("{taken} is worth {worth}, not {value}: {card} takes a card of its value, or cards "
                                "adding up to it"), taken=str(take[0]), worth=CARD_VALUE[take[0]], value=value,
                             card=str(card))
    return sum_problem(card, take, [CARD_VALUE[t] for t in take], value)



def primiera(pile: Iterable[Card]) -> tuple[int, tuple[Card, ...]]:
    """A pile's primiera: the sum of its best card of each suit and those four cards; ``(0, ())`` when a suit
    is missing (no primiera)."""
    best: dict[int, Card] = {}
    for c in pile:
        s = c // 13
        if s not in best or (CARD_PRIMIERA[c], -c) > (CARD_PRIMIERA[best[s]], -best[s]):
            best[s] = c
    if len(best) < 4:
        return (0, ())
    four = tuple(best[s] for s in range(4))
    return (sum(CARD_PRIMIERA[c] for c in four), four)


def napola_length(pile: Iterable[Card]) -> int:
    """The napola a pile scores: the length of its run of Denari from the ace when it holds A, 2, 3; else 0."""
    have = set(pile)
    n = 0
    while n < len(NAPOLA_RUN) and NAPOLA_RUN[n] in have:
        n += 1
    return n if n >= 3 else 0


def sole_best(values: Sequence[int]) -> int | None:
    """The index of the one strictly highest value, ``None`` on a tie for the top."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v == top]
    return best[0] if len(best) == 1 else None
