"""Card-play policies shared by the trick-taking games (Briscola and Chiamata), on plain card ids.

Every function takes what a seat can see: its hand, the cards of the current trick in play order, the trump
suit index, and (for the heuristic) which seats of the trick are its partners.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.cards import POINTS, STRENGTH, beats, trick_winner

__all__ = ["CHEAP", "beats", "duel_card", "greedy_card", "greedy_key", "heuristic_card", "heuristic_follow",
           "play_why", "standing", "winning_index"]


def greedy_key(c: int, trump: int) -> tuple[int, bool, int]:
    """Greedy's order: fewest points, then a non-trump before a trump, then the weaker card."""
    return (POINTS[c], c // 13 == trump, STRENGTH[c])


winning_index = trick_winner
"""Index in play order of the card winning the trick so far (the rule itself: ``rules.cards.trick_winner``)."""


def standing(trick: Sequence[int], trump: int) -> tuple[int, bool, int]:
    """The trick so far: the card winning it (``trick[trick_winner(trick, trump)]``), whether that card is a
    trump, and the points at stake. A fast copy of the rule for the rollout policy, tied to
    ``trick_winner`` by ``tests/rules/test_trick_rule.py``."""
    best = trick[0]
    best_trump = best // 13 == trump
    at_stake = POINTS[best]
    for i in range(1, len(trick)):
        x = trick[i]
        at_stake += POINTS[x]
        if x // 13 == trump:
            if not best_trump or STRENGTH[x] > STRENGTH[best]:
                best, best_trump = x, True
        elif not best_trump and x // 13 == best // 13 and STRENGTH[x] > STRENGTH[best]:
            best = x
    return best, best_trump, at_stake


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


def _table(f: Callable[[int, int], int]) -> list[list[int]]:
    """``table[trump][card]`` for trump -1..3 (index 4 holds trump -1: no trump yet)."""
    return [[f(c, t) for c in range(52)] for t in (0, 1, 2, 3, -1)]


CHEAP = _table(lambda c, t: (c // 13 == t) * 1000 + POINTS[c] * 20 + STRENGTH[c])
"""Cheapest first: non-trumps before trumps, then fewest points, then weaker."""
_LOAD = [POINTS[c] * 20 - STRENGTH[c] for c in range(52)]
"""Richest first (for loading points on a partner's trick): most points, then the weaker card."""
_RICH = [POINTS[c] * 20 + STRENGTH[c] for c in range(52)]
"""Most points, then the stronger card."""
_SHED = _table(lambda c, t: POINTS[c] * 40 + (c // 13 == t) * 20 + STRENGTH[c])
"""Greedy's order: fewest points, then a non-trump before a trump, then weaker."""


def _lead_class(c: int, t: int) -> int:
    p, trump = POINTS[c], c // 13 == t
    if p == 0:
        return 1 if trump else 0
    if p <= 4:
        return 3 if trump else 2
    return 5 if trump else 4


_DUEL_LEAD = _table(lambda c, t: _lead_class(c, t) * 1000 + POINTS[c] * 20 + STRENGTH[c])
"""Leading in a duel: a blank non-trump, a blank trump, a non-trump figure, a trump figure, an ace or three
of a plain suit, of trumps; then fewest points, then weaker."""


def duel_card(hand: list[int], trick: list[int] | tuple[int, ...], trump: int) -> int:
    """The two-player heuristic (``medium`` in 2-player Briscola; measured weaker as ``hard``'s playout
    policy than ``heuristic_card``, see docs/AI.md).

    Leading: by ``_DUEL_LEAD`` (blank cards first, plain suits before trumps, aces and threes last).
    Following: win with the richest card of the led suit that wins; else take a lead worth 10 (an ace or a
    three) with the cheapest trump; else give the card with the fewest points, a non-trump before a trump
    (a blank trump rather than a king, an ace or a three of a plain suit)."""
    if not trick:
        return min(hand, key=_DUEL_LEAD[trump].__getitem__)
    led = trick[0]
    suit = led // 13
    if suit != trump:
        sl = STRENGTH[led]
        same = [c for c in hand if c // 13 == suit and STRENGTH[c] > sl]
        if same:
            return max(same, key=_RICH.__getitem__)
        if POINTS[led] >= 10:
            trumps = [c for c in hand if c // 13 == trump]
            if trumps:
                return min(trumps, key=_RICH.__getitem__)
    return min(hand, key=_SHED[trump].__getitem__)


def heuristic_card(
    hand: list[int],
    trick: list[int] | tuple[int, ...],
    trump: int,
    partner_winning: bool = False,
    last_to_play: bool = False,
) -> int:
    """A quick, strong policy (the rollout policy of search and the base of ``medium``).

    Leading: the cheapest card (a non-trump first). Following: when the partner is winning the trick, load
    points on it (the richest non-trump) if it is the last card or the partner's card is a trump or an ace or
    a three, else give the cheapest card; otherwise win with the richest card of the led suit that wins; take
    with the cheapest winning trump when the trick holds 10+ points; else throw the cheapest card."""
    if not trick:
        return min(hand, key=CHEAP[trump].__getitem__)
    best, best_trump, at_stake = standing(trick, trump)
    return heuristic_follow(hand, trick[0] // 13, best, best_trump, at_stake, trump, partner_winning, last_to_play)


def heuristic_follow(hand: list[int], led: int, best: int, best_trump: bool, at_stake: int, trump: int,
                     partner_winning: bool = False, last_to_play: bool = False) -> int:
    """``heuristic_card`` following a trick of suit ``led`` that ``best`` is winning (a trump or not) with
    ``at_stake`` points on it, as ``standing`` gives it: for playouts that keep the trick as cards come."""
    cheap = CHEAP[trump].__getitem__
    if partner_winning:
        if last_to_play or best_trump or STRENGTH[best] >= 9:
            loads = [c for c in hand if c // 13 != trump]
            if loads:
                return max(loads, key=_LOAD.__getitem__)
        return min(hand, key=cheap)
    if not best_trump:
        sb = STRENGTH[best]
        same = [c for c in hand if c // 13 == led and STRENGTH[c] > sb]
        if same:
            return max(same, key=_RICH.__getitem__)
    if at_stake >= 10:
        if best_trump:
            sb = STRENGTH[best]
            trumps = [c for c in hand if c // 13 == trump and STRENGTH[c] > sb]
        else:
            trumps = [c for c in hand if c // 13 == trump]
        if trumps:
            return min(trumps, key=_RICH.__getitem__)
    if best_trump and led == trump:
        sb = STRENGTH[best]
        same = [c for c in hand if c // 13 == trump and STRENGTH[c] > sb]
        if same:
            return min(same, key=_RICH.__getitem__)
    return min(hand, key=cheap)


def play_why(card: int, trick: Sequence[tuple[int, int]], trump: str | None, players: int, seat: int | None,
             sides: Sequence[Sequence[int]]) -> tuple[str, dict[str, int]]:
    """What playing ``card`` does, for a hint's line of why (``rules.ai.review.why``): a key and its fields.

    ``trick`` holds the (seat, card) already played, ``trump`` is the trump suit's letter, ``sides`` the sides
    the seat knows (none while they are secret). Keys: ``lead`` / ``lead_trump`` (it opens the trick with
    ``points``), ``take`` / ``trump`` (the last card of the trick wins it, with a trump over a trick without
    one; ``points``: the trick's points with the card), ``take_so_far`` / ``trump_so_far`` (the same with seats
    still to play), ``load`` (it adds ``points`` to a trick its partner is winning), ``duck`` (it lets the trick
    go, giving ``points``)."""
    trump_suit = "dcsb".index(trump) if trump is not None else -1
    if not trick:
        return ("lead_trump" if card // 13 == trump_suit else "lead"), {"points": POINTS[card]}
    cards_in = [int(c) for _s, c in trick]
    at = trick_winner(cards_in, trump_suit)
    best = cards_in[at]
    points = sum(POINTS[c] for c in cards_in) + POINTS[card]
    if beats(card, best, trump_suit):
        key = "trump" if card // 13 == trump_suit and best // 13 != trump_suit else "take"
        return (key if len(trick) == players - 1 else key + "_so_far"), {"points": points}
    winner = trick[at][0]
    if seat is not None and any(seat in side and winner in side for side in sides):
        return "load", {"points": POINTS[card]}
    return "duck", {"points": POINTS[card]}
