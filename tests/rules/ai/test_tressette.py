"""Tressette's AI levels (``rules.ai.tressette``): every choice is legal, ``greedy`` follows its written rule
(docs/AI.md, "Tressette"), ``medium`` keeps the guard of its ace, leads its long suit, reads a void and its
partner's signals and gives true signals, ``hard`` samples only what the view allows and is exact in a small
ending, and no choice depends on what the seat cannot see.

The game is not in the registry of games yet: the AI package is imported directly (its import registers its
``GameAI``), and positions are set on a match made from the spec."""

from __future__ import annotations

import random

import pytest

import rules.ai.tressette  # noqa: F401  (registers Tressette's AI)
from rules.actions import Action, RulesError
from rules.ai import choose
from rules.ai.registry import game_ai
from rules.ai.tressette import search
from rules.ai.tressette.levels import Knowledge, lead_signal, medium_scores, played_cards
from rules.ai.tressette.search import hard_values, sample
from rules.ai.tressette.tuning import TressetteTuning
from rules.cards import Card
from rules.games.tressette.engine import SPEC
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.view import TressetteView
from tests.rules.ai.test_tressette_signals import signal_is_true

LEVELS = ("greedy", "medium")


def view_of(hands: list[str], trick: str = "", leader: int = 0, stock: str = "",
            history: list[tuple[int, str, int]] | None = None, signals: str = "on") -> TressetteView:
    """The view of the seat to move in a hand-made position: ``history`` holds completed tricks as (leader,
    cards in play order, winner), and ``trick`` the cards already played to this one from ``leader``."""
    players = len(hands)
    options = {"match": "single", **({"signals": signals} if players == 4 else {})}
    match = SPEC.new_match(players, options, 1)
    rnd = TressetteRound.position(hands, leader=leader, stock=stock, trick=trick, options=match.options)
    for lead, cards, winner in history or []:
        rnd.history.append((lead, tuple(Card.parse(c) for c in cards.split()), winner))
    match.round = rnd
    seat = match.to_move()
    view = match.view(seat)
    assert isinstance(view, TressetteView)
    return view


def pick(level: str, view: TressetteView) -> Action:
    """A level's choice, checked to be legal."""
    action = choose(level, view, random.Random(0), 50)
    assert action in view.legal
    return action


def card_of(level: str, view: TressetteView) -> str:
    """A level's card as text."""
    return str(pick(level, view).card)


def test_the_package_registers_its_ai_and_refuses_a_level_it_has_not() -> None:
    assert game_ai("tressette").game == "tressette"
    view = view_of(["Ad 4c", "5d 6c"])
    with pytest.raises(RulesError, match="no level"):
        game_ai("tressette").choose("expert", view, random.Random(0), 50)


@pytest.mark.parametrize("players", [2, 4])
def test_every_choice_is_legal_through_whole_games(players: int) -> None:
    for seed in range(6):
        options = {"match": "single", "accusi": "on"}
        match = SPEC.new_match(players, options, seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_move()
            assert seat is not None
            view = match.view(seat)
            picks = [choose(level, view, rng, 50) for level in LEVELS]
            assert all(a in view.legal for a in picks)
            match.apply(picks[(seed + len(match.rounds[-1]["actions"])) % 2], seat)


# ----- greedy: the written rule -----
def test_greedy_leads_the_master_worth_most_else_its_least_card() -> None:
    # 3c and Ac are masters once 3c is in the own hand and 2c played; Ac is worth 3 thirds, 3c one
    view = view_of(["3c Ac 4d 7b", "5d 6d 4s 5s"], history=[(1, "2c Rc", 1)])
    assert card_of("greedy", view) == "Ac"
    no_master = view_of(["Ad 7d 4b Fs", "5d 6d 4s 5s"])  # 3d, 2d, 3b... are out: nothing is a master
    assert card_of("greedy", no_master) == "4b", "fewest thirds, then the weakest: the 4"
    assert pick("greedy", view_of(["3c 4d", "5d 6d", "7s 6s", "5b 4s"])).signal is None, "greedy never signals"


def test_greedy_takes_with_the_weakest_card_that_wins_else_sheds_its_least() -> None:
    view = view_of(["", "Ac 3c Fc 7b"], trick="6c")
    assert card_of("greedy", view) == "Fc", "the weakest Coppe that beats the 6c"
    cannot = view_of(["", "4c Ad 5b"], trick="Rc")
    assert card_of("greedy", cannot) == "4c", "it must follow Coppe and cannot take: its only Coppe"
    void = view_of(["", "Ad Fs 5b 4s"], trick="Rc")
    assert card_of("greedy", void) == "4s", "no Coppe: the card of fewest thirds, then the weakest (4s before 5b)"


def test_greedy_loads_a_partners_sure_trick_and_sheds_on_an_unsure_one() -> None:
    # seat 0 led 3c (a master); seat 1 followed; seat 2 (the partner) loads its ace
    sure = view_of(["", "", "Ad 4d 5d", ""], trick="3c 4c")
    assert card_of("greedy", sure) == "Ad"
    # the partner's Rc can still be beaten by seat 3 (3c, 2c, Ac are out): seat 2 sheds, unless it plays last
    unsure = view_of(["", "", "Ad 4d 5d", ""], trick="Rc 4c")
    assert card_of("greedy", unsure) == "4d"
    last = view_of(["", "", "", "Ad 4d 5d"], trick="4c Rc 5c", leader=0)
    assert card_of("greedy", last) == "Ad", "seat 3's partner (seat 1) takes the trick so far and seat 3 is last"


# ----- medium -----
def test_medium_keeps_the_guard_of_its_ace() -> None:
    # Bastoni led; seat 1 has none; it keeps 4d under its Ad (3d and 2d are out) and sheds a Spade
    view = view_of(["7c 6c 5c", "Ad 4d 5s 6s"], trick="Rb")
    assert card_of("greedy", view) == "4d", "greedy sheds the weakest card, the lowest id first"
    assert card_of("medium", view) == "5s"
    guarded = {str(Card(c)): score for score, c in medium_scores(view)}
    assert guarded["4d"] < guarded["5s"]
    bare = view_of(["7c 6c 5c", "Ad 4d 5s 6s"], trick="Rb", history=[(0, "3d 5d", 0), (0, "2d 6d", 0)])
    scores = {str(Card(c)): score for score, c in medium_scores(bare)}
    assert scores["4d"] == scores["5s"], "with 3d and 2d played the ace needs no guard: 4d costs nothing more"
    assert card_of("medium", bare) == "4d"


def test_medium_leads_its_long_suit() -> None:
    view = view_of(["4s 5s 6s 7s 5d", "Ac Fc Cc Rc 3b"])
    assert card_of("medium", view)[1] == "s"


def test_medium_reads_a_void_the_opponent_showed() -> None:
    hands = ["4c 4b", "Fs Cs Rs 7s"]
    followed = view_of(hands, history=[(0, "6b 5b", 0)])
    void = view_of(hands, history=[(0, "6b 5s", 0)])  # seat 1 did not follow Bastoni: it has none
    assert void.voids()[1] == frozenset("b") and followed.voids()[1] == frozenset()
    threes = [Card.parse("3b"), Card.parse("2b")]
    assert Knowledge(void).holds_any(1, threes) == 0.0 < Knowledge(followed).holds_any(1, threes)
    assert card_of("medium", void) == "4b", "the opponent has no Bastoni: the 4 takes the trick"
    assert card_of("greedy", void) == "4c", "greedy does not read voids: the lower card id"


def test_medium_gives_true_signals() -> None:
    # 4 players: seat 0 leads; it holds the master 3c behind its 4c: busso (lead it back to me)
    hand = "3c 4c 5d 6d 7d Fd"
    view = view_of([hand, "", "", ""])
    assert lead_signal(view, Card.parse("4c")) == "busso"
    assert lead_signal(view, Card.parse("Fd")) == "striscio", "three more Denari"
    single = view_of(["3c 4c 5b", "", "", ""])
    assert lead_signal(single, Card.parse("5b")) == "volo", "its last Bastoni"
    for seed in range(4):  # whatever medium leads, a signal it gives is true
        match = SPEC.new_match(4, {"match": "single"}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_move()
            assert seat is not None
            view = match.view(seat)
            action = choose("medium", view, rng, 50)
            if action.signal is not None:
                assert signal_is_true(view, action)
            match.apply(action, seat)
    off = view_of([hand, "", "", ""], signals="off")
    assert pick("medium", off).signal is None


def test_medium_leads_back_the_suit_its_partner_knocked_in() -> None:
    # seat 2 led 4b and seat 0 took the trick with Cb; seat 0 leads now
    hands = ["Rb 5c 6c 7s", "Fd Cd 4s 5s", "3b Ad 6s 7c", "2d 3d Fs Cs"]
    plain = view_of(hands, history=[(2, "4b Cb 5b 6b", 0)])
    assert not plain.signals
    match = SPEC.new_match(4, {"match": "single"}, 1)
    rnd = TressetteRound.position(hands, options=match.options)
    rnd.history.append((2, tuple(Card.parse(c) for c in ["4b", "Cb", "5b", "6b"]), 0))
    rnd.signals.append((0, 2, Card.parse("4b"), 1))  # busso
    match.round = rnd
    signalled = match.view(0)
    assert isinstance(signalled, TressetteView) and signalled.signals[0].signal == "busso"
    assert card_of("medium", signalled) == "Rb"
    assert card_of("medium", plain) != "Rb"


def test_a_choice_depends_only_on_the_view() -> None:
    for players in (2, 4):
        for seed in range(5):
            match = SPEC.new_match(players, {"match": "single"}, seed)
            rng = random.Random(seed)
            for _ in range(rng.randrange(3, 25)):
                match.apply(rng.choice(match.legal_actions()))
            seat = match.to_move()
            assert seat is not None
            rnd = match.round
            assert isinstance(rnd, TressetteRound)
            before = {level: choose(level, match.view(seat), random.Random(1), 50) for level in LEVELS}
            others = [s for s in range(players) if s != seat]
            known = match.view(seat).announced()
            pool = [c for s in others for c in rnd.hands[s] if c not in known] + [c for c in rnd.stock]
            random.Random(seed).shuffle(pool)
            for s in others:  # the hidden cards dealt again among the other seats and the stock
                keep = [c for c in rnd.hands[s] if c in known]
                take = len(rnd.hands[s]) - len(keep)
                rnd.hands[s] = sorted(keep + pool[:take])
                del pool[:take]
            rnd.stock = pool
            after = {level: choose(level, match.view(seat), random.Random(1), 50) for level in LEVELS}
            assert after == before


# ----- hard -----
def minimax(rnd: TressetteRound, side: int) -> int:
    """The exact margin of thirds by trying every line, without pruning (the test's own search)."""
    if rnd.done:
        mine = sum(t for s, t in enumerate(rnd.thirds) if s % 2 == side % 2)
        return 2 * mine - sum(rnd.thirds)
    values = []
    for m in {m % 64 for m in rnd.legal_fast()}:
        child = rnd.clone()
        child.apply_unchecked(m)
        values.append(minimax(child, side))
    return max(values) if rnd.turn % 2 == side % 2 else min(values)


def test_hard_is_exact_in_a_small_two_player_ending() -> None:
    for seed in range(10):
        match = SPEC.new_match(2, {"match": "single"}, seed)
        rng = random.Random(seed)
        size = 2 + seed % 3
        while len(match.round.hands[match.to_move()]) > size or match.round.trick:  # type: ignore[attr-defined, index]
            match.apply(rng.choice(match.legal_actions()))
        seat = match.to_move()
        assert seat is not None
        view = match.view(seat)
        assert view.stock_count == 0 and len(view.hand) == size
        values = hard_values(view, random.Random(0), 50, TressetteTuning(win_bonus=0))  # the margin alone
        rnd = match.round
        assert isinstance(rnd, TressetteRound)
        for card, value in values.items():
            child = rnd.clone()
            child.apply_unchecked(card)
            assert value == minimax(child, seat), (seed, str(Card(card)))


def test_hard_plays_legal_cards_and_takes_the_ace_it_can_take() -> None:
    # two players, every other card played: leading 3c draws the 2c and keeps Ac a master; leading Ac loses it
    rest = sorted(c for c in range(52) if Card(c).rank not in "89X" and str(Card(c)) not in ("Ac", "3c", "2c", "4d"))
    history = []
    for a, b in zip(rest[::2], rest[1::2], strict=True):  # same suit: seat 0 led; else seat 0 did not follow
        same = a // 13 == b // 13
        history.append((0 if same else 1, f"{Card(a)} {Card(b)}", 0 if same else 1))
    view = view_of(["Ac 3c", "2c 4d"], history=history)
    assert card_of("hard", view) == "3c"
    for players in (2, 4):
        match = SPEC.new_match(players, {"match": "single", "accusi": "on"}, players)
        rng = random.Random(players)
        while not match.is_over():
            seat = match.to_move()
            assert seat is not None
            view = match.view(seat)
            action = choose("hard", view, rng, 3)
            assert action in view.legal
            match.apply(action, seat)


def test_hard_samples_only_what_the_view_allows() -> None:
    # seat 1 showed it lacks Bastoni; with two players its drawn cards are shown and stay with it
    match = SPEC.new_match(2, {"match": "single"}, 6)
    rng = random.Random(6)
    for _ in range(9):
        match.apply(rng.choice(match.legal_actions()))
    seat = match.to_move()
    assert seat is not None
    view = match.view(seat)
    assert isinstance(view, TressetteView)
    k = Knowledge(view)
    other = 1 - seat
    for i in range(30):
        world = sample(view, k, random.Random(i))
        assert world is not None
        assert sorted(world.hands[seat]) == sorted(int(c) for c in view.hand)
        assert set(int(c) for c in view.known_hands.get(other, ())) <= set(world.hands[other])
        assert len(world.hands[other]) == view.hand_sizes[other] and len(world.stock) == view.stock_count
        lacking = {"dcsb".index(s) for s in view.voids()[other]}
        hidden = set(world.hands[other]) - set(int(c) for c in view.known_hands.get(other, ()))
        assert not {c for c in hidden if c // 13 in lacking}
        assert not (set(world.hands[other]) | set(world.stock)) & played_cards(view)


def test_hard_chooses_the_same_when_the_hidden_cards_change() -> None:
    tuning = TressetteTuning(max_samples=8)
    for players in (2, 4):
        match = SPEC.new_match(players, {"match": "single"}, 3)
        rng = random.Random(3)
        for _ in range(6):
            match.apply(rng.choice(match.legal_actions()))
        seat = match.to_move()
        assert seat is not None
        rnd = match.round
        assert isinstance(rnd, TressetteRound)
        before = search.choose_hard(match.view(seat), random.Random(1), 60_000, tuning)
        others = [s for s in range(players) if s != seat]
        known = match.view(seat).announced()
        pool = [c for s in others for c in rnd.hands[s] if c not in known] + list(rnd.stock)
        random.Random(9).shuffle(pool)
        for s in others:
            keep = [c for c in rnd.hands[s] if c in known]
            take = len(rnd.hands[s]) - len(keep)
            rnd.hands[s] = sorted(keep + pool[:take])
            del pool[:take]
        rnd.stock = pool
        assert search.choose_hard(match.view(seat), random.Random(1), 60_000, tuning) == before


def _mid_round_view(players: int, seed: int, plays: int) -> TressetteView:
    """The view of the seat to move after ``plays`` random plays of a seeded single round."""
    match = SPEC.new_match(players, {"match": "single"}, seed)
    rng = random.Random(seed)
    for _ in range(plays):
        match.apply(rng.choice(match.legal_actions()))
    seat = match.to_move()
    assert seat is not None
    view = match.view(seat)
    assert isinstance(view, TressetteView)
    return view


def test_hard_decides_the_same_whatever_the_clock_does(monkeypatch: pytest.MonkeyPatch) -> None:
    # a stopped clock, and a clock that jumps 5 ms at each reading (a loaded machine): the same samples, values
    # and card, since the number of samples is set by the budget alone
    for players, plays in ((2, 3), (4, 5), (4, 26)):
        view = _mid_round_view(players, 11, plays)
        runs = []
        for step in (0.0, 0.005):
            now = [1000.0]

            def clock(now: list[float] = now, step: float = step) -> float:
                now[0] += step
                return now[0]

            monkeypatch.setattr(search.time, "perf_counter", clock)
            values = hard_values(view, random.Random(4), 200)
            card = search.choose_hard(view, random.Random(4), 200).card
            runs.append((values, card))
        assert runs[0] == runs[1], players


def test_hard_looks_at_more_samples_with_a_larger_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    counts: list[int] = []
    real = search.sample

    def counted(view: TressetteView, k: Knowledge, rng: random.Random) -> TressetteRound | None:
        world = real(view, k, rng)
        counts[-1] += world is not None
        return world

    monkeypatch.setattr(search, "sample", counted)
    for players in (2, 4):
        view = _mid_round_view(players, 12, 2)
        seen = []
        for time_ms in (20, 100, 200, 400):
            counts.append(0)
            hard_values(view, random.Random(0), time_ms)
            assert counts[-1] == search.sample_budget(view, time_ms)
            seen.append(counts[-1])
        assert seen == sorted(seen) and seen[0] < seen[-1], (players, seen)


def test_hard_takes_the_tuning_of_its_player_count(monkeypatch: pytest.MonkeyPatch) -> None:
    # a 4-player tuning changes 4-player decisions only: the 2-player samples stay as they are
    from dataclasses import replace

    from rules.ai.tressette import tuning

    two, four = _mid_round_view(2, 13, 2), _mid_round_view(4, 13, 2)
    before = (search.sample_budget(two, 200), search.sample_budget(four, 200), hard_values(two, random.Random(2), 200))
    monkeypatch.setattr(tuning, "TRESSETTE_4", replace(tuning.TRESSETTE_4, samples_per_ms=0.05))
    assert search.sample_budget(four, 200) == 10 < before[1]
    assert search.sample_budget(two, 200) == before[0]
    assert hard_values(two, random.Random(2), 200) == before[2]
