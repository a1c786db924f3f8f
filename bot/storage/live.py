"""The queries of live tables (their rows and logs, stopped tables), of guild settings and member settings."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from bot.storage.base import StoreBase
from bot.storage.fencing import NOW, Lease, fence
from bot.storage.rows import GuildSettings, JsonObject, LiveTableRow, dumps, loads
from bot.storage.tx import Tx


class LiveQueries(StoreBase):
    """Live tables and guild settings; every method raises ``StorageError`` on failure."""

    # ----- guild settings -----
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings (defaults when it never set any)."""
        rows = await self._read(
            "SELECT language, default_options, allowed_channels, max_tables, organiser_role FROM guild_settings "
            "WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildSettings(guild_id)
        language, options, channels, cap, organiser_role = rows[0]
        where = f"guild_settings {guild_id}"
        return GuildSettings(guild_id, language, loads(options, where), loads(channels, where), cap, organiser_role)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Store a guild's settings."""

        async def fn(tx: Tx) -> None:
            await tx.execute(
                "INSERT INTO guild_settings (guild_id, language, default_options, allowed_channels, max_tables, "
                "organiser_role) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET "
                "language = excluded.language, default_options = excluded.default_options, "
                "allowed_channels = excluded.allowed_channels, max_tables = excluded.max_tables, "
                "organiser_role = excluded.organiser_role",
                (settings.guild_id, settings.language, dumps(settings.default_options),
                 dumps(list(settings.allowed_channels)), settings.max_tables, settings.organiser_role),
            )

        await self._write(fn)

    # ----- member settings -----
    async def member_language(self, user_id: int) -> str | None:
        """The language a member chose for the messages only they see (``None``: their client's)."""
        rows = await self._read("SELECT language FROM member_settings WHERE user_id = ?", (user_id,))
        return rows[0][0] if rows else None

    async def save_member_language(self, user_id: int, language: str | None) -> None:
        """Store a member's language (``None`` forgets the choice)."""

        async def fn(tx: Tx) -> None:
            if language is None:
                await tx.execute("DELETE FROM member_settings WHERE user_id = ?", (user_id,))
            else:
                await tx.execute(
                    "INSERT INTO member_settings (user_id, language) VALUES (?, ?) "
                    "ON CONFLICT (user_id) DO UPDATE SET language = excluded.language", (user_id, language))

        await self._write(fn)

    # ----- live tables -----
    async def create_table(
        self, *, guild_id: int, channel_id: int, host_id: int, game: str, players: int, options: JsonObject,
        level: str, seed: int, seats: list[JsonObject], created_at: float | None = None, owner: str | None = None,
        ttl: float = 30.0,
    ) -> int:
        """Store a new table in its lobby; return its id. With ``owner``, its lease (epoch 1, for ``ttl``
        seconds of the database's clock) is stored in the same transaction: ``Lease(owner, 1)``."""
        at = time.time() if created_at is None else created_at

        async def fn(tx: Tx) -> int:
            table_id = await tx.insert(
                "INSERT INTO live_tables (guild_id, channel_id, host_id, game, players, options, level, seed, "
                "status, seats, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
                (guild_id, channel_id, host_id, game, players, dumps(options), level, seed, dumps(seats), at),
            )
            if owner is not None:
                await tx.execute(
                    "INSERT INTO table_leases (table_id, owner, epoch, expires_at) "
                    f"VALUES (?, ?, 1, {NOW[self.dialect]} + ?)",
                    (table_id, owner, ttl))
            return table_id

        return await self._write(fn)

    async def update_table(
        self, table_id: int, *, seats: list[JsonObject] | None = None, host_id: int | None = None,
        status: str | None = None, started_at: float | None = None, lease: Lease | None = None,
    ) -> None:
        """Change a live table's seats, host or status (``lease``: fenced, ``LeaseLost`` if it is lost)."""
        sets, params = [], []
        for column, value in (("seats", None if seats is None else dumps(seats)), ("host_id", host_id),
                              ("status", status), ("started_at", started_at)):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        if not sets:
            return

        async def fn(tx: Tx) -> None:
            await fence(tx, table_id, lease)
            if await tx.execute(f"UPDATE live_tables SET {', '.join(sets)} WHERE id = ?", (*params, table_id)) != 1:
                raise KeyError(f"no live table {table_id}")

        await self._write(fn)

    async def append(self, table_id: int, first: int, entries: Sequence[JsonObject], at: float | None = None, *,
                     lease: Lease | None = None) -> None:
        """Store record entries ``first``, ``first + 1``... of a live table; returns once they are committed.
        With ``lease``, only while it holds the table (``LeaseLost``, nothing written, when it does not)."""
        when = time.time() if at is None else at
        rows = [(table_id, first + i, dumps(e), when) for i, e in enumerate(entries)]
        await self._append_rows(rows, lease)

    async def delete_table(self, table_id: int, *, lease: Lease | None = None) -> None:
        """Forget a live table (cancelled), its log and its lease."""

        async def fn(tx: Tx) -> None:
            await fence(tx, table_id, lease)
            await tx.execute("DELETE FROM table_leases WHERE table_id = ?", (table_id,))
            await tx.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
            await tx.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))

        await self._write(fn)

    async def abort_table(self, table_id: int, *, guild_id: int, game: str, players: int, status: str,
                          aborted_by: int, record: JsonObject | None, aborted_at: float | None = None,
                          lease: Lease | None = None) -> int:
        """In one transaction: note a stopped table in ``aborted_games`` (its record so far, unrated) and
        forget the live table and its log. Returns the id of the ``aborted_games`` row."""
        at = time.time() if aborted_at is None else aborted_at
        text = None if record is None else dumps(record)

        async def fn(tx: Tx) -> int:
            await fence(tx, table_id, lease)
            row_id = await tx.insert(
                "INSERT INTO aborted_games (table_id, guild_id, game, players, status, aborted_by, aborted_at, "
                "record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, guild_id, game, players, status, aborted_by, at, text),
            )
            await tx.execute("DELETE FROM table_leases WHERE table_id = ?", (table_id,))
            await tx.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
            if await tx.execute("DELETE FROM live_tables WHERE id = ?", (table_id,)) != 1:
                raise KeyError(f"no live table {table_id}")
            return row_id

        return await self._write(fn)

    async def aborted_games(self, guild_id: int) -> list[JsonObject]:
        """A guild's stopped tables, oldest first: ``table_id``, ``game``, ``players``, ``status``,
        ``aborted_by``, ``aborted_at`` and ``record`` (``None`` for a lobby)."""
        rows = await self._read(
            "SELECT table_id, game, players, status, aborted_by, aborted_at, record FROM aborted_games "
            "WHERE guild_id = ? ORDER BY id", (guild_id,))
        return [{"table_id": r[0], "game": r[1], "players": r[2], "status": r[3], "aborted_by": r[4],
                 "aborted_at": r[5], "record": None if r[6] is None else loads(r[6], f"aborted_games {r[0]}")}
                for r in rows]

    async def live_tables(self, ids: Sequence[int] | None = None) -> list[LiveTableRow]:
        """Every live table with its log, oldest first (only those of ``ids`` when given)."""
        only = "" if ids is None else f" WHERE id IN ({', '.join(str(int(i)) for i in ids) or 'NULL'})"
        rows = await self._read(
            "SELECT id, guild_id, channel_id, host_id, game, players, options, level, seed, status, seats, "
            f"created_at, started_at FROM live_tables{only} ORDER BY id"
        )
        tables = {
            r[0]: LiveTableRow(r[0], r[1], r[2], r[3], r[4], r[5], loads(r[6], f"live_tables {r[0]}"), r[7],
                               r[8], r[9], loads(r[10], f"live_tables {r[0]}"), r[11], r[12])
            for r in rows
        }
        last_at: dict[int, float] = {}
        of = "" if ids is None else only.replace(" id IN", " table_id IN")
        for table_id, entry, at in await self._read(
            f"SELECT table_id, entry, at FROM live_actions{of} ORDER BY table_id, n"
        ):
            t = tables.get(table_id)
            if t is not None:
                t.entries.append(loads(entry, f"live_actions of table {table_id}"))
                last_at[table_id] = at
        for table_id, at in last_at.items():
            tables[table_id] = replace(tables[table_id], last_at=at)
        return list(tables.values())

    async def live_entries(self, table_id: int) -> list[JsonObject]:
        """The stored log of one live table."""
        rows = await self._read("SELECT entry FROM live_actions WHERE table_id = ? ORDER BY n", (table_id,))
        return [loads(e, f"live_actions of table {table_id}") for (e,) in rows]

