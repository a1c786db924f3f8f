"""Game states for the sample pictures, the tests and the benchmarks: seeded games played with random legal
moves through the engines until a wanted state, so that the states are realistic and the same on every run."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from typing import Any, TypeVar

from images.common import SeatInfo
from rules.actions import Action
from rules.engine import Match
from rules.games import spec
from rules.records import new_game
from rules.view import GameView

V = TypeVar("V", bound=GameView)

log = logging.getLogger(__name__)

SAMPLE_SEATS = (
    SeatInfo("Giulia"),
    SeatInfo("Bruno", "hard"),
    SeatInfo("Chiara Bellini"),
    SeatInfo("Dario", "medium"),
    SeatInfo("Niccolò"),
    SeatInfo("Fede", "easy"),
)
"""Names for the sample tables (seat 1, 3 and 5 are AI players)."""


def seats_for(players: int) -> list[SeatInfo]:
    """The sample seats of a table of ``players``."""
    return list(SAMPLE_SEATS[:players])


def _choose(match: Match, rng: random.Random, place_bias: float) -> Action:
    """A random legal action: in an auction a pass half the time (so the auction ends as at a real table); in a
    game without tricks a placement ``place_bias`` of the time (so cards gather on the table)."""
    actions = match.legal_actions()
    game = spec(match.game)
    if game.has_bidding and match.view(None).phase == "auction" and rng.random() < 0.5:
        passes = [a for a in actions if a.kind == "pass"]
        if passes:
            return passes[0]
    if not game.has_tricks and rng.random() < place_bias:
        places = [a for a in actions if not a.take]
        if places:
            return rng.choice(places)
    return rng.choice(actions)


def play_until(game: str, players: int, options: dict[str, Any] | None, seed: int, stop: Callable[[Match], bool],
               place_bias: float = 0.0, max_actions: int = 5000) -> Match | None:
    """Play a seeded game with random legal moves until ``stop(match)`` holds; ``None`` if it never does."""
    match = new_game(game, players, options or {}, seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if stop(match):
            return match
        if match.is_over():
            return None
        match.apply(_choose(match, rng, place_bias), match.to_move())
    return None


def find_state(game: str, players: int, options: dict[str, Any] | None, stop: Callable[[Match], bool],
               place_bias: float = 0.0, first_seed: int = 1, tries: int = 200) -> Match:
    """The first seeded game (seeds ``first_seed``...) that reaches a state where ``stop`` holds."""
    for seed in range(first_seed, first_seed + tries):
        match = play_until(game, players, options, seed, stop, place_bias)
        if match is not None:
            return match
    raise RuntimeError(f"no {game} game reached the wanted state in {tries} seeds")


def public(match: Match, kind: type[V]) -> V:
    """The match's public view, as the view type of its game."""
    view = match.view(None)
    if not isinstance(view, kind):
        raise TypeError(f"a {match.game} view is not a {kind.__name__}")
    return view


def finished(game: str, players: int, options: dict[str, Any] | None = None, seed: int = 4) -> Match:
    """A whole seeded game played out."""
    match = play_until(game, players, options, seed, lambda m: m.is_over())
    assert match is not None
    return match


