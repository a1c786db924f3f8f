"""Cicera's ``hard``: a determinized search. It samples the hidden hands (the cards a seat passed up
when it could have captured with them are less likely in its hand), plays each candidate move and a few plies of
the rollout policy (``rules.ai.cicera.rollout``) in every sampled deal, and values the position by ``estimate``.

The search builds ``CiceraRound`` objects for sampled deals and plays them through the engine's own core
(``_play``), reading the round's fields directly for speed.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from rules.actions import Action
from rules.ai.cicera.counting import A23, PASSED_LIKELIHOOD, run_length, team_piles
from rules.ai.cicera.levels import Context, medium_scores
from rules.ai.cicera.rollout import Offers, fast_playout
from rules.ai.cicera.tuning import CICERA, CiceraTuning
from rules.ai.fishing import deal_weighted, determinized_choice
from rules.captures import move_of
from rules.cards import Card
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.rules import BONUSES, FANTE_OF_CUPS, MATA, PLAYERS, SWORDS, TEN_OF_COINS
from rules.games.cicera.view import CiceraView

Rollout = Callable[[CiceraRound, int, Offers], int]
"""Plays ``plies`` moves of the rollout policy on a round (0: to the end), returns the plays made."""

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


def sample_hands(
    view: CiceraView,
    unseen: Sequence[Card],
    rng: random.Random,
    passed: Sequence[frozenset[Card]] | None = None,
) -> list[list[Card]]:
    """The seat's own hand and a random deal of the unseen cards to the other seats, by their hand sizes.

    With ``passed`` (from ``passed_captures``), each card goes to a seat with a chance proportional to the
    room left in its hand, times ``PASSED_LIKELIHOOD`` when that seat placed a card while it could have
    captured with this one."""
    assert view.seat is not None
    pool = list(unseen)
    rng.shuffle(pool)
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    hands[view.seat] = list(view.hand)
    others = [s for s in range(PLAYERS) if s != view.seat]
    if passed is None:
        k = 0
        for s in others:
            h = view.hand_sizes[s]
            hands[s] = pool[k : k + h]
            k += h
        return hands
    dealt = deal_weighted(pool, [view.hand_sizes[s] for s in others], [passed[s] for s in others],
                          PASSED_LIKELIHOOD, rng)
    for s, got in zip(others, dealt):
        hands[s] = got
    return hands


PARTIAL_NAPULA = (0.0, 0.5, 1.5)
"""``estimate``: a team holding 0, 1 or 2 of As, 2s, 3s (the other team none) is credited this much Napula."""


def estimate(r: CiceraRound) -> float:
    """Team 0's score minus team 1's: exact once the deal is over; else the bonuses so far plus the awards
    as the piles stand (card and sword leads counted 0.15 a card, decided awards in full, Napula by who
    holds how many of As, 2s, 3s)."""
    if r._to_move is None:
        s = r.scores()
        return float(s[0] - s[1])
    p0, p1 = r.piles
    d = float(sum(r.bonus[0]) - sum(r.bonus[1]))
    n0, n1 = len(p0), len(p1)
    if n0 >= 27:
        d += 2.0
    elif n1 >= 27:
        d -= 2.0
    else:
        d += max(-1.5, min(1.5, 0.15 * (n0 - n1)))
    s0 = s1 = 0
    sp0 = set()
    sp1 = set()
    for c in p0:
        if c // 13 == SWORDS:
            s0 += 1
            sp0.add(c)
    for c in p1:
        if c // 13 == SWORDS:
            s1 += 1
            sp1.add(c)
    if s0 >= 7:
        d += 1.0
    elif s1 >= 7:
        d -= 1.0
    else:
        d += max(-0.75, min(0.75, 0.15 * (s0 - s1)))
    for special in (MATA, TEN_OF_COINS, FANTE_OF_CUPS):
        if special in p0:
            d += 1.0
        elif special in p1:
            d -= 1.0
    k0 = len(A23 & sp0)
    k1 = len(A23 & sp1)
    if k0 == 3:
        d += run_length(sp0)
    elif k1 == 3:
        d -= run_length(sp1)
    elif not k1:
        d += PARTIAL_NAPULA[k0]
    elif not k0:
        d -= PARTIAL_NAPULA[k1]
    return d


def choose_hard(view: CiceraView, rng: random.Random, time_ms: int, tuning: CiceraTuning = CICERA,
                rollout: Rollout = fast_playout) -> Action:
    """Determinized search: deal the unseen cards to the other hands (``sample_hands`` with the passed-up
    captures); in each such deal play every candidate move, then ``tuning.horizon`` plies of the rollout policy
    (``rollout``: ``fast_playout``; the yardstick plays the engine's ``playout``, the same plays), and value the
    position by ``estimate``; keep the candidate of best mean. Candidates: the ``max_candidates`` best by
    medium's score."""
    assert view.seat is not None
    team = view.seat % 2
    moves = [move_of(a) for a in view.legal]
    ctx = Context(view)
    prior = medium_scores(view, moves, ctx)
    offers: Offers = {}

    def sample() -> CiceraRound:
        return round_from_view(view, sample_hands(view, ctx.unseen, rng, ctx.passed))

    def value(base: CiceraRound, i: int) -> tuple[float, int]:
        r = base.clone()
        r._play(*moves[i])
        cost = 1 + rollout(r, tuning.horizon, offers)
        e = estimate(r)
        return (e if team == 0 else -e), cost

    return view.legal[determinized_choice(prior, tuning, time_ms, tuning.max_samples, sample, value)]
