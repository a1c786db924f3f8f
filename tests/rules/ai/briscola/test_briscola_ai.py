"""Briscola AI: legal and reproducible choices, no peeking at hidden cards, clearly right moves."""

from __future__ import annotations

import random

import pytest

from rules.actions import Action
from rules.ai import choose, make_agent
from rules.ai.briscola.search import greedy, sample_hidden, unseen_cards
from rules.ai.tricks import greedy_card
from rules.cards import Card, cards
from rules.games.briscola.engine import Briscola
from rules.games.briscola.rules import deck_for

LEVELS = ("random", "greedy", "easy", "medium", "hard")


def play(match: Briscola, levels: list[str], seed: int, time_ms: int = 20) -> list[str]:
    """Play to the end; return every action taken, as text."""
    rng = random.Random(seed)
    taken = []
    while not match.is_over():
        auto = match.auto_action()
        seat = match.to_move()
        if auto is not None:
            match.apply(auto, seat)
            continue
        view = match.view(seat)
        action = choose(levels[seat], view, rng, time_ms)
        assert action in view.legal
        match.apply(action, seat)
        taken.append(f"{seat}:{action}")
    return taken


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_every_level_plays_only_legal_actions(players):
    for k, level in enumerate(LEVELS):
        other = LEVELS[(k + 1) % len(LEVELS)]
        m = Briscola(players, {"trump_exchange": "on", "match": "short"} if players < 6 else {}, seed=k)
        play(m, [level if s % 2 == 0 else other for s in range(players)], seed=k)
        assert m.is_over() and m.result() is not None


def test_the_same_seed_gives_the_same_game():
    a = play(Briscola(2, {"trump_exchange": "on"}, seed=9), ["hard", "medium"], seed=3)
    b = play(Briscola(2, {"trump_exchange": "on"}, seed=9), ["hard", "medium"], seed=3)
    c = play(Briscola(2, {"trump_exchange": "on"}, seed=9), ["hard", "medium"], seed=4)
    assert a == b
    assert a != c, "another seed plays differently"


def deal_with(players: int, hands: list[str], briscola: str, stock_first: list[str] = ()) -> dict:
    chosen = [cards(h) for h in hands]
    used = {c for h in chosen for c in h} | {Card.parse(briscola)} | set(cards(" ".join(stock_first)))
    rest = [str(c) for c in deck_for(players) if c not in used]
    return {"hands": [[str(c) for c in h] for h in chosen], "stock": list(stock_first) + rest,
            "briscola": briscola, "table": [], "kitty": []}


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_no_level_depends_on_hidden_cards(level):
    # the same view for seat 0, but seat 1's hand and the stock order differ
    d1 = deal_with(2, ["Ad 4c 5s", "2d 3b Rb"], "7c", ["Cc", "Fb"])
    d2 = deal_with(2, ["Ad 4c 5s", "Cc Fb 2b"], "7c", ["3b", "Rb"])
    m1 = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d1)
    m2 = Briscola(2, {}, 0, first_dealer=1, deals=lambda _i, _d: d2)
    v1, v2 = m1.view(0), m2.view(0)
    assert v1 == v2
    for seed in range(5):
        assert choose(level, v1, random.Random(seed), 10) == choose(level, v2, random.Random(seed), 10)


def test_sampled_deals_are_consistent_with_the_view():
    m = Briscola(4, {"trump_exchange": "on"}, seed=5)
    rng = random.Random(0)
    play_until = 9
    for _ in range(play_until):
        m.apply(choose("greedy", m.view(m.to_move()), rng), m.to_move())
    view = m.view(m.to_move())
    hidden = set(unseen_cards(view))
    assert not hidden & {int(c) for c in view.hand}
    for _ in range(20):
        hands, stock = sample_hidden(view, rng)
        assert [len(h) for h in hands] == list(view.hand_sizes)
        assert len(stock) == view.stock_count
        assert hands[view.seat] == [int(c) for c in view.hand]
        others = {c for s, h in enumerate(hands) if s != view.seat for c in h} | set(stock)
        assert others == hidden


def test_a_search_reads_the_view_once_and_builds_the_same_rounds():
    # hidden_sampler and round_maker serve every sampled deal of a search from one reading of the view: the
    # guesses are sample_hidden's with the same random numbers, fresh lists each time, and the rounds are
    # round_from_view's, independent of one another
    from rules.ai.briscola.beliefs import hidden_sampler, round_from_view, round_maker

    m = Briscola(4, {"trump_exchange": "on"}, seed=5)
    rng = random.Random(0)
    for _ in range(9):
        m.apply(choose("greedy", m.view(m.to_move()), rng), m.to_move())
    view = m.view(m.to_move())
    def state(r):  # every attribute of a round (its classes keep them in slots)
        names = [k for c in type(r).__mro__ for k in getattr(c, "__slots__", ())]
        assert len(names) > 10
        return {k: getattr(r, k) for k in names}

    sample, make = hidden_sampler(view), round_maker(view)
    a, b = random.Random(7), random.Random(7)
    rounds = []
    for _ in range(5):
        hands, stock = sample(a)
        assert (hands, stock) == sample_hidden(view, b)
        r = make(hands, stock)
        assert state(r) == state(round_from_view(view, hands, stock))
        hands[0].clear()
        rounds.append(r)
    assert all(r.hands[0] for r in rounds), "a round keeps its own copy of the guess"
    rounds[0].apply_unchecked(rounds[0].legal_fast()[0])
    second = random.Random(7)
    sample(second)
    assert state(rounds[1]) == state(round_from_view(view, *sample(second)))  # untouched by the other's play
    assert state(rounds[0]) != state(round_from_view(view, *sample(random.Random(7))))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_takes_a_trick_full_of_points_with_a_cheap_trump(level):
    # trump is cups; seat 1 leads the ace of coins; seat 0 holds 4c (cheap trump), Ac, 5s
    deal = deal_with(2, ["4c Ac 5s", "Ad 2s 4b"], "7c")
    m = Briscola(2, {}, 0, first_dealer=0, deals=lambda _i, _d: deal)
    m.apply(Action.play("Ad"), 1)
    action = choose(level, m.view(0), random.Random(1), 40)
    assert action == Action.play("4c")


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_does_not_overtake_a_partner_who_is_winning(level):
    # 4 players, trump cups. Seat 1 leads 4d, seat 2 (seat 0's partner) takes the lead with Rd, seat 3 plays
    # 5d; seat 0 plays last with 2c, 3b, 5s. Trumping its partner's trick wastes a trump (greedy does it):
    # the trick is the team's already, so load the three's 10 points instead.
    deal = deal_with(4, ["2c 3b 5s", "4d 6s 7b", "Rd 5b 6b", "5d 4s 4b"], "7c")
    m = Briscola(4, {}, 0, first_dealer=0, deals=lambda _i, _d: deal)
    for seat, c in ((1, "4d"), (2, "Rd"), (3, "5d")):
        m.apply(Action.play(c), seat)
    view = m.view(0)
    assert greedy(view) == Action.play("2c"), "the baseline overtakes"
    for seed in range(3):
        assert choose(level, view, random.Random(seed), 200) == Action.play("3b")


def test_greedy_follows_its_exact_definition():
    # leading: fewest points, a non-trump before a trump, then the weaker card
    assert greedy_card([Card.parse("Ac"), Card.parse("4d"), Card.parse("2c")], [], trump=1) == Card.parse("4d")
    assert greedy_card([Card.parse("Rd"), Card.parse("2c")], [], trump=1) == Card.parse("2c")
    # following: the cheapest card that wins, else the card with the fewest points
    trick = [Card.parse("3d")]
    assert greedy_card([Card.parse("Ad"), Card.parse("2c"), Card.parse("Rs")], trick, trump=1) == Card.parse("2c")
    assert greedy_card([Card.parse("Rs"), Card.parse("Cb")], trick, trump=1) == Card.parse("Cb")
    deal = deal_with(2, ["4c Ac 5s", "Ad 2s 4b"], "7c")
    m = Briscola(2, {}, 0, first_dealer=0, deals=lambda _i, _d: deal)
    m.apply(Action.play("Ad"), 1)
    assert greedy(m.view(0)) == Action.play("4c")


def test_agents_by_name_and_bad_names():
    assert make_agent("hard", 50).time_ms == 50
    with pytest.raises(ValueError, match="agents are"):
        make_agent("grandmaster")


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_the_fast_playout_agrees_with_the_engine(players):
    from rules.ai.briscola.search import playout_points, rollout
    from rules.games.briscola.round import BriscolaRound

    rng = random.Random(players)
    checked = 0
    for _ in range(150):
        r = BriscolaRound.deal(players, players - 1, rng, {"trump_exchange": "on"})
        for _ in range(rng.randrange(0, 30)):
            if r.done:
                break
            r.apply_unchecked(rng.choice(r.legal_fast()))
        for greedy_side, random_side in ((-1, -1), (0, -1), (1, -1), (-1, 0), (0, 1)):
            expected = r.clone()
            rollout(expected, greedy_side, random_side, random.Random(7))
            assert playout_points(r, greedy_side, random_side, random.Random(7)) == expected.side_points()
            checked += 1
    assert checked == 750


def test_the_duel_heuristic_keeps_its_points():
    from rules.ai.tricks import duel_card

    def pick(hand: str, trick: str, trump: str) -> str:
        return str(Card(duel_card([int(c) for c in cards(hand)], [int(c) for c in cards(trick)], "dcsb".index(trump))))

    # cannot win a blank lead: give a blank trump, not the ace or the king of a plain suit (greedy's
    # non-trump-first discard would give the king, the old heuristic the cheapest non-trump)
    assert pick("As Rb 4c", "5d", "c") == "4c"
    # a lead worth 10: take it with the cheapest trump
    assert pick("Ac 2c Rs", "3d", "c") == "2c"
    # win with the richest card of the led suit
    assert pick("Ad Rd 4s", "5d", "c") == "Ad"
    # leading: a blank plain card, then a blank trump, then figures, aces and threes last
    assert pick("As 4c Rb", "", "c") == "4c"
    assert pick("As 5b Rb", "", "c") == "5b"
    assert pick("As 3c Rb", "", "c") == "Rb"


def test_medium_gives_a_blank_trump_rather_than_an_ace_in_two_players():
    # trump cups; seat 1 leads the 5 of coins; seat 0 cannot win it with coins and holds As, Rb, 4c
    deal = deal_with(2, ["As Rb 4c", "5d 2s 4b"], "7c")
    m = Briscola(2, {}, 0, first_dealer=0, deals=lambda _i, _d: deal)
    m.apply(Action.play("5d"), 1)
    assert choose("medium", m.view(0), random.Random(0)) == Action.play("4c")


def test_hand_rebuilding_scores_each_play_on_the_hand_it_was_made_from():
    # after the stock is gone no card is drawn, so a greedy player's hands are rebuilt exactly from its
    # true hand and every one of its plays is greedy's card
    import rules.ai.briscola.search as ai

    m = Briscola(2, {}, seed=4)
    rng = random.Random(0)
    while not (m.round.briscola_drawn and not m.round.stock and len(m.round.hands[1]) == 1):
        seat = m.to_move()
        m.apply(choose("greedy", m.view(seat), rng), seat)
    if m.to_move() == 1:
        m.apply(choose("greedy", m.view(1), rng), 1)
    view = m.view(0) if m.to_move() == 0 else m.view(1)
    seat, other = view.seat, 1 - view.seat
    like = ai.seat_likelihoods(view, other, [int(c) for c in m.round.hands[other]], rng, ai.round_plays(view),
                                [0, 1], ai.BriscolaTuning(inference_depth=2))
    assert like[ai.GREEDY] == pytest.approx((1 - ai.GREEDY_ERROR) ** 2)
    assert like[ai.UNIFORM] == pytest.approx(1 / 2 * 1 / 3)


@pytest.mark.parametrize("opponent", ["greedy", "random"])
def test_the_opponent_style_is_read_from_its_plays(opponent):
    import rules.ai.briscola.search as ai

    beliefs = []
    for game in range(4):
        m = Briscola(2, {}, seed=20 + game)
        rng = random.Random(game)
        while len(m.round.history) < 10:
            seat = m.to_move()
            level = opponent if seat == 1 else "greedy"
            m.apply(choose(level, m.view(seat), rng), seat)
        if m.to_move() == 1:
            m.apply(choose(opponent, m.view(1), rng), 1)
        view = m.view(0)
        belief = [0.0, 0.0, 0.0]
        for _ in range(200):
            hands, _stock = sample_hidden(view, rng)
            _w, like = ai.deal_weight(view, hands, rng)
            belief = [b + x for b, x in zip(belief, like)]
        beliefs.append([b / sum(belief) for b in belief])
    mean = [sum(b[i] for b in beliefs) / len(beliefs) for i in range(3)]
    if opponent == "greedy":
        assert mean[ai.GREEDY] > mean[ai.UNIFORM]
    else:
        assert mean[ai.UNIFORM] > mean[ai.GREEDY]


def test_near_ties_go_to_the_duel_heuristic():
    # with a tie-break worth more than any playout, hard plays the duel heuristic's card in every position
    import rules.ai.briscola.search as ai
    from rules.ai.tricks import duel_card

    tuning = ai.BriscolaTuning(heuristic_bonus=10.0)
    m = Briscola(2, {}, seed=12)
    rng = random.Random(3)
    checked = 0
    while len(m.round.stock) > 4:  # before the solved endgame, where playouts and the tie-break stop
        seat = m.to_move()
        view = m.view(seat)
        hand = [int(a.card) for a in view.legal]
        expected = duel_card(hand, [int(c) for _, c in view.trick], "dcsb".index(view.trump))
        action = ai.hard(view, rng, 10, tuning)
        if len(view.legal) > 1:
            assert int(action.card) == expected
            checked += 1
        m.apply(action, seat)
    assert checked > 10


def _engine_versus_styles(r, me: int, mix) -> float:
    """The expectimax of ``versus_styles`` written on the engine's own moves, as a reference."""
    from rules.ai.briscola.search import solved_value

    if r.done:
        return solved_value(r.side_points()[me])
    values = []
    for m in r.legal_fast():
        c = r.clone()
        c.apply_unchecked(m)
        values.append(_engine_versus_styles(c, me, mix))
    if r.turn == me:
        return max(values)
    greedy = values[r.legal_fast().index(greedy_card(r.hands[r.turn], r.trick, r.trump))]
    return mix[0] * sum(values) / len(values) + mix[1] * greedy + mix[2] * min(values)


@pytest.mark.parametrize("mix", [(1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.2, 0.3, 0.5)])
def test_the_solved_endgame_agrees_with_the_engine(mix):
    # the solver's own tricks, draws and the face-up trump going last give the engine's values
    from rules.ai.briscola.search import versus_styles
    from rules.games.briscola.round import BriscolaRound

    rng = random.Random(11)
    drawing = 0
    for _ in range(40):
        r = BriscolaRound.deal(2, 1, rng, {})
        while len(r.stock) + sum(len(h) for h in r.hands) + (0 if r.briscola_drawn else 1) > rng.choice((6, 7, 8)):
            r.apply_unchecked(rng.choice(r.legal_fast()))
        for me in (0, 1):
            assert versus_styles(r, me, mix) == pytest.approx(_engine_versus_styles(r, me, mix))
        drawing += not r.briscola_drawn
    # the positions cover the draws, the face-up trump's among them, not only the last tricks
    assert drawing >= 10


def test_against_a_random_player_the_endgame_expects_its_mistakes():
    # minimax assumes the other seat plays its best; a random player does not, so the expectimax is higher
    # when the other seat could still go wrong, and never lower
    from rules.ai.briscola.search import solve_exact, solved_value, versus_styles
    from rules.games.briscola.round import BriscolaRound

    rng = random.Random(5)
    higher = 0
    for _ in range(30):
        r = BriscolaRound.deal(2, 1, rng, {})
        while len(r.stock) > 2:
            r.apply_unchecked(rng.choice(r.legal_fast()))
        expect, worst = versus_styles(r, 0, (1.0, 0.0, 0.0)), solved_value(solve_exact(r.clone(), 0, -1.0, 121.0))
        assert versus_styles(r, 0, (0.0, 0.0, 1.0)) == pytest.approx(worst)
        assert expect >= worst - 1e-9
        higher += expect > worst + 1e-9
    assert higher > 10


def test_an_ace_thrown_away_is_a_rarer_slip_than_a_king():
    # trumps are clubs; the other seat led the 3 of cups, which no card of this hand beats, so greedy gives
    # the 2 of cups. Giving the king of cups instead is a slip any player can make; the ace of coins, rarer
    import rules.ai.briscola.search as ai

    hand = [int(c) for c in cards("Rc Ad 2c")]
    trick = [int(c) for c in cards("3c")]
    trump = "dcsb".index("b")
    pick = greedy_card(hand, trick, trump)
    assert pick == int(Card.parse("2c"))
    king, ace = ai.slip_chance(hand[0], pick, hand, trick, trump), ai.slip_chance(hand[1], pick, hand, trick, trump)
    assert king + ace == pytest.approx(1.0)
    assert ace == pytest.approx(king * ai.THROW_SLIP)
    # led, an ace or a three is at risk too; won on a trick, it is not
    assert ai.throws_points(int(Card.parse("3s")), [], trump)
    assert not ai.throws_points(int(Card.parse("Ac")), trick, trump)
    # loaded on a partner's winning trick (team games), an ace is not thrown away
    assert ai.throws_points(int(Card.parse("Ad")), trick, trump)
    assert not ai.throws_points(int(Card.parse("Ad")), trick, trump, partner_winning=True)


def test_the_solved_endgame_plays_for_the_opponent_it_reads():
    # once the stock is gone every card is known; then hard's move is the best against the style it reads: it
    # differs, in some positions, between an opponent read as random and one read as playing its best
    import rules.ai.briscola.search as ai

    differing = 0
    for seed in range(40):
        m = Briscola(2, {}, seed=seed)
        rng = random.Random(seed)
        while m.round.stock or not m.round.briscola_drawn:
            seat = m.to_move()
            m.apply(rng.choice(m.view(seat).legal), seat)
        seat = m.to_move()
        view = m.view(seat)
        if len(view.legal) < 2:
            continue
        chosen = {}
        for prior, mix in (((0.0, 0.0, 1.0), (1.0, 0.0, 0.0)), ((0.0, 1.0, 0.0), (0.0, 0.0, 1.0))):
            tuning = ai.BriscolaTuning(style_prior=prior)
            values = []
            for a in view.legal:
                r = m.round.clone()
                r.apply_unchecked(int(a.card))
                values.append(ai.versus_styles(r, seat, mix))
            chosen[prior] = ai.hard(view, random.Random(0), 50, tuning)
            assert values[view.legal.index(chosen[prior])] == pytest.approx(max(values))
        differing += len(set(chosen.values())) > 1
    assert differing >= 2
