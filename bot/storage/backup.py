"""A consistent copy of a live SQLite database with SQLite's online backup API (``python -m bot backup``)."""

from __future__ import annotations

import contextlib
import logging
import os
import sqlite3
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bot.storage.errors import StorageError

log = logging.getLogger(__name__)

STEP_PAGES = 256
"""Pages copied per step (1 MB at SQLite's 4 KiB pages). In WAL mode (Tavolo's) every step reads one snapshot,
a read transaction held from the first step to the last: the copy is the database as it was when the backup
began, and the bot goes on reading and writing throughout (WAL readers never block the writer)."""
RESTARTS_MAX = 3
"""Another journal mode: each step is its own short read transaction, and a write between two steps restarts
the copy; after this many restarts the rest is copied in one step."""
BUSY_TIMEOUT_MS = 5000
"""How long a step waits for a lock held by the bot."""


@dataclass(frozen=True)
class BackupResult:
    """What a backup did: the pages copied, the restarts caused by writes meanwhile, and the copy's check."""

    pages: int
    page_size: int
    restarts: int
    integrity: str

    @property
    def size(self) -> int:
        """The copy's size in bytes."""
        return self.pages * self.page_size


class _Restarted(Exception):
    """The copy was restarted too often by writes of the live bot."""


def backup_sqlite(source: Path, target: Path, *, overwrite: bool = False, step_pages: int = STEP_PAGES
                  ) -> BackupResult:
    """Copy the SQLite database ``source`` to the new file ``target`` (``overwrite``: replace an existing one)
    with the online backup API, in steps of ``step_pages``, and check the copy with ``PRAGMA integrity_check``.

    The copy is written to a temporary file beside ``target`` and takes its name only once it passed the check.
    Raises ``FileNotFoundError`` (no database at ``source``), ``FileExistsError`` (``target`` exists and not
    ``overwrite``), or ``StorageError`` (SQLite or the file system refused; the copy's problems)."""
    if not source.is_file():
        raise FileNotFoundError(str(source))
    if target.exists() and not overwrite:
        raise FileExistsError(str(target))
    folder = target.parent if str(target.parent) else Path(".")
    try:
        fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=folder)
    except OSError as exc:
        raise StorageError(f"{folder}: {exc.strerror or exc}") from exc
    os.close(fd)
    partial = Path(name)
    try:
        pages, page_size, restarts = _copy(source, partial, step_pages)
        integrity = _integrity(partial)
        if integrity != "ok":
            raise StorageError(f"the copy fails its integrity check: {integrity}")
        with open(partial, "rb") as f:
            os.fsync(f.fileno())
        _place(partial, target, overwrite)
    except sqlite3.Error as exc:
        raise StorageError(str(exc), getattr(exc, "sqlite_errorname", None)) from exc
    except OSError as exc:
        if isinstance(exc, FileExistsError):
            raise
        raise StorageError(f"{exc.filename or target}: {exc.strerror or exc}") from exc
    finally:
        for leftover in [partial] + [partial.with_name(partial.name + side) for side in ("-journal", "-wal", "-shm")]:
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()
    log.info("backup of %s to %s: %d pages, %d restarts", source, target, pages, restarts)
    return BackupResult(pages, page_size, restarts, integrity)


def _copy(source: Path, partial: Path, step_pages: int) -> tuple[int, int, int]:
    """Copy ``source`` into the file ``partial``; (pages, page size, restarts)."""
    try:  # read-write (never writing) so that, if it is the last connection, closing it tidies the WAL away
        src = sqlite3.connect(source.resolve().as_uri() + "?mode=rw", uri=True, isolation_level=None)
    except sqlite3.OperationalError:
        src = sqlite3.connect(source.resolve().as_uri() + "?mode=ro", uri=True, isolation_level=None)
    try:
        src.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        snapshot = str(src.execute("PRAGMA journal_mode").fetchone()[0]).lower() == "wal"
        if snapshot:  # one read transaction for the whole copy: its steps all read the same moment
            src.execute("BEGIN")
            src.execute("SELECT count(*) FROM sqlite_master").fetchall()
        restarts = 0
        last = [-1]

        def progress(_status: int, remaining: int, _total: int) -> None:
            nonlocal restarts
            if 0 <= last[0] < remaining:  # more left than after the step before: a write restarted the copy
                restarts += 1
                if restarts > RESTARTS_MAX:
                    raise _Restarted
            last[0] = remaining

        dst = sqlite3.connect(partial)
        try:
            try:
                src.backup(dst, pages=step_pages, progress=progress)
            except _Restarted:
                log.info("backup of %s: restarted %d times by writes, copying the rest at once", source, restarts)
                src.backup(dst, pages=-1)
            dst.execute("PRAGMA journal_mode = DELETE")  # one self-contained file, whatever the source's mode
            pages = dst.execute("PRAGMA page_count").fetchone()[0]
            page_size = dst.execute("PRAGMA page_size").fetchone()[0]
        finally:
            dst.close()
        if snapshot:
            src.execute("COMMIT")
    finally:
        src.close()
    return pages, page_size, restarts


def _integrity(path: Path) -> str:
    """``ok``, or the problems ``PRAGMA integrity_check`` finds in the database at ``path``."""
    conn = sqlite3.connect(path.resolve().as_uri() + "?mode=ro", uri=True)
    try:
        rows = conn.execute("PRAGMA integrity_check").fetchall()
    finally:
        conn.close()
    return "; ".join(str(row[0]) for row in rows) or "no answer"


def _place(partial: Path, target: Path, overwrite: bool) -> None:
    """Give the checked copy its name: replacing ``target`` only when ``overwrite``."""
    if overwrite:
        os.replace(partial, target)
        return
    try:
        os.link(partial, target)  # fails if the name was taken meanwhile, unlike a rename
    except FileExistsError:
        raise
    except OSError:  # a file system without hard links
        if target.exists():
            raise FileExistsError(str(target)) from None
        os.replace(partial, target)
