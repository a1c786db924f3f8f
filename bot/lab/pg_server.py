"""A throwaway PostgreSQL server for the benchmarks, started from the machine's binaries (``initdb`` and
``pg_ctl``) in a temporary folder and removed afterwards.

Unlike the tests' server it keeps PostgreSQL's defaults, **fsync on**, so a commit waits for the disk as it
would on a real server: what durability costs is measured, not hidden. It listens on a Unix socket in its own
folder only (no TCP port to collide with), and trusts the local user ``postgres``. PostgreSQL refuses to run
as root: as root, the folder is given to the ``postgres`` user and the programs run through ``runuser``.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from bot.i18n import _
from bot.storage import DatabaseUrl

BIN_ENV = "TAVOLO_POSTGRESQL_BIN"
"""The environment variable naming the folder of PostgreSQL's programs, when they are somewhere unusual (the
tests read the same one)."""
PORT = 5432
"""The socket's number: the socket is in the server's own folder, so any number will do."""
START_SECONDS = 120
"""How long ``pg_ctl start`` may take (a busy machine) before the server is given up."""


class ServerError(Exception):
    """The server could not be started: why, in one line."""


def find_bindir() -> Path | None:
    """The folder of PostgreSQL's programs: ``TAVOLO_POSTGRESQL_BIN`` if set (and only there), else ``pg_config
    --bindir``, else the newest ``/usr/lib/postgresql/*/bin``, else where ``pg_ctl`` is on the PATH."""
    chosen = os.environ.get(BIN_ENV)
    candidates: list[Path] = []
    if chosen:
        candidates.append(Path(chosen))
    else:
        pg_config = shutil.which("pg_config")
        if pg_config is not None:
            try:
                out = subprocess.run([pg_config, "--bindir"], capture_output=True, text=True, timeout=10).stdout
            except (OSError, subprocess.SubprocessError):
                out = ""
            if out.strip():
                candidates.append(Path(out.strip()))
        found = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parts[-2]))
        candidates.extend(Path(p) for p in reversed(found))
        on_path = shutil.which("pg_ctl")
        if on_path is not None:
            candidates.append(Path(on_path).parent)
    for folder in candidates:
        if all(os.access(folder / name, os.X_OK) for name in ("initdb", "pg_ctl")):
            return folder
    return None


def _run(argv: list[str], as_postgres: bool, timeout: float) -> None:
    """Run one of PostgreSQL's programs; ``ServerError`` with the last line it wrote when it fails."""
    if as_postgres:
        argv = ["runuser", "-u", "postgres", "--", *argv]
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        raise ServerError(f"{Path(argv[-1] if as_postgres else argv[0]).name}: {e}") from None
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise ServerError(lines[-1] if lines else f"exit status {done.returncode}")


@contextmanager
def temporary_server() -> Iterator[DatabaseUrl]:
    """Start a server and yield the URL of its database ``postgres`` (as the user ``postgres``, through its
    socket); the server is stopped and its folder removed afterwards. ``ServerError`` if it cannot start."""
    bindir = find_bindir()
    if bindir is None:
        raise ServerError(_("no PostgreSQL programs (initdb, pg_ctl) on this machine; install PostgreSQL or name "
                            "their folder in {env}").format(env=BIN_ENV))
    base = Path(tempfile.mkdtemp(prefix="tavolo-bench-pg-"))
    as_postgres = os.geteuid() == 0
    data = base / "data"
    started = False
    try:
        if as_postgres:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise ServerError(_("running as root, and there is no user postgres to run PostgreSQL as")) from None
            os.chown(base, owner.pw_uid, owner.pw_gid)
        _run([str(bindir / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
              "--locale=C", "--no-sync"], as_postgres, START_SECONDS)
        options = f"-k {base} -p {PORT} -c listen_addresses='' -c max_connections=100"
        _run([str(bindir / "pg_ctl"), "start", "-w", "-t", str(START_SECONDS), "-D", str(data),
              "-l", str(base / "postgresql.log"), "-o", options], as_postgres, START_SECONDS + 10)
        started = True
        yield DatabaseUrl(f"postgresql://postgres@/postgres?host={base}&port={PORT}")
    finally:
        if started:
            with suppress(ServerError):  # the folder goes anyway
                _run([str(bindir / "pg_ctl"), "stop", "-w", "-m", "fast", "-D", str(data)], as_postgres, 60)
        shutil.rmtree(base, ignore_errors=True)
