"""Cicera's review (``rules.ai.review``): every legal move (captures and placings) valued from the seat's view
alone: ``sample_hands`` deals played to the end of the deal by the rollout policy and scored exactly.
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.cicera.counting import passed_captures, unseen_cards
from rules.ai.cicera.rollout import Offers, fast_playout
from rules.ai.cicera.search import round_from_view, sample_hands
from rules.ai.review import means, outcome
from rules.captures import move_of
from rules.games.cicera.engine import SPEC
from rules.games.cicera.round import capture_bonuses
from rules.games.cicera.view import CiceraView

POINT_SCALE = SPEC.review_scale
"""What a review's points are divided by to weigh them against a win: the game's ``GameSpec.review_scale``."""
MIN_SEVERITY = 0.15
"""A decision costs something real from 0.9 points or 15% of win chance (a deal's score swings with the hidden
hands, so the values are noisier than Briscola's)."""
PLIES_PER_MS = 25
"""Rollout plays per millisecond of budget (set to the engine playouts' speed on one core of the project
machine; ``fast_playout`` makes the same plays in about half the time)."""
MIN_DEALS = 40
"""Fewest deals per position, whatever the budget: a deal's score swings by several points with the hidden
hands, and fewer deals leave the values too noisy to compare moves (early in a deal this takes about three
times ``rules.ai.review.REVIEW_TIME_MS``)."""


def turn(view: CiceraView) -> int:
    """A reviewed decision's turn: the seat's own turn number in the deal (1 for its first card)."""
    return 1 + sum(1 for s, _c, _t in view.history if s == view.seat)


def values(view: CiceraView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal move: sampled hands (``sample_hands`` with the passed-up captures), each move
    played to the end of the deal by the rollout policy and scored."""
    assert view.seat is not None
    team = view.seat % 2
    moves = [move_of(a) for a in view.legal]
    unseen = unseen_cards(view)
    passed = passed_captures(view, unseen)
    per_sample = len(moves) * sum(view.hand_sizes)
    samples = max(MIN_DEALS, PLIES_PER_MS * time_ms // max(1, per_sample))
    points = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    offers: Offers = {}
    for _ in range(samples):
        base = round_from_view(view, sample_hands(view, unseen, rng, passed))
        for i, mv in enumerate(moves):
            r = base.clone()
            r._play(*mv)
            fast_playout(r, 0, offers)  # (the rollout policy's plays, as ``playout`` makes them)
            score = r.scores()
            points[i] += score[team]
            wins[i] += outcome(score[team], score[1 - team])
    return means(points, wins, samples)


def why(view: CiceraView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does (``rules.ai.review.why``): ``capture`` (``n`` cards taken, ``bonuses``: the names of
    the bonuses it scores) or ``place``."""
    if action.take:
        last = view.last_placement
        bonuses = capture_bonuses(int(action.card or 0), [int(c) for c in action.take],
                                  len(action.take) == len(view.table), None if last is None else int(last[1]))
        return "capture", {"n": len(action.take), "bonuses": list(bonuses)}
    return "place", {}
