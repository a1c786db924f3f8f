"""``python -m bot tournaments GUILD_ID``: a server's tournaments, with their entrants and winner, on a real
SQLite file; another server's are not listed."""

from __future__ import annotations

import asyncio
import os

import pytest

from bot.__main__ import main
from bot.tables import TableService


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """An empty directory (no .env) and no Tavolo or Discord settings in the environment."""
    for name in list(os.environ):
        if name.startswith(("TAVOLO_", "DISCORD_")):
            monkeypatch.delenv(name)
    monkeypatch.chdir(tmp_path)
    return tmp_path


async def events(path) -> None:
    """Guild 5: a knockout of two played to its end, then a Swiss event in sign-up; guild 6: one of its own."""
    service = await TableService.open(path)
    service.tournaments.stagger = 0
    try:
        done = await service.tournaments.create(5, 1, 9, "briscola", 2, format="knockout",
                                                options={"match": "single", "turn_timer": "off"})
        for user in (1, 2):
            await service.tournaments.join(done.id, 5, user, f"player{user}")
        await service.tournaments.start(done.id, 5, 9)
        await service.tournaments.idle()
        (table,) = (await service.tournaments.state(done.id, 5)).tables
        while any(t.id == table.table_id for t in service.tables()):
            info = service.get(table.table_id)
            user = info.seats[info.to_move].user_id
            await service.act(table.table_id, user, service.view(table.table_id, user).legal[0])
            await service.idle()
        await service.tournaments.idle()
        await service.tournaments.create(5, 1, 9, "cicera", 4, rounds=2)
        await service.tournaments.create(6, 1, 9, "briscola", 2)
    finally:
        await service.close()


def test_tournaments_lists_one_server(capsys, monkeypatch, tmp_path):
    db = tmp_path / "tavolo.sqlite3"
    asyncio.run(events(db))
    monkeypatch.setenv("TAVOLO_DATABASE", str(db))
    assert main(["tournaments", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith("Tournament 2: Cicera for 4, Swiss of 2 rounds, sign-up open (round 0) · 0 entrants")
    assert lines[1].startswith("Tournament 1: Briscola for 2, knockout, finished (round 1) · 2 entrants · created ")
    assert lines[1].endswith(("won by player1", "won by player2"))
    assert main(["tournaments", "7"]) == 0
    assert capsys.readouterr().out == "Server 7: no tournament yet.\n"


def test_tournaments_of_a_missing_database(capsys):
    assert main(["tournaments", "5"]) == 1
    assert "no database" in capsys.readouterr().err
