"""One bot process of the shard tests: ``python tests/bot/shard_driver.py URL --shard-count N --shard-ids IDS
[--tables N --create] [--ttl S] [--delay S] --acks``.

A ``TableService`` with its shard ids on the PostgreSQL database ``URL`` (``bot.lab.bench_shards``'s process):
it opens AI-only tables in guilds of its shards (``--create``), takes over the expired tables of its shards,
plays until none of them is left, and prints ``ACK owner table version entry`` for each action it stored
and applied, then ``DONE`` with its figures.
"""

from __future__ import annotations

import sys

from bot.lab.bench_shards import child_main

if __name__ == "__main__":
    raise SystemExit(child_main(sys.argv[1:]))
