"""The application and the Discord layer use the engine's public API: no module of ``bot/`` (the lab apart) or
``cogs/`` reaches into a match's current round (``match.round``); they ask ``Match.check``, ``tricks_done``..."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def reaches_into_round(source: str) -> list[int]:
    """The lines where ``<...match>.round`` is read."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "round":
            owner = node.value
            name = owner.attr if isinstance(owner, ast.Attribute) else owner.id if isinstance(owner, ast.Name) else ""
            if name in ("match", "m"):
                lines.append(node.lineno)
    return lines


def product_modules() -> list[Path]:
    out = []
    for package in ("bot", "cogs"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "lab" not in path.relative_to(ROOT).parts:
                out.append(path)
    return out


def test_the_scan_finds_a_reach_into_the_round() -> None:
    assert reaches_into_round("def f(t, a):\n    t.match.round.check(a)\n") == [2]
    assert reaches_into_round("def f(m):\n    return m.round.tricks_done()\n") == [2]
    assert reaches_into_round("def f(t, a):\n    t.match.check(a, 0)\n") == []


@pytest.mark.parametrize("path", product_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_no_product_module_reaches_into_the_round(path: Path) -> None:
    lines = reaches_into_round(path.read_text(encoding="utf-8"))
    assert not lines, f"{path.relative_to(ROOT)} reads match.round at lines {lines}: use the Match's public API"
