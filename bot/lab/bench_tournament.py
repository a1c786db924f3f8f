"""``python -m bot bench --only tournament``: the latency of the table service's actions with a tournament round
in play beside the AI load. The service benchmark's load (``bench_service.load``: 1,000 AI tables played to
the end at once, 16 users at tables of their own) runs three times on new database files: alone; with 128
members playing at 64 ordinary tables for two beside it (a new table for each pair when one ends); and with
the same members in a Swiss tournament of 64 tables a round (its rounds paired and opened by the tournament
service). Each member takes the users' 0.2 s to choose a card. Printed: the users' action time, median and
p99, in each run, the members' own, and the tournament's p99 over the ordinary tables' (what the tournament
service itself costs)."""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

from bot.i18n import _
from bot.lab.bench_service import LEVEL, TABLES, THINK, load, pct, summary
from bot.tables import TableError, TableEvent, TableService
from bot.tables.table import Seat

EVENT_TABLES = 64
"""Tables of the tournament's rounds (two members each)."""
EVENT_GUILD = 5_000
FIRST_MEMBER = 100_000


OPTIONS = {"match": "single", "turn_timer": "off"}


async def members_play(service: TableService, finished: asyncio.Event, tables: int = EVENT_TABLES,
                       think: float = THINK, tournament: bool = True) -> list[float]:
    """``2 * tables`` members play until ``finished`` is set: a Swiss tournament (its rounds follow one
    another), or (``tournament`` false) the same pairs at ordinary tables, a new one when one ends; the
    milliseconds of each member's action meanwhile."""
    members = range(FIRST_MEMBER, FIRST_MEMBER + 2 * tables)
    turns: dict[int, asyncio.Queue[TableEvent]] = {m: asyncio.Queue() for m in members}
    over: dict[int, asyncio.Event] = {}

    def on_event(ev: TableEvent) -> None:
        if ev.kind == "turn" and ev["user_id"] in turns:
            turns[ev["user_id"]].put_nowait(ev)
        elif ev.kind == "game_over" and ev.table_id in over:
            over[ev.table_id].set()

    stop = service.subscribe(on_event)
    acts: list[float] = []

    async def pair(a: int, b: int) -> None:
        while not finished.is_set():
            info = await service.open_seated(EVENT_GUILD, 1, 0, "briscola", 2, OPTIONS, LEVEL,
                                             [Seat(a, f"member {a}"), Seat(b, f"member {b}")])
            done = over.setdefault(info.id, asyncio.Event())
            while not (done.is_set() or finished.is_set()):
                await asyncio.sleep(0.5)

    async def member(user: int) -> None:
        rng = random.Random(user)
        while not finished.is_set():
            try:
                ev = await asyncio.wait_for(turns[user].get(), 0.5)
            except TimeoutError:
                continue
            await asyncio.sleep(think)
            try:
                action = rng.choice(service.view(ev.table_id, user).legal)
                t0 = time.perf_counter()
                await service.act(ev.table_id, user, action, version=ev["version"])
            except TableError:
                continue
            if not finished.is_set():
                acts.append((time.perf_counter() - t0) * 1000)

    try:
        if tournament:
            event = service.tournaments
            event.stagger = 0.0  # the service's own load: no Discord messages to space out
            row = await event.create(EVENT_GUILD, 1, 0, "briscola", 2, rounds=15, max_entrants=2 * tables,
                                     options=OPTIONS)
            await asyncio.gather(*(event.join(row.id, EVENT_GUILD, m, f"member {m}") for m in members))
            await event.start(row.id, EVENT_GUILD, 0)
            await asyncio.gather(*(member(m) for m in members))
        else:
            await asyncio.gather(*(member(m) for m in members),
                                 *(pair(a, b) for a, b in zip(members[::2], members[1::2], strict=True)))
    finally:
        stop()
    return acts


async def ordinary_tables(service: TableService, finished: asyncio.Event) -> list[float]:
    """``members_play`` at ordinary tables."""
    return await members_play(service, finished, tournament=False)


async def run(tables: int, folder: Path) -> list[str]:
    """The three runs; the report's lines."""
    alone = await load(folder / "alone.sqlite3", tables, LEVEL)
    plain = await load(folder / "plain.sqlite3", tables, LEVEL, beside=ordinary_tables)
    event = await load(folder / "event.sqlite3", tables, LEVEL, beside=members_play)
    return [
        _("{tables} AI tables and {users} users, alone: {seconds:.1f} s; a user's action {s}").format(
            tables=tables, users=alone["users"], seconds=alone["seconds"], s=summary(alone["human_ms"])),
        _("with {n} ordinary tables of two members beside: {seconds:.1f} s; a user's action {s}").format(
            n=EVENT_TABLES, seconds=plain["seconds"], s=summary(plain["human_ms"])),
        _("  a member's action meanwhile: {s}").format(s=summary(plain["beside_ms"])),
        _("with the same members in a tournament of {n} tables a round: {seconds:.1f} s; a user's action "
          "{s}").format(n=EVENT_TABLES, seconds=event["seconds"], s=summary(event["human_ms"])),
        _("  a member's action meanwhile: {s}").format(s=summary(event["beside_ms"])),
        _("  p99 in the tournament over the ordinary tables: a user's action x{users:.2f}, a member's "
          "x{members:.2f}").format(users=pct(event["human_ms"], 99) / max(pct(plain["human_ms"], 99), 1e-9),
                                   members=pct(event["beside_ms"], 99) / max(pct(plain["beside_ms"], 99), 1e-9)),
    ]


def main(args: argparse.Namespace | None = None) -> int:
    """Print the benchmark; ``--games N`` plays N AI tables instead of 1,000."""
    tables = getattr(args, "games", 0) or TABLES
    print(_("tournament benchmark, {cpus} CPUs, database in a temporary directory").format(cpus=os.cpu_count()))
    with tempfile.TemporaryDirectory(prefix="tavolo-bench-") as folder:
        for line in asyncio.run(run(tables, Path(folder))):
            print(line, flush=True)
    return 0
