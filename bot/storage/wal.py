"""A SQLite database's write-ahead log read as raw bytes, before SQLite opens the database: is a committed
save missing from it?

SQLite reads a WAL as far as its frames are valid (the header's salts, a checksum chained from the header's)
and uses it up to the last commit frame of that chain; whatever follows is dropped without a word, and a WAL
whose header is not valid is dropped whole. After a crash that is right (the tail is a write that was never
acknowledged), but when the file was damaged, cut short or deleted, acknowledged moves vanish silently. So the
store reads the files first (format: https://www.sqlite.org/fileformat2.html#walformat) and calls the WAL
damaged when:

- its header is not valid while the file is long enough to hold a frame (a crash never leaves a bad header:
  SQLite writes it whole, before any frame);
- after the first frame that is not valid, frames with the header's salts hold two commits or more (a crash
  leaves at most the one transaction being written after the last valid frame; frames of an older salt are
  an earlier generation of the log, already in the database file, and normal);
- the shared-memory index (``-shm``, which a killed process leaves behind) records more committed frames than
  the readable chain holds, or salts that are not the header's, while frames were not yet copied into the
  database file (the log was cut short, its last frames or salts damaged, or the file deleted).

A torn tail (valid frames then a frame half written or never committed) is a normal crash's leftover. A
damaged log is copied aside beside the database (``NAME-wal.damaged-STAMP``, never deleted), and the live one
cut to exactly what SQLite would use (the valid chain up to its last commit); the stale index is removed
(SQLite rebuilds it). ``bot.storage.sqlite_backend`` runs this at open and writes a report of what may be
lost (``NAME-wal.damaged-STAMP.txt``), which the terminal game and ``doctor`` show until it is moved away.
"""

from __future__ import annotations

import contextlib
import logging
import os
import shutil
import sqlite3
import struct
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bot.i18n import _, ngettext

log = logging.getLogger(__name__)

MAGIC = (0x377F0682, 0x377F0683)
"""The WAL header's first word: its last bit says whether the checksums read words big-endian."""
VERSION = 3007000
HEADER = 32
FRAME_HEADER = 24
INDEX_VERSION = 3007000
INDEX_HEADER = 48
"""The shared-memory index starts with two copies of a 48-byte header, then the checkpoint information."""
KEPT = ".damaged-"
"""What a damaged log kept aside has after ``-wal`` in its name (then a UTC time stamp)."""
REPORT = ".txt"
MASK = 0xFFFFFFFF

_open_here: dict[str, int] = {}
"""The database files this process has open (a live log is not a crash's leftover)."""


@dataclass(frozen=True)
class WalFile:
    """What a WAL file holds, read as SQLite reads it."""

    size: int
    header_ok: bool
    page_size: int = 0
    salts: bytes = b""
    committed: int = 0
    """Frames up to the last commit frame of the valid chain: what SQLite uses."""
    commits: int = 0
    """Commit frames in that part (transactions)."""
    frames: int = 0
    """Whole frames in the file."""
    broken: int | None = None
    """The first frame (counted from 1) that is not valid, when a whole frame is."""
    later_commits: int = 0
    """Commit frames with the header's salts after ``broken``."""


@dataclass(frozen=True)
class WalIndex:
    """The shared-memory index a process leaves behind: frames committed, frames already in the database file."""

    max_frame: int
    backfilled: int
    salts: bytes


@dataclass(frozen=True)
class WalDamage:
    """A WAL that lacks committed saves: why, and how many saves are lost (``None``: not known)."""

    why: str
    lost: int | None
    kept: int
    """Saves of the log still used."""
    committed: int
    """Frames of the log SQLite still uses (the live log is cut to them)."""
    page_size: int


def checksum(data: bytes, big_endian: bool, s0: int = 0, s1: int = 0) -> tuple[int, int]:
    """SQLite's WAL checksum of ``data`` (a multiple of 8 bytes), going on from ``(s0, s1)``."""
    words = struct.unpack(f"{'>' if big_endian else '<'}{len(data) // 4}I", data)
    it = iter(words)
    for a, b in zip(it, it):
        s0 = (s0 + a + s1) & MASK
        s1 = (s1 + b + s0) & MASK
    return s0, s1


def read_wal(path: Path) -> WalFile | None:
    """The WAL at ``path`` as SQLite would read it; None when there is no such file."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except FileNotFoundError:
        return None
    if len(data) < HEADER:
        return WalFile(len(data), False)
    magic, version, page_size, _seq, _s1, _s2, c1, c2 = struct.unpack(">8I", data[:HEADER])
    big = bool(magic & 1)
    if (magic not in MAGIC or version != VERSION or page_size < 512 or page_size > 65536
            or page_size & (page_size - 1) or checksum(data[:24], big) != (c1, c2)):
        return WalFile(len(data), False)
    salts = data[16:24]
    s0, s1 = c1, c2
    step = FRAME_HEADER + page_size
    frames = (len(data) - HEADER) // step
    committed = commits = 0
    broken: int | None = None
    for i in range(frames):
        at = HEADER + i * step
        head = data[at:at + FRAME_HEADER]
        page, size_after, f1, f2 = struct.unpack(">2I", head[:8]) + struct.unpack(">2I", head[16:24])
        if head[8:16] != salts or page == 0:
            broken = i + 1
            break
        s0, s1 = checksum(head[:8], big, s0, s1)
        s0, s1 = checksum(data[at + FRAME_HEADER:at + step], big, s0, s1)
        if (s0, s1) != (f1, f2):
            broken = i + 1
            break
        if size_after:
            committed, commits = i + 1, commits + 1
    later = 0
    if broken is not None:
        for i in range(broken, frames):
            at = HEADER + i * step
            if data[at + 8:at + 16] == salts and struct.unpack(">I", data[at + 4:at + 8])[0]:
                later += 1
    return WalFile(len(data), True, page_size, salts, committed, commits, frames, broken, later)


def read_index(path: Path) -> WalIndex | None:
    """The shared-memory index at ``path`` when there is one whose header is whole (its two copies agree)."""
    try:
        with open(path, "rb") as f:
            data = f.read(INDEX_HEADER * 2 + 4)
    except OSError:
        return None
    if len(data) < INDEX_HEADER * 2 + 4 or data[:INDEX_HEADER] != data[INDEX_HEADER:INDEX_HEADER * 2]:
        return None
    version, = struct.unpack("=I", data[:4])
    if version != INDEX_VERSION or data[12] != 1:  # isInit
        return None
    max_frame, = struct.unpack("=I", data[16:20])
    backfilled, = struct.unpack("=I", data[96:100])
    return WalIndex(max_frame, backfilled, data[32:40])


def leftovers(db: Path) -> bool:
    """Whether a log or an index is beside ``db`` (SQLite removes both when its last connection closes)."""
    return os.path.lexists(f"{db}-wal") or os.path.lexists(f"{db}-shm")


def in_use(db: Path) -> bool:
    """Whether a process (this one included) holds SQLite's locks on the database or its index: its log is
    then live, not a crash's leftover. Read from /proc/locks where there is one; elsewhere, this process's
    own open stores only."""
    if _open_here.get(_key(db)):
        return True
    inodes = set()
    for name in (db, Path(f"{db}-shm")):
        with contextlib.suppress(OSError):
            inodes.add(os.stat(name).st_ino)
    try:
        with open("/proc/locks") as f:
            lines = f.read().splitlines()
    except OSError:
        return False
    for line in lines:
        for word in line.split():
            if word.count(":") == 2 and not word.endswith(":"):
                try:
                    if int(word.rsplit(":", 1)[1]) in inodes:
                        return True
                except ValueError:
                    pass
    return False


def opened(db: Path) -> None:
    """This process now has ``db`` open."""
    _open_here[_key(db)] = _open_here.get(_key(db), 0) + 1


def closed(db: Path) -> None:
    """This process closed one of its stores on ``db``."""
    key = _key(db)
    if _open_here.get(key, 0) > 1:
        _open_here[key] -= 1
    else:
        _open_here.pop(key, None)


def _key(db: Path) -> str:
    return os.path.realpath(db)


def diagnose(db: Path) -> WalDamage | None:
    """Whether the WAL beside ``db`` lacks committed saves (see the module's docstring); None when it is
    whole, or holds only a crash's normal leftovers."""
    wal = read_wal(Path(f"{db}-wal"))
    index = read_index(Path(f"{db}-shm"))
    pending = index is not None and index.max_frame > index.backfilled
    if wal is None:
        if pending:
            assert index is not None
            n = index.max_frame - index.backfilled
            why = ngettext("it was deleted while {n} of its frames was not yet copied into the database file",
                           "it was deleted while {n} of its frames were not yet copied into the database file", n)
            return WalDamage(why.format(n=n), None, 0, 0, 0)
        return None
    if not wal.header_ok:
        if wal.size < HEADER + FRAME_HEADER + 512 and not pending:
            return None  # a new log, or too short to hold a frame: no save can be missing
        if wal.size == 0:
            return WalDamage(_("it was emptied while it held saves not yet in the database file"), None, 0, 0, 0)
        return WalDamage(_("its header is not valid, so none of it can be read"), None, 0, 0, 0)
    if wal.broken is not None and wal.later_commits >= 2:
        return WalDamage(ngettext("frame {n} of {total} is damaged, and {later} save comes after it",
                                  "frame {n} of {total} is damaged, and {later} saves come after it",
                                  wal.later_commits).format(n=wal.broken, total=wal.frames, later=wal.later_commits),
                         wal.later_commits, wal.commits, wal.committed, wal.page_size)
    if pending:
        assert index is not None
        if index.salts != wal.salts:
            return WalDamage(_("its salts are not those of its index, so none of it can be read"), None, 0, 0,
                             wal.page_size)
        if wal.committed < index.max_frame:
            return WalDamage(ngettext("its index records {want} committed frame, of which it holds {have} (it was cut "
                                      "short or its last frames damaged)",
                                      "its index records {want} committed frames, of which it holds {have} (it was "
                                      "cut short or its last frames damaged)", index.max_frame).format(
                have=wal.committed, want=index.max_frame), None, wal.commits, wal.committed, wal.page_size)
    return None


@dataclass(frozen=True)
class Kept:
    """A damaged log dealt with: where its copy is, and why it was damaged."""

    damage: WalDamage
    copy: Path | None
    """The damaged log's copy (None: there was no file to keep)."""
    report: Path
    """Where the report of what may be lost goes."""
    checkpoint: float | None
    """When the database file was last written (its last checkpoint), as a time stamp."""
    salvaged: Salvaged | None = None
    """What the damaged log held, when a repaired copy could be read."""


SALVAGE_MAX = 64 * 1024 * 1024
"""A database file up to this size is copied to read what a damaged log held (a second or less)."""


@dataclass(frozen=True)
class Salvaged:
    """What a damaged log held, read from a repaired copy: the live tables (id: game, actions) and the
    finished games (id: game) of the database with the whole log."""

    tables: dict[int, tuple[str, int]]
    games: dict[int, str]


def repaired(data: bytes, page_size: int, beyond: int = 0) -> bytes | None:
    """The frames of the log ``data``'s last generation (those with its first frame's salts), up to their last
    commit, with a new header and their checksums made right; None when no commit is past frame ``beyond``."""
    step = FRAME_HEADER + page_size
    frames = (len(data) - HEADER) // step
    if frames < 1:
        return None
    salts = data[HEADER + 8:HEADER + 16]
    last = 0
    for i in range(frames):
        at = HEADER + i * step
        page, size_after = struct.unpack(">2I", data[at:at + 8])
        if data[at + 8:at + 16] != salts or page == 0:
            break
        if size_after:
            last = i + 1
    if last <= beyond:
        return None
    head = struct.pack(">4I", MAGIC[0], VERSION, page_size, 0) + salts
    s0, s1 = checksum(head, False)
    out = [head, struct.pack(">2I", s0, s1)]
    for i in range(last):
        at = HEADER + i * step
        s0, s1 = checksum(data[at:at + 8], False, s0, s1)
        s0, s1 = checksum(data[at + FRAME_HEADER:at + step], False, s0, s1)
        out += [data[at:at + 16], struct.pack(">2I", s0, s1), data[at + FRAME_HEADER:at + step]]
    return b"".join(out)


def salvage(db: Path, data: bytes, beyond: int = 0) -> Salvaged | None:
    """Read what the damaged log ``data`` of ``db`` held, from a copy of both in a temporary folder with the log
    repaired (``repaired``); None when it holds no commit past frame ``beyond`` (the part SQLite still uses)
    or cannot be read (a page of garbage, a database too big to copy)."""
    try:
        if os.path.getsize(db) > SALVAGE_MAX:
            return None
        with open(db, "rb") as f:
            head = f.read(100)
        if len(head) == 100 and head.startswith(b"SQLite format 3\x00"):
            page_size, = struct.unpack(">H", head[16:18])
            page_size = 65536 if page_size == 1 else page_size
        elif len(data) >= HEADER:
            page_size, = struct.unpack(">I", data[8:12])
        else:
            return None
        if page_size < 512 or page_size > 65536 or page_size & (page_size - 1):
            return None
        fixed = repaired(data, page_size, beyond)
        if fixed is None:
            return None
        with tempfile.TemporaryDirectory(prefix="tavolo-wal-") as folder:
            copy = Path(folder) / "copy.sqlite3"
            shutil.copyfile(db, copy)
            Path(f"{copy}-wal").write_bytes(fixed)
            con = sqlite3.connect(copy)
            try:
                if con.execute("PRAGMA quick_check").fetchall() != [("ok",)]:
                    return None
                tables = {t: (game, 0) for t, game in con.execute("SELECT id, game FROM live_tables")}
                for t, n in con.execute("SELECT table_id, count(*) FROM live_actions GROUP BY table_id"):
                    if t in tables:
                        tables[t] = (tables[t][0], n)
                games = dict(con.execute("SELECT id, game FROM games"))
            finally:
                con.close()
        return Salvaged(tables, games)
    except (OSError, sqlite3.Error, ValueError, struct.error) as e:
        log.debug("cannot read what the damaged log of %s held: %s", db, e)
        return None


def keep_aside(db: Path, damage: WalDamage) -> Kept:
    """Copy the damaged log beside ``db``, cut the live one to the part SQLite uses, remove the stale index."""
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    base = f"{db}-wal{KEPT}{stamp}"
    n = 1
    while os.path.lexists(base) or os.path.lexists(base + REPORT):
        n += 1
        base = f"{db}-wal{KEPT}{stamp}-{n}"
    wal = Path(f"{db}-wal")
    copy: Path | None = None
    try:
        checkpoint: float | None = os.stat(db).st_mtime
    except OSError:
        checkpoint = None
    salvaged = None
    if wal.exists():
        copy = Path(base)
        shutil.copyfile(wal, copy)
        salvaged = salvage(db, copy.read_bytes(), damage.committed)
        keep = HEADER + damage.committed * (FRAME_HEADER + damage.page_size) if damage.committed else 0
        with open(wal, "r+b") as f:
            f.truncate(keep)
            os.fsync(f.fileno())
    with contextlib.suppress(FileNotFoundError):
        os.remove(f"{db}-shm")
    return Kept(damage, copy, Path(base + REPORT), checkpoint, salvaged)


def reports(db: Path) -> list[Path]:
    """The reports of damaged logs beside ``db`` (oldest first)."""
    folder = db.parent if str(db.parent) else Path(".")
    prefix = f"{db.name}-wal{KEPT}"
    try:
        names = sorted(n for n in os.listdir(folder) if n.startswith(prefix) and n.endswith(REPORT))
    except OSError:
        return []
    return [folder / n for n in names]


def report_lines(kept: Kept, db: Path, tables: list[tuple[int, str, int]] | None,
                 games: set[int] | None = None) -> list[str]:
    """The report of a damaged log: what happened, what may be lost, the live tables kept (id, game, actions;
    ``None``: they could not be read) and (``games``) the ids of the finished games the database holds of
    those the damaged log held."""
    when = (time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(kept.checkpoint)) if kept.checkpoint is not None
            else "?")
    damage = kept.damage
    lines = [_("The write-ahead log of the database {path} was damaged: {why}.").format(path=db, why=damage.why)]
    if damage.lost is not None:
        lines.append(ngettext("{lost} save of the log after its first {kept} is lost (a save holds one or more "
                              "moves, a new table or a finished game).",
                              "{lost} saves of the log after its first {kept} are lost (a save holds one or more "
                              "moves, a new table or a finished game).", damage.lost).format(
            lost=damage.lost, kept=damage.kept))
    else:
        lines.append(_("Moves, new tables and finished games saved since the database file was last written "
                       "({when}) may be lost.").format(when=when))
        if damage.kept:
            lines.append(ngettext("{kept} save at the start of the log could be read and was kept.",
                                  "{kept} saves at the start of the log could be read and were kept.",
                                  damage.kept).format(kept=damage.kept))
    if kept.salvaged is not None and tables is not None and games is not None:
        lines += salvage_lines(kept.salvaged, {t: n for t, _game, n in tables}, games)
    if tables is None:
        lines.append(_("The live tables could not be read: the database was not opened."))
    elif tables:
        lines.append(_("The live tables now in the database (an action after those kept may be lost):"))
        for table, game, moves in tables:
            lines.append(ngettext("table {id} ({game}): {n} action kept", "table {id} ({game}): {n} actions kept",
                                  moves).format(id=table, game=game.capitalize(), n=moves))
    else:
        lines.append(_("No live table is left in the database: a game being played then is lost."))
    if kept.copy is not None:
        lines.append(_("The damaged log was kept as {copy}.").format(copy=kept.copy))
    lines.append(_("Move this report ({report}) away once read.").format(report=kept.report))
    return lines


def salvage_lines(salvaged: Salvaged, tables: dict[int, int], games: set[int]) -> list[str]:
    """What a repaired copy of the damaged log holds and the database (``tables``: actions per live table,
    ``games``: finished games) lacks now."""
    lost = []
    for table, (game, n) in sorted(salvaged.tables.items()):
        have = tables.get(table)
        if have is None:
            lost.append(ngettext("table {id} ({game}) is lost, with its {n} action",
                                 "table {id} ({game}) is lost, with its {n} actions", n).format(
                id=table, game=game.capitalize(), n=n))
        elif n > have:
            lost.append(ngettext("table {id} ({game}): its last {n} action is lost",
                                 "table {id} ({game}): its last {n} actions are lost", n - have).format(
                id=table, game=game.capitalize(), n=n - have))
    for game_id, game in sorted(salvaged.games.items()):
        if game_id not in games:
            lost.append(_("the finished game {id} ({game}) is lost").format(id=game_id, game=game.capitalize()))
    if not lost:
        return [_("A repaired copy of the damaged log holds nothing that the database lacks now.")]
    return [_("What the damaged log held and the database lacks now (read from a repaired copy):"), *lost]


def write_report(path: Path, lines: list[str]) -> None:
    """Write a report (a warning is logged when it cannot be: the lines are logged anyway)."""
    try:
        with open(path, "x", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
    except OSError as e:
        log.warning("cannot write %s: %s", path, e)


def read_report(path: Path) -> list[str]:
    """A report's lines (one line saying it cannot be read when it cannot)."""
    try:
        lines = [line for line in path.read_text(encoding="utf-8", errors="replace").splitlines() if line.strip()]
    except OSError as e:
        return [_("The report {path} cannot be read ({why}).").format(path=path, why=e.strerror or e)]
    return lines or [_("A write-ahead log of the database was damaged (the report {path} is empty).").format(
        path=path)]

