"""The layers keep their registries: outside a game's own modules no module names a game (its name as a text, an
import of its modules) or tests one of its view classes. The games' names and view classes come from the registry
of games (``rules.games``), so that a new game is checked without editing this test."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rules.games import names, spec

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "images", "bot", "cogs")
REGISTRY = ("rules/games.py", "rules/games/__init__.py")
"""The registry of games: one import line per game, the only place that lists them."""
LAB = ("bot/lab/", "bot/lab_commands.py")
"""The lab (training, arena, benchmarks) is apart from the product: its experiments are per game by nature (the
training of Briscola's network, of Cicera's leaf value)."""
KNOWN: dict[str, str] = {}
"""Modules outside a game's own that still name a game, with why (empty: none)."""


def view_classes() -> set[str]:
    """The names of every registered game's view classes (the class of a seat's view and of the public view)."""
    found = set()
    for game in names():
        match = spec(game).new_match(spec(game).default_players, {}, 1)
        found |= {type(match.view(0)).__name__, type(match.view(None)).__name__}
    return found


def own_game(path: str) -> str | None:
    """The game whose own module ``path`` is (a folder or file named as the game, or ``<game>_...``), if any."""
    parts = [Path(p).stem for p in Path(path).parts]
    for game in names():
        if any(part == game or part.startswith(game + "_") for part in parts):
            return game
    return None


def game_references(source: str, filename: str = "<source>") -> list[str]:
    """What a source says of a particular game: its name as a text, an import of a game's own module, or a
    game's view class."""
    games = set(names())
    views = view_classes()
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Constant) and node.value in games:
            found.append(f"line {node.lineno}: the game name {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in views:
            found.append(f"line {node.lineno}: the view class {node.id}")
        elif isinstance(node, ast.Attribute) and node.attr in views:
            found.append(f"line {node.lineno}: the view class {node.attr}")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            if isinstance(node, ast.ImportFrom):
                modules += [f"{node.module}.{a.name}" for a in node.names]
                found += [f"line {node.lineno}: the view class {a.name}" for a in node.names if a.name in views]
            named = {part for m in modules for part in m.split(".")} & games
            found += [f"line {node.lineno}: imports the game {g}'s module" for g in sorted(named)]
    return found


def shared_modules() -> list[str]:
    """Every module of the product outside a game's own, the registry of games and the lab, as relative paths."""
    out = []
    for package in PACKAGES:
        for file in sorted((ROOT / package).rglob("*.py")):
            path = file.relative_to(ROOT).as_posix()
            if path in REGISTRY or path.startswith(LAB) or own_game(path) is not None:
                continue
            out.append(path)
    return out


def test_no_shared_module_names_a_game_or_tests_its_view_class():
    problems = [f"{path}: {ref}" for path in shared_modules() if path not in KNOWN
                for ref in game_references((ROOT / path).read_text(encoding="utf-8"), path)]
    assert problems == []


def test_the_scan_sees_the_shared_modules_and_the_games_own():
    shared = shared_modules()
    assert {"cogs/lobby.py", "cogs/replays.py", "cogs/render/status.py", "bot/tools/play.py", "bot/demo.py",
            "bot/tools/views/__init__.py", "rules/ai/review.py", "images/table.py"} <= set(shared)
    for game in names():
        assert own_game(f"cogs/render/{game}.py") == game and f"cogs/render/{game}.py" not in shared
        assert own_game(f"rules/{game}_events.py") == game
    assert view_classes() and all(name.endswith("View") for name in view_classes())


@pytest.mark.parametrize(("source", "found"), [
    ('if info.game == "{game}":\n    pass\n', "the game name"),
    ("from cogs.render.{game} import choice_label\n", "imports the game"),
    ("import rules.{game}\n", "imports the game"),
    ("from rules.{game} import {view}\n", "the view class"),
    ("ok = isinstance(view, {view})\n", "the view class"),
    ("ok = isinstance(view, module.{view})\n", "the view class"),
])
def test_the_scan_finds_each_way_of_naming_a_game(source, found):
    game = names()[-1]
    view = type(spec(game).new_match(spec(game).default_players, {}, 1).view(0)).__name__
    refs = game_references(source.format(game=game, view=view))
    assert refs and any(found in ref for ref in refs), refs
    assert game_references('title = "Briscola, Chiamata and Cicera: card games"\n') == []
