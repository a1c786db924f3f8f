"""Tests of the Cicera engine: captures, bonuses, end awards, match flow, views, records, fast path."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import Action, IllegalAction, OptionError, RulesError
from rules.captures import move_of
from rules.cards import Card, card, cards, deck_52
from rules.games.cicera.engine import GAME, Cicera
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.rules import capture_choices, capture_problem, napula_length

DECK = frozenset(deck_52())


# ----- helpers -----
def play(rnd: CiceraRound, c: str, take: str | None) -> list[dict]:
    """Check and apply ``play c take ...`` (``take=""`` places the card) on a round."""
    a = Action.play(c, None if take is None else cards(take))
    rnd.check(a)
    return [e.as_dict() for e in rnd.apply_checked(a)]


def filler_deal(table: str, **hands: str) -> dict:
    """A full deal with the given table and hand prefixes (``s0="7s 8s"``); the other cards fill the hands."""
    tbl = cards(table)
    fixed = {int(k[1:]): cards(v) for k, v in hands.items()}
    used = set(tbl) | {c for cs in fixed.values() for c in cs}
    rest = [c for c in deck_52() if c not in used]
    out = []
    for s in range(4):
        h = list(fixed.get(s, []))
        while len(h) < 12:
            h.append(rest.pop())
        out.append([str(c) for c in h])
    return {"hands": out, "stock": [], "briscola": None, "table": [str(c) for c in tbl], "kitty": []}


def scripted(
    table: str, first: list[tuple[str, str]], last: list[tuple[str, str]] | None = None, dealer: int = 3
) -> tuple[dict, list[Action]]:
    """A full deal whose plays are ``first``, then every other card placed (in deck order), then ``last``.

    Each play is ``(card, take)`` with ``take`` a space-separated list (``""`` places the card)."""
    tbl = cards(table)
    head = [(card(c), tuple(cards(t))) for c, t in first]
    tail = [(card(c), tuple(cards(t))) for c, t in (last or [])]
    used = set(tbl) | {c for c, _ in head + tail}
    middle = [(c, ()) for c in deck_52() if c not in used]
    plays = head + middle + tail
    assert len(plays) == 48
    hands: list[list[str]] = [[] for _ in range(4)]
    for i, (c, _) in enumerate(plays):
        hands[(dealer + 1 + i) % 4].append(str(c))
    deal = {"hands": hands, "stock": [], "briscola": None, "table": [str(c) for c in tbl], "kitty": []}
    return deal, [Action.play(c, t) for c, t in plays]


def play_deal(m: Cicera, actions: list[Action]) -> list[dict]:
    """Apply a deal's actions through the match (each by the seat to move); the events as plain data."""
    events: list[dict] = []
    for a in actions:
        events.extend(e.as_dict() for e in m.apply(a, m.to_move()))
    return events


def all_cards(rnd: CiceraRound) -> list[Card]:
    """Every card the round holds: hands, table and both piles."""
    return [c for h in rnd.hands for c in h] + list(rnd.table) + rnd.piles[0] + rnd.piles[1]


def is_capture(c: Card, take: tuple[Card, ...], table: list[Card]) -> bool:
    """Test oracle, written from RULES.md: a legal capture of ``c`` from ``table``."""
    if not set(take) <= set(table) or len(set(take)) != len(take):
        return False
    if len(take) == 1:
        return take[0].rank == c.rank
    if len(take) < 2 or c.is_court or any(t.is_court for t in take):
        return False
    return sum(t.cicera_value for t in take) == c.cicera_value


def random_playout(m: Cicera, rng: random.Random, each_step=None) -> None:
    """Random legal play until the match ends; placing a bit more often so that tables grow."""
    while not m.is_over():
        acts = m.legal_actions()
        places = [a for a in acts if a.take == ()]
        a = rng.choice(places) if rng.random() < 0.3 else rng.choice(acts)
        m.apply(a, m.to_move())
        if each_step is not None:
            each_step(m)


# ----- capture choices -----
def test_seven_on_seven_three_four_offers_three_choices():
    table = cards("7d 3c 4b")
    assert capture_choices(card("7s"), table) == [(card("7d"),), (card("3c"), card("4b")), ()]


def test_two_different_pairs_adding_alike_are_two_choices():
    choices = capture_choices(card("7s"), cards("3d 3c 4b"))
    assert sorted(choices) == sorted([(card("3d"), card("4b")), (card("3c"), card("4b")), ()])


def test_choices_order_rank_then_larger_sums_first():
    choices = capture_choices(card("6s"), cards("6d 6c Ab 2b 3b 5d"))
    assert choices[:2] == [(card("6d"),), (card("6c"),)]
    assert set(choices[2]) == set(cards("Ab 2b 3b"))
    assert set(choices[3]) == set(cards("5d Ab"))
    assert choices[-1] == ()
    assert len(choices) == 5


def test_courts_capture_only_one_equal_court():
    table = cards("Fd Cd Rd Fb 5c Ab 4s")
    assert capture_choices(card("Fc"), table) == [(card("Fd"),), (card("Fb"),), ()]
    assert capture_choices(card("Rc"), table) == [(card("Rd"),), ()]
    assert capture_choices(card("5d"), table) == [(card("5c"),), tuple(sorted(cards("Ab 4s"))), ()]


def test_ace_takes_only_an_ace_and_two_takes_two_aces():
    table = cards("Ad Ac 2b")
    assert capture_choices(card("As"), table) == [(card("Ad"),), (card("Ac"),), ()]
    assert capture_choices(card("2s"), table) == [(card("2b"),), (card("Ad"), card("Ac")), ()]


@settings(max_examples=60, deadline=None)
@given(st.randoms(use_true_random=False), st.integers(0, 10))
def test_choices_match_a_brute_force_oracle(rng: random.Random, size: int):
    deck = deck_52()
    rng.shuffle(deck)
    table, played = deck[:size], deck[size]
    choices = capture_choices(played, table)
    expected = {
        tuple(sorted(s)) for k in range(1, size + 1) for s in combinations(table, k) if is_capture(played, s, table)
    }
    assert len(choices) == len(set(choices))
    assert set(choices) == expected | {()}
    for k in range(size + 1):
        for s in combinations(table, k):
            legal = k == 0 or tuple(sorted(s)) in expected
            assert (capture_problem(played, s, table) is None) == legal


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False))
def test_choices_on_a_25_card_table_are_distinct_and_add_up(rng: random.Random):
    deck = deck_52()
    rng.shuffle(deck)
    table = deck[:25]
    for played in deck_52():
        choices = capture_choices(played, table)
        assert choices[-1] == () and choices.count(()) == 1
        as_sets = [frozenset(t) for t in choices]
        assert len(as_sets) == len(set(as_sets))
        for t in choices[:-1]:
            assert is_capture(played, t, table), (played, t)


def test_many_low_cards_list_every_sum():
    table = [c for c in deck_52() if 1 <= c.cicera_value <= 4]  # 16 cards: four each of A, 2, 3, 4
    choices = capture_choices(card("Xd"), table)
    # count by brute force over the 2^16 subsets, with the oracle
    values = [c.cicera_value for c in table]
    count = 0
    for mask in range(1 << 16):
        total = n = 0
        for i in range(16):
            if mask >> i & 1:
                total += values[i]
                n += 1
        count += total == 10 and n >= 2
    assert len(choices) == count + 1
    assert all(len(a) >= len(b) for a, b in zip(choices, choices[1:-1], strict=False))


# ----- bonuses, one at a time and together -----
def test_scua_alone():
    rnd = CiceraRound.position([["5c"], ["2b"], ["3b"], ["4b"]], "5d", to_move=0)
    ev = play(rnd, "5c", "5d")
    assert ev[0]["bonuses"] == ["scua"]
    assert rnd.bonus[0] == [1, 0, 0, 0] and rnd.table == []


def test_picada_alone():
    rnd = CiceraRound.position([["5d", "Ab"], ["5c", "8c"], ["2b"], ["3b"]], "Rb 3c", to_move=0)
    assert play(rnd, "5d", "")[0]["bonuses"] == []
    ev = play(rnd, "5c", "5d")
    assert ev[0]["bonuses"] == ["picada"]
    assert rnd.bonus[1] == [0, 1, 0, 0]


def test_simili_alone():
    rnd = CiceraRound.position([["7d", "Ab"], ["2b"], ["3b"], ["4b"]], "3d 4d Rb", to_move=0)
    assert play(rnd, "7d", "3d 4d")[0]["bonuses"] == ["simili"]


def test_simili_needs_every_captured_card_in_the_suit():
    rnd = CiceraRound.position([["7d", "Ab"], ["2b"], ["3b"], ["4b"]], "3d 4c Rb", to_move=0)
    assert play(rnd, "7d", "3d 4c")[0]["bonuses"] == []
    rnd = CiceraRound.position([["7d", "Ab"], ["2b"], ["3b"], ["4b"]], "3c 4c Rb", to_move=0)
    assert play(rnd, "7d", "3c 4c")[0]["bonuses"] == []


def test_quadriglia_alone():
    rnd = CiceraRound.position([["9s", "Ab"], ["2b"], ["3b"], ["4b"]], "2c 3b 4d Rb", to_move=0)
    assert play(rnd, "9s", "2c 3b 4d")[0]["bonuses"] == ["quadriglia"]


def test_a_same_suit_sweep_of_three_scores_scua_simili_quadriglia():
    rnd = CiceraRound.position([["9d", "Ab"], ["2b"], ["3b"], ["4b"]], "2d 3d 4d", to_move=0)
    ev = play(rnd, "9d", "2d 3d 4d")
    assert sorted(ev[0]["bonuses"]) == ["quadriglia", "scua", "simili"]
    assert rnd.view(None).bonus_points == (3, 0)
    assert rnd.breakdown()[0]["scua"] + rnd.breakdown()[0]["simili"] + rnd.breakdown()[0]["quadriglia"] == 3


def test_picada_and_scua_together():
    rnd = CiceraRound.position([["5d", "Ab"], ["5c", "8c"], ["2b"], ["3b"]], "", to_move=0)
    play(rnd, "5d", "")
    assert sorted(play(rnd, "5c", "5d")[0]["bonuses"]) == ["picada", "scua"]
    assert rnd.view(None).bonus_points == (0, 2)


def test_no_picada_for_another_card_of_the_same_rank():
    rnd = CiceraRound.position([["5d", "Ab"], ["5c", "8c"], ["2b"], ["3b"]], "5b Rb", to_move=0)
    play(rnd, "5d", "")
    other = rnd.clone()
    assert play(other, "5c", "5b")[0]["bonuses"] == []
    assert play(rnd, "5c", "5d")[0]["bonuses"] == ["picada"]


def test_no_picada_when_the_placed_card_is_taken_in_a_sum():
    rnd = CiceraRound.position([["3d", "Ab"], ["7s", "8c"], ["2b"], ["3b"]], "4c Rb", to_move=0)
    play(rnd, "3d", "")
    assert play(rnd, "7s", "3d 4c")[0]["bonuses"] == []


def test_no_picada_when_the_player_just_before_captured():
    rnd = CiceraRound.position([["5d", "Ab"], ["Rc", "8c"], ["5b", "2b"], ["3b"]], "Rb 9c", to_move=0)
    play(rnd, "5d", "")
    play(rnd, "Rc", "Rb")
    assert rnd.last_placement() is None
    assert play(rnd, "5b", "5d")[0]["bonuses"] == []


def test_no_picada_on_the_first_play_or_for_a_table_card():
    rnd = CiceraRound.position([["5d", "Ab"], ["2b"], ["3b"], ["4b"]], "5c Rb", to_move=0)
    assert play(rnd, "5d", "5c")[0]["bonuses"] == []


def test_bonuses_only_on_captures():
    rnd = CiceraRound.position([["5d", "Ab"], ["2b"], ["3b"], ["4b"]], "", to_move=0)
    assert play(rnd, "5d", "")[0]["bonuses"] == []
    assert rnd.bonus == [[0, 0, 0, 0], [0, 0, 0, 0]]


# ----- end of the deal -----
def test_last_play_scores_its_bonus():
    rnd = CiceraRound.position([[], [], [], ["4c"]], "4d", to_move=3)
    events = play(rnd, "4c", "4d")
    assert events[0]["bonuses"] == ["scua"]
    assert rnd.is_over() and events[-1]["type"] == "deal_end"
    assert rnd.breakdown()[1]["scua"] == 1


def test_leftovers_go_to_the_last_capturer_without_bonus():
    rnd = CiceraRound.position([[], [], ["5d"], ["5c"]], "Rb", to_move=2)
    play(rnd, "5d", "")
    events = play(rnd, "5c", "5d")
    assert events[0]["bonuses"] == ["picada"]
    assert events[-1] == {"type": "deal_end", "leftover_to": 1, "leftover": ["Rb"], "unclaimed": []}
    assert sorted(rnd.piles[1]) == sorted(cards("5c 5d Rb"))
    b = rnd.breakdown()[1]
    assert b["picada"] == 1 and b["scua"] == 0


def test_a_deal_with_no_capture_leaves_the_table_unclaimed():
    deal, actions = scripted("Ad 5c 9b Rb", [])
    m = Cicera(4, seed=1, deals=lambda _i, _d: deal, first_dealer=3)
    events = play_deal(m, actions)
    result = m.rounds[0]["result"]
    assert result["leftover_to"] is None
    assert result["score"] == [0, 0] and m.winners == [] and m.is_over()
    assert len(result["unclaimed"]) == 52 and result["counts"] == [{"cards": 0, "swords": 0}] * 2
    assert [e for e in events if e["type"] == "deal_end"][0]["leftover_to"] is None


def test_a_team_taking_everything_scores_all_awards():
    deal, actions = scripted("Ad 5c 9b Rb", [("5d", "5c")])
    m = Cicera(4, deals=lambda _i, _d: deal, first_dealer=3)
    play_deal(m, actions)
    result = m.rounds[0]["result"]
    assert result["leftover_to"] == 0
    assert result["breakdown"][0] == {
        "scua": 0, "picada": 0, "simili": 0, "quadriglia": 0,
        "cards": 2, "swords": 1, "mata": 1, "xd": 1, "fc": 1, "napula": 10,
    }  # fmt: skip
    assert result["score"] == [16, 0]
    assert result["game_points"] == [16, 0, 16, 0]
    assert m.winners == [0, 2] and m.result() == {"game_points": [16, 0, 16, 0], "winners": [0, 2]}


@pytest.mark.parametrize(
    ("pile", "length"),
    [
        ("As 2s 3s 5s 6s", 3),
        ("As 2s 3s 4s 6s Rs", 4),
        ("As 2s 3s 4s 5s 6s 7s 8s 9s Xs Fs", 10),
        ("As 2s 4s 5s 6s 7s", 0),
        ("2s 3s 4s 5s", 0),
        ("Ad 2d 3d", 0),
    ],
)
def test_napula(pile: str, length: int):
    assert napula_length(cards(pile)) == length
    rnd = CiceraRound.position([[], [], [], []], "", piles=[cards(pile), []])
    assert rnd.breakdown()[0]["napula"] == length


def test_ties_in_cards_and_swords_score_nothing():
    rnd = CiceraRound.position([[], [], [], []], "", piles=["As 4d 5c", "Rs 4c 5d"])
    b = rnd.breakdown()
    assert b[0]["cards"] == b[1]["cards"] == 0
    assert b[0]["swords"] == b[1]["swords"] == 0
    assert rnd.scores() == (0, 0)
    more = CiceraRound.position([[], [], [], []], "", piles=["As 4d 5c 7s", "Rs 4c 5d"])
    assert more.breakdown()[0]["cards"] == 2 and more.breakdown()[0]["swords"] == 1
    assert more.scores() == (3, 0)


def test_single_awards_are_counted_where_the_card_lies():
    rnd = CiceraRound.position([[], [], [], []], "", piles=["2s Xd", "Fc Ab"])
    b = rnd.breakdown()
    assert (b[0]["mata"], b[0]["xd"], b[0]["fc"]) == (1, 1, 0)
    assert (b[1]["mata"], b[1]["xd"], b[1]["fc"]) == (0, 0, 1)


# ----- illegal actions -----
ILLEGAL = [
    (Action.play("8s", cards("3c 4b")), "add up to 7, not 8"),
    (Action.play("7s", cards("3c Fd")), "courts never join a sum"),
    (Action.play("7s", cards("3c 4d")), "4d is not on the table"),
    (Action.play("7s", cards("7d 3c 4b")), "add up to 14, not 7"),
    (Action.play("9b", cards("7d")), "cannot take 7d alone"),
    (Action.play("7s", cards("Fd")), "cannot take a court"),
    (Action.play("Cc", cards("Fd")), "a court takes only the equal court"),
    (Action.play("Fc", cards("3c 4b")), "never captures by sum"),
    (Action.play("Fc", cards("3c")), "cannot take the number card 3c"),
    (Action.play("Xb", cards("7d 3c")), "not in your hand"),
    (Action.play("7s"), "say what 7s takes"),
    (Action.make_bid("3"), "every move is playing a card"),
    (Action("play", card=card("7s"), take=(card("3c"), card("3c"))), "named twice"),
]


@pytest.mark.parametrize(("action", "reason"), ILLEGAL)
def test_illegal_actions_raise_and_change_nothing(action: Action, reason: str):
    deal = filler_deal("7d 3c 4b Fd", s0="7s 8s 9b Fc Cc", s1="Xb")
    m = Cicera(4, deals=lambda _i, _d: deal, first_dealer=3)
    before = (m.record(), [m.view(s) for s in (None, 0, 1, 2, 3)])
    with pytest.raises(IllegalAction, match=reason):
        m.apply(action, 0)
    assert (m.record(), [m.view(s) for s in (None, 0, 1, 2, 3)]) == before
    m.apply(Action.play("7s", cards("3c 4b")), 0)  # the seat can still play


def test_playing_out_of_turn_is_refused():
    deal = filler_deal("7d 3c 4b Fd", s0="7s", s1="Xb")
    m = Cicera(4, deals=lambda _i, _d: deal, first_dealer=3)
    with pytest.raises(IllegalAction, match="not your turn"):
        m.apply(Action.play("Xb", cards("3c 7d")), 1)


def test_every_listed_choice_is_accepted_by_check():
    rnd = CiceraRound(3, filler_deal("7d 3c 4b Fd", s0="7s 8s Fc Ab"))
    legal = rnd.legal_actions()
    assert {a.card for a in legal} == set(rnd.hands[0])
    for a in legal:
        rnd.check(a)
    assert Action.play("7s", cards("7d")) in legal and Action.play("7s", cards("3c 4b")) in legal
    assert Action.play("7s", ()) in legal and Action.play("Fc", cards("Fd")) in legal


# ----- deals and options -----
def test_record_deals_are_validated():
    good = filler_deal("7d 3c 4b Fd")
    CiceraRound(0, good)
    short = {**good, "hands": [good["hands"][0][:11], *good["hands"][1:]]}
    with pytest.raises(RulesError, match="hand of seat 0 has 11 cards"):
        CiceraRound(0, short)
    twice = {**good, "table": ["7d", "3c", "4b", good["hands"][1][0]]}
    with pytest.raises(RulesError, match="dealt twice"):
        CiceraRound(0, twice)
    with pytest.raises(RulesError, match="3 cards"):
        CiceraRound(0, {**good, "table": ["7d", "3c", "4b"]})
    with pytest.raises(RulesError, match="no stock"):
        CiceraRound(0, {**good, "stock": ["Fd"]})
    with pytest.raises(RulesError, match="4 hands"):
        CiceraRound(0, {**good, "hands": good["hands"][:3]})
    with pytest.raises(RulesError, match="hand of seat 2"):
        CiceraRound(0, {**good, "hands": [*good["hands"][:2], ["Zz"] * 12, good["hands"][3]]})


def test_a_shuffled_deal_uses_the_match_generator_and_is_recorded():
    a, b = Cicera(4, seed=11), Cicera(4, seed=11)
    assert a.rounds[0]["deal"] == b.rounds[0]["deal"]
    assert a.rounds[0]["deal"] != Cicera(4, seed=12).rounds[0]["deal"]
    deal = a.rounds[0]["deal"]
    assert set(map(card, [c for h in deal["hands"] for c in h] + deal["table"])) == DECK
    assert all(len(h) == 12 for h in deal["hands"]) and len(deal["table"]) == 4
    assert a.to_move() == 0 and a.round.dealer == 3


def test_options():
    assert Cicera.validate_options(4, None) == {"match": "single", "turn_timer": 120, "team_chat": "after_first_trick",
                                                "hints": "off"}
    assert Cicera.validate_options(4, {"hints": "on"})["hints"] == "on"
    with pytest.raises(OptionError, match="hints"):
        Cicera.validate_options(4, {"hints": "sometimes"})
    assert Cicera.validate_options(4, {"match": "31", "turn_timer": "off"})["match"] == "31"
    with pytest.raises(OptionError, match="match"):
        Cicera.validate_options(4, {"match": "11"})
    with pytest.raises(OptionError, match="unknown option"):
        Cicera.validate_options(4, {"trump_exchange": "on"})
    with pytest.raises(RulesError):
        Cicera(5)
    assert GAME is Cicera and Cicera.game == "cicera" and Cicera.player_counts == (4,)


# ----- matches to a target -----
def test_match_to_21_goes_on_until_a_team_reaches_it():
    deal_a, acts_a = scripted("Ad 5c 9b Rb", [("5d", "5c")], dealer=3)  # seat 0 captures: team 0 takes all
    deal_b, acts_b = scripted("Ad 5c 9b Rb", [("5d", "5c")], dealer=0)  # seat 1 captures: team 1 takes all
    deal_c, acts_c = scripted("Ad 5c 9b Rb", [("5d", "5c")], dealer=1)  # seat 2: team 0 again
    deals = [deal_a, deal_b, deal_c]
    m = Cicera(4, {"match": "21"}, deals=lambda i, _d: deals[i], first_dealer=3)
    play_deal(m, acts_a)
    assert m.totals == [16, 0, 16, 0] and not m.is_over()
    play_deal(m, acts_b)
    assert m.totals == [16, 16, 16, 16] and not m.is_over() and m.round.dealer == 1
    events = play_deal(m, acts_c)
    assert m.is_over() and m.winners == [0, 2] and m.totals == [32, 16, 32, 16]
    assert events[-1] == {"type": "match_over", "game_points": [32, 16, 32, 16], "winners": [0, 2]}


def test_match_to_21_with_both_teams_over_the_higher_wins():
    # team 0 takes Xd first, team 1 makes the last capture and gets the rest: 1 against 15
    deal, actions = scripted("Xd 5c 9b Ab", [("Xb", "Xd")], [("Rd", "Rc")], dealer=3)
    m = Cicera(4, {"match": "21"}, deals=lambda _i, _d: deal, first_dealer=3)
    m.totals = [20, 20, 20, 20]  # as if earlier deals had ended 20 to 20
    play_deal(m, actions)
    assert m.rounds[0]["result"]["score"] == [1, 15]
    assert m.is_over() and m.winners == [1, 3] and m.totals == [21, 35, 21, 35]


def test_match_to_21_with_equal_totals_over_the_target_plays_another_deal():
    nothing, acts_nothing = scripted("Ad 5c 9b Rb", [], dealer=3)
    sweep, acts_sweep = scripted("Ad 5c 9b Rb", [("5d", "5c")], dealer=0)
    deals = [nothing, sweep]
    m = Cicera(4, {"match": "21"}, deals=lambda i, _d: deals[i], first_dealer=3)
    m.totals = [21, 21, 21, 21]  # as if earlier deals had ended 21 to 21
    play_deal(m, acts_nothing)
    assert not m.is_over() and len(m.rounds) == 2 and m.round.dealer == 0
    assert m.view(None).last_result["score"] == [0, 0] and m.view(None).round_number == 2
    play_deal(m, acts_sweep)
    assert m.is_over() and m.winners == [1, 3]


def test_single_deal_with_equal_scores_is_a_draw():
    deal, actions = scripted("Ad 5c 9b Rb", [])
    m = Cicera(4, deals=lambda _i, _d: deal)
    play_deal(m, actions)
    assert m.is_over() and m.winners == [] and m.result() == {"game_points": [0, 0, 0, 0], "winners": []}


# ----- views -----
def test_views_show_only_the_own_hand():
    m = Cicera(4, seed=5)
    rng = random.Random(5)
    for _ in range(9):
        m.apply(rng.choice(m.legal_actions()))
    mover = m.to_move()
    for seat in (None, 0, 1, 2, 3):
        v = m.view(seat)
        text = repr(v)
        for other in range(4):
            if other == seat:
                continue
            for c in m.round.hands[other]:
                assert repr(c) not in text, (seat, c)
        assert v.hand == (tuple(m.round.hands[seat]) if seat is not None else ())
        assert bool(v.legal) == (seat == mover)
        assert v.hand_sizes == tuple(len(h) for h in m.round.hands)
        assert sum(v.hand_sizes) + len(v.table) + sum(v.pile_sizes) == 52
        assert len(v.history) == 9 and v.round_number == 1 and v.options["match"] == "single"
    with pytest.raises(RulesError):
        m.view(4)


def test_view_tracks_placement_and_last_capture():
    rnd = CiceraRound.position([["5d", "Ab"], ["5c", "8c"], ["2b"], ["3b"]], "Rb 3c", to_move=0)
    play(rnd, "5d", "")
    v = rnd.view(1)
    assert v.last_placement == (0, card("5d")) and v.last_capture is None
    assert Action.play("5c", cards("5d")) in v.legal
    play(rnd, "5c", "5d")
    v = rnd.view(None)
    assert v.last_placement is None
    assert (v.last_capture.seat, v.last_capture.card, v.last_capture.taken) == (1, card("5c"), (card("5d"),))
    assert v.last_capture.bonuses == ("picada",)
    assert v.history == ((0, card("5d"), ()), (1, card("5c"), (card("5d"),)))
    assert v.pile_sizes == (0, 2) and v.bonus_counts[1]["picada"] == 1


# ----- random playouts -----
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(["single", "21"]))
def test_playouts_conserve_cards_and_replay(seed: int, match: str):
    m = Cicera(4, {"match": match}, seed=seed, first_dealer=seed % 4)

    def conserved(mm: Cicera) -> None:
        held = all_cards(mm.round)
        assert len(held) == 52 and set(held) == DECK

    conserved(m)
    random_playout(m, random.Random(seed), conserved)
    for r in m.rounds:
        res = r["result"]
        for team in (0, 1):
            assert sum(res["breakdown"][team].values()) == res["score"][team]
        assert res["game_points"] == [res["score"][s % 2] for s in range(4)]
        assert sum(c["cards"] for c in res["counts"]) + len(res["unclaimed"]) == 52
        assert len(r["actions"]) == 48 and all("take" in a for a in r["actions"])
    assert m.totals == [sum(r["result"]["game_points"][s] for r in m.rounds) for s in range(4)]

    rec = m.record()
    again = Cicera(
        4, rec["options"], seed=rec["seed"], deals=lambda i, _d: rec["rounds"][i]["deal"],
        first_dealer=rec["rounds"][0]["dealer"],
    )  # fmt: skip
    for r in rec["rounds"]:
        for entry in r["actions"]:
            a = Action.from_json(entry)
            assert a is not None
            again.apply(a, entry["seat"])
    assert again.record() == rec


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_fast_path_follows_the_checked_path(seed: int):
    m = Cicera(4, seed=seed)
    fast = m.round.clone()
    rng = random.Random(seed)
    while not m.is_over():
        assert [Action.play(c, t) for c, t in fast.legal_fast()] == m.legal_actions()
        a = rng.choice(m.legal_actions())
        probe = fast.clone()
        probe.apply_unchecked(move_of(a))  # a clone is independent of its source
        events = m.apply(a)
        bonuses = fast.apply_unchecked(move_of(a))
        assert list(bonuses) == events[0].as_dict()["bonuses"]
        assert fast.hands == m.round.hands and fast.table == m.round.table and fast.piles == m.round.piles
    assert fast.is_over() and fast.legal_fast() == []
    assert list(fast.scores()) == m.rounds[0]["result"]["score"]
