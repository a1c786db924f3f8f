"""Tressette's facts as data and pure functions: the trick strength 3 2 A R C F 7 6 5 4 with no trumps, the
points in thirds, following suit, the trick's winner, the sides, the signals and the declarations (accusi)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.actions import N_, IllegalAction
from rules.cards import RANKS, SUITS, Card

NAME = "tressette"
"""The registered name of Tressette."""
PLAYER_COUNTS = (2, 4)
HAND_SIZE = 10
"""Cards dealt to each player; with 2 players the other 20 are the stock."""

STRENGTH_ORDER = "32ARCF7654"
"""Trick strength, high to low."""
STRENGTH: tuple[int, ...] = tuple(
    len(STRENGTH_ORDER) - STRENGTH_ORDER.index(RANKS[c % 13]) if RANKS[c % 13] in STRENGTH_ORDER else 0
    for c in range(52)
)
"""Trick strength by card id, 10 for a 3 down to 1 for a 4 (0 for 8, 9, X: not in the deck)."""
THIRDS_BY_RANK = {"A": 3, "2": 1, "3": 1, "R": 1, "C": 1, "F": 1}
THIRDS: tuple[int, ...] = tuple(THIRDS_BY_RANK.get(RANKS[c % 13], 0) for c in range(52))
"""Thirds of a point by card id: an ace 3, a 3, 2, R, C or F 1, the others none."""
LAST_TRICK_THIRDS = 3
"""The last trick of the round is worth 3 thirds (one point)."""
ROUND_THIRDS = 35
"""Thirds in a round: 32 in the cards and 3 for the last trick (11 points are scored, 2 thirds are lost)."""

SIGNALS = ("busso", "striscio", "volo")
"""The signals a leader may add to the card (4 players): knock, slide, fly."""

NAPOLETANA = "napoletana"
BUONGIOCO = "buongioco"
NAPOLETANA_RANKS = ("A", "2", "3")
NAPOLETANA_POINTS = 3
BUONGIOCO_RANKS = ("3", "2", "A")
BUONGIOCO_POINTS = {3: 3, 4: 4}
"""A buongioco's points by how many of the four cards of its rank it holds."""


def sides_of(players: int) -> tuple[tuple[int, ...], ...]:
    """Each seat alone with 2 players; seats {0, 2} and {1, 3} with 4."""
    return ((0, 2), (1, 3)) if players == 4 else ((0,), (1,))


def side_of(seat: int, players: int) -> int:
    """The index of a seat's side."""
    return seat % 2 if players == 4 else seat


def must_follow(suit_index: int) -> IllegalAction:
    """The refusal of a card that does not follow the led suit while the hand holds it: one text per suit, so
    that each language names the suit its own way ("you must follow Coppe")."""
    if suit_index == 0:
        return IllegalAction(N_("you must follow Denari"))
    if suit_index == 1:
        return IllegalAction(N_("you must follow Coppe"))
    if suit_index == 2:
        return IllegalAction(N_("you must follow Spade"))
    return IllegalAction(N_("you must follow Bastoni"))


def playable(hand: Sequence[int], led: int | None) -> list[int]:
    """The cards of ``hand`` that may be played: those of the led suit (a suit index) when the hand holds any,
    else every card (also when leading, ``led is None``)."""
    if led is None:
        return list(hand)
    follow = [c for c in hand if c // 13 == led]
    return follow if follow else list(hand)


def winning_index(trick: Sequence[int]) -> int:
    """The index in play order of the card that takes the trick (or is taking it so far): the strongest card of
    the led suit; there are no trumps."""
    led = trick[0] // 13
    best = 0
    for i in range(1, len(trick)):
        c = trick[i]
        if c // 13 == led and STRENGTH[c] > STRENGTH[trick[best]]:
            best = i
    return best


def thirds_of(cards: Iterable[int]) -> int:
    """The thirds some cards are worth."""
    return sum(THIRDS[c] for c in cards)


def declarations(hand: Iterable[int]) -> list[tuple[str, tuple[Card, ...], int]]:
    """Every declaration a dealt hand holds, as (kind, the cards it names, points): a napoletana (A, 2, 3 of one
    suit) 3 points each; a buongioco (three of the four 3s, 2s or aces) 3 points, all four 4 points. A card may
    count in more than one (the A, 2, 3 of Denari and the other three aces are a napoletana and a buongioco)."""
    have = {Card(c) for c in hand}
    out: list[tuple[str, tuple[Card, ...], int]] = []
    for s in SUITS:
        cards = tuple(Card.of(r, s) for r in NAPOLETANA_RANKS)
        if all(c in have for c in cards):
            out.append((NAPOLETANA, cards, NAPOLETANA_POINTS))
    for r in BUONGIOCO_RANKS:
        cards = tuple(c for c in (Card.of(r, s) for s in SUITS) if c in have)
        if len(cards) in BUONGIOCO_POINTS:
            out.append((BUONGIOCO, cards, BUONGIOCO_POINTS[len(cards)]))
    return out
