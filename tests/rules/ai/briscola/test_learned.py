"""The learned Briscola evaluation: features from a seat's view only, the shipped weights, and the search
that uses them (``rules.ai.briscola.features``, ``rules.ai.briscola.net``, ``rules.ai.briscola.learned``)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from rules.actions import Action
from rules.ai import choose
from rules.ai.briscola import features, net
from rules.cards import Card
from rules.games.briscola.engine import Briscola
from rules.games.briscola.rules import deck_for
from tests.rules.ai.briscola.test_briscola_ai import deal_with
from tests.rules.ai.cicera.test_cicera_ai import play as play_all  # plays any game to its end, one level a seat


def played(m: Briscola, moves: int, seed: int, level: str = "medium") -> Briscola:
    rng = random.Random(seed)
    for _ in range(moves):
        seat = m.to_move()
        m.apply(choose(level, m.view(seat), rng), seat)
    return m


# ----- features -----
def test_hidden_cards_do_not_change_the_features():
    # seat 0 sees the same in both deals; seat 1's hand and the stock order differ
    d1 = deal_with(2, ["Ad 4c 5s", "2d 3b Rb"], "7c", ["Cc", "Fb", "6s", "2s"])
    d2 = deal_with(2, ["Ad 4c 5s", "Cc Fb 2b"], "7c", ["3b", "Rb", "6s", "2s"])
    m1 = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d1)
    m2 = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d2)
    assert m1.round.hands[1] != m2.round.hands[1]
    assert features.from_view(m1.view(0)) == features.from_view(m2.view(0))
    assert features.from_round(m1.round, 0) == features.from_round(m2.round, 0)
    # the other seat's features differ: they do read its own hand
    assert features.from_round(m1.round, 1) != features.from_round(m2.round, 1)


@pytest.mark.parametrize(("players", "options"), [(2, {}), (2, {"trump_exchange": "on"}), (4, {"partner_hand": "on"}),
                                                  (6, {})])
def test_the_round_and_the_view_give_the_same_features(players, options):
    for seed in range(3):
        m = Briscola(players, options, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            assert features.from_round(m.round, seat, list(view.visible_hands)) == features.from_view(view)
            m.apply(choose("medium", view, rng), seat)


def test_a_feature_row_shows_the_hand_the_trick_and_the_points():
    d = deal_with(2, ["Ad 4c 5s", "2d 3b Rb"], "7c")
    m = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d)
    m.apply(m.view(0).legal[0], 0)  # seat 0 leads a card
    x = features.matrix([features.from_view(m.view(1))])
    assert x.shape == (1, features.SIZE)
    hand = x[0, :features.CARDS]
    assert hand.sum() == 3
    trump = "dcsb".index("c")
    assert hand[features.card_index(Card.parse("3b"), trump)] == 1
    trick = x[0, 2 * features.CARDS:3 * features.CARDS]  # the opponent's card on the table
    assert trick.sum() == 1
    assert x[0, 7 * features.CARDS:8 * features.CARDS].sum() == 40 - 3 - 1 - 1  # unseen: not hand, trick, face-up
    scal = dict(zip(features.SCALARS, x[0, 8 * features.CARDS:]))
    assert scal["leading"] == 0 and scal["last_to_play"] == 1 and scal["my_points"] == 0


def test_trump_first_numbering_makes_the_suits_alike():
    assert features.card_index(Card.parse("Ac"), 1) == 0  # the ace of trumps is first whatever the trump
    assert features.card_index(Card.parse("Ab"), 3) == 0
    assert sorted(features.card_index(c, 2) for c in deck_for(2)) == list(range(40))


# ----- the shipped weights -----
@pytest.mark.parametrize("players", [2])
def test_the_shipped_weights_load_and_give_finite_values_of_the_right_shape(players):
    net.load.cache_clear()
    model = net.load(players)
    assert model is not None, f"no shipped weights for {players} players"
    assert model.size() < 400_000
    m = played(Briscola(players, {}, seed=3), 7, 3)
    rows = [features.from_view(m.view(s)) for s in range(players)]
    win, margin = model.evaluate(features.matrix(rows))
    assert win.shape == (players,) and margin.shape == (players,)
    assert np.all(np.isfinite(win)) and np.all((win >= 0) & (win <= 1))
    assert np.all(np.isfinite(margin)) and np.all(np.abs(margin) <= 120)
    assert net.load(players) is model, "loaded once per process"


@pytest.mark.parametrize("players", [2])
def test_the_shipped_policy_gives_a_chance_to_each_legal_move_only(players):
    net.load.cache_clear()
    model = net.load(players, policy=True)
    assert model is not None and model.size() < 400_000
    for seed, options in ((3, {}), (4, {"trump_exchange": "on"})):
        m = Briscola(players, options, seed=seed)
        rng = random.Random(seed)
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            p = model.policy(features.matrix([features.from_view(view)]))[0]
            trump = "dcsb".index(view.trump)
            legal = {features.CARDS if a.kind == "exchange" else features.card_index(int(a.card), trump)
                     for a in view.legal}
            support = {i for i in range(net.POLICY_CLASSES) if p[i] > 0}
            # the exchange class is open whenever an exchange may be made this turn (the features do not say
            # whether this seat holds the card to give); every other class is a card in hand
            window = {features.CARDS} if view.can_exchange else set()
            assert abs(p.sum() - 1.0) < 1e-5 and legal <= support <= legal | window
            m.apply(choose("medium", view, rng), seat)
    assert net.load(players, policy=True) is model, "loaded once per process"


def test_the_value_sees_a_won_position():
    # three tricks of an ace and a three each (63 points, a won round): banked by seat 0, or by its opponent
    model = net.load(2)
    assert model is not None
    tricks = [(0, [13, 15], 0), (0, [26, 28], 0), (0, [39, 41], 0)]
    lost = [(lead, cs, 1) for lead, cs, _w in tricks]
    strong = features.encode(2, 0, [0, 1], 0, [0, 2, 12], tricks, [], 0, 5, {}, 27, False)
    weak = features.encode(2, 0, [0, 1], 0, [17, 18, 19], lost, [], 0, 5, {}, 27, False)
    win, margin = model.evaluate(features.matrix([strong, weak]))
    assert win[0] > 0.7 > 0.3 > win[1]
    assert margin[0] > margin[1]


# ----- 2-player hard: the search with the learned leaf value -----
@pytest.mark.parametrize(("players", "options"), [(2, {}), (2, {"trump_exchange": "on", "match": "short"}),
                                                  (2, {"open": "on"})])
def test_hard_plays_only_legal_actions(players, options):
    for seed in range(2):
        m = Briscola(players, options, seed=seed)
        play_all(m, ["hard" if s % 2 == seed % 2 else "medium" for s in range(players)], seed)
        assert m.is_over() and m.result() is not None


def test_hard_is_reproducible_from_its_seed():
    a = play_all(Briscola(2, {"trump_exchange": "on"}, seed=4), ["hard", "hard-v1"], 1)
    b = play_all(Briscola(2, {"trump_exchange": "on"}, seed=4), ["hard", "hard-v1"], 1)
    c = play_all(Briscola(2, {"trump_exchange": "on"}, seed=4), ["hard", "hard-v1"], 2)
    assert a == b
    assert a != c


def test_hard_does_not_depend_on_hidden_cards():
    d1 = deal_with(2, ["Ad 4c 5s", "2d 3b Rb"], "7c", ["Cc", "Fb", "6s", "2s"])
    d2 = deal_with(2, ["Ad 4c 5s", "Cc Fb 2b"], "7c", ["3b", "Rb", "6s", "2s"])
    m1 = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d1)
    m2 = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d2)
    for seed in range(4):
        assert choose("hard", m1.view(0), random.Random(seed), 10) == choose(
            "hard", m2.view(0), random.Random(seed), 10)


def test_hard_uses_the_network_in_the_middle_game(monkeypatch):
    # with the network's values turned around (a loss looks like a win), the choices change: the net decides
    from rules.ai.briscola import learned as briscola_learned

    views = []
    for seed in (8, 9, 10):
        m = played(Briscola(2, {}, seed=seed), 6, seed)
        views.append(m.view(m.to_move()))
    model = net.load(2)
    assert model is not None
    flipped = net.from_arrays({"w1": model.w1, "b1": model.b1, "w2": model.w2, "b2": model.b2,
                               "w3": -model.w3, "b3": -model.b3})
    picks = [str(briscola_learned.choose(v, random.Random(s), 20)) for v in views for s in range(3)]
    policy_model = net.load(2, policy=True)
    monkeypatch.setattr(net, "load", lambda _players, policy=False: policy_model if policy else flipped)
    flipped_picks = [str(briscola_learned.choose(v, random.Random(s), 20)) for v in views for s in range(3)]
    assert sum(a != b for a, b in zip(picks, flipped_picks)) >= 2


def test_the_learned_search_samples_twice_the_playout_searchs_deals(monkeypatch):
    # a 2-player deal is cheap to value, so the search samples samples_per_ms deals a ms (twice the playout
    # search's); the deals it values are the plan's
    players = 2
    from rules.ai.briscola import learned as briscola_learned
    from rules.ai.briscola import search as briscola

    asked = []
    plan = briscola.search_plan

    def spy(view, rng, time_ms, tuning=briscola.BRISCOLA):
        p = plan(view, rng, time_ms, tuning)
        asked.append((tuning.samples_per_ms, len(p.deals)))
        return p

    monkeypatch.setattr(briscola, "search_plan", spy)
    m = played(Briscola(players, {}, seed=4), 2, 4)
    view = m.view(m.to_move())
    tuning = briscola_learned.LEARNED
    action = briscola_learned.choose(view, random.Random(0), 20, tuning)
    assert action in view.legal
    per_ms = tuning.samples_per_ms
    assert per_ms == 2 * briscola.BRISCOLA.samples_per_ms
    assert asked == [(per_ms, int(20 * per_ms))]


def test_hard_takes_an_ace_with_a_blank_trump():
    # seat 1 leads the ace of denari (11 points); seat 0 holds the 2 of trumps (coppe) and two blank plain cards
    d = deal_with(2, ["2c 4s 5b", "Ad 6s 7b"], "Rc")
    m = Briscola(2, {}, 0, first_dealer=0, deals=lambda _i, _d: d)
    m.apply(Action.parse("play Ad"), 1)
    view = m.view(0)
    for seed in range(3):
        assert str(choose("hard", view, random.Random(seed), 20)) == "play 2c"


@pytest.mark.parametrize("players", [3, 4, 6])
def test_hard_is_the_playout_search_where_no_network_is_shipped(players):
    # the learned search was measured better than hard-v1 in 2 players only: no other count has a network,
    # and hard plays the playout search there (every choice legal and the playout search's own)
    from rules.ai.briscola import search as briscola

    net.load.cache_clear()
    assert net.load(players) is None and net.load(players, policy=True) is None
    m = Briscola(players, {}, seed=3)
    rng = random.Random(3)
    moves = 0
    while not m.is_over():
        seat = m.to_move()
        view = m.view(seat)
        if m.round.stock and len(view.legal) > 1:
            action = choose("hard", view, random.Random(moves), 10)
            assert action in view.legal
            assert action == briscola.hard(view, random.Random(moves), 10)
            moves += 1
        else:
            action = choose("medium", view, rng)
        m.apply(action, seat)
    assert moves >= 10


# ----- the move policy and the deals it weighs -----
def two_with_three_policy(trump_suit: str) -> net.Net:
    """A policy that plays the 2 of Bastoni when it also holds the 3 of Bastoni (the 3's bit of the hand block),
    and else any card alike; its layers pass the first one's logits through."""
    k = net.POLICY_CLASSES
    w1 = np.zeros((features.SIZE, k), dtype=np.float32)
    trump = "dcsb".index(trump_suit)
    w1[features.card_index(int(Card.parse("3b")), trump), features.card_index(int(Card.parse("2b")), trump)] = 5.0
    zero, eye = np.zeros(k, np.float32), np.eye(k, dtype=np.float32)
    return net.Net(w1, zero, eye, zero, eye, zero)

@pytest.mark.parametrize(("players", "seed"), [(2, s) for s in range(6)] + [(4, s) for s in range(3)])
def test_the_other_seats_latest_decisions_are_rebuilt_from_the_view_and_the_sampled_hands(players, seed):
    from rules.ai.briscola.beliefs import known_holdings
    from rules.ai.briscola.learned import latest_play, opponent_decision

    rng = random.Random(seed)
    m = Briscola(players, {"trump_exchange": "off"}, seed)
    true: dict[int, tuple[features.Encoded, int, bool]] = {}  # per seat: its latest decision's features, card,
    # and whether it knew none of the other's cards then (what the rebuilt decision leaves out)
    checked = 0
    while not m.is_over() and m.round.hands[0]:
        seat = m.to_move()
        view = m.view(seat)
        hands = [list(h) for h in m.round.hands]
        for other in range(players):
            if other != seat and other in true and true[other][2]:
                play = latest_play(view, other) if players > 2 else None
                rows, cls = opponent_decision(view, hands, play)
                row, card_class, _plain = true[other]
                assert row in rows, "one of the hands it may have held is the hand it held"
                assert cls == card_class and len(rows) in (1, 3)
                checked += 1
        action = choose("greedy" if rng.random() < 0.5 else "random", view, rng)
        true[seat] = (features.from_view(view), features.card_index(int(action.card), "dcsb".index(view.trump)),
                      not any(known_holdings(view).values()))
        m.apply(action, seat)
    assert checked >= 10 * (players - 1)


def test_in_team_games_the_policy_weighs_every_hidden_seats_latest_play(monkeypatch):
    from rules.ai.briscola import learned as briscola_learned

    # seat 1 leads the 2 of Bastoni, seats 2 (seat 0's partner) and 3 follow: the hand-made policy below
    # explains the lead by a 3 of Bastoni in seat 1's hand, and is uniform over every other hand
    d = deal_with(4, ["Ad 4c 5s", "2b 3b Rb", "6d 7d Fd", "4b 5b 6b"], "7c")
    m = Briscola(4, {"trump_exchange": "off"}, 0, first_dealer=0, deals=lambda _i, _d: d)
    for card in ("2b", "6d", "4b"):
        m.apply(Action.play(Card.parse(card)), m.to_move())
    assert m.to_move() == 0
    view = m.view(0)
    hand = [int(Card.parse(c)) for c in ["Ad", "4c", "5s"]]
    partner = [int(Card.parse(c)) for c in ["7d", "Fd"]]
    right = [int(Card.parse(c)) for c in ["5b", "6b"]]
    deals = [([hand, [int(Card.parse(c)) for c in h], partner, right], [], 1.0) for h in (["3b", "Rb"], ["Cc", "Fb"])]
    model = two_with_three_policy(view.trump)
    loaded: list[int] = []
    monkeypatch.setattr(net, "load",
                        lambda players, policy=False: loaded.append(players) or (model if policy else None))
    out = briscola_learned.policy_weights(view, deals, 1.0)
    assert loaded == [4], "the 4-player policy"
    two = features.card_index(int(Card.parse("2b")), "dcsb".index(view.trump))
    lead = [model.policy(features.matrix(briscola_learned.opponent_decision(
        view, hands, briscola_learned.latest_play(view, 1))[0]))[0][two] for hands, _s, _w in deals]
    assert lead[0] > 2 * lead[1]
    # the partner's and the other opponent's plays: each 1 of its 3 cards then, under a uniform policy
    assert out[0][2] == pytest.approx(lead[0] / 9) and out[1][2] == pytest.approx(lead[1] / 9)
    # a seat whose hand the view shows (open hands, a partner's shown hand) is not weighed: it is not sampled
    from dataclasses import replace

    shown = replace(view, visible_hands={2: [Card.parse(c) for c in ("7d", "Fd")]})
    out = briscola_learned.policy_weights(shown, deals, 1.0)
    assert out[0][2] == pytest.approx(lead[0] / 3) and out[1][2] == pytest.approx(lead[1] / 3)


def test_the_policy_weights_the_deals_by_the_opponents_latest_play(monkeypatch):
    from rules.ai.briscola import learned as briscola_learned

    # seat 1 led the 2 of Bastoni: a policy that always leads its lowest card makes a hand of low cards likelier
    d = deal_with(2, ["Ad 4c 5s", "2b 3b Rb"], "7c", ["Cc", "Fb", "6s", "2s"])
    m = Briscola(2, {"trump_exchange": "off"}, 0, first_dealer=0, deals=lambda _i, _d: d)
    m.apply(Action.play(Card.parse("2b")), 1)
    view = m.view(0)
    deals = [([[0], [int(Card.parse(c)) for c in hand]], [], 1.0) for hand in (["3b", "Rb"], ["Cc", "Fb"])]
    rows = [briscola_learned.opponent_decision(view, [[], h])[0][0] for (_x, h), _s, _w in deals]
    assert rows[0] != rows[1]
    model = two_with_three_policy(view.trump)
    monkeypatch.setattr(net, "load", lambda _players, policy=False: model if policy else None)
    out = briscola_learned.policy_weights(view, deals, 1.0)
    assert out[0][2] > 2 * out[1][2]
    half = briscola_learned.policy_weights(view, deals, 0.5)
    assert half[0][2] == pytest.approx(0.5 + 0.5 * out[0][2]) and half[1][2] == pytest.approx(0.5 + 0.5 * out[1][2])
    assert briscola_learned.policy_weights(view, deals, 0.0) == deals


def test_the_policy_weighs_the_latest_play_alone(monkeypatch):
    from rules.ai.briscola import learned as briscola_learned

    # seat 1 led the 2 of Bastoni, then answered a lead with the King of Bastoni; under a policy that plays the
    # 2 of Bastoni only when it also holds the 3 of Bastoni, the latest play says nothing (any card alike): the
    # earlier lead, which would tell the 3, does not weigh the deals
    d = deal_with(2, ["Ad 4c 5s", "2b 3b Rb"], "7c", ["Cc", "Fb", "6s", "2s"])
    m = Briscola(2, {"trump_exchange": "off"}, 0, first_dealer=0, deals=lambda _i, _d: d)
    for action, seat in (("play 2b", 1), ("play 4c", 0), ("play 5s", 0), ("play Rb", 1)):
        m.apply(Action.parse(action), seat)
    view = m.view(0)
    assert len(view.tricks) == 2 and [p.card for p in briscola_learned.latest_plays(view, None, 2)] == [
        int(Card.parse("Rb")), int(Card.parse("2b"))]
    deals = [([[0], [int(Card.parse(c)) for c in hand]], [], 1.0) for hand in (["3b", "Fb", "2s"], ["Cb", "Fb", "2s"])]
    model = two_with_three_policy(view.trump)
    value = net.load(2)
    monkeypatch.setattr(net, "load", lambda _players, policy=False: model if policy else value)
    one = briscola_learned.policy_weights(view, deals, 1.0)
    assert one[0][2] == pytest.approx(1 / 3) and one[1][2] == pytest.approx(1 / 3)


# ----- the search's value as a training target -----
def test_the_learned_search_reports_its_value_of_the_move_it_chose_without_changing_the_choice():
    from rules.ai.briscola import learned as briscola_learned

    for seed in (3, 4, 5):
        m = played(Briscola(2, {"trump_exchange": "on"}, seed=seed), 4, seed)
        view = m.view(m.to_move())
        trace: list[tuple[float, float]] = []
        traced = briscola_learned.choose(view, random.Random(seed), 10, briscola_learned.LEARNED, trace)
        assert traced == choose("hard", view, random.Random(seed), 10)
        assert len(trace) == 1
        win, margin = trace[0]
        assert 0.0 <= win <= 1.0 and -1.0 <= margin <= 1.0
    # where the playout search decides (the exact 2-player endgame), nothing is reported
    m = played(Briscola(2, {}, seed=6), 36, 6)
    view = m.view(m.to_move())
    trace = []
    assert briscola_learned.choose(view, random.Random(0), 10, briscola_learned.LEARNED, trace) in view.legal
    assert trace == []


@pytest.mark.parametrize("players", [2])
def test_the_reported_value_is_the_networks_leaf_values_mixed_with_weights_that_sum_to_one(monkeypatch, players):
    # a network that values every position the same: whatever the deals' weights and the replies' mixture,
    # the move's value is that value (a mixture whose weights did not sum to one would move it)
    from rules.ai.briscola import learned as briscola_learned

    model = net.load(players)
    assert model is not None
    constant = net.from_arrays({"w1": model.w1, "b1": model.b1, "w2": model.w2, "b2": model.b2,
                                "w3": np.zeros_like(model.w3), "b3": np.array([0.8, -0.25], dtype=np.float32)})
    policy_model = net.load(players, policy=True)
    monkeypatch.setattr(net, "load", lambda _players, policy=False: policy_model if policy else constant)
    for seed in (1, 2):
        m = played(Briscola(players, {}, seed=seed), 3 * players, seed)
        trace: list[tuple[float, float]] = []
        briscola_learned.choose(m.view(m.to_move()), random.Random(seed), 10, briscola_learned.LEARNED, trace)
        assert len(trace) == 1
        assert trace[0][0] == pytest.approx(1.0 / (1.0 + np.exp(-0.8)), abs=1e-6)
        assert trace[0][1] == pytest.approx(-0.25, abs=1e-6)


def test_a_replys_mixture_weighs_the_worst_card_greedys_and_the_mean():
    from rules.ai.briscola.learned import reply_weights

    mix = (0.5, 0.3, 0.2)  # at random, greedy's card, the worst for this seat
    weights = reply_weights([0.4, -0.2, 0.9], 2, mix)
    assert weights == pytest.approx([0.5 / 3, 0.5 / 3 + 0.2, 0.5 / 3 + 0.3])
    assert sum(weights) == pytest.approx(1.0)
    # greedy's card not among the replies: its share goes to the worst too
    assert reply_weights([0.4, -0.2], -1, mix) == pytest.approx([0.25, 0.75])
    assert reply_weights([0.7], -1, mix) == [1.0]
