"""Faults: a locked database, a read-only file, and a process killed with SIGKILL while games are played."""

from __future__ import annotations

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from kill_driver import read_acks, unstored  # the helper beside this file

from bot.tables import StorageFailed, TableService
from rules.records import replay_record

ROOT = Path(__file__).resolve().parents[2]
G, CH = 1, 10


async def started(service: TableService, seed: int = 5) -> int:
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="greedy", seed=seed)
    await service.start(t.id, 1)
    await service.idle()
    return t.id


async def test_a_locked_database_refuses_the_action_and_changes_nothing(db_path, open_service, recorder):
    service = await open_service(store_options={"busy_timeout": 0.2})
    service.subscribe(recorder)
    table = await started(service)
    before = service.get(table)
    view = service.view(table, 1)
    stored = await service.store.live_entries(table)

    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        with pytest.raises(StorageFailed, match="locked"):
            await service.act(table, 1, view.legal[0])
        assert service.get(table) == before and service.view(table, 1) == view
        assert recorder.of("storage_error")[-1]["during"] == "action"
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert await service.store.live_entries(table) == stored
    await service.act(table, 1, view.legal[0])  # the lock is gone: the same action goes through
    assert service.get(table).version == before.version + 1 == len(await service.store.live_entries(table))


async def test_failed_ai_turns_and_game_storing_are_retried(db_path, open_service, clock, play):
    service = await open_service(store_options={"busy_timeout": 0.1})
    events = []
    held: list[sqlite3.Connection] = []

    def lock_database(event) -> None:
        """Another connection takes the write lock at the first AI turn and when the match ends."""
        events.append(event)
        first_ai_turn = event.kind == "turn" and event["ai"] and not any(e.kind == "storage_error" for e in events)
        if (first_ai_turn or event.kind == "match_over") and not held:
            other = sqlite3.connect(db_path, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            held.append(other)

    def unlock() -> None:
        held.pop().rollback()

    service.subscribe(lock_database)
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="greedy", seed=12)
    await service.start(t.id, 1)
    if not held:  # the user leads: one action, then the AI's turn takes the lock
        await service.act(t.id, 1, service.view(t.id, 1).legal[0])
    await service.idle()
    version = service.get(t.id).version
    failed = [e for e in events if e.kind == "storage_error"]
    assert [e["during"] for e in failed] == ["action"]
    assert len(await service.store.live_entries(t.id)) == version
    unlock()
    clock.advance(service.retry_delay)  # the AI turn is tried again
    await service.idle()
    assert service.get(t.id).version > version

    await play(service, t.id, {1})  # to the end: storing the finished game fails, the table stays
    assert [e["during"] for e in events if e.kind == "storage_error"] == ["action", "finish"]
    assert service.get(t.id).to_move is None and len(await service.store.live_tables()) == 1
    assert not [e for e in events if e.kind == "game_over"]
    unlock()
    clock.advance(service.retry_delay)
    await service.idle()
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1 and await service.store.live_tables() == []
    replay_record(await service.store.game_record(over[0]["game_id"]))


def make_read_only(path: Path) -> bool:
    """Make a file read-only for this process (as root, with the immutable attribute); False if impossible."""
    os.chmod(path, 0o444)
    if os.geteuid() == 0 and shutil.which("chattr"):
        subprocess.run(["chattr", "+i", str(path)], capture_output=True)
    try:
        with open(path, "r+b"):
            return False
    except OSError:
        return True


def make_writable(path: Path) -> None:
    if os.geteuid() == 0 and shutil.which("chattr"):
        subprocess.run(["chattr", "-i", str(path)], capture_output=True)
    os.chmod(path, 0o644)


async def test_a_read_only_file_refuses_writes_and_the_tables_stay_as_stored(db_path, open_service, play):
    first = await open_service()
    table = await started(first, seed=8)
    await play(first, table, {1}, stop=lambda info: info.version >= 10)
    stored = await first.store.live_entries(table)
    await first.close()
    for suffix in ("-wal", "-shm"):
        assert not Path(f"{db_path}{suffix}").exists() or suffix == "-shm"
    if not make_read_only(db_path):
        make_writable(db_path)
        pytest.skip("cannot make a file read-only here")
    try:
        second = await open_service()  # reading works: the tables resume
        info = second.get(table)
        assert info.version == len(stored)
        with pytest.raises(StorageFailed, match="readonly"):
            await second.act(table, 1, second.view(table, 1).legal[0])
        assert second.get(table) == info
        with pytest.raises(StorageFailed):
            await second.create(G, CH + 1, 2, "two", "briscola", 2, {})
        assert len(second.tables()) == 1
        await second.close()
    finally:
        make_writable(db_path)
    third = await open_service()
    assert await third.store.live_entries(table) == stored
    events = []
    third.subscribe(events.append)
    await play(third, table, {1})
    assert [e.kind for e in events].count("game_over") == 1


async def test_killed_with_sigkill_loses_no_acknowledged_action(db_path, open_service, play):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    acks: list[tuple[int, int, dict]] = []
    errors = db_path.parent / "driver.err"
    for run in range(2):  # killed twice: the second run resumes the first run's tables, then is killed too
        with open(errors, "a") as err:
            proc = subprocess.Popen([sys.executable, str(ROOT / "tests/bot/kill_driver.py"), str(db_path), "12"],
                                    stdout=subprocess.PIPE, stderr=err, text=True, cwd=ROOT, env=env)
        try:
            got = read_acks(proc, 1500 + 1000 * run, 60)
        finally:
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
        assert proc.returncode == -signal.SIGKILL
        assert len(got) >= 100, errors.read_text()
        acks.extend(got)
    assert "Traceback" not in errors.read_text(), errors.read_text()

    # what is on disk after the kill, read before any service touches the file
    con = sqlite3.connect(db_path)
    try:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        live: dict[int, list[dict]] = {
            t: [] for (t,) in con.execute("SELECT id FROM live_tables WHERE status = 'playing'")}
        for t, entry in con.execute("SELECT table_id, entry FROM live_actions ORDER BY table_id, n"):
            live[t].append(json.loads(entry))
        finished: dict[int, list[dict]] = {}  # table id -> the actions of its stored game
        for (text,) in con.execute("SELECT record FROM games"):
            record = json.loads(text)
            finished[record["table"]] = [e for r in record["rounds"] for e in r["actions"]]
    finally:
        con.close()
    lost = unstored(acks, live, finished)
    assert not lost, f"acknowledged but not stored: {lost[:5]}"
    assert any(t in finished for t, _, _ in acks) and any(t in live for t, _, _ in acks)

    service = await open_service()  # every stored table resumes
    assert service.broken == {}
    # the resumed tables play on to the end and their records replay
    events = []
    service.subscribe(events.append)
    users = {s.user_id for t in service.tables() for s in t.seats if s.user_id is not None}
    playing = [t.id for t in service.tables() if t.status == "playing"]
    assert playing
    for table in playing:
        await play(service, table, users)
    await service.idle()
    assert [t.status for t in service.tables()] == ["lobby"] * len(service.tables())  # killed before start
    for event in events:
        if event.kind == "game_over":
            replay_record(await service.store.game_record(event["game_id"]))
    stored_tables = set()
    for (text,) in await service.store._read("SELECT record FROM games"):
        stored_tables.add(json.loads(text)["table"])
    assert live.keys() <= stored_tables  # every table in play at the kill resumed and finished
    assert await service.store.integrity_check() == "ok"


async def test_a_failed_automatic_play_does_not_undo_the_action_before_it(db_path, open_service, clock, play):
    service = await open_service(store_options={"busy_timeout": 0.1})
    events = []
    held: list[sqlite3.Connection] = []

    def lock_before_the_last_trick(event) -> None:
        events.append(event)
        if event.kind == "action" and event["version"] == 38 and not held:  # one card each: autoplay next
            other = sqlite3.connect(db_path, isolation_level=None)
            other.execute("BEGIN IMMEDIATE")
            held.append(other)

    service.subscribe(lock_before_the_last_trick)
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off", "autoplay_last": "on"},
                             seed=14)
    await service.join(t.id, 2, "two")
    await service.start(t.id, 1)
    # the 38th action is a user's: it is stored and acknowledged although the automatic play after it fails
    await play(service, t.id, {1, 2}, stop=lambda info: info.version >= 38)
    assert service.get(t.id).version == 38 == len(await service.store.live_entries(t.id))
    assert [e["during"] for e in events if e.kind == "storage_error"] == ["action"]
    held.pop().rollback()
    clock.advance(service.retry_delay)
    await service.idle()
    over = [e for e in events if e.kind == "game_over"]
    assert len(over) == 1
    record = await service.store.game_record(over[0]["game_id"])
    replay_record(record)
    assert len(record["rounds"][0]["actions"]) == 40


def test_a_read_only_database_is_not_said_to_pass_in_a_moment():
    from bot.storage import StorageError
    from bot.tables import StorageFailed

    read_only = StorageFailed.of(StorageError("attempt to write a readonly database", "SQLITE_READONLY_DBMOVED"))
    assert "read-only" in str(read_only) and "Try again" not in str(read_only)
    assert read_only.reason == "attempt to write a readonly database"
    assert "Try again in a moment" in str(StorageFailed.of(StorageError("database is locked", "SQLITE_BUSY")))
