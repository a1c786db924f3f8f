"""The import rules between the layers of ARCHITECTURE.md, checked on the source with ``ast``."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "images", "bot", "cogs")
STDLIB = frozenset(sys.stdlib_module_names)
DATABASE_MODULES = frozenset({"aiosqlite", "sqlite3"})
AI_LIBRARIES = frozenset({"numpy"})
"""What rules/ai may import beyond the standard library (the learned evaluation's inference); the engines may not.
Beside rules/ai, only the lab (bot/lab: training) imports them."""
LAB = "bot.lab"
"""The lab's package: what a developer runs, apart from the product (the rest of bot/, and cogs/)."""
LAB_DISPATCH = frozenset({"bot/__main__.py", "bot/lab_commands.py"})
"""The command line's modules: they may import the lab, inside the function of a lab command only."""


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
        if top in AI_LIBRARIES and package != "rules" and parts[:2] != ("bot", "lab"):
            problems.append(f"{path}:{line}: only rules/ai and the lab (bot/lab) import {module}")
    return problems + lab_violations(path, source)


def lab_violations(path: str, source: str) -> list[str]:
    """The imports of the lab (``bot.lab``) in the product module at ``path``: none, but for the command line's
    modules, which may import it inside a function (the lab command's handler, run only when that command runs)."""
    parts = Path(path).parts
    if parts[0] not in {"bot", "cogs"} or parts[:2] == ("bot", "lab"):
        return []
    tree = ast.parse(source, path)
    in_function = {id(inner) for node in ast.walk(tree) if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                   for inner in ast.walk(node)}
    problems = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        else:
            continue
        if not any(name == LAB or name.startswith(LAB + ".") for name in names):
            continue
        if path not in LAB_DISPATCH:
            problems.append(f"{path}:{node.lineno}: the product never imports the lab ({LAB})")
        elif id(node) not in in_function:
            problems.append(f"{path}:{node.lineno}: the command line imports the lab ({LAB}) only in a lab "
                            f"command's handler, not when it loads")
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
        ("rules/games/briscola/engine.py", "import discord\n", "discord"),
        ("rules/games/briscola/engine.py", "import numpy as np\n", "numpy"),
        ("rules/cards.py", "from numpy import zeros\n", "numpy"),
        ("rules/ai/net.py", "import torch\n", "torch"),
        ("rules/ai/search.py", "from bot.config import Settings\n", "bot.config"),
        ("rules/cards.py", "def f():\n    import PIL.Image\n", "PIL.Image"),
        ("images/table.py", "import aiosqlite\n", "aiosqlite"),
        ("images/table.py", "from cogs import play\n", "cogs"),
        ("bot/tables/service.py", "from cogs.play import PlayCog\n", "cogs.play"),
        ("bot/tables/service.py", "import sqlite3\n", "sqlite3"),
        ("cogs/play.py", "import aiosqlite\n", "aiosqlite"),
        ("bot/tables/service.py", "import numpy as np\n", "numpy"),
        ("cogs/play/hub.py", "from numpy import zeros\n", "numpy"),
        ("bot/app.py", "from bot.lab import arena\n", "bot.lab"),
        ("bot/tables/core.py", "def f():\n    import bot.lab.bench\n", "bot.lab"),
        ("cogs/play/hub.py", "from bot import lab\n", "bot.lab"),
        ("bot/__main__.py", "from bot.lab import train\n", "bot.lab"),
        ("bot/lab_commands.py", "import bot.lab.arena\n", "bot.lab"),
    ],
)
def test_checker_reports_forbidden_imports(path, source, needle):
    problems = layer_violations(path, source)
    assert problems and all(needle in problem for problem in problems), problems


@pytest.mark.parametrize(
    ("path", "source"),
    [
        ("rules/games/briscola/engine.py",
         "from __future__ import annotations\nimport random\nfrom rules.cards import Card\n"),
        ("rules/ai/pimc.py", "from . import greedy\nfrom ..cards import Card\n"),
        ("rules/ai/net.py", "import numpy as np\nfrom rules.cards import POINTS\n"),
        ("images/table.py", "from PIL import Image\nfrom rules.cards import Card\nfrom images.fonts import f\n"),
        ("bot/storage/db.py", "import aiosqlite\nimport sqlite3\n"),
        ("bot/app.py", "import discord\nfrom rules.actions import RulesError\n"),
        ("cogs/play.py", "import discord\nfrom bot.app import create_bot\n"),
        ("bot/lab/train.py", "import numpy as np\nfrom rules.ai import net\nfrom bot.tools.paths import f\n"),
        ("bot/lab/tally.py", "from bot.lab.arena import AgentStats\n"),
        ("bot/__main__.py", "def cmd(args):\n    from bot.lab import arena\n    return arena.main(args)\n"),
        ("bot/lab_commands.py", "async def cmd(args):\n    import bot.lab.bench\n"),
        ("bot/tools/play.py", "from bot.tools.views import rules_lines\nfrom bot.shards import Shards\n"),
    ],
)
def test_checker_accepts_allowed_imports(path, source):
    assert layer_violations(path, source) == []


def test_the_product_runs_without_loading_the_lab():
    """Every module of the product imported, and the command line built and given a product command: no module of
    the lab is loaded (what a server runs needs none of it)."""
    modules = [".".join(file.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
               for package in ("bot", "cogs") for file in python_files(package)
               if file.relative_to(ROOT).parts[:2] != ("bot", "lab")]
    assert "bot.__main__" in modules and "cogs.play.hub" in modules
    script = f"""
import importlib, sys
for name in {modules!r}:
    importlib.import_module(name)
from bot.__main__ import build_parser
build_parser().parse_args(["doctor"])
print(" ".join(sorted(name for name in sys.modules if name == "bot.lab" or name.startswith("bot.lab."))))
"""
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "", f"the product loaded the lab: {done.stdout.strip()}"
