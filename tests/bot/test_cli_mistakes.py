"""Command-line mistakes as a user makes them: each is one clear line on stderr and exit status 2 (or the
command's documented status), never a traceback, and nothing is created or changed. The shard flags are
honoured before the ``run`` subcommand as after it, and refused with any other command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.tools.shards import Shards

ROOT = Path(__file__).resolve().parents[2]


def run_cli(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` in ``cwd`` with no Tavolo or Discord settings (but ``env``) and stdin closed."""
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    clean |= {"PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=clean, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL)


def one_error_line(result: subprocess.CompletedProcess[str], status: int = 2) -> str:
    """The one line the command said on stderr, checked: the status, no traceback, nothing else said."""
    output = result.stdout + result.stderr
    assert result.returncode == status, output[-3000:]
    assert "Traceback" not in output, output[-3000:]
    said = [line for line in result.stderr.splitlines() if line and not line.startswith(("usage:", " "))]
    assert len(said) == 1, result.stderr[-3000:]
    return said[0]


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every path under ``folder`` with its content (None for a folder): what a refused command must not change."""
    return {str(p.relative_to(folder)): None if p.is_dir() else p.read_bytes() for p in sorted(folder.rglob("*"))}


# ----- the shard flags -----
class StartedBot:
    """Stands in for the bot: remembers the shards it was made with; ``run`` returns at once."""

    shards: Shards | None = None
    made = False

    @classmethod
    def create(cls, _settings, shards=None):
        cls.made, cls.shards = True, shards
        return cls()

    def run(self, token, **kwargs):  # noqa: ARG002 - the signature of discord.Client.run
        return None


@pytest.fixture
def started(monkeypatch, tmp_path):
    """``main`` runs the bot with a token, in an empty folder; the bot made is ``StartedBot``."""
    monkeypatch.chdir(tmp_path)
    for name in list(os.environ):
        if name.startswith("TAVOLO_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("DISCORD_TOKEN", "abc.def")
    monkeypatch.setattr("bot.app.create_bot", StartedBot.create)
    monkeypatch.setattr("bot.logging_setup.setup_logging", lambda level, **kwargs: None)  # noqa: ARG005
    StartedBot.made, StartedBot.shards = False, None
    return StartedBot


@pytest.mark.parametrize("argv", [
    ["--shard-count", "4", "--shard-ids", "0-1", "run"],
    ["run", "--shard-count", "4", "--shard-ids", "0-1"],
    ["--shard-count", "4", "run", "--shard-ids", "0-1"],
    ["--shard-count", "4", "--shard-ids", "0-1"],
])
def test_the_shard_flags_before_or_after_run_start_those_shards(started, argv):
    assert main(argv) == 0
    assert started.made and started.shards == Shards(4, (0, 1))


def test_run_without_shard_flags_runs_every_shard(started):
    assert main(["run"]) == 0
    assert started.made and started.shards is None


@pytest.mark.parametrize("argv", [
    ["--shard-count", "9999999999999", "run"],
    ["--shard-count", "4", "--shard-ids", "0-99999999999", "run"],
    ["--shard-ids", "0-1", "run"],
])
def test_impossible_shards_are_one_line_and_nothing_starts(started, capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("error: "), err
    assert not started.made


@pytest.mark.parametrize("argv", [
    ["--shard-count", "4", "--shard-ids", "0-1", "play"],
    ["--shard-count", "2", "doctor"],
    ["--shard-ids", "1", "replay", "x.json"],
])
def test_the_shard_flags_with_another_command_are_refused(started, capsys, argv):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [f"error: --shard-count and --shard-ids are for the bot (run), not for "
                                        f"{argv[-2] if argv[-1] == 'x.json' else argv[-1]}"]
    assert not started.made
