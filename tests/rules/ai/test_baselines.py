"""hard-v1, the frozen yardstick (``rules.ai.baselines``): this test pins the frozen agent. Its choices on seeded
positions of every mode are stored in ``baselines_positions.json`` (each position as the game's seed and
options plus the actions that lead to it, each choice with its rng seed and budget); a change that moves any
of them changes the yardstick, which must not happen: the decisions of docs/AI.md were measured against it.

Regenerate the fixture only on purpose: ``.venv/bin/python tests/rules/ai/test_baselines.py --write``.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import pytest

from rules import ai
from rules.actions import Action
from rules.ai import baselines
from rules.records import new_game

FIXTURE = Path(__file__).with_name("baselines_positions.json")
TIME_MS = 20
"""The budget of each pinned choice: small, the search code is the same."""
MODES = [
    ("briscola", 2, {}),
    ("briscola", 2, {"trump_exchange": "on"}),
    ("briscola", 3, {}),
    ("briscola", 4, {}),
    ("briscola", 6, {}),
    ("chiamata", 5, {"bidding": "rank"}),
    ("chiamata", 5, {"bidding": "points", "kitty": "on"}),
    ("cicera", 4, {}),
]
SEEDS = (11, 12)
PINS_PER_GAME = 8


def replay_to(entry: dict, index: int):
    """The match of ``entry`` after its first ``index`` actions (each applied by the seat to move)."""
    m = new_game(entry["game"], entry["players"], entry["options"], entry["seed"])
    for text in entry["moves"][:index]:
        forced = m.auto_action()
        seat = m.to_move()
        m.apply(forced if forced is not None else Action.parse(text), seat)
    return m


def build_fixture() -> list[dict]:
    """Play one seeded game per mode and seed with ``medium`` in every seat, and record hard-v1's choice at
    evenly spread decisions (only those with more than one legal action)."""
    out = []
    for game, players, options in MODES:
        for seed in SEEDS:
            m = new_game(game, players, options, seed)
            rng = random.Random(seed)
            moves: list[str] = []
            decisions: list[int] = []
            while not m.is_over():
                seat = m.to_move()
                forced = m.auto_action()
                view = m.view(seat)
                action = forced if forced is not None else ai.choose("medium", view, rng, TIME_MS)
                if forced is None and len(view.legal) > 1:
                    decisions.append(len(moves))
                moves.append(str(action))
                m.apply(action, seat)
            step = max(1, len(decisions) // PINS_PER_GAME)
            entry = {"game": game, "players": players, "options": options, "seed": seed, "moves": moves,
                     "pins": []}
            for index in decisions[::step][:PINS_PER_GAME]:
                pm = replay_to(entry, index)
                view = pm.view(pm.to_move())
                choice = baselines.choose(view, random.Random(f"pin:{seed}:{index}"), TIME_MS)
                entry["pins"].append({"index": index, "seat": pm.to_move(), "action": str(choice)})
            out.append(entry)
    return out


ENTRIES = json.loads(FIXTURE.read_text(encoding="utf-8")) if FIXTURE.exists() else []


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """The searches plan a fixed amount of work; with the clock stopped a busy machine cannot cut one short,
    so only the frozen code and tuning decide."""
    monkeypatch.setattr(time, "perf_counter", lambda: 0.0)


def test_the_fixture_covers_every_mode():
    assert {(e["game"], e["players"], json.dumps(e["options"])) for e in ENTRIES} == {
        (g, n, json.dumps(o)) for g, n, o in MODES}
    assert all(len(e["pins"]) >= 4 for e in ENTRIES)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: f"{e['game']}{e['players']}-{e['seed']}-"
                         + "-".join(f"{k}={v}" for k, v in e["options"].items()))
def test_hard_v1_makes_its_pinned_choices(entry):
    for pin in entry["pins"]:
        m = replay_to(entry, pin["index"])
        assert m.to_move() == pin["seat"]
        view = m.view(pin["seat"])
        rng = random.Random(f"pin:{entry['seed']}:{pin['index']}")
        got = ai.choose("hard-v1", view, rng, TIME_MS)
        assert got in view.legal
        assert str(got) == pin["action"], f"move {pin['index']}: hard-v1 now plays {got}, pinned {pin['action']}"


def test_hard_v1_is_an_arena_agent_not_a_user_level():
    assert "hard-v1" in ai.AGENT_NAMES and "hard-v1" not in ai.LEVELS
    assert ai.make_agent("hard-v1").name == "hard-v1"


def test_the_arena_pairs_the_yardstick_with_another_agent_deal_by_deal():
    from bot.lab import arena

    summary = arena.run("briscola", 2, ["hard-v1", "greedy"], 3, 9, {}, time_ms=5)
    mine, theirs = summary["agents"]["hard-v1"], summary["agents"]["greedy"]
    assert mine["paired"]["deals"] == 3
    assert mine["paired"]["mean"] == -theirs["paired"]["mean"]
    assert mine["paired"]["mean"] * 3 == pytest.approx(mine["wins"] - mine["losses"])
    lo, hi = mine["paired"]["ci95"]
    assert lo <= mine["paired"]["mean"] <= hi


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit(__doc__)
    time.perf_counter = lambda: 0.0  # as in the test: only the planned work bounds a search
    FIXTURE.write_text(json.dumps(build_fixture(), indent=1) + "\n", encoding="utf-8")
    print(f"wrote {FIXTURE}")
