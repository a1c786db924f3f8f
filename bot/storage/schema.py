"""The numbered migrations, one numbering for every backend: ``migrations/NNNN_name.DIALECT.sql``.

Each number has one script per backend (``sqlite`` and ``postgresql``) that makes the same tables with the
same columns, in each one's own SQL (an id that counts up, 64-bit integers for Discord's ids, double
precision reals); the schema version of a database is the number of the last one applied.
"""

from __future__ import annotations

from importlib import resources

from bot.storage.errors import StorageError

DIALECTS = ("sqlite", "postgresql")
"""The backends, as named in the migration files."""
TABLES = frozenset({"guild_settings", "live_tables", "live_actions", "games", "game_players", "standings",
                    "aborted_games", "table_leases", "seasons", "season_standings", "tournaments",
                    "tournament_entrants", "tournament_rounds", "tournament_tables", "tournament_byes"})
"""The tables the store's SQL uses, checked at open."""


def migrations(dialect: str) -> list[tuple[int, str, str]]:
    """The numbered migration scripts of one backend shipped with the package: (number, file name, SQL)."""
    found = []
    for item in (resources.files("bot.storage") / "migrations").iterdir():
        name = item.name
        stem, _dot, ext = name.rpartition(".")
        if ext == "sql" and name[:4].isdigit() and stem.rpartition(".")[2] == dialect:
            found.append((int(name[:4]), name, item.read_text(encoding="utf-8")))
    found.sort()
    numbers = [n for n, _, _ in found]
    if numbers != list(range(1, len(found) + 1)):
        raise StorageError(f"{dialect} migrations must be numbered 0001, 0002... without gaps, found {numbers}")
    return found
