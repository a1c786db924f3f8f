"""Briscola's review (``rules.ai.review``): every legal action of a position valued from the seat's view alone.

``search.search_plan``'s deals (weighted by how well they explain the other seats' plays, the opponents'
style read from them), each action played out by ``playout_points``; in 2 players with at most
``exact_cards_2p`` cards left, every placement of the hidden cards is enumerated and solved exactly (both
sides play perfectly in it: ``solve_exact``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from rules.actions import Action
from rules.ai.briscola.search import playout_points, round_from_view, search_plan, solve_exact
from rules.ai.briscola.tuning import BRISCOLA
from rules.ai.review import means, outcome
from rules.ai.tricks import play_why
from rules.games.briscola.engine import SPEC
from rules.games.briscola.view import BriscolaView

POINT_SCALE = SPEC.review_scale
"""What a review's points are divided by to weigh them against a win: the game's ``GameSpec.review_scale``."""
MIN_SEVERITY = 0.05
"""A decision costs something real from 3 card points or 5% of win chance."""
REVIEW_BRISCOLA = replace(BRISCOLA, solved_cards_2p=BRISCOLA.exact_cards_2p)
"""Briscola's search for the review: solved exactly only where every placement is enumerated (cheap)."""


def values(view: BriscolaView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal action: ``search_plan``'s deals played out, or solved exactly near the end."""
    plan = search_plan(view, rng, time_ms, REVIEW_BRISCOLA)
    side = plan.side
    points = [0.0] * len(plan.moves)
    wins = [0.0] * len(plan.moves)
    weight = 0.0
    for hands, stock, w in plan.deals:
        base = round_from_view(view, hands, stock)
        greedy_side, random_side, seed = plan.opponent(rng)
        weight += w
        for i, m in enumerate(plan.moves):
            r = base.clone()
            r.apply_unchecked(m)
            if plan.exact:  # 2 players: the other side takes the rest of the deck's 120 points
                mine = solve_exact(r, side, -1.0, 121.0)
                pts = [mine, 120.0 - mine] if side == 0 else [120.0 - mine, mine]
            else:
                prng = random.Random(seed) if random_side >= 0 else None
                pts = [float(x) for x in playout_points(r, greedy_side, random_side, prng)]
            points[i] += w * pts[side]
            wins[i] += w * outcome(pts[side], max(p for j, p in enumerate(pts) if j != side))
    return means(points, wins, weight)


def why(view: BriscolaView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does (``rules.ai.review.why``): ``exchange``, or a card's ``tricks.play_why``."""
    if action.kind == "exchange":
        return "exchange", {}
    assert action.card is not None
    return play_why(int(action.card), [(s, int(c)) for s, c in view.trick], view.trump, view.players, view.seat,
                    view.sides)
