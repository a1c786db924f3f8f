"""Cicera AI players: ``greedy`` (the exact baseline), ``medium`` (one-ply heuristics with card counting) and
``hard`` (determinized search: sampled hidden hands, playouts to the end of the deal).

Every level sees only a ``CiceraView`` (its own hand, the table, the public history) and returns one of
``view.legal``. ``choose`` is a plain function of its arguments; the module keeps no mutable state (its
tables of card weights are immutable). docs/ai/cicera.md describes the levels and the exact greedy rule.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable, Sequence

from rules.actions import Action
from rules.cards import CICERA_VALUE, Card
from rules.cicera import (
    BONUSES,
    FANTE_OF_CUPS,
    MATA,
    NAPULA_RUN,
    PLAYERS,
    SWORDS,
    TEN_OF_COINS,
    CiceraRound,
    CiceraView,
    Move,
)

LEVELS = ("greedy", "medium", "hard")

# ----- the greedy baseline: static weights in tenths of a point -----
BONUS_TENTHS = 10
"""Each capture bonus (Scùa, Picada, Simili, Quadriglia) is 1 point = 10 tenths."""


def _greedy_weight(c: int) -> int:
    """Static worth of one card going to a pile, in tenths of a point (docs/ai/cicera.md)."""
    w = 1  # a share of "most cards"
    if c // 13 == SWORDS:
        w += 1  # a share of "most swords"
    if c in (MATA, TEN_OF_COINS, FANTE_OF_CUPS):
        w += 10  # the award itself
    if c in NAPULA_RUN[:3]:
        w += 5  # As, 2s, 3s: half a point toward a Napula
    return w


GREEDY_WEIGHT: tuple[int, ...] = tuple(_greedy_weight(c) for c in range(52))
"""Greedy weight by card id: 1, +1 for a sword, +10 for 2s / Xd / Fc, +5 for As / 2s / 3s."""


def bonus_count(card: int, take: Sequence[int], table_size: int, placed: int | None) -> int:
    """How many capture bonuses taking ``take`` with ``card`` scores (0 for a placement)."""
    if not take:
        return 0
    n = 0
    if len(take) == table_size:
        n += 1  # Scùa
    if len(take) == 1 and take[0] == placed:
        n += 1  # Picada
    suit = card // 13
    if all(t // 13 == suit for t in take):
        n += 1  # Simili
    if len(take) >= 3:
        n += 1  # Quadriglia
    return n


def greedy_value(card: int, take: Sequence[int], table_size: int, placed: int | None) -> int:
    """Greedy's static value of a capture, in tenths: the weights of the played and the taken cards plus
    10 per bonus scored now."""
    w = GREEDY_WEIGHT
    return w[card] + sum(w[t] for t in take) + BONUS_TENTHS * bonus_count(card, take, table_size, placed)


def _placed_card(view: CiceraView) -> Card | None:
    lp = view.last_placement
    return None if lp is None else lp[1]


def choose_greedy(view: CiceraView) -> Action:
    """The greedy baseline: the capture of highest ``greedy_value`` (ties: the first in ``view.legal``);
    with no capture, place the card of least weight (ties: the lowest card id)."""
    placed = _placed_card(view)
    n = len(view.table)
    best: Action | None = None
    best_v = -1
    for a in view.legal:
        if a.take:
            v = greedy_value(a.card, a.take, n, placed)
            if v > best_v:
                best, best_v = a, v
    if best is not None:
        return best
    return min((a for a in view.legal if not a.take), key=lambda a: (GREEDY_WEIGHT[a.card], a.card))


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
    runs = [_run_length(s) for s in sets]
    out = []
    for team in (0, 1):
        other = 1 - team
        w = [0.0] * 52
        for c in range(52):
            v = 0.15 if cards_open else 0.0
            if c // 13 == SWORDS and swords_open:
                v += 0.15
            if c == MATA or c == TEN_OF_COINS or c == FANTE_OF_CUPS:
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


def _run_length(have: set[int]) -> int:
    n = 0
    while n < len(NAPULA_RUN) and NAPULA_RUN[n] in have:
        n += 1
    return n


# ----- capture listing on plain card lists -----
def sum_takes(table: Sequence[int], value: int) -> list[tuple[Card, ...]]:
    """Every set of two or more number cards of ``table`` adding up to ``value`` (sorted tuples)."""
    if value < 2:
        return []
    nums = sorted((c for c in table if 0 < CICERA_VALUE[c] < value), key=lambda c: -CICERA_VALUE[c])
    if len(nums) < 2:
        return []
    vals = [CICERA_VALUE[c] for c in nums]
    suffix = [0] * (len(nums) + 1)
    for i in range(len(nums) - 1, -1, -1):
        suffix[i] = suffix[i + 1] + vals[i]
    if suffix[0] < value:
        return []
    out: list[tuple[Card, ...]] = []
    chosen: list[Card] = []

    def rec(i: int, remaining: int) -> None:
        for j in range(i, len(nums)):
            v = vals[j]
            if suffix[j] < remaining:
                return
            if v > remaining:
                continue
            chosen.append(nums[j])
            if v == remaining:
                out.append(tuple(sorted(chosen)))
            else:
                rec(j + 1, remaining - v)
            chosen.pop()

    rec(0, value)
    return out


class _TableCaptures:
    """The captures a table offers, by rank and by value, listed once and reused for many cards."""

    __slots__ = ("table", "by_rank", "sums")

    def __init__(self, table: Sequence[int]) -> None:
        self.table = table
        self.by_rank: dict[int, list[tuple[Card, ...]]] = {}
        for t in table:
            self.by_rank.setdefault(t % 13, []).append((t,))
        self.sums: dict[int, list[tuple[Card, ...]]] = {}

    def takes(self, card: int) -> list[tuple[Card, ...]]:
        """Every capture ``card`` can make (not the placement)."""
        by_rank = self.by_rank.get(card % 13, [])
        v = CICERA_VALUE[card]
        if v < 2:
            return by_rank
        s = self.sums.get(v)
        if s is None:
            s = self.sums[v] = sum_takes(self.table, v)
        return by_rank + s if by_rank else s


# ----- medium -----
class _Context:
    """What medium needs about a position, computed once per decision."""

    __slots__ = ("team", "weights", "unseen", "p_next")

    def __init__(self, view: CiceraView) -> None:
        assert view.seat is not None
        self.team = view.seat % 2
        self.weights = award_weights(team_piles(view.history))
        self.unseen = unseen_cards(view)
        nxt = (view.seat + 1) % PLAYERS
        h = view.hand_sizes[nxt]
        self.p_next = h / len(self.unseen) if self.unseen else 0.0


def capture_worth(card: int, take: Sequence[int], table_size: int, placed: int | None, w: Sequence[float]) -> float:
    """Medium's worth of a capture for the team whose weights are ``w``: bonuses plus award weights."""
    return w[card] + sum(w[t] for t in take) + bonus_count(card, take, table_size, placed)


def reply_risk(table: list[Card], placed: int | None, unseen: Sequence[int], p: float, w: Sequence[float]) -> float:
    """Expected worth of the next player's best capture on ``table``: each unseen card is in its hand with
    probability ``p`` (independently, as an approximation); ``w`` are that player's team weights."""
    if not table or p <= 0.0:
        return 0.0
    caps = _TableCaptures(table)
    n = len(table)
    best_by_card = []
    for u in unseen:
        best = 0.0
        for take in caps.takes(u):
            v = capture_worth(u, take, n, placed, w)
            if v > best:
                best = v
        if best > 0.0:
            best_by_card.append(best)
    if not best_by_card:
        return 0.0
    best_by_card.sort(reverse=True)
    q = 1.0 - p
    e = 0.0
    miss = 1.0
    for v in best_by_card:
        e += v * p * miss
        miss *= q
    return e


PLACE_KEEP = 0.25
"""Medium: the share of a placed card's worth counted as lost (it may go to the other team later)."""


def medium_scores(view: CiceraView, moves: Sequence[Move], ctx: _Context | None = None) -> list[float]:
    """Medium's score of each move: what it gains now minus what it leaves to the next player."""
    if ctx is None:
        ctx = _Context(view)
    mine = ctx.weights[ctx.team]
    theirs = ctx.weights[1 - ctx.team]
    table = list(view.table)
    placed = _placed_card(view)
    n = len(table)
    out = []
    for c, take in moves:
        if take:
            gain = capture_worth(c, take, n, placed, mine)
            rest = [t for t in table if t not in take]
            risk = reply_risk(rest, None, ctx.unseen, ctx.p_next, theirs)
        else:
            gain = -PLACE_KEEP * (mine[c] + theirs[c])
            risk = reply_risk([*table, c], c, ctx.unseen, ctx.p_next, theirs)
        out.append(gain - risk)
    return out


def choose_medium(view: CiceraView) -> Action:
    """The move of best ``medium_scores`` (ties: the first in ``view.legal``)."""
    moves = [(a.card, a.take) for a in view.legal]
    scores = medium_scores(view, moves)
    best = max(range(len(moves)), key=lambda i: (scores[i], -i))
    return view.legal[best]


# ----- hard: determinized search -----
def round_from_view(view: CiceraView, hands: Sequence[Sequence[Card]]) -> CiceraRound:
    """A ``CiceraRound`` in the view's position with the given hands (the seat's own and sampled ones):
    the table, the team piles and the bonuses rebuilt from the public history, the card a Picada can take,
    the last capturer. Used by search only (it sets the round's fields directly)."""
    r = CiceraRound.__new__(CiceraRound)
    r.n = PLAYERS
    r.dealer = view.dealer
    r._deal = {"hands": [[] for _ in range(PLAYERS)], "stock": [], "briscola": None, "table": [], "kitty": []}
    r.hands = [sorted(h) for h in hands]
    r.table = list(view.table)
    piles = team_piles(view.history)
    r.piles = [piles[0], piles[1]]
    r.bonus = [[counts.get(b, 0) for b in BONUSES] for counts in view.bonus_counts]
    r.history = list(view.history)
    r.last_capture = view.last_capture
    r.leftover = ()
    r.leftover_to = None
    r._to_move = view.to_move
    lp = view.last_placement
    r._placed = None if lp is None else lp[1]
    r._placed_by = None if lp is None else lp[0]
    last = None
    for seat, _, take in view.history:
        if take:
            last = seat
    r._last_capturer = last
    r._left = sum(len(h) for h in r.hands)
    return r


def sample_hands(view: CiceraView, unseen: Sequence[Card], rng: random.Random) -> list[list[Card]]:
    """The seat's own hand and a random deal of the unseen cards to the other seats, by their hand sizes."""
    assert view.seat is not None
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[Card]] = []
    k = 0
    for s in range(PLAYERS):
        if s == view.seat:
            hands.append(list(view.hand))
        else:
            h = view.hand_sizes[s]
            hands.append(pool[k : k + h])
            k += h
    return hands


SCUA_RISK_TENTHS = 4
"""Rollout policy: what leaving a table one card can clear costs, in tenths."""


def rollout_move(r: CiceraRound) -> Move:
    """The fast policy of playouts: greedy's capture values, less a penalty for leaving a table one card
    can clear (a lone card, or number cards adding up to 10 or less); placements rank below captures."""
    seat = r._to_move
    assert seat is not None
    hand = r.hands[seat]
    table = r.table
    w = GREEDY_WEIGHT
    n = len(table)
    total = 0
    courts = 0
    for t in table:
        v = CICERA_VALUE[t]
        total += v
        if not v:
            courts += 1
    best: Move | None = None
    best_v = -1000
    if n:
        caps = _TableCaptures(table)
        placed = r._placed
        for c in hand:
            for take in caps.takes(c):
                v = greedy_value(c, take, n, placed)
                left = n - len(take)
                if left:
                    if left == 1:
                        v -= SCUA_RISK_TENTHS
                    else:
                        ct = courts
                        s = total
                        for t in take:
                            tv = CICERA_VALUE[t]
                            s -= tv
                            if not tv:
                                ct -= 1
                        if not ct and s <= 10:
                            v -= SCUA_RISK_TENTHS
                if v > best_v:
                    best, best_v = (c, take), v
        if best is not None and best_v > -SCUA_RISK_TENTHS:
            return best
    for c in hand:
        cv = CICERA_VALUE[c]
        v = -w[c] * 2
        if n == 0 or (not courts and cv and total + cv <= 10):
            v -= SCUA_RISK_TENTHS
        if v > best_v:
            best, best_v = (c, ()), v
    assert best is not None
    return best


def playout(r: CiceraRound) -> None:
    """Play the round to its end with ``rollout_move`` for every seat."""
    while r._to_move is not None:
        r._play(*rollout_move(r))


MAX_CANDIDATES = 8
"""Hard considers at most this many moves: the best by medium's score."""
MAX_SAMPLES = 400
BUDGET_SHARE = 0.7
"""Hard stops sampling once this share of ``time_ms`` is spent."""


def choose_hard(view: CiceraView, rng: random.Random, time_ms: int) -> Action:
    """Determinized search: deal the unseen cards at random to the other hands, play each candidate move
    out to the end of the deal with the rollout policy, and keep the move of best mean score difference."""
    start = time.perf_counter()
    deadline = start + BUDGET_SHARE * time_ms / 1000.0
    assert view.seat is not None
    team = view.seat % 2
    moves = [(a.card, a.take) for a in view.legal]
    ctx = _Context(view)
    prior = medium_scores(view, moves, ctx)
    order = sorted(range(len(moves)), key=lambda i: (-prior[i], i))[:MAX_CANDIDATES]
    if len(order) == 1:
        return view.legal[order[0]]
    totals = [0.0] * len(order)
    samples = 0
    while samples < MAX_SAMPLES:
        hands = sample_hands(view, ctx.unseen, rng)
        base = round_from_view(view, hands)
        results = []
        for i in order:
            r = base.clone()
            r._play(*moves[i])
            playout(r)
            s = r.scores()
            results.append(s[team] - s[1 - team])
        for k, d in enumerate(results):
            totals[k] += d
        samples += 1
        if time.perf_counter() >= deadline:
            break
    best_k = max(range(len(order)), key=lambda k: (totals[k], prior[order[k]], -order[k]))
    return view.legal[order[best_k]]


def choose(level: str, view: CiceraView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (``greedy``, ``medium`` or ``hard``) for this view; one of ``view.legal``."""
    if level == "greedy":
        return choose_greedy(view)
    if level == "medium":
        return choose_medium(view)
    if level == "hard":
        return choose_hard(view, rng, time_ms)
    raise ValueError(f"unknown Cicera AI level {level!r}; levels are {', '.join(LEVELS)}")
