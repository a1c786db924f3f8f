"""Tressette's review and hints (``rules.ai.tressette.review`` through ``rules.ai.review``): every legal play
valued from the seat's view, a costly play found, what a play does named, nothing the seat cannot see used, and
the frozen yardstick."""

from __future__ import annotations

import random

import rules.ai.tressette  # noqa: F401  (registers Tressette's AI)
from rules.ai import baselines, choose
from rules.ai.registry import game_ai
from rules.ai.review import MIN_SEVERITY, action_values, hint, review, reviewable, severity
from rules.ai.tressette.levels import Knowledge
from rules.ai.tressette.search import hard_values, relaxed, sample
from rules.cards import Card
from rules.games.tressette.engine import SPEC
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.view import TressetteView


def ending(hands: list[str]) -> TressetteView:
    """Two players, every card but those of ``hands`` played in earlier tricks (seat 0 to lead)."""
    held = " ".join(hands).split()
    rest = sorted(c for c in range(52) if Card(c).rank not in "89X" and str(Card(c)) not in held)
    match = SPEC.new_match(2, {"match": "single"}, 1)
    rnd = TressetteRound.position(hands, leader=0, options=match.options)
    for a, b in zip(rest[::2], rest[1::2], strict=True):  # same suit: seat 0 led; else seat 0 did not follow
        same = a // 13 == b // 13
        rnd.history.append((0 if same else 1, (a, b), 0 if same else 1))
    match.round = rnd
    view = match.view(0)
    assert isinstance(view, TressetteView)
    return view


def test_every_play_is_valued_and_leading_the_ace_into_the_two_is_costly() -> None:
    # leading Ac gives it to the 2c (4 thirds and the lead); leading 3c draws the 2c and keeps Ac a master
    view = ending(["Ac 3c", "2c 4d"])
    assert reviewable(view)
    values = hint(view, random.Random(0), 100)
    assert sorted(str(v.action) for v in values) == sorted(str(a) for a in view.legal)
    by_card = {str(v.action.card): v for v in values}
    assert str(values[0].action.card) == "3c"
    cost = severity("tressette", by_card["3c"].points, by_card["3c"].win) \
        - severity("tressette", by_card["Ac"].points, by_card["Ac"].win)
    assert cost >= MIN_SEVERITY["tressette"]
    assert all(0.0 <= v.win <= 1.0 for v in values)


def test_the_values_do_not_depend_on_cards_the_seat_never_saw() -> None:
    for players in (2, 4):
        match = SPEC.new_match(players, {"match": "single", "accusi": "on"}, 5)
        rng = random.Random(5)
        for _ in range(7):
            match.apply(rng.choice(match.legal_actions()))
        seat = match.to_move()
        assert seat is not None
        view = match.view(seat)
        before = action_values(view, random.Random(2), 20)
        rnd = match.round
        assert isinstance(rnd, TressetteRound)
        others = [s for s in range(players) if s != seat]
        known = view.announced()
        pool = [c for s in others for c in rnd.hands[s] if c not in known] + list(rnd.stock)
        random.Random(9).shuffle(pool)
        old = [h[:] for h in rnd.hands]
        for s in others:
            keep = [c for c in rnd.hands[s] if c in known]
            take = len(rnd.hands[s]) - len(keep)
            rnd.hands[s] = sorted(keep + pool[:take])
            del pool[:take]
        rnd.stock = pool
        assert rnd.hands != old
        assert match.view(seat) == view
        assert action_values(match.view(seat), random.Random(2), 20) == before


def test_the_review_of_a_random_players_game_finds_costly_decisions() -> None:
    match = SPEC.new_match(2, {"match": "single"}, 11)
    rng = random.Random(11)
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        view = match.view(seat)
        match.apply(rng.choice(view.legal) if seat == 0 else choose("greedy", view, rng, 20), seat)
    judged = review(match.record(), 0, seed=3, time_ms=20)
    assert judged
    assert all(j.severity >= MIN_SEVERITY["tressette"] for j in judged)
    assert [j.severity for j in judged] == sorted((j.severity for j in judged), reverse=True)
    for j in judged:
        assert j.turn == j.view.tricks_done + 1
        assert {str(v.action) for v in j.values} == {str(a) for a in j.view.legal}


def test_a_signal_does_not_change_a_plays_value_and_the_review_turn_is_the_trick() -> None:
    match = SPEC.new_match(4, {"match": "single", "signals": "on"}, 2)
    seat = match.to_move()
    assert seat is not None
    view = match.view(seat)
    values = action_values(view, random.Random(0), 20)
    by_card: dict[int, set[tuple[float, float]]] = {}
    for v in values:
        assert v.action.card is not None
        by_card.setdefault(int(v.action.card), set()).add((v.points, v.win))
    assert len(values) > len(by_card)  # plays with signals were valued too
    assert all(len(s) == 1 for s in by_card.values())
    assert game_ai("tressette").turn(view) == 1


def test_the_yardstick_plays_legal_cards_through_a_game() -> None:
    for players in (2, 4):
        match = SPEC.new_match(players, {"match": "single"}, players)
        rng = random.Random(players)
        while not match.is_over():
            seat = match.to_move()
            assert seat is not None
            view = match.view(seat)
            action = baselines.choose(view, rng, 3)
            assert action in view.legal
            match.apply(action, seat)


def test_a_false_signal_does_not_blind_hard_or_the_review() -> None:
    # random seats signal at random: here a seat led with volo in diamonds and still holds diamonds, so no
    # dealing fits every signal; the search then deals by the voids the seats showed by not following
    match = SPEC.new_match(4, {"match": "single"}, 23)
    rng = random.Random(23)
    for _ in range(rng.randrange(0, 25)):
        match.apply(rng.choice(match.legal_actions()))
    seat = match.to_move()
    assert seat is not None
    view = match.view(seat)
    assert isinstance(view, TressetteView)
    k = Knowledge(view)
    assert all(sample(view, k, random.Random(i)) is None for i in range(20))
    assert sample(view, relaxed(k), random.Random(0)) is not None
    values = hard_values(view, random.Random(0), 50)
    assert len(set(values.values())) > 1
    reviewed = action_values(view, random.Random(0), 20)
    assert len({(v.points, v.win) for v in reviewed}) > 1
