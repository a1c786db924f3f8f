"""A process that plays games through the table service until it is killed (for the kill -9 test).

``python tests/bot/kill_driver.py DB TABLES``: keeps ``TABLES`` tables busy on the database file ``DB``. Half
of them have a user who plays at once (first legal action); at the other half the user leaves after the
start and the AI plays every seat. Each action is printed as ``ACK table version entry-json`` once the
service has stored and applied it; a new table opens whenever a game ends.
"""

from __future__ import annotations

import asyncio
import json
import sys

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


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2])))
