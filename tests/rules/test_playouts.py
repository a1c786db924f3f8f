"""Property tests: random legal playouts of Briscola and Chiamata under every option combination."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.actions import Action
from rules.cards import POINTS, deck_40
from rules.games.briscola.engine import Briscola
from rules.games.briscola.rules import OPTIONS as BRISCOLA_OPTIONS
from rules.games.briscola.rules import deck_for
from rules.games.chiamata.engine import Chiamata
from rules.records import ReplayError, replay_record

TRICKS = {2: 20, 3: 13, 4: 10, 6: 6}


@st.composite
def briscola_setups(draw):
    players = draw(st.sampled_from([2, 3, 4, 6]))
    options = {}
    for name, spec in BRISCOLA_OPTIONS.items():
        if spec.players is not None and players not in spec.players:
            continue
        if name == "turn_timer":
            options[name] = draw(st.sampled_from(["off", "15", "120", "600"]))
        else:
            options[name] = draw(st.sampled_from(spec.allowed(players)))
    return players, options, draw(st.integers(0, 2**31)), draw(st.integers(0, 2**31))


def briscola_cards(r) -> Counter:
    """Every card of a Briscola round, wherever it is."""
    c: Counter = Counter()
    for h in r.hands:
        c.update(h)
    c.update(r.trick)
    c.update(r.stock)
    for w in r.won:
        c.update(w)
    if not r.briscola_drawn:
        c[r.briscola] += 1
    return c


def check_briscola_step(m: Briscola, rng: random.Random) -> None:
    """Apply one random legal action and check the invariants around it."""
    r = m.round
    n = m.n
    deck = Counter(deck_for(n))
    assert briscola_cards(r) == deck
    seat = m.to_move()
    auto = m.auto_action()
    action = auto or rng.choice(m.legal_actions())
    stock_before = list(r.stock)
    briscola_before, drawn_before = r.briscola, r.briscola_drawn
    hands_before = [list(h) for h in r.hands]
    tricks_before = len(r.history)
    m.apply(action, seat)
    if m.round is not r:  # the round ended; its invariants were checked at the last step
        return
    assert briscola_cards(r) == deck
    if len(r.history) > tricks_before and r.conquest < 0 and (stock_before or not drawn_before):
        winner = r.history[-1][2]
        assert r.leader == winner and r.turn == winner
        order = [(winner + i) % n for i in range(n)]
        expected = list(reversed(stock_before)) + ([briscola_before] if not drawn_before else [])
        for k, s in enumerate(order):
            new = [c for c in r.hands[s] if c not in hands_before[s]]
            assert new == [expected[k]], "the winner draws first, then the others in play order"
        if r.briscola_drawn and not drawn_before:
            # the face-up card is drawn last, by the last seat in the draw order, once the stock is empty
            assert not r.stock and briscola_before in r.hands[order[-1]]


def play_briscola(players, options, seed, play_seed) -> Briscola:
    m = Briscola(players, options, seed)
    rng = random.Random(play_seed)
    rounds_checked = 0
    while not m.is_over():
        before = len(m.rounds)
        check_briscola_step(m, rng)
        if len(m.rounds) > before or m.is_over():
            rounds_checked += 1
    for rec_round in m.rounds:
        res = rec_round["result"]
        total = sum(res["card_points"])
        tricks = sum(1 for a in rec_round["actions"] if "play" in a) // players
        if "conquest" in res:
            assert total <= 120 and tricks < TRICKS[players]
        else:
            assert total == 120
            assert tricks == TRICKS[players]
    return m


@given(briscola_setups())
def test_briscola_playouts_keep_every_rule(setup):
    players, options, seed, play_seed = setup
    m = play_briscola(players, options, seed, play_seed)
    result = m.result()
    rec = json.loads(json.dumps(m.record()))
    assert replay_record(rec).result() == result
    if options["match"] == "single" or m.won_all >= 0:
        assert len(m.rounds) == 1 or m.won_all >= 0
    else:
        target = {"short": 3, "long": 5}[options["match"]]
        assert max(m.side_totals()) >= target
    for i in range(1, len(m.rounds)):
        assert m.rounds[i]["dealer"] == (m.rounds[i - 1]["dealer"] + 1) % players


@st.composite
def chiamata_setups(draw):
    options = {
        "bidding": draw(st.sampled_from(["rank", "points"])),
        "kitty": draw(st.sampled_from(["off", "on"])),
        "match": draw(st.sampled_from(["single", "short"])),
        "show_points": draw(st.sampled_from(["off", "on"])),
    }
    return options, draw(st.integers(0, 2**31)), draw(st.integers(0, 2**31)), draw(st.floats(0.2, 0.9))


def chiamata_cards(r) -> Counter:
    c: Counter = Counter()
    for h in r.hands:
        c.update(h)
    c.update(r.trick)
    for w in r.won:
        c.update(w)
    c.update(r.discards)
    if r.phase in ("auction", "trump") or (r.passed_out and r.phase == "over"):
        c.update(r.kitty)
    return c


@given(chiamata_setups())
def test_chiamata_playouts_keep_every_rule(setup):
    options, seed, play_seed, pass_rate = setup
    m = Chiamata(5, options, seed)
    rng = random.Random(play_seed)
    deck = Counter(deck_40())
    while not m.is_over():
        r = m.round
        assert chiamata_cards(r) == deck
        legal = m.legal_actions()
        passes = [a for a in legal if a.kind == "pass"]
        action = passes[0] if passes and rng.random() < pass_rate else rng.choice(legal)
        m.apply(action, m.to_move())
    counted = 0
    for rnd in m.rounds:
        res = rnd["result"]
        assert sum(res["game_points"]) == 0
        if res.get("passed_out"):
            assert res["game_points"] == [0] * 5 and rnd["caller"] is None
            continue
        counted += 1
        assert sum(res["card_points"]) == 120
        plays = sum(1 for a in rnd["actions"] if "play" in a)
        assert plays == 40 - (5 if options["kitty"] == "on" else 0)
        caller, partner = rnd["caller"], rnd["partner"]
        side = res["card_points"][caller] + (res["card_points"][partner] if partner is not None else 0)
        assert rnd["success"] == (side >= rnd["target"])
        sign = 1 if rnd["success"] else -1
        gp = res["game_points"]
        if partner is None:
            assert gp[caller] == 4 * sign and all(gp[s] == -sign for s in range(5) if s != caller)
        else:
            assert gp[caller] == 2 * sign and gp[partner] == sign
            assert all(gp[s] == -sign for s in range(5) if s not in (caller, partner))
    assert counted == {"single": 1, "short": 5}[options["match"]]
    rec = json.loads(json.dumps(m.record()))
    assert replay_record(rec).result() == m.result()


def finished_record(game="briscola", players=2, options=None, seed=3) -> dict:
    cls = Briscola if game == "briscola" else Chiamata
    m = cls(players, options or {}, seed)
    rng = random.Random(seed)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()), m.to_move())
    return json.loads(json.dumps(m.record()))


def test_replay_reports_a_changed_card_with_round_and_action():
    rec = finished_record()
    first = rec["rounds"][0]["actions"][0]
    hand = rec["rounds"][0]["deal"]["hands"][first["seat"]]
    other = next(c for c in rec["rounds"][0]["deal"]["stock"])
    assert other not in hand
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["actions"][0]["play"] = other
    with pytest.raises(ReplayError) as err:
        replay_record(bad)
    assert err.value.round == 0 and err.value.action == 0
    assert "not in your hand" in str(err.value)


def test_replay_reports_a_wrong_stored_result_and_a_wrong_seat():
    rec = finished_record()
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["result"]["card_points"] = [120, 0]
    with pytest.raises(ReplayError, match="card_points"):
        replay_record(bad)
    bad = copy.deepcopy(rec)
    bad["result"]["winners"] = [0, 1]
    with pytest.raises(ReplayError, match="winners"):
        replay_record(bad)
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["actions"][0]["seat"] = 1 - bad["rounds"][0]["actions"][0]["seat"]
    with pytest.raises(ReplayError) as err:
        replay_record(bad)
    assert err.value.action == 0 and "to act" in str(err.value)


def test_replay_rejects_a_deal_that_is_not_the_deck_and_a_truncated_game():
    rec = finished_record()
    bad = copy.deepcopy(rec)
    bad["rounds"][0]["deal"]["stock"][0] = bad["rounds"][0]["deal"]["stock"][1]
    with pytest.raises(ReplayError, match="deck"):
        replay_record(bad)
    bad = copy.deepcopy(rec)
    del bad["rounds"][0]["actions"][-3:]
    with pytest.raises(ReplayError, match="before the round is over"):
        replay_record(bad)


def test_replay_skips_informational_entries_and_checks_chiamata_round_keys():
    rec = finished_record("chiamata", 5, {"kitty": "on"}, seed=11)
    played = next(r for r in rec["rounds"] if r["caller"] is not None)
    played["actions"].insert(0, {"seat": played["actions"][0]["seat"], "timeout": True})
    assert replay_record(rec).result() == rec["result"]
    bad = copy.deepcopy(rec)
    played = next(r for r in bad["rounds"] if r["caller"] is not None)
    played["success"] = not played["success"]
    with pytest.raises(ReplayError, match="success"):
        replay_record(bad)


def test_a_record_holds_the_architecture_shape():
    rec = finished_record("briscola", 4, {"match": "short"})
    assert rec["format"] == 1 and rec["game"] == "briscola" and rec["players"] == 4
    assert rec["options"]["match"] == "short" and rec["seed"] == 3
    assert len(rec["seats"]) == 4
    r0 = rec["rounds"][0]
    assert set(r0["deal"]) >= {"hands", "stock", "briscola"}
    assert all(len(h) == 3 for h in r0["deal"]["hands"]) and len(r0["deal"]["stock"]) == 40 - 12 - 1
    assert all(set(a) == {"seat", "play"} for a in r0["actions"])
    assert sum(r0["result"]["card_points"]) == 120
    assert rec["result"]["winners"] in ([0, 2], [1, 3])
    points = sum(POINTS[c] for c in deck_40())
    assert points == 120


def test_same_seed_same_deal_and_different_seed_different_deal():
    a = Briscola(2, {}, 42).record()["rounds"][0]["deal"]
    b = Briscola(2, {}, 42).record()["rounds"][0]["deal"]
    c = Briscola(2, {}, 43).record()["rounds"][0]["deal"]
    assert a == b and a != c


def test_actions_text_and_json_round_trip():
    for a in (Action.play("Ad"), Action.exchange("7d"), Action.make_bid("2:70"), Action.make_bid(75),
              Action.make_bid("R"), Action.pass_(), Action.declare_trump("s"), Action.call("3d"),
              Action.discard(["4b", "5b", "6b", "2c", "4c"]), Action.play("7s", ["3d", "4b"]), Action.play("7s", [])):
        assert Action.parse(str(a)) == a
        assert Action.from_json(a.to_json(3)) == a
