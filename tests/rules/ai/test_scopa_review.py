"""Scopa's and Scopone's review and hints (``rules.ai.scopa.review`` through ``rules.ai.review``): every legal
play valued from the seat's view, the costly play found, what a play does named, nothing the seat cannot see
used."""

from __future__ import annotations

import random

import rules.ai.scopa  # noqa: F401  (registers Scopa's AI)
import rules.ai.scopone  # noqa: F401  (registers Scopone's AI)
from rules.ai import choose
from rules.ai.registry import game_ai
from rules.ai.review import MIN_SEVERITY, action_values, hint, reviewable, severity, why
from rules.ai.scopa import choose_greedy
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.view import ScopaView

STOCK = "Ac 2c 3c 4c Ab 2b 3b 4b As 2s 3s 4s"


def view_of(hands: list[str], table: str, stock: str) -> ScopaView:
    match = SCOPA_SPEC.new_match(len(hands), {"match": "single"}, 1)
    match.round = ScopaRound.position(hands, table, to_move=0, stock=stock)
    view = match.view(0)
    assert isinstance(view, ScopaView)
    return view


def text(a) -> str:
    take = " ".join(str(t) for t in a.take or ())
    return f"{a.card} take {take}" if take else str(a.card)


def test_every_play_is_valued_and_taking_the_settebello_is_best() -> None:
    view = view_of(["7c Rb", "Cc Cs"], "7s 7d", STOCK)
    assert reviewable(view)
    values = hint(view, random.Random(0), 100)
    assert sorted(text(v.action) for v in values) == sorted(text(a) for a in view.legal)
    assert text(values[0].action) == "7c take 7d"
    assert values[0].points > values[-1].points + 0.5
    assert all(0.0 <= v.win <= 1.0 for v in values)


def test_greedy_s_costly_endgame_play_is_a_costly_decision() -> None:
    # seed 43, both seats greedy to the 32nd play (as in test_scopa_hard): greedy's Cc takes Cb loses the round
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 43)
    while len(match.round.history) < 31:
        match.apply(choose_greedy(match.view(match.to_move())))
    view = match.view(match.to_move())
    values = action_values(view, random.Random(0), 400)
    by_play = {v.action: v for v in values}
    best, greedy = values[0], by_play[choose_greedy(view)]
    assert best.action == choose("hard", view, random.Random(0), 200)
    cost = severity("scopa", best.points, best.win) - severity("scopa", greedy.points, greedy.win)
    assert cost >= MIN_SEVERITY["scopa"]


def test_the_values_do_not_depend_on_cards_the_seat_never_saw() -> None:
    for game, players, options in ((SCOPA_SPEC, 2, {}), (SCOPONE_SPEC, 4, {"deal": "tradizionale"})):
        match = game.new_match(players, {**options, "match": "single"}, 5)
        r = match.round
        assert isinstance(r, ScopaRound)
        seat = match.to_move()
        deal = r.deal_json()
        pool = [c for s, h in enumerate(deal["hands"]) if s != seat for c in h] + deal["stock"]
        random.Random(9).shuffle(pool)
        hands = [h if s == seat else [pool.pop() for _ in h] for s, h in enumerate(deal["hands"])]
        other = game.new_match(players, {**options, "match": "single"}, 5)
        other.round = ScopaRound(r.game, r.n, r.kind, r.dealer, {"hands": hands, "table": deal["table"],
                                                                   "stock": pool})
        assert other.round.hands != r.hands
        view, same = match.view(seat), other.view(seat)
        assert view == same
        assert action_values(view, random.Random(2), 20) == action_values(same, random.Random(2), 20)


def test_why_names_the_capture_the_scopa_and_the_placing() -> None:
    view = view_of(["5b Rs", "Cc Cs"], "2d 3s", STOCK)
    by_play = {text(a): a for a in view.legal}
    assert why(view, by_play["5b take 2d 3s"]) == ("capture", {"n": 2, "bonuses": ["scopa"]})
    assert why(view, by_play["Rs"]) == ("place", {})
    # the round's last card sweeps the table but scores no scopa
    last = view_of(["5b", ""], "2d 3s", "")
    assert why(last, last.legal[0]) == ("capture", {"n": 2, "bonuses": []})


def test_both_games_review_with_the_same_turn_and_scale() -> None:
    for game in ("scopa", "scopone"):
        ai = game_ai(game)
        assert ai.point_scale == 4.0
        view = view_of(["5b Rs", "Cc Cs"], "2d 3s", STOCK)
        assert ai.turn(view) == 1
