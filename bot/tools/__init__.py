"""Tools that are not the bot: the arena and its tally, the benchmarks, replay of records, terminal play."""
