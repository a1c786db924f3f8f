"""Shards over processes: which guilds a process runs (``bot.shards``), a service that runs only its
shards' tables by their leases, drops a table taken over by another process and stops its turns while its
leases cannot be renewed; two real processes on one real PostgreSQL, one of them killed mid-game."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncpg
import pytest

from bot import shards as shard_args
from bot.shards import Shards
from bot.storage import Store
from bot.tables import TableError, TableService
from bot.tables.errors import TableLost, WrongShard
from rules.records import replay_record

ROOT = Path(__file__).resolve().parents[2]
ZERO, ONE = Shards(2, (0,)), Shards(2, (1,))


def guild(shard: int, n: int = 0) -> int:
    """A guild id that Discord sends to ``shard`` of 2."""
    return ((2 * n + shard) << 22) | 999


# ----- the shards of a process -----


def test_a_guild_belongs_to_the_shard_discord_sends_its_events_to():
    g = (5 << 22) | 123  # (guild_id >> 22) % count
    assert Shards(4, (1,)).owns(g) and not Shards(4, (0, 2, 3)).owns(g)
    assert Shards().owns(g)  # one shard: every guild
    assert Shards(3, (2,)).owns(g) and not Shards(3, (0, 1)).owns(g)


@pytest.mark.parametrize(("text", "ids"), [("0-3", (0, 1, 2, 3)), ("0,2,5", (0, 2, 5)), ("4", (4,)),
                                           (" 1 - 2 , 7", (1, 2, 7)), ("3,1,3", (1, 3))])
def test_shard_ids_are_read_as_ranges_lists_or_one_id(text, ids):
    assert Shards.parse_ids(text) == ids


@pytest.mark.parametrize(("text", "count", "says"), [
    ("", None, "no shard ids"), ("1,,2", None, "no shard ids"), ("3-1", None, "reversed"),
    ("a", None, "not a shard id"), ("1-b", None, "not a shard id"), ("4", 4, "does not exist"),
    ("0-9", 8, "0 to 7"), ("-1", None, "not a shard id"),
])
def test_bad_shard_ids_are_refused_in_plain_words(text, count, says):
    with pytest.raises(ValueError, match=says):
        Shards.parse_ids(text, count)


def test_the_command_line_names_the_shards_or_none():
    parser = argparse.ArgumentParser()
    shard_args.add_arguments(parser)
    assert shard_args.from_args(parser.parse_args([])) is None
    assert shard_args.from_args(parser.parse_args(["--shard-count", "8", "--shard-ids", "2-3"])) == Shards(8, (2, 3))
    assert shard_args.from_args(parser.parse_args(["--shard-count", "3"])) == Shards(3, (0, 1, 2))
    with pytest.raises(ValueError, match="needs --shard-count"):
        shard_args.from_args(parser.parse_args(["--shard-ids", "1"]))
    with pytest.raises(ValueError, match="does not exist"):
        shard_args.from_args(parser.parse_args(["--shard-count", "2", "--shard-ids", "2"]))
    with pytest.raises(ValueError, match="at least 1"):
        shard_args.from_args(parser.parse_args(["--shard-count", "0"]))
    assert "--shard-ids" in parser.format_help()


# ----- a service with shards -----


async def ai_table(service: TableService, guild_id: int, seed: int = 1) -> int:
    t = await service.create(guild_id, 5, 0, "host", "briscola", 4, {"turn_timer": "off"}, "random", seed=seed,
                             seat_host=False)
    return t.id


async def test_a_service_opens_tables_only_for_the_guilds_of_its_shards(database, clock):
    service = await TableService.open(database, shards=ZERO, clock=clock)
    try:
        await ai_table(service, guild(0))
        with pytest.raises(WrongShard, match="shard 1"):
            await ai_table(service, guild(1))
        assert [t.guild_id for t in service.tables()] == [guild(0)]
    finally:
        await service.close()


async def test_a_service_resumes_only_its_shards_tables_and_hands_them_over_at_close(database, clock):
    one = await TableService.open(database, clock=clock)  # no shards: every guild, no leases
    ids = {s: await ai_table(one, guild(s, s)) for s in (0, 1)}
    assert await one.store.leases() == {}  # today's behaviour: no leases, nothing fenced
    await one.close()
    zero = await TableService.open(database, shards=ZERO, clock=clock)
    try:
        assert [t.id for t in zero.tables()] == [ids[0]]
    finally:
        await zero.close()  # releases its leases
    both = await TableService.open(database, shards=Shards(2, (0, 1)), clock=clock)
    try:
        assert sorted(t.id for t in both.tables()) == sorted(ids.values())
    finally:
        await both.close()


async def test_a_table_taken_over_is_dropped_at_its_next_write_and_never_written_again(database, clock, recorder):
    service = await TableService.open(database, shards=ZERO, owner="first", clock=clock)
    try:
        service.subscribe(recorder)
        t = await service.create(guild(0), 5, 1, "one", "briscola", 2, {"turn_timer": "off"}, "random", seed=3)
        await service.start(t.id, 1)
        await service.idle()
        async with Store(database) as other:  # another process takes the table (on SQLite a claim always wins)
            if other.dialect == "postgresql":
                await other.renew_leases("first", -1)  # as if "first" had stopped renewing
            [row] = await other.claim_tables("second", ZERO, 30)
            assert row.epoch == 2
            stored = len(row.entries)
        info = service.get(t.id)
        assert info.seats[info.to_move].user_id == 1  # the AI moved while the service was idle
        view = service.view(t.id, 1)
        with pytest.raises(TableLost):
            await service.act(t.id, 1, view.legal[0])
        assert recorder.kinds(t.id)[-1] == "lost"
        with pytest.raises(TableError):
            service.get(t.id)
        async with Store(database) as other:
            assert len(await other.live_entries(t.id)) == stored
    finally:
        await service.close()
    async with Store(database) as other:
        assert (await other.leases())[t.id][0] == "second"  # closing "first" released nothing of "second"


async def test_a_renewal_finds_the_tables_taken_over_and_drops_them_without_writing(postgresql_url, recorder):
    service = await TableService.open(postgresql_url, shards=ZERO, owner="first")
    try:
        service.subscribe(recorder)
        ids = []
        for n in range(2):
            t = await service.create(guild(0, n), 5 + n, 1, "one", "briscola", 2, {"turn_timer": "off"}, "random")
            await service.start(t.id, 1)
            ids.append(t.id)
        kept = await ai_table(service, guild(0, 5))  # a lobby: nobody takes it
        await service.idle()
        async with Store(postgresql_url) as other:
            await other.renew_leases("first", -1)
            won = await other.claim_tables("second", ZERO, 30, skip=[kept])
            assert sorted(r.id for r in won) == ids
            await other.renew_leases("second", 30)
            assert await service.renew_and_claim() == []  # taken by "second": nothing to take back
        assert [e.table_id for e in recorder.of("lost")] == ids
        assert [t.id for t in service.tables()] == [kept]
    finally:
        await service.close()


REFUSE_RENEWALS = """
CREATE FUNCTION refuse_renewals() RETURNS trigger AS $$
BEGIN
    IF NEW.expires_at <> OLD.expires_at THEN RAISE EXCEPTION 'renewals refused by the test'; END IF;
    RETURN NEW;
END $$ LANGUAGE plpgsql;
CREATE TRIGGER refuse_renewals BEFORE UPDATE ON table_leases FOR EACH ROW EXECUTE FUNCTION refuse_renewals();
"""
"""The database refuses every renewal of a lease (an ``UPDATE`` of ``expires_at``) and nothing else."""


async def wait_for(what, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not what() and time.monotonic() < deadline:
        await asyncio.sleep(0.05)


async def test_a_renewal_that_fails_stops_the_ai_until_one_succeeds(postgresql_url):
    from bot.lab.bench_shards import SlowExecutor

    executor = SlowExecutor(0.05)
    service = await TableService.open(postgresql_url, shards=ZERO, lease_ttl=1.5, executor=executor)
    conn = await asyncpg.connect(postgresql_url.url)
    try:
        t = await ai_table(service, guild(0))
        await service.start(t, 0)
        await wait_for(lambda: service.get(t).version >= 3)
        await conn.execute(REFUSE_RENEWALS)
        await wait_for(lambda: service.paused)
        assert service.paused
        await asyncio.sleep(0.2)  # an AI turn stored just before the pause ends
        version = service.get(t).version
        assert 3 <= version < 40  # paused mid-game
        await asyncio.sleep(1.0)  # two more renewals refused meanwhile
        assert service.paused and service.get(t).version == version
        await conn.execute("DROP TRIGGER refuse_renewals ON table_leases")
        await wait_for(lambda: not service.tables())
        assert not service.paused and service.tables() == []
        assert await conn.fetchval("SELECT count(*) FROM games") == 1
        assert await conn.fetchval("SELECT count(*) FROM table_leases") == 0
    finally:
        await conn.close()
        await service.close()
        executor.shutdown(wait=False)


# ----- two processes on one PostgreSQL -----


class Driver:
    """A ``shard_driver.py`` process and the lines it prints (read by a thread as they come)."""

    def __init__(self, url: str, shard: int, log: Path, *extra: str) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.err = open(log, "w")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(
            [sys.executable, str(ROOT / "tests/bot/shard_driver.py"), url, "--shard-count", "2", "--shard-ids",
             str(shard), "--ttl", "2", "--delay", "0.03", "--level", "random", "--acks", *extra],
            stdout=subprocess.PIPE, stderr=self.err, text=True, cwd=ROOT, env=env)
        self.lines: queue.Queue[str] = queue.Queue()
        self.acks: list[tuple[str, int, int, dict]] = []
        self.done: dict | None = None
        self.log = log
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("ACK "):
                _ack, owner, table, version, entry = line.rstrip("\n").split(" ", 4)
                self.acks.append((owner, int(table), int(version), json.loads(entry)))
            elif line.startswith("DONE "):
                self.done = json.loads(line[5:])
            self.lines.put(line)

    def wait(self, what, seconds: float) -> bool:
        deadline = time.monotonic() + seconds
        while not what() and time.monotonic() < deadline and self.proc.poll() is None:
            time.sleep(0.05)
        return bool(what())

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)
        self.err.close()

    def errors(self) -> str:
        return self.log.read_text()


async def test_two_processes_share_the_tables_and_a_killed_ones_games_go_on_in_its_replacement(
        postgresql_url, tmp_path):
    async with Store(postgresql_url):
        pass  # migrated once, before the processes start
    url = postgresql_url.url
    first = Driver(url, 0, tmp_path / "first.err", "--tables", "6", "--create")
    other = Driver(url, 1, tmp_path / "other.err", "--tables", "6", "--create")
    replacement = None
    try:
        assert first.wait(lambda: len(first.acks) >= 60, 60), first.errors()
        first.proc.send_signal(signal.SIGKILL)  # mid-game: about 240 actions in all on its side
        first.stop()
        assert first.proc.returncode == -signal.SIGKILL
        replacement = Driver(url, 0, tmp_path / "replacement.err")
        assert replacement.wait(lambda: replacement.done is not None, 180), replacement.errors()
        assert other.wait(lambda: other.done is not None, 180), other.errors()
    finally:
        for d in (first, other, replacement):
            if d is not None:
                d.stop()
    for d in (first, other, replacement):
        assert "Traceback" not in d.errors(), d.errors()
    assert replacement.done is not None and other.done is not None

    conn = await asyncpg.connect(url)
    try:
        assert await conn.fetchval("SELECT count(*) FROM live_tables") == 0
        assert await conn.fetchval("SELECT count(*) FROM table_leases") == 0
        records = [json.loads(r[0]) for r in await conn.fetch("SELECT record FROM games")]
    finally:
        await conn.close()
    games = {rec["table"]: rec for rec in records}
    assert len(records) == len(games) == 12  # each game stored once
    for rec in records:
        replay_record(rec)  # every stored game is a whole, legal game
    logs = {t: [e for rnd in rec["rounds"] for e in rnd["actions"]] for t, rec in games.items()}

    acks = first.acks + other.acks + replacement.acks
    # nothing acknowledged is lost, nothing doubled
    assert [(t, v, e) for _o, t, v, e in acks if logs[t][v - 1] != e] == []
    assert len({(t, v) for _o, t, v, _e in acks}) == len(acks)
    # each table is written by one process at a time: the other shard's by `other` alone; the killed one's by
    # it, then (from where it stopped) by its replacement, never both at once
    owners: dict[int, dict[str, list[int]]] = {}
    for owner, table, version, _e in acks:
        owners.setdefault(table, {}).setdefault(owner, []).append(version)
    names = {d: d.acks[0][0] for d in (first, other, replacement) if d.acks}
    for table, by in owners.items():
        if table in other.done["created"]:
            assert set(by) == {names[other]}
        else:
            assert set(by) <= {names[first], names.get(replacement)}
            if len(by) == 2:
                assert max(by[names[first]]) < min(by[names[replacement]])
    taken_over = [t for t, by in owners.items() if len(by) == 2]
    assert taken_over, "no game was in the middle when the process was killed"
    assert set(taken_over) <= set(replacement.done["resumed"])
    assert sorted(replacement.done["finished"]) == sorted(replacement.done["resumed"])


def invariants(drivers: list[Driver], records: list[dict]) -> dict[int, dict[str, list[int]]]:
    """What must hold whatever happened to the processes: every game stored once and whole, every
    acknowledged action in its game's record at its place, none acknowledged twice. Returns who wrote what:
    table -> owner -> versions."""
    games = {rec["table"]: rec for rec in records}
    assert len(games) == len(records)
    for rec in records:
        replay_record(rec)
    logs = {t: [e for rnd in rec["rounds"] for e in rnd["actions"]] for t, rec in games.items()}
    acks = [a for d in drivers for a in d.acks]
    assert [(t, v) for _o, t, v, e in acks if logs[t][v - 1] != e] == []
    assert len({(t, v) for _o, t, v, _e in acks}) == len(acks)
    owners: dict[int, dict[str, list[int]]] = {}
    for owner, table, version, _e in acks:
        owners.setdefault(table, {}).setdefault(owner, []).append(version)
    return owners


async def test_a_process_frozen_past_its_leases_writes_none_of_the_tables_taken_over(postgresql_url, tmp_path):
    async with Store(postgresql_url):
        pass
    url = postgresql_url.url
    frozen = Driver(url, 0, tmp_path / "frozen.err", "--tables", "6", "--create")
    taker = None
    try:
        assert frozen.wait(lambda: len(frozen.acks) >= 40, 60), frozen.errors()
        frozen.proc.send_signal(signal.SIGSTOP)  # alive, its connections open, but renewing nothing
        taker = Driver(url, 0, tmp_path / "taker.err")
        assert taker.wait(lambda: len(taker.acks) >= 20, 60), taker.errors()  # its leases ran out: taken over
        frozen.proc.send_signal(signal.SIGCONT)  # it wakes up with its tables in memory, and tries to go on
        assert taker.wait(lambda: taker.done is not None, 180), taker.errors()
        assert frozen.wait(lambda: frozen.done is not None, 60), frozen.errors()
    finally:
        for d in (frozen, taker):
            if d is not None:
                d.proc.send_signal(signal.SIGCONT)
                d.stop()
    for d in (frozen, taker):
        assert "Traceback" not in d.errors(), d.errors()
    conn = await asyncpg.connect(url)
    try:
        records = [json.loads(r[0]) for r in await conn.fetch("SELECT record FROM games")]
        assert await conn.fetchval("SELECT count(*) FROM live_tables") == 0
    finally:
        await conn.close()
    assert len(records) == 6
    owners = invariants([frozen, taker], records)
    me, other = frozen.done["owner"], taker.done["owner"]
    for by in owners.values():
        if len(by) == 2:  # written by the frozen process, then by the taker: never after it
            assert max(by[me]) < min(by[other])
    assert frozen.done["lost"]  # it dropped the tables taken over instead of writing them
    assert set(frozen.done["lost"]) <= set(taker.done["resumed"])
    assert not set(frozen.done["finished"]) & set(taker.done["finished"])
