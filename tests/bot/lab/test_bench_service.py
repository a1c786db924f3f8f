"""The service benchmark runs (small sizes; its figures are measured by ``python -m bot bench``, not here)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.__main__ import build_parser
from bot.__main__ import main as cli_main
from bot.lab import bench_service, pg_server
from bot.storage import DatabaseUrl


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


async def test_postgresql_is_measured_with_both_settings_and_named(postgresql_url):
    """``--postgresql URL``: after SQLite, the load and the lone appends with synchronous_commit off and local,
    the leaderboard with local, each on a database of its own made on the server and dropped afterwards; every
    section names its backend, and the server's fsync as the server reports it (the tests' server has it off)."""
    import asyncpg

    said: list[str] = []
    lines = await bench_service.run(3, "greedy", postgresql_url, users=1, appends=10, games=200, say=said.append)
    assert said == lines  # each line as soon as it is measured
    backends = [line for line in lines if line.startswith("backend: ")]
    assert backends[0].startswith("backend: SQLite,")
    assert [("synchronous_commit off" in b, "synchronous_commit local" in b) for b in backends[1:]] == [
        (True, False), (False, True)]
    assert all(b.startswith("backend: PostgreSQL ") and "fsync off" in b for b in backends[1:])
    assert sum(line.startswith("3 AI tables") for line in lines) == 3
    assert sum(line.startswith("leaderboard with 200 finished games") for line in lines) == 2
    assert lines[-1].startswith("the cost of durability on PostgreSQL, synchronous_commit local against off")
    conn = await asyncpg.connect(postgresql_url.url)
    try:
        left = await conn.fetchval("SELECT count(*) FROM pg_database WHERE datname LIKE $1",
                                   f"tavolo_bench_{os.getpid()}_%")
    finally:
        await conn.close()
    assert left == 0


@pytest.mark.usefixtures("postgresql_server")  # skipped or required as the other PostgreSQL tests
async def test_a_temporary_server_fsyncs():
    """``--postgresql temporary`` starts a server of its own with fsync on (the tests' server has it off, which
    would hide what durability costs); it is gone afterwards."""
    with pg_server.temporary_server() as url:
        facts = await bench_service.server_facts(url)
        folder = Path(url.server.split(" ")[0])
        assert folder.is_dir()
    assert facts["fsync"] == "on"
    assert not folder.exists()


def test_an_unreachable_server_is_one_line_before_any_measurement(tmp_path, capsys):
    missing = f"postgresql://postgres@/postgres?host={tmp_path}&port=1"
    assert cli_main(["bench", "--only", "service", "--games", "1", "--postgresql", missing]) == 1
    out, err = capsys.readouterr()
    assert "backend:" not in out
    assert err.strip().splitlines() == [f"error: the PostgreSQL server {tmp_path} (port 1) cannot be used: no server "
                                        "answers there"]


def test_the_postgresql_option_takes_a_url_or_temporary():
    parse = build_parser().parse_args
    assert parse(["bench", "--only", "service", "--postgresql", "temporary"]).postgresql == "temporary"
    url = "postgresql://u@/db?host=/run/x"
    assert parse(["bench", "--postgresql", url]).postgresql == DatabaseUrl(url)
    assert parse(["bench"]).postgresql is None


@pytest.mark.parametrize("argv", [["--postgresql", "/tmp/tavolo.sqlite3"],
                                  ["--only", "images", "--postgresql", "temporary"]])
def test_a_misplaced_postgresql_option_is_one_line(argv, capsys):
    """Not a PostgreSQL URL, or with another benchmark than the service's: one line (besides argparse's usage),
    status 2, nothing measured."""
    try:
        status = cli_main(["bench", *argv])
    except SystemExit as e:
        status = e.code
    out, err = capsys.readouterr()
    said = [line for line in err.splitlines() if line and not line.startswith(("usage:", " "))]
    assert status == 2 and not out
    assert len(said) == 1 and "--postgresql" in said[0], err
