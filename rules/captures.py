"""What the fishing games (a card played takes cards from the table) share: a move as ``(card, take)`` and the
checks of a named take that do not depend on a game's capture rule (a card named twice, a card not on the
table, a sum that does not add up)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.actions import N_, Action, IllegalAction
from rules.cards import Card, format_cards

Move = tuple[Card, tuple[Card, ...]]
"""A play on the fast path: the card and the table cards it takes (``()``: placed)."""


def move_of(action: Action) -> Move:
    """The fast-path move of a play action with its take."""
    if action.kind != "play" or action.card is None or action.take is None:
        raise IllegalAction(f"{action} is not a play with its take")
    return (action.card, action.take)


def take_problem(card: Card, take: Sequence[Card], table: Sequence[Card]) -> IllegalAction | None:
    """Why ``take`` cannot be what ``card`` takes from ``table`` whatever the game's rule (a card named twice,
    cards not on the table), or ``None``."""
    seen: set[Card] = set()
    for t in take:
        if t in seen:
            return IllegalAction(N_("{taken} is named twice in what {card} takes"), taken=str(t), card=str(card))
        seen.add(t)
    missing = [t for t in take if t not in table]
    if len(missing) == 1:
        return IllegalAction(N_("{cards} is not on the table"), cards=format_cards(missing))
    if missing:
        return IllegalAction(N_("{cards} are not on the table"), cards=format_cards(missing))
    return None


def sum_problem(card: Card, take: Sequence[Card], values: Sequence[int], value: int) -> IllegalAction | None:
    """Why the cards of ``take``, worth ``values``, are not a capture by sum for ``card`` of ``value``, or
    ``None``."""
    total = sum(values)
    if total != value:
        return IllegalAction(
            N_("{cards} add up to {total}, not {value}: a capture by sum must add up to the value of {card}"),
            cards=" + ".join(str(t) for t in take), total=total, value=value, card=str(card),
        )
    return None
