"""The import rules between the layers of ARCHITECTURE.md, checked on the source with ``ast``."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "images", "bot", "cogs")
STDLIB = frozenset(sys.stdlib_module_names)
DATABASE_MODULES = frozenset({"aiosqlite", "sqlite3"})
AI_LIBRARIES = frozenset({"numpy"})
"""What rules/ai may import beyond the standard library (the learned evaluation's inference); the engines may not."""


def imported_modules(source: str, filename: str = "<source>") -> list[tuple[int, str]]:
    """The absolute modules a source imports, with line numbers (relative imports stay in their package)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename)):
        if isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
    return found


def layer_violations(path: str, source: str) -> list[str]:
    """The imports in the module at ``path`` (relative to the repo, e.g. ``rules/cards.py``) that break a layer rule."""
    parts = Path(path).parts
    package = parts[0]
    in_storage = parts[:2] == ("bot", "storage")
    problems = []
    for line, module in imported_modules(source, path):
        top = module.split(".")[0]
        in_ai = parts[:2] == ("rules", "ai")
        if package == "rules" and top not in STDLIB and top != "rules" and not (in_ai and top in AI_LIBRARIES):
            problems.append(f"{path}:{line}: rules/ imports only the standard library (rules/ai also numpy), "
                            f"not {module}")
        if package == "images" and top not in STDLIB and top not in {"rules", "images", "PIL"}:
            problems.append(f"{path}:{line}: images/ imports only the standard library, rules and PIL, not {module}")
        if package == "bot" and top == "cogs":
            problems.append(f"{path}:{line}: bot/ never imports cogs/ ({module})")
        if top in DATABASE_MODULES and not in_storage:
            problems.append(f"{path}:{line}: only bot/storage touches the database ({module})")
    return problems


def python_files(package: str) -> list[Path]:
    """The .py files of one top-level package."""
    return sorted((ROOT / package).rglob("*.py"))


@pytest.mark.parametrize("package", PACKAGES)
def test_package_respects_layers(package):
    problems = []
    for file in python_files(package):
        problems += layer_violations(file.relative_to(ROOT).as_posix(), file.read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def test_the_check_sees_the_code():
    assert python_files("rules"), "no rules/*.py found: the layer check would pass vacuously"
    assert python_files("bot")


@pytest.mark.parametrize(
    ("path", "source", "needle"),
    [
        ("rules/briscola.py", "import discord\n", "discord"),
        ("rules/briscola.py", "import numpy as np\n", "numpy"),
        ("rules/cards.py", "from numpy import zeros\n", "numpy"),
        ("rules/ai/net.py", "import torch\n", "torch"),
        ("rules/ai/search.py", "from bot.config import Settings\n", "bot.config"),
        ("rules/cards.py", "def f():\n    import PIL.Image\n", "PIL.Image"),
        ("images/table.py", "import aiosqlite\n", "aiosqlite"),
        ("images/table.py", "from cogs import play\n", "cogs"),
        ("bot/tables/service.py", "from cogs.play import PlayCog\n", "cogs.play"),
        ("bot/tables/service.py", "import sqlite3\n", "sqlite3"),
        ("cogs/play.py", "import aiosqlite\n", "aiosqlite"),
    ],
)
def test_checker_reports_forbidden_imports(path, source, needle):
    problems = layer_violations(path, source)
    assert problems and all(needle in problem for problem in problems), problems


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("rules/briscola.py", "from __future__ import annotations\nimport random\nfrom rules.cards import Card\n"),
        ("rules/ai/pimc.py", "from . import greedy\nfrom ..cards import Card\n"),
        ("rules/ai/net.py", "import numpy as np\nfrom rules.cards import POINTS\n"),
        ("images/table.py", "from PIL import Image\nfrom rules.cards import Card\nfrom images.fonts import f\n"),
        ("bot/storage/db.py", "import aiosqlite\nimport sqlite3\n"),
        ("bot/app.py", "import discord\nfrom rules.actions import RulesError\n"),
        ("cogs/play.py", "import discord\nfrom bot.app import create_bot\n"),
    ],
)
def test_checker_accepts_allowed_imports(path, source):
    assert layer_violations(path, source) == []
