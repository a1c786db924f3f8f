"""Card-play policies shared by the trick-taking games (Briscola and Chiamata), on plain card ids.

Every function takes what a seat can see: its hand, the cards of the current trick in play order, the trump
suit index, and (for the heuristic) which seats of the trick are its partners.
"""

from __future__ import annotations

from rules.cards import POINTS, STRENGTH


def greedy_key(c: int, trump: int) -> tuple[int, bool, int]:
    """Greedy's order: fewest points, then a non-trump before a trump, then the weaker card."""
    return (POINTS[c], c // 13 == trump, STRENGTH[c])


def beats(c: int, best: int, trump: int) -> bool:
    """Whether card ``c`` played now would beat ``best``, the card winning the trick so far."""
    if c // 13 == trump:
        return best // 13 != trump or STRENGTH[c] > STRENGTH[best]
    return best // 13 != trump and c // 13 == best // 13 and STRENGTH[c] > STRENGTH[best]


def winning_index(trick: list[int] | tuple[int, ...], trump: int) -> int:
    """Index in play order of the card winning the trick so far."""
    best = 0
    for i in range(1, len(trick)):
        if beats(trick[i], trick[best], trump):
            best = i
    return best


def greedy_card(hand: list[int], trick: list[int] | tuple[int, ...], trump: int) -> int:
    """The greedy baseline (docs/AI.md): leading, the card with the fewest points; following, the cheapest
    card that wins the trick as it stands, else the card with the fewest points. Ties: a non-trump before a
    trump, then the weaker card."""
    if trick:
        best = trick[winning_index(trick, trump)]
        winners = [c for c in hand if beats(c, best, trump)]
        if winners:
            return min(winners, key=lambda c: greedy_key(c, trump))
    return min(hand, key=lambda c: greedy_key(c, trump))


def heuristic_card(
    hand: list[int],
    trick: list[int] | tuple[int, ...],
    trump: int,
    partner_winning: bool = False,
    last_to_play: bool = False,
) -> int:
    """A quick, strong policy (the rollout policy of search and the base of ``medium``).

    Leading: the cheapest card (a non-trump first). Following: when the partner is winning the trick, load
    points on it (the richest non-trump) if nobody after can easily take it, else give the cheapest card;
    otherwise win with the richest card of the led suit that wins; take with the cheapest trump when the
    trick holds 10+ points (an ace or a three); else throw the cheapest non-trump."""
    key = _cheap_key(trump)
    if not trick:
        return min(hand, key=key)
    wi = winning_index(trick, trump)
    best = trick[wi]
    if partner_winning:
        if last_to_play or best // 13 == trump or STRENGTH[best] >= 9:
            loads = [c for c in hand if c // 13 != trump]
            if loads:
                return max(loads, key=lambda c: (POINTS[c], -STRENGTH[c]))
        return min(hand, key=key)
    led = trick[0] // 13
    same = [c for c in hand if c // 13 == led and beats(c, best, trump)]
    if same and led != trump:
        return max(same, key=lambda c: (POINTS[c], STRENGTH[c]))
    at_stake = sum(POINTS[c] for c in trick)
    if at_stake >= 10:
        trumps = [c for c in hand if c // 13 == trump and beats(c, best, trump)]
        if trumps:
            return min(trumps, key=lambda c: (POINTS[c], STRENGTH[c]))
    if same:
        return min(same, key=lambda c: (POINTS[c], STRENGTH[c]))
    return min(hand, key=key)


def _cheap_key(trump: int):
    """Cheapest first: non-trumps before trumps, then fewest points, then weaker."""
    return lambda c: (c // 13 == trump, POINTS[c], STRENGTH[c])
