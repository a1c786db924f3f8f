"""The values the store hands out (settings, live tables, finished games) and how their columns are read."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import _
from bot.ratings import Rating, Standing
from bot.storage.errors import StorageError, short
from bot.storage.tx import Row

# A game record and its parts (seats, action entries) and a table's options are JSON: stored as text, read
# back with ``json.loads`` (untyped), and handed to ``rules`` (``rules.records`` and the engines' options
# take ``dict[str, Any]``); their readers check each key they use.
JsonObject = dict[str, Any]
"""A JSON object: a game record, a seat, an action entry, a table's options."""


def loads(text: Any, where: str) -> Any:
    """A JSON column's value; a damaged one is a ``StorageError`` naming the row."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as e:
        raise StorageError(_("the database is damaged: {where} holds bad JSON ({problem}). Restore a backup, or "
                             "move the file away and start a new one").format(where=where, problem=short(str(e), 80)),
                           "SQLITE_CORRUPT") from None


def dumps(value: Any) -> str:
    """A value as the compact JSON text of a column."""
    return json.dumps(value, separators=(",", ":"), sort_keys=False)


@dataclass
class GuildSettings:
    """A guild's settings: language, default options per game, the channels tables may open in, its cap."""

    guild_id: int
    language: str | None = None
    default_options: dict[str, JsonObject] = field(default_factory=dict)
    """Per game name: options applied to every new table unless the host sets them."""
    allowed_channels: list[int] = field(default_factory=list)
    """Empty: every channel."""
    max_tables: int | None = None
    """Live tables at once; ``None``: the service's default."""
    organiser_role: int | None = None
    """The role whose members may run tournaments (besides Manage Server); ``None``: none."""


@dataclass(frozen=True)
class TableFacts:
    """What a live table is, as stored and as shown: where it is, who hosts it, the game and its options.

    The one record both the stored row (``LiveTableRow``) and the front ends' snapshot (``TableInfo``) are."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    players: int
    options: JsonObject
    level: str


@dataclass(frozen=True)
class LiveTableRow(TableFacts):
    """A live table as stored, with its log of record entries."""

    seed: int
    status: str
    seats: list[JsonObject]
    created_at: float
    started_at: float | None
    entries: list[JsonObject] = field(default_factory=list)
    last_at: float | None = None
    """When the last entry was written."""
    epoch: int | None = None
    """The epoch of the lease won by ``Store.claim_tables`` (``None`` from ``live_tables``)."""


@dataclass
class GameRow:
    """A finished game as listed for a player."""

    id: int
    guild_id: int
    game: str
    players: int
    finished_at: float
    seat: int
    outcome: str
    game_points: int


@dataclass
class FinishedGame:
    """What storing a finished game did: its id and the standings before and after, per human."""

    game_id: int
    before: dict[int, Standing | None]
    after: dict[int, Standing]


STANDING_COLUMNS = "user_id, name, mu, sigma, games, wins, draws, losses, streak, best_streak, last_played"
"""The columns of ``standings`` that ``standing_from`` reads, in its order."""
_STANDING_VALUES = ("name", "mu", "sigma", "rating", "games", "wins", "draws", "losses", "streak", "best_streak",
                    "last_played")
STANDING_INSERT = (
    f"INSERT INTO standings (guild_id, game, user_id, {', '.join(_STANDING_VALUES)}) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET "
    + ", ".join(f"{c} = excluded.{c}" for c in _STANDING_VALUES))
"""Store one standing (a new one, or over the old one), the parameters from ``standing_row``."""


def standing_from(r: Row) -> Standing:
    """A standing from a row of ``STANDING_COLUMNS``."""
    return Standing(r[0], r[1], Rating(r[2], r[3]), r[4], r[5], r[6], r[7], r[8], r[9], r[10])


def standing_row(guild_id: int, game: str, st: Standing) -> Row:
    """The parameters of ``STANDING_INSERT`` for a standing."""
    return (guild_id, game, st.user_id, st.name, st.rating.mu, st.rating.sigma, st.rating.ordinal, st.games,
            st.wins, st.draws, st.losses, st.streak, st.best_streak, st.last_played)
