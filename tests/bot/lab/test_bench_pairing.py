"""The pairing benchmark: one line per table size, each round of a 256-entrant Swiss event paired with no
repeated meeting."""

from __future__ import annotations

import re

from bot.__main__ import main


def test_bench_pairs_a_256_entrant_swiss_event_for_every_table_size(capsys):
    assert main(["bench", "--only", "pairing"]) == 0
    out = capsys.readouterr().out
    rows = re.findall(r"tables of (\d): median ([\d.]+) ms, slowest ([\d.]+) ms, repeated meetings (\d+)", out)
    assert [int(size) for size, *_rest in rows] == [2, 3, 4, 5, 6]
    assert all(int(repeats) == 0 for *_times, repeats in rows)
    assert all(float(median) <= float(worst) for _size, median, worst, _r in rows)
