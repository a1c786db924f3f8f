#!/usr/bin/env python3
"""Bootstrap tasks for Tavolo, standard library only.

    python3 tasks.py run [args...]           create .venv if needed, install the project, run `python -m bot args...`
    python3 tasks.py test [pytest args...]   install the test extras, run `ruff check .`, `mypy` and then pytest

A fresh machine needs only Python 3.11+ and git. Installs are redone when pyproject.toml changes
(a hash stamp is kept inside .venv).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYPROJECT = ROOT / "pyproject.toml"
MIN_PYTHON = (3, 11)
PYTEST_NO_TESTS = 5


def say(message: str) -> None:
    """Print one short progress line."""
    print(f"tasks: {message}", flush=True)


def venv_python() -> Path:
    """The interpreter inside .venv."""
    if os.name == "nt":
        return VENV / "Scripts" / "python.exe"
    return VENV / "bin" / "python"


def venv_works() -> bool:
    """Whether .venv exists and its interpreter starts (it breaks when its base Python is removed)."""
    python = venv_python()
    if not python.exists():
        return False
    probe = subprocess.run([str(python), "-c", "import pip"], capture_output=True)
    return probe.returncode == 0


def ensure_venv() -> Path:
    """Create .venv (with pip) from the Python running this script, unless a working one exists."""
    if not venv_works():
        say(f"creating .venv with Python {sys.version.split()[0]}")
        subprocess.run([sys.executable, "-m", "venv", "--clear", str(VENV)], check=True)
    return venv_python()


def install_key(extra: str) -> str:
    """What an install depends on: pyproject.toml's content and the extra asked for."""
    digest = hashlib.sha256(PYPROJECT.read_bytes())
    digest.update(extra.encode())
    return digest.hexdigest()


def stamp_path(extra: str) -> Path:
    """The stamp file that records a finished install of `extra` ('' for the plain project)."""
    return VENV / f".tavolo-installed-{extra or 'base'}"


def is_installed(extra: str) -> bool:
    """Whether `extra` was installed from the current pyproject.toml."""
    stamp = stamp_path(extra)
    return stamp.exists() and stamp.read_text().strip() == install_key(extra)


def ensure_installed(python: Path, extra: str = "") -> None:
    """`pip install -e .[extra]` unless the stamp says it is up to date."""
    if is_installed(extra) or (not extra and is_installed("test")):
        return
    target = f".[{extra}]" if extra else "."
    say(f"installing the project ({'-e ' + target}); the first time takes a minute")
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
        cwd=ROOT,
    )
    if result.returncode != 0:
        say("pip install failed (see above)")
        sys.exit(result.returncode)
    stamp_path(extra).write_text(install_key(extra) + "\n")


def run(args: list[str]) -> int:
    """Start the bot (or another `python -m bot` command) in .venv, in the current directory."""
    python = ensure_venv()
    ensure_installed(python)
    command = [str(python), "-m", "bot", *args]
    if os.name == "nt":
        return subprocess.call(command)
    sys.stdout.flush()
    os.execv(command[0], command)
    return 0  # not reached


def test(args: list[str]) -> int:
    """Lint with ruff, type-check every package with mypy (strict on rules/ and images/, as pyproject.toml
    says), then run pytest; fail when any fails or when pytest collects no test."""
    python = ensure_venv()
    ensure_installed(python, "test")
    say("ruff check .")
    lint = subprocess.run([str(python), "-m", "ruff", "check", "."], cwd=ROOT).returncode
    say("mypy (rules and images strict, bot and cogs default)")
    types = subprocess.run([str(python), "-m", "mypy"], cwd=ROOT).returncode
    say("pytest")
    status = subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT).returncode
    if status == PYTEST_NO_TESTS:
        say("pytest collected no tests")
        return 1
    if status == 0 and lint != 0:
        say("tests passed, but ruff found problems (see above)")
        return 1
    if status == 0 and types != 0:
        say("tests passed, but mypy found problems (see above)")
        return 1
    return status


COMMANDS = {"run": run, "test": test}


def main(argv: list[str]) -> int:
    """Dispatch `run` or `test`."""
    if sys.version_info < MIN_PYTHON:
        print(f"tasks: Tavolo needs Python {'.'.join(map(str, MIN_PYTHON))} or newer", file=sys.stderr)
        return 2
    if not argv or argv[0] not in COMMANDS:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    return COMMANDS[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
