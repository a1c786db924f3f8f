"""A tournament round of 64 tables for two opens within Discord's rate limits: its table messages are posted in
the event's channel one after another, never more than 5 in any 5 seconds (Discord's limit on a channel's new
messages), by SimCord's clock. Prints the REST calls it took (the figure in docs/BENCHMARKS.md)."""

from __future__ import annotations

import collections
import datetime

from bot.tournaments.service import OPEN_STAGGER
from tests.cogs.test_long_games import ClockedRequests

TABLES = 64
WINDOW = datetime.timedelta(seconds=5)
PER_WINDOW = 5


async def test_a_round_of_64_tables_opens_within_the_rate_limits(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    boss = ui.manager(guild)
    members = ui.members(guild, *(f"m{i}" for i in range(2 * TABLES)))
    created = await boss.slash(channel, "tournament create", game="briscola", players=2, format="swiss", rounds=1,
                               entrants=2 * TABLES, options="match=single turn_timer=off")
    panel = created.response
    tid = int(next(i for i in ui.custom_ids(panel.components) if i.startswith("tv:tourn:")).split(":")[2])
    for m in members:
        await m.click(panel, custom_id=f"tv:tourn:{tid}:join")
    await env.settle()
    log = env.backend.http_requests = ClockedRequests(env, [])
    started = env.now()
    await boss.click(panel, custom_id=f"tv:tourn:{tid}:start")
    for _ in range(TABLES + 5):
        await env.advance_time(OPEN_STAGGER)
    await env.settle()

    tables = [t for t in (await ui.service().tournaments.state(tid, guild.id)).tables if t.table_id is not None]
    assert len(tables) == TABLES and len(ui.service().tables()) == TABLES
    for t in tables:
        ui.table_message(channel, t.table_id)  # every table has its message
    posts = [at for entry, at in zip(log, log.at, strict=True)
             if entry.method == "POST" and entry.path == f"/channels/{channel.id}/messages"]
    assert len(posts) >= TABLES
    announced = [ui.text(m) for m in ui.public(channel) if f"Tournament {tid} · round 1" in ui.text(m)
                 or "Table 64:" in ui.text(m)]
    assert sum(text.count("<@") for text in announced) == 2 * TABLES  # each player mentioned once
    busiest = max(sum(1 for other in posts if at <= other < at + WINDOW) for at in posts)
    assert busiest <= PER_WINDOW, f"{busiest} messages posted in the channel within 5 seconds"
    kinds = collections.Counter(f"{entry.method} {entry.path.split('/')[1]}" for entry in log)
    span = (max(log.at) - started).total_seconds()
    print(f"\n{len(log)} REST calls for {TABLES} tables ({len(log) / TABLES:.2f} a table) over {span:.0f} s; "
          f"{len(posts)} messages posted in the channel, at most {busiest} in 5 s; {dict(kinds)}")
