"""Briscola Chiamata (5 players): auction, call, kitty, secret partner, scoring and matches.

Every expected value here comes from RULES.md ("Briscola Chiamata"), never from running the engine: the
scripted deals force their outcome (a seat holding eight trumps takes every trick, whatever anyone plays),
and the random rounds are re-scored by an independent referee written from the rules (``referee``).
"""

from __future__ import annotations

import copy
import dataclasses
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.actions import Action, IllegalAction, OptionError, RulesError
from rules.cards import Card, deck_40
from rules.games.chiamata.engine import Chiamata
from rules.records import new_game

# ----- the rules, written out independently of the engine (RULES.md) -----
SUITS = "dcsb"
DECK = [r + s for s in SUITS for r in "A234567FCR"]
"""The 40-card deck: no 8, 9, X."""
POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
STRENGTH = "A3RCF76542"
"""Trick strength, high to low."""
SEATS = range(5)


def points(card: str) -> int:
    return POINTS.get(card[0], 0)


def trick_winner(plays: list[tuple[int, str]], trump: str) -> int:
    """Seat winning a trick given as (seat, card) in play order: highest trump, else highest of the led suit."""
    led = plays[0][1][1]

    def key(pc):
        card = pc[1]
        if card[1] == trump:
            return (2, -STRENGTH.index(card[0]))
        if card[1] == led:
            return (1, -STRENGTH.index(card[0]))
        return (0, 0)

    return max(plays, key=key)[0]


def expected_game_points(caller: int, partner: int | None, success: bool) -> list[int]:
    """Game points of one round: won caller +2, partner +1, others -1 (alone +4, others -1); lost: negated."""
    sign = 1 if success else -1
    if partner is None:
        return [4 * sign if s == caller else -sign for s in SEATS]
    return [2 * sign if s == caller else sign if s == partner else -sign for s in SEATS]


# ----- building deals and driving matches -----
def build_deal(fixed: dict[int, str], kitty: str | None = None, size: int = 8) -> dict:
    """A record-form deal: ``fixed`` cards per seat, the rest of the deck filled in deck order (seats 0..4,
    then the kitty when ``size`` is 7)."""
    hands = {s: fixed.get(s, "").split() for s in SEATS}
    kit = kitty.split() if kitty else []
    used = [c for h in hands.values() for c in h] + kit
    assert len(used) == len(set(used)) and set(used) <= set(DECK)
    rest = [c for c in DECK if c not in used]
    for s in SEATS:
        while len(hands[s]) < size:
            hands[s].append(rest.pop(0))
    while len(kit) < (5 if size == 7 else 0):
        kit.append(rest.pop(0))
    assert not rest and all(len(h) == size for h in hands.values())
    return {"hands": [hands[s] for s in SEATS], "stock": [], "briscola": None, "table": [], "kitty": kit}


def random_deal(rng: random.Random, kitty: bool) -> dict:
    deck = DECK[:]
    rng.shuffle(deck)
    size = 7 if kitty else 8
    return {"hands": [deck[i * size:(i + 1) * size] for i in SEATS], "stock": [], "briscola": None,
            "table": [], "kitty": deck[5 * size:]}


def scripted(deals, options: dict | None = None, dealer: int = 0) -> Chiamata:
    """A match whose round i is dealt from ``deals[i]`` (a single deal is used for every round)."""
    seq = deals if isinstance(deals, list) else [deals]
    return Chiamata(5, options or {}, seed=0, first_dealer=dealer,
                    deals=lambda i, _dealer: copy.deepcopy(seq[min(i, len(seq) - 1)]))


def bid(value) -> Action:
    return Action.pass_() if value is None else Action.make_bid(value)


def run_auction(m: Chiamata, *bids) -> list[dict]:
    """Apply bids (``None`` = pass) by whoever is to move; return all events."""
    events = []
    for b in bids:
        events += m.apply(bid(b), m.to_move())
    return events


def play_round_randomly(m: Chiamata, rng: random.Random) -> list[dict]:
    """Play the rest of the current round with random legal cards; return the events."""
    index = len(m.rounds) - 1
    events = []
    while not m.is_over() and len(m.rounds) - 1 == index:
        seat = m.to_move()
        events += m.apply(rng.choice(m.legal_actions()), seat)
    return events


def cards_in(obj) -> set[str]:
    """Every card named anywhere inside a view (Card values and card-like strings)."""
    found: set[str] = set()
    if isinstance(obj, Card):
        found.add(str(obj))
    elif isinstance(obj, str):
        if obj in DECK:
            found.add(obj)
    elif dataclasses.is_dataclass(obj):
        for f in dataclasses.fields(obj):
            found |= cards_in(getattr(obj, f.name))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            found |= cards_in(k) | cards_in(v)
    elif isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            found |= cards_in(v)
    return found


def hand(m: Chiamata, seat: int) -> set[str]:
    return {str(c) for c in m.view(seat).hand}


def test_referee_deck_is_the_engine_deck():
    assert sorted(DECK) == sorted(str(c) for c in deck_40())
    assert len(DECK) == 40 and sum(points(c) for c in DECK) == 120


# ----- auction: order -----
def test_bid_order_starts_after_dealer_skips_passed_seats_and_ends_after_four_passes():
    m = Chiamata(5, {}, seed=3, first_dealer=2)
    order = []

    def act(value):
        order.append(m.to_move())
        m.apply(bid(value), m.to_move())

    act("A")    # seat 3
    act(None)   # seat 4 passes
    act("3")    # seat 0
    act(None)   # seat 1 passes
    act("R")    # seat 2
    act("C")    # seat 3; 4 is skipped
    act(None)   # seat 0 passes; 1 is skipped
    act("F")    # seat 2
    assert order == [3, 4, 0, 1, 2, 3, 0, 2]
    assert m.to_move() == 3
    view = m.view(0)
    assert view.auction == ((3, "A"), (4, None), (0, "3"), (1, None), (2, "R"), (3, "C"), (0, None), (2, "F"))
    assert view.passed == (True, True, False, False, True)
    assert view.standing_bid == "F" and view.standing_seat == 2
    assert view.caller is None and view.phase == "auction"
    act(None)   # seat 3 passes: four have passed, seat 2 made the last bid
    v = m.view(2)
    assert (v.phase, v.caller, v.target, m.to_move()) == ("call", 2, 61, 2)


@pytest.mark.parametrize("dealer", SEATS)
def test_seat_after_dealer_bids_first(dealer):
    m = Chiamata(5, {}, seed=1, first_dealer=dealer)
    assert m.to_move() == (dealer + 1) % 5
    assert m.view(None).dealer == dealer
    for seat in SEATS:
        if seat != (dealer + 1) % 5:
            with pytest.raises(IllegalAction):
                m.apply(Action.make_bid("A"), seat)


def test_passed_seat_never_acts_again():
    m = Chiamata(5, {}, seed=2, first_dealer=0)
    run_auction(m, None)  # seat 1 passes
    with pytest.raises(IllegalAction):
        m.apply(Action.make_bid("A"), 1)
    run_auction(m, "A", "3", "R", "C")  # seats 2, 3, 4, 0
    assert m.to_move() == 2  # seat 1 skipped
    with pytest.raises(IllegalAction):
        m.apply(Action.make_bid("F"), 1)
    with pytest.raises(IllegalAction):
        m.apply(Action.pass_(), 1)


@pytest.mark.parametrize("seed", range(12))
def test_random_auctions_never_give_a_passed_seat_the_turn(seed):
    rng = random.Random(seed)
    bidding = "rank" if seed % 2 else "points"
    m = Chiamata(5, {"bidding": bidding}, seed=seed, first_dealer=seed % 5)
    expected = (seed % 5 + 1) % 5
    passed: set[int] = set()
    while m.view(None).phase == "auction" and len(m.rounds) == 1:
        seat = m.to_move()
        assert seat == expected and seat not in passed
        legal = m.legal_actions()
        bids = [a for a in legal if a.kind == "bid"]
        action = Action.pass_() if rng.random() < 0.35 or not bids else rng.choice(bids)
        m.apply(action, seat)
        if action.kind == "pass":
            passed.add(seat)
        if len(passed) == 5:
            break
        # next in play order that has not passed
        expected = next((seat + k) % 5 for k in range(1, 6) if (seat + k) % 5 not in passed)
    if len(passed) == 4:
        caller = m.view(None).caller
        assert caller not in passed and caller is not None
        assert m.to_move() == caller


# ----- auction: rank mode -----
def test_rank_bids_descend_through_the_whole_order_then_two_with_targets():
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    for rank in "A3RCF76542":
        m.apply(Action.make_bid(rank), m.to_move())
        assert m.view(None).standing_bid == rank
    for target in (62, 63, 90, 120):
        m.apply(Action.make_bid(f"2:{target}"), m.to_move())
        assert m.view(None).standing_bid == f"2:{target}"
    # 2:120 is the top: only a pass is left
    assert m.legal_actions() == [Action.pass_()]
    with pytest.raises(IllegalAction):
        m.apply(Action.make_bid("2:121"), m.to_move())


@pytest.mark.parametrize("standing, rejected, accepted", [
    ("R", ["R", "3", "A"], "C"),
    ("A", ["A"], "3"),
    ("3", ["A", "3"], "R"),
    ("F", ["F", "C", "R", "A", "3"], "7"),
    ("4", ["4", "5", "A", "2:62"], "2"),
])
def test_rank_bid_must_be_strictly_lower(standing, rejected, accepted):
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    m.apply(Action.make_bid(standing), 1)
    before = copy.deepcopy(m.record())
    for r in rejected:
        with pytest.raises(IllegalAction):
            m.apply(Action.make_bid(r), 2)
    assert m.record() == before and m.to_move() == 2
    m.apply(Action.make_bid(accepted), 2)
    assert m.view(None).standing_bid == accepted


def test_two_then_targets_strictly_increasing():
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    m.apply(Action.make_bid("2"), 1)
    for bad in ("2", "4", "A", "2:61", "2:60", "2:121", "2:abc"):
        with pytest.raises(IllegalAction):
            m.apply(Action.make_bid(bad), 2)
    m.apply(Action.make_bid("2:62"), 2)
    for bad in ("2:62", "2:61", "2", "5"):
        with pytest.raises(IllegalAction):
            m.apply(Action.make_bid(bad), 3)
    m.apply(Action.make_bid("2:63"), 3)
    m.apply(Action.make_bid("2:100"), 4)
    with pytest.raises(IllegalAction):
        m.apply(Action.make_bid("2:99"), 0)
    m.apply(Action.make_bid("2:101"), 0)
    assert m.view(None).standing_bid == "2:101" and m.view(None).standing_seat == 0


@pytest.mark.parametrize("standing", [None, "A", "4", "5"])
def test_two_with_target_needs_a_standing_two(standing):
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    if standing:
        m.apply(Action.make_bid(standing), 1)
    with pytest.raises(IllegalAction):
        m.apply(Action.make_bid("2:70"), m.to_move())


def test_int_bid_in_rank_mode_is_rejected_with_a_clear_message():
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    before = copy.deepcopy(m.record())
    with pytest.raises(IllegalAction) as err:
        m.apply(Action.make_bid(75), 1)
    assert "rank" in str(err.value)
    assert m.record() == before


@pytest.mark.parametrize("bids, target", [
    (["A"], 61), (["R"], 61), (["2"], 61), (["3", "2"], 61),
    (["2", "2:62"], 62), (["2", "2:70", "2:88"], 88), (["2", "2:120"], 120),
])
def test_rank_mode_target(bids, target):
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    run_auction(m, *bids)
    caller = (len(bids)) % 5  # seat 1 bids first; the last bidder is seat len(bids)
    while m.view(None).phase == "auction":
        m.apply(Action.pass_(), m.to_move())
    v = m.view(None)
    assert (v.caller, v.target) == (caller, target)


# ----- auction: points mode -----
def test_points_bids_strictly_higher_from_61_to_120():
    m = Chiamata(5, {"bidding": "points"}, seed=0, first_dealer=0)
    for bad in (60, 121, 0, "A", "3", "2", "2:70"):
        with pytest.raises(IllegalAction):
            m.apply(Action.make_bid(bad), 1)
    m.apply(Action.make_bid(61), 1)
    for bad in (61, 60, 121):
        with pytest.raises(IllegalAction):
            m.apply(Action.make_bid(bad), 2)
    m.apply(Action.make_bid(62), 2)
    m.apply(Action.make_bid(90), 3)
    with pytest.raises(IllegalAction):
        m.apply(Action.make_bid(89), 4)
    m.apply(Action.make_bid(120), 4)
    assert m.legal_actions() == [Action.pass_()]
    run_auction(m, None, None, None, None)  # seats 0, 1, 2, 3
    v = m.view(4)
    assert (v.phase, v.caller, v.target, m.to_move()) == ("call", 4, 120, 4)


def test_four_passes_then_the_fifth_bids():
    m = Chiamata(5, {"bidding": "points"}, seed=0, first_dealer=3)
    run_auction(m, None, None, None, None)  # seats 4, 0, 1, 2
    assert m.to_move() == 3 and m.view(None).phase == "auction"
    m.apply(Action.make_bid(75), 3)
    v = m.view(None)
    assert (v.phase, v.caller, v.target, m.to_move()) == ("call", 3, 75, 3)


# ----- the call -----
@pytest.mark.parametrize("suit", SUITS)
def test_rank_mode_calls_the_bid_rank_in_any_suit(suit):
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    run_auction(m, "R", None, None, None, None)
    for other in ("3" + suit, "A" + suit, "C" + suit, "2" + suit):
        with pytest.raises(IllegalAction):
            m.apply(Action.call(other), 1)
    m.apply(Action.call("R" + suit), 1)
    v = m.view(None)
    assert (v.phase, v.trump, str(v.called)) == ("play", suit, "R" + suit)
    assert m.to_move() == 1  # the seat after the dealer leads the first trick


def test_rank_mode_with_a_target_calls_a_two():
    m = Chiamata(5, {}, seed=0, first_dealer=0)
    run_auction(m, "2", "2:80", None, None, None, None)
    assert m.to_move() == 2
    with pytest.raises(IllegalAction):
        m.apply(Action.call("Ac"), 2)
    m.apply(Action.call("2c"), 2)
    assert m.view(None).trump == "c" and m.view(None).target == 80


@pytest.mark.parametrize("called", ["Ad", "7s", "2b", "Cc", "4d"])
def test_points_mode_calls_any_card(called):
    m = Chiamata(5, {"bidding": "points"}, seed=0, first_dealer=0)
    run_auction(m, 70, None, None, None, None)
    for bad in ("8s", "9d", "Xc"):  # not in the 40-card deck
        with pytest.raises(IllegalAction):
            m.apply(Action.call(bad), 1)
    m.apply(Action.call(called), 1)
    assert m.view(None).trump == called[1]


def test_points_mode_bad_call_message_does_not_invent_a_trump():
    m = Chiamata(5, {"bidding": "points"}, seed=0, first_dealer=0)
    run_auction(m, 70, None, None, None, None)
    with pytest.raises(IllegalAction) as err:
        m.apply(Action.call("8s"), 1)
    assert "declared trump" not in str(err.value) and "40-card deck" in str(err.value)


def test_called_suit_is_trump_low_trump_wins_the_trick():
    # seat 1 leads Ac, seat 2 plays 3c, seat 3 holds the called 2b, seat 4 ruffs with 4b, seat 0 plays Rc
    deal = build_deal({1: "Ac", 2: "3c", 3: "2b 5c", 4: "4b", 0: "Rc"})
    m = scripted(deal)
    run_auction(m, "2", None, None, None, None)
    m.apply(Action.call("2b"), 1)
    assert m.view(None).trump == "b"
    events = []
    for seat, card in [(1, "Ac"), (2, "3c"), (3, "5c"), (4, "4b"), (0, "Rc")]:
        events += m.apply(Action.play(card), seat)
    tricks = [e for e in events if e.kind == "trick"]
    assert len(tricks) == 1 and tricks[0].as_dict()["winner"] == 4
    assert m.to_move() == 4
    assert m.view(None).tricks_won == (0, 0, 0, 0, 1)


# ----- passed out -----
def test_all_pass_redeal_by_next_dealer_not_counted():
    first = build_deal({})
    second = build_deal({4: "Ad 3d Rd Cd Fd 7d 6d 5d"})  # seat 4 will take every trick
    seen = []

    def deals(i, dealer):
        seen.append((i, dealer))
        return copy.deepcopy([first, second][i])

    m = Chiamata(5, {"match": "single"}, seed=0, first_dealer=2, deals=deals)
    events = run_auction(m, None, None, None, None, None)  # seats 3, 4, 0, 1, 2
    assert not m.is_over() and m.result() is None
    assert len(m.rounds) == 2
    r0 = m.rounds[0]
    assert r0["dealer"] == 2
    assert r0["result"]["game_points"] == [0] * 5
    assert r0["result"]["card_points"] == [0] * 5
    assert r0["caller"] is None and r0["partner"] is None
    assert seen == [(0, 2), (1, 3)]
    assert any(e.kind == "round_over" for e in events)
    assert m.view(None).dealer == 3 and m.to_move() == 4
    assert m.view(0).game_points == (0, 0, 0, 0, 0) and m.view(0).rounds_played == 0
    # the real round: seat 4 bids A and calls Ad in its own hand, plays alone and takes everything
    run_auction(m, "A", None, None, None, None)
    m.apply(Action.call("Ad"), 4)
    play_round_randomly(m, random.Random(5))
    assert m.is_over() and len(m.rounds) == 2
    assert m.result() == {"game_points": [-1, -1, -1, -1, 4], "winners": [4]}


# ----- scoring on forced deals -----
TOP8 = "Ad 3d Rd Cd Fd 7d 6d 5d"
"""Eight trumps that beat the two others (4d, 2d): whoever holds them takes all eight tricks."""

FORCED = {
    # name: (options, fixed cards, bids, caller, call, partner, card points, game points)
    "won_with_partner": ({}, {1: TOP8, 3: "4d", 4: "2d"}, ["4", None, None, None, None], 1, "4d", 3,
                         [0, 120, 0, 0, 0], [-1, 2, -1, 1, -1]),
    "lost_with_partner": ({}, {2: TOP8, 4: "2d", 0: "4d"}, ["2", None, None, None, None], 1, "2d", 4,
                          [0, 0, 120, 0, 0], [1, -2, 1, 1, -1]),
    "won_alone": ({}, {1: TOP8}, ["A", None, None, None, None], 1, "Ad", None,
                  [0, 120, 0, 0, 0], [-1, 4, -1, -1, -1]),
    "lost_alone": ({}, {1: "2d", 2: TOP8}, ["2", None, None, None, None], 1, "2d", None,
                   [0, 0, 120, 0, 0], [1, -4, 1, 1, 1]),
    "points_120_exactly": ({"bidding": "points"}, {1: TOP8, 3: "4d"}, [120, None, None, None, None], 1,
                           "4d", 3, [0, 120, 0, 0, 0], [-1, 2, -1, 1, -1]),
    "two_target_120": ({}, {2: TOP8, 4: "2d"}, ["2", "2:120", None, None, None, None], 2, "2d", 4,
                       [0, 0, 120, 0, 0], [-1, -1, 2, -1, 1]),
    "partner_wins_everything": ({"bidding": "points"}, {0: TOP8, 2: "2d"}, [61, None, None, None, None], 1,
                                "Fd", 0, [120, 0, 0, 0, 0], [1, 2, -1, -1, -1]),
}


@pytest.mark.parametrize("name", sorted(FORCED))
@pytest.mark.parametrize("play_seed", [0, 1])
def test_forced_round_scoring(name, play_seed):
    options, fixed, bids, caller, called, partner, card_points, game_points = FORCED[name]
    m = scripted(build_deal(fixed), options)
    run_auction(m, *bids)
    assert m.to_move() == caller
    m.apply(Action.call(called), caller)
    events = play_round_randomly(m, random.Random(play_seed))
    assert m.is_over()
    rnd = m.rounds[0]
    result = rnd["result"]
    assert result["card_points"] == card_points
    assert result["game_points"] == game_points
    assert sum(result["game_points"]) == 0 and sum(result["card_points"]) == 120
    assert (rnd["caller"], rnd["partner"], rnd["success"]) == (caller, partner, game_points[caller] > 0)
    side = {caller, caller if partner is None else partner}
    won = game_points[caller] > 0
    assert m.result() == {"game_points": game_points, "winners": [s for s in SEATS if (s in side) == won]}
    reveals = [e for e in events if e.kind == "partner_revealed"]
    assert len(reveals) == 1
    assert reveals[0].as_dict()["seat"] == (caller if partner is None else partner)


def test_tie_at_the_top_is_shared():
    options, fixed, bids, caller, called, *_ = FORCED["lost_with_partner"]
    m = scripted(build_deal(fixed), options)
    run_auction(m, *bids)
    m.apply(Action.call(called), caller)
    play_round_randomly(m, random.Random(0))
    assert m.result()["winners"] == [0, 2, 3]


# ----- kitty -----
def test_kitty_flow_and_discards_counting_for_the_caller():
    # seat 1 keeps seven trumps above 5d/4d/2d and discards the kitty's 30 points (Ac 3c Rc Cc Fc)
    deal = build_deal({1: "Ad 3d Rd Cd Fd 7d 6d", 3: "5d"}, kitty="Ac 3c Rc Cc Fc", size=7)
    m = scripted(deal, {"kitty": "on", "bidding": "points"})
    assert all(len(m.view(s).hand) == 7 for s in SEATS)
    run_auction(m, 120, None, None, None, None)
    assert m.view(1).phase == "trump" and m.to_move() == 1
    with pytest.raises(IllegalAction):
        m.apply(Action.call("5d"), 1)  # trump first
    with pytest.raises(IllegalAction):
        m.apply(Action.discard(["Ac", "3c", "Rc", "Cc", "Fc"]), 1)
    with pytest.raises(IllegalAction, match="declare the trump suit"):
        m.apply(Action("trump"), 1)  # a trump declaration without a suit (it used to raise a TypeError)
    m.apply(Action.declare_trump("d"), 1)
    v = m.view(1)
    assert len(v.hand) == 12 and {"Ac", "3c", "Rc", "Cc", "Fc"} <= {str(c) for c in v.hand}
    assert {str(c) for c in v.kitty} == {"Ac", "3c", "Rc", "Cc", "Fc"}
    before = copy.deepcopy(m.record())
    for bad in (["Ac", "3c", "Rc", "Cc"], ["Ac", "3c", "Rc", "Cc", "Fc", "6d"], ["Ac", "3c", "Rc", "Cc", "5d"],
                ["Ac", "3c", "Rc", "Cc", "2s"]):
        with pytest.raises(IllegalAction):
            m.apply(Action.discard(bad), 1)
    with pytest.raises(IllegalAction):
        m.apply(Action.call("5d"), 1)  # discard first
    assert m.record() == before
    m.apply(Action.discard(["Ac", "3c", "Rc", "Cc", "Fc"]), 1)
    v = m.view(1)
    assert len(v.hand) == 7 and {str(c) for c in v.discards} == {"Ac", "3c", "Rc", "Cc", "Fc"}
    for bad in ("5c", "As", "2b"):  # not the declared trump
        with pytest.raises(IllegalAction):
            m.apply(Action.call(bad), 1)
    m.apply(Action.call("5d"), 1)
    assert m.view(3).i_am_partner
    play_round_randomly(m, random.Random(0))
    rnd = m.rounds[0]
    # tricks give the caller 90 points; only with the 30 discarded does the side reach its 120
    assert rnd["result"]["card_points"] == [0, 120, 0, 0, 0]
    assert (rnd["caller"], rnd["partner"], rnd["target"], rnd["success"]) == (1, 3, 120, True)
    assert rnd["result"]["game_points"] == [-1, 2, -1, 1, -1]


def test_kitty_called_card_in_the_discard_means_alone():
    deal = build_deal({1: "3d Rd Cd Fd 7d 6d 5d"}, kitty="Ad Ac 3c Rc Cc", size=7)
    m = scripted(deal, {"kitty": "on"})
    run_auction(m, "A", None, None, None, None)
    m.apply(Action.declare_trump("d"), 1)
    m.apply(Action.discard(["Ad", "Ac", "3c", "Rc", "Cc"]), 1)
    for bad in ("Ac", "As", "3d"):  # A of another suit; another rank
        with pytest.raises(IllegalAction):
            m.apply(Action.call(bad), 1)
    m.apply(Action.call("Ad"), 1)
    assert not any(m.view(s).i_am_partner for s in SEATS)
    events = play_round_randomly(m, random.Random(3))
    assert not any(e.kind == "partner_revealed" for e in events)
    rnd = m.rounds[0]
    assert (rnd["caller"], rnd["partner"], rnd["success"]) == (1, None, True)
    assert rnd["result"]["card_points"] == [0, 120, 0, 0, 0]
    assert rnd["result"]["game_points"] == [-1, 4, -1, -1, -1]


def test_kitty_called_card_taken_into_the_callers_hand_means_alone_and_discards_count():
    # seat 2 holds seven trumps above 5d/4d/2d and takes all seven tricks; seat 1 gets only its discards (21)
    deal = build_deal({1: "Ac 3c 4c 5c 6c 7c 2c", 2: "Ad 3d Rd Cd Fd 7d 6d"}, kitty="2d 4s 5s 6s 7s", size=7)
    m = scripted(deal, {"kitty": "on"})
    run_auction(m, "2", None, None, None, None)
    m.apply(Action.declare_trump("d"), 1)
    m.apply(Action.discard(["Ac", "3c", "4c", "5c", "6c"]), 1)
    with pytest.raises(IllegalAction):
        m.apply(Action.call("2c"), 1)
    m.apply(Action.call("2d"), 1)
    play_round_randomly(m, random.Random(4))
    rnd = m.rounds[0]
    assert (rnd["caller"], rnd["partner"], rnd["target"], rnd["success"]) == (1, None, 61, False)
    assert rnd["result"]["card_points"] == [0, 21, 99, 0, 0]
    assert rnd["result"]["game_points"] == [1, -4, 1, 1, 1]


# ----- the referee: random rounds re-scored from the rules -----
def check_round_against_the_rules(m: Chiamata, deal: dict, rng: random.Random) -> None:
    """Play the current round randomly, checking views as it goes, and compare its result with the rules."""
    index = len(m.rounds) - 1
    dealer = m.rounds[index]["dealer"]
    kitty_cards = set(deal["kitty"])
    log: list[tuple[int, Action]] = []
    caller = partner = called = None
    discards: set[str] = set()
    played: set[str] = set()
    revealed = False
    while not m.is_over() and len(m.rounds) - 1 == index:
        seat = m.to_move()
        legal = m.legal_actions()
        phase = m.view(None).phase
        if phase == "auction":
            bids = [a for a in legal if a.kind == "bid"]
            action = Action.pass_() if rng.random() < 0.55 or not bids else rng.choice(bids)
        else:
            action = rng.choice(legal)
        events = m.apply(action, seat)
        log.append((seat, action))
        if action.kind == "discard":
            discards = {str(c) for c in action.cards}
        if action.kind == "call":
            caller, called = seat, str(action.card)
            holders = [s for s in SEATS if s != seat and called in deal["hands"][s]]
            partner = holders[0] if holders else None
        if action.kind == "play":
            played.add(str(action.card))
            if str(action.card) == called:
                revealed = True
        if not revealed:
            assert not any(e.kind == "partner_revealed" or "partner" in e.as_dict() for e in events)
        if len(m.rounds) - 1 != index:
            break
        # views during the round
        hidden = (kitty_cards | discards) - played - {called}
        for s in [*SEATS, None]:
            v = m.view(s)
            shown = v.partner
            if revealed:
                assert shown == (caller if partner is None else partner)
            else:
                assert shown is None
            assert v.i_am_partner == (called is not None and s is not None and s == partner)
            if s is None or s != v.caller:
                assert v.kitty == () and v.discards == ()
                assert not (cards_in(v) & hidden), (s, cards_in(v) & hidden)
    # the rules' verdict
    bids = [(s, a.bid) for s, a in log if a.kind == "bid"]
    result = m.rounds[index]["result"]
    if not bids:
        assert result["game_points"] == [0] * 5 and result["card_points"] == [0] * 5
        assert m.rounds[index]["caller"] is None
        return
    bidder, last = bids[-1]
    assert bidder == caller
    target = last if isinstance(last, int) else int(last[2:]) if str(last).startswith("2:") else 61
    plays = [(s, str(a.card)) for s, a in log if a.kind == "play"]
    assert len(plays) == (35 if kitty_cards else 40)
    captured = [0] * 5
    leader = (dealer + 1) % 5
    for t in range(0, len(plays), 5):
        trick = plays[t:t + 5]
        assert [s for s, _ in trick] == [(leader + i) % 5 for i in range(5)]
        leader = trick_winner(trick, called[1])
        captured[leader] += sum(points(c) for _, c in trick)
    card_points = captured[:]
    card_points[caller] += sum(points(c) for c in discards)
    side = card_points[caller] + (card_points[partner] if partner is not None else 0)
    success = side >= target
    assert result["card_points"] == card_points
    assert sum(card_points) == 120
    rnd = m.rounds[index]
    assert (rnd["caller"], rnd["partner"], rnd["target"], rnd["success"]) == (caller, partner, target, success)
    assert result["game_points"] == expected_game_points(caller, partner, success)


@given(seed=st.integers(0, 2**31), bidding=st.sampled_from(["rank", "points"]),
       kitty=st.sampled_from(["off", "on"]), dealer=st.integers(0, 4))
def test_random_rounds_follow_the_rules(seed, bidding, kitty, dealer):
    rng = random.Random(seed)
    deals: list[dict] = []

    def deal_source(_i, _dealer):
        deals.append(random_deal(rng, kitty == "on"))
        return copy.deepcopy(deals[-1])

    m = Chiamata(5, {"bidding": bidding, "kitty": kitty}, seed=seed, first_dealer=dealer, deals=deal_source)
    while not m.is_over():
        assert m.rounds[-1]["dealer"] == (dealer + len(m.rounds) - 1) % 5
        check_round_against_the_rules(m, deals[len(m.rounds) - 1], rng)
    counted = [r for r in m.rounds if r["caller"] is not None]
    assert len(counted) == 1 and m.rounds[-1] is counted[0]
    assert m.result()["game_points"] == m.rounds[-1]["result"]["game_points"]


# ----- partner secrecy -----
def comparable(view):
    return dataclasses.asdict(view)


def test_partner_is_secret_until_the_called_card_is_played():
    deal_a = build_deal({2: "Ad", 3: "4c"})
    deal_b = copy.deepcopy(deal_a)
    deal_b["hands"][2][deal_b["hands"][2].index("Ad")] = "4c"
    deal_b["hands"][3][deal_b["hands"][3].index("4c")] = "Ad"
    a, b = scripted(deal_a), scripted(deal_b)
    watchers = [0, 1, 4, None]  # the third seats, the caller, the public

    def both(action):
        seat = a.to_move()
        assert b.to_move() == seat
        ea, eb = a.apply(action, seat), b.apply(action, seat)
        assert ea == eb
        assert not any(e.kind == "partner_revealed" for e in ea)
        for s in watchers:
            assert comparable(a.view(s)) == comparable(b.view(s)), s
        for m in (a, b):
            assert all(m.view(s).partner is None for s in [*SEATS, None])

    for value in ("A", None, None, None, None):
        both(bid(value))
    both(Action.call("Ad"))
    assert [a.view(s).i_am_partner for s in SEATS] == [False, False, True, False, False]
    assert [b.view(s).i_am_partner for s in SEATS] == [False, False, False, True, False]
    assert a.view(None).i_am_partner is False and b.view(None).i_am_partner is False

    special = {"Ad", "4c"}
    plain = {s: [c for c in deal_a["hands"][s] if c not in special] for s in SEATS}
    # play ordinary cards until seat 2 must act after the first trick
    while not (a.to_move() == 2 and a.view(None).tricks_won != (0, 0, 0, 0, 0)):
        seat = a.to_move()
        both(Action.play(plain[seat].pop(0)))
    events = a.apply(Action.play("Ad"), 2)
    reveals = [e for e in events if e.kind == "partner_revealed"]
    assert len(reveals) == 1 and reveals[0].as_dict()["seat"] == 2 and reveals[0].as_dict()["alone"] is False
    assert all(a.view(s).partner == 2 for s in [*SEATS, None])
    assert a.view(1).i_am_partner is False and a.view(2).i_am_partner is True


def test_alone_caller_is_shown_as_partner_once_the_called_card_is_played():
    m = scripted(build_deal({1: TOP8}))
    run_auction(m, "A", None, None, None, None)
    m.apply(Action.call("Ad"), 1)
    assert all(m.view(s).partner is None and not m.view(s).i_am_partner for s in [*SEATS, None])
    events = m.apply(Action.play("Ad"), 1)
    reveals = [e for e in events if e.kind == "partner_revealed"]
    assert len(reveals) == 1 and reveals[0].as_dict()["seat"] == 1 and reveals[0].as_dict()["alone"] is True
    assert all(m.view(s).partner == 1 for s in [*SEATS, None])


def test_kitty_and_discards_stay_hidden_from_other_seats():
    kitty = "Ac 3c Rc Cc Fc"
    deal = build_deal({1: "Ad 3d Rd Cd Fd 7d 6d", 3: "5d"}, kitty=kitty, size=7)
    m = scripted(deal, {"kitty": "on", "bidding": "points"})
    secret = set(kitty.split())

    def check(caller_sees_kitty):
        for s in [0, 2, 3, 4, None]:
            v = m.view(s)
            assert v.kitty == () and v.discards == ()
            assert not (cards_in(v) & secret), s
        v = m.view(1)
        assert bool(v.kitty) == caller_sees_kitty

    check(False)
    run_auction(m, 61, None, None, None, None)
    check(False)
    m.apply(Action.declare_trump("d"), 1)
    check(True)
    m.apply(Action.discard(kitty.split()), 1)
    check(True)
    assert {str(c) for c in m.view(1).discards} == secret
    m.apply(Action.call("5d"), 1)
    rng = random.Random(0)
    while m.view(None).phase == "play" and not m.is_over():
        m.apply(rng.choice(m.legal_actions()), m.to_move())
        if m.view(None).phase == "play":
            check(True)


# ----- matches -----
@pytest.mark.parametrize("length, rounds", [("short", 5), ("long", 10)])
def test_match_length_dealer_rotation_and_winners(length, rounds):
    rng = random.Random(rounds)
    m = Chiamata(5, {"match": length}, seed=11, first_dealer=3)
    n_rounds = 0
    while not m.is_over():
        n_rounds += 1
        if n_rounds == 2:  # the second deal is passed out: it must not count
            run_auction(m, None, None, None, None, None)
            continue
        # a quick auction so that each deal is played
        run_auction(m, "A", None, None, None, None)
        m.apply(rng.choice(m.legal_actions()), m.to_move())
        play_round_randomly(m, rng)
    assert len(m.rounds) == rounds + 1
    assert [r["dealer"] for r in m.rounds] == [(3 + i) % 5 for i in range(rounds + 1)]
    assert m.rounds[1]["result"]["game_points"] == [0] * 5
    totals = [sum(r["result"]["game_points"][s] for r in m.rounds) for s in SEATS]
    top = max(totals)
    assert m.result() == {"game_points": totals, "winners": [s for s in SEATS if totals[s] == top]}
    with pytest.raises(IllegalAction):
        m.apply(Action.pass_())


def test_match_not_over_before_its_last_round():
    rng = random.Random(1)
    m = Chiamata(5, {"match": "short"}, seed=4)
    for _ in range(4):
        run_auction(m, "A", None, None, None, None)
        m.apply(rng.choice(m.legal_actions()), m.to_move())
        play_round_randomly(m, rng)
        assert not m.is_over() and m.result() is None
    assert m.view(0).rounds_played == 4


# ----- options -----
@pytest.mark.parametrize("name, value, allowed", [
    ("bidding", "foo", ["rank", "points"]),
    ("kitty", "maybe", ["off", "on"]),
    ("match", "medium", ["single", "short", "long"]),
])
def test_bad_option_values(name, value, allowed):
    with pytest.raises(OptionError) as err:
        Chiamata(5, {name: value})
    text = str(err.value)
    assert name in text and value in text
    assert all(a in text for a in allowed)


def test_unknown_option():
    with pytest.raises(OptionError) as err:
        Chiamata(5, {"trump_exchange": "on"})
    text = str(err.value)
    assert "trump_exchange" in text
    assert all(o in text for o in ("bidding", "kitty", "match"))


def test_defaults_and_player_count():
    options = Chiamata(5).options
    assert (options["bidding"], options["kitty"], options["match"]) == ("rank", "off", "single")
    for players in (2, 3, 4, 6):
        with pytest.raises(RulesError):
            Chiamata(players)
    assert all(len(Chiamata(5, seed=s).view(i).hand) == 8 for s in range(3) for i in SEATS)


# ----- illegal actions leave the state unchanged -----
def assert_rejected(m: Chiamata, action: Action, seat: int | None) -> None:
    before = copy.deepcopy(m.record())
    views = [comparable(m.view(s)) for s in [*SEATS, None]]
    with pytest.raises(IllegalAction):
        m.apply(action, seat)
    assert m.record() == before
    assert [comparable(m.view(s)) for s in [*SEATS, None]] == views


def test_illegal_actions_leave_the_state_unchanged():
    m = scripted(build_deal({1: "Ac 3c", 2: "Ad"}))
    # auction
    assert_rejected(m, Action.make_bid("A"), 2)          # wrong seat
    assert_rejected(m, Action.play("Ac"), 1)             # a play during the auction
    assert_rejected(m, Action.call("Ad"), 1)             # a call during the auction
    assert_rejected(m, Action.declare_trump("d"), 1)     # no kitty
    run_auction(m, "A", None, None, None, None)
    # call phase
    assert_rejected(m, Action.play("Ac"), 1)
    assert_rejected(m, Action.make_bid("3"), 1)
    assert_rejected(m, Action.call("Ad"), 2)
    m.apply(Action.call("Ad"), 1)
    # play
    assert_rejected(m, Action.make_bid("3"), 1)          # a bid during play
    assert_rejected(m, Action.pass_(), 1)
    assert_rejected(m, Action.play("Ad"), 1)             # not in seat 1's hand
    assert_rejected(m, Action.play("Ad"), 2)             # wrong seat
    assert_rejected(m, Action.play("Ac"), 2)             # wrong seat, and not seat 2's card
    assert_rejected(m, Action.call("Ad"), 1)
    m.apply(Action.play("Ac"), 1)
    assert_rejected(m, Action.play("3c"), 2)             # seat 1's card, seat 2 to play
    assert m.to_move() == 2


def test_a_single_round_is_won_by_the_caller_and_the_partner_together():
    """RULES.md: a single-round game is won by the round's winning side, not by the highest total."""
    m = new_game("chiamata", 5, {}, 15)
    rng = random.Random(15)
    while not m.is_over():
        m.apply(rng.choice(m.legal_actions()), m.to_move())
    rnd = m.rounds[-1]
    assert rnd["success"] and rnd["partner"] not in (None, rnd["caller"])
    assert m.result()["winners"] == sorted([rnd["caller"], rnd["partner"]])
