"""The review of a finished game: blunders come first, only the seat's view counts, seeded, JSON round trip."""

from __future__ import annotations

import copy
import json
import random

import pytest

from rules.actions import Action
from rules.ai import choose
from rules.ai.review import (
    MIN_SEVERITY,
    action_values,
    decision_rng,
    hint,
    judged_from_json,
    judged_to_json,
    review,
    seat_decisions,
    view_at,
)
from rules.cards import Card, cards, deck_40, deck_52
from rules.engine import Match
from rules.games.briscola.engine import Briscola
from rules.games.briscola.rules import deck_for
from rules.games.chiamata.engine import Chiamata
from rules.games.cicera.engine import Cicera
from rules.records import ReplayError, new_game

FAST = 20
"""A small budget: the tests check what the review says, not how well it plays."""


def finish(m: Match, levels: list[str], seed: int = 0, time_ms: int = FAST) -> dict:
    """Play the match to its end with one AI level per seat; return its record."""
    rng = random.Random(seed)
    while not m.is_over():
        seat = m.to_move()
        auto = m.auto_action()
        m.apply(auto if auto is not None else choose(levels[seat], m.view(seat), rng, time_ms), seat)
    return m.record()


def briscola_deal(players: int, hands: list[str], briscola: str) -> dict:
    """A record-form deal with the given hands and face-up briscola, the stock in deck order."""
    fixed = [str(c) for h in hands for c in cards(h)] + [briscola]
    rest = [str(c) for c in deck_for(players) if str(c) not in fixed]
    return {"hands": [[str(c) for c in cards(h)] for h in hands], "stock": rest, "briscola": briscola,
            "table": [], "kitty": []}


def scripted_briscola(players: int, hands: list[str], briscola: str, dealer: int) -> Briscola:
    deal = briscola_deal(players, hands, briscola)
    return Briscola(players, {}, seed=0, first_dealer=dealer, deals=lambda _i, _d: copy.deepcopy(deal))


# ----- blunders come first -----
def test_an_ace_thrown_on_the_opponents_sure_trick_is_the_top_decision():
    # seat 1 leads the ace of trumps (coins): nothing beats it; seat 0 throws its ace of cups instead of a blank
    m = scripted_briscola(2, ["Ac 4c 6s", "Ad 4b 5b"], "5d", dealer=0)
    m.apply(Action.play("Ad"), 1)
    m.apply(Action.play("Ac"), 0)
    record = finish(m, ["hard", "hard"])
    judged = review(record, 0, time_ms=50)
    assert judged, "the blunder is costly"
    top = judged[0]
    assert (top.round, top.index, top.turn) == (0, 1, 1)
    assert top.played.action == Action.play("Ac")
    assert top.best.action in (Action.play("4c"), Action.play("6s"))
    assert top.cost_points > 8  # the ace's 11 points go to the opponent
    assert top.cost_win > 0


def test_four_players_an_ace_thrown_on_the_opponents_sure_trick_is_the_top_decision():
    # seat 1 (the other side) leads the ace of trumps; seat 0 plays last and throws its ace of cups
    m = scripted_briscola(4, ["Ac 4c 6s", "Ad 4b 5b", "5c 6c 7c", "4s 5s 7s"], "2d", dealer=0)
    for seat, card in ((1, "Ad"), (2, "5c"), (3, "4s"), (0, "Ac")):
        m.apply(Action.play(card), seat)
    record = finish(m, ["hard"] * 4)
    judged = review(record, 0, time_ms=50)
    assert judged and judged[0].played.action == Action.play("Ac")
    assert judged[0].best.action in (Action.play("4c"), Action.play("6s"))
    assert [j.severity for j in judged] == sorted((j.severity for j in judged), reverse=True)


def test_a_placed_card_that_leaves_the_next_player_a_scua_is_the_top_decision():
    # the table adds up to 7; seat 0 places its 3 (a sum of 10, no court) and seat 1 sweeps it with a 10;
    # seat 0 had safe placings (a court, an 8 or a 9: no sweep can follow) and captures with its 3
    table = "As 2c 3b Ad"
    hands = ["3d Rd Cd Fd 8d 9d Rc Cc 8c 9c Fb 8b", "Xs Xc"]
    fixed = set(cards(table)) | {c for h in hands for c in cards(h)}
    rest = [c for c in deck_52() if c not in fixed]
    seats = [cards(hands[0]), cards(hands[1]) + rest[:10], rest[10:22], rest[22:34]]
    deal = {"hands": [[str(c) for c in h] for h in seats], "stock": [], "briscola": None,
            "table": [str(c) for c in cards(table)], "kitty": []}
    m = Cicera(4, {}, seed=0, first_dealer=3, deals=lambda _i, _d: copy.deepcopy(deal))
    m.apply(Action.play("3d", ()), 0)
    m.apply(Action.play("Xs", cards("As 2c 3b Ad 3d")), 1)
    assert m.round.bonus[1][0] == 1, "seat 1 scored a Scùa"
    record = finish(m, ["medium"] * 4)
    judged = review(record, 0, time_ms=50)
    assert judged and (judged[0].round, judged[0].index) == (0, 0)
    assert judged[0].played.action == Action.play("3d", ())
    assert judged[0].cost_win > 0


# ----- only what the seat saw -----
def test_the_values_of_a_decision_do_not_depend_on_cards_the_seat_never_saw():
    base = Briscola(2, {}, seed=5)
    deal = copy.deepcopy(base.rounds[0]["deal"])
    # seat 0 decides at its 4th play; by then 8 cards of the stock were drawn (stock index 0..7)
    record = finish(Briscola(2, {}, seed=0, first_dealer=base.rounds[0]["dealer"],
                             deals=lambda _i, _d: copy.deepcopy(deal)), ["medium", "medium"])
    decisions = seat_decisions(record, 0)
    ri, ai, view, _action = decisions[3]
    assert view.tricks_done == 3 and view.stock_count > 20
    # a card in seat 1's hand that seat 0 has not seen, swapped with a deep stock card nobody has drawn yet
    held = {int(c) for c in view.hand} | {int(c) for _k, cs, _w in view.tricks for _s, c in cs} \
        | {int(c) for _s, c in view.trick} | {int(view.face_up)}
    entries = record["rounds"][0]["actions"][:ai]
    m = Briscola(2, {}, seed=0, first_dealer=record["rounds"][0]["dealer"], deals=lambda _i, _d: copy.deepcopy(deal))
    for e in entries:
        m.apply(Action.from_json(e), e["seat"])
    secret = next(c for c in m.round.hands[1] if c not in held)
    other = deal["stock"][-1]
    swapped = copy.deepcopy(deal)
    for group in (*swapped["hands"], swapped["stock"]):
        for i, c in enumerate(group):
            if c == str(Card(secret)):
                group[i] = other
            elif c == other:
                group[i] = str(Card(secret))
    m2 = Briscola(2, {}, seed=0, first_dealer=record["rounds"][0]["dealer"],
                  deals=lambda _i, _d: copy.deepcopy(swapped))
    for e in entries:
        m2.apply(Action.from_json(e), e["seat"])
    assert m2.view(0) == view and m2.round.hands[1] != m.round.hands[1], "same view, other hidden cards"
    record2 = finish(m2, ["medium", "medium"], seed=1)
    view2 = view_at(record2, 0, ri, ai)
    assert view2 == view
    first = action_values(view, decision_rng(3, ri, ai), 50)
    second = action_values(view2, decision_rng(3, ri, ai), 50)
    assert first == second
    assert first != action_values(view, decision_rng(4, ri, ai), 50), "another seed samples other deals"


# ----- what a review holds -----
@pytest.fixture(scope="module")
def careless_game() -> dict:
    """A 2-player game where seat 0 plays at random against hard: several costly decisions."""
    return finish(Briscola(2, {}, seed=11), ["random", "hard"], seed=2)


def test_the_same_seed_gives_the_same_review(careless_game):
    a = review(careless_game, 0, seed=7, time_ms=FAST)
    b = review(careless_game, 0, seed=7, time_ms=FAST)
    assert [judged_to_json(j) for j in a] == [judged_to_json(j) for j in b]


def test_a_review_holds_at_most_top_costly_decisions_costliest_first_with_every_legal_action(careless_game):
    judged = review(careless_game, 0, time_ms=FAST)
    assert len(judged) == 3, "a random player makes more than three costly decisions in a game"
    assert [j.severity for j in judged] == sorted((j.severity for j in judged), reverse=True)
    for j in judged:
        assert j.severity >= MIN_SEVERITY["briscola"]
        assert sorted(map(str, (v.action for v in j.values))) == sorted(map(str, j.view.legal))
        assert j.best == j.values[0] and j.played in j.values
        assert j.cost_points >= 0 and j.cost_win >= 0
        assert j.view.seat == 0 and j.view.to_move == 0
        action = Action.from_json(careless_game["rounds"][j.round]["actions"][j.index])
        assert j.played.action == action
    assert len(review(careless_game, 0, time_ms=FAST, top=1)) == 1


def test_a_game_played_as_the_review_prefers_has_no_costly_decision():
    m = Briscola(2, {}, seed=4)
    rng = random.Random(0)
    while not m.is_over():
        seat = m.to_move()
        view = m.view(seat)
        if seat == 0 and len(view.legal) > 1:
            index = len(m.rounds[-1]["actions"])
            action = action_values(view, decision_rng(9, len(m.rounds) - 1, index), FAST)[0].action
        else:
            action = choose("hard", view, rng, FAST)
        m.apply(action, seat)
    record = m.record()
    assert review(record, 0, seed=9, time_ms=FAST) == []


def test_a_judged_decision_survives_its_json_form(careless_game):
    judged = review(careless_game, 0, time_ms=FAST)
    for j in judged:
        data = json.loads(json.dumps(judged_to_json(j)))
        assert judged_from_json(careless_game, 0, data) == j
    wrong = dict(judged_to_json(judged[0]), index=judged[0].index + 1)  # the other seat's move comes next
    with pytest.raises(ValueError):
        judged_from_json(careless_game, 0, wrong)


def test_actions_the_ai_took_for_the_seat_are_not_its_decisions():
    m = Briscola(2, {}, seed=3)
    rng = random.Random(0)
    timed_out = left = -1
    while not m.is_over():
        seat = m.to_move()
        view = m.view(seat)
        index = len(m.rounds[-1]["actions"])
        if seat == 0 and view.tricks_done == 2:
            m.note({"seat": 0, "timeout": True})
            timed_out = index + 1
        if seat == 0 and view.tricks_done == 10 and left < 0:
            m.note({"seat": 0, "leave": True})
            left = index + 1
        m.apply(choose("medium", view, rng), seat)
    record = m.record()
    mine = [ai for _ri, ai, _v, _a in seat_decisions(record, 0)]
    assert mine and timed_out not in mine and min(mine) < timed_out < max(mine)
    assert all(ai < left for ai in mine), "after leaving, every action of the seat was the AI's"
    all_plays = [ai for ai, e in enumerate(record["rounds"][0]["actions"]) if e.get("seat") == 0 and "play" in e]
    assert set(mine) < set(all_plays)


def test_timeouts_hand_the_seat_to_the_ai_only_in_a_row():
    """Three timeouts spread over the game (the player acting in between) leave the later decisions to the
    player, as the table does; three in a row hand every later action to the AI."""

    def game(timeouts_at: set[int]) -> tuple[dict, list[int]]:
        m = Briscola(2, {}, seed=3)
        rng = random.Random(0)
        by_ai = []
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            if seat == 0 and view.tricks_done in timeouts_at:
                m.note({"seat": 0, "timeout": True})
                by_ai.append(len(m.rounds[-1]["actions"]))
            m.apply(choose("medium", view, rng), seat)
        return m.record(), by_ai

    spread, by_ai = game({2, 5, 8})
    mine = [ai for _ri, ai, _v, _a in seat_decisions(spread, 0, timeouts_to_ai=3)]
    assert not set(by_ai) & set(mine)
    assert max(mine) > max(by_ai), "the player's own decisions after the third timeout are still theirs"
    in_a_row, by_ai = game({2, 3, 4})
    mine = [ai for _ri, ai, _v, _a in seat_decisions(in_a_row, 0, timeouts_to_ai=3)]
    assert mine and max(mine) < max(by_ai), "after three in a row the AI keeps the seat"


def test_a_bad_record_is_a_replay_error():
    with pytest.raises(ReplayError):
        review({"format": 1, "game": "briscola", "players": 2, "rounds": []}, 0)
    record = finish(Briscola(2, {}, seed=1), ["medium", "medium"])
    record["rounds"][0]["actions"][0]["play"] = "Xd"  # no such card in the 40-card deck at this table
    with pytest.raises(ReplayError):
        seat_decisions(record, 0)


# ----- Chiamata: the play and the call; bids are not judged -----
def test_chiamata_review_judges_the_call_and_the_play_but_not_the_auction():
    m = new_game("chiamata", 5, {}, seed=2)
    assert isinstance(m, Chiamata)
    first = m.to_move()
    m.apply(Action.make_bid("A"), first)
    while m.round.phase == "auction":
        m.apply(Action.pass_(), m.to_move())
    record = finish(m, ["hard"] * 5)
    caller = record["rounds"][0]["caller"]
    assert caller == first
    decisions = seat_decisions(record, caller)
    phases = [v.phase for _ri, _ai, v, _a in decisions]
    assert phases[0] == "auction" and "call" in phases and phases.count("play") >= 5
    auction_view = decisions[0][2]
    assert action_values(auction_view, random.Random(0), FAST) == []
    ri, ai, call_view, _call = decisions[phases.index("call")]
    values = action_values(call_view, decision_rng(0, ri, ai), FAST)
    assert sorted(str(v.action) for v in values) == sorted(str(a) for a in call_view.legal)
    assert len(values) == 4 and all(0 <= v.win <= 1 and 0 <= v.points <= 120 for v in values)
    judged = review(record, caller, time_ms=FAST, top=20)
    assert all(j.view.phase in ("call", "play") for j in judged)
    assert [j.severity for j in judged] == sorted((j.severity for j in judged), reverse=True)


def test_a_hint_ranks_every_legal_card_of_a_chiamata_play():
    record = finish(new_game("chiamata", 5, {}, seed=3), ["medium"] * 5)
    ri, ai, view, _a = next(d for d in seat_decisions(record, 2) if d[2].phase == "play")
    values = hint(view, random.Random(1), FAST)
    assert sorted(str(v.action) for v in values) == sorted(str(a) for a in view.legal)
    keys = [v.win + v.points / 60 for v in values]
    assert keys == sorted(keys, reverse=True)


def test_chiamata_an_ace_thrown_on_the_callers_sure_trick_is_the_top_decision():
    # seat 1 calls the 3 of coins (coins are trumps) and leads the ace of trumps; seat 0, who does not hold
    # the called card and so plays against the caller, throws its ace of cups on that trick
    fixed = {1: ["Ad"], 3: ["3d"], 0: ["Ac", "4c", "5s"]}
    used = {c for cs in fixed.values() for c in cs}
    rest = [str(c) for c in deck_40() if str(c) not in used]
    hands = []
    for s in range(5):
        hand = list(fixed.get(s, []))
        while len(hand) < 8:
            hand.append(rest.pop(0))
        hands.append(hand)
    deal = {"hands": hands, "stock": [], "briscola": None, "table": [], "kitty": []}
    m = Chiamata(5, {}, seed=0, first_dealer=0, deals=lambda _i, _d: copy.deepcopy(deal))
    m.apply(Action.make_bid("3"), 1)
    for seat in (2, 3, 4, 0):
        m.apply(Action.pass_(), seat)
    m.apply(Action.call("3d"), 1)
    m.apply(Action.play("Ad"), 1)
    rng = random.Random(0)
    for seat in (2, 3, 4):
        m.apply(choose("medium", m.view(seat), rng), seat)
    m.apply(Action.play("Ac"), 0)
    record = finish(m, ["hard"] * 5)
    judged = review(record, 0, time_ms=50)
    assert judged and judged[0].played.action == Action.play("Ac") and judged[0].turn == 1
    assert judged[0].cost_points > 8
