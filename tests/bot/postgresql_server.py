"""A throwaway PostgreSQL server for the tests, started from the machine's binaries with pytest-postgresql's
executor (``pg_ctl initdb`` and ``pg_ctl start``) in a temporary folder, its socket in that folder.

PostgreSQL refuses to run as root: as root, the folder is given to the ``postgres`` user and ``pg_ctl`` runs
through a two-line wrapper, ``runuser -u postgres -- pg_ctl "$@"``. Besides the trusted superuser
``postgres``, the server has a role ``tavolo_pw`` that must log in with the password ``PASSWORD``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shlex
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import psycopg
    from pytest_postgresql.executors import PostgreSQLExecutor

PASSWORD = "right horse battery"
"""The password of the role ``tavolo_pw``."""
READY_SECONDS = 60.0
"""How long a new server may take to finish starting once its port is open (a busy machine)."""


@dataclass
class Server:
    """A running test server: where its socket is, its port, how to stop it."""

    socket_dir: Path
    port: int
    executor: PostgreSQLExecutor

    def url(self, dbname: str, user: str = "postgres") -> str:
        """A libpq URL to ``dbname`` through the socket folder."""
        return f"postgresql://{user}@/{dbname}?host={self.socket_dir}&port={self.port}"

    def tcp_url(self, dbname: str, user: str = "postgres", password: str | None = None) -> str:
        """A libpq URL to ``dbname`` over TCP on 127.0.0.1."""
        login = user if password is None else f"{user}:{password}"
        return f"postgresql://{login}@127.0.0.1:{self.port}/{dbname}"


BIN_ENV = "TAVOLO_POSTGRESQL_BIN"
"""The environment variable naming the folder of PostgreSQL's programs, when they are somewhere unusual."""


def find_pg_ctl() -> str | None:
    """The machine's ``pg_ctl``: in ``TAVOLO_POSTGRESQL_BIN`` if set (and only there), else from
    ``pg_config --bindir``, else the newest ``/usr/lib/postgresql/*/bin``, else the PATH."""
    chosen = os.environ.get(BIN_ENV)
    if chosen:
        path = Path(chosen) / "pg_ctl"
        return str(path) if os.access(path, os.X_OK) else None
    pg_config = shutil.which("pg_config")
    if pg_config is not None:
        try:
            bindir = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            bindir = ""
        if bindir and os.access(Path(bindir) / "pg_ctl", os.X_OK):
            return str(Path(bindir) / "pg_ctl")
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=lambda p: int(Path(p).parts[-3]))
    return found[-1] if found else shutil.which("pg_ctl")


def start(pg_ctl: str) -> Server:
    """Start a server; ``stop(server)`` ends it and removes its folder."""
    import port_for
    from pytest_postgresql.executors import PostgreSQLExecutor

    base = Path(tempfile.mkdtemp(prefix="tavolo-pg-"))
    executable = pg_ctl
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(base, owner.pw_uid, owner.pw_gid)
        wrapper = base / "pg_ctl"
        wrapper.write_text(f'#!/bin/sh\nexec runuser -u postgres -- {shlex.quote(pg_ctl)} "$@"\n')
        wrapper.chmod(0o755)
        executable = str(wrapper)
    port = port_for.select_random()
    executor = PostgreSQLExecutor(
        executable=executable, host="127.0.0.1", port=port, datadir=str(base / "data"), unixsocketdir=str(base),
        logfile=str(base / "postgresql.log"), startparams="-w", dbname="tavolo_tests", user="postgres",
        # the tests need no protection from a power cut: no fsync makes each new database quick
        postgres_options=" -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200",
    )
    executor.init_directory()
    hba = base / "data" / "pg_hba.conf"  # the password role first: the lines after trust everyone
    hba.write_text("local all tavolo_pw scram-sha-256\nhost all tavolo_pw 127.0.0.1/32 scram-sha-256\n"
                   + hba.read_text())
    executor.start()
    server = Server(base, port, executor)
    with ready_connection(base, port) as conn:
        conn.execute(f"CREATE ROLE tavolo_pw LOGIN PASSWORD '{PASSWORD}'")
    return server


def ready_connection(socket_dir: Path, port: int, seconds: float = READY_SECONDS) -> psycopg.Connection:
    """A connection to the new server as ``postgres``, once it takes them: the executor's start returns when the
    port accepts a TCP connection, which on a busy machine may come before the server has finished starting
    ("the database system is starting up"); such refusals are tried again for up to ``seconds``."""
    import psycopg

    deadline = time.monotonic() + seconds
    while True:
        try:
            return psycopg.connect(host=str(socket_dir), port=port, user="postgres", dbname="postgres",
                                   autocommit=True)
        except psycopg.OperationalError as e:
            if "starting up" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.2)


def stop(server: Server) -> None:
    """Stop the server and remove its folder."""
    try:
        server.executor.stop()
    finally:
        shutil.rmtree(server.socket_dir, ignore_errors=True)
