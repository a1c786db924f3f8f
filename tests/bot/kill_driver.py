"""A process that plays games through the table service until it is killed (for the kill -9 test).

``python tests/bot/kill_driver.py DB TABLES``: keeps ``TABLES`` tables busy on the database file ``DB``. Half
of them have a user who plays at once (first legal action); at the other half the user leaves after the
start and the AI plays every seat. Each action is printed as ``ACK table version entry-json`` once the
service has stored and applied it; a new table opens whenever a game ends.
"""

from __future__ import annotations

import asyncio
import json
import queue
import subprocess
import sys
import threading
import time

from bot.tables import TableError, TableService


async def main(path: str, tables: int) -> None:
    service = await TableService.open(path, guild_cap=10_000)
    out = sys.stdout
    loop = asyncio.get_running_loop()
    made = 0

    async def new_table() -> None:
        nonlocal made
        made += 1
        user = 1000 + made
        t = await service.create(1, made, user, f"user {made}", "briscola", 4, {"turn_timer": "off"},
                                 level="random")
        await service.start(t.id, user)
        if made % 2 == 0:
            await service.leave(t.id, user)

    async def human_turn(table_id: int, user: int, version: int) -> None:
        try:
            view = service.view(table_id, user)
            if view.legal:  # else the turn is gone (the user left, the game moved on)
                await service.act(table_id, user, view.legal[0], version=version)
        except TableError:
            pass

    def on_event(event) -> None:
        if event.kind == "action":
            out.write(f"ACK {event.table_id} {event['version']} {json.dumps(event['entry'])}\n")
            out.flush()
        elif event.kind == "turn" and event["user_id"] is not None:
            loop.create_task(human_turn(event.table_id, event["user_id"], event["version"]))
        elif event.kind == "game_over":
            loop.create_task(new_table())

    service.subscribe(on_event)
    # tables resumed from an earlier run whose user is to play: let them play
    for info in service.tables():
        if info.status == "playing" and info.to_move is not None:
            user = info.seats[info.to_move].user_id
            if user is not None and info.seats[info.to_move].away is None:
                loop.create_task(human_turn(info.id, user, info.version))
    made = 1000 * (len(service.tables()) + 1)
    for _ in range(tables):
        await new_table()
    out.write("READY\n")
    out.flush()
    await asyncio.Event().wait()  # until killed


# ----- for the tests that run and kill this driver -----
def read_acks(proc: subprocess.Popen, wanted: int, seconds: float) -> list[tuple[int, int, dict]]:
    """The ``ACK`` lines the driver printed, until ``wanted`` of them, its end, or ``seconds``."""
    lines: queue.Queue[str] = queue.Queue()

    def pump() -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put("")

    threading.Thread(target=pump, daemon=True).start()
    acks = []
    deadline = time.monotonic() + seconds
    while len(acks) < wanted:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        if not line:
            break
        if line.startswith("ACK "):
            _, table, version, entry = line.rstrip("\n").split(" ", 3)
            acks.append((int(table), int(version), json.loads(entry)))
    return acks


def unstored(acks: list[tuple[int, int, dict]], live: dict[int, list[dict]],
             finished: dict[int, list[dict]]) -> list[tuple[int, int, dict]]:
    """The acknowledged actions the database lacks: ``live`` and ``finished`` map a table id to its stored
    actions (a live table's, or its finished game's record)."""
    lost = []
    for table, version, entry in acks:
        log = live.get(table, finished.get(table))
        if log is None or len(log) < version or log[version - 1] != entry:
            lost.append((table, version, entry))
    return lost


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
