"""SQLite connections with Tavolo's settings: opened, made daemon, closed with their thread ended."""

from __future__ import annotations

import logging
import sqlite3
import threading
import traceback
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage.errors import StorageError

log = logging.getLogger(__name__)


async def connect(path: Path, *, busy_timeout: float, synchronous: str,
                  check: Callable[[aiosqlite.Connection], Awaitable[None]] | None = None) -> aiosqlite.Connection:
    """A connection with Tavolo's settings (WAL, ``synchronous``, foreign keys); ``check(conn)`` runs first,
    before anything is written, to refuse a file that must not be used."""
    conn = aiosqlite.connect(path, isolation_level=None)
    _daemon(conn)
    try:
        await conn
        await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
        if check is not None:
            await check(conn)
        try:
            mode = await value(conn, "PRAGMA journal_mode = WAL")
            if mode != "wal":
                log.warning("database %s: journal mode is %s, not WAL", path, mode)
        except sqlite3.OperationalError as e:  # a read-only file already in WAL mode can still be read
            if not str(getattr(e, "sqlite_errorname", "")).startswith("SQLITE_READONLY"):
                raise
            log.warning("database %s: cannot set WAL mode: %s", path, e)
        await conn.execute(f"PRAGMA synchronous = {synchronous}")
        await conn.execute("PRAGMA foreign_keys = ON")
    except BaseException:
        await shut(conn, path)
        raise
    return conn


async def value(conn: aiosqlite.Connection, sql: str) -> Any:
    """The first column of the first row of ``sql``."""
    async with conn.execute(sql) as cur:
        row = await cur.fetchone()
    if row is None:
        raise StorageError(f"no row from {sql}")
    return row[0]


def forget_frames(exc: BaseException) -> None:
    """Clear the local variables of the finished frames in ``exc``'s tracebacks (and of the exceptions it
    chains), so that no cursor outlives the error: an unfinished statement keeps SQLite from closing its
    connection (its WAL and shared-memory files then stay)."""
    seen: set[int] = set()
    stack: list[BaseException | None] = [exc]
    while stack:
        e = stack.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        if e.__traceback__ is not None:
            traceback.clear_frames(e.__traceback__)
        stack.extend((e.__cause__, e.__context__))


def _thread_of(conn: aiosqlite.Connection) -> threading.Thread | None:
    """The worker thread of an aiosqlite connection (aiosqlite 0.22 keeps it in ``_thread``; before, the
    connection was the thread)."""
    if isinstance(conn, threading.Thread):
        return conn
    thread = getattr(conn, "_thread", None)
    return thread if isinstance(thread, threading.Thread) else None


def _daemon(conn: aiosqlite.Connection) -> None:
    """Make a connection's thread, not started yet, a daemon: a store left open never keeps the process from
    exiting (what was acknowledged is committed; SQLite recovers the rest, as after a kill)."""
    thread = _thread_of(conn)
    if thread is not None and not thread.is_alive():
        thread.daemon = True


async def shut(conn: aiosqlite.Connection, path: Path) -> None:
    """Close a connection (connected or not) and wait for its thread to end."""
    try:
        await conn.close()
    except (sqlite3.Error, ValueError) as e:
        log.warning("closing %s: %s", path, e)
    finally:
        thread = _thread_of(conn)
        if thread is not None and thread.is_alive() and thread is not threading.current_thread():
            # its last job, the stop, is done once close() returns: the thread is ending
            thread.join(timeout=1.0)
