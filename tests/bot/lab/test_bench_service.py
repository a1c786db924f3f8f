"""The service benchmark runs (small sizes; its figures are measured by ``python -m bot bench``, not here)."""

from __future__ import annotations

from bot.lab import bench_service


async def test_load_plays_every_table_to_the_end(tmp_path):
    got = await bench_service.load(tmp_path / "load.sqlite3", tables=6, level="greedy", users=2, think=0.0)
    assert got["tables"] == 6
    assert got["actions"] >= 6 * 40  # every AI table played its 40 cards
    assert got["human_ms"] and got["append_ms"]


async def test_leaderboard_seeding_and_pages(tmp_path):
    got = await bench_service.leaderboard(tmp_path / "board.sqlite3", games=400, players=30, repeat=2)
    assert got["players"] == 30 and got["pages"] == 3
    assert all(len(v) == 2 for v in got["times"].values())


def test_percentiles():
    values = [float(v) for v in range(1, 101)]
    assert bench_service.pct(values, 50) == 50 and bench_service.pct(values, 99) == 99
