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


def storage_error(exc: BaseException) -> StorageError:
    """``exc`` as a ``StorageError`` (SQLite's error name kept as its code)."""
    if isinstance(exc, StorageError):
        return exc
    return StorageError(str(exc) or type(exc).__name__,
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
