"""Opening the database: a file that is not Tavolo's, a damaged one, one from a newer version, a path that
cannot be created, a full disk. Each is refused with one clear line, the file is left as it was, no thread
of a connection outlives the failed open, and the command line exits at once without a traceback."""

from __future__ import annotations

import asyncio
import os
import random
import shutil
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from bot.storage import StorageError, StorageOpenError, Store, schema
from bot.storage.opening import SQLITE_HEADER
from bot.storage.sqlite_backend import SqliteBackend

ROOT = Path(__file__).resolve().parents[2]
SIDE_FILES = ("-wal", "-shm", "-journal")


def snapshot(path: Path) -> dict[str, bytes | None]:
    """The bytes of a file and of SQLite's side files beside it (``None``: absent)."""
    return {name: (Path(name).read_bytes() if Path(name).is_file() else None)
            for name in (str(path), *(f"{path}{s}" for s in SIDE_FILES))}


async def refused(path: Path, **options) -> StorageOpenError:
    """Open ``path``, expecting a refusal; check that no connection thread is left and nothing was changed."""
    before_files = snapshot(path)
    before_threads = set(threading.enumerate())
    with pytest.raises(StorageOpenError) as caught:
        await Store(path, **options).open()
    await asyncio.sleep(0)
    assert set(threading.enumerate()) == before_threads, "a connection's thread outlived the failed open"
    assert snapshot(path) == before_files, "the refused file was changed"
    err = caught.value
    assert isinstance(err, StorageError) and err.path == path
    assert "\n" not in err.reason and len(err.reason) < 300, err.reason
    return err


async def make_tavolo_database(path: Path, tables: int = 0) -> None:
    """A real Tavolo database (migrated, closed) with ``tables`` live tables and an action each."""
    async with Store(path) as store:
        for seed in range(tables):
            t = await store.create_table(guild_id=1, channel_id=2, host_id=3, game="briscola", players=2,
                                         options={"match": "single"}, level="easy", seed=seed, seats=[])
            await store.append(t, 0, [{"seat": 0, "play": "Ad", "pad": "x" * 200}])


BAD_CONTENTS = {
    "random bytes": random.Random(4).randbytes(4096),
    "a text file": b"hello, this is not a database\n" * 20,
    "a JSON file": b'{"format": 1, "game": "briscola", "players": 2}\n',
    "a short file": b"SQLite",
    "the header, then garbage": SQLITE_HEADER + random.Random(5).randbytes(4080),
    "one byte": b"\x00",
}


@pytest.mark.parametrize("kind", list(BAD_CONTENTS))
async def test_a_file_that_is_not_a_sqlite_database_is_refused_and_left_unchanged(tmp_path, kind):
    path = tmp_path / "bad.sqlite3"
    path.write_bytes(BAD_CONTENTS[kind])
    err = await refused(path)
    assert "not a SQLite database" in err.reason and "left unchanged" in err.reason, err.reason
    assert "--db or TAVOLO_DATABASE" in err.reason
    assert path.read_bytes() == BAD_CONTENTS[kind]


async def test_an_empty_file_is_a_new_database(tmp_path):
    path = tmp_path / "empty.sqlite3"
    path.touch()
    async with Store(path) as store:
        assert await store.schema_version() == len(schema.migrations("sqlite"))


async def test_a_database_of_a_newer_version_is_refused_and_left_unchanged(db_path):
    await make_tavolo_database(db_path, tables=1)
    known = len(schema.migrations("sqlite"))
    con = sqlite3.connect(db_path)
    con.execute(f"PRAGMA user_version = {known + 5}")
    con.close()
    err = await refused(db_path)
    assert "newer version of Tavolo" in err.reason and "upgrade Tavolo" in err.reason, err.reason
    assert f"schema {known + 5}" in err.reason and f"knows {known}" in err.reason
    con = sqlite3.connect(db_path)
    assert con.execute("PRAGMA user_version").fetchone()[0] == known + 5
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    con.close()


async def test_another_programs_sqlite_database_is_refused_and_left_unchanged(tmp_path):
    path = tmp_path / "other.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE contacts (name TEXT)")
    con.execute("INSERT INTO contacts VALUES ('ada')")
    con.commit()
    con.close()
    err = await refused(path)
    assert "another program" in err.reason and "contacts" in err.reason, err.reason


async def test_a_damaged_database_is_refused_at_open(db_path):
    await make_tavolo_database(db_path, tables=60)
    data = bytearray(db_path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    assert len(data) > 4 * page
    # garble the cell pointers of a b-tree page beyond the schema page
    data[2 * page + 8: 2 * page + 200] = random.Random(3).randbytes(192)
    db_path.write_bytes(bytes(data))
    err = await refused(db_path)
    assert "damaged" in err.reason and "Restore a backup" in err.reason, err.reason
    assert err.code == "SQLITE_CORRUPT"


async def test_a_truncated_database_is_refused_at_open(db_path):
    await make_tavolo_database(db_path, tables=60)
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])
    err = await refused(db_path)
    assert "damaged" in err.reason, err.reason


async def test_a_dropped_table_is_refused_at_open(db_path):
    await make_tavolo_database(db_path)
    con = sqlite3.connect(db_path)
    con.execute("DROP TABLE standings")
    con.close()
    err = await refused(db_path)
    assert "lacks the table standings" in err.reason, err.reason


@pytest.mark.parametrize(("column", "value", "expected"), [
    ("options", "'{bad'", "the database is damaged: live_tables 1 holds bad JSON"),
    ("seats", "CAST(X'5BFF5D' AS TEXT)", "the database is damaged (text that is not UTF-8)"),
])
async def test_a_damaged_live_table_is_refused_at_open_not_a_traceback_at_resume(db_path, column, value, expected):
    await make_tavolo_database(db_path, tables=1)
    con = sqlite3.connect(db_path)
    con.execute(f"UPDATE live_tables SET {column} = {value}")
    con.commit()
    con.close()
    err = await refused(db_path)
    assert err.reason.startswith(expected) and "Restore a backup" in err.reason, err.reason


async def test_a_damaged_finished_game_is_a_storage_error_when_read(db_path):
    async with Store(db_path) as store:
        await store.seed_games([(1, 1, "briscola", 2, 1.0, '{"format": 1')], [], [], 1, "briscola")
        with pytest.raises(StorageError, match="damaged: games 1 holds bad JSON"):
            await store.game_record(1)


async def test_a_folder_is_refused(tmp_path):
    folder = tmp_path / "folder {x}"
    folder.mkdir()
    err = await refused(folder)
    assert "it is a folder" in err.reason and str(folder / "tavolo.sqlite3") in err.reason, err.reason
    assert list(folder.iterdir()) == []


async def test_a_missing_folder_is_refused_and_not_created(tmp_path):
    path = tmp_path / "no" / "such" / "tavolo.sqlite3"
    err = await refused(path)
    assert f"the folder {path.parent} does not exist" in err.reason, err.reason
    assert not (tmp_path / "no").exists()


async def test_a_path_under_a_file_is_refused(tmp_path):
    (tmp_path / "plain").write_text("x")
    err = await refused(tmp_path / "plain" / "tavolo.sqlite3")
    assert "is not a folder" in err.reason, err.reason
    assert (tmp_path / "plain").read_text() == "x"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
async def test_a_named_pipe_is_refused(tmp_path):
    path = tmp_path / "pipe.sqlite3"
    os.mkfifo(path)
    err = await refused(path)
    assert "not a regular file" in err.reason, err.reason


async def test_a_broken_link_is_refused_and_not_followed(tmp_path):
    path = tmp_path / "link.sqlite3"
    path.symlink_to(tmp_path / "nowhere.sqlite3")
    err = await refused(path)
    assert "a link to a file that does not exist" in err.reason, err.reason
    assert not (tmp_path / "nowhere.sqlite3").exists()


def make_unwritable(folder: Path) -> bool:
    """Make a folder refuse new files: mode 0555, and as root (who ignores the mode) the immutable attribute;
    False when neither works here."""
    folder.chmod(0o555)
    if os.geteuid() == 0 and shutil.which("chattr"):
        subprocess.run(["chattr", "+i", str(folder)], capture_output=True)
    probe = folder / "probe"
    try:
        probe.touch()
    except OSError:
        return True
    probe.unlink()
    return False


def make_writable_again(folder: Path) -> None:
    if os.geteuid() == 0 and shutil.which("chattr"):
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
    folder.chmod(0o755)


async def test_a_folder_that_cannot_be_written_is_refused(tmp_path):
    folder = tmp_path / "locked"
    folder.mkdir()
    try:
        if not make_unwritable(folder):
            pytest.skip("cannot make a folder unwritable here (root without chattr)")
        err = await refused(folder / "tavolo.sqlite3")
        assert f"no file can be created in the folder {folder}" in err.reason, err.reason
        assert "Make it writable" in err.reason
        assert list(folder.iterdir()) == []
    finally:
        make_writable_again(folder)


class FullDisk(SqliteBackend):
    """A SQLite file that may not grow beyond two pages: SQLite answers SQLITE_FULL, as on a full disk."""

    async def migrate(self) -> int:
        assert self._w is not None
        await self._w.execute_fetchall("PRAGMA max_page_count = 2")
        return await super().migrate()


def full_disk_store(path: Path) -> Store:
    store = Store(path)
    store.backend = FullDisk(path, busy_timeout=store.busy_timeout, synchronous=store.synchronous, check=True)
    return store


async def test_a_full_disk_at_open_is_one_clear_line_and_leaves_no_file(db_path):
    before_threads = set(threading.enumerate())
    with pytest.raises(StorageOpenError) as caught:
        await full_disk_store(db_path).open()
    assert set(threading.enumerate()) == before_threads
    err = caught.value
    assert err.code == "SQLITE_FULL" and "the disk is full" in err.reason and "Free some space" in err.reason
    assert not db_path.exists(), "the new file of a failed open is removed"
    assert all(not Path(f"{db_path}{s}").exists() for s in SIDE_FILES)


async def test_a_good_open_and_close_leave_no_thread(db_path):
    before_threads = set(threading.enumerate())
    async with Store(db_path):
        assert len(set(threading.enumerate()) - before_threads) == 2  # the writer's and the reader's
    assert set(threading.enumerate()) == before_threads


# ----- the command line, in a subprocess -----

def run_cli(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` with no Tavolo or Discord settings but ``env``; empty stdin; 30 s at most."""
    clean = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    clean["PYTHONPATH"] = str(ROOT)
    clean.update(env)
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=clean, capture_output=True,
                          text=True, timeout=30, stdin=subprocess.DEVNULL)


def bad_database(tmp_path: Path, kind: str) -> Path:
    """A database path the command line must refuse."""
    if kind == "random bytes":
        path = tmp_path / "random.sqlite3"
        path.write_bytes(BAD_CONTENTS["random bytes"])
    elif kind == "newer schema":
        path = tmp_path / "newer.sqlite3"
        asyncio.run(make_tavolo_database(path, tables=1))
        con = sqlite3.connect(path)
        con.execute("PRAGMA user_version = 99")
        con.close()
    elif kind == "folder":
        path = tmp_path / "folder"
        path.mkdir()
    else:
        path = tmp_path / "missing" / "tavolo.sqlite3"
    return path


KINDS = ["random bytes", "newer schema", "folder", "missing folder"]


def check_one_line(result: subprocess.CompletedProcess[str], path: Path) -> None:
    output = result.stdout + result.stderr
    assert result.returncode not in (0, None), output
    assert "Traceback" not in output, output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: cannot open the database {path}: "), lines[0]
    assert len(lines[0]) < 300


@pytest.mark.parametrize("kind", KINDS)
def test_play_refuses_a_bad_database_at_once(tmp_path, kind):
    path = bad_database(tmp_path, kind)
    before = snapshot(path)
    result = run_cli(tmp_path, "play", "--game", "briscola", "--db", str(path))
    check_one_line(result, path)
    assert snapshot(path) == before


@pytest.mark.parametrize("kind", KINDS)
def test_the_bot_refuses_a_bad_database_at_once(tmp_path, kind):
    path = bad_database(tmp_path, kind)
    before = snapshot(path)
    result = run_cli(tmp_path, "run", DISCORD_TOKEN="not-a-real-token", TAVOLO_DATABASE=str(path))
    check_one_line(result, path)
    assert "TAVOLO_DATABASE" in result.stderr and "--db" not in result.stderr
    assert snapshot(path) == before
