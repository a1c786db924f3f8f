"""``hard-v1``: the ``hard`` level of every game as it was when issue 19 began, frozen as an arena yardstick.

It plays today's search code path (``briscola.hard``, ``chiamata``'s and ``cicera``'s hard) with the tuning
values written out below, so that a later change of the defaults in ``rules.ai.tuning`` (or a new ``hard``,
which gets its improvements behind a new code path) leaves it as it is. ``tests/rules/ai/test_hard_v1.py``
pins its choices on seeded positions of every mode. It is an arena agent, not a level a user can pick.
"""

from __future__ import annotations

import importlib
import random

from rules.actions import Action
from rules.ai.tuning import BriscolaTuning, ChiamataTuning, CiceraTuning
from rules.games import spec
from rules.view import GameView

NAME = "hard-v1"

BRISCOLA_V1 = BriscolaTuning(
    samples_per_ms=1.5, exact_cards_2p=8, solved_cards_2p=10, margin_weight=1 / 100, heuristic_bonus=0.03,
    solved_per_ms=0.12, inference_depth=20, weight_depth=1, style_prior=(1 / 3, 1 / 3, 1 / 3),
    greedy_error=0.25, heuristic_error=0.25, model_error=0.35, throw_slip=0.1, random_belief=0.4,
)
CHIAMATA_V1 = ChiamataTuning(
    override_z=1.5, override_min=0.02, margin_weight=0.3, search_share=0.5, sample_us=17.0, playout_us=6.0,
    playout_us_per_card=2.7, min_samples=4, bidder_bias=1.0, clock_factor=3, clock_extra_ms=100,
)
CICERA_V1 = CiceraTuning(max_candidates=8, max_samples=300, infer=True, plies_per_ms=50, clock_share=0.7, horizon=8,
                         fast_rollout=False, learned_leaf=False)
"""The tuning values of ``hard`` on 2026-12-01 (commit a0800d5), written out rather than taken from the
defaults."""

TUNINGS: dict[str, BriscolaTuning | ChiamataTuning | CiceraTuning] = {
    "briscola": BRISCOLA_V1, "chiamata": CHIAMATA_V1, "cicera": CICERA_V1,
}


def choose(view: GameView, rng: random.Random, time_ms: int) -> Action:
    """hard-v1's action in ``view``: the game's ``hard`` search code with the frozen tuning."""
    if len(view.legal) == 1:
        return view.legal[0]
    module = importlib.import_module(spec(view.game).ai_module)
    action: Action = module.choose("hard", view, rng, time_ms, TUNINGS[view.game])
    return action
