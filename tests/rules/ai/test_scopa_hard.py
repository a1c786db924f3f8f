"""Scopa's and Scopone's ``hard`` (``rules.ai.scopa.search``): its fast position plays and scores as the engine
does, every choice is legal and the same for the same seed, it takes what is obviously worth taking, and near the
end of the round it plays the exact best move where greedy does not (checked by a minimax through the engine
itself, independent of the search)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from unittest import mock

import pytest

import rules.ai.fishing as fishing
import rules.ai.scopa
import rules.ai.scopone  # noqa: F401  (registers Scopone's AI)
from rules.ai import choose
from rules.ai.scopa import choose_greedy
from rules.ai.scopa import search as S
from rules.ai.scopa.tuning import SCOPA
from rules.cards import Card
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.view import ScopaView

CASES = [(SCOPA_SPEC, 2, {}), (SCOPA_SPEC, 3, {}), (SCOPA_SPEC, 4, {"napola": "on"}), (SCOPONE_SPEC, 4, {}),
         (SCOPONE_SPEC, 4, {"deal": "tradizionale"})]


@contextmanager
def no_clock() -> Iterator[None]:
    """Stop the clock the search reads: only its planned work (fixed by ``time_ms``) bounds it."""
    with mock.patch.object(fishing.time, "perf_counter", lambda: 0.0):
        yield


def position_of(r: ScopaRound) -> S.Position:
    """The search's position of an engine round (every card known)."""
    last = -1 if r._last_capturer is None else r._last_capturer
    return S.Position(r.n, [list(h) for h in r.hands], list(r.stock), list(r.table), S.stats_of(r.piles, r.scope),
                      last, -1 if r.to_move() is None else r.to_move())


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].name}-{c[1]}-{c[2]}")
def test_the_search_position_plays_and_scores_as_the_engine(case) -> None:
    game, players, options = case
    napola = options.get("napola") == "on"
    for seed in range(6):
        match = game.new_match(players, {**options, "match": "single"}, seed)
        r = match.round
        assert isinstance(r, ScopaRound)
        p = position_of(r)
        rng = random.Random(seed)
        offers: S.Offers = {}
        while not r.is_over():
            move = S.rollout_move(p, offers) if rng.random() < 0.5 else rng.choice(r.legal_fast())
            assert move in r.legal_fast()
            assert sorted(S.moves_of(p, offers)) == sorted(r.legal_fast())
            r.apply_unchecked(move)
            S.play(p, *move)
            want = position_of(r)
            assert (p.hands, p.stock, p.table, p.stats, p.last, p.to_move) == \
                (want.hands, want.stock, want.table, want.stats, want.last, want.to_move)
        assert S.round_points(p.stats, napola) == list(r.result(napola).score)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0].name}-{c[1]}-{c[2]}")
def test_hard_is_legal_and_the_same_for_the_same_seed(case) -> None:
    game, players, options = case
    match = game.new_match(players, {**options, "match": "single"}, 7)
    rng = random.Random(7)
    with no_clock():
        while not match.is_over():
            view = match.view(match.to_move())
            a = choose("hard", view, random.Random(rng.randrange(1000)), 5)
            assert a in view.legal
            if len(view.legal) > 1 and len(match.round.history) % 5 == 0:
                seed = rng.randrange(1000)
                assert choose("hard", view, random.Random(seed), 5) == choose("hard", view, random.Random(seed), 5)
            match.apply(a)


def view_of(hands: list[str], table: str, stock: str) -> ScopaView:
    match = SCOPA_SPEC.new_match(len(hands), {"match": "single"}, 1)
    match.round = ScopaRound.position(hands, table, to_move=0, stock=stock)
    view = match.view(0)
    assert isinstance(view, ScopaView)
    return view


def hard(view: ScopaView, time_ms: int = 50) -> str:
    with no_clock():
        a = choose("hard", view, random.Random(3), time_ms)
    assert a in view.legal
    take = " ".join(str(t) for t in a.take or ())
    return f"{a.card} take {take}" if take else str(a.card)


STOCK = "Ac 2c 3c 4c Ab 2b 3b 4b As 2s 3s 4s"


def test_hard_takes_the_settebello_and_the_scopa() -> None:
    # the 7c takes the settebello rather than the 7s; the Rb is placed by neither
    assert hard(view_of(["7c Rb", "Cc Cs"], "7s 7d", STOCK)) == "7c take 7d"
    # a sweep of 2d + 3s with the 5b, rather than the F taking the F
    assert hard(view_of(["5b Fs", "Cc Cs"], "2d 3s Fc", STOCK)) != "Fs take Fc"
    assert hard(view_of(["5b Rs", "Cc Cs"], "2d 3s", STOCK)) == "5b take 2d 3s"


def exact(r: ScopaRound, side: int) -> int:
    """The round's point difference for ``side`` when both seats play perfectly (minimax through the engine)."""
    if r.is_over():
        s = r.result(False).score
        return s[side] - s[1 - side]
    values = []
    for m in r.legal_fast():
        child = r.clone()
        child.apply_unchecked(m)
        values.append(exact(child, side))
    return max(values) if r.to_move() == side else min(values)


def test_hard_plays_the_exact_endgame_where_greedy_does_not() -> None:
    # seed 43, both seats greedy to the 32nd play: the stock is empty, seat 1 holds 3d Rd Cc, the table Cb 4s
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 43)
    while len(match.round.history) < 31:
        match.apply(choose_greedy(match.view(match.to_move())))
    seat = match.to_move()
    view = match.view(seat)
    assert view.stock_size == 0 and sum(view.hand_sizes) <= SCOPA.exact_cards[0]
    values = {}
    for a in view.legal:
        r = match.round.clone()
        r.apply_unchecked((a.card, a.take))
        values[a] = exact(r, seat)
    best = max(values.values())
    greedy = choose_greedy(view)
    assert values[greedy] < best, "greedy misses the best play here (Cc takes Cb)"
    for seed in range(3):
        assert values[choose("hard", view, random.Random(seed), 200)] == best


def test_hard_solves_a_known_deal_in_one_sample() -> None:
    # 2 players, stock empty: the unseen cards are the other hand, one deal is solved exactly
    view = view_of(["7d Rs", "4c Ab"], "4s", "")
    calls = []
    real = S.sample_position

    def counted(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    with mock.patch.object(S, "sample_position", counted), no_clock():
        S.choose_hard(view, random.Random(0), 200)
    assert len(calls) == 1


def test_the_rollout_policy_keeps_off_a_sweepable_table() -> None:
    # placing the 2c leaves 6d + 2c = 8 for an F to sweep; the Rs leaves 16, which no card sweeps
    p = S.Position(2, [[Card.parse("2c"), Card.parse("Rs")], [Card.parse("Fb"), Card.parse("Fs")]],
                   [Card.parse(c) for c in ("Fc", "Fd", "Ac", "Ab")], [Card.parse("6d")], S.new_stats(2), -1, 0)
    assert S.rollout_move(p, {}) == (Card.parse("Rs"), ())


def test_a_seat_that_placed_is_unlikely_to_hold_a_card_that_could_have_captured() -> None:
    # seat 1 placed 2s while the table held 3d and Rb: it is unlikely to hold a 3 or an R, and 4s say nothing
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 1)
    match.round = ScopaRound.position(["Rb 5c 6c", "Rs 2s Fs"], "3d", to_move=0, stock=STOCK)
    for play in ("Rb", "2s"):
        view = match.view(match.to_move())
        match.apply(next(a for a in view.legal if str(a.card) == play))
    view = match.view(0)
    unseen = rules.ai.scopa.unseen_cards(view)
    passed = S.passed_captures(view, unseen)
    assert {"3c", "3s", "3b", "Rd", "Rc"} <= {str(c) for c in passed[1]}
    assert not {str(c) for c in passed[1]} & {"4c", "4s", "Ac", "Fb"}
    assert not passed[0], "the seat's own placings tell it nothing"
    # sampled hands follow it: the 3s and Rs are rarer in seat 1's hand than the other cards
    rng = random.Random(0)
    held = {"passed": 0, "other": 0}
    for _ in range(400):
        p = S.sample_position(view, unseen, rng, passed, 0.15)
        for c in p.hands[1]:
            held["passed" if c in passed[1] else "other"] += 1
    share = len(passed[1]) / len(unseen)
    assert held["passed"] / (held["passed"] + held["other"]) < 0.5 * share
