"""Tressette's rules (RULES.md, "Tressette"): following suit, the trick rule without trumps, points in thirds
rounded down, the last trick, the two-player draw with both drawn cards shown, the declarations (accusi), the
signals of a lead, the match end and the extra round on equal totals; privacy of the views; random playouts
keep the 40 cards, replay to the same result and pass the independent referee.

The game is not in the registry of games yet (its other layers come later): ``registered`` adds it for the
record round trip and the conformance checks, and takes it out again."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import Action, IllegalAction, OptionError, RulesError
from rules.cards import SUITS, Card, deck_40
from rules.engine import Match
from rules.games.tressette.engine import SPEC, Tressette
from rules.games.tressette.events import Declared, Drawn, TressettePlay
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.rules import STRENGTH_ORDER, declarations, winning_index
from rules.records import ReplayError, replay_record
from rules.spec import GAMES
from tests.referee.test_referee import check_record
from tests.rules import test_conformance as conformance
from tests.rules.test_conformance import check_views, known_cards, play_out
from tests.rules.test_error_texts import _extracted


@contextmanager
def registered() -> Iterator[None]:
    """Tressette in the registry of games for the time of a block."""
    before = dict(GAMES)
    GAMES[SPEC.name] = SPEC
    try:
        yield
    finally:
        GAMES.clear()
        GAMES.update(before)


def names(cards: object) -> list[str]:
    """Cards as sorted texts."""
    return sorted(str(c) for c in cards)  # type: ignore[attr-defined]


def playable(rnd: TressetteRound) -> list[str]:
    """The cards the seat to move may play (without signals)."""
    return sorted({str(a.card) for a in rnd.legal_actions()})


def play(rnd: TressetteRound, card: str, signal: str | None = None) -> None:
    """Check and apply one play."""
    action = Action.play(card, signal=signal)
    rnd.check(action)
    rnd.apply_checked(action)


def random_match(players: int, seed: int, **options: str) -> Tressette:
    """A match played to its end by random legal actions from ``random.Random(seed)``."""
    match = SPEC.new_match(players, {"match": "single", **options}, seed)
    assert isinstance(match, Tressette)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    return match


# ----- following suit and the trick -----
def test_every_card_of_another_suit_is_refused_while_the_hand_holds_the_led_suit() -> None:
    rnd = TressetteRound.position(["Ad", "7c 3d 2s Rb Ab"], trick="4c")
    assert playable(rnd) == ["7c"]
    for card in ("3d", "2s", "Rb", "Ab"):
        with pytest.raises(IllegalAction) as refused:
            rnd.check(Action.play(card))
        assert str(refused.value) == "you must follow Coppe"
        assert refused.value.template == "you must follow Coppe" and refused.value.template in _extracted()
    assert names(rnd.hands[1]) == ["2s", "3d", "7c", "Ab", "Rb"] and names(rnd.trick) == ["4c"], "nothing changed"
    play(rnd, "7c")
    assert rnd.history[-1] == (0, (Card.parse("4c"), Card.parse("7c")), 1)


def test_any_card_may_be_played_without_the_led_suit_and_by_the_leader() -> None:
    rnd = TressetteRound.position(["Ad", "3d 2s Rb Ab"], trick="4c")
    assert playable(rnd) == ["2s", "3d", "Ab", "Rb"]
    lead = TressetteRound.position(["4c Ad 7s", "3d 2s"])
    assert playable(lead) == ["4c", "7s", "Ad"]
    for refused in ("2s", "Xd", "8c"):  # not in the hand, or not in the 40-card deck
        with pytest.raises(IllegalAction, match="not in your hand"):
            lead.check(Action.play(refused))
    with pytest.raises(IllegalAction, match="no captures"):
        lead.check(Action.play("4c", ()))


def test_the_strongest_card_of_the_led_suit_takes_the_trick() -> None:
    order = [r for r in STRENGTH_ORDER]
    for i, high in enumerate(order):
        for low in order[i + 1:]:
            for first, second in ((high, low), (low, high)):
                trick = [Card.of(first, "s"), Card.of(second, "s")]
                assert trick[winning_index(trick)] == Card.of(high, "s"), (first, second)
    # no trumps: a stronger card of another suit never takes it
    trick = [Card.parse(c) for c in ("4c", "3d", "2s", "5c")]
    assert winning_index(trick) == 3
    rnd = TressetteRound.position(["Ad", "As", "Ab", "5c 7b"], trick="4c 3d 2s")
    assert playable(rnd) == ["5c"]
    play(rnd, "5c")
    assert rnd.history[-1][2] == 3 and rnd.leader == rnd.turn == 3, "seat 3 (5c) takes and leads"
    assert rnd.thirds == [0, 0, 0, 2], "the 3 and the 2 are a third each, the 4 and 5 nothing"


# ----- thirds, rounding and the last trick -----
def test_thirds_round_down_and_a_round_scores_eleven_points() -> None:
    for players in (2, 4):
        for seed in range(12):
            result = random_match(players, seed).rounds[0]["result"]
            thirds = [b["thirds"] for b in result["breakdown"]]
            assert sum(thirds) == 35 and sum(result["card_points"]) == 35
            assert result["score"] == [t // 3 for t in thirds] and sum(result["score"]) == 11
    rnd = TressetteRound.position(["Ad", "4d"])
    rnd.thirds = [14, 17]  # side 0 takes 14 + 3 (the ace) + 3 (the last trick) = 20 thirds: 6 points, not 6.67
    play(rnd, "Ad")
    play(rnd, "4d")
    result = rnd.result()
    assert result.score == (6, 5) and result.breakdown[0]["thirds"] == 20 and result.breakdown[1]["points"] == 5


def test_the_last_trick_is_worth_three_thirds_to_its_taker() -> None:
    rnd = TressetteRound.position(["4d 5c", "6d 7c"])
    play(rnd, "4d")
    play(rnd, "6d")
    assert rnd.thirds == [0, 0] and rnd.to_move() == 1
    play(rnd, "7c")
    play(rnd, "5c")
    assert rnd.is_over() and rnd.thirds == [0, 3] and rnd.last_taker == 1
    result = rnd.result()
    assert result.last_trick == 1 and result.score == (0, 1) and result.breakdown[1]["last_trick"] == 3
    assert result.breakdown[0]["last_trick"] == 0


# ----- the two-player draw -----
def test_two_players_draw_the_taker_first_and_both_drawn_cards_are_public() -> None:
    match = SPEC.new_match(2, {"match": "single"}, 5)
    rnd = match.round
    assert isinstance(rnd, TressetteRound)
    stock = match.rounds[0]["deal"]["stock"]
    assert [len(h) for h in rnd.hands] == [10, 10] and len(stock) == 20
    rng = random.Random(5)
    events = []
    while not match.round.tricks_done():
        events += match.apply(rng.choice(match.legal_actions()))
    taker = rnd.history[0][2]
    drawn = [e for e in events if isinstance(e, Drawn)]
    assert drawn == [Drawn(taker, stock[0], 1 - taker, stock[1], 18)]
    assert str(stock[0]) in map(str, rnd.hands[taker]) and str(stock[1]) in map(str, rnd.hands[1 - taker])
    for seat in (None, 0, 1):
        view = match.view(seat)
        assert [(d.seat, str(d.card)) for d in view.drawn] == [(taker, stock[0]), (1 - taker, stock[1])]
        assert names(view.known_hands[taker]) == [stock[0]] and names(view.known_hands[1 - taker]) == [stock[1]]
        assert view.stock_count == 18 and Card.parse(stock[0]) in view.announced()
    while match.round.tricks_done() < 10:  # the stock is used up after ten tricks, in pairs, in its order
        match.apply(rng.choice(match.legal_actions()))
    view = match.view(None)
    assert view.stock_count == 0 and [str(d.card) for d in view.drawn] == stock
    assert [len(h) for h in rnd.hands] == [10, 10]
    for t, (_lead, _cards, winner) in enumerate(rnd.history):
        assert [d.seat for d in view.drawn[2 * t: 2 * t + 2]] == [winner, 1 - winner]
    played = {c for _l, cs, _w in rnd.history for c in cs}
    for seat, cards in view.known_hands.items():  # a drawn card stays known until it is played
        assert set(cards) == {d.card for d in view.drawn if d.seat == seat} - played


def test_four_players_have_no_stock() -> None:
    match = SPEC.new_match(4, {}, 2)
    assert [len(h) for h in match.round.hands] == [10] * 4 and match.view(None).stock_count == 0
    assert match.to_move() == (match.round.dealer + 1) % 4 and match.options["match"] == "21"


# ----- declarations -----
@pytest.mark.parametrize(("hand", "expected"), [
    ("Ad 2d 3d 4c 5c 6c 7c 4s 5s 6s", [("napoletana", "2d 3d Ad", 3)]),
    ("3d 3c 3s 4c 5c 6c 7c 4s 5s 6s", [("buongioco", "3c 3d 3s", 3)]),
    ("2d 2c 2s 2b 5c 6c 7c 4s 5s 6s", [("buongioco", "2b 2c 2d 2s", 4)]),
    ("Ad 2d 3d Ac 2c 3c As Rb 5s 6s",
     [("napoletana", "2d 3d Ad", 3), ("napoletana", "2c 3c Ac", 3), ("buongioco", "Ac Ad As", 3)]),
    ("Ad 2d 4d Ac 2c 5c As 2s 5s 6s", [("buongioco", "2c 2d 2s", 3), ("buongioco", "Ac Ad As", 3)]),
    ("Ad 2d 4d 3c 2c 5c 4s 6b 5s 6s", []),
], ids=["napoletana", "three-3s", "four-2s", "several", "two-buongioco", "none"])
def test_each_declaration_and_its_points(hand: str, expected: list[tuple[str, str, int]]) -> None:
    found = [(kind, " ".join(names(cards)), points) for kind, cards, points in declarations(Card.parse(c)
                                                                                            for c in hand.split())]
    assert found == expected


def test_declarations_are_announced_scored_and_public_only_with_accusi() -> None:
    seed = next(s for s in range(500) if declared_hand(s))
    match = SPEC.new_match(2, {"match": "single", "accusi": "on"}, seed)
    rnd = match.round
    assert isinstance(rnd, TressetteRound) and rnd.declared
    events = [e for e in match.start_events if isinstance(e, Declared)]
    assert [(e.seat, e.declaration, e.points) for e in events] == [(d.seat, d.kind, d.points) for d in rnd.declared]
    seat = rnd.declared[0].seat
    other = 1 - seat
    cards = set(rnd.declared[0].cards)
    assert cards <= set(rnd.hands[seat])
    for viewer in (None, other):  # the other seat and a spectator know the declared cards are in that hand
        view = match.view(viewer)
        assert cards <= set(view.known_hands[seat]) and cards <= known_cards(view)
    points = [0, 0]
    for d in rnd.declared:
        points[d.seat] += d.points
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    result = match.rounds[0]["result"]
    assert [b["accusi"] for b in result["breakdown"]] == points
    assert result["score"] == [b["points"] + b["accusi"] for b in result["breakdown"]]
    assert sum(result["score"]) == 11 + sum(points)
    assert [d["seat"] for d in result["declarations"]] == [d.seat for d in rnd.declared]
    off = SPEC.new_match(2, {"match": "single"}, seed)
    assert not off.round.declared and not off.view(None).declarations  # type: ignore[attr-defined]
    assert not [e for e in off.start_events if isinstance(e, Declared)]


def declared_hand(seed: int) -> bool:
    """Whether the first deal of a 2-player match of ``seed`` gives a seat a declaration."""
    match = SPEC.new_match(2, {"match": "single", "accusi": "on"}, seed)
    return bool(match.round.declared)  # type: ignore[attr-defined]


# ----- signals -----
def test_a_signal_is_part_of_the_lead_recorded_and_public() -> None:
    match = SPEC.new_match(4, {"match": "single"}, 3)
    assert match.options["signals"] == "on"
    leader = match.to_move()
    assert leader is not None
    card = match.round.hands[leader][0]  # type: ignore[attr-defined]
    events = match.apply(Action.play(card, signal="busso"), leader)
    assert events[0] == TressettePlay(leader, str(card), "busso")
    assert match.rounds[0]["actions"][-1] == {"seat": leader, "play": str(card), "signal": "busso"}
    for seat in (None, 0, 1, 2, 3):
        view = match.view(seat)
        assert [(s.seat, s.card, s.signal) for s in view.signals] == [(leader, card, "busso")]
        assert view.current_signal == "busso"
    follower = match.to_move()
    legal = match.legal_actions()
    assert all(a.signal is None for a in legal), "only the leader may signal"
    with pytest.raises(IllegalAction, match="only the player who leads"):
        match.check(Action.play(legal[0].card, signal="volo"), follower)  # type: ignore[arg-type]
    assert Action.parse("play 3d busso") == Action.play("3d", signal="busso")
    with pytest.raises(RulesError, match="cannot read"):
        Action.parse("play 3d Rb")  # two cards are no signal
    assert str(Action.play("3d", signal="volo")) == "play 3d volo"
    assert Action.from_json({"seat": 0, "play": "3d", "signal": "striscio"}) == Action.play("3d", signal="striscio")


def test_signals_are_refused_when_off_unknown_or_with_two_players() -> None:
    off = SPEC.new_match(4, {"signals": "off"}, 3)
    leader = off.to_move()
    card = off.round.hands[leader][0]  # type: ignore[attr-defined, index]
    assert all(a.signal is None for a in off.legal_actions())
    with pytest.raises(IllegalAction, match="signals are off"):
        off.check(Action.play(card, signal="busso"))
    on = SPEC.new_match(4, {}, 3)
    with pytest.raises(IllegalAction) as unknown:
        on.check(Action.play(card, signal="wink"))
    assert str(unknown.value) == "'wink' is no signal; the signals are busso, striscio, volo"
    assert {a.signal for a in on.legal_actions()} == {None, "busso", "striscio", "volo"}
    two = SPEC.new_match(2, {}, 3)
    with pytest.raises(IllegalAction, match="signals are off"):
        two.check(Action.play(two.round.hands[two.to_move()][0], signal="volo"))  # type: ignore[attr-defined, index]
    with pytest.raises(OptionError, match="signals"):
        SPEC.new_match(2, {"signals": "on"})


# ----- the match -----
def finished(match: Match, totals: list[int]) -> tuple[bool, list[int]]:
    """Whether the match is over with these side totals, and its winners."""
    match.totals = [0] * match.n
    for side, total in zip(match.sides, totals, strict=True):
        for seat in side:
            match.totals[seat] = total
    return match.match_finished(), match.match_winners() if match.match_finished() else []


def test_the_match_ends_at_the_target_with_a_higher_total_else_another_round() -> None:
    two = SPEC.new_match(2, {}, 1)
    assert finished(two, [20, 19]) == (False, [])
    assert finished(two, [21, 19]) == (True, [0])
    assert finished(two, [22, 22]) == (False, []), "equal totals past the target: another round"
    assert finished(two, [23, 24]) == (True, [1])
    four = SPEC.new_match(4, {"match": "31"}, 1)
    assert finished(four, [30, 29]) == (False, []) and finished(four, [31, 29]) == (True, [0, 2])
    assert finished(SPEC.new_match(4, {"match": "41"}, 1), [40, 41]) == (True, [1, 3])
    single = SPEC.new_match(2, {"match": "single"}, 1)
    assert finished(single, [5, 5]) == (True, []) and finished(single, [5, 6]) == (True, [1])


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (4, 2)])
def test_equal_totals_at_the_target_play_another_round(players: int, seed: int) -> None:
    match = SPEC.new_match(players, {"match": "21"}, seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(match.legal_actions()))
    totals = [0, 0]
    tied_at = None
    for i, rd in enumerate(match.rounds):
        totals = [a + b for a, b in zip(totals, rd["result"]["score"], strict=True)]
        if tied_at is None and max(totals) >= 21 and totals[0] == totals[1]:
            tied_at = i
    assert tied_at is not None and tied_at < len(match.rounds) - 1, "the tie at the target is followed by a round"
    assert totals == match.side_totals() and totals[0] != totals[1] and max(totals) >= 21
    assert [rd["dealer"] for rd in match.rounds] == [(players - 1 + i) % players for i in range(len(match.rounds))]
    assert check_record(json.loads(json.dumps(match.record()))) == []


# ----- privacy -----
@pytest.mark.parametrize("players", [2, 4])
def test_no_view_tells_a_hidden_card(players: int) -> None:
    for seed in range(4):
        match = SPEC.new_match(players, {"match": "single", "accusi": "on", "show_points": "on"}, seed)
        rng = random.Random(seed)
        with registered():
            play_out(match, rng, views_every=1)  # the conformance privacy check after every action
    match = SPEC.new_match(players, {"match": "single"}, 9)
    rng = random.Random(9)
    for _ in range(7):
        match.apply(rng.choice(match.legal_actions()))
    rnd = match.round
    assert isinstance(rnd, TressetteRound)
    public = known_cards(match.view(None))
    announced = match.view(None).announced()
    for seat in range(players):
        hidden = set(rnd.hands[seat]) - announced
        assert hidden and not hidden & public, "the public view tells no card of a hand but the announced ones"
        for other in range(players):
            if other != seat:
                assert not hidden & known_cards(match.view(other))


# ----- playouts, records, the referee, the conformance checks -----
def cards_conserved(rnd: TressetteRound) -> None:
    """Hands, the trick, the stock and the tricks taken hold the 40 cards, each once."""
    every = [c for h in rnd.hands for c in h] + rnd.trick + rnd.stock + [c for w in rnd.won for c in w]
    assert sorted(every) == sorted(deck_40())


@pytest.mark.parametrize("players", [2, 4])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choice=st.integers(0, 2**32), accusi=st.booleans(), signals=st.booleans())
def test_playouts_keep_the_cards_follow_suit_and_replay(players: int, seed: int, choice: int, accusi: bool,
                                                        signals: bool) -> None:
    options = {"match": "single", "accusi": "on" if accusi else "off"}
    if players == 4:
        options["signals"] = "on" if signals else "off"
    match = SPEC.new_match(players, options, seed)
    rng = random.Random(choice)
    while not match.is_over():
        rnd = match.round
        assert isinstance(rnd, TressetteRound)
        cards_conserved(rnd)
        legal = match.legal_actions()
        led = rnd.trick[0] // 13 if rnd.trick else None
        hand = rnd.hands[rnd.turn]
        if led is not None and any(c // 13 == led for c in hand):
            assert all(a.card is not None and a.card // 13 == led for a in legal)
        else:
            assert {a.card for a in legal} == set(hand)
        match.apply(rng.choice(legal))
    record = json.loads(json.dumps(match.record()))
    assert sum(1 for a in record["rounds"][0]["actions"] if "play" in a) == 40
    with registered():
        again = replay_record(record)
    assert again.result() == match.result() and again.rounds == match.rounds
    assert check_record(record) == []


@pytest.mark.parametrize("players", [2, 4])
def test_the_referee_agrees_on_many_seeded_games(players: int) -> None:
    for seed in range(40):
        rng = random.Random(seed)
        options = {"match": rng.choice(["single", "21"]), "accusi": rng.choice(["on", "off"])}
        if players == 4:
            options["signals"] = rng.choice(["on", "off"])
        match = SPEC.new_match(players, options, seed)
        while not match.is_over():
            match.apply(rng.choice(match.legal_actions()))
        assert check_record(json.loads(json.dumps(match.record()))) == [], (players, seed)


def test_a_tampered_record_is_refused_by_the_engine_and_the_referee() -> None:
    match = random_match(4, 8)
    record = json.loads(json.dumps(match.record()))
    actions = record["rounds"][0]["actions"]
    i = next(i for i, a in enumerate(actions) if i % 4 and "signal" not in a)  # a card that is not a lead
    actions[i]["signal"] = "volo"
    with registered(), pytest.raises(ReplayError, match="only the player who leads"):
        replay_record(record)
    assert any("only the leader" in p for p in check_record(record))
    record = json.loads(json.dumps(match.record()))
    rd = record["rounds"][0]
    hands = rd["deal"]["hands"]
    trick = rd["actions"][:4]  # the first trick: its second card swapped for a later one of another suit
    led = trick[0]["play"][1]
    follower = trick[1]
    assert follower["play"][1] == led, "this deal's second player follows the led suit"
    other = next(c for c in hands[follower["seat"]] if c[1] != led)
    later = next(a for a in rd["actions"] if a["play"] == other)
    later["play"], follower["play"] = follower["play"], other
    with registered(), pytest.raises(ReplayError, match="you must follow"):
        replay_record(record)
    assert any("must follow" in p for p in check_record(record))
    record = json.loads(json.dumps(match.record()))
    record["rounds"][0]["result"]["score"][0] += 1
    assert any("score" in p for p in check_record(record))
    with registered(), pytest.raises(ReplayError, match="score"):
        replay_record(record)


def test_a_deal_that_is_not_the_40_cards_is_refused() -> None:
    deal = SPEC.new_match(2, {}, 4).rounds[0]["deal"]
    bad = json.loads(json.dumps(deal))
    bad["stock"][0] = bad["hands"][0][0]
    with pytest.raises(RulesError, match="not the 40 cards"):
        TressetteRound.from_json(2, 1, bad, {})
    with pytest.raises(RulesError, match="4 hands"):
        TressetteRound.from_json(4, 1, deal, {})
    short = json.loads(json.dumps(deal))
    short["hands"][0].append(short["stock"].pop())
    with pytest.raises(RulesError, match="10 cards"):
        TressetteRound.from_json(2, 1, short, {})
    with pytest.raises(RulesError, match="briscola"):
        TressetteRound.from_json(2, 1, {**deal, "briscola": "Ad"}, {})


@pytest.mark.parametrize("players", [2, 4])
def test_the_conformance_checks(players: int) -> None:
    with registered():
        conformance.test_check_answers_for_a_seat_and_changes_nothing(SPEC.name, players)
        conformance.test_events_and_round_results_are_typed_and_frozen(SPEC.name, players)
        conformance.test_a_longer_match_round_trips(SPEC.name, players)
        conformance.test_the_spec_describes_its_engine(SPEC.name)
        conformance.test_the_spec_declares_what_the_layers_show(SPEC.name)
        conformance.test_random_playouts_views_and_record_round_trip(SPEC.name, players)
        for seed in range(3):
            match = SPEC.new_match(players, {"match": "single", "accusi": "on", "show_points": "on"}, seed)
            play_out(match, random.Random(seed), views_every=2)
            check_views(match)


def test_suits_are_named_in_refusals() -> None:
    for i, name in enumerate(("Denari", "Coppe", "Spade", "Bastoni")):
        lead, follow = Card(i * 13 + 3), Card(i * 13 + 4)
        spare = Card(((i + 1) % 4) * 13 + 4)
        rnd = TressetteRound.position([str(lead) + " " + str(Card(((i + 2) % 4) * 13 + 5)),
                                       f"{follow} {spare}"], trick=str(lead))
        with pytest.raises(IllegalAction, match=f"^you must follow {name}$"):
            rnd.check(Action.play(spare))
        assert SUITS[i] == lead.suit
