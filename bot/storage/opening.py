"""The checks at open: a path or file that must not be used is refused in one line, and left as it was.

Refused, without writing a byte to it: a path that is not a SQLite database, another program's database, a
damaged one, one written by a newer version of Tavolo, and a path where no database can be made (a folder, a
missing folder, no permission, a full disk). After a failed open the files the open made are removed.
"""

from __future__ import annotations

import errno
import logging
import os
import sqlite3
import stat
from pathlib import Path

import aiosqlite

from bot.i18n import _
from bot.storage.connection import value
from bot.storage.errors import StorageError, StorageOpenError, short
from bot.storage.schema import TABLES

log = logging.getLogger(__name__)

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database."""
SIDE_FILES = ("-wal", "-shm", "-journal")


def open_error(path: Path, exc: BaseException) -> StorageOpenError:
    """What failed at open, as a problem and what to do."""
    if isinstance(exc, StorageOpenError):
        return exc
    code = getattr(exc, "sqlite_errorname", None)
    if isinstance(exc, UnicodeError) or (isinstance(exc, StorageError) and exc.code == "SQLITE_CORRUPT"):
        # a damaged row or text read after the checks (the reason names it) or an error message that is not UTF-8
        problem = exc.reason.split(". Restore")[0] if isinstance(exc, StorageError) else _("text that is not UTF-8")
        if not problem.startswith("the database is damaged"):
            problem = _("the database is damaged ({problem})").format(problem=problem)
        return StorageOpenError(path, short(problem, 200), _(
            "Restore a backup, or move it away and choose another file with {setting}"), "SQLITE_CORRUPT")
    message = short(str(exc) or type(exc).__name__)
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


def check_path(path: Path) -> bool:
    """Refuse a path that is not a SQLite database before SQLite touches it (so nothing is written to it);
    create an empty file (a new database) when there is none. True when it created the file."""
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


async def check_contents(conn: aiosqlite.Connection, path: Path, known: int, quick_check: bool) -> None:
    """Read-only checks at open: the schema version is at most ``known`` (the migrations this version has),
    the file is Tavolo's (or new), and (with ``quick_check``) ``PRAGMA quick_check`` finds no damage."""
    version = await value(conn, "PRAGMA user_version")
    if version > known:
        raise StorageOpenError(
            path,
            _("it was written by a newer version of Tavolo (schema {version}; this version knows {known})").format(
                version=version, known=known),
            _("It was left unchanged: upgrade Tavolo, or choose another file with {setting}"))
    if version == 0:
        names = [name for (name,) in await conn.execute_fetchall(
            "SELECT name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name LIMIT 4")]
        if names:
            raise StorageOpenError(
                path,
                _("it is a SQLite database of another program (it holds {names})").format(names=", ".join(names)),
                _("It was left unchanged: choose another file with {setting}"))
    if quick_check:
        rows = [row[0] for row in await conn.execute_fetchall("PRAGMA quick_check(3)")]
        if rows != ["ok"]:
            problems = [line for row in rows for line in str(row).splitlines() if not line.startswith("***")]
            raise StorageOpenError(
                path, _("the database is damaged ({problem})").format(
                    problem=short(problems[0] if problems else str(rows[0]))),
                _("Restore a backup, or move it away and choose another file with {setting}"), "SQLITE_CORRUPT")


async def check_tables(conn: aiosqlite.Connection, path: Path) -> None:
    """After the migrations: the tables the store uses are there (a table dropped by hand is refused)."""
    present = {name for (name,) in await conn.execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table'")}
    missing = sorted(TABLES - present)
    if missing:
        raise StorageOpenError(
            path, _("the database lacks the table {name}").format(name=missing[0]),
            _("Restore a backup, or move it away and choose another file with {setting}"))


def side_files(path: Path) -> set[str]:
    """SQLite's side files (``-wal``, ``-shm``, ``-journal``) that are there now."""
    return {name for name in (f"{path}{suffix}" for suffix in SIDE_FILES) if os.path.lexists(name)}


def remove_new_side_files(path: Path, before: set[str]) -> None:
    """After a failed open of an existing file: remove the side files that this open made and that hold nothing
    (an empty WAL or journal, a shared-memory index), so a refused file is left as it was found."""
    for name in sorted(side_files(path) - before):
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


def remove_new_file(path: Path) -> None:
    """Remove the database file this open created (and SQLite's side files), after the open failed."""
    for name in (str(path), *(f"{path}{suffix}" for suffix in SIDE_FILES)):
        try:
            os.remove(name)
        except FileNotFoundError:
            pass
        except OSError as e:
            log.warning("cannot remove %s: %s", name, e)


