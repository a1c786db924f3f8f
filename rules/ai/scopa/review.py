"""Scopa's and Scopone's review (``rules.ai.review``): every legal move (captures and placings) valued from the
seat's view alone, in deals of the unseen cards (``search.sample_position``, with what each seat passed up, as
``hard``'s): each move played, then the round played out by the rollout policy and scored exactly, or, with the
stock empty and few cards left, solved exactly (``search.solve``: the sides play perfectly in that deal; with 2
players the one deal the view allows).
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.review import means, outcome
from rules.ai.scopa.levels import last_card_of_round, unseen_cards
from rules.ai.scopa.search import (
    Offers,
    exact_now,
    passed_captures,
    play,
    playout,
    position_from_view,
    round_points,
    sample_position,
    side_list,
    solve,
)
from rules.ai.scopa.tuning import SCOPA
from rules.captures import move_of
from rules.games.scopa.engine import SCOPA_SPEC
from rules.games.scopa.view import ScopaView

POINT_SCALE = SCOPA_SPEC.review_scale
"""What a review's points are divided by to weigh them against a win: the game's ``GameSpec.review_scale``
(4 round points, about what decides a round)."""
MIN_SEVERITY = 0.10
"""A decision costs something real from 0.4 round points or 10% of win chance. A Scopa play costs less than a
Cicera one (3 cards in hand, capturing compulsory) and its cost is read with little noise (the same deals for
every play: over 5 review seeds a play's cost varies by a standard deviation of 0.008, at most 0.033, on 20
positions of 2-player rounds), so the threshold is lower than Cicera's 0.15; at 0.15 one in three rounds of
random play against ``medium`` showed no costly decision."""
PLIES_PER_MS = 40
"""Playout plays per millisecond of budget."""
MIN_DEALS = 40
"""Fewest deals per position, whatever the budget (with the stock empty and 2 players, one: the deal is known)."""
MAX_DEALS = 400
"""Most deals per position."""


def turn(view: ScopaView) -> int:
    """A reviewed decision's turn: the seat's own turn number in the round (1 for its first card)."""
    return 1 + sum(1 for s, _c, _t in view.history if s == view.seat)


def values(view: ScopaView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal move: the seat's side's round points and its chance of scoring more than every
    other side in the round (a tie counts half), over sampled deals."""
    assert view.seat is not None
    side = side_list(view.players)[view.seat]
    napola = view.options.get("napola") == "on"
    moves = [move_of(a) for a in view.legal]
    unseen = unseen_cards(view)
    exact = exact_now(view, SCOPA)
    if exact and sum(1 for s, h in enumerate(view.hand_sizes) if h and s != view.seat) <= 1:
        samples = 1
    else:
        per_sample = len(moves) * (sum(view.hand_sizes) + view.stock_size)
        samples = min(MAX_DEALS, max(MIN_DEALS, PLIES_PER_MS * time_ms // max(1, per_sample)))
    points = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    offers: Offers = {}
    empty = position_from_view(view, [[] for _ in view.hand_sizes], [])
    passed = passed_captures(view, unseen)
    for _ in range(samples):
        base = sample_position(view, unseen, rng, passed, SCOPA.passed_likelihood, empty)
        for i, mv in enumerate(moves):
            p = base.copy()
            play(p, *mv)
            if p.to_move < 0:
                pts = round_points(p.stats, napola)
            elif exact:
                _v, pts, _nodes = solve(p, side, napola, SCOPA.win_bonus, offers)
            else:
                playout(p, 0, offers)
                pts = round_points(p.stats, napola)
            mine = pts[side]
            points[i] += mine
            wins[i] += outcome(mine, max(v for j, v in enumerate(pts) if j != side))
    return means(points, wins, samples)


def why(view: ScopaView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does (``rules.ai.review.why``): ``capture`` (``n`` cards taken; ``bonuses``: ``scopa``
    when it sweeps the table, not on the round's last card) or ``place``."""
    if action.take:
        sweep = len(action.take) == len(view.table) and not last_card_of_round(view)
        return "capture", {"n": len(action.take), "bonuses": ["scopa"] if sweep else []}
    return "place", {}
