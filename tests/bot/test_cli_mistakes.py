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
from bot.shards import Shards

ROOT = Path(__file__).resolve().parents[2]


def limit_memory() -> None:
    """Cap the child's address space: reading a device to its end fails fast instead of filling the machine."""
    import resource

    cap = 3 * 2**30
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def run_cli(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` in ``cwd`` with no Tavolo or Discord settings (but ``env``), stdin closed, a
    memory cap."""
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    clean |= {"PYTHONPATH": str(ROOT), **env}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=clean, capture_output=True,
                          text=True, timeout=300, stdin=subprocess.DEVNULL,
                          preexec_fn=limit_memory if sys.platform == "linux" else None)


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


# ----- train -----
TRAIN = ["train", "--games", "1", "--epochs", "1"]
TRAIN_OF = {"briscola": TRAIN, "cicera": ["train", "--game", "cicera", "--games", "1", "--agent-ms", "1"]}


def not_weights(folder: Path) -> dict[str, Path]:
    """Files that are not a network's weights, by what they are."""
    import numpy as np

    text = folder / "notes.npz"
    text.write_text("not weights\n")
    other = folder / "other.npz"
    np.savez(other, x=np.zeros(3))
    one = folder / "one.npy"
    np.save(one, np.zeros((2, 2)))
    return {"text": text, "other-arrays": other, "one-array": one, "a-device": Path("/dev/zero")}


@pytest.mark.parametrize("what", ["text", "other-arrays", "one-array", "a-device"])
@pytest.mark.parametrize("option", ["--init", "--teacher"])
def test_train_with_a_file_that_is_not_weights(tmp_path, option, what):
    weights = not_weights(tmp_path)[what]
    before = tree(tmp_path)
    line = one_error_line(run_cli(tmp_path, *TRAIN, "--dir", "run", option, str(weights)))
    assert line.startswith(f"error: {option} {weights} is not a weights file"), line
    assert tree(tmp_path) == before  # no run folder made


def test_train_dir_that_is_a_file(tmp_path):
    (tmp_path / "a-file").write_text("mine")
    line = one_error_line(run_cli(tmp_path, *TRAIN, "--dir", "a-file"))
    assert line == "error: a-file is a file, not a folder"
    assert tree(tmp_path) == {"a-file": b"mine"}


@pytest.mark.parametrize("game", ["briscola", "cicera"])
def test_train_dir_that_cannot_be_made(tmp_path, game):
    line = one_error_line(run_cli(tmp_path, *TRAIN_OF[game], "--dir", "/proc/nope"))
    assert line.startswith("error: /proc/nope cannot be written"), line
    assert not Path("/proc/nope").exists()


@pytest.mark.parametrize("export", ["/proc/nope.npz", "{tmp}", "{tmp}/a-file/x.npz"])
@pytest.mark.parametrize("game", ["briscola", "cicera"])
def test_train_export_that_cannot_be_written_is_refused_before_training(tmp_path, game, export):
    (tmp_path / "a-file").write_text("mine")
    export = export.format(tmp=tmp_path)
    result = run_cli(tmp_path, *TRAIN_OF[game], "--dir", "run", "--export", export)
    line = one_error_line(result)
    assert line.startswith("error: ") and ("cannot be written" in line or "folder" in line), line
    assert result.stdout == ""  # no data made, no epoch trained
    assert tree(tmp_path) == {"a-file": b"mine"}


def test_train_players_is_2_4_or_6(tmp_path):
    line = one_error_line(run_cli(tmp_path, *TRAIN, "--dir", "run", "--players", "3"))
    assert "invalid choice: 3" in line and "2, 4, 6" in line, line
    assert tree(tmp_path) == {}


def test_train_export_is_written_as_named(tmp_path):
    result = run_cli(tmp_path, *TRAIN, "--dir", "run", "--export", "weights", "--hidden1", "4", "--hidden2", "4")
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "weights").is_file() and not (tmp_path / "weights.npz").exists()


# ----- screenshots, replay --picture, doctor, forget-user -----
def test_screenshots_into_a_file(tmp_path):
    (tmp_path / "a-file").write_text("mine")
    line = one_error_line(run_cli(tmp_path, "screenshots", "a-file"))
    assert line == "error: a-file is a file, not a folder"
    assert tree(tmp_path) == {"a-file": b"mine"}


def a_record(folder: Path) -> Path:
    """A finished 2-player Briscola record in ``folder``."""
    import json

    from rules.records import new_game

    match = new_game("briscola", 2, {}, 3)
    while not match.is_over():
        match.apply(match.legal_actions()[0])
    path = folder / "game.json"
    path.write_text(json.dumps(match.record([{"name": "a", "ai": "random"}, {"name": "b", "ai": "greedy"}])))
    return path


@pytest.mark.parametrize(("out", "says"), [
    ("", "an empty file name"),
    ("a-folder", "a-folder is a folder"),
    ("no-such-folder/game.webp", "the folder no-such-folder does not exist"),
    ("game.json/x.webp", "game.json is a file, not a folder"),
])
def test_replay_picture_to_a_path_that_cannot_be_a_file(tmp_path, out, says):
    a_record(tmp_path)
    (tmp_path / "a-folder").mkdir()
    before = tree(tmp_path)
    line = one_error_line(run_cli(tmp_path, "replay", "--picture", "game.json", out))
    assert line == f"error: {says}" or line.startswith(f"error: {says}:"), line
    assert tree(tmp_path) == before  # no .webp, no a-folder.webp


def test_replay_picture_to_a_full_device_is_one_line(tmp_path):
    made_by_the_old_code = Path("/dev/full.webp")
    existed = made_by_the_old_code.exists()
    try:
        line = one_error_line(run_cli(tmp_path, "replay", "--picture", str(a_record(tmp_path)), "/dev/full"), 1)
        assert line == "cannot write /dev/full: No space left on device"
        assert made_by_the_old_code.exists() == existed
    finally:
        if not existed and made_by_the_old_code.exists():
            made_by_the_old_code.unlink()


def test_doctor_without_a_database_says_so_and_makes_none(tmp_path):
    result = run_cli(tmp_path, "doctor")
    assert result.returncode == 1, result.stdout + result.stderr
    assert "Traceback" not in result.stdout + result.stderr
    database = [line for line in result.stdout.splitlines() if "database" in line and "settings" not in line]
    assert len(database) == 1 and database[0].startswith("PROBLEM: there is no database at tavolo.sqlite3: "), \
        result.stdout
    assert tree(tmp_path) == {}


@pytest.fixture
def restore_logging():
    """``forget-user`` sets up logging as a process would; the root logger is put back for the other tests."""
    import logging

    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    yield
    for handler in root.handlers[:]:
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)


def forget_env(monkeypatch, db: Path) -> None:
    for name in list(os.environ):
        if name.startswith(("TAVOLO_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(db.parent)
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))


def a_database_with_a_member(db: Path, user_id: int) -> None:
    """A database with ``user_id``'s language setting."""
    import asyncio

    from bot.storage import Store

    async def make() -> None:
        async with Store(db) as store:
            await store.save_member_language(user_id, "it")

    asyncio.run(make())


def language_of(db: Path, user_id: int) -> str | None:
    import sqlite3

    con = sqlite3.connect(db)
    try:
        row = con.execute("SELECT language FROM member_settings WHERE user_id = ?", (user_id,)).fetchone()
    finally:
        con.close()
    return None if row is None else row[0]


@pytest.mark.usefixtures("restore_logging")
def test_forget_user_on_a_read_only_database(tmp_path, monkeypatch, capsys):
    import shutil

    db = tmp_path / "tavolo.sqlite3"
    a_database_with_a_member(db, 7)
    db.chmod(0o444)
    if os.geteuid() == 0 and shutil.which("chattr"):
        subprocess.run(["chattr", "+i", str(db)], capture_output=True)
    try:
        try:
            with open(db, "r+b"):
                pytest.skip("cannot make a file read-only here")
        except OSError:
            pass
        forget_env(monkeypatch, db)
        status = main(["forget-user", "7", "--yes"])
        out, err = capsys.readouterr()
    finally:
        if os.geteuid() == 0 and shutil.which("chattr"):
            subprocess.run(["chattr", "-i", str(db)], capture_output=True)
        db.chmod(0o644)
    assert status == 1, out + err
    assert out == "" and err.startswith(f"error: the database {db} failed: ") and "readonly" in err, err
    assert len(err.splitlines()) == 1
    assert language_of(db, 7) == "it"


@pytest.mark.usefixtures("restore_logging")
def test_forget_user_on_a_database_locked_meanwhile(tmp_path, monkeypatch, capsys):
    import sqlite3

    from bot.tables import TableService

    db = tmp_path / "tavolo.sqlite3"
    a_database_with_a_member(db, 7)
    real = TableService.forget_user
    other: list[sqlite3.Connection] = []

    async def locked_first(self, user_id):  # another program takes the write lock once the database is open
        other.append(sqlite3.connect(db, isolation_level=None))
        other[0].execute("BEGIN IMMEDIATE")
        return await real(self, user_id)

    monkeypatch.setattr(TableService, "forget_user", locked_first)
    forget_env(monkeypatch, db)
    try:
        status = main(["forget-user", "7", "--yes"])
    finally:
        for con in other:
            con.rollback()
            con.close()
    out, err = capsys.readouterr()
    assert status == 1, out + err
    assert out == "" and err.startswith(f"error: the database {db} failed: ") and "locked" in err, err
    assert len(err.splitlines()) == 1
    assert language_of(db, 7) == "it"


@pytest.mark.parametrize(("target", "says"), [
    ("", "an empty file name"),
    ("a-folder", "a-folder is a folder"),
    ("a-pipe", "a-pipe is not a file"),
    ("no-such-folder/copy.sqlite3", "the folder no-such-folder does not exist"),
])
def test_backup_to_what_cannot_be_a_copy_is_refused_and_replaces_nothing(tmp_path, target, says):
    a_database_with_a_member(tmp_path / "tavolo.sqlite3", 7)
    (tmp_path / "a-folder").mkdir()
    os.mkfifo(tmp_path / "a-pipe")  # a device or a pipe is never replaced by a file, even with --force
    before = tree(tmp_path / "a-folder"), sorted(p.name for p in tmp_path.iterdir())
    line = one_error_line(run_cli(tmp_path, "backup", target, "--force", TAVOLO_DATABASE="tavolo.sqlite3"))
    assert line.startswith(f"error: {says}"), line
    assert (tree(tmp_path / "a-folder"), sorted(p.name for p in tmp_path.iterdir())) == before
    assert (tmp_path / "a-pipe").is_fifo()


@pytest.mark.parametrize("damaged", ["config.json", "checkpoint.npz", "data-0000.npz"])
def test_train_on_a_run_with_a_damaged_file(tmp_path, damaged):
    small = [*TRAIN, "--dir", "run", "--hidden1", "4", "--hidden2", "4"]
    assert run_cli(tmp_path, *small).returncode == 0
    (tmp_path / "run" / damaged).write_text("{damaged")
    before = tree(tmp_path)
    line = one_error_line(run_cli(tmp_path, *small[:4], "2", *small[5:]))  # two epochs: the run goes on
    assert line.startswith(f"error: run/{damaged} is ") and ("damaged" in line or "not the settings" in line), line
    after = tree(tmp_path)
    if damaged != "config.json":  # the settings name the epochs asked for now: the rest is as it was
        after["run/config.json"] = before["run/config.json"]
    assert after == before
