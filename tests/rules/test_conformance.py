"""One conformance test for every registered game and player count: the game protocol's promises.

Random legal playouts to the end, the record round trip (record -> replay_record -> the same result), the
shared view names, and view privacy (a seat's view never holds another seat's hidden cards; the public view
holds none).
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.actions import RulesError
from rules.cards import Card
from rules.engine import Match
from rules.events import Event, RoundOver
from rules.games import GAMES, names, spec
from rules.records import replay_record
from rules.results import RoundResult
from rules.view import GameView

CASES = [(name, players) for name in names() for players in GAMES[name].player_counts]


def cards_in(value: object) -> Iterator[Card]:
    """Every card reachable in a value: dataclass fields, tuples, lists, sets and mappings."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, Card):
            yield item
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, f.name) for f in dataclasses.fields(item))
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, (tuple, list, set, frozenset)):
            stack.extend(item)


def known_cards(view: GameView) -> set[Card]:
    """The cards a view tells, apart from its legal actions and the hands a table rule shows."""
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(view)}
    fields.pop("legal")
    shown = view.shown_hands()
    for name, value in list(fields.items()):
        if value is shown:
            fields.pop(name)
    return set(cards_in(fields))


def random_options(rng: random.Random, name: str, players: int) -> dict[str, str]:
    """A random choice of every option with a list of values (free-valued options keep their default)."""
    out: dict[str, str] = {}
    for opt, option in spec(name).options_for(players).items():
        if option.parse is None:
            out[opt] = rng.choice(option.allowed(players))
    return out


def check_views(match: Match) -> None:
    """The shared names agree with the match, and no view tells a card it may not."""
    game = spec(match.game)
    hands = [set(h) for h in match.round.hands]  # type: ignore[attr-defined]
    public = match.view(None)
    assert isinstance(public, GameView)
    assert public.seat is None and public.game == game.name and public.players == match.n
    assert public.round_number == len(match.rounds) and public.totals == tuple(match.totals)
    assert public.sides == game.sides(match.n) and public.to_move == match.to_move()
    assert public.match_over == match.is_over() and isinstance(public.phase, str)
    assert public.last_result == match.last_result()
    assert public.side_totals == tuple(match.side_totals())
    assert public.legal == ()
    for name in public.PRIVATE_FIELDS:
        assert not getattr(public, name), f"the public view holds a {name}"
    if match.options.get("open") != "on":
        assert not public.shown_hands()
    told = known_cards(public)
    for s in range(match.n):
        assert not (told & hands[s]) - set(public.shown_hands().get(s, ())) - announced(public), \
            f"the public view tells cards of seat {s}"
    for seat in range(match.n):
        view = match.view(seat)
        assert view.seat == seat and view.side_of_seat is not None and seat in view.sides[view.side_of_seat]
        assert set(view.hand) == hands[seat] and len(view.hand) == view.hand_sizes[seat]
        assert (view.legal != ()) == (match.to_move() == seat)
        for action in view.legal:
            if action.kind in ("play", "exchange"):
                assert action.card in hands[seat]
        for other, cards in view.shown_hands().items():
            assert other != seat and set(cards) == hands[other]
            assert match.options.get("open") == "on" or other in view.sides[view.side_of_seat]
        private = set(cards_in([getattr(view, name) for name in view.PRIVATE_FIELDS]))
        beyond_public = known_cards(view) - told - private
        assert not beyond_public, f"seat {seat}'s view tells {sorted(map(str, beyond_public))} outside its own fields"
        for other in range(match.n):
            if other != seat:
                leaked = (private & hands[other]) - announced(view)
                assert not leaked, f"seat {seat} sees {sorted(map(str, leaked))} of seat {other}"


def announced(view: GameView) -> set[Card]:
    """Cards in a hand that every seat knows the place of: a called card, a face-up briscola, exchanges, and
    what the view itself names as announced (Tressette's drawn and declared cards)."""
    out: set[Card] = set(view.announced())
    for name in ("called", "face_up"):
        c = getattr(view, name, None)
        if isinstance(c, Card):
            out.add(c)
    for exchange in getattr(view, "exchanges", ()):
        out.update(c for c in exchange if isinstance(c, Card))
    return out


def play_out(match: Match, rng: random.Random, views_every: int) -> int:
    """Play random legal actions to the end, checking the views every ``views_every`` actions."""
    steps = 0
    while not match.is_over():
        forced = match.auto_action()
        seat = match.to_move()
        assert seat is not None
        legal = match.legal_actions()
        assert legal, "a match that is not over has a legal action"
        if steps % views_every == 0:
            check_views(match)
        match.apply(forced if forced is not None else rng.choice(legal), seat)
        steps += 1
        assert steps < 10_000, "a match ends"
    check_views(match)
    assert match.to_move() is None and match.legal_actions() == [] and match.result() is not None
    return steps


@pytest.mark.parametrize(("name", "players"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choice=st.integers(0, 2**32))
def test_random_playouts_views_and_record_round_trip(name: str, players: int, seed: int, choice: int) -> None:
    rng = random.Random(choice)
    options = random_options(rng, name, players) if choice % 2 else {}
    options.pop("match", None)  # a single round keeps the examples quick; longer matches below
    match = spec(name).new_match(players, options, seed)
    play_out(match, rng, views_every=3)
    record = json.loads(json.dumps(match.record()))
    again = replay_record(record)
    assert again.result() == match.result() and again.rounds == match.rounds


@pytest.mark.parametrize(("name", "players"), CASES)
def test_a_longer_match_round_trips(name: str, players: int) -> None:
    game = spec(name)
    longer = [v for v in game.options["match"].allowed(players) if v != "single"]
    rng = random.Random(7)
    match = game.new_match(players, {"match": longer[0]}, 7)
    play_out(match, rng, views_every=25)
    assert len(match.rounds) >= 1 and match.view(0).finished_rounds == len(match.rounds)
    assert replay_record(json.loads(json.dumps(match.record()))).result() == match.result()


@pytest.mark.parametrize("name", names())
def test_the_spec_describes_its_engine(name: str) -> None:
    game = spec(name)
    assert game.name == name == game.match.game and game.match.spec is game
    assert game.player_counts == game.match.player_counts and game.default_players in game.player_counts
    for players in game.player_counts:
        sides = game.sides(players)
        assert sorted(s for side in sides for s in side) == list(range(players))
        defaults = game.match.validate_options(players, None)
        assert set(defaults) == set(game.options_for(players))
        match = game.new_match(players)
        assert match.sides == sides and match.view(None).sides == sides
    assert game.ai_module.startswith("rules.ai.")


def test_an_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(RulesError, match="unknown game"):
        spec("tombola")
    with pytest.raises(RulesError, match="players"):
        spec("cicera").sides(5)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_check_answers_for_a_seat_and_changes_nothing(name: str, players: int) -> None:
    rng = random.Random(11)
    match = spec(name).new_match(players, {}, 11)
    while not match.is_over():
        seat = match.to_move()
        assert seat is not None
        legal = match.legal_actions()
        before = json.dumps(match.record())
        for action in legal:
            assert match.check(action, seat) == seat and match.check(action) == seat
            assert match.is_legal(action, seat)
        other = (seat + 1) % players
        with pytest.raises(RulesError, match="not your turn"):
            match.check(legal[0], other)
        assert not match.is_legal(legal[0], other)
        assert json.dumps(match.record()) == before, "check changed the match"
        match.apply(rng.choice(legal), seat)
    with pytest.raises(RulesError, match="over"):
        match.check(legal[0])


@pytest.mark.parametrize("name", names())
def test_the_spec_declares_what_the_layers_show(name: str) -> None:
    game = spec(name)
    assert game.title and game.turn_noun and game.score_unit and game.review_scale > 0
    assert game.summary_rows, f"{name} declares no summary rows"
    match = game.new_match(game.default_players, {}, 3)
    play_out(match, random.Random(3), views_every=1000)
    result = match.last_result()
    assert result is not None
    for row in game.summary_rows:
        if row.source == "card_points":
            assert len(result[row.key]) == match.n
        else:
            assert all(row.key in side for side in result["breakdown"]), f"{name}: {row.key} not in a result"


@pytest.mark.parametrize(("name", "players"), CASES)
def test_events_and_round_results_are_typed_and_frozen(name: str, players: int) -> None:
    match = spec(name).new_match(players, {}, 5)
    rng = random.Random(5)
    events = list(match.start_events)
    while not match.is_over():
        events += match.apply(rng.choice(match.legal_actions()), match.to_move())
    assert all(isinstance(e, Event) and dataclasses.is_dataclass(e) for e in events)
    with pytest.raises(dataclasses.FrozenInstanceError):
        events[0].kind_of_thing = 1  # type: ignore[attr-defined]
    over = [e for e in events if isinstance(e, RoundOver)]
    assert len(over) == len(match.rounds)
    for e in over:
        assert isinstance(e.result, RoundResult)
        assert e.result.as_record() == match.rounds[e.round]["result"] == e.as_dict()["result"]
    assert json.loads(json.dumps([e.as_dict() for e in events])) == [e.as_dict() for e in events]
