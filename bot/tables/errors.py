"""The errors of the table service: each is a request refused, with a message meant for the user.

A refused request changes nothing. ``str(error)`` is the message, translated with ``bot.i18n`` when a
catalogue has it; front ends show it as it is (an ephemeral reply on Discord, a line in the terminal).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from bot.i18n import _
from bot.storage import StorageError
from bot.storage.errors import UNREACHABLE


class TableError(Exception):
    """A request the service refused; ``message`` says why, for the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def __str__(self) -> str:
        return self.message


class UnknownTable(TableError):
    """No live table has this id (never created, cancelled, or finished)."""

    def __init__(self, table_id: int) -> None:
        super().__init__(_("There is no open table {id}.").format(id=table_id))


class BadRequest(TableError):
    """A bad game, player count, option or AI level; the message names what is wrong."""


class BadAction(TableError):
    """An action that cannot be read (the terminal's text form)."""


class IllegalMove(TableError):
    """An action the rules do not allow now; the message is the engine's reason."""


class NotSeated(TableError):
    """The user does not sit at this table."""

    def __init__(self) -> None:
        super().__init__(_("You are not seated at this table."))


class NotHost(TableError):
    """Only the host may do this."""

    def __init__(self, message: str | None = None) -> None:
        super().__init__(message or _("Only the host of the table can do that."))


class AlreadySeated(TableError):
    """The user already sits at a table in this channel (or at this one)."""


class TableFull(TableError):
    """Every seat of the lobby is taken."""

    def __init__(self) -> None:
        super().__init__(_("The table is full."))


class WrongPhase(TableError):
    """The table is not in the phase the request needs (the lobby, or a game in play)."""


class NotYourTurn(TableError):
    """Another seat is to move; ``name`` is that seat's name when the message gives it (a front end that writes
    names its own way, as Discord's markdown, can say it again with ``name``)."""

    def __init__(self, message: str, name: str | None = None) -> None:
        super().__init__(message)
        self.name = name


class SeatPlayedByAI(TableError):
    """The AI plays this seat now (three timeouts in a row)."""

    def __init__(self) -> None:
        super().__init__(_("The AI plays your seat now, after three turns timed out in a row."))


class StaleAction(TableError):
    """The action was chosen on a table that has moved on since (an old message, a double click)."""

    def __init__(self) -> None:
        super().__init__(_("The table has moved on since then; look at the current table and try again."))


class LimitReached(TableError):
    """The guild's cap of live tables, or a channel where tables may not open."""


class StorageFailed(TableError):
    """The database refused the write; the table is as it was before the request. ``code`` is SQLite's error
    name when known: a read-only database file (``SQLITE_READONLY``) is said to be one, since trying again
    cannot help; a database server that cannot be reached (``UNREACHABLE``) too, since trying again once it
    is back will."""

    def __init__(self, reason: str, code: str | None = None) -> None:
        if code == UNREACHABLE:
            message = _("The database is unreachable: your move was not saved and nothing changed. Play it again "
                        "once the database is back; the game goes on from there.")
        elif code is not None and code.startswith("SQLITE_READONLY"):
            message = _("The table could not be saved: the database file is read-only ({reason}); nothing "
                        "changed. The bot's owner must make it writable.")
        else:
            message = _("The table could not be saved ({reason}); nothing changed. Try again in a moment.")
        super().__init__(message.format(reason=reason))
        self.reason = reason
        self.code = code

    @classmethod
    def of(cls, error: StorageError) -> StorageFailed:
        """The service's error for a storage failure."""
        return cls(error.reason, error.code)


@contextmanager
def storage_failure() -> Iterator[None]:
    """Inside, a ``StorageError`` becomes the service's ``StorageFailed`` (the one place that is done)."""
    try:
        yield
    except StorageError as e:
        raise StorageFailed.of(e) from None


class TableLost(TableError):
    """Another process of the bot runs this table now (its lease was taken over); this one dropped it."""

    def __init__(self) -> None:
        super().__init__(_("This table is now run by another instance of Tavolo; try again in a moment."))


class WrongShard(TableError):
    """The guild belongs to a shard that another process of the bot runs."""

    def __init__(self, shard: int) -> None:
        super().__init__(_("This server's tables are run by another instance of Tavolo (shard {shard}); try "
                           "again in a moment.").format(shard=shard))


class ServiceClosed(TableError):
    """The service is shutting down."""

    def __init__(self) -> None:
        super().__init__(_("Tavolo is restarting; try again in a moment."))
