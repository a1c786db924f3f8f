"""Scopa's and Scopone's AI levels (``rules.ai.scopa``, ``rules.ai.scopone``): every choice is legal, ``greedy``
follows its written rule (docs/AI.md), ``medium`` avoids leaving a table the next player can sweep and guards the
settebello, ``hard`` plays, and no choice depends on what the seat cannot see (``hard``'s own tests are in
``test_scopa_hard.py``).

The games are not in the registry of games yet: the AI packages are imported directly (their import registers
their ``GameAI``), and positions are set on a match made from the specs."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules.ai.fishing as fishing
import rules.ai.scopa
import rules.ai.scopone  # noqa: F401  (registers Scopone's AI)
from rules.actions import Action, RulesError
from rules.ai import choose
from rules.ai.registry import game_ai
from rules.cards import Card
from rules.engine import Match
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.view import ScopaView

CASES = [(SCOPA_SPEC, 2, {}), (SCOPA_SPEC, 3, {}), (SCOPA_SPEC, 4, {}), (SCOPONE_SPEC, 4, {}),
         (SCOPONE_SPEC, 4, {"deal": "tradizionale"})]
LEVELS = ("greedy", "medium")


def view_of(hands: list[str], table: str, stock: str = "", piles: list[str] | None = None) -> ScopaView:
    """The view of seat 0, to move, in a hand-made Scopa position."""
    match = SCOPA_SPEC.new_match(len(hands), {"match": "single"}, 1)
    match.round = ScopaRound.position(hands, table, to_move=0, stock=stock, piles=piles)
    view = match.view(0)
    assert isinstance(view, ScopaView)
    return view


def pick(level: str, view: ScopaView) -> str:
    """A level's choice as ``card`` or ``card take t1 t2``."""
    a = choose(level, view, random.Random(0), 50)
    assert a in view.legal
    assert a.card is not None
    take = " ".join(str(t) for t in a.take or ())
    return f"{a.card} take {take}" if take else str(a.card)


# a stock long enough that the next player surely plays again
STOCK = "Ac 2c 3c 4c Ab 2b 3b 4b"
OPP = "Cc Cs Cd"
"""The next player's hand: three cards, as most of the round."""


def test_both_games_register_their_ai() -> None:
    assert game_ai("scopa").game == "scopa"
    assert game_ai("scopone").game == "scopone"
    view = view_of(["Ac 2c", "3c 4c"], "5b")
    for game in ("scopa", "scopone"):
        assert game_ai(game).choose("hard", view, random.Random(0), 5) in view.legal
    with pytest.raises(RulesError, match="no level 'expert'"):
        game_ai("scopa").choose("expert", view, random.Random(0), 50)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), steps=st.integers(0, 60))
def test_every_choice_is_legal(case: tuple[object, int, dict[str, str]], seed: int, steps: int) -> None:
    game, players, options = case
    assert game in (SCOPA_SPEC, SCOPONE_SPEC)
    match = game.new_match(players, {**options, "match": "single"}, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over():
            break
        seat = match.to_move()
        view = match.view(seat)
        for level in LEVELS:
            assert choose(level, view, rng, 50) in view.legal
        match.apply(choose(rng.choice(("random", *LEVELS)), view, rng, 50))


# ----- greedy: the written rule -----
def test_greedy_takes_the_capture_of_most_value() -> None:
    # 5b sweeps 2c + 3s (a scopa: 1 + 1 + 1 + 10) rather than 2s taking 2c (1 + 1)
    assert pick("greedy", view_of(["5b 2s", OPP], "2c 3s", STOCK)) == "5b take 2c 3s"
    # the settebello (1 + 1 + 10 + 3) rather than the 7s (1 + 3)
    assert pick("greedy", view_of(["7c", OPP], "7s 7d", STOCK)) == "7c take 7d"
    # a Denaro (1 + 1) rather than a Spade (1)
    assert pick("greedy", view_of(["4b", OPP], "4s 4d", STOCK)) == "4b take 4d"
    # equal values: the first in view.legal (the lower table card id)
    assert pick("greedy", view_of(["4b", OPP], "4s 4c", STOCK)) == "4b take 4c"
    # a capture rather than any placing, even of a card worth less
    assert pick("greedy", view_of(["Rc Fs", OPP], "Fc", STOCK)) == "Fs take Fc"


def test_greedy_counts_no_scopa_on_the_round_last_card() -> None:
    # the round's last card holds one card, so its choice is among that card's takes; its value counts no scopa
    five, two, three = Card.parse("5b"), Card.parse("2c"), Card.parse("3s")
    assert rules.ai.scopa.greedy_value(five, (two, three), 2, False) == 13
    assert rules.ai.scopa.greedy_value(five, (two, three), 2, True) == 3
    last = view_of(["5b", "", ""], "2c 3s")
    assert last.stock_size == 0 and sum(last.hand_sizes) == 1
    assert pick("greedy", last) == "5b take 2c 3s"


def test_greedy_places_the_card_of_least_weight() -> None:
    # no capture: the R (weight 1) rather than the 7 (weight 4)
    assert pick("greedy", view_of(["7s Rc", OPP], "6d", STOCK)) == "Rc"
    # equal weights: the lower capture value
    assert pick("greedy", view_of(["5s 2c", OPP], "6d", STOCK)) == "2c"


# ----- medium -----
def test_medium_avoids_leaving_a_sweepable_table() -> None:
    # 2c would leave 6d + 2c for any F to sweep; 5s leaves 11, which no card sweeps (greedy places 2c)
    view = view_of(["5s 2c", OPP], "6d", STOCK)
    assert pick("greedy", view) == "2c"
    assert pick("medium", view) == "5s"
    # a capture that sweeps nothing but leaves a lone card, or one that leaves two cards adding up to 11
    view = view_of(["3c 6s", OPP], "3b 5c 6b", STOCK)
    assert pick("medium", view) in ("3c take 3b", "6s take 6b")
    assert pick("medium", view) == "3c take 3b", "6s take 6b leaves 3b + 5c for any F to sweep"


def test_medium_sets_up_its_own_next_capture() -> None:
    # placing Ab leaves 5d + Ab for its own 6s to take next; placing 6s would leave its Ab nothing to take
    view = view_of(["6s Ab", OPP], "Fc 5d", STOCK)
    assert pick("medium", view) == "Ab"
    old = rules.ai.scopa.levels.OWN_SHARE
    try:
        rules.ai.scopa.levels.OWN_SHARE = 0.0
        assert pick("medium", view) == "6s", "without the own term the choice differs: the term decides it"
    finally:
        rules.ai.scopa.levels.OWN_SHARE = old


def test_medium_guards_the_settebello() -> None:
    # it keeps the settebello in hand rather than placing it for any 7 to take
    assert pick("medium", view_of(["7d 5c", OPP], "2s Rc", STOCK)) == "5c"
    # it takes the settebello when it can
    assert pick("medium", view_of(["7c", OPP], "7s 7d", STOCK)) == "7c take 7d"
    # and a seven, for primiera, rather than a card of no primiera worth (greedy too: its weight is 4, not 1)
    assert pick("medium", view_of(["7s 5c", OPP], "Ab Rc", STOCK)) == "5c"


# ----- privacy -----
def hidden_shuffled(match: Match, actions: list[Action], seat: int, rng: random.Random) -> ScopaRound:
    """The round of ``match`` dealt again with what ``seat`` cannot see (the other hands' unplayed cards and the
    stock) shuffled among themselves, and ``actions`` played on it again."""
    rnd = match.round
    assert isinstance(rnd, ScopaRound)
    deal = rnd.deal_json()
    played = {str(a.card) for a in actions}
    pool = [c for s, h in enumerate(deal["hands"]) if s != seat for c in h if c not in played] + deal["stock"]
    rng.shuffle(pool)
    hands = []
    for s, h in enumerate(deal["hands"]):
        if s == seat:
            hands.append(h)
            continue
        keep = [c for c in h if c in played]
        hands.append(keep + [pool.pop() for _ in range(len(h) - len(keep))])
    again = ScopaRound(rnd.game, rnd.n, rnd.kind, rnd.dealer, {"hands": hands, "table": deal["table"],
                                                                 "stock": pool})
    for a in actions:
        again.check(a)
        again.apply_checked(a)
    return again


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(case=st.sampled_from(CASES), seed=st.integers(0, 10**6), steps=st.integers(0, 11), shuffle=st.integers(0, 99))
def test_choices_depend_only_on_the_view(case: tuple[object, int, dict[str, str]], seed: int, steps: int,
                                         shuffle: int) -> None:
    game, players, options = case
    assert game in (SCOPA_SPEC, SCOPONE_SPEC)
    match = game.new_match(players, {**options, "match": "single"}, seed)
    rng = random.Random(seed)
    actions: list[Action] = []
    for _ in range(min(steps, 3 * players - 1)):  # within the first hands: no deal from the stock yet
        view = match.view(match.to_move())
        a = choose("random", view, rng, 50)
        match.apply(a)
        actions.append(a)
    seat = match.to_move()
    assert seat is not None
    view = match.view(seat)
    other = game.new_match(players, {**options, "match": "single"}, seed)
    other.round = hidden_shuffled(match, actions, seat, random.Random(shuffle))
    same = other.view(seat)
    assert same == view, "the hidden part changed, the seat's view is the same"
    for level in LEVELS:
        assert choose(level, same, random.Random(1), 50) == choose(level, view, random.Random(1), 50)
    with mock.patch.object(fishing.time, "perf_counter", lambda: 0.0):  # only the planned work bounds the search
        assert choose("hard", same, random.Random(1), 10) == choose("hard", view, random.Random(1), 10)


def test_the_hidden_part_really_changes() -> None:
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 3)
    again = hidden_shuffled(match, [], 1, random.Random(5))
    assert again.hands[0] != match.round.hands[0] or again.stock != match.round.stock
    assert again.hands[1] == match.round.hands[1]
    assert [str(c) for c in again.hands[1]] == [str(Card(c)) for c in match.round.hands[1]]
