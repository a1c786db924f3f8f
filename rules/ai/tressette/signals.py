"""What a seat's leads said about its hand in 4-player Tressette with signals, as every AI level from ``medium``
up reads them: a ``busso`` names the card the leader kept (the strongest card of the suit not yet played before
that trick) while it is not played, a ``striscio`` says the leader kept two or more cards of the suit, a ``volo``
that it kept none. Each reading is of the moment of the lead, carried to now by the cards of the suit the leader
has played since: a ``busso`` read as "it holds the suit's master" whatever the master is now would give the
leader the next card down once it has played the one it knocked for.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rules.games.tressette.rules import STRENGTH
from rules.games.tressette.view import TressetteView

__all__ = ["Reading", "read_leads"]

SUIT_CARDS: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in range(s * 13, s * 13 + 13) if STRENGTH[c]) for s in range(4))
"""The ten cards of each suit by card id."""


@dataclass
class Reading:
    """What one seat's signals say it holds now."""

    held: set[int] = field(default_factory=set)
    """Cards it holds (the card a ``busso`` named)."""
    at_least: dict[int, int] = field(default_factory=dict)
    """By suit, the fewest cards of it it holds (a ``striscio``: two, less those it played since)."""
    exactly: dict[int, int] = field(default_factory=dict)
    """By suit, the number of cards of it it holds (a ``volo``: none)."""


def read_leads(view: TressetteView, seat: int, gone: set[int]) -> Reading:
    """What the signals ``seat`` gave on its leads this round say it holds now, read by a seat for which ``gone``
    are the cards it knows are not in ``seat``'s hand (those played, its own)."""
    out = Reading()
    given = {sig.trick: sig.signal for sig in view.signals if sig.seat == seat}
    tricks = [(lead, [(s, int(c)) for s, c in cards]) for lead, cards, _w in view.tricks]
    if view.trick:
        tricks.append((view.leader, [(s, int(c)) for s, c in view.trick]))
    before: set[int] = set()
    for t, (lead, cards) in enumerate(tricks):
        if lead == seat:
            card = cards[0][1]
            suit = card // 13
            since = sum(1 for _lead, later in tricks[t + 1:] for s, c in later if s == seat and c // 13 == suit)
            out_then = [c for c in SUIT_CARDS[suit] if c not in before]
            top = max(out_then, key=STRENGTH.__getitem__)
            signal = given.get(t)
            if signal == "busso":
                if top != card and top not in gone:
                    out.held.add(top)
            elif signal == "striscio":
                out.at_least[suit] = max(out.at_least.get(suit, 0), 2 - since)
            elif signal == "volo":
                out.exactly[suit] = 0
        before.update(c for _s, c in cards)
    return out
