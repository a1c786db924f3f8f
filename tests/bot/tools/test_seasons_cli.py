"""``python -m bot seasons GUILD_ID``: a server's current season and its closed ones, on a real SQLite file."""

from __future__ import annotations

import asyncio
import os

import pytest

from bot.__main__ import main
from bot.ratings import Rating, Standing
from bot.tables import TableService


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """An empty directory (no .env) and no Tavolo or Discord settings in the environment."""
    for name in list(os.environ):
        if name.startswith(("TAVOLO_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


async def two_seasons(path) -> None:
    """Guild 5 closes two seasons (Briscola and Cicera, then Briscola); guild 6 closes none."""
    service = await TableService.open(path)
    try:
        def ranked(n: int, base: int) -> list[Standing]:
            return [Standing(base + i, f"p{i}", Rating(25.0, 3.0), games=1, wins=1) for i in range(n)]

        await service.store.seed_games([], [], ranked(3, 10), 5, "briscola")
        await service.store.seed_games([], [], ranked(1, 10), 5, "cicera")
        await service.store.seed_games([], [], ranked(2, 10), 6, "briscola")
        await service.close_season(5, 1)
        await service.store.seed_games([], [], ranked(4, 20), 5, "briscola")
        await service.close_season(5, 2)
    finally:
        await service.close()


def test_seasons_lists_the_closed_seasons_of_one_server(capsys, monkeypatch, tmp_path):
    db = tmp_path / "tavolo.sqlite3"
    asyncio.run(two_seasons(db))
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    status, out, err = run(capsys, "seasons", "5")
    assert status == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("Server 5: season 3, since ")
    assert lines[1].startswith("Season 1: ") and lines[1].endswith("· Briscola: 3 players, Cicera: 1 player")
    assert lines[2].startswith("Season 2: ") and lines[2].endswith("· Briscola: 4 players")
    assert len(lines) == 3

    status, out, _err = run(capsys, "seasons", "6")
    assert status == 0 and out.splitlines() == ["Server 6: season 1, no game finished yet.", "No season closed yet."]


def test_seasons_of_a_missing_database_or_a_bad_id(capsys, tmp_path):
    status, out, err = run(capsys, "seasons", "5")
    assert status == 1 and out == "" and "no database" in err
    assert list(tmp_path.iterdir()) == []
    with pytest.raises(SystemExit) as exit_:
        main(["seasons", "x"])
    assert exit_.value.code == 2 and "GUILD_ID" in capsys.readouterr().err
