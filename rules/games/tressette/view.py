"""What one seat (or a spectator) may see of a Tressette table, and a declaration."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.cards import Card
from rules.view import GameView


@dataclass(frozen=True)
class Declaration:
    """A declaration (accuso) announced at the round's start: who, which (``napoletana``, ``buongioco``), the cards
    it names and its points."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    points: int

    def as_record(self) -> dict[str, object]:
        """The declaration in a round result's record form."""
        return {"seat": self.seat, "kind": self.kind, "cards": [str(c) for c in self.cards], "points": self.points}


@dataclass(frozen=True)
class Signal:
    """A signal a leader added to a card: the trick's index in the round, the seat, the card, the signal."""

    trick: int
    seat: int
    card: Card
    signal: str


@dataclass(frozen=True)
class DrawnCard:
    """A card drawn from the stock (two players), shown to both: after which trick, by which seat."""

    trick: int
    seat: int
    card: Card


@dataclass(frozen=True)
class TressetteView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Tressette game."""

    trick: tuple[tuple[int, Card], ...]
    """The trick being played, (seat, card) in play order."""
    leader: int
    led_suit: str | None
    """The suit letter to follow in the trick being played; ``None`` before its lead."""
    tricks: tuple[tuple[int, tuple[tuple[int, Card], ...], int], ...]
    """Completed tricks of this round: (leader, ((seat, card), ...), winner)."""
    tricks_won: tuple[int, ...]
    """Tricks taken by each seat this round."""
    signals: tuple[Signal, ...]
    """Every signal of this round, in order (the current trick's lead signal is the last when it has one)."""
    stock_count: int
    """Face-down cards left to draw (two players)."""
    drawn: tuple[DrawnCard, ...]
    """Every card drawn this round, in order: both players saw each."""
    declarations: tuple[Declaration, ...]
    """The declarations announced at the round's start (with option ``accusi``)."""
    known_hands: Mapping[int, tuple[Card, ...]]
    """By seat, the cards every seat knows are still in that seat's hand: drawn or declared, not yet played."""
    points: tuple[int, ...] | None
    """Thirds taken by each side so far, only with ``show_points``."""
    last_trick: int | None
    """The seat that took the round's last trick, once it is played."""

    def announced(self) -> frozenset[Card]:
        """The drawn and declared cards still in a hand: every seat knows their holder."""
        return frozenset(c for cards in self.known_hands.values() for c in cards)

    @property
    def current_signal(self) -> str | None:
        """The signal of the trick being played, ``None`` when its lead carried none (or before the lead)."""
        if self.trick and self.signals and self.signals[-1].trick == len(self.tricks):
            return self.signals[-1].signal
        return None

    def voids(self) -> tuple[frozenset[str], ...]:
        """By seat, the suits it showed it lacked by not following them this round. With two players a later
        draw may bring that suit back, but a drawn card is shown: a seat holds no card of such a suit beyond
        the ones in ``known_hands``."""
        out: list[set[str]] = [set() for _ in range(self.players)]
        tricks = [*self.tricks, (self.leader, self.trick, -1)] if self.trick else list(self.tricks)
        for _lead, cards, _w in tricks:
            led = cards[0][1].suit
            for seat, card in cards[1:]:
                if card.suit != led:
                    out[seat].add(led)
        return tuple(frozenset(s) for s in out)
