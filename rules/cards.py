"""Cards of the Italian decks: suits, ranks, points, trick strength, text form and decks.

A card is a small immutable value. ``Card`` subclasses ``int`` (id = suit * 13 + rank index) so engines
can index lookup tables with it and compare it cheaply; ``str(card)`` gives the text form (``"Rb"``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

SUITS = "dcsb"
"""Suit letters: Denari (coins), Coppe (cups), Spade (swords), Bastoni (batons)."""
RANKS = "A23456789XFCR"
"""Rank letters in natural order; X = 10, F = Fante, C = Cavallo, R = Re."""

SUIT_NAMES = {"d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"}
RANK_NAMES = {"A": "Asso", "X": "10", "F": "Fante", "C": "Cavallo", "R": "Re"}
FRENCH_SUITS = {"d": "♦", "c": "♥", "s": "♠", "b": "♣"}
FRENCH_RANKS = {"F": "J", "C": "Q", "R": "K", "X": "10"}

# Briscola / Chiamata card points and trick strength, by rank letter.
POINTS_BY_RANK = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
STRENGTH_ORDER = "A3RCF76542"
"""Trick strength, high to low (Briscola and Chiamata)."""

# Cicera: numbers count their value (A = 1 .. X = 10); courts have none.
CICERA_VALUE_BY_RANK = {r: i + 1 for i, r in enumerate(RANKS[:10])}


def N_(message: str) -> str:  # noqa: N802  (gettext's naming)
    """Marks a text for Babel's extraction; the front ends translate it."""
    return message


class CardError(ValueError):
    """A text that is not a card. Like ``rules.actions.RulesError``: ``template`` (English, marked with ``N_``)
    and ``fields``, for the front ends to translate; ``str(e)`` is the English text."""

    def __init__(self, template: str, /, **fields: object) -> None:
        self.template = template
        self.fields = fields
        super().__init__(template.format(**fields))

    def __reduce__(self) -> tuple[object, ...]:
        return (_card_error, (self.template, self.fields))


def _card_error(template: str, fields: dict[str, object]) -> CardError:
    return CardError(template, **fields)


class Card(int):
    """One card; ``Card.parse("Rb")`` or ``Card.of("R", "b")``; ``str(card)`` is its text form."""

    __slots__ = ()

    _cache: list[Card] = []

    def __new__(cls, value: int) -> Card:
        if cls._cache and 0 <= value < 52:
            return cls._cache[value]
        if not 0 <= value < 52:
            raise ValueError(f"card id out of range: {value}")
        return super().__new__(cls, value)

    @classmethod
    def of(cls, rank: str, suit: str) -> Card:
        """The card of a rank letter and a suit letter."""
        r = RANKS.find(rank)
        s = SUITS.find(suit)
        if r < 0 or len(rank) != 1:
            raise CardError(N_("unknown rank {rank}; ranks are {ranks}"), rank=repr(rank), ranks=" ".join(RANKS))
        if s < 0 or len(suit) != 1:
            raise CardError(N_("unknown suit {suit}; suits are {suits}"), suit=repr(suit), suits=" ".join(SUITS))
        return ALL_CARDS[s * 13 + r]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse the text form: rank then suit, e.g. ``Ad``, ``3c``, ``Xs``, ``Rb``."""
        if not isinstance(text, str) or len(text.strip()) != 2:
            raise CardError(N_("not a card: {text} (write rank then suit, like 'Ad' or 'Rb')"), text=repr(text))
        t = text.strip()
        return cls.of(t[0].upper(), t[1].lower())

    @property
    def suit(self) -> str:
        """Suit letter."""
        return SUITS[self // 13]

    @property
    def rank(self) -> str:
        """Rank letter."""
        return RANKS[self % 13]

    @property
    def suit_index(self) -> int:
        """Index of the suit in ``SUITS``."""
        return self // 13

    @property
    def points(self) -> int:
        """Briscola points of the card."""
        return POINTS[self]

    @property
    def strength(self) -> int:
        """Briscola trick strength, 10 for the ace down to 1 for the 2 (0 for 8, 9, X)."""
        return STRENGTH[self]

    @property
    def cicera_value(self) -> int:
        """Cicera value: A = 1 .. X = 10; courts 0."""
        return CICERA_VALUE[self]

    @property
    def is_court(self) -> bool:
        """True for F, C and R."""
        return self % 13 >= 10

    def french(self) -> str:
        """The French-faced label, e.g. ``K♣``."""
        return FRENCH_RANKS.get(self.rank, self.rank) + FRENCH_SUITS[self.suit]

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"Card({_TEXT[self]})"

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:  # pickling keeps the flyweight
        return (Card, (int(self),))


_TEXT = [r + s for s in SUITS for r in RANKS]
ALL_CARDS: list[Card] = [int.__new__(Card, i) for i in range(52)]
Card._cache = ALL_CARDS

POINTS: list[int] = [POINTS_BY_RANK.get(RANKS[i % 13], 0) for i in range(52)]
"""Briscola points by card id."""
STRENGTH: list[int] = [
    (len(STRENGTH_ORDER) - STRENGTH_ORDER.index(RANKS[i % 13])) if RANKS[i % 13] in STRENGTH_ORDER else 0
    for i in range(52)
]
"""Briscola trick strength by card id (higher wins)."""
CICERA_VALUE: list[int] = [CICERA_VALUE_BY_RANK.get(RANKS[i % 13], 0) for i in range(52)]
"""Cicera value by card id (0 for courts)."""


def card(text: str) -> Card:
    """Shorthand for ``Card.parse``."""
    return Card.parse(text)


def cards(text: str) -> list[Card]:
    """Parse several cards separated by spaces or commas: ``cards("Ad 3c Rb")``."""
    return [Card.parse(t) for t in text.replace(",", " ").split()]


def deck_52() -> list[Card]:
    """The 52-card Bresciane deck (Cicera)."""
    return list(ALL_CARDS)


def deck_40() -> list[Card]:
    """The 40-card deck: no 8, 9 or X (Briscola 2 and 4 players, Chiamata)."""
    return [c for c in ALL_CARDS if c.rank not in "89X"]


def deck_39() -> list[Card]:
    """The 40-card deck without the 2 of cups (Briscola 3 players)."""
    two_cups = Card.parse("2c")
    return [c for c in deck_40() if c != two_cups]


def deck_36() -> list[Card]:
    """The 40-card deck without the four 2s (Briscola 6 players)."""
    return [c for c in deck_40() if c.rank != "2"]


def trick_winner(cards_in_order: Sequence[int], trump_suit: int) -> int:
    """Index (in play order) of the card that wins a trick: highest trump, else highest of the led suit.

    The one statement of the trick-taking rule (Briscola and Chiamata). It also answers for a trick still
    being played: the card winning it so far. ``trump_suit`` is -1 while no trump is known. The fast copies
    that search uses (``beats`` below, ``rules.ai.tricks.standing``) are tied to it by
    ``tests/rules/test_trick_rule.py``."""
    best = 0
    lead = cards_in_order[0]
    best_card = lead
    best_trump = lead // 13 == trump_suit
    for i in range(1, len(cards_in_order)):
        c = cards_in_order[i]
        cs = c // 13
        if cs == trump_suit:
            if not best_trump or STRENGTH[c] > STRENGTH[best_card]:
                best, best_card, best_trump = i, c, True
        elif not best_trump and cs == best_card // 13 and STRENGTH[c] > STRENGTH[best_card]:
            best, best_card = i, c
    return best


def beats(c: int, best: int, trump: int) -> bool:
    """Whether card ``c`` played now takes the trick from ``best``, the card winning it so far: the same as
    ``trick_winner([best, c], trump) == 1`` (a fast copy for search, tied to it by a test)."""
    if c // 13 == trump:
        return best // 13 != trump or STRENGTH[c] > STRENGTH[best]
    return best // 13 != trump and c // 13 == best // 13 and STRENGTH[c] > STRENGTH[best]


def format_cards(cs: Iterable[int]) -> str:
    """Cards as space-separated text."""
    return " ".join(str(Card(c)) for c in cs)
