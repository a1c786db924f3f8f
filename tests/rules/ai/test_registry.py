"""The AI layer's registry (``rules.ai.registry``): every game has its AI registered by its own package, and the
shared modules of ``rules/ai`` reach a game only through it (no game's name, no view class of a game)."""

from __future__ import annotations

import ast
import random
from dataclasses import replace
from pathlib import Path

import pytest

from rules import ai
from rules.actions import Action, RulesError
from rules.ai import review
from rules.ai.registry import GameAI, game_ai, register, unregister
from rules.games import names, spec
from rules.records import new_game

AI_ROOT = Path(ai.__file__).parent


@pytest.mark.parametrize("game", names())
def test_every_game_registers_its_ai_from_the_package_its_spec_names(game):
    entry = game_ai(game)
    assert entry.game == game
    assert type(entry).__module__ == "rules.ai.registry"
    assert entry.choose.__module__ == spec(game).ai_module, "the game's own package declares its levels"
    assert entry.point_scale == spec(game).review_scale > 0 and 0 < entry.min_severity < 1
    assert review.POINT_SCALE[game] == entry.point_scale and review.MIN_SEVERITY[game] == entry.min_severity


def test_a_game_without_an_ai_is_named_in_the_error():
    with pytest.raises(RulesError, match="patience"):
        game_ai("patience")
    unregister("patience")  # not registered: nothing happens


def shared_modules() -> list[Path]:
    """The modules of ``rules/ai`` outside every game's own package."""
    packages = {spec(g).ai_module.rsplit(".", 1)[-1] for g in names()}
    return [p for p in sorted(AI_ROOT.rglob("*.py")) if p.relative_to(AI_ROOT).parts[0] not in packages]


def game_references(source: str) -> list[str]:
    """What a source says of a particular game: a game's name as a text, or a game's view class."""
    views = {f"{g.capitalize()}View" for g in names()}
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and node.value in names():
            found.append(f"line {node.lineno}: the game name {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in views:
            found.append(f"line {node.lineno}: the view class {node.id}")
        elif isinstance(node, ast.alias) and node.name.rsplit(".", 1)[-1] in views:
            found.append(f"the view class {node.name}")
    return found


def test_the_shared_ai_modules_name_no_game():
    modules = shared_modules()
    assert {p.name for p in modules} >= {"__init__.py", "registry.py", "review.py", "baselines.py"}
    problems = [f"{p.relative_to(AI_ROOT)}: {ref}" for p in modules for ref in game_references(p.read_text())]
    assert problems == []


def test_the_scan_finds_a_game_name_and_a_view_class():
    source = ('from rules.games.briscola.engine import BriscolaView\n'
              'if view.game == "cicera" or isinstance(view, BriscolaView): pass\n')
    assert len(game_references(source)) == 3


def test_a_game_registered_here_is_played_and_reviewed_through_its_entry_alone():
    # a test game's AI registered only here, for the views of an existing game relabelled: choose, the
    # yardstick and the review's values reach it by the view's game alone
    match = new_game("briscola", 2, {}, 5)
    view = match.view(match.to_move())
    fake = replace(view, game="test-game")
    first, second = view.legal[0], view.legal[-1]
    calls = []

    def choose(level: str, v, _rng, _ms) -> Action:
        calls.append(level)
        return v.legal[0]

    register(GameAI(
        game="test-game", choose=choose, yardstick=lambda v, _r, _t: v.legal[-1],
        values=lambda v, _r, _t: [(float(i), 0.5) for i in range(len(v.legal))], why=lambda _v, _a: ("lead", {}),
        turn=lambda _v: 1, reviewable=lambda _v: True, point_scale=10.0, min_severity=0.1,
    ))
    try:
        assert ai.choose("easy", fake, random.Random(0)) == first and calls == ["greedy"]
        assert ai.choose("hard-v1", fake, random.Random(0)) == second
        values = review.action_values(fake, random.Random(0))
        assert values[0].action == second and values[0].points == len(view.legal) - 1
        assert review.why(fake, first) == ("lead", {})
    finally:
        unregister("test-game")
