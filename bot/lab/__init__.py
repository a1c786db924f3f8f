"""The lab: what a developer runs and a server does not: the arena and its tally, training, the benchmarks,
the screenshots, the catalogue and font tools. Reached through ``python -m bot <command>``, which imports these
modules only when one of their commands runs; the bot never imports them."""
