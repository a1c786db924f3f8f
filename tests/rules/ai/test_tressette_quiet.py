"""``hard-quiet`` (``rules.ai``), the arena agent that measures what Tressette's signals are worth: on seeded
4-player positions with signals it plays the same card as ``hard`` and never a signal, while ``hard`` signals on
some of those leads (so the comparison has something to tell apart); in 2 players, where there are no signals,
it is ``hard``. The clock is stopped so that only the code and the randomness decide each choice."""

from __future__ import annotations

import random
import time

import pytest

from rules import ai
from rules.ai import choose
from rules.games.tressette.engine import SPEC

TIME_MS = 20


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """The search then looks at its planned number of samples: a busy machine cannot cut one choice short and
    not the other."""
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)


def decisions(players: int, options: dict[str, str], seed: int):
    """Each decision with more than one legal action of a seeded game played by ``medium`` (which signals)."""
    match = SPEC.new_match(players, options, seed)
    rng = random.Random(seed)
    while match.to_move() is not None:
        forced = match.auto_action()
        seat = match.to_move()
        if forced is not None:
            match.apply(forced, seat)
            continue
        view = match.view(seat)
        if len(view.legal) > 1:
            yield view
        match.apply(choose("medium", view, rng, TIME_MS), seat)


def test_hard_quiet_is_an_arena_agent_not_a_user_level() -> None:
    assert ai.QUIET in ai.AGENT_NAMES and ai.QUIET not in ai.LEVELS
    assert ai.make_agent(ai.QUIET).name == ai.QUIET


def test_hard_quiet_plays_hards_card_and_never_a_signal() -> None:
    signalled = leads = 0
    for seed in (3,):
        for i, view in enumerate(decisions(4, {"match": "single", "signals": "on"}, seed)):
            if view.trick and i % 4:  # every lead and every fourth other decision: the search is the slow part
                continue
            loud = choose("hard", view, random.Random(f"{seed}:{i}"), TIME_MS)
            still = choose(ai.QUIET, view, random.Random(f"{seed}:{i}"), TIME_MS)
            assert still in view.legal
            assert still.card == loud.card
            assert still.signal is None
            leads += not view.trick
            signalled += loud.signal is not None
    assert leads > 0 and signalled > 0  # hard did signal on some of these leads: the quiet agent took it off


def test_without_signals_hard_quiet_is_hard() -> None:
    for i, view in enumerate(decisions(2, {"match": "single"}, 5)):
        if i % 4:
            continue
        assert choose(ai.QUIET, view, random.Random(i), TIME_MS) == choose("hard", view, random.Random(i), TIME_MS)
