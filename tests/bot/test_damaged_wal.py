"""A damaged SQLite write-ahead log after a kill -9 of the terminal game: found before the database is used,
kept aside, told to the player and to ``doctor`` with what may be lost; never a silent new game. And the
normal leftovers of a crash (a torn tail, an older generation of the log) are not taken for damage."""

from __future__ import annotations

import os
import re
import shutil
import signal
import sqlite3
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from bot.storage import Store, wal

ROOT = Path(__file__).resolve().parents[2]
MOVES = 6
GAME = ["--game", "briscola", "--players", "2", "--level", "random", "--seed", "3"]


def environment() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_") and k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    return env


def played_then_killed(db: Path) -> list[str]:
    """Play ``MOVES`` cards in ``python -m bot play``, wait for the next prompt (every move acknowledged), then
    kill it with SIGKILL; the cards played, as the terminal acknowledged them."""
    proc = subprocess.Popen([sys.executable, "-m", "bot", "play", "--db", str(db), *GAME], cwd=db.parent,
                            env=environment(), text=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("1\n" * MOVES)
        proc.stdin.flush()  # the input stays open: the game waits at the next prompt
        seen = ""
        while seen.count("Your move:") <= MOVES:
            char = proc.stdout.read(1)
            assert char, seen
            seen += char
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    cards = re.findall(r"Seat 0 \(you\) plays (\w\w)", seen)
    assert len(cards) == MOVES
    assert os.path.getsize(f"{db}-wal") > 0 and os.path.exists(f"{db}-shm")  # a crash's leftovers
    return cards


def run(db: Path, *args: str, script: str = "q\n") -> subprocess.CompletedProcess[str]:
    env = environment()
    env["TAVOLO_DATABASE"] = str(db)
    return subprocess.run([sys.executable, "-m", "bot", *args], input=script, cwd=db.parent, env=env,
                          capture_output=True, text=True, timeout=120)


def frame_size(data: bytes) -> int:
    return wal.FRAME_HEADER + struct.unpack(">I", data[8:12])[0]


def first_16_bytes(data: bytearray) -> None:
    data[:16] = b"\xff" * 16


def salt(data: bytearray) -> None:
    data[17] ^= 0x5A  # salt-1: the header's checksum no longer matches


def salt_with_its_checksum(data: bytearray) -> None:
    """Salt-1 changed and the header's checksum made right again: a valid header none of whose frames match."""
    data[17] ^= 0x5A
    data[24:32] = struct.pack(">2I", *wal.checksum(bytes(data[:24]), bool(data[3] & 1)))


def middle_frame(data: bytearray) -> None:
    """The page of the frame after the fourth commit from the end: three saves (the last moves) follow it."""
    step = frame_size(data)
    frames = (len(data) - wal.HEADER) // step
    commits = [i for i in range(frames) if struct.unpack(">I", data[wal.HEADER + i * step + 4:][:4])[0]]
    at = wal.HEADER + (commits[-4] + 1) * step + wal.FRAME_HEADER
    data[at:at + 64] = bytes(b ^ 0xFF for b in data[at:at + 64])


def truncated(data: bytearray) -> None:
    del data[len(data) // 2:]


def emptied(data: bytearray) -> None:
    del data[:]


DAMAGE = {"first 16 bytes": first_16_bytes, "salt": salt, "salt and checksum": salt_with_its_checksum,
          "middle frame": middle_frame, "truncated": truncated, "emptied": emptied, "deleted": None}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_wal_after_a_kill_is_kept_aside_and_reported(tmp_path, damage):
    db = tmp_path / "game.sqlite3"
    cards = played_then_killed(db)
    log = Path(f"{db}-wal")
    change = DAMAGE[damage]
    if change is None:
        log.unlink()
        damaged = None
    else:
        data = bytearray(log.read_bytes())
        change(data)
        damaged = bytes(data)
        log.write_bytes(damaged)

    doctor = run(db, "doctor")
    assert doctor.returncode == 1, doctor.stdout + doctor.stderr
    line = next(x for x in doctor.stdout.splitlines() if str(db) in x and "database" in x and "settings" not in x)
    assert line.startswith("PROBLEM:"), doctor.stdout
    assert "write-ahead log" in line and "was damaged" in line
    assert "may be lost" in line or "are lost" in line
    if damage in ("first 16 bytes", "salt", "salt and checksum"):  # its frames are whole: read from a repaired copy
        held = re.search(r"table 1 \(Briscola\) is lost, with its (\d+) actions", line)
        assert held and int(held.group(1)) >= 2 * MOVES, line  # your cards and the AI's
    if damage == "middle frame":
        assert re.search(r"table 1 \(Briscola\): its last \d+ actions? (is|are) lost", line), line
    assert "Traceback" not in doctor.stderr
    kept = sorted(tmp_path.glob("game.sqlite3-wal.damaged-*"))
    reports = [p for p in kept if p.suffix == ".txt"]
    copies = [p for p in kept if p.suffix != ".txt"]
    assert len(reports) == 1 and reports[0].name in line
    if damaged is None:
        assert copies == []
    else:  # the damaged log, byte for byte, beside the database
        assert len(copies) == 1 and copies[0].read_bytes() == damaged and copies[0].name in line

    # the terminal game: the warning first, then the table as the database now holds it (never silently)
    play = run(db, "play", "--db", str(db), *GAME)
    assert play.returncode == 0, play.stderr
    assert "Traceback" not in play.stderr
    out = play.stdout
    assert out.startswith("Warning: The write-ahead log of the database"), out[:500]
    assert reports[0].name in out
    if "Continuing your unfinished game" in out:
        assert re.search(r"table 1 \(Briscola\): \d+ actions kept", out)
    else:
        assert "No live table is left in the database: a game being played then is lost." in out
    assert len(sorted(tmp_path.glob("game.sqlite3-wal.damaged-*.txt"))) == 1  # reported once, not again
    assert cards


def test_the_terminal_game_tells_first_when_it_opens_the_damaged_wal_itself(tmp_path):
    db = tmp_path / "game.sqlite3"
    played_then_killed(db)
    log = Path(f"{db}-wal")
    data = bytearray(log.read_bytes())
    middle_frame(data)
    log.write_bytes(bytes(data))

    play = run(db, "play", "--db", str(db), *GAME)
    assert play.returncode == 0 and "Traceback" not in play.stderr
    assert play.stdout.startswith("Warning: The write-ahead log of the database")
    assert re.search(r"frame \d+ of \d+ is damaged, and \d+ saves come after it", play.stdout)
    assert re.search(r"\d+ saves of the log after its first \d+ are lost", play.stdout)
    # the saves before the damaged frame were kept: the table is there, with the moves before it
    assert "Continuing your unfinished game (table 1, briscola, 2 players)" in play.stdout
    assert re.search(r"table 1 \(Briscola\): \d+ actions kept", play.stdout)
    doctor = run(db, "doctor")
    assert doctor.returncode == 1 and "PROBLEM: the database" in doctor.stdout and "was damaged" in doctor.stdout
    # once the report is moved away, doctor passes
    for report in tmp_path.glob("game.sqlite3-wal.damaged-*.txt"):
        report.rename(tmp_path / "read.txt")
    doctor = run(db, "doctor")
    assert doctor.returncode == 0, doctor.stdout


def test_a_plain_kill_resumes_with_every_move_and_no_warning(tmp_path):
    db = tmp_path / "game.sqlite3"
    cards = played_then_killed(db)
    doctor = run(db, "doctor")
    assert doctor.returncode == 0, doctor.stdout
    assert "was damaged" not in doctor.stdout
    play = run(db, "play", "--db", str(db), *GAME)
    assert play.returncode == 0
    assert "Warning" not in play.stdout and "Continuing your unfinished game (table 1" in play.stdout
    assert not list(tmp_path.glob("*.damaged-*"))
    con = sqlite3.connect(db)
    try:
        stored = [e for (e,) in con.execute("SELECT entry FROM live_actions WHERE table_id = 1 ORDER BY n")]
    finally:
        con.close()
    mine = [c for c in (re.search(r'"seat":0,"play":"(\w\w)"', e) for e in stored) if c]
    assert [m.group(1) for m in mine] == cards  # every acknowledged move of the player is stored


# ----- the normal leftovers of a crash, on files made by SQLite itself -----
def crash_image(src: Path, dst: Path) -> Path:
    """The files of a database whose connection is still open, copied as a kill -9 leaves them."""
    dst.mkdir()
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(f"{src}{suffix}"):
            shutil.copyfile(f"{src}{suffix}", f"{dst / src.name}{suffix}")
    return dst / src.name


async def opened_without_report(db: Path) -> int:
    """Open the store on ``db`` (a Tavolo database): no damage reported; the member settings rows it holds."""
    store = await Store(db).open()
    try:
        assert store.damage_reports() == []
        rows = await store._read("SELECT count(*) FROM member_settings")
    finally:
        await store.close()
    assert not list(db.parent.glob("*.damaged-*"))
    return int(rows[0][0])


def writes(db: Path, first: int, count: int) -> sqlite3.Connection:
    con = sqlite3.connect(db, isolation_level=None)
    con.execute("PRAGMA wal_autocheckpoint = 0")
    for user in range(first, first + count):
        con.execute("INSERT INTO member_settings (user_id, language) VALUES (?, 'it')", (user,))
    return con


async def test_a_torn_tail_and_an_older_generation_are_normal_leftovers(tmp_path):
    db = tmp_path / "t.sqlite3"
    await (await Store(db).open()).close()
    con = writes(db, 1, 30)
    try:
        con.execute("PRAGMA wal_checkpoint(PASSIVE)")  # all in the file: the next write starts the log again
        for user in range(100, 103):
            con.execute("INSERT INTO member_settings (user_id, language) VALUES (?, 'de')", (user,))
        # the log now starts with 3 saves of a new salt, then frames of the older generation
        image = crash_image(db, tmp_path / "restarted")
        state = wal.read_wal(Path(f"{image}-wal"))
        assert state is not None and state.commits == 3 and state.broken is not None and state.later_commits == 0
        assert await opened_without_report(image) == 33

        # a transaction half written when the process died: its frames without a commit, or half a frame
        con.execute("BEGIN")
        for user in range(200, 260):
            con.execute("INSERT INTO member_settings (user_id, language) VALUES (?, ?)", (user, "x" * 400))
        con.execute("SAVEPOINT s")  # nothing committed: force the pages out to the log without a commit frame
        con.execute("PRAGMA cache_size = 1")
        con.execute("UPDATE member_settings SET language = 'y' WHERE user_id >= 200")
        image = crash_image(db, tmp_path / "torn")
        con.execute("ROLLBACK")
    finally:
        con.close()
    log = Path(f"{image}-wal")
    data = log.read_bytes()
    state = wal.read_wal(log)
    assert state is not None and state.frames > state.committed  # frames that were never committed
    log.write_bytes(data + data[wal.HEADER:wal.HEADER + 1000])  # and half a frame at the end
    assert await opened_without_report(image) == 33


def damaged_image(tmp_path: Path) -> Path:
    """A Tavolo database left by a crash, then its log's header overwritten."""
    db = tmp_path / "t.sqlite3"
    con = sqlite3.connect(db, isolation_level=None)
    try:
        con.execute("PRAGMA journal_mode = WAL")
        con.execute("CREATE TABLE member_settings (user_id INTEGER PRIMARY KEY, language TEXT)")
        con.execute("PRAGMA user_version = 1")
        image = crash_image(db, tmp_path / "crashed")
    finally:
        con.close()
    log = Path(f"{image}-wal")
    data = bytearray(log.read_bytes())
    first_16_bytes(data)
    log.write_bytes(bytes(data))
    return image


async def test_the_store_logs_the_report_at_each_open_until_it_is_moved_away(tmp_path, caplog):
    db = damaged_image(tmp_path)
    for _ in range(2):
        caplog.clear()
        store = await Store(db).open()
        try:
            (report, lines), = store.damage_reports()
        finally:
            await store.close()
        warnings = [r.getMessage() for r in caplog.records if r.levelname == "WARNING"]
        assert any("was damaged: its header is not valid" in w and report.name in w for w in warnings), warnings
        assert not any(r.exc_info for r in caplog.records)  # one line, no stack trace
    assert "No live table is left in the database: a game being played then is lost." in lines
    report.rename(tmp_path / "read.txt")
    caplog.clear()
    store = await Store(db).open()
    try:
        assert store.damage_reports() == []
    finally:
        await store.close()
    assert not [r for r in caplog.records if r.levelname == "WARNING"]


async def test_a_damaged_log_that_cannot_be_kept_aside_refuses_the_open_and_changes_nothing(tmp_path, monkeypatch):
    from bot.storage import StorageOpenError

    db = damaged_image(tmp_path)
    before = Path(f"{db}-wal").read_bytes()

    def read_only(*_args, **_kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(wal.shutil, "copyfile", read_only)
    with pytest.raises(StorageOpenError) as refused:
        await Store(db).open()
    assert "its write-ahead log is damaged (its header is not valid" in str(refused.value)
    assert "cannot be copied aside (Permission denied)" in str(refused.value)
    assert Path(f"{db}-wal").read_bytes() == before and not list(db.parent.glob("*.damaged-*"))


async def test_a_log_too_short_to_hold_a_frame_is_not_damage_but_a_long_one_is(tmp_path):
    db = tmp_path / "t.sqlite3"
    await (await Store(db).open()).close()
    Path(f"{db}-wal").write_bytes(b"\x00" * 40)  # no index, and no room for a single frame: nothing is missing
    assert await opened_without_report(db) == 0
    Path(f"{db}-wal").write_bytes(b"\x00" * 5000)  # a frame's room behind a header that is not valid
    store = await Store(db).open()
    try:
        assert len(store.damage_reports()) == 1
    finally:
        await store.close()
