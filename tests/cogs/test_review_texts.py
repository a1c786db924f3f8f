"""What a review and a hint say in Discord (``cogs.replays``), for each kind of decision: the trick or the
Cicera turn, Chiamata's call, a cost in card points, in the deal's score, in win chance alone."""

from __future__ import annotations

import random

from bot.tables.reviews import Review
from cogs.render import layout
from cogs.replays import decision_text, hint_text, review_fields
from rules.ai import choose
from rules.ai.review import ActionValue, judge
from rules.records import new_game


def position(game: str, players: int, phase: str | None = None, seed: int = 1):
    """A seeded game played by medium up to the first position of seat 0 in ``phase`` (any with two choices);
    the record so far, the round and action index, and the view."""
    for game_seed in range(seed, seed + 50):  # (seat 0 is not the caller of every deal)
        m = new_game(game, players, {}, seed=game_seed)
        rng = random.Random(game_seed)
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            if seat == 0 and len(view.legal) > 1 and (phase is None or getattr(view, "phase", None) == phase):
                return m, len(m.rounds) - 1, len(m.rounds[-1]["actions"]), view
            m.apply(choose("medium", view, rng), seat)
    raise LookupError(phase)


def record_of(game: str, players: int, rounds: int = 1) -> dict:
    return {"game": game, "players": players, "rounds": [{}] * rounds, "options": {}}


def test_a_cicera_cost_is_in_points_of_the_deals_score_and_a_turn():
    _m, ri, ai, view = position("cicera", 4)
    values = [ActionValue(view.legal[0], 5.0, 0.7), ActionValue(view.legal[1], 3.5, 0.4)]
    text = decision_text(record_of("cicera", 4), 1, judge(ri, ai, view, view.legal[1], values), "italian")
    assert text.startswith(f"**1. Turn {1 + sum(1 for s, _c, _t in view.history if s == 0)}**")
    assert "about **1.5 points** of the deal's score and **30 points of win chance** (yours 40%, the AI's " \
           "choice 70%)" in text
    assert "card points" not in text


def test_a_chiamata_call_is_named_the_call_and_a_cost_in_win_chance_alone_says_only_that():
    _m, ri, ai, view = position("chiamata", 5, "call")
    values = [ActionValue(view.legal[0], 61.0, 0.55), ActionValue(view.legal[1], 61.0, 0.47)]
    text = decision_text(record_of("chiamata", 5, rounds=3), 2, judge(ri, ai, view, view.legal[1], values), "italian")
    assert text.startswith(f"**2. Round {ri + 1}, the call**: you played **Call ")
    assert "It cost you about **8 points of win chance** (yours 47%, the AI's choice 55%)." in text
    assert "card points" not in text


def test_a_cost_in_points_alone_and_the_review_message():
    m, ri, ai, view = position("briscola", 2)
    values = [ActionValue(view.legal[0], 70.0, 0.6), ActionValue(view.legal[1], 61.5, 0.6)]
    j = judge(ri, ai, view, view.legal[1], values)
    assert "It cost you about **8.5 card points**." in decision_text(record_of("briscola", 2), 1, j, "italian")
    fields = review_fields(Review(7, 0, record_of("briscola", 2), [j], reviewed=12))
    assert [f.filename for f in fields["files"]] == ["review-1.png"]
    assert "Your review of game 7: Briscola" in layout.texts(fields["view"])
    nothing = review_fields(Review(7, 0, record_of("briscola", 2), [], reviewed=0))
    assert "Nothing to review" in layout.texts(nothing["view"]) and not nothing["files"]
    clean = review_fields(Review(7, 0, record_of("briscola", 2), [], reviewed=12))
    assert "No costly decision" in layout.texts(clean["view"])


def test_a_hint_says_about_as_good_only_within_a_reviews_threshold():
    _m, _ri, _ai, view = position("briscola", 2)
    close = [ActionValue(view.legal[0], 62.0, 0.60), ActionValue(view.legal[1], 61.0, 0.59)]
    far = [ActionValue(view.legal[0], 70.0, 0.70), ActionValue(view.legal[1], 50.0, 0.40)]
    assert hint_text(view, close, "italian").splitlines()[2].startswith("About as good: ")
    assert hint_text(view, far, "italian").splitlines()[2].startswith("Next best: ")
    assert hint_text(view, far, "italian").startswith("Hint: **")
