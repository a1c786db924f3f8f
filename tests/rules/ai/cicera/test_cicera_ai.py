"""Cicera AI: legal and reproducible choices, no peeking at hidden cards, clearly right moves, search helpers."""

from __future__ import annotations

import random

import pytest

import rules.ai.cicera as cai
import rules.ai.fishing as fishing_search
from rules.actions import Action
from rules.ai import choose
from rules.ai.cicera.tuning import YARDSTICK
from rules.cards import Card, cards, deck_52
from rules.games.cicera.engine import Cicera
from rules.games.cicera.round import CiceraRound

LEVELS = ("random", "greedy", "easy", "medium", "hard")


def play(match: Cicera, levels: list[str], seed: int, time_ms: int = 20) -> list[str]:
    """Play the match to its end with one level per seat; return every action taken, as text."""
    rng = random.Random(seed)
    taken = []
    while not match.is_over():
        seat = match.to_move()
        view = match.view(seat)
        action = choose(levels[seat], view, rng, time_ms)
        assert action in view.legal, (levels[seat], str(action))
        match.apply(action, seat)
        taken.append(f"{seat}:{action}")
    return taken


def frozen_clock(monkeypatch) -> None:
    """Stop the clock the search reads, so that only its planned work (fixed by ``time_ms``) bounds it."""
    monkeypatch.setattr(fishing_search.time, "perf_counter", lambda: 0.0)


# ----- legal and reproducible -----
@pytest.mark.parametrize("k", range(len(LEVELS)))
def test_every_level_plays_only_legal_actions(k):
    level, other = LEVELS[k], LEVELS[(k + 2) % len(LEVELS)]
    m = Cicera(4, {}, seed=k)
    taken = play(m, [level, other, level, other], seed=k)
    assert m.is_over() and m.result() is not None and len(taken) == 48


def test_the_module_levels_return_legal_actions_over_many_positions():
    rng = random.Random(1)
    for seed in range(3):
        m = Cicera(4, {}, seed=100 + seed)
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            for level in ("greedy", "medium", "hard"):
                assert cai.choose(level, view, random.Random(seed), 5) in view.legal
            m.apply(rng.choice(view.legal), seat)


def test_the_same_seed_gives_the_same_game(monkeypatch):
    frozen_clock(monkeypatch)
    a = play(Cicera(4, {}, seed=9), ["hard", "medium", "hard", "greedy"], seed=3, time_ms=10)
    b = play(Cicera(4, {}, seed=9), ["hard", "medium", "hard", "greedy"], seed=3, time_ms=10)
    assert a == b
    c = play(Cicera(4, {}, seed=9), ["medium", "greedy", "medium", "greedy"], seed=3)
    d = play(Cicera(4, {}, seed=9), ["medium", "greedy", "medium", "greedy"], seed=4)
    assert c == d, "greedy and medium use no randomness"


def test_hard_choices_depend_on_the_seed(monkeypatch):
    # the search samples hidden hands with the given generator: some position must show it
    frozen_clock(monkeypatch)
    m = Cicera(4, {}, seed=2)
    rng = random.Random(0)
    differ = 0
    while not m.is_over():
        view = m.view(m.to_move())
        if len(view.legal) > 4:
            picks = {cai.choose("hard", view, random.Random(s), 2) for s in range(4)}
            differ += len(picks) > 1
        m.apply(cai.choose("greedy", view, rng, 0), m.to_move())
    assert differ > 0


def test_the_unknown_level_is_an_error():
    view = Cicera(4, {}, seed=1).view(0)
    with pytest.raises(ValueError):
        cai.choose("expert", view, random.Random(0), 10)


# ----- no peeking -----
def twin_matches(seed: int, plays: int) -> tuple[Cicera, Cicera]:
    """Two matches whose deals differ only in the unplayed cards of seats 1, 2 and 3, with the same plays."""
    m1 = Cicera(4, {}, seed=seed, first_dealer=3)
    rng = random.Random(seed)
    actions = []
    for _ in range(plays):
        a = cai.choose("greedy", m1.view(m1.to_move()), rng, 0)
        actions.append(a)
        m1.apply(a, m1.to_move())
    deal = m1.rounds[0]["deal"]
    played = {str(a.card) for a in actions}
    hidden = [c for s in (1, 2, 3) for c in deal["hands"][s] if c not in played]
    random.Random(seed + 1).shuffle(hidden)
    hands = [list(deal["hands"][0])]
    k = 0
    for s in (1, 2, 3):
        kept = [c for c in deal["hands"][s] if c in played]
        n = 12 - len(kept)
        hands.append(kept + hidden[k : k + n])
        k += n
    deal2 = dict(deal, hands=hands)
    m2 = Cicera(4, {}, seed=seed, first_dealer=3, deals=lambda _i, _d: deal2)
    for a in actions:
        m2.apply(a, m2.to_move())
    return m1, m2


@pytest.mark.parametrize("level", ["greedy", "medium", "hard"])
@pytest.mark.parametrize("plays", [0, 4, 20])
def test_no_level_depends_on_hidden_cards(level, plays, monkeypatch):
    frozen_clock(monkeypatch)
    m1, m2 = twin_matches(seed=plays + 7, plays=plays)
    assert m1.round.hands[1:] != m2.round.hands[1:], "the hidden hands differ"
    assert m1.round.hands[0] == m2.round.hands[0] and m1.to_move() == 0
    v1, v2 = m1.view(0), m2.view(0)
    assert v1 == v2
    for seed in range(3):
        assert cai.choose(level, v1, random.Random(seed), 10) == cai.choose(level, v2, random.Random(seed), 10)


# ----- search helpers -----
def test_round_from_view_rebuilds_the_real_round():
    m = Cicera(4, {}, seed=11)
    rng = random.Random(11)
    for _ in range(23):
        m.apply(cai.choose("medium", m.view(m.to_move()), rng, 0), m.to_move())
    real = m.round
    seat = real.to_move()
    view = m.view(seat)
    built = cai.round_from_view(view, real.hands)
    assert built.piles == real.piles and built.bonus == real.bonus and built.table == real.table
    assert built.last_placement() == real.last_placement() and built.history == real.history
    assert built._last_capturer == real._last_capturer
    # both play on identically to the end
    a, b = real.clone(), built
    while not a.is_over():
        assert a.legal_fast() == b.legal_fast()
        move = cai.rollout_move(a)
        assert a.apply_unchecked(move) == b.apply_unchecked(move)
    assert b.is_over() and a.scores() == b.scores() and a.breakdown() == b.breakdown()


def test_sampled_hands_are_consistent_with_the_view():
    m = Cicera(4, {}, seed=5)
    rng = random.Random(5)
    for _ in range(14):
        m.apply(cai.choose("greedy", m.view(m.to_move()), rng, 0), m.to_move())
    view = m.view(m.to_move())
    unseen = cai.unseen_cards(view)
    assert set(unseen) == {c for s in range(4) if s != view.seat for c in m.round.hands[s]}
    passed = cai.passed_captures(view, unseen)
    for seed in range(20):
        for hands in (
            cai.sample_hands(view, unseen, random.Random(seed)),
            cai.sample_hands(view, unseen, random.Random(seed), passed),
        ):
            assert [len(h) for h in hands] == list(view.hand_sizes)
            assert hands[view.seat] == list(view.hand)
            dealt = [c for h in hands for c in h]
            assert len(dealt) == len(set(dealt)) and set(dealt) == set(unseen) | set(view.hand)


def test_a_placement_makes_the_cards_it_could_have_captured_with_less_likely():
    # seat 0 places the 9d on a table 7d 3c Rb: it holds no 7, 3, R, and no X (7 + 3) it would take with
    hands = ["9d 8b", "4c 5c", "7s 2b", "3s Xs"]
    rnd = CiceraRound.position(hands, "7d 3c Rb", to_move=0)
    rnd.apply_unchecked((Card.parse("9d"), ()))
    rnd.apply_unchecked((Card.parse("4c"), ()))
    view = rnd.view(2)
    assert cai.initial_table(view) == sorted(cards("7d 3c Rb"))
    unseen = cai.unseen_cards(view)
    passed = cai.passed_captures(view, unseen)
    assert set(cards("3s Xs")) <= passed[0] and Card.parse("8b") not in passed[0]
    # seat 1 placed the 4c on 7d 3c Rb 9d: it could have taken with a 7, 3, 9 or R (by rank) or an X (7 + 3)
    assert {c for c in unseen if c in passed[1]} == {c for c in unseen if c.rank in "379RX"}
    # sampled from seat 2's seat, the 3s and Xs go to seat 0 far less often than to seat 3
    counts = {0: 0, 3: 0}
    for seed in range(400):
        hands_ = cai.sample_hands(view, unseen, random.Random(seed), passed)
        for s in (0, 3):
            counts[s] += sum(1 for c in hands_[s] if c in cards("3s Xs"))
    assert counts[0] * 3 < counts[3]


def test_table_captures_match_the_engine():
    rng = random.Random(3)
    from rules.games.cicera.rules import capture_choices

    for _ in range(300):
        deck = deck_52()
        rng.shuffle(deck)
        table = deck[: rng.randint(0, 12)]
        by_rank, by_sum = cai.table_captures(table)
        for c in deck[len(table) : len(table) + 8]:
            listed = sorted(tuple(sorted(t)) for t in cai.takes_of(c, by_rank, by_sum))
            assert listed == sorted(t for t in capture_choices(c, table) if t)


def _round_state(r: CiceraRound) -> tuple:
    """Everything a search reads from a round (all but the history and the last capture's record)."""
    return (r.hands, r.table, r.piles, r.bonus, r._to_move, r._placed, r._placed_by, r._last_capturer, r._left,
            r.leftover, r.leftover_to)


def test_the_fast_playout_plays_the_rollout_policy_through_the_engine():
    # ``fast_playout`` (hard's) and ``playout`` (rollout_move and the engine's _play: hard-v1's) make the same
    # plays from sampled positions of whole deals, a few plies or to the end, with one memory of tables
    positions = 0
    ended = 0
    offers: cai.Offers = {}
    for seed in range(6):
        m = Cicera(4, {}, seed=40 + seed)
        rng = random.Random(seed)
        k = 0
        while not m.is_over():
            view = m.view(m.to_move())
            if k % 4 == 0:
                ctx = cai.Context(view)
                for plies in (1, 8, 0):
                    base = cai.round_from_view(view, cai.sample_hands(view, ctx.unseen, rng, ctx.passed))
                    slow, fast = base.clone(), base.clone()
                    made = cai.playout(slow, plies)
                    assert cai.fast_playout(fast, plies, offers) == made
                    assert _round_state(fast) == _round_state(slow), (seed, k, plies)
                    positions += 1
                    if slow.is_over():
                        ended += 1
                        assert fast.scores() == slow.scores()
            m.apply(cai.choose("medium", view, rng, 0), m.to_move())
            k += 1
    assert positions > 100 and ended > 30 and offers


def test_the_engines_playouts_change_how_fast_the_search_is_not_what_it_chooses(monkeypatch):
    # the yardstick plays its rollouts through the engine (as it did when frozen), hard with fast_playout
    frozen_clock(monkeypatch)  # both searches do their whole planned work
    m = Cicera(4, {}, seed=8)
    rng = random.Random(8)
    compared = 0
    while not m.is_over():
        view = m.view(m.to_move())
        if len(view.legal) > 2:
            assert cai.choose_hard(view, random.Random(compared), 5, YARDSTICK) == cai.choose_hard(
                view, random.Random(compared), 5, YARDSTICK, cai.engine_playout)
            compared += 1
        m.apply(cai.choose("greedy", view, rng, 0), m.to_move())
    assert compared > 20


# ----- the greedy rule -----
def position_view(hand: str, table: str, others: int = 10, placed: str | None = None) -> object:
    """Seat 0's view of a hand-made position: its hand, the table, ``others`` cards in each other hand (drawn
    from the rest of the deck, so the cards left over are simply gone). With ``placed``, seat 3 has just
    placed that card (it is the last card of ``table``): a Picada can take it."""
    mine, tbl = cards(hand), cards(table)
    rest = [c for c in deck_52() if c not in set(mine) | set(tbl)]
    hands = [mine, rest[:others], rest[others : 2 * others], rest[2 * others : 3 * others]]
    if placed is None:
        return CiceraRound.position(hands, tbl, to_move=0).view(0)
    p = Card.parse(placed)
    assert tbl[-1] == p
    hands[3] = [*hands[3], p]
    rnd = CiceraRound.position(hands, tbl[:-1], to_move=3)
    rnd.apply_unchecked((p, ()))
    return rnd.view(0)


def test_greedy_takes_the_capture_of_highest_static_value():
    # 5c takes 5d (2 tenths, +10 Simili? no: different suits) or 2s+3b (Mata: 1+17+1 = 19 tenths)
    v = position_view("5c Rb", "5d 2s 3b")
    assert cai.choose("greedy", v, random.Random(0), 0) == Action.play("5c", cards("2s 3b"))
    # a Picada (10) on a plain card beats taking two plain cards (3)
    v = position_view("4c 7b", "3d 4d 4b", placed="4b")
    assert cai.greedy_value(Card.parse("4c"), (Card.parse("4b"),), 3, Card.parse("4b")) == 12
    assert cai.choose("greedy", v, random.Random(0), 0) == Action.play("4c", cards("4b"))


def test_greedy_places_the_least_valuable_card_lowest_id_first():
    v = position_view("Xd 4s 3c Rb", "Fb")
    # weights: Xd 11, 4s 2, 3c 1, Rb 1; 3c (id 15) before Rb (id 51)
    assert cai.choose("greedy", v, random.Random(0), 0) == Action.play("3c", ())


# ----- clearly right moves -----
@pytest.mark.parametrize("level", ["medium", "hard"])
def test_take_the_scua(level, monkeypatch):
    frozen_clock(monkeypatch)  # the search always does its planned work: no flaky result on a busy machine
    # only Xc clears the table (2 + 3 + 5); 5s can take 5d or 2c+3b, Rb can take nothing
    v = position_view("Xc 5s Rb 9b Ad 8c 6d 7c Cb Fs", "5d 2c 3b")
    assert cai.choose(level, v, random.Random(0), 50) == Action.play("Xc", cards("2c 3b 5d"))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_do_not_hand_the_next_player_a_scua(level, monkeypatch):
    frozen_clock(monkeypatch)  # the search always does its planned work: no flaky result on a busy machine
    # nothing captures the 6d; placing A-4 leaves a table one card (7..X) can clear; 5 and up, or a court,
    # leave more than 10 or a court. Greedy places the lowest card id of least weight: the Ac, a gift.
    v = position_view("Ac 2b 3c 4b 7b 8c Rb Fc 9b Xc", "6d")
    assert cai.choose("greedy", v, random.Random(0), 0) == Action.play("Ac", ())
    choice = cai.choose(level, v, random.Random(0), 50)
    assert choice.take == () and choice.card.cicera_value not in (1, 2, 3, 4), str(choice)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_take_la_mata(level, monkeypatch):
    frozen_clock(monkeypatch)  # the search always does its planned work: no flaky result on a busy machine
    # 2c takes the 2s (La Mata); 6b takes 2s+4c; other moves leave the 2s to the next player
    v = position_view("2c Rb 4d 6b 9c Xb 8b 7c Cd Fb", "2s Rd 4c")
    choice = cai.choose(level, v, random.Random(0), 50)
    assert choice.take and Card.parse("2s") in choice.take, str(choice)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_do_not_hand_the_next_player_a_picada(level, monkeypatch):
    frozen_clock(monkeypatch)  # the search always does its planned work: no flaky result on a busy machine
    # nothing captures the Rc. Three 9s are unseen, so a placed 9d is likely taken at once (a Picada); seat 0
    # holds three 5s, so only the 5d can take a placed 5. Greedy places the lowest card id: the 9d.
    v = position_view("9d 5b 5s 5c", "Rc")
    assert cai.choose("greedy", v, random.Random(0), 0) == Action.play("9d", ())
    choice = cai.choose(level, v, random.Random(0), 50)
    assert choice.take == () and choice.card.rank == "5", str(choice)
