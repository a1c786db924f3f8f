"""The shared picture modules reach a game only through the registry: outside ``images/games/`` no module names a
game (a game's name as a text) or a game's view class."""

from __future__ import annotations

import ast
from pathlib import Path

import images
from rules.games import names

ROOT = Path(images.__file__).parent
GAMES_PACKAGE = ROOT / "games"


def shared_modules() -> list[Path]:
    """The picture modules outside every game's own (``images/games/``)."""
    return [p for p in sorted(ROOT.rglob("*.py")) if GAMES_PACKAGE not in p.parents]


def game_references(source: str) -> list[str]:
    """What a source says of a particular game: a game's name as a text, a game's view class, a game's module."""
    games = set(names())
    views = {f"{g.capitalize()}View" for g in games}
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.lower() in games:
            found.append(f"line {node.lineno}: the game name {node.value!r}")
        elif isinstance(node, ast.Name) and node.id in views:
            found.append(f"line {node.lineno}: the view class {node.id}")
        elif isinstance(node, ast.alias) and node.name.rsplit(".", 1)[-1] in views | games:
            found.append(f"line {node.lineno}: the import of {node.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and games & set(node.module.split(".")):
            found.append(f"line {node.lineno}: the import of {node.module}")
    return found


def test_the_shared_picture_modules_name_no_game():
    modules = shared_modules()
    assert {p.name for p in modules} >= {"table.py", "hand.py", "summary.py", "replay.py", "registry.py"}
    problems = [f"{p.relative_to(ROOT)}: {ref}" for p in modules for ref in game_references(p.read_text())]
    assert problems == []


def test_the_scan_finds_a_game_name_a_view_class_and_a_game_module():
    game = names()[-1]
    view = f"{game.capitalize()}View"
    source = (f"from rules.{game} import {view}\n"
              f"from images.games import {game}\n"
              f"if view.game == {game!r} or isinstance(view, {view}): pass\n")
    found = game_references(source)
    assert len(found) == 5, found
