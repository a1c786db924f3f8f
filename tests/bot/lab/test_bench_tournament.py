"""The tournament benchmark, on a small load: three runs, each with a user's action time, and the members'
actions measured at ordinary tables and in the tournament."""

from __future__ import annotations

import re

from bot.__main__ import main


def test_bench_measures_the_load_alone_beside_ordinary_tables_and_beside_a_tournament(capsys):
    assert main(["bench", "--only", "tournament", "--games", "80"]) == 0
    out = capsys.readouterr().out
    runs = re.findall(r"(alone|beside|a round): [\d.]+ s; a user's action median [\d.]+ ms, p99 [\d.]+ ms", out)
    assert runs == ["alone", "beside", "a round"]
    members = re.findall(r"a member's action meanwhile: median [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms \((\d+) ", out)
    assert len(members) == 2 and all(int(n) > 0 for n in members)
    assert re.search(r"a user's action x[\d.]+, a member's x[\d.]+", out)
