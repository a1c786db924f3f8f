"""Scopa's and Scopone's rules (RULES.md, "Scopa ... and Scopone"): compulsory capture, an equal card before
a sum, the choices, scope and the round's last card, the last capture's leftovers, the round points with
their ties, primiera with a missing suit, napola, the three-or-four-R redeal, Scopone's two deals, the match
end; random playouts keep the 40 cards, replay to the same result and pass the independent referee.

The games are in the registry of games (``rules.games``); ``registered`` (written while they were not yet)
makes sure of it for the record round trip and the conformance checks, and leaves the registry as it was."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import Action, IllegalAction, RulesError
from rules.cards import Card, deck_40
from rules.engine import Match
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.rules import primiera
from rules.records import ReplayError, replay_record
from rules.spec import GAMES, GameSpec
from tests.referee.test_referee import check_record
from tests.rules import test_conformance as conformance
from tests.rules.test_conformance import check_views, play_out

SPECS = (SCOPA_SPEC, SCOPONE_SPEC)
CASES = [(SCOPA_SPEC, 2), (SCOPA_SPEC, 3), (SCOPA_SPEC, 4), (SCOPONE_SPEC, 4)]


@contextmanager
def registered() -> Iterator[None]:
    """Scopa and Scopone in the registry of games for the time of a block (the registry restored after)."""
    before = dict(GAMES)
    for game in SPECS:
        GAMES[game.name] = game
    try:
        yield
    finally:
        GAMES.clear()
        GAMES.update(before)


def takes(rnd: ScopaRound, card: str) -> list[list[str]]:
    """The legal takes of a card in the hand of the seat to move, as card texts."""
    c = Card.parse(card)
    return [[str(t) for t in a.take or ()] for a in rnd.legal_actions() if a.card == c]


def play(rnd: ScopaRound, card: str, take: str = "") -> None:
    """Check and apply one play."""
    action = Action.play(card, take.split())
    rnd.check(action)
    rnd.apply_checked(action)


def ended(piles: list[str], napola: bool = False) -> list[dict[str, int]]:
    """The round points of finished piles (every hand and the stock empty)."""
    rnd = ScopaRound.position([""] * len(piles), "", piles=piles)
    assert rnd.is_over()
    return rnd.breakdown(napola)


# ----- capturing -----
def test_capture_is_compulsory() -> None:
    rnd = ScopaRound.position(["7d Rc", "Ab 2b"], "3s 4b")
    assert takes(rnd, "7d") == [["3s", "4b"]]
    with pytest.raises(IllegalAction, match="compulsory"):
        rnd.check(Action.play("7d", ()))
    assert takes(rnd, "Rc") == [[]], "a card that cannot capture is placed"
    play(rnd, "Rc")
    assert [str(c) for c in rnd.table] == ["3s", "4b", "Rc"]


def test_a_single_card_of_equal_value_beats_a_sum() -> None:
    rnd = ScopaRound.position(["7d", "Ab"], "7c 3s 4b")
    assert takes(rnd, "7d") == [["7c"]]
    with pytest.raises(IllegalAction, match="single card of its value"):
        rnd.check(Action.play("7d", ["3s", "4b"]))
    rnd = ScopaRound.position(["Fd", "Ab"], "Fc 5s 3b")  # a court has a value too: F = 8
    assert takes(rnd, "Fd") == [["Fc"]]


def test_the_choice_among_equal_cards_and_among_sums() -> None:
    rnd = ScopaRound.position(["7d", "Ab"], "7c 7s 3b")
    assert sorted(map(tuple, takes(rnd, "7d"))) == [("7c",), ("7s",)]
    play(rnd, "7d", "7s")
    assert sorted(map(str, rnd.table)) == ["3b", "7c"]
    rnd = ScopaRound.position(["7d", "Ab"], "Ac 6s 3b 4c 2s")
    assert sorted(sorted(t) for t in takes(rnd, "7d")) == [["2s", "4c", "Ac"], ["3b", "4c"], ["6s", "Ac"]]
    with pytest.raises(IllegalAction, match="add up to 9"):
        rnd.check(Action.play("7d", ["3b", "4c", "2s"]))
    play(rnd, "7d", "3b 4c")
    assert sorted(map(str, rnd.table)) == ["2s", "6s", "Ac"] and sorted(map(str, rnd.piles[0])) == ["3b", "4c", "7d"]


def test_a_card_not_in_hand_or_a_take_not_on_the_table_is_refused_and_changes_nothing() -> None:
    rnd = ScopaRound.position(["7d", "Ab"], "3s 4b")
    for action, words in ((Action.play("7c", ["3s", "4b"]), "not in your hand"),
                          (Action.play("7d", ["3s", "4c"]), "not on the table"),
                          (Action.play("7d"), "say what")):
        with pytest.raises(IllegalAction, match=words):
            rnd.check(action)
    assert [str(c) for c in rnd.hands[0]] == ["7d"] and [str(c) for c in rnd.table] == ["3s", "4b"]


# ----- scope and the end of the round -----
def test_a_sweep_is_a_scopa_but_not_with_the_rounds_last_card() -> None:
    rnd = ScopaRound.position(["5d Ac", "2b 3c"], "2s 3s")
    play(rnd, "5d", "2s 3s")
    assert rnd.scope == [1, 0] and rnd.last_capture is not None and rnd.last_capture.scopa
    last = ScopaRound.position(["Ac", "6d"], "2s 3s")
    play(last, "Ac")
    play(last, "6d", "2s 3s Ac")
    assert last.is_over() and not last.table and last.scope == [0, 0]
    assert last.last_capture is not None and not last.last_capture.scopa
    stocked = ScopaRound.position(["Ac", "6d"], "2s 3s", stock="4d 5d 6c 7c 4s 5s")  # the stock still deals
    play(stocked, "Ac")
    play(stocked, "6d", "2s 3s Ac")
    assert stocked.scope == [0, 1] and not stocked.is_over() and [len(h) for h in stocked.hands] == [3, 3]


def test_the_last_capture_takes_the_leftovers_and_nobodys_capture_leaves_them() -> None:
    rnd = ScopaRound.position(["5d", "Rb"], "2s 3s 7c")
    play(rnd, "5d", "2s 3s")
    play(rnd, "Rb")
    result = rnd.result(False)
    assert rnd.is_over() and result.leftover_to == 0 and sorted(result.unclaimed) == []
    assert sorted(map(str, rnd.piles[0])) == ["2s", "3s", "5d", "7c", "Rb"] and rnd.piles[1] == []
    assert rnd.scope == [0, 0], "the leftovers are no scopa"
    nobody = ScopaRound.position(["Rb", "Fs"], "Ac 2c")
    play(nobody, "Rb")
    play(nobody, "Fs")
    result = nobody.result(False)
    assert result.leftover_to is None and sorted(result.unclaimed) == ["2c", "Ac", "Fs", "Rb"]


def test_empty_hands_are_dealt_three_more_from_the_stock() -> None:
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 4)
    rnd = match.round
    assert [len(h) for h in rnd.hands] == [3, 3] and len(rnd.table) == 4 and len(rnd.stock) == 30
    stock = [str(c) for c in rnd.stock]
    rng = random.Random(4)
    for _ in range(6):
        match.apply(rng.choice(match.legal_actions()))
    first = (rnd.dealer + 1) % 2
    assert match.to_move() == first and len(rnd.stock) == 24
    assert sorted(map(str, rnd.hands[first])) == sorted(stock[:3])
    assert sorted(map(str, rnd.hands[1 - first])) == sorted(stock[3:6])


# ----- round points -----
def test_each_round_point_and_its_ties() -> None:
    # side 0: 6 cards, 3 Denari, the settebello, primiera 7d 7c 7s 7b = 84; side 1: 5 cards, 2 Denari, 64
    b = ended(["7d 7c 7s 7b 2d 3d", "Ad 6d Ac 6s 6b"])
    assert [(x["cards"], x["denari"], x["settebello"], x["primiera"]) for x in b] == [(1, 1, 1, 1), (0, 0, 0, 0)]
    tie = ended(["7d 2c 3s 4b", "Ad 6c 6s 6b"])  # 4 cards each, 1 Denari each, primiera 21+12+13+14 vs 16+18*3
    assert [x["cards"] for x in tie] == [0, 0] and [x["denari"] for x in tie] == [0, 0]
    assert [x["settebello"] for x in tie] == [1, 0] and [x["primiera"] for x in tie] == [0, 1]
    even = ended(["7d 6c 5s 4b", "7c 6d 5b 4s"])  # primiera 21+18+15+14 on both sides
    assert [x["primiera"] for x in even] == [0, 0]
    three = ended(["Ad 2c", "3d 4c", "5s"])  # three sides: a tie at the top gives nobody the point
    assert [x["cards"] for x in three] == [0, 0, 0] and [x["denari"] for x in three] == [0, 0, 0]


def test_primiera_with_a_missing_suit() -> None:
    assert primiera(Card.parse(c) for c in ["7d", "7c", "7s", "6d"]) == (0, ())
    value, four = primiera(Card.parse(c) for c in ["7d", "5d", "6c", "Fs", "Rb"])
    assert value == 21 + 18 + 10 + 10 and [str(c) for c in four] == ["7d", "6c", "Fs", "Rb"]
    b = ended(["7d 7c 7s 6d 6c 6s", "2d 2c 2s 2b"])  # the sevens lack Bastoni: the twos have the primiera
    assert [x["primiera"] for x in b] == [0, 1]
    none = ended(["7d 7c 7s", "2d 2c 2s"])
    assert [x["primiera"] for x in none] == [0, 0]


def test_napola_runs_only_with_the_option() -> None:
    piles = ["Ad 2d 3d 4d 5d 7d Fc", "6d Ac"]
    assert [x["napola"] for x in ended(piles, napola=True)] == [5, 0]
    assert [x["napola"] for x in ended(piles, napola=False)] == [0, 0]
    assert [x["napola"] for x in ended(["Ad 2d 4d 5d", "3d"], napola=True)] == [0, 0]
    full = ended([" ".join(f"{r}d" for r in "A234567FCR"), "Ac"], napola=True)
    assert full[0]["napola"] == 10


# ----- deals -----
def test_three_or_four_kings_on_the_table_are_dealt_again() -> None:
    seed = next(s for s in range(10_000) if three_kings_first(s))
    rnd = ScopaRound.shuffled("scopa", 2, "scopa", 1, random.Random(seed))
    assert sum(1 for c in rnd.table if str(c)[0] == "R") < 3
    again = random.Random(seed)
    again.shuffle(deck_40())
    second = deck_40()
    again.shuffle(second)
    assert rnd.deal_json()["hands"][0] == [str(c) for c in second[:3]], "the record keeps the deal played"
    bad = rnd.deal_json()
    kings = ["Rd", "Rc", "Rs"]
    rest = [c for c in [*bad["hands"][0], *bad["hands"][1], *bad["table"], *bad["stock"]] if c not in kings]
    bad.update(hands=[rest[:3], rest[3:6]], table=[*kings, rest[6]], stock=rest[7:])
    with pytest.raises(RulesError, match="three or four R"):
        ScopaRound("scopa", 2, "scopa", 1, bad)


def three_kings_first(seed: int) -> bool:
    """Whether the first shuffle of a generator puts three or four R on a 2-player table."""
    deck = deck_40()
    random.Random(seed).shuffle(deck)
    return sum(1 for c in deck[6:10] if str(c)[0] == "R") >= 3


def test_scopones_two_deals() -> None:
    sci = SCOPONE_SPEC.new_match(4, {}, 9)
    assert sci.options["deal"] == "scientifico"
    assert [len(h) for h in sci.round.hands] == [10] * 4 and not sci.round.table and not sci.round.stock
    assert sci.to_move() == (sci.round.dealer + 1) % 4
    tra = SCOPONE_SPEC.new_match(4, {"deal": "tradizionale"}, 9)
    assert [len(h) for h in tra.round.hands] == [9] * 4 and len(tra.round.table) == 4 and not tra.round.stock
    with pytest.raises(RulesError, match="deal"):
        SCOPA_SPEC.new_match(4, {"deal": "tradizionale"})
    with pytest.raises(RulesError, match="players"):
        SCOPONE_SPEC.new_match(2)


# ----- the match -----
def finished(match: Match, totals: list[int]) -> tuple[bool, list[int]]:
    """Whether the match is over with these side totals, and its winners."""
    match.totals = [0] * match.n
    for side, total in zip(match.sides, totals, strict=True):
        for seat in side:
            match.totals[seat] = total
    return match.match_finished(), match.match_winners() if match.match_finished() else []


def test_the_match_ends_at_the_target_with_a_higher_total_else_another_round() -> None:
    two = SCOPA_SPEC.new_match(2, {}, 1)
    assert two.options["match"] == "11"
    assert finished(two, [10, 9]) == (False, [])
    assert finished(two, [11, 9]) == (True, [0])
    assert finished(two, [12, 12]) == (False, []), "equal totals past the target: another round"
    assert finished(two, [12, 13]) == (True, [1])
    three = SCOPA_SPEC.new_match(3, {"match": "16"}, 1)
    assert finished(three, [16, 16, 3]) == (False, [])
    assert finished(three, [17, 16, 3]) == (True, [0])
    four = SCOPONE_SPEC.new_match(4, {"match": "21"}, 1)
    assert finished(four, [21, 20]) == (True, [0, 2])
    single = SCOPA_SPEC.new_match(2, {"match": "single"}, 1)
    assert finished(single, [3, 3]) == (True, []) and finished(single, [2, 3]) == (True, [1])


def test_a_match_plays_rounds_until_it_ends() -> None:
    with registered():
        for game, players in CASES:
            match = game.new_match(players, {"match": "16"}, 21)
            play_out(match, random.Random(21), views_every=40)
            totals = match.side_totals()
            assert max(totals) >= 16 and totals.count(max(totals)) == 1 and len(match.rounds) > 1
            assert match.rounds[-1]["dealer"] == (match.rounds[0]["dealer"] + len(match.rounds) - 1) % players


# ----- playouts -----
def cards_conserved(match: Match) -> None:
    """Hands, table, stock and piles hold the 40 cards, each once."""
    rnd = match.round
    assert isinstance(rnd, ScopaRound)
    every = [c for h in rnd.hands for c in h] + rnd.table + rnd.stock + [c for p in rnd.piles for c in p]
    assert sorted(every) == sorted(deck_40()), "the 40 cards, each once"


@pytest.mark.parametrize(("game", "players"), CASES, ids=lambda x: getattr(x, "name", x))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choice=st.integers(0, 2**32), napola=st.booleans(),
       deal=st.sampled_from(["scientifico", "tradizionale"]))
def test_playouts_keep_the_cards_and_replay_to_the_same_result(
    game: GameSpec, players: int, seed: int, choice: int, napola: bool, deal: str,
) -> None:
    options = {"match": "single", "napola": "on" if napola else "off"}
    if game is SCOPONE_SPEC:
        options["deal"] = deal
    match = game.new_match(players, options, seed)
    rng = random.Random(choice)
    with registered():
        while not match.is_over():
            cards_conserved(match)
            legal = match.legal_actions()
            for action in legal:  # no card that can capture is ever offered to be placed
                assert action.take or match.round.capture_choices(action.card) == [()]  # type: ignore[arg-type]
            match.apply(rng.choice(legal))
        check_views(match)
        record = json.loads(json.dumps(match.record()))
        again = replay_record(record)
    assert again.result() == match.result() and again.rounds == match.rounds
    assert check_record(record) == []
    played = sum(1 for a in record["rounds"][0]["actions"] if "play" in a)
    assert played == 40 - (4 if game is SCOPA_SPEC or deal == "tradizionale" else 0)


@pytest.mark.parametrize(("game", "players"), CASES, ids=lambda x: getattr(x, "name", x))
def test_conformance_playouts_views_and_a_longer_match(game: GameSpec, players: int) -> None:
    with registered():
        for seed in range(3):
            match = game.new_match(players, {"match": "single", "show_points": "on"}, seed)
            play_out(match, random.Random(seed), views_every=3)
            assert replay_record(json.loads(json.dumps(match.record()))).result() == match.result()
        longer = game.new_match(players, {"match": "11"}, 5)
        play_out(longer, random.Random(5), views_every=30)
        record = json.loads(json.dumps(longer.record()))
        assert replay_record(record).result() == longer.result() and check_record(record) == []


def test_a_tampered_record_is_refused_by_the_engine_and_the_referee() -> None:
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 8)
    rng = random.Random(8)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    record = json.loads(json.dumps(match.record()))
    rd = record["rounds"][0]
    table = list(rd["deal"]["table"])
    first = rd["actions"][0]
    capturing = bool(first["take"])
    first["take"] = [] if capturing else table[:1]
    with registered(), pytest.raises(ReplayError):
        replay_record(record)
    assert check_record(record), "the referee finds the changed take"
    record = json.loads(json.dumps(match.record()))
    record["rounds"][0]["result"]["score"] = [s + 1 for s in record["rounds"][0]["result"]["score"]]
    assert any("score" in p for p in check_record(record))


@pytest.mark.parametrize(("game", "players", "seed"), [(SCOPA_SPEC, 2, 69), (SCOPA_SPEC, 3, 8), (SCOPONE_SPEC, 4, 7)],
                         ids=["scopa-2", "scopa-3", "scopone-4"])
def test_equal_totals_at_the_target_play_another_round(game: GameSpec, players: int, seed: int) -> None:
    match = game.new_match(players, {"match": "11"}, seed)
    play_out_seeded(match, seed)
    totals = [0] * len(match.sides)
    tied_at = None
    for i, rd in enumerate(match.rounds):
        totals = [a + b for a, b in zip(totals, rd["result"]["score"], strict=True)]
        if tied_at is None and max(totals) >= 11 and totals.count(max(totals)) > 1:
            tied_at = i
    assert tied_at is not None and tied_at < len(match.rounds) - 1, "the tie at the target is followed by a round"
    assert totals == match.side_totals() and totals.count(max(totals)) == 1
    assert check_record(json.loads(json.dumps(match.record()))) == []


def play_out_seeded(match: Match, seed: int) -> None:
    """Random legal plays from ``random.Random(seed)`` to the end of the match."""
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))


@pytest.mark.parametrize(("game", "players"), CASES, ids=lambda x: getattr(x, "name", x))
def test_the_conformance_checks_of_every_game(game: GameSpec, players: int) -> None:
    with registered():
        conformance.test_check_answers_for_a_seat_and_changes_nothing(game.name, players)
        conformance.test_events_and_round_results_are_typed_and_frozen(game.name, players)
        conformance.test_a_longer_match_round_trips(game.name, players)
        conformance.test_the_spec_describes_its_engine(game.name)
        conformance.test_the_spec_declares_what_the_layers_show(game.name)
        conformance.test_random_playouts_views_and_record_round_trip(game.name, players)


def test_the_referee_refuses_a_table_of_three_kings_and_a_scopa_the_plays_do_not_make() -> None:
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 12)
    play_out_seeded(match, 12)
    record = json.loads(json.dumps(match.record()))
    deal = record["rounds"][0]["deal"]
    for king in ("Rd", "Rc", "Rs"):
        if king not in deal["table"]:
            holder = next(group for group in (*deal["hands"], deal["stock"]) if king in group)
            spare = next(c for c in deal["table"] if c[0] != "R")
            holder[holder.index(king)], deal["table"][deal["table"].index(spare)] = spare, king
    assert any("three or four R" in p for p in check_record(record))
    record = json.loads(json.dumps(match.record()))
    result = record["rounds"][0]["result"]
    last = record["rounds"][0]["actions"][-1]
    result["breakdown"][0 if last["seat"] == 0 else 1]["scope"] += 1
    assert any("scope" in p for p in check_record(record))
