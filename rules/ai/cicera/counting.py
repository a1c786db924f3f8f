"""Cicera AI, what a seat can count: the cards it has seen and not, the captures the other seats passed up,
the award weights of the cards for each team, and the captures a table allows (on plain card lists).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet

from rules.cards import CICERA_VALUE, Card
from rules.games.cicera.rules import FANTE_OF_CUPS, MATA, NAPULA_RUN, PLAYERS, SWORDS, TEN_OF_COINS
from rules.games.cicera.view import CiceraView

SPECIALS = frozenset((MATA, TEN_OF_COINS, FANTE_OF_CUPS))
"""La Mata (2s), Xd and Fc: a point each to the team that takes it."""
A23 = frozenset(NAPULA_RUN[:3])
"""As, 2s, 3s: a team holding all three scores a Napula."""


# ----- card counting and dynamic weights (medium, hard) -----
def seen_cards(view: CiceraView) -> set[Card]:
    """Cards this seat knows the place of: its hand, the table, and every card played or taken so far."""
    seen = set(view.hand)
    seen.update(view.table)
    for _, c, take in view.history:
        seen.add(c)
        seen.update(take)
    return seen


def unseen_cards(view: CiceraView) -> list[Card]:
    """The cards in the other three hands, as far as this seat can tell (sorted by id)."""
    seen = seen_cards(view)
    return [Card(c) for c in range(52) if c not in seen]


def team_piles(history: Iterable[tuple[int, Card, tuple[Card, ...]]]) -> tuple[list[Card], list[Card]]:
    """Each team's captured cards, rebuilt from the public history (in the engine's pile order)."""
    piles: tuple[list[Card], list[Card]] = ([], [])
    for seat, c, take in history:
        if take:
            pile = piles[seat % 2]
            pile.append(c)
            pile.extend(take)
    return piles


def initial_table(view: CiceraView) -> list[Card]:
    """The four cards dealt to the table: every card that has been on the table, less the placed ones."""
    placed = {c for _, c, take in view.history if not take}
    ever = set(view.table)
    for _, _, take in view.history:
        ever.update(take)
    return sorted(c for c in ever if c not in placed)


def passed_captures(view: CiceraView, unseen: Iterable[Card]) -> list[frozenset[Card]]:
    """Per seat, the unseen cards that seat could have captured with when it placed a card instead.

    Hands are dealt once, so an unseen card in that seat's hand now was there then. Players rarely place a
    card when they can capture, so these cards are less likely to be in that seat's hand."""
    unseen = list(unseen)
    table = initial_table(view)
    out: list[set[Card]] = [set() for _ in range(PLAYERS)]
    for seat, c, take in view.history:
        if take:
            for t in take:
                table.remove(t)
            continue
        if table:
            by_rank, by_sum = table_captures(table)
            got = out[seat]
            for u in unseen:
                if u not in got and (u % 13 in by_rank or (u % 13 < 10 and CICERA_VALUE[u] in by_sum)):
                    got.add(u)
        table.append(c)
    return [frozenset(x) for x in out]


PASSED_LIKELIHOOD = 0.15
"""How much less likely a card is in a hand that placed instead of capturing with it (per card)."""


NAPULA_GAIN = (0.6, 1.2, 3.0)
"""Worth of capturing one of As, 2s, 3s when the team concerned already holds 0, 1 or 2 of them."""


def award_weights(piles: Sequence[Sequence[int]]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Per team, what capturing each card is worth in points toward the end awards (gain or denial), given
    the piles so far: card and sword shares only while those awards are open, Napula by who holds what."""
    sets = [set(p) for p in piles]
    n_cards = [len(p) for p in piles]
    n_swords = [sum(1 for c in p if c // 13 == SWORDS) for p in piles]
    cards_open = max(n_cards) < 27
    swords_open = max(n_swords) < 7
    a23 = NAPULA_RUN[:3]
    holds = [sum(1 for c in a23 if c in s) for s in sets]
    runs = [run_length(s) for s in sets]
    out = []
    for team in (0, 1):
        other = 1 - team
        w = [0.0] * 52
        for c in range(52):
            v = 0.15 if cards_open else 0.0
            if c // 13 == SWORDS and swords_open:
                v += 0.15
            if c in (MATA, TEN_OF_COINS, FANTE_OF_CUPS):
                v += 1.0
            w[c] = v
        # Napula: A, 2, 3 of swords
        for c in a23:
            if (holds[team] and holds[other]) or max(holds) == 3:
                continue
            if holds[other]:
                w[c] += NAPULA_GAIN[holds[other]]
            else:
                w[c] += NAPULA_GAIN[holds[team]]
        # the run beyond 3: each card that extends a held run is a point
        for t in (0, 1):
            if holds[t] == 3:
                nxt = runs[t]
                if nxt < len(NAPULA_RUN):
                    w[NAPULA_RUN[nxt]] += 1.0
                    if nxt + 1 < len(NAPULA_RUN):
                        w[NAPULA_RUN[nxt + 1]] += 0.3
        out.append(tuple(w))
    return out[0], out[1]


def run_length(have: AbstractSet[int]) -> int:
    n = 0
    while n < len(NAPULA_RUN) and NAPULA_RUN[n] in have:
        n += 1
    return n


# ----- capture listing on plain card lists -----
Takes = dict[int, list[tuple[Card, ...]]]
"""Captures listed by rank or by value: each a tuple of table cards."""


def table_captures(table: Sequence[Card]) -> tuple[Takes, Takes]:
    """The captures a table offers, listed once for any played card: ``by_rank[rank]`` (one table card each)
    and ``by_sum[value]`` (two or more number cards adding up to ``value``, 2..10; cards by ascending value)."""
    by_rank: dict[int, list[tuple[Card, ...]]] = {}
    nums = []
    for t in table:
        r = t % 13
        lst = by_rank.get(r)
        if lst is None:
            by_rank[r] = [(t,)]
        else:
            lst.append((t,))
        if r < 10:
            nums.append(t)
    by_sum: dict[int, list[tuple[Card, ...]]] = {}
    k = len(nums)
    if k >= 2:
        nums.sort(key=_value_then_id)
        vals = [CICERA_VALUE[c] for c in nums]
        if vals[0] + vals[1] <= 10:
            chosen: list[Card] = []

            def rec(i: int, total: int) -> None:
                for j in range(i, k):
                    nt = total + vals[j]
                    if nt > 10:
                        return
                    chosen.append(nums[j])
                    if len(chosen) >= 2:
                        lst = by_sum.get(nt)
                        if lst is None:
                            by_sum[nt] = [tuple(chosen)]
                        else:
                            lst.append(tuple(chosen))
                    rec(j + 1, nt)
                    chosen.pop()

            rec(0, 0)
    return by_rank, by_sum


def _value_then_id(c: int) -> tuple[int, int]:
    return (CICERA_VALUE[c], c)


def takes_of(card: int, by_rank: Takes, by_sum: Takes) -> list[tuple[Card, ...]]:
    """Every capture ``card`` can make, from ``table_captures`` (not the placement)."""
    rank = by_rank.get(card % 13)
    if card % 13 >= 10:
        return rank or []
    s = by_sum.get(CICERA_VALUE[card])
    if rank is None:
        return s or []
    return rank + s if s else rank
