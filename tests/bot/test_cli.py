"""The command line: a missing token gives a short message, parsing, and errors without tracebacks."""

from __future__ import annotations

import os
import subprocess
import sys
import types
from pathlib import Path

import aiohttp
import discord
import pytest

import bot.lab
import bot.tools
from bot.__main__ import build_parser, main
from rules.actions import RulesError

ROOT = Path(__file__).resolve().parents[2]


def run_cli(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``python -m bot`` in an empty directory with no Tavolo or Discord settings in the environment."""
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    clean["PYTHONPATH"] = str(ROOT)
    clean.update(env)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=tmp_path, env=clean, capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("args", [(), ("run",), ("sync",)])
def test_missing_token_is_a_short_message(tmp_path, args):
    result = run_cli(tmp_path, *args)
    output = result.stdout + result.stderr
    assert result.returncode == 2, output
    assert "DISCORD_TOKEN" in result.stderr and ".env" in result.stderr
    assert "Traceback" not in output


def test_blank_token_counts_as_missing(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=   \n")
    result = run_cli(tmp_path)
    assert result.returncode == 2
    assert "DISCORD_TOKEN" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("command", ["run", "sync"])
def test_bad_setting_is_a_short_message(tmp_path, command):
    result = run_cli(tmp_path, command, TAVOLO_DEV_GUILD="not-a-number", DISCORD_TOKEN="x")
    assert result.returncode == 2
    assert "TAVOLO_DEV_GUILD" in result.stderr and "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_arena_arguments_and_defaults():
    args = build_parser().parse_args(
        ["arena", "--game", "briscola", "--players", "4", "--option", "match=short", "--option", "teams=13-24"]
    )
    assert (args.game, args.players, args.agents, args.games, args.seed, args.time_ms) == (
        "briscola",
        4,
        "random",
        100,
        1,
        200,
    )
    assert args.option == ["match=short", "teams=13-24"]
    assert args.records is None and args.json is False


@pytest.mark.usefixtures("capsys")  # argparse's usage message stays out of the output
def test_arena_needs_a_known_game():
    with pytest.raises(SystemExit) as exit_info:
        build_parser().parse_args(["arena", "--game", "patience", "--players", "2"])
    assert exit_info.value.code == 2


def test_replay_and_bench_arguments():
    assert build_parser().parse_args(["replay", "a.json", "b.json"]).files == ["a.json", "b.json"]
    bench = build_parser().parse_args(["bench"])
    assert (bench.games, bench.seed, bench.only) == (0, 1, None)


@pytest.mark.parametrize("command", ["arena", "replay", "bench"])
def test_rules_error_becomes_a_message(monkeypatch, capsys, command):
    def fail(_args):
        raise RulesError("unknown option 'colour' for briscola")

    package = bot.tools if command == "replay" else bot.lab
    fake = types.ModuleType(f"{package.__name__}.{command}")
    fake.main = fail
    monkeypatch.setitem(sys.modules, f"{package.__name__}.{command}", fake)
    monkeypatch.setattr(package, command, fake, raising=False)
    argv = {
        "arena": ["arena", "--game", "briscola", "--players", "2"],
        "replay": ["replay", "game.json"],
        "bench": ["bench"],
    }[command]
    assert main(argv) == 2
    assert capsys.readouterr().err.strip() == "error: unknown option 'colour' for briscola"


@pytest.mark.parametrize("argv", [["arena", "--game", "briscola", "--players", "2"], ["tally", "records"], ["bench"],
                                  ["train", "--dir", "run"], ["screenshots", "shots"]])
def test_a_lab_command_without_the_lab_says_so_in_one_line(monkeypatch, capsys, argv):
    monkeypatch.setitem(sys.modules, "bot.lab", None)  # as where pip install . left the lab out
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "bot/lab" in err and f"tasks.py run {argv[0]}" in err, err


def test_subcommand_status_is_returned(monkeypatch):
    fake = types.ModuleType("bot.lab.bench")
    fake.main = lambda args: 3 if args.only == "deal" else 0
    monkeypatch.setitem(sys.modules, "bot.lab.bench", fake)
    monkeypatch.setattr(bot.lab, "bench", fake, raising=False)
    assert main(["bench", "--only", "deal"]) == 3
    assert main(["bench"]) == 0


class FailingBot:
    """Stands in for the bot: ``run`` raises what Discord would."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc
        self.token = None

    def run(self, token, **kwargs):  # noqa: ARG002 - the signature of discord.Client.run
        self.token = token
        raise self.exc


@pytest.mark.parametrize(
    ("exc", "status", "needle"),
    [
        (discord.LoginFailure("Improper token has been passed."), 2, "DISCORD_TOKEN"),
        (aiohttp.ClientConnectionError("Name or service not known"), 1, "Cannot reach Discord"),
    ],
)
def test_run_failures_are_short_messages(monkeypatch, tmp_path, capsys, exc, status, needle):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    fake = FailingBot(exc)
    monkeypatch.setattr("bot.app.create_bot", lambda _settings, **_kw: fake)
    monkeypatch.setattr("bot.logging_setup.setup_logging", lambda level, **kwargs: None)  # noqa: ARG005
    assert main(["run"]) == status
    assert fake.token == "abc.def"
    assert needle in capsys.readouterr().err
