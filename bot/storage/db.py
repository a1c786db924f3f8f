"""The SQLite store: the only place that runs SQL.

One writer connection serves every write through a queue: the writes waiting when a transaction starts are
committed together (group commit), each caller is answered once its write is on disk, and a failed
transaction fails only the writes it carried. A second connection serves the reads, which WAL lets run
beside the writer.

Opening refuses, in one line that says what to do and without writing a byte to it, a path that is not a
SQLite database, another program's database, a damaged one, one written by a newer version of Tavolo, and
a path where no database can be made (a folder, a missing folder, no permission, a full disk).
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import sqlite3
import stat
import threading
import time
import traceback
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from bot.i18n import _
from bot.ratings import Rating, SeatResult, Standing

log = logging.getLogger(__name__)

MAX_BATCH = 1000
"""Writes committed together at most."""
MAX_ROWS = 8000
"""Action rows in one INSERT (4 parameters each, under SQLite's limit of 32,766)."""


class StorageError(Exception):
    """A read or write that the database refused; ``reason`` is SQLite's message."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        """SQLite's error name (``SQLITE_BUSY``, ``SQLITE_READONLY``, ``SQLITE_FULL``...) when known."""


class StorageOpenError(StorageError):
    """The database could not be opened, and was left as it was: ``problem`` says why, ``advice`` what to do.

    ``reason`` (and ``str()``) is the whole sentence, ``explain(setting)`` the same naming another setting."""

    def __init__(self, path: str | Path, problem: str, advice: str, code: str | None = None) -> None:
        self.path = Path(path)
        self.problem = problem
        self.advice = advice
        """What to do; ``{setting}`` stands for where the database is chosen."""
        super().__init__(self.explain(), code)

    def explain(self, setting: str = "--db or TAVOLO_DATABASE") -> str:
        """The problem and what to do, in one line, naming ``setting`` as the place to choose another file."""
        return f"{self.problem}. {self.advice.replace('{setting}', setting)}."


def _storage_error(exc: BaseException) -> StorageError:
    if isinstance(exc, StorageError):
        return exc
    return StorageError(str(exc) or type(exc).__name__, getattr(exc, "sqlite_errorname", None))


def _loads(text: Any, where: str) -> Any:
    """A JSON column's value; a damaged one is a ``StorageError`` naming the row."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as e:
        raise StorageError(_("the database is damaged: {where} holds bad JSON ({problem}). Restore a backup, or "
                             "move the file away and start a new one").format(where=where, problem=_short(str(e), 80)),
                           "SQLITE_CORRUPT") from None


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=False)


@dataclass
class GuildSettings:
    """A guild's settings: language, default options per game, the channels tables may open in, its cap."""

    guild_id: int
    language: str | None = None
    default_options: dict[str, dict] = field(default_factory=dict)
    """Per game name: options applied to every new table unless the host sets them."""
    allowed_channels: list[int] = field(default_factory=list)
    """Empty: every channel."""
    max_tables: int | None = None
    """Live tables at once; ``None``: the service's default."""


@dataclass
class LiveTableRow:
    """A live table as stored, with its log of record entries."""

    id: int
    guild_id: int
    channel_id: int
    host_id: int
    game: str
    players: int
    options: dict
    level: str
    seed: int
    status: str
    seats: list[dict]
    created_at: float
    started_at: float | None
    entries: list[dict] = field(default_factory=list)
    last_at: float | None = None
    """When the last entry was written."""


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


SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database."""
TABLES = frozenset({"guild_settings", "live_tables", "live_actions", "games", "game_players", "standings",
                    "aborted_games"})
"""The tables the store's SQL uses, checked at open."""
SIDE_FILES = ("-wal", "-shm", "-journal")


def _open_error(path: Path, exc: BaseException) -> StorageOpenError:
    """What failed at open, as a problem and what to do."""
    if isinstance(exc, StorageOpenError):
        return exc
    code = getattr(exc, "sqlite_errorname", None)
    if isinstance(exc, UnicodeError) or (isinstance(exc, StorageError) and exc.code == "SQLITE_CORRUPT"):
        # a damaged row or text read after the checks (the reason names it) or an error message that is not UTF-8
        problem = exc.reason.split(". Restore")[0] if isinstance(exc, StorageError) else _("text that is not UTF-8")
        if not problem.startswith("the database is damaged"):
            problem = _("the database is damaged ({problem})").format(problem=problem)
        return StorageOpenError(path, _short(problem, 200), _(
            "Restore a backup, or move it away and choose another file with {setting}"), "SQLITE_CORRUPT")
    message = _short(str(exc) or type(exc).__name__)
    choose = _("choose another file with {setting}")
    if isinstance(exc, OSError) and exc.errno is not None:
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return StorageOpenError(path, _("the disk is full"),
                                    _("Free some space, or {choose}").format(choose=choose), "SQLITE_FULL")
        folder = path.parent
        if exc.errno == errno.ENOENT and not folder.exists():
            problem = _("the folder {folder} does not exist").format(folder=folder)
            return StorageOpenError(path, problem, _("Create it, or {choose}").format(choose=choose))
        if exc.errno == errno.ENOTDIR:
            problem = _("a part of the path ({folder}) is not a folder").format(folder=folder)
            return StorageOpenError(path, problem, _("Choose another file with {setting}"))
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOENT):
            if path.exists():
                problem = _("the file cannot be read or written ({why})").format(why=exc.strerror)
            else:
                problem = _("no file can be created in the folder {folder} ({why})").format(
                    folder=folder, why=exc.strerror)
            return StorageOpenError(path, problem, _("Make it writable, or {choose}").format(choose=choose))
        if exc.errno == errno.ELOOP:
            return StorageOpenError(path, _("it is a link that leads back to itself"),
                                    _("Fix the link, or {choose}").format(choose=choose))
        return StorageOpenError(path, exc.strerror or message,
                                _("Check the path and the disk, or {choose}").format(choose=choose))
    if isinstance(exc, sqlite3.Error):
        kind = (code or "").split("_")
        group = "_".join(kind[:2])
        if group == "SQLITE_NOTADB":
            return StorageOpenError(path, _("it is not a SQLite database ({message})").format(message=message), _(
                "It was left unchanged: move it away, or {choose}").format(choose=choose), code)
        if group == "SQLITE_CORRUPT":
            return StorageOpenError(path, _("the database is damaged ({message})").format(message=message), _(
                "Restore a backup, or move it away and {choose}").format(choose=choose), code)
        if group == "SQLITE_FULL" or (group == "SQLITE_IOERR" and _disk_full(path)):
            return StorageOpenError(path, _("the disk is full"), _("Free some space, or {choose}").format(
                choose=choose), "SQLITE_FULL")
        if group in ("SQLITE_BUSY", "SQLITE_LOCKED"):
            return StorageOpenError(path, _("another program holds it locked ({message})").format(message=message),
                                    _("Stop the other program (another Tavolo?), or {choose}").format(choose=choose),
                                    code)
        if group in ("SQLITE_READONLY", "SQLITE_PERM"):
            return StorageOpenError(path, _("it must be upgraded but cannot be written ({message})").format(
                message=message), _("Make the file and its folder writable, or {choose}").format(choose=choose), code)
        if group == "SQLITE_CANTOPEN":
            return StorageOpenError(path, _("SQLite cannot open it ({message})").format(message=message), _(
                "Check that the file and its folder can be read and written, or {choose}").format(choose=choose), code)
        if group == "SQLITE_IOERR":
            return StorageOpenError(path, _("the disk failed to read or write it ({message})").format(
                message=message), _("Check the disk, or {choose}").format(choose=choose), code)
    return StorageOpenError(path, message, _("Move it away, or {choose}").format(choose=choose), code)


def _short(text: str, limit: int = 120) -> str:
    """One line of at most ``limit`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


async def _value(conn: aiosqlite.Connection, sql: str) -> Any:
    """The first column of the first row of ``sql``."""
    async with conn.execute(sql) as cur:
        row = await cur.fetchone()
    if row is None:
        raise StorageError(f"no row from {sql}")
    return row[0]


def _forget_frames(exc: BaseException) -> None:
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


async def _shut(conn: aiosqlite.Connection, path: Path) -> None:
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


def _side_files(path: Path) -> set[str]:
    """SQLite's side files (``-wal``, ``-shm``, ``-journal``) that are there now."""
    return {name for name in (f"{path}{suffix}" for suffix in SIDE_FILES) if os.path.lexists(name)}


def _remove_new_side_files(path: Path, before: set[str]) -> None:
    """After a failed open of an existing file: remove the side files that this open made and that hold nothing
    (an empty WAL or journal, a shared-memory index), so a refused file is left as it was found."""
    for name in sorted(_side_files(path) - before):
        try:
            if name.endswith("-shm") or os.path.getsize(name) == 0:
                os.remove(name)
        except OSError as e:
            log.warning("cannot remove %s: %s", name, e)


def _disk_full(path: Path) -> bool:
    """Whether the file system holding ``path`` has no room left."""
    try:
        info = os.statvfs(path.parent if not path.is_dir() else path)
    except OSError:
        return False
    return info.f_bavail * info.f_frsize < 64 * 1024


def _remove_new_file(path: Path) -> None:
    """Remove the database file this open created (and SQLite's side files), after the open failed."""
    for name in (str(path), *(f"{path}{suffix}" for suffix in SIDE_FILES)):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("cannot remove %s: %s", name, e)


# ----- the write queue -----
@dataclass
class _Job:
    fut: asyncio.Future
    rows: list[tuple] | None = None
    """An append of action rows, merged with neighbouring appends into one ``executemany``."""
    fn: Callable[[aiosqlite.Connection], Awaitable[Any]] | None = None
    """Any other write, run in its own savepoint."""


_APPEND = "INSERT INTO live_actions (table_id, n, entry, at) VALUES (?, ?, ?, ?)"


class Store:
    """Tavolo's database: open it, use it, close it. Every method raises ``StorageError`` on failure."""

    def __init__(self, path: str | Path, *, busy_timeout: float = 5.0, synchronous: str = "NORMAL",
                 check: bool = True) -> None:
        self.path = Path(path)
        self.check = check
        """Run ``PRAGMA quick_check`` at open, so a damaged file is refused before it is used. It reads every
        page: about 5 ms per MB with the file in the page cache (1.1 s for 100,000 stored games, 222 MB)."""
        self.busy_timeout = busy_timeout
        """Seconds a write waits for a lock held by another connection before it fails."""
        self.synchronous = synchronous
        """``NORMAL`` (WAL): a commit survives a killed or crashed process, and the file stays consistent
        after a power cut, which may lose the last commits; no fsync per commit, so a commit takes tens of
        microseconds. ``FULL``: every commit is fsynced and survives a power cut too, at the disk's fsync
        time per transaction (0.15 ms to 8 ms measured on the project machine, depending on its load)."""
        self._w: aiosqlite.Connection | None = None
        self._r: aiosqlite.Connection | None = None
        self._queue: asyncio.Queue[_Job | None] = asyncio.Queue()
        self._writer: asyncio.Task | None = None
        self.batches = 0
        """Transactions committed by the writer (for the benchmark)."""

    # ----- life cycle -----
    async def open(self) -> Store:
        """Check the file, connect, switch to WAL, apply the pending migrations and start the writer.

        Raises ``StorageOpenError`` (a file that is not a SQLite database, a damaged one, one written by a newer
        version, a path that cannot be created, a full disk...) without changing the file, and with every
        connection closed and its thread ended."""
        created = False
        side_files = _side_files(self.path)
        try:
            created = self._check_path()
            self._w = await self._connect(check=True)
            self._r = await self._connect()
            await self._r.execute("PRAGMA query_only = ON")
            await self.migrate()
            await self._check_tables()
            await self.live_tables()  # what a restart reads first: a damaged row is refused now, not mid-resume
        except BaseException as e:
            _forget_frames(e)  # a cursor kept by a traceback would keep its connection from really closing
            await self._close_connections()
            if created:
                _remove_new_file(self.path)
            else:
                _remove_new_side_files(self.path, side_files)
            if not isinstance(e, (sqlite3.Error, OSError, StorageError, UnicodeError)):
                raise
            err = _open_error(self.path, e)
        else:
            self._writer = asyncio.get_running_loop().create_task(self._write_loop(), name="tavolo-store-writer")
            return self
        raise err

    def _check_path(self) -> bool:
        """Refuse a path that is not a SQLite database before SQLite touches it (so nothing is written to it);
        create an empty file (a new database) when there is none. True when it created the file."""
        path = self.path
        for _attempt in range(2):
            try:
                info = os.stat(path)
            except FileNotFoundError:
                if os.path.lexists(path):
                    raise StorageOpenError(path, _("it is a link to a file that does not exist"),
                                           _("Fix the link, or choose another file with {setting}")) from None
                try:
                    os.close(os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644))
                except FileExistsError:
                    continue  # created by someone else meanwhile: check it as an existing file
                log.info("database %s: a new file", path)
                return True
            if stat.S_ISDIR(info.st_mode):
                raise StorageOpenError(path, _("it is a folder, not a file"),
                                       _("Choose a file, for example {example}, with {setting}").replace(
                                           "{example}", str(path / "tavolo.sqlite3")))
            if not stat.S_ISREG(info.st_mode):
                raise StorageOpenError(path, _("it is not a regular file"), _("Choose another file with {setting}"))
            if info.st_size == 0:
                return False  # an empty file is a new database
            with open(path, "rb") as f:
                head = f.read(len(SQLITE_HEADER))
            if head != SQLITE_HEADER:
                raise StorageOpenError(path, _("it is not a SQLite database"), _(
                    "It was left unchanged: move it away, or choose another file with {setting}"), "SQLITE_NOTADB")
            return False
        raise StorageOpenError(path, _("it keeps appearing and disappearing"), _("Choose another file with {setting}"))

    async def _connect(self, *, check: bool = False) -> aiosqlite.Connection:
        """A connection with Tavolo's settings; with ``check``, first refuse a file from a newer version, another
        program's database or a damaged one, before anything is written."""
        conn = aiosqlite.connect(self.path, isolation_level=None)
        _daemon(conn)
        try:
            await conn
            await conn.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
            if check:
                await self._check_contents(conn)
            try:
                mode = await _value(conn, "PRAGMA journal_mode = WAL")
                if mode != "wal":
                    log.warning("database %s: journal mode is %s, not WAL", self.path, mode)
            except sqlite3.OperationalError as e:  # a read-only file already in WAL mode can still be read
                if not str(getattr(e, "sqlite_errorname", "")).startswith("SQLITE_READONLY"):
                    raise
                log.warning("database %s: cannot set WAL mode: %s", self.path, e)
            await conn.execute(f"PRAGMA synchronous = {self.synchronous}")
            await conn.execute("PRAGMA foreign_keys = ON")
        except BaseException:
            await _shut(conn, self.path)
            raise
        return conn

    async def _check_contents(self, conn: aiosqlite.Connection) -> None:
        """Read-only checks at open: the schema version is one this version knows, the file is Tavolo's (or
        new), and ``PRAGMA quick_check`` finds no damage."""
        version = await _value(conn, "PRAGMA user_version")
        known = len(self.migrations())
        if version > known:
            raise StorageOpenError(
                self.path,
                _("it was written by a newer version of Tavolo (schema {version}; this version knows {known})").format(
                    version=version, known=known),
                _("It was left unchanged: upgrade Tavolo, or choose another file with {setting}"))
        if version == 0:
            names = [name for (name,) in await conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4")]
            if names:
                raise StorageOpenError(
                    self.path,
                    _("it is a SQLite database of another program (it holds {names})").format(names=", ".join(names)),
                    _("It was left unchanged: choose another file with {setting}"))
        if self.check:
            rows = [row[0] for row in await conn.execute_fetchall("PRAGMA quick_check(3)")]
            if rows != ["ok"]:
                problems = [line for row in rows for line in str(row).splitlines() if not line.startswith("***")]
                raise StorageOpenError(
                    self.path, _("the database is damaged ({problem})").format(
                        problem=_short(problems[0] if problems else str(rows[0]))),
                    _("Restore a backup, or move it away and choose another file with {setting}"), "SQLITE_CORRUPT")

    async def _check_tables(self) -> None:
        """After the migrations: the tables the store uses are there (a table dropped by hand is refused)."""
        assert self._w is not None
        present = {name for (name,) in await self._w.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = sorted(TABLES - present)
        if missing:
            raise StorageOpenError(
                self.path, _("the database lacks the table {name}").format(name=missing[0]),
                _("Restore a backup, or move it away and choose another file with {setting}"))

    async def close(self) -> None:
        """Finish the queued writes, then close the connections."""
        if self._writer is not None:
            self._queue.put_nowait(None)
            try:
                await self._writer
            finally:
                self._writer = None
        await self._close_connections()

    async def _close_connections(self) -> None:
        for conn in (self._w, self._r):
            if conn is not None:
                await _shut(conn, self.path)
        self._w = self._r = None

    async def __aenter__(self) -> Store:
        return await self.open()

    async def __aexit__(self, *exc) -> None:
        await self.close()

    # ----- migrations -----
    @staticmethod
    def migrations() -> list[tuple[int, str, str]]:
        """The numbered migration scripts shipped with the package: (number, file name, SQL)."""
        found = []
        for item in (resources.files("bot.storage") / "migrations").iterdir():
            name = item.name
            if name.endswith(".sql") and name[:4].isdigit():
                found.append((int(name[:4]), name, item.read_text(encoding="utf-8")))
        found.sort()
        numbers = [n for n, _, _ in found]
        if numbers != list(range(1, len(found) + 1)):
            raise StorageError(f"migrations must be numbered 0001, 0002... without gaps, found {numbers}")
        return found

    async def schema_version(self) -> int:
        """``PRAGMA user_version``: the last migration applied."""
        assert self._w is not None
        return await _value(self._w, "PRAGMA user_version")

    async def migrate(self) -> int:
        """Apply every migration above ``user_version``, each in its own transaction; return the version."""
        assert self._w is not None
        version = await self.schema_version()
        for number, name, sql in self.migrations():
            if number <= version:
                continue
            log.info("database %s: applying migration %s", self.path, name)
            try:
                await self._w.executescript(f"BEGIN IMMEDIATE;\n{sql}\nPRAGMA user_version = {number};\nCOMMIT;")
            except sqlite3.Error:
                if self._w.in_transaction:
                    await self._w.execute("ROLLBACK")
                raise
            version = number
        return version

    # ----- the writer -----
    async def _write(self, job: _Job) -> Any:
        if self._writer is None:
            raise StorageError("the database is closed")
        self._queue.put_nowait(job)
        return await job.fut

    def _job(self, *, rows: list[tuple] | None = None, fn=None) -> _Job:
        return _Job(asyncio.get_running_loop().create_future(), rows, fn)

    async def _write_loop(self) -> None:
        stopping = False
        while not stopping:
            job = await self._queue.get()
            if job is None:
                break
            batch = [job]
            while len(batch) < MAX_BATCH and not self._queue.empty():
                more = self._queue.get_nowait()
                if more is None:
                    stopping = True
                    break
                batch.append(more)
            await self._run_batch(batch)

    async def _run_batch(self, batch: list[_Job]) -> None:
        conn = self._w
        assert conn is not None
        if all(job.rows is not None for job in batch) and await self._append_fast(conn, batch):
            return
        results: list[tuple[_Job, Any, BaseException | None]] = []
        try:
            await conn.execute("BEGIN IMMEDIATE")
            i = 0
            while i < len(batch):
                job = batch[i]
                if job.rows is not None:
                    group = [job]
                    while i + len(group) < len(batch) and batch[i + len(group)].rows is not None:
                        group.append(batch[i + len(group)])
                    results.extend(await self._append_group(conn, group))
                    i += len(group)
                    continue
                results.append(await self._run_one(conn, job))
                i += 1
            await conn.execute("COMMIT")
        except Exception as e:  # noqa: BLE001 - whatever went wrong, every write of the batch is refused
            err = _storage_error(e)
            log.error("database %s: a transaction of %d writes failed: %s", self.path, len(batch), err)
            await self._rollback(conn)
            for job in batch:
                if not job.fut.done():
                    job.fut.set_exception(err)
            return
        self.batches += 1
        for job, value, exc in results:
            if job.fut.done():
                continue
            if exc is not None:
                job.fut.set_exception(exc)
            else:
                job.fut.set_result(value)

    async def _append_fast(self, conn: aiosqlite.Connection, batch: list[_Job]) -> bool:
        """The common case, only appends: one multi-row INSERT, a transaction of its own, one trip to the
        connection's thread. ``False`` when it must go the long way (a constraint broke: find the culprit)."""
        rows = [r for job in batch for r in job.rows or ()]
        if not rows or len(rows) > MAX_ROWS:
            return False
        try:
            await conn.execute(_APPEND + ", (?, ?, ?, ?)" * (len(rows) - 1), [v for r in rows for v in r])
        except sqlite3.IntegrityError:
            return False
        except Exception as e:  # noqa: BLE001 - every write of the batch is refused
            err = _storage_error(e)
            log.error("database %s: %d appends failed: %s", self.path, len(batch), err)
            await self._rollback(conn)
            for job in batch:
                if not job.fut.done():
                    job.fut.set_exception(err)
            return True
        self.batches += 1
        for job in batch:
            if not job.fut.done():
                job.fut.set_result(None)
        return True

    @staticmethod
    async def _rollback(conn: aiosqlite.Connection) -> None:
        try:
            if conn.in_transaction:
                await conn.execute("ROLLBACK")
        except sqlite3.Error as e:
            log.warning("rollback failed: %s", e)

    async def _append_group(self, conn: aiosqlite.Connection, group: list[_Job]) -> list[tuple]:
        rows = [r for job in group for r in job.rows or ()]
        await conn.execute("SAVEPOINT appends")
        try:
            await conn.executemany(_APPEND, rows)
            await conn.execute("RELEASE appends")
            return [(job, None, None) for job in group]
        except sqlite3.IntegrityError:
            await conn.execute("ROLLBACK TO appends")
            await conn.execute("RELEASE appends")
        # one of them broke a constraint (an entry number written twice): find which, keep the others
        return [await self._run_one(conn, _Job(job.fut, fn=_appender(job.rows or []))) for job in group]

    @staticmethod
    async def _run_one(conn: aiosqlite.Connection, job: _Job) -> tuple[_Job, Any, BaseException | None]:
        assert job.fn is not None
        await conn.execute("SAVEPOINT job")
        try:
            value = await job.fn(conn)
        except (sqlite3.IntegrityError, sqlite3.ProgrammingError, sqlite3.InterfaceError, KeyError,
                TypeError, ValueError, StorageError) as e:
            # the job's own fault: undo it alone; the others in the transaction go on
            await conn.execute("ROLLBACK TO job")
            await conn.execute("RELEASE job")
            return (job, None, _storage_error(e))
        await conn.execute("RELEASE job")
        return (job, value, None)

    # ----- guild settings -----
    async def guild_settings(self, guild_id: int) -> GuildSettings:
        """A guild's settings (defaults when it never set any)."""
        rows = await self._read(
            "SELECT language, default_options, allowed_channels, max_tables FROM guild_settings WHERE guild_id = ?",
            (guild_id,),
        )
        if not rows:
            return GuildSettings(guild_id)
        language, options, channels, cap = rows[0]
        where = f"guild_settings {guild_id}"
        return GuildSettings(guild_id, language, _loads(options, where), _loads(channels, where), cap)

    async def save_guild_settings(self, settings: GuildSettings) -> None:
        """Store a guild's settings."""

        async def fn(conn: aiosqlite.Connection) -> None:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, language, default_options, allowed_channels, max_tables) "
                "VALUES (?, ?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language, "
                "default_options = excluded.default_options, allowed_channels = excluded.allowed_channels, "
                "max_tables = excluded.max_tables",
                (settings.guild_id, settings.language, _dumps(settings.default_options),
                 _dumps(list(settings.allowed_channels)), settings.max_tables),
            )

        await self._write(self._job(fn=fn))

    # ----- live tables -----
    async def create_table(
        self, *, guild_id: int, channel_id: int, host_id: int, game: str, players: int, options: dict,
        level: str, seed: int, seats: list[dict], created_at: float | None = None,
    ) -> int:
        """Store a new table in its lobby; return its id."""
        at = time.time() if created_at is None else created_at

        async def fn(conn: aiosqlite.Connection) -> int:
            cur = await conn.execute(
                "INSERT INTO live_tables (guild_id, channel_id, host_id, game, players, options, level, seed, "
                "status, seats, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'lobby', ?, ?)",
                (guild_id, channel_id, host_id, game, players, _dumps(options), level, seed, _dumps(seats), at),
            )
            table_id = cur.lastrowid
            await cur.close()
            assert table_id is not None
            return table_id

        return await self._write(self._job(fn=fn))

    async def update_table(
        self, table_id: int, *, seats: list[dict] | None = None, host_id: int | None = None,
        status: str | None = None, started_at: float | None = None,
    ) -> None:
        """Change a live table's seats, host or status."""
        sets, params = [], []
        for column, value in (("seats", None if seats is None else _dumps(seats)), ("host_id", host_id),
                              ("status", status), ("started_at", started_at)):
            if value is not None:
                sets.append(f"{column} = ?")
                params.append(value)
        if not sets:
            return

        async def fn(conn: aiosqlite.Connection) -> None:
            cur = await conn.execute(f"UPDATE live_tables SET {', '.join(sets)} WHERE id = ?", (*params, table_id))
            if cur.rowcount != 1:
                raise KeyError(f"no live table {table_id}")

        await self._write(self._job(fn=fn))

    async def append(self, table_id: int, first: int, entries: Sequence[dict], at: float | None = None) -> None:
        """Store record entries ``first``, ``first + 1``... of a live table; returns once they are committed."""
        when = time.time() if at is None else at
        rows = [(table_id, first + i, _dumps(e), when) for i, e in enumerate(entries)]
        await self._write(self._job(rows=rows))

    async def delete_table(self, table_id: int) -> None:
        """Forget a live table (cancelled) and its log."""

        async def fn(conn: aiosqlite.Connection) -> None:
            await conn.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
            await conn.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))

        await self._write(self._job(fn=fn))

    async def abort_table(self, table_id: int, *, guild_id: int, game: str, players: int, status: str,
                          aborted_by: int, record: dict | None, aborted_at: float | None = None) -> int:
        """In one transaction: note a stopped table in ``aborted_games`` (its record so far, unrated) and
        forget the live table and its log. Returns the id of the ``aborted_games`` row."""
        at = time.time() if aborted_at is None else aborted_at
        text = None if record is None else _dumps(record)

        async def fn(conn: aiosqlite.Connection) -> int:
            cur = await conn.execute(
                "INSERT INTO aborted_games (table_id, guild_id, game, players, status, aborted_by, aborted_at, "
                "record) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, guild_id, game, players, status, aborted_by, at, text),
            )
            row_id = cur.lastrowid
            await cur.close()
            assert row_id is not None
            await conn.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
            cur = await conn.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))
            if cur.rowcount != 1:
                raise KeyError(f"no live table {table_id}")
            return row_id

        return await self._write(self._job(fn=fn))

    async def aborted_games(self, guild_id: int) -> list[dict]:
        """A guild's stopped tables, oldest first: ``table_id``, ``game``, ``players``, ``status``,
        ``aborted_by``, ``aborted_at`` and ``record`` (``None`` for a lobby)."""
        rows = await self._read(
            "SELECT table_id, game, players, status, aborted_by, aborted_at, record FROM aborted_games "
            "WHERE guild_id = ? ORDER BY id", (guild_id,))
        return [{"table_id": r[0], "game": r[1], "players": r[2], "status": r[3], "aborted_by": r[4],
                 "aborted_at": r[5], "record": None if r[6] is None else _loads(r[6], f"aborted_games {r[0]}")}
                for r in rows]

    async def live_tables(self) -> list[LiveTableRow]:
        """Every live table with its log, oldest first."""
        rows = await self._read(
            "SELECT id, guild_id, channel_id, host_id, game, players, options, level, seed, status, seats, "
            "created_at, started_at FROM live_tables ORDER BY id"
        )
        tables = {
            r[0]: LiveTableRow(r[0], r[1], r[2], r[3], r[4], r[5], _loads(r[6], f"live_tables {r[0]}"), r[7],
                               r[8], r[9], _loads(r[10], f"live_tables {r[0]}"), r[11], r[12])
            for r in rows
        }
        for table_id, entry, at in await self._read(
            "SELECT table_id, entry, at FROM live_actions ORDER BY table_id, n"
        ):
            t = tables.get(table_id)
            if t is not None:
                t.entries.append(_loads(entry, f"live_actions of table {table_id}"))
                t.last_at = at
        return list(tables.values())

    async def live_entries(self, table_id: int) -> list[dict]:
        """The stored log of one live table."""
        rows = await self._read("SELECT entry FROM live_actions WHERE table_id = ? ORDER BY n", (table_id,))
        return [_loads(e, f"live_actions of table {table_id}") for (e,) in rows]

    # ----- finished games and standings -----
    async def finish_game(
        self, table_id: int | None, guild_id: int, record: dict, seats: Sequence[SeatResult], finished_at: float,
        rate: Callable[[dict[int, Standing]], dict[int, Standing]],
    ) -> FinishedGame:
        """In one transaction: store the record and who played, update the standings of the humans with
        ``rate(standings before) -> standings after``, and forget the live table."""
        game = record["game"]
        text = _dumps(record)

        async def fn(conn: aiosqlite.Connection) -> FinishedGame:
            cur = await conn.execute(
                "INSERT INTO games (guild_id, game, players, finished_at, record) VALUES (?, ?, ?, ?, ?)",
                (guild_id, game, record["players"], finished_at, text),
            )
            game_id = cur.lastrowid
            await cur.close()
            assert game_id is not None
            await conn.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, ai, outcome, game_points) VALUES (?, ?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.ai, s.outcome, s.game_points) for s in seats],
            )
            humans = [s.user_id for s in seats if s.user_id is not None]
            before: dict[int, Standing] = {}
            for user_id in humans:
                found = await _standing(conn, guild_id, game, user_id)
                if found is not None:
                    before[user_id] = found
            after = rate(before)
            await conn.executemany(
                "INSERT OR REPLACE INTO standings (guild_id, game, user_id, name, mu, sigma, rating, games, wins, "
                "draws, losses, streak, best_streak, last_played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [_standing_row(guild_id, game, st) for st in after.values()],
            )
            if table_id is not None:
                await conn.execute("DELETE FROM live_actions WHERE table_id = ?", (table_id,))
                await conn.execute("DELETE FROM live_tables WHERE id = ?", (table_id,))
            return FinishedGame(game_id, {u: before.get(u) for u in humans}, after)

        return await self._write(self._job(fn=fn))

    async def game_record(self, game_id: int) -> dict | None:
        """The JSON record of a finished game."""
        rows = await self._read("SELECT record FROM games WHERE id = ?", (game_id,))
        return _loads(rows[0][0], f"games {game_id}") if rows else None

    async def games_of(self, guild_id: int, user_id: int, limit: int = 10) -> list[GameRow]:
        """A player's last finished games in a guild, newest first."""
        rows = await self._read(
            "SELECT g.id, g.guild_id, g.game, g.players, g.finished_at, p.seat, p.outcome, p.game_points "
            "FROM game_players p JOIN games g ON g.id = p.game_id WHERE p.user_id = ? AND g.guild_id = ? "
            "ORDER BY g.finished_at DESC, g.id DESC LIMIT ?",
            (user_id, guild_id, limit),
        )
        return [GameRow(*r) for r in rows]

    async def leaderboard(self, guild_id: int, game: str, offset: int, limit: int) -> tuple[list[Standing], int]:
        """One page of a guild's standings for a game, best rating first, and the number of ranked players."""
        rows = await self._read(
            f"SELECT {_STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? "
            "ORDER BY rating DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game, limit, offset),
        )
        total = (await self._read("SELECT count(*) FROM standings WHERE guild_id = ? AND game = ?",
                                  (guild_id, game)))[0][0]
        return [_standing_from(r) for r in rows], total

    async def standing(self, guild_id: int, game: str, user_id: int) -> tuple[Standing, int] | None:
        """A player's standing for a game in a guild and their rank (1 = best), or ``None``."""
        rows = await self._read(
            f"SELECT {_STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
            (guild_id, game, user_id),
        )
        if not rows:
            return None
        st = _standing_from(rows[0])
        better = (await self._read(
            "SELECT count(*) FROM standings WHERE guild_id = ? AND game = ? "
            "AND (rating > ? OR (rating = ? AND user_id < ?))",
            (guild_id, game, st.rating.ordinal, st.rating.ordinal, user_id),
        ))[0][0]
        return st, better + 1

    async def reset_standings(self, guild_id: int, game: str | None = None) -> int:
        """Erase a guild's standings for one game (``None``: every game); the stored games stay. Returns the
        number of standings removed."""

        async def fn(conn: aiosqlite.Connection) -> int:
            if game is None:
                cur = await conn.execute("DELETE FROM standings WHERE guild_id = ?", (guild_id,))
            else:
                cur = await conn.execute("DELETE FROM standings WHERE guild_id = ? AND game = ?", (guild_id, game))
            removed = cur.rowcount
            await cur.close()
            return removed

        return await self._write(self._job(fn=fn))

    async def delete_user(self, user_id: int, replacement_name: str) -> int:
        """Forget a user: standings removed, their seats in stored games anonymised (the games stay for the
        other players), their guild data gone. Returns the number of games touched. A live table the user
        sits at is the service's business (it makes them leave first)."""

        async def fn(conn: aiosqlite.Connection) -> int:
            async with conn.execute(
                "SELECT DISTINCT p.game_id, g.record FROM game_players p JOIN games g ON g.id = p.game_id "
                "WHERE p.user_id = ?", (user_id,)
            ) as cur:
                games = list(await cur.fetchall())
            for game_id, text in games:
                record = _loads(text, f"games {game_id}")
                for seat in record.get("seats", []):
                    if seat.get("user") == user_id:
                        seat["user"] = None
                        seat["name"] = replacement_name
                await conn.execute("UPDATE games SET record = ? WHERE id = ?", (_dumps(record), game_id))
            await conn.execute("UPDATE game_players SET user_id = NULL WHERE user_id = ?", (user_id,))
            await conn.execute("DELETE FROM standings WHERE user_id = ?", (user_id,))
            return len(games)

        return await self._write(self._job(fn=fn))

    async def integrity_check(self) -> str:
        """``PRAGMA integrity_check``: ``ok`` or the problems found."""
        rows = await self._read("PRAGMA integrity_check")
        return "\n".join(r[0] for r in rows)

    async def seed_games(self, games: Sequence[tuple], players: Sequence[tuple], standings: Sequence[Standing],
                         guild_id: int, game: str) -> None:
        """Bulk-load finished games (the benchmark): rows of ``games`` and ``game_players`` as stored, and
        the standings they add up to."""

        async def fn(conn: aiosqlite.Connection) -> None:
            await conn.executemany(
                "INSERT INTO games (id, guild_id, game, players, finished_at, record) VALUES (?, ?, ?, ?, ?, ?)", games
            )
            await conn.executemany(
                "INSERT INTO game_players (game_id, seat, user_id, ai, outcome, game_points) VALUES (?, ?, ?, ?, ?, ?)",
                players,
            )
            await conn.executemany(
                "INSERT OR REPLACE INTO standings (guild_id, game, user_id, name, mu, sigma, rating, games, wins, "
                "draws, losses, streak, best_streak, last_played) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [_standing_row(guild_id, game, st) for st in standings],
            )

        await self._write(self._job(fn=fn))

    # ----- reads -----
    async def _read(self, sql: str, params: Sequence = ()) -> list[tuple]:
        if self._r is None:
            raise StorageError("the database is closed")
        try:
            return [tuple(row) for row in await self._r.execute_fetchall(sql, params)]
        except (sqlite3.Error, ValueError) as e:
            _forget_frames(e)
            if isinstance(e, UnicodeError) or "decode to UTF-8" in str(e):  # sqlite3: "Could not decode to UTF-8"
                err = StorageError(_("the database is damaged (text that is not UTF-8). Restore a backup, or move "
                                     "the file away and start a new one"), "SQLITE_CORRUPT")
            else:
                err = _storage_error(e)
        raise err


def _appender(rows: list[tuple]) -> Callable[[aiosqlite.Connection], Awaitable[None]]:
    async def fn(conn: aiosqlite.Connection) -> None:
        await conn.executemany(_APPEND, rows)

    return fn


_STANDING_COLUMNS = ("user_id, name, mu, sigma, games, wins, draws, losses, streak, best_streak, last_played")


def _standing_from(r: Sequence) -> Standing:
    return Standing(r[0], r[1], Rating(r[2], r[3]), r[4], r[5], r[6], r[7], r[8], r[9], r[10])


def _standing_row(guild_id: int, game: str, st: Standing) -> tuple:
    return (guild_id, game, st.user_id, st.name, st.rating.mu, st.rating.sigma, st.rating.ordinal, st.games,
            st.wins, st.draws, st.losses, st.streak, st.best_streak, st.last_played)


async def _standing(conn: aiosqlite.Connection, guild_id: int, game: str, user_id: int) -> Standing | None:
    async with conn.execute(
        f"SELECT {_STANDING_COLUMNS} FROM standings WHERE guild_id = ? AND game = ? AND user_id = ?",
        (guild_id, game, user_id),
    ) as cur:
        row = await cur.fetchone()
    return _standing_from(row) if row else None
