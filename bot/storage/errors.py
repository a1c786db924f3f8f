"""The errors of the store: a refused read or write, and a database that could not be opened."""

from __future__ import annotations

from pathlib import Path

from bot.storage.url import DatabaseUrl


class StorageError(Exception):
    """A read or write that the database refused; ``reason`` is the database's message."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code
        """SQLite's error name (``SQLITE_BUSY``, ``SQLITE_READONLY``, ``SQLITE_FULL``...) or PostgreSQL's SQLSTATE
        (``23505``, ``53100``...) when known."""


class StorageOpenError(StorageError):
    """The database could not be opened, and was left as it was: ``problem`` says why, ``advice`` what to do.

    ``reason`` (and ``str()``) is the whole sentence, ``explain(setting)`` the same naming another setting."""

    def __init__(self, path: str | Path | DatabaseUrl, problem: str, advice: str, code: str | None = None) -> None:
        self.path = path if isinstance(path, DatabaseUrl) else Path(path)
        """The file, or the PostgreSQL URL (``str()`` hides its password)."""
        self.problem = problem
        self.advice = advice
        """What to do; ``{setting}`` stands for where the database is chosen."""
        super().__init__(self.explain(), code)

    def explain(self, setting: str = "--db or TAVOLO_DATABASE") -> str:
        """The problem and what to do, in one line, naming ``setting`` as the place to choose another file."""
        return f"{self.problem}. {self.advice.replace('{setting}', setting)}."


UNREACHABLE = "unreachable"
"""The ``code`` of a ``StorageError`` whose database server could not be reached (stopped, restarting, its
connection lost): what was acknowledged is kept, and the same write may succeed once the server is back."""
SHUTDOWN_STATES = ("57P01", "57P02", "57P03")
"""PostgreSQL's SQLSTATEs of a server shutting down (by an administrator, after a crash) or starting up."""


def unreachable(exc: BaseException) -> bool:
    """Whether ``exc`` says the database server cannot be reached right now: a refused or lost connection
    (SQLSTATE class 08), a server shutting down or starting up, no socket (``OSError``), a timeout, a
    connection the driver has closed."""
    state = getattr(exc, "sqlstate", None)
    if isinstance(state, str) and (state.startswith("08") or state in SHUTDOWN_STATES):
        return True
    if isinstance(exc, (OSError, TimeoutError)) and not hasattr(exc, "sqlite_errorname"):
        return True
    return type(exc).__name__ == "InterfaceError" and "closed" in str(exc)  # asyncpg's, on a lost connection


def storage_error(exc: BaseException) -> StorageError:
    """``exc`` as a ``StorageError`` with a one-line reason (SQLite's error name or PostgreSQL's SQLSTATE kept
    as its code); a server that cannot be reached is said to be so, with the code ``UNREACHABLE`` (the
    driver's own words, such as ``[Errno 2] No such file or directory`` for a missing socket, only in the
    log)."""
    if isinstance(exc, StorageError):
        return exc
    if unreachable(exc):
        from bot.i18n import _

        return StorageError(_("the database is unreachable"), UNREACHABLE)
    return StorageError(short(str(exc), 300) or type(exc).__name__,
                        getattr(exc, "sqlite_errorname", None) or getattr(exc, "sqlstate", None))


def short(text: str, limit: int = 120) -> str:
    """One line of at most ``limit`` characters."""
    line = " ".join(text.split())
    return line if len(line) <= limit else line[: limit - 1] + "…"


def failure_line(error: StorageError, database: object, setting: str = "TAVOLO_DATABASE") -> str:
    """The one line a command prints when the database failed it: could not be opened (naming ``setting``), or
    refused a read or write."""
    from bot.i18n import _

    if isinstance(error, StorageOpenError):
        return _("error: cannot open the database {path}: {reason}").format(path=error.path,
                                                                            reason=error.explain(setting))
    return _("error: the database {path} failed: {reason}").format(path=database, reason=error.reason)
