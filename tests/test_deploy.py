"""The files in ``deploy/`` and the README's Operating section: the systemd units, the Dockerfile and the
compose file parse and say what an admin relies on, and every ``python -m bot`` command the section shows
exists in the command line's help. There is no Docker or systemd to run them here: they are read."""

from __future__ import annotations

import configparser
import functools
import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
VENV_PYTHON = "/opt/tavolo/.venv/bin/python"
SHELL_OPERATORS = ("&&", "||", ";", "|", ">", ">>", "<", "2>", "&")
ADMIN_COMMANDS = {"doctor", "invite", "backup", "forget-user"}
SHARD_FLAGS = {"--shard-count", "--shard-ids"}


# ----- systemd -----
def unit(name: str) -> configparser.ConfigParser:
    """A systemd unit read as an INI file: keys keep their case, ``%`` and ``$`` stay as written."""
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string((DEPLOY / name).read_text(encoding="utf-8"), source=name)
    return parser


def exec_start(name: str) -> list[str]:
    return shlex.split(unit(name)["Service"]["ExecStart"])


@pytest.mark.parametrize("name", ["tavolo.service", "tavolo@.service"])
def test_units_run_the_bot_from_its_venv_as_its_own_user_with_the_env_file(name: str) -> None:
    service = unit(name)["Service"]
    assert exec_start(name)[:3] == [VENV_PYTHON, "-m", "bot"]
    assert service["User"] not in {"root", "0", ""}
    assert service["EnvironmentFile"] == "/opt/tavolo/.env"
    assert service["Restart"] == "on-failure"
    # a configuration error (exit status 2) is not retried forever
    assert "2" in service["RestartPreventExitStatus"].split()
    assert unit(name)["Install"]["WantedBy"] == "multi-user.target"


@pytest.mark.parametrize("name", ["tavolo.service", "tavolo@.service"])
def test_units_stop_the_bot_with_the_signal_that_closes_it_cleanly(name: str) -> None:
    """discord.py's ``Client.run`` closes the bot on KeyboardInterrupt (SIGINT); nothing handles SIGTERM."""
    service = unit(name)["Service"]
    assert service["KillSignal"] == "SIGINT"
    assert int(service["TimeoutStopSec"].removesuffix("s")) >= 10


@pytest.mark.parametrize("name", ["tavolo.service", "tavolo@.service"])
def test_units_hardening_leaves_the_database_folder_writable(name: str) -> None:
    """ProtectSystem=strict makes everything read-only: the working directory, where the default
    ``tavolo.sqlite3`` is made, must be the state folder or a ReadWritePaths entry."""
    service = unit(name)["Service"]
    assert service["NoNewPrivileges"] in {"true", "yes"}
    assert service["ProtectSystem"] == "strict"
    assert service["PrivateTmp"] in {"true", "yes"}
    state = Path("/var/lib") / service["StateDirectory"]
    assert service["StateDirectory"] == "tavolo"
    writable = [Path(p) for p in service["ReadWritePaths"].split()] + [state]
    assert state in [Path(p) for p in service["ReadWritePaths"].split()]
    work = Path(service["WorkingDirectory"])
    assert any(work == w or w in work.parents for w in writable), f"{work} is read-only under ProtectSystem=strict"
    assert service["StandardError"] == "journal"


def test_plain_unit_runs_every_shard_and_the_template_passes_its_instance_as_the_shard_ids() -> None:
    assert exec_start("tavolo.service") == [VENV_PYTHON, "-m", "bot"]
    args = exec_start("tavolo@.service")[3:]
    assert "--shard-ids" in args and args[args.index("--shard-ids") + 1] == "%i"  # %I would turn 0-7 into 0/7
    assert "--shard-count" in args
    count = args[args.index("--shard-count") + 1]
    assert count.startswith("$"), "the shard count comes from the environment, the same for every instance"
    assert "%I" not in (DEPLOY / "tavolo@.service").read_text(encoding="utf-8").split("[Unit]", 1)[1]


# ----- Dockerfile -----
def dockerfile() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as (KEYWORD, arguments), continuation lines joined, comments left out."""
    text = re.sub(r"\\\n", " ", (DEPLOY / "Dockerfile").read_text(encoding="utf-8"))
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            keyword, _, rest = line.partition(" ")
            out.append((keyword.upper(), rest.strip()))
    return out


def test_dockerfile_installs_the_project_and_runs_the_bot_as_a_non_root_user() -> None:
    steps = dockerfile()
    keywords = [k for k, _ in steps]
    assert steps[0] == ("FROM", "python:3.11-slim")
    users = [(i, rest) for i, (k, rest) in enumerate(steps) if k == "USER"]
    assert users, "no USER: the bot would run as root"
    last_user_at, user = users[-1]
    assert user.split(":")[0] not in {"root", "0"}
    cmd_at = keywords.index("CMD")
    assert last_user_at < cmd_at
    assert json.loads(steps[cmd_at][1]) == ["python", "-m", "bot"]
    installs = [i for i, (k, rest) in enumerate(steps) if k == "RUN" and re.search(r"\bpip install (-\S+ )*\.(\s|$)",
                                                                                     rest)]
    assert installs, "the project is not installed with pip"
    assert dict(steps).get("STOPSIGNAL") == "SIGINT"


def test_what_a_server_installs_holds_the_bot_and_not_the_lab() -> None:
    """``pip install .`` finds the packages of the bot, its storage, the terminal game and the admin commands,
    and leaves out the lab (the arena, training, benchmarks, screenshots, catalogue and font tools)."""
    from setuptools import find_packages

    found = project_packages()
    assert {"bot", "bot.storage", "bot.tables", "bot.tools", "bot.tools.views", "cogs", "rules", "images"} <= found
    assert not {p for p in found if p == "bot.lab" or p.startswith("bot.lab.")}, sorted(found)
    assert "bot.lab" in find_packages(str(ROOT), include=["bot*"]), "the lab is a package of the repository"


def project_packages() -> set[str]:
    """The packages setuptools finds for the project, with pyproject.toml's include and exclude."""
    from setuptools import find_packages

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    find = project["tool"]["setuptools"]["packages"]["find"]
    return set(find_packages(str(ROOT / find.get("where", ["."])[0]), include=find["include"],
                             exclude=find.get("exclude", ())))


def test_dockerfile_copies_every_package_and_no_secret() -> None:
    """What ``pip install .`` needs (pyproject.toml, its readme, each package it finds) is copied before it."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    needed = packages | {"pyproject.toml", project["project"]["readme"]}
    steps = dockerfile()
    install_at = next(i for i, (k, rest) in enumerate(steps) if k == "RUN" and "pip install" in rest)
    copied: set[str] = set()
    for keyword, rest in steps[:install_at]:
        if keyword in {"COPY", "ADD"}:
            sources = [w for w in shlex.split(rest) if not w.startswith("--")][:-1]
            assert ".env" not in {Path(s).name for s in sources}
            copied |= {s.rstrip("/").removeprefix("./") for s in sources}
    assert "." not in copied, "COPY . would send .env and .venv into the image"
    assert needed <= copied, f"not copied before pip install: {sorted(needed - copied)}"


# ----- compose -----
def load_yaml(text: str) -> Any:
    """PyYAML's ``safe_load`` when it is installed, else ``mini_yaml``."""
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        return mini_yaml(text)
    return yaml.safe_load(text)


def mini_yaml(text: str) -> Any:
    """The block YAML a compose file uses, with the standard library: mappings and ``- item`` lists by
    indentation, JSON flow lists, plain and quoted scalars (as strings). Anything else (tabs, anchors, tags,
    ``|`` blocks, flow mappings) is refused with an assertion rather than read wrongly."""
    lines: list[tuple[int, str]] = []
    for raw in text.splitlines():
        assert "\t" not in raw, "tabs in YAML"
        body = re.sub(r"(^|\s)#.*$", "", raw).rstrip()
        if body.strip():
            assert not re.search(r"(^|\s)[&*!][\w-]|:\s*[|>][-+]?$|(^|:\s|-\s)\{", body), f"unsupported YAML: {raw!r}"
            lines.append((len(body) - len(body.lstrip()), body.strip()))

    def scalar(value: str) -> Any:
        if value.startswith("["):
            return json.loads(value)
        if value[:1] in {"'", '"'}:
            assert value[-1] == value[0], f"unclosed quote: {value!r}"
            return value[1:-1]
        return value

    def block(i: int, indent: int) -> tuple[Any, int]:
        if lines[i][1].startswith("- "):
            items = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                items.append(scalar(lines[i][1][2:].strip()))
                i += 1
            return items, i
        mapping: dict[str, Any] = {}
        while i < len(lines) and lines[i][0] == indent:
            key, sep, value = lines[i][1].partition(": ") if ": " in lines[i][1] else lines[i][1].partition(":")
            assert sep and key and key not in mapping, f"bad or repeated key: {lines[i][1]!r}"
            value = value.strip()
            i += 1
            if value:
                mapping[key] = scalar(value)
            elif i < len(lines) and (lines[i][0] > indent or lines[i][1].startswith("- ")):
                mapping[key], i = block(i, lines[i][0])
            else:
                mapping[key] = None
        return mapping, i

    data, end = block(0, lines[0][0])
    assert end == len(lines), f"unread YAML from: {lines[end][1]!r}"
    return data


def interpolate(value: str, env: dict[str, str]) -> str:
    """Compose's ``${VAR}``, ``${VAR:-default}`` and ``${VAR:?error}`` with ``env``."""

    def one(m: re.Match[str]) -> str:
        name, op, arg = m.group(1), m.group(2), m.group(3)
        if env.get(name):
            return env[name]
        assert op != ":?", f"{name} is required: {arg}"
        return arg if op == ":-" else ""

    return re.sub(r"\$\{(\w+)(?:(:-|:\?)([^}]*))?\}", one, value)


@functools.cache
def compose() -> dict[str, Any]:
    return load_yaml((DEPLOY / "compose.yaml").read_text(encoding="utf-8"))


def test_mini_yaml_reads_what_compose_files_use_and_refuses_the_rest() -> None:
    text = "a:\n  b: 1  # note\n  c:\n    - x\n    - 'y z'\n  d: [\"CMD\", \"pg_isready\"]\ne:\n"
    assert mini_yaml(text) == {"a": {"b": "1", "c": ["x", "y z"], "d": ["CMD", "pg_isready"]}, "e": None}
    with pytest.raises(AssertionError):
        mini_yaml("a: &anchor\n  b: 1\n")
    with pytest.raises(AssertionError):
        mini_yaml("a: 1\na: 2\n")
    with pytest.raises(AssertionError):
        mini_yaml("a: {b: 1}\n")


def test_compose_runs_the_bot_after_a_healthy_postgresql_15_with_a_named_volume() -> None:
    services = compose()["services"]
    assert set(services) == {"bot", "db"}
    db, bot = services["db"], services["bot"]
    assert db["image"] in {"postgres:15", "postgres:15-alpine"} or db["image"].startswith("postgres:15.")
    check = db["healthcheck"]["test"]
    assert check[0] in {"CMD", "CMD-SHELL"} and "pg_isready" in " ".join(check[1:])
    assert bot["depends_on"]["db"]["condition"] == "service_healthy"
    volume = next(v.split(":")[0] for v in db["volumes"] if v.split(":")[1] == "/var/lib/postgresql/data")
    assert volume in compose()["volumes"], "the database is not on a named volume"
    assert {db["restart"], bot["restart"]} <= {"always", "unless-stopped", "on-failure"}
    assert bot["build"]["dockerfile"] == "deploy/Dockerfile"
    assert (DEPLOY / bot["build"]["context"] / bot["build"]["dockerfile"]).resolve() == DEPLOY / "Dockerfile"


def test_compose_takes_the_secrets_from_the_env_file_and_the_bot_reaches_the_database_with_them() -> None:
    services = compose()["services"]
    db, bot = services["db"]["environment"], services["bot"]["environment"]
    env = {"POSTGRES_PASSWORD": "pw0123", "DISCORD_TOKEN": "tok"}
    url = urlsplit(interpolate(bot["TAVOLO_DATABASE"], env))
    assert (url.scheme, url.hostname, url.port, url.path) == ("postgresql", "db", 5432, "/tavolo")
    assert (url.username, url.password) == (db["POSTGRES_USER"], interpolate(db["POSTGRES_PASSWORD"], env))
    assert url.password == "pw0123" and url.path[1:] == db["POSTGRES_DB"]
    assert interpolate(bot["DISCORD_TOKEN"], env) == "tok"
    # no password or token in clear: each is a ${...} from deploy/.env
    for environment in (db, bot):
        for key, value in environment.items():
            if re.search(r"PASSWORD|TOKEN", key):
                assert re.fullmatch(r"\$\{\w+(:[-?][^}]*)?\}", value), f"{key} in clear"
            if "://" in value:
                assert re.fullmatch(r"\$\{\w+(:[-?][^}]*)?\}", urlsplit(value).password or "${x}"), f"{key} in clear"


# ----- the README's Operating section -----
def operating_section() -> str:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = re.search(r"^## Operating\n(.*?)(?=^## )", readme, re.S | re.M)
    assert found, "README.md has no '## Operating' section"
    return found.group(1)


def bot_commands() -> list[tuple[str | None, tuple[str, ...]]]:
    """Every ``python -m bot ...`` in the section's code blocks: (subcommand or None, its --flags)."""
    commands = []
    for code in re.findall(r"^```[^\n]*\n(.*?)^```", operating_section(), re.S | re.M):
        for line in code.splitlines():
            for m in re.finditer(r"(?:^|\s)\S*python3?\s+-m\s+bot(?=\s|$)(.*)", line):
                words = []
                for word in shlex.split(m.group(1), comments=True):
                    if word in SHELL_OPERATORS:
                        break
                    words.append(word)
                sub = words[0] if words and not words[0].startswith("-") else None
                flags = tuple(w.split("=")[0] for w in words if w.startswith("--"))
                commands.append((sub, flags))
    return commands


@functools.cache
def help_text(*command: str) -> str:
    result = subprocess.run([sys.executable, "-m", "bot", *command, "--help"], cwd=ROOT, capture_output=True,
                            text=True, env={**os.environ, "COLUMNS": "200"}, timeout=60)
    assert result.returncode == 0, f"python -m bot {' '.join(command)} --help: {result.stderr.strip()[-300:]}"
    return result.stdout


def subcommands() -> set[str]:
    """The subcommands ``python -m bot --help`` lists under its positional arguments."""
    listed = help_text().split("positional arguments:", 1)[1].split("\n\n", 1)[0]
    return set(re.findall(r"^ {4}([a-z][\w-]*)", listed, re.M))


def test_the_help_lists_the_subcommands_this_test_relies_on() -> None:
    assert {"run", "sync", "play"} <= subcommands()


def test_the_operating_section_shows_the_admin_commands_and_the_shard_flags() -> None:
    commands = bot_commands()
    assert {sub for sub, _ in commands} >= ADMIN_COMMANDS
    assert {flag for sub, flags in commands if sub is None for flag in flags} >= SHARD_FLAGS
    text = operating_section()
    for path in sorted(DEPLOY.iterdir()):
        if path.suffix != ".dockerignore":
            assert f"deploy/{path.name}" in text, f"the Operating section does not explain deploy/{path.name}"


@pytest.mark.parametrize("sub,flags", sorted(set(bot_commands()), key=str), ids=str)
def test_every_command_of_the_operating_section_exists(sub: str | None, flags: tuple[str, ...]) -> None:
    """Each subcommand is in ``python -m bot --help``, and each flag in its command's help."""
    if sub is not None:
        assert sub in subcommands(), f"python -m bot has no subcommand {sub!r}"
    helped = help_text(*([sub] if sub else []))
    for flag in flags:
        assert re.search(rf"(?<![\w-]){re.escape(flag)}(?![\w-])", helped), f"python -m bot {sub or ''} has no {flag}"
