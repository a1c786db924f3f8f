"""Tressette's review (``rules.ai.review``): every legal play valued from the seat's view alone, in samples of
the hidden cards drawn as ``hard`` draws them (``search.sample``: no card of a suit a seat showed it lacks, the
drawn and declared cards with their holders, a knocked suit's master with the seat that knocked): each card
played, then the round played out by the ``greedy`` rule and scored, or, once the stock is used up and the hands
are small, searched exactly (``search.solve``: every seat plays its best in that sample; with two players the
one sample the view allows is the truth). A signal changes nothing in a sample (the other seats' cards are
dealt, not read), so the plays of one card with and without a signal have the same values.

The budget counts work (samples and plays), never the clock: the same view, budget and random generator give
the same values on any machine.
"""

from __future__ import annotations

import random

from rules.ai.review import means, outcome
from rules.ai.tressette.levels import Knowledge
from rules.ai.tressette.search import RELAX_TRIES, deal_points, exact_now, sample_margins
from rules.ai.tressette.tuning import TRESSETTE
from rules.games.tressette.engine import SPEC
from rules.games.tressette.rules import side_of
from rules.games.tressette.view import TressetteView

POINT_SCALE = SPEC.review_scale
"""What a review's points are divided by to weigh them against a win: the game's ``GameSpec.review_scale``
(6 deal points, about what decides a round of 11)."""
MIN_SEVERITY = 0.15
"""A decision costs something real from 0.9 deal points or 15% of win chance (a round's points swing with the
hidden hands, so the values are noisy)."""
PLIES_PER_MS = 40
"""Playout plays per millisecond of budget."""
MIN_SAMPLES = 40
"""Fewest samples per position, whatever the budget (with two players and the stock used up, one: the deal is
known)."""
MAX_SAMPLES = 400
"""Most samples per position."""
EXACT_SAMPLES = 24
"""Most samples searched exactly (four players, small hands)."""


def turn(view: TressetteView) -> int:
    """A reviewed decision's turn: the trick it is played to (1 for the first)."""
    return view.tricks_done + 1


def values(view: TressetteView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal play, in ``view.legal``'s order: the deal points the seat's side ends the round
    with (its declarations included) and its chance of scoring more than the other side in the round (a tie
    counts half), over samples of the hidden cards."""
    assert view.seat is not None
    k = Knowledge(view)
    side = side_of(k.seat, k.n)
    accusi = [0, 0]
    for d in view.declarations:
        accusi[side_of(d.seat, k.n)] += d.points
    cards = sorted({int(a.card) for a in view.legal if a.card is not None})
    exact = exact_now(view, TRESSETTE)
    if exact and k.n == 2:
        samples = 1
    elif exact:
        samples = EXACT_SAMPLES
    else:
        per_sample = len(cards) * (sum(view.hand_sizes) + view.stock_count)
        samples = min(MAX_SAMPLES, max(MIN_SAMPLES, PLIES_PER_MS * time_ms // max(1, per_sample)))
    played = 0
    for c in k.played:
        played |= 1 << c
    points = dict.fromkeys(cards, 0.0)
    wins = dict.fromkeys(cards, 0.0)
    n = 0
    for tries, got in enumerate(sample_margins(view, k, rng, cards, played, exact, relax=True), 1):
        if got is not None:
            n += 1
            total, margins = got
            for c, m in margins.items():
                mine, other = deal_points(total, m)
                points[c] += mine + accusi[side]
                wins[c] += outcome(mine + accusi[side], other + accusi[1 - side])
        if n >= samples or tries >= 20 * samples + RELAX_TRIES:
            break
    by_card = dict(zip(cards, means(list(points.values()), list(wins.values()), n), strict=True))
    return [by_card[int(a.card)] if a.card is not None else (0.0, 0.0) for a in view.legal]
