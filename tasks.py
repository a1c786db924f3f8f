#!/usr/bin/env python3
"""Bootstrap tasks for Tavolo, standard library only.

    python3 tasks.py run [args...]           create .venv if needed, install the project, run `python -m bot args...`
    python3 tasks.py test [pytest args...]   install the test extras, run `ruff check .`, `mypy` and then pytest

A fresh machine needs only Python 3.11+ and git. Installs are redone when pyproject.toml changes
(a hash stamp is kept inside .venv). With no Discord token configured (DISCORD_TOKEN in the environment or in
./.env), `run` also installs the `demo` extra (SimCord), so that the bot starts in the browser demo instead;
`run screenshots` installs the `test` extra (Playwright). `test` ends by saying which tests were skipped and
why (a missing Chromium); TAVOLO_REQUIRE=chromium turns that skip into a failure.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYPROJECT = ROOT / "pyproject.toml"
MIN_PYTHON = (3, 11)
PYTEST_NO_TESTS = 5
COVERS = {"": ("", "demo", "test"), "demo": ("demo", "test"), "test": ("test",)}
"""Per extra, the installs that include it (the test extra includes SimCord's preview, the demo's runtime)."""


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


def ensure_installed(python: Path, extra: str = "", *, required: bool = True) -> bool:
    """`pip install -e .[extra]` unless the stamp says it (or an install that includes it) is up to date;
    whether it is installed. A failed install that is not `required` is said and left."""
    if any(is_installed(covering) for covering in COVERS[extra]):
        return True
    target = f".[{extra}]" if extra else "."
    say(f"installing the project ({'-e ' + target}); the first time takes a minute")
    result = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
        cwd=ROOT,
    )
    if result.returncode != 0:
        say("pip install failed (see above)")
        if required:
            sys.exit(result.returncode)
        return False
    stamp_path(extra).write_text(install_key(extra) + "\n")
    return True


def token_configured() -> bool:
    """Whether a Discord token is set: DISCORD_TOKEN in the environment, or in ./.env (where the bot reads it)."""
    if os.environ.get("DISCORD_TOKEN", "").strip():
        return True
    env_file = Path.cwd() / ".env"
    try:
        lines = env_file.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError):
        return False
    for line in lines:
        key, _, value = line.strip().removeprefix("export ").partition("=")
        if key.strip() == "DISCORD_TOKEN" and value.strip().strip("\"'").strip():
            return True
    return False


def extra_for(args: list[str]) -> str:
    """The extra a `python -m bot` command needs: the demo's SimCord for `demo`, and for `run` (or no command)
    when no token is configured (it starts the demo then); Playwright for `screenshots`; else none."""
    command = args[0] if args else "run"
    if command == "screenshots":
        return "test"
    if command == "demo" or (command == "run" and not token_configured()):
        return "demo"
    return ""


def run(args: list[str]) -> int:
    """Start the bot (or another `python -m bot` command) in .venv, in the current directory."""
    python = ensure_venv()
    ensure_installed(python)
    extra = extra_for(args)
    if extra:
        ensure_installed(python, extra, required=False)
    command = [str(python), "-m", "bot", *args]
    if os.name == "nt":
        return subprocess.call(command)
    sys.stdout.flush()
    os.execv(command[0], command)
    return 0  # not reached


def test(args: list[str]) -> int:
    """Lint with ruff, type-check every package with mypy (strict on the packages pyproject.toml lists),
    then run pytest; fail when any fails or when pytest collects no test."""
    python = ensure_venv()
    ensure_installed(python, "test")
    say("ruff check .")
    lint = subprocess.run([str(python), "-m", "ruff", "check", "."], cwd=ROOT).returncode
    say("mypy (strict where pyproject.toml says)")
    types = subprocess.run([str(python), "-m", "mypy"], cwd=ROOT).returncode
    say("pytest")
    with tempfile.TemporaryDirectory(prefix="tavolo-tasks-") as folder:
        report = Path(folder) / "junit.xml"
        own_report = any(a.startswith(("--junitxml", "--junit-xml")) for a in args)
        extra = [] if own_report else [f"--junitxml={report}"]
        status = subprocess.run([str(python), "-m", "pytest", *args, *extra], cwd=ROOT).returncode
        for line in skipped(report):
            say(line)
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


def skipped(report: Path) -> list[str]:
    """One line per reason that tests were skipped for, from pytest's JUnit XML report: `skipped N tests:
    reason` (nothing when the report is missing or unreadable)."""
    try:
        root = ElementTree.parse(report).getroot()
    except (OSError, ElementTree.ParseError):
        return []
    reasons = Counter(
        (element.get("message") or "no reason given").removeprefix("Skipped: ").strip()
        for element in root.iter("skipped")
    )
    lines = [f"skipped {n} test{'s' if n > 1 else ''}: {reason}" for reason, n in sorted(reasons.items())]
    if any("chromium" in reason.lower() for reason in reasons):
        lines.append("(TAVOLO_REQUIRE=chromium python3 tasks.py test makes a missing Chromium a failure; "
                     ".ci/run installs it)")
    return lines


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
