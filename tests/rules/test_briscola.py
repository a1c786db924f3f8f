"""Briscola engine checked against RULES.md: tricks, drawing, trump exchange, conquest, scoring, matches,
options, views, illegal actions and autoplay.

Expected values are worked out by hand from RULES.md; scripted deals (``Briscola(..., deals=...)``) fix the
cards, and the few searches over seeds check a rule on every round they play.
"""

from __future__ import annotations

import copy
import random

import pytest

from rules.actions import Action, IllegalAction, OptionError, RulesError
from rules.cards import Card
from rules.games.briscola.engine import Briscola
from rules.games.briscola.rules import deck_for

# ----- the rules, restated for the tests -----
RANK_POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
STRENGTH = "A3RCF76542"
"""Trick strength, high to low."""
SIDES = {2: ((0,), (1,)), 3: ((0,), (1,), (2,)), 4: ((0, 2), (1, 3)), 6: ((0, 2, 4), (1, 3, 5))}
TRICKS = {2: 20, 3: 13, 4: 10, 6: 6}
"""Tricks in a round: the deck size divided by the player count."""

# seat 0's strong non-trumps and seat 1's weak ones in the scripted 2-player deals where seat 0 wins every
# trick of the stock phase (trumps are Bastoni; seat 1 holds no trump until it draws the briscola last)
STRONG = ["Ad", "Ac", "As", "3d", "3c", "3s", "Rd", "Rc", "Rs", "Cd", "Cc"]
WEAK = ["Cs", "Fd", "Fc", "Fs"] + [r + s for s in "dcs" for r in "76542"]


def C(text: str) -> Card:
    return Card.parse(text)


def pts(texts) -> int:
    return sum(RANK_POINTS.get(str(t)[0], 0) for t in texts)


def winner_of(cards: list[str], trump: str) -> int:
    """Index of the winning card: the highest trump, else the highest card of the led suit."""
    trumps = [i for i, c in enumerate(cards) if c[1] == trump]
    pool = trumps or [i for i, c in enumerate(cards) if c[1] == cards[0][1]]
    return min(pool, key=lambda i: STRENGTH.index(cards[i][0]))


def expected_round(n: int, seat_points: list[int], bonus: bool) -> tuple[list[int], list[int]]:
    """(game points per seat, winning seats) of a round without conquest, by RULES.md."""
    sides = SIDES[n]
    side_pts = [sum(seat_points[s] for s in side) for side in sides]
    if n == 3:
        top = max(side_pts)
        win = side_pts.index(top) if side_pts.count(top) == 1 else None
    else:
        win = next((i for i, p in enumerate(side_pts) if p > 60), None)
    gp = [0] * n
    if win is None:
        return gp, []
    for s in sides[win]:
        gp[s] = 2 if bonus and side_pts[win] >= 91 else 1
    return gp, list(sides[win])


# ----- building and playing scripted situations -----
def make_deal(n: int, hands, briscola: str, first=()) -> dict:
    """A record-form deal: the given hands and briscola, the stock starting with ``first`` and then the rest
    of the deck in deck order."""
    fixed = [c for h in hands for c in h] + [briscola, *first]
    deck = [str(c) for c in deck_for(n)]
    assert len(set(fixed)) == len(fixed) and set(fixed) <= set(deck), "bad scripted deal"
    rest = [c for c in deck if c not in fixed]
    return {"hands": [list(h) for h in hands], "stock": [*first, *rest], "briscola": briscola, "table": [],
            "kitty": []}


def scripted(n: int, hands, briscola: str, first=(), *, dealer: int | None = None, **options) -> Briscola:
    """A match whose every round is the scripted deal; by default seat 0 leads (the dealer is seat n-1)."""
    deal = make_deal(n, hands, briscola, first)
    return Briscola(n, options, seed=0, first_dealer=n - 1 if dealer is None else dealer,
                    deals=lambda _i, _d: copy.deepcopy(deal))


def two_player_script(seat0: list[str], seat1: list[str], briscola: str, **options) -> Briscola:
    """A 2-player match with seat 0 leading; ``seat0`` (20 cards) and ``seat1`` (19 cards) are the cards in the
    order each seat receives them, assuming seat 0 wins every trick of the stock phase (so draws first);
    seat 1 draws the briscola at the 17th draw."""
    assert len(seat0) == 20 and len(seat1) == 19
    stock = [c for pair in zip(seat0[3:19], seat1[3:19]) for c in pair] + [seat0[19]]
    deal = {"hands": [seat0[:3], seat1[:3]], "stock": stock, "briscola": briscola, "table": [], "kitty": []}
    return Briscola(2, options, seed=0, first_dealer=1, deals=lambda _i, _d: copy.deepcopy(deal))


def hand(m: Briscola, seat: int) -> set[str]:
    return {str(Card(c)) for c in m.round.hands[seat]}


def play(m: Briscola, *cards: str) -> None:
    """Each card is played by the seat to move."""
    for c in cards:
        m.apply(Action.play(c), m.to_move())


def strong_first(keep=()):
    """Seat policy: a non-trump (Bastoni are trumps) if any, else the highest trump, never a card of ``keep``
    while another card is left."""

    def choose(cards: list[str]) -> str:
        pool = [c for c in cards if c not in keep] or cards
        plain = [c for c in pool if c[1] != "b"]
        return plain[0] if plain else min(pool, key=lambda c: STRENGTH.index(c[0]))

    return choose


def most_points(cards: list[str]) -> str:
    return max(cards, key=lambda c: RANK_POINTS.get(c[0], 0))


def run(m: Briscola, policies, tricks: int | None = None) -> None:
    """Play cards chosen by ``policies[seat]`` until the round ends, or until ``tricks`` tricks are done."""
    rnd = m.round
    while not m.is_over() and m.round is rnd and (tricks is None or len(rnd.history) < tricks):
        seat = m.to_move()
        m.apply(Action.play(policies[seat]([str(Card(c)) for c in rnd.hands[seat]])), seat)


def snapshot(m: Briscola):
    r = m.round
    return (copy.deepcopy(m.record()), [m.view(s) for s in range(m.n)], m.view(None), m.to_move(),
            m.legal_actions(), [list(h) for h in r.hands], list(r.stock), r.briscola, r.briscola_drawn,
            list(r.trick), list(r.history), list(r.captured), list(r.exchanges), r.can_exchange, m.result())


def assert_illegal(m: Briscola, action: Action, seat: int | None, *keywords: str) -> str:
    """``action`` raises IllegalAction, its message holds one of ``keywords``, and nothing changes."""
    before = snapshot(m)
    with pytest.raises(IllegalAction) as err:
        m.apply(action, seat)
    message = str(err.value)
    assert message, "the error must say why"
    if keywords:
        assert any(k.lower() in message.lower() for k in keywords), message
    assert snapshot(m) == before
    return message


def random_round(m: Briscola, rng: random.Random) -> None:
    """Play random legal cards until the current round ends."""
    rnd = m.round
    while not m.is_over() and m.round is rnd:
        m.apply(rng.choice([a for a in m.legal_actions() if a.kind == "play"]))


# ====================================================================================================
# tricks
# ====================================================================================================
@pytest.mark.parametrize(
    ("lead", "follow", "winner"),
    [
        ("5d", "6d", 1),  # same suit: the higher card
        ("6d", "5d", 0),
        ("Rd", "3d", 1),  # a 3 beats a R (and C, F)
        ("Fd", "3d", 1),
        ("3d", "Ad", 1),  # only the ace beats a 3
        ("Cd", "Rd", 1),
        ("7d", "Fd", 1),
        ("2d", "4d", 1),
        ("4d", "Ac", 0),  # an off-suit second card loses to the lead, however high
        ("2d", "Rs", 0),
        ("Ad", "2b", 1),  # a trump beats a higher non-trump lead
        ("3c", "4b", 1),
        ("Cb", "3b", 1),  # trump on trump: the higher trump
        ("Ab", "3b", 0),
        ("2b", "Ad", 0),  # a trump lead against a higher non-trump
    ],
)
def test_two_player_trick_winner(lead, follow, winner):
    m = scripted(2, [[lead, "5c", "6c"], [follow, "7c", "Fc"]], "Rb")
    play(m, lead)
    assert m.to_move() == 1
    play(m, follow)
    r = m.round
    assert r.history == [(0, (C(lead), C(follow)), winner)]
    assert r.captured[winner] == pts([lead, follow]) and r.captured[1 - winner] == 0
    assert m.to_move() == winner, "the trick winner leads next"


@pytest.mark.parametrize(
    ("cards", "winner"),
    [
        (["4d", "Ac", "5d", "As"], 2),  # the led suit against two other suits
        (["Ad", "3c", "Rs", "5d"], 0),
        (["4d", "2b", "Ad", "5b"], 3),  # two trumps: the higher one
        (["4d", "Cb", "Ad", "2b"], 1),
        (["Ab", "Ad", "3d", "Rb"], 0),
    ],
)
def test_four_player_trick_winner(cards, winner):
    hands = [[c, f1, f2] for c, (f1, f2) in zip(cards, [("6c", "7c"), ("Fc", "6s"), ("7s", "Fs"), ("4c", "5c")])]
    m = scripted(4, hands, "7b", show_points="on")
    play(m, *cards)
    assert m.round.history[0][2] == winner
    assert m.to_move() == winner
    side = [0, 1, 0, 1][winner]
    expected = [0, 0]
    expected[side] = pts(cards)
    assert m.view(0).points == tuple(expected)


def test_three_player_winner_draws_first_then_play_order():
    # dealer 2, seat 0 leads; seat 1 wins with the Ad (no trump played)
    m = scripted(3, [["4d", "5c", "6c"], ["Ad", "7c", "Fc"], ["5d", "7s", "Fs"]], "6b", first=["Rc", "2s", "Fb"])
    play(m, "4d", "Ad", "5d")
    assert m.round.history[-1][2] == 1
    assert m.to_move() == 1
    assert hand(m, 1) == {"7c", "Fc", "Rc"}  # the winner draws the first stock card
    assert hand(m, 2) == {"7s", "Fs", "2s"}  # then the others in play order
    assert hand(m, 0) == {"5c", "6c", "Fb"}
    assert m.view(0).stock_count == 39 - 9 - 1 - 3


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_every_draw_and_trick_of_random_rounds(n):
    """Random rounds: each trick goes to the card the rule names; after it the winner leads and draws first,
    then the others in play order, the face-down stock in order and the briscola last."""
    for seed in range(3):
        rng = random.Random(seed)
        m = Briscola(n, seed=seed, first_dealer=seed % n)
        assert m.to_move() == (seed % n + 1) % n, "the seat after the dealer leads the first trick"
        deal = m.rounds[0]["deal"]
        order = deal["stock"] + [deal["briscola"]]
        assert len(order) == len(deck_for(n)) - 3 * n
        trump = deal["briscola"][1]
        drawn = 0
        while not m.is_over():
            r = m.round
            before = [hand(m, s) for s in range(n)]
            seat = m.to_move()
            card = rng.choice(sorted(before[seat]))
            m.apply(Action.play(card), seat)
            before[seat].discard(card)
            if r.trick:
                continue
            leader, cs, w = r.history[-1]
            texts = [str(Card(c)) for c in cs]
            assert w == (leader + winner_of(texts, trump)) % n
            if drawn < len(order):
                for i in range(n):
                    s = (w + i) % n
                    assert hand(m, s) - before[s] == {order[drawn + i]}
                drawn += n
                if drawn == len(order):  # the briscola went to the last seat in the draw order
                    assert deal["briscola"] in hand(m, (w + n - 1) % n)
                    assert m.view(0).briscola is None and m.view(0).stock_count == 0
                else:
                    assert m.view(0).stock_count == len(order) - drawn - 1
                    assert m.view(0).briscola == C(deal["briscola"])
            else:
                assert all(hand(m, s) == before[s] for s in range(n))
            if not m.is_over():
                assert m.to_move() == w
        assert drawn == len(order)
        assert len(m.round.history) == TRICKS[n]


# ====================================================================================================
# trump exchange
# ====================================================================================================
EXCHANGES = [("7b", b) for b in ("Fb", "Cb", "Rb", "3b", "Ab")] + [("2b", b) for b in ("4b", "5b", "6b", "7b")]
EXCHANGES += [("7d", "Ad"), ("2d", "4d")]


@pytest.mark.parametrize(("give", "briscola"), EXCHANGES)
def test_trump_exchange_allowed(give, briscola):
    m = scripted(2, [[give, "Ac", "5s"], ["4c", "6s", "7c"]], briscola, first=["6c", "Fs"], trump_exchange="on")
    play(m, "Ac", "4c")
    assert m.to_move() == 0
    assert Action.exchange(give) in m.legal_actions()
    assert m.view(0).can_exchange
    stock = m.view(0).stock_count
    m.apply(Action.exchange(give), 0)
    assert hand(m, 0) == {briscola, "5s", "6c"}, "the old briscola is in the player's hand"
    for s in (0, 1, None):
        assert m.view(s).briscola == C(give), "the exchanged card is the new face-up briscola"
        assert m.view(s).stock_count == stock
    assert m.rounds[0]["actions"][-1] == {"seat": 0, "exchange": give}
    assert m.to_move() == 0, "the winner still leads"
    assert all(a.kind == "play" for a in m.legal_actions())
    # the new face-up card is drawn last, by the seat after the winner of the last drawing trick
    rnd = m.round
    while give not in hand(m, 0) | hand(m, 1):
        assert m.view(0).briscola == C(give)
        play(m, sorted(hand(m, m.to_move()))[0])
    w = rnd.history[-1][2]
    assert give in hand(m, 1 - w)
    assert m.view(0).stock_count == 0 and m.view(0).briscola is None


def exchange_at(briscola: str, hand0: list[str], hand1: list[str] | None = None, **options) -> Briscola:
    """Seat 0 leads Ac, seat 1 answers 4c: seat 0 wins the first trick and is to lead the second."""
    options.setdefault("trump_exchange", "on")
    m = scripted(2, [hand0, hand1 or ["4c", "6s", "7s"]], briscola, first=["6c", "Fs"], **options)
    play(m, "Ac", "4c")
    return m


def test_no_exchange_before_the_first_trick():
    m = scripted(2, [["7b", "Ac", "5s"], ["4c", "6s", "7s"]], "Rb", trump_exchange="on")
    assert Action.exchange("7b") not in m.legal_actions()
    assert_illegal(m, Action.exchange("7b"), 0, "first trick")


def test_no_exchange_when_the_option_is_off():
    m = exchange_at("Rb", ["7b", "Ac", "5s"], trump_exchange="off")
    assert m.legal_actions() and all(a.kind == "play" for a in m.legal_actions())
    assert_illegal(m, Action.exchange("7b"), 0, "off", "option", "trump_exchange")


def test_no_exchange_by_a_seat_that_did_not_win_the_last_trick():
    m = exchange_at("Rb", ["Ac", "5s", "6s"], ["4c", "7b", "7s"])
    assert m.to_move() == 0
    assert_illegal(m, Action.exchange("7b"), 1, "turn")
    assert m.view(1).legal == ()


def test_no_exchange_during_a_trick():
    m = exchange_at("Rb", ["Ac", "5s", "6s"], ["4c", "7b", "7s"])
    play(m, "5s")  # seat 0 leads the second trick; seat 1 holds the 7 of trumps
    assert m.to_move() == 1
    assert Action.exchange("7b") not in m.legal_actions()
    assert_illegal(m, Action.exchange("7b"), 1, "lead", "between tricks", "during")


def test_only_one_exchange_between_two_tricks():
    m = exchange_at("Rb", ["7b", "2b", "Ac"])
    m.apply(Action.exchange("7b"), 0)  # now the face-up card is the 7b, which a 2 of trumps would take
    assert m.view(0).briscola == C("7b")
    assert Action.exchange("2b") not in m.legal_actions()
    assert_illegal(m, Action.exchange("2b"), 0, "one exchange", "once", "already", "twice")


@pytest.mark.parametrize(
    ("briscola", "give", "hand0"),
    [
        ("4b", "7b", ["7b", "Ac", "5s"]),  # the 7 takes only F, C, R, 3, A
        ("Ab", "2b", ["2b", "Ac", "5s"]),  # the 2 takes only 4, 5, 6, 7
        ("Rb", "7d", ["7d", "Ac", "5s"]),  # a 7 that is not a trump
        ("2b", "7b", ["7b", "Ac", "5s"]),  # nothing takes a 2
        ("4b", "Fb", ["Fb", "Ac", "5s"]),  # only a 7 or a 2 can be given
    ],
)
def test_exchange_with_the_wrong_card(briscola, give, hand0):
    m = exchange_at(briscola, hand0)
    assert all(a.kind == "play" for a in m.legal_actions())
    assert_illegal(m, Action.exchange(give), 0, give)


def test_exchange_of_a_card_not_in_hand():
    m = exchange_at("Rb", ["Ac", "5s", "6s"], ["4c", "7b", "7s"])
    assert_illegal(m, Action.exchange("7b"), 0, "hand")
    m = exchange_at("Rb", ["Ac", "5s", "Fc"])  # the 7b is still in the stock
    assert_illegal(m, Action.exchange("7b"), None, "hand")


# seat 0 keeps the 2 of trumps to the end and wins every trick of the stock phase; the briscola is the 4b
KEEP_TWO = ["2b", "Ad", "Ac"] + STRONG[2:] + ["Ab", "3b", "Rb", "Cb", "Fb", "7b", "6b", "5b"]
KEEP_TWO_POLICIES = [strong_first(keep={"2b"}), most_points]


def test_exchange_allowed_with_one_face_down_card_left_and_drawn_last():
    m = two_player_script(KEEP_TWO, WEAK, "4b", trump_exchange="on")
    run(m, KEEP_TWO_POLICIES, tricks=16)
    assert [w for _, _, w in m.round.history] == [0] * 16
    assert m.view(0).stock_count == 1 and m.view(0).briscola == C("4b")
    assert m.to_move() == 0 and "2b" in hand(m, 0)
    m.apply(Action.exchange("2b"), 0)
    assert "4b" in hand(m, 0) and "2b" not in hand(m, 0)
    run(m, KEEP_TWO_POLICIES, tricks=17)
    assert m.round.history[-1][2] == 0
    assert "2b" in hand(m, 1), "the loser of the last drawing trick draws the face-up card"
    assert KEEP_TWO[19] in hand(m, 0), "the winner draws the last face-down card"
    assert m.view(0).stock_count == 0 and m.view(0).briscola is None


def test_no_exchange_once_the_stock_has_no_face_down_card():
    m = two_player_script(KEEP_TWO, WEAK, "4b", trump_exchange="on")
    run(m, KEEP_TWO_POLICIES, tricks=17)
    assert [w for _, _, w in m.round.history] == [0] * 17
    assert m.to_move() == 0 and "2b" in hand(m, 0) and "4b" in hand(m, 1)
    assert m.view(0).stock_count == 0
    assert all(a.kind == "play" for a in m.legal_actions())
    assert_illegal(m, Action.exchange("2b"), 0, "stock")


# ====================================================================================================
# conquest
# ====================================================================================================
@pytest.mark.parametrize(("n", "seat", "game_points"), [
    (2, 0, [1, 0]), (2, 1, [0, 1]), (3, 2, [0, 0, 1]), (4, 1, [0, 1, 0, 1]), (4, 2, [1, 0, 1, 0]),
    (6, 3, [0, 1, 0, 1, 0, 1]),
])
def test_conquest_at_the_deal_ends_the_round_at_once(n, seat, game_points):
    low = ["4d", "5d", "6d", "7d", "4c", "5c", "6c", "7c", "4s", "5s", "6s", "7s", "5b", "6b", "Fs", "Fd",
           "Fc", "Cd"]
    hands = [low[3 * i:3 * i + 3] for i in range(n)]
    hands[seat] = ["Ab", "3b", "Rb"]
    m = scripted(n, hands, "7b", conquest="on", high_score_bonus="on")
    assert m.is_over() and m.to_move() is None
    assert m.round.history == [] and m.rounds[0]["actions"] == []
    assert m.rounds[0]["result"]["game_points"] == game_points  # 1 each: the side holds no card points
    winners = [s for s in range(n) if game_points[s]]
    assert m.result() == {"game_points": game_points, "winners": winners}
    assert m.legal_actions() == []
    assert_illegal(m, Action.play(hands[0][0]), None, "over")


def test_conquest_at_every_deal_of_short_and_long_matches():
    for match, rounds in (("short", 3), ("long", 5)):
        m = scripted(2, [["Ab", "3b", "Rb"], ["2d", "4d", "5d"]], "7b", dealer=1, conquest="on", match=match)
        assert m.is_over()
        assert len(m.rounds) == rounds
        assert [r["result"]["game_points"] for r in m.rounds] == [[1, 0]] * rounds
        assert [r["dealer"] for r in m.rounds] == [(1 + i) % 2 for i in range(rounds)]
        assert m.result() == {"game_points": [rounds, 0], "winners": [0]}


def test_conquest_off_at_the_deal():
    m = scripted(2, [["Ab", "3b", "Rb"], ["2d", "4d", "5d"]], "7b")
    assert not m.is_over() and m.to_move() == 0
    assert "result" not in m.rounds[0]


def test_conquest_after_a_draw():
    m = scripted(2, [["Ab", "3b", "Ad"], ["4d", "5c", "6s"]], "4b", first=["Rb", "2c"], conquest="on",
                 high_score_bonus="on")
    assert not m.is_over()
    play(m, "Ad", "4d")  # seat 0 wins and draws the Rb first
    assert hand(m, 0) == {"Ab", "3b", "Rb"}
    assert m.is_over() and m.to_move() is None
    result = m.rounds[0]["result"]
    assert result["game_points"] == [1, 0]  # 11 card points: no bonus
    assert m.result() == {"game_points": [1, 0], "winners": [0]}


def test_conquest_completed_by_a_later_drawer_counts_for_the_side():
    # dealer 3: seat 0 leads 4d; seat 2 wins with the Ad and draws first, then seats 3, 0 (the Rb), 1
    m = scripted(4, [["Ab", "3b", "4d"], ["5d", "6c", "7c"], ["Ad", "Fc", "6s"], ["2c", "7s", "Fs"]], "5b",
                 first=["4c", "5c", "Rb", "4s"], conquest="on")
    play(m, "4d", "5d", "Ad")
    assert not m.is_over()
    play(m, "2c")
    assert hand(m, 0) == {"Ab", "3b", "Rb"}
    assert m.is_over()
    assert m.rounds[0]["result"]["game_points"] == [1, 0, 1, 0]
    assert m.result() == {"game_points": [1, 0, 1, 0], "winners": [0, 2]}


def test_no_conquest_after_a_draw_when_the_option_is_off():
    m = scripted(2, [["Ab", "3b", "Ad"], ["4d", "5c", "6s"]], "4b", first=["Rb", "2c"])
    play(m, "Ad", "4d")
    assert hand(m, 0) == {"Ab", "3b", "Rb"}
    assert not m.is_over() and m.to_move() == 0
    assert "result" not in m.rounds[0]


# seat 0 holds Ab 3b all along, plays its third card each trick and draws the Rb at the 17th draw
CONQUEST_LATE = ["Ab", "3b"] + STRONG + ["2b", "5b", "6b", "7b", "Fb", "Cb", "Rb"]
# its 17 cards played are worth 81 + 5 = 86; seat 1 plays its 17 richest weak cards: 3 + 2 + 2 + 2 = 9
CONQUEST_LATE_POINTS = 95


@pytest.mark.parametrize(("bonus", "game_points"), [("on", [2, 0]), ("off", [1, 0])])
def test_conquest_with_high_score_bonus_and_91_points(bonus, game_points):
    m = two_player_script(CONQUEST_LATE, WEAK, "4b", conquest="on", high_score_bonus=bonus)
    run(m, [strong_first(keep={"Ab", "3b", "Rb"}), most_points])
    assert m.is_over()
    assert len(m.round.history) == 17 and all(w == 0 for _, _, w in m.round.history)
    assert hand(m, 0) == {"Ab", "3b", "Rb"}
    assert m.rounds[0]["result"]["card_points"] == [CONQUEST_LATE_POINTS, 0]
    assert m.rounds[0]["result"]["game_points"] == game_points
    assert m.result() == {"game_points": game_points, "winners": [0]}


# ====================================================================================================
# round results and high_score_bonus
# ====================================================================================================
# seat 0 wins all 20 tricks: strong non-trumps first, then every trump; seat 1 only draws the 2b at the end
ALL_TRICKS = STRONG + ["Ab", "3b", "Rb", "Cb", "Fb", "7b", "6b", "5b", "4b"]


@pytest.mark.parametrize("match", ["single", "short", "long"])
def test_all_120_points_win_the_match_at_once_with_high_score_bonus(match):
    m = two_player_script(ALL_TRICKS, WEAK, "2b", match=match, high_score_bonus="on")
    run(m, [strong_first(), most_points])
    assert m.is_over(), "capturing all 120 wins the match at once"
    assert len(m.rounds) == 1
    assert [w for _, _, w in m.round.history] == [0] * 20
    assert m.rounds[0]["result"]["card_points"] == [120, 0]
    assert m.rounds[0]["result"]["game_points"] == [2, 0]
    assert m.result() == {"game_points": [2, 0], "winners": [0]}


def test_all_120_points_without_the_bonus_score_one_game_point():
    m = two_player_script(ALL_TRICKS, WEAK, "2b", match="short")
    run(m, [strong_first(), most_points])
    assert not m.is_over()
    assert len(m.rounds) == 2 and m.rounds[1]["dealer"] == 0
    assert m.rounds[0]["result"]["game_points"] == [1, 0]
    assert m.totals == [1, 0]


def check_round(m: Briscola, bonus: bool) -> tuple[list[int], list[int]]:
    """The scored round agrees with the rule computed from its tricks; returns (seat points, game points)."""
    n = m.n
    seat_points = [0] * n
    for _, cs, w in m.round.history:
        seat_points[w] += pts(str(Card(c)) for c in cs)
    assert sum(seat_points) == 120
    result = m.rounds[-1]["result"]
    assert result["card_points"] == seat_points
    gp, winners = expected_round(n, seat_points, bonus)
    assert result["game_points"] == gp
    assert m.result() == {"game_points": gp, "winners": winners}
    return seat_points, gp


def test_two_player_results_draw_at_60_and_bonus_from_91():
    seen: dict[str, int] = {}
    for seed in range(3000):
        bonus = seed % 2 == 0
        m = Briscola(2, {"high_score_bonus": "on" if bonus else "off"}, seed=seed)
        random_round(m, random.Random(seed))
        seat_points, gp = check_round(m, bonus)
        top = max(seat_points)
        if top == 60:
            assert gp == [0, 0] and m.result()["winners"] == [], "60-60 is a draw"
            seen.setdefault("draw", seed)
        elif bonus and top in (61, 90, 91):
            assert sum(gp) == (2 if top == 91 else 1)
            seen.setdefault(str(top), seed)
        if len(seen) == 4:
            break
    assert set(seen) == {"draw", "61", "90", "91"}, seen


def test_three_player_highest_wins_and_a_tie_at_the_top_is_a_draw():
    ties = wins = 0
    for seed in range(3000):
        m = Briscola(3, seed=seed)
        random_round(m, random.Random(seed))
        seat_points, gp = check_round(m, False)
        if seat_points.count(max(seat_points)) > 1:
            assert gp == [0, 0, 0] and m.result()["winners"] == []
            ties += 1
        else:
            assert gp[seat_points.index(max(seat_points))] == 1 and sum(gp) == 1
            wins += 1
        if ties and wins >= 5:
            break
    assert ties and wins >= 5


@pytest.mark.parametrize("n", [4, 6])
def test_team_results(n):
    for seed in range(30):
        bonus = seed % 2 == 1
        m = Briscola(n, {"high_score_bonus": "on" if bonus else "off"}, seed=seed)
        random_round(m, random.Random(seed))
        check_round(m, bonus)


# ====================================================================================================
# matches
# ====================================================================================================
@pytest.mark.parametrize(("n", "match", "target"), [(2, "short", 3), (2, "long", 5), (3, "short", 3),
                                                    (4, "short", 3), (4, "long", 5), (6, "short", 3)])
def test_match_length_and_dealer_rotation(n, match, target):
    for seed in range(2):
        rng = random.Random(seed)
        m = Briscola(n, {"match": match}, seed=seed, first_dealer=seed % n)
        totals = [0] * n
        played = 0
        while not m.is_over():
            assert max(totals) < target
            dealer = (seed % n + played) % n
            assert m.rounds[-1]["dealer"] == dealer and m.round.dealer == dealer
            assert m.to_move() == (dealer + 1) % n
            random_round(m, rng)
            totals = [t + g for t, g in zip(totals, m.rounds[played]["result"]["game_points"])]
            played += 1
        assert len(m.rounds) == played
        assert max(totals) == target, "the match ends when a side first reaches the target"
        winners = [s for s in range(n) if totals[s] == target]
        assert m.result() == {"game_points": totals, "winners": winners}
        assert winners in [list(side) for side in SIDES[n]]


def test_single_match_is_one_round():
    m = Briscola(4, seed=5)
    random_round(m, random.Random(5))
    assert m.is_over() and len(m.rounds) == 1


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_first_dealer_and_first_leader(n):
    for dealer in range(n):
        m = Briscola(n, seed=dealer, first_dealer=dealer)
        assert m.rounds[0]["dealer"] == dealer
        assert m.to_move() == (dealer + 1) % n
        assert all(len(h) == 3 for h in m.round.hands)


def test_unsupported_player_count():
    for n in (1, 5, 7):
        with pytest.raises(RulesError):
            Briscola(n)


# ====================================================================================================
# options
# ====================================================================================================
@pytest.mark.parametrize(
    ("n", "options", "words"),
    [
        (2, {"colour": "red"}, ["colour", "match", "trump_exchange"]),
        (2, {"match": "medium"}, ["match", "single", "short", "long"]),
        (2, {"conquest": "yes"}, ["conquest", "off", "on"]),
        (4, {"teams": "135-246"}, ["teams", "random", "12-34", "13-24", "14-23"]),
        (6, {"teams": "12-34"}, ["teams", "random", "135-246"]),
        (2, {"team_chat": "off"}, ["team_chat", "4", "6"]),
        (3, {"partner_hand": "on"}, ["partner_hand", "4", "6"]),
        (2, {"teams": "random"}, ["teams"]),
        (2, {"turn_timer": "10"}, ["turn_timer", "15", "600", "off"]),
        (2, {"turn_timer": "14"}, ["turn_timer", "15", "600", "off"]),
        (2, {"turn_timer": "700"}, ["turn_timer", "15", "600", "off"]),
        (2, {"turn_timer": "601"}, ["turn_timer", "15", "600", "off"]),
        (2, {"turn_timer": "abc"}, ["turn_timer", "15", "600", "off"]),
        (4, {"team_chat": "always"}, ["team_chat", "after_first_trick", "after_first_round", "off"]),
    ],
)
def test_bad_options_raise_option_error(n, options, words):
    with pytest.raises(OptionError) as err:
        Briscola(n, options)
    message = str(err.value)
    for w in words:
        assert w in message, (w, message)


@pytest.mark.parametrize("timer", ["30", "15", "600", "off", "120"])
def test_turn_timer_accepted(timer):
    value = Briscola(2, {"turn_timer": timer}).options["turn_timer"]
    assert str(value) == timer


DEFAULTS = {"match": "single", "faces": "italian", "show_points": "off", "open": "off", "trump_exchange": "off",
            "high_score_bonus": "off", "conquest": "off", "autoplay_last": "on"}


@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_defaults_are_filled_in(n):
    opts = Briscola(n, {"match": "short"}).options
    expected = dict(DEFAULTS, match="short")
    if n in (4, 6):
        expected.update(teams="random", team_chat="after_first_trick", partner_hand="on")
    assert {k: opts[k] for k in expected} == expected
    assert str(opts["turn_timer"]) == "120"
    if n in (2, 3):
        assert not {"teams", "team_chat", "partner_hand"} & set(opts)


# ====================================================================================================
# views
# ====================================================================================================
def test_view_own_hand_trick_briscola_and_stock():
    m = scripted(2, [["Ad", "2c", "5s"], ["Rd", "6c", "7s"]], "Rb", first=["Fd", "4c"])
    v0, v1, pub = m.view(0), m.view(1), m.view(None)
    assert set(v0.hand) == {C("Ad"), C("2c"), C("5s")} and set(v1.hand) == {C("Rd"), C("6c"), C("7s")}
    assert v0.visible_hands == {} and v1.visible_hands == {} and pub.visible_hands == {}
    assert pub.hand == () and pub.legal == ()
    assert v0.hand_sizes == (3, 3)
    assert v0.briscola == v1.briscola == pub.briscola == C("Rb") and v0.trump == "b"
    assert v0.stock_count == pub.stock_count == 40 - 6 - 1
    assert v0.next_stock is None and v0.points is None
    assert v0.to_move == 0 and set(v0.legal) == {Action.play(c) for c in ("Ad", "2c", "5s")}
    assert v1.legal == ()
    play(m, "Ad")
    for s in (0, 1, None):
        assert m.view(s).trick == ((0, C("Ad")),)
    assert set(m.view(1).legal) == {Action.play(c) for c in ("Rd", "6c", "7s")} and m.view(0).legal == ()
    play(m, "Rd")
    v = m.view(1)
    assert v.trick == ()
    assert v.tricks == ((0, ((0, C("Ad")), (1, C("Rd"))), 0),)
    assert v.stock_count == 40 - 6 - 1 - 2
    assert set(m.view(0).hand) == {C("2c"), C("5s"), C("Fd")}
    assert v.points is None


def test_view_trick_by_seat_three_players():
    m = scripted(3, [["4d", "5c", "6c"], ["Ad", "7c", "Fc"], ["5d", "7s", "Fs"]], "6b", dealer=1)
    assert m.to_move() == 2
    play(m, "5d", "4d")
    assert m.view(1).trick == ((2, C("5d")), (0, C("4d")))
    assert m.view(1).to_move == 1


def test_show_points():
    m = scripted(2, [["Ad", "2c", "5s"], ["Rd", "6c", "7s"]], "Rb", show_points="on")
    assert m.view(0).points == (0, 0)
    play(m, "Ad", "Rd")
    for s in (0, 1, None):
        assert m.view(s).points == (15, 0)
    m = scripted(4, [["4d", "6c", "7c"], ["Ac", "Fc", "6s"], ["5d", "7s", "Fs"], ["As", "4c", "5c"]], "7b",
                 show_points="on")
    play(m, "4d", "Ac", "5d", "As")
    assert m.view(3).points == (22, 0)


@pytest.mark.parametrize(("n", "partners"), [(4, {0: {2}, 1: {3}, 2: {0}, 3: {1}}),
                                             (6, {0: {2, 4}, 1: {3, 5}, 2: {0, 4}, 3: {1, 5}, 4: {0, 2}, 5: {1, 3}})])
def test_partner_hand(n, partners):
    for setting in ("on", "off"):
        m = Briscola(n, {"partner_hand": setting}, seed=11)
        rng = random.Random(11)
        checked_empty = False
        while not m.is_over():
            empty = m.view(None).stock_count == 0 and m.view(None).briscola is None
            for s in range(n):
                v = m.view(s)
                if empty and setting == "on":
                    assert set(v.visible_hands) == partners[s]
                    for p in partners[s]:
                        assert set(v.visible_hands[p]) == {C(c) for c in hand(m, p)}
                    checked_empty = True
                else:
                    assert v.visible_hands == {}
            assert m.view(None).visible_hands == {} and m.view(None).hand == ()
            m.apply(rng.choice(m.legal_actions()))
        assert checked_empty or setting == "off"


@pytest.mark.parametrize("n", [2, 4])
def test_open_mode_shows_every_hand_and_the_next_stock_card(n):
    hands = [["Ad", "2c", "5s"], ["Rd", "6c", "7s"], ["4d", "Fc", "Fs"], ["5d", "4c", "6s"]][:n]
    m = scripted(n, hands, "Rb", first=["Fd", "4s", "Cc", "Cs", "Cd", "2s"], open="on")
    for s in range(n):
        v = m.view(s)
        assert set(v.visible_hands) == set(range(n)) - {s}
        for o, h in v.visible_hands.items():
            assert {str(c) for c in h} == set(hands[o])
        assert v.next_stock == C("Fd")
    assert m.view(None).hand == ()
    play(m, *[h[0] for h in hands])
    assert m.view(0).next_stock == C(["Fd", "4s", "Cc", "Cs", "Cd", "2s"][n])


def test_view_of_a_seat_that_does_not_exist():
    m = Briscola(2)
    with pytest.raises(RulesError):
        m.view(2)


# ====================================================================================================
# illegal actions
# ====================================================================================================
def test_illegal_actions_leave_the_state_unchanged():
    m = scripted(2, [["Ad", "2c", "5s"], ["Rd", "6c", "7s"]], "Rb")
    assert_illegal(m, Action.play("Rd"), 1, "turn")  # wrong seat
    assert_illegal(m, Action.play("Ad"), 1, "turn")
    assert_illegal(m, Action.play("Rd"), 0, "hand")  # a card of the other seat
    assert_illegal(m, Action.play("Rd"), None, "hand")
    assert_illegal(m, Action.play("4b"), 0, "hand")  # a stock card
    assert_illegal(m, Action.play("Rb"), 0, "hand")  # the face-up briscola
    assert_illegal(m, Action.play("Ad", take=["Rd"]), 0)  # Cicera-style plays
    assert_illegal(m, Action.play("Ad", take=[]), 0)
    assert_illegal(m, Action.make_bid("3"), 0)  # Chiamata actions
    assert_illegal(m, Action.make_bid(75), 0)
    assert_illegal(m, Action.pass_(), 0)
    assert_illegal(m, Action.call("3d"), 0)
    assert_illegal(m, Action.declare_trump("d"), 0)
    assert_illegal(m, Action.discard(["Ad"]), 0)
    play(m, "Ad")
    assert_illegal(m, Action.play("2c"), 0, "turn")  # the leader cannot play twice
    assert_illegal(m, Action.play("2c"), None, "hand")
    play(m, "Rd")
    assert m.round.history[0][2] == 0


def test_every_action_raises_after_the_match_is_over():
    m = Briscola(2, seed=4)
    random_round(m, random.Random(4))
    assert m.is_over() and m.to_move() is None and m.legal_actions() == []
    for seat in (0, 1, None):
        for c in ("Ad", "2c", "7b", "Rs"):
            assert_illegal(m, Action.play(c), seat, "over")
        assert_illegal(m, Action.exchange("7b"), seat, "over")
    assert m.auto_action() is None


# ====================================================================================================
# autoplay_last
# ====================================================================================================
@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_autoplay_last_trick(n):
    for setting in ("on", "off"):
        m = Briscola(n, {"autoplay_last": setting}, seed=n)
        rng = random.Random(n)
        autos = 0
        while not m.is_over():
            rnd = m.round
            auto = m.auto_action()
            if setting == "on" and len(rnd.history) == TRICKS[n] - 1:
                only = hand(m, m.to_move())
                assert len(only) == 1 and auto == Action.play(only.pop())
                autos += 1
            else:
                assert auto is None
            m.apply(auto or rng.choice(m.legal_actions()))
        assert autos == (n if setting == "on" else 0)
        assert m.auto_action() is None
