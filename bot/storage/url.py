"""Where the database is: a SQLite file's path, or a PostgreSQL server named by a libpq URL."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

SCHEMES = ("postgresql", "postgres")
"""The URL schemes libpq accepts for PostgreSQL."""


@dataclass(frozen=True)
class DatabaseUrl:
    """A PostgreSQL database in libpq's URL form: ``postgresql://user:password@host:port/dbname``, or with a
    socket directory, ``postgresql://user@/dbname?host=/run/postgresql&port=5432``.

    ``str()`` is the URL with any password hidden (it goes into logs and error messages); ``url`` the URL
    itself."""

    url: str = field(repr=False)

    @staticmethod
    def is_url(text: str) -> bool:
        """Whether ``text`` names a PostgreSQL database (``postgresql://`` or ``postgres://``)."""
        scheme, sep, _rest = text.strip().partition("://")
        return bool(sep) and scheme.lower() in SCHEMES

    def __str__(self) -> str:
        parts = urlsplit(self.url)
        netloc = parts.netloc
        if parts.password is not None:
            user, _sep, host = netloc.rpartition("@")
            netloc = f"{user.split(':', 1)[0]}:***@{host}"
        query = [(k, "***" if k == "password" else v) for k, v in parse_qsl(parts.query, keep_blank_values=True)]
        return urlunsplit((parts.scheme, netloc, parts.path, urlencode(query, safe="/"), parts.fragment))

    def __repr__(self) -> str:
        return f"DatabaseUrl({str(self)!r})"

    def _query(self) -> dict[str, str]:
        return dict(parse_qsl(urlsplit(self.url).query, keep_blank_values=True))

    @property
    def server(self) -> str:
        """The server as a person would name it: ``host:port`` or the socket directory (with its port)."""
        parts = urlsplit(self.url)
        query = self._query()
        host = query.get("host") or (unquote(parts.hostname) if parts.hostname else "") or "localhost"
        try:
            port = query.get("port") or (str(parts.port) if parts.port else "5432")
        except ValueError:
            port = "?"
        return f"{host} (port {port})" if host.startswith("/") else f"{host}:{port}"

    @property
    def user(self) -> str | None:
        """The user name in the URL, if any."""
        parts = urlsplit(self.url)
        return self._query().get("user") or (unquote(parts.username) if parts.username else None)

    @property
    def dbname(self) -> str | None:
        """The database name in the URL, if any."""
        path = urlsplit(self.url).path.lstrip("/")
        return self._query().get("dbname") or (unquote(path) if path else None)


Database = Path | DatabaseUrl
"""A database as the store is given it."""


def database_of(value: str | Path | DatabaseUrl) -> Database:
    """A setting's value as a database: a ``postgresql://`` URL, or else a SQLite file's path."""
    if isinstance(value, DatabaseUrl):
        return value
    if isinstance(value, str) and DatabaseUrl.is_url(value):
        return DatabaseUrl(value.strip())
    return Path(value)
