"""A bot process that runs some of the shards: it answers the servers of its shards, and its service runs only
their tables (under leases in the database)."""

from __future__ import annotations

import pytest
import simcord

from bot.app import create_bot
from bot.config import Settings
from bot.shards import Shards
from bot.storage import Store
from bot.tables import TableError


async def test_a_process_runs_the_tables_of_its_shards_only(tmp_path):
    database = tmp_path / "tavolo.sqlite3"
    settings = Settings(_env_file=None, discord_token="not-used", database=database)
    store = await Store(database).open()
    bot = create_bot(settings, store=store, service_options={"ai_time_ms": 20}, shards=Shards(2, (1,)))
    try:
        async with simcord.run(bot, check_errors=False, settle_timeout=12.0) as env:
            assert bot.shard_count == 2 and bot.shard_ids == [1]
            service = bot.service
            assert service is not None and service.shards == Shards(2, (1,)) and service.owner
            mine = env.create_guild("mine", shard_id=1)
            channel = mine.create_text_channel("tavolo")
            alice = mine.add_member(env.create_user("alice"))
            lobby = await alice.slash(channel, "briscola", players=2)
            assert not lobby.ephemeral, "a lobby opens in a server of this process's shard"
            (info,) = service.tables()
            assert info.guild_id == mine.id and Shards(2, (1,)).owns(mine.id)
            other = 0
            while Shards(2, (1,)).owns(other << 22):
                other += 1
            assert not Shards(2, (1,)).owns(other << 22)
            with pytest.raises(TableError, match="shard"):
                await service.create(other << 22, 5, 6, "bob", "briscola", 2, {}, "easy")
            assert [t.guild_id for t in service.tables()] == [mine.id]
    finally:
        if bot.service is not None:
            await bot.service.close()
        hub = getattr(bot, "hub", None)
        if hub is not None:
            hub.executor.shutdown(wait=False, cancel_futures=True)
