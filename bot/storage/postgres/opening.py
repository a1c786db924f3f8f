"""The checks at open on PostgreSQL, and what a failed open says: one line, naming the server, never the
password.

Refused before anything is written: a database that holds another program's tables, one written by a newer
version of Tavolo. A server that cannot be reached, a refused login, a database that does not exist, a user
without the right to create tables and a malformed URL each get their own sentence and advice.
"""

from __future__ import annotations

import asyncpg

from bot.i18n import _
from bot.storage.errors import StorageError, StorageOpenError, short
from bot.storage.postgres.session import Conn
from bot.storage.schema import TABLES
from bot.storage.url import DatabaseUrl

VERSION_TABLE = "tavolo_schema"
"""The one-row table that holds the schema version (SQLite keeps it in ``PRAGMA user_version``)."""


async def schema_version(conn: Conn) -> int:
    """The schema version: 0 when no migration was ever applied."""
    if await conn.fetchval("SELECT to_regclass($1)", VERSION_TABLE) is None:
        return 0
    version = await conn.fetchval(f"SELECT max(version) FROM {VERSION_TABLE}")
    return int(version or 0)


async def tables(conn: Conn) -> set[str]:
    """The tables in the connection's current schema."""
    return {r[0] for r in await conn.fetch(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")}


async def check_contents(conn: Conn, url: DatabaseUrl, known: int) -> None:
    """Read-only checks before the migrations: the schema version is at most ``known`` and the database is
    Tavolo's (or empty)."""
    version = await schema_version(conn)
    if version > known:
        raise StorageOpenError(
            url,
            _("it was written by a newer version of Tavolo (schema {version}; this version knows {known})").format(
                version=version, known=known),
            _("It was left unchanged: upgrade Tavolo, or choose another database with {setting}"))
    if version == 0:
        names = sorted(await tables(conn))
        if names:
            raise StorageOpenError(
                url, _("it holds the tables of another program ({names})").format(names=", ".join(names[:4])),
                _("It was left unchanged: create an empty database for Tavolo (createdb), and choose it with "
                  "{setting}"))


async def check_tables(conn: Conn, url: DatabaseUrl) -> None:
    """After the migrations: the tables the store uses are there (a table dropped by hand is refused)."""
    missing = sorted(TABLES - await tables(conn))
    if missing:
        raise StorageOpenError(
            url, _("the database lacks the table {name}").format(name=missing[0]),
            _("Restore a backup, or choose another database with {setting}"))


def open_error(url: DatabaseUrl, exc: BaseException, timeout: float) -> StorageOpenError:
    """What failed at open, as a problem and what to do."""
    if isinstance(exc, StorageOpenError):
        return exc
    server, user = url.server, url.user or _("(the login name)")
    dbname = url.dbname or user
    choose = _("choose another database with {setting}")
    message = short(str(exc) or type(exc).__name__)
    code = getattr(exc, "sqlstate", None)
    if isinstance(exc, StorageError):  # a damaged row read at open
        return StorageOpenError(url, short(exc.reason.split(". Restore")[0], 200),
                                _("Restore a backup, or {choose}").format(choose=choose), exc.code)
    if isinstance(exc, asyncpg.InvalidPasswordError):
        return StorageOpenError(url, _("PostgreSQL at {server} refused the password of the user {user}").format(
            server=server, user=user), _("Check the password in {setting}"), code)
    if isinstance(exc, asyncpg.InvalidAuthorizationSpecificationError):
        return StorageOpenError(url, _("PostgreSQL at {server} refused the user {user} ({message})").format(
            server=server, user=user, message=message),
            _("Check the user in {setting}, and that the server lets it in (pg_hba.conf)"), code)
    if isinstance(exc, asyncpg.InvalidCatalogNameError):
        return StorageOpenError(url, _("the database {dbname} does not exist on {server}").format(
            dbname=dbname, server=server), _("Create it (createdb {dbname}), or {choose}").format(
            dbname=dbname, choose=choose), code)
    if isinstance(exc, asyncpg.InsufficientPrivilegeError):
        return StorageOpenError(url, _("the user {user} may not create or change Tavolo's tables ({message})").format(
            user=user, message=message), _("Make the user the database's owner, or {choose}").format(choose=choose),
            code)
    if isinstance(exc, asyncpg.CannotConnectNowError):
        return StorageOpenError(url, _("PostgreSQL at {server} is starting up or shutting down").format(
            server=server), _("Try again in a moment, or {choose}").format(choose=choose), code)
    if isinstance(exc, asyncpg.TooManyConnectionsError):
        return StorageOpenError(url, _("PostgreSQL at {server} has no connection left ({message})").format(
            server=server, message=message), _("Stop other clients or raise max_connections, or {choose}").format(
            choose=choose), code)
    if isinstance(exc, TimeoutError):
        return StorageOpenError(url, _("PostgreSQL at {server} did not answer within {seconds:g} seconds").format(
            server=server, seconds=timeout), _("Check that the server runs and can be reached, or {choose}").format(
            choose=choose))
    if isinstance(exc, OSError):
        why = exc.strerror or message
        return StorageOpenError(url, _("cannot reach PostgreSQL at {server} ({why})").format(server=server, why=why),
                                _("Start the server, or check the host and port in {setting}"))
    if isinstance(exc, ValueError):  # asyncpg's ClientConfigurationError: the URL itself
        return StorageOpenError(url, _("the database URL is not valid ({message})").format(message=message), _(
            "Write it as postgresql://user:password@host:port/dbname (a socket folder as ?host=/path&port=N) "
            "in {setting}"))
    return StorageOpenError(url, _("PostgreSQL at {server} failed: {message}").format(server=server, message=message),
                            _("Check the server's log, or {choose}").format(choose=choose), code)
