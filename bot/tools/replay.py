"""``python -m bot replay FILE...``: re-check game records through the engines; ``python -m bot replay
--picture FILE OUT``: write a record's replay as an animated WebP (``images.replay``)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import stat
import sys

from bot.i18n import _
from bot.tools.paths import output_file_problem
from rules.records import ReplayError, replay_record

MAX_RECORD_BYTES = 8 * 1024 * 1024
"""Largest record file read (a long Chiamata match is about 40 kB)."""
MAX_PROBLEM_CHARS = 200
"""Longest problem text printed after ``FAIL path:``."""


class RecordFileError(Exception):
    """A record file that cannot be read as a JSON object; the message is one short line."""


def _no_constant(name: str) -> object:
    raise ValueError(_("{name} is not a JSON number").format(name=name))


def one_line(text: str, limit: int = MAX_PROBLEM_CHARS) -> str:
    """``text`` on one line, cut to ``limit`` characters (with an ellipsis when cut)."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def shown(path: str) -> str:
    """A path as printed: as typed, or its repr when it holds a newline, another control character or
    bytes that are not text (so an answer stays on one line and can always be printed)."""
    return path if path.isprintable() else ascii(path)


def load_record(path: str) -> object:
    """The JSON value of the record file at ``path``: a regular file of at most ``MAX_RECORD_BYTES`` of UTF-8
    JSON (standard JSON: no NaN or Infinity); raises ``RecordFileError`` otherwise."""
    try:
        info = os.stat(path)
        if stat.S_ISDIR(info.st_mode):
            raise RecordFileError(_("is a folder, not a record file"))
        if not stat.S_ISREG(info.st_mode):
            raise RecordFileError(_("not a regular file"))
        if info.st_size > MAX_RECORD_BYTES:
            raise RecordFileError(_("the file is larger than {n} MB").format(n=MAX_RECORD_BYTES // 2**20))
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        raise RecordFileError(_("cannot read the file: {error}").format(error=e.strerror or e)) from None
    except ValueError as e:  # a path with a NUL byte
        raise RecordFileError(_("cannot read the file: {error}").format(error=e)) from None
    if len(data) > MAX_RECORD_BYTES:
        raise RecordFileError(_("the file is larger than {n} MB").format(n=MAX_RECORD_BYTES // 2**20))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordFileError(_("not UTF-8 text (bad byte at offset {at})").format(at=e.start)) from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise RecordFileError(_("not JSON: nested too deeply")) from None
    except ValueError as e:  # JSONDecodeError, or a number over Python's digit limit
        raise RecordFileError(_("not JSON: {error}").format(error=one_line(str(e), 120))) from None


def check_file(path: str) -> str | None:
    """``None`` when the record at ``path`` replays correctly, else the first problem, on one short line."""
    try:
        rec = load_record(path)
        replay_record(rec)
    except (RecordFileError, ReplayError) as e:
        return one_line(str(e))
    return None


def write_picture(path: str, out: str) -> int:
    """Write the replay of the record at ``path`` to the file ``out``, exactly as given; print where. One line
    and status 2, before any drawing, when ``out`` cannot be written (no name, a folder, a missing folder, no
    permission); ``FAIL FILE: problem`` and status 1 when the record is bad; one line and status 1 when the
    write fails (a full disk). Nothing is left behind when nothing was written."""
    from images.replay import ReplayTooLarge, replay_webp

    problem = output_file_problem(out)
    if problem is not None:
        print(_("error: {message}").format(message=one_line(problem)), file=sys.stderr)
        return 2
    try:
        data = replay_webp(load_record(path))
    except (RecordFileError, ReplayError, ReplayTooLarge) as e:
        print(f"FAIL {shown(path)}: {one_line(str(e))}")
        return 1
    existed = os.path.lexists(out)
    try:
        with open(out, "wb") as f:
            f.write(data)
    except (OSError, ValueError) as e:
        if not existed:
            with contextlib.suppress(OSError):
                os.unlink(out)  # a part written before the disk filled
        print(_("cannot write {path}: {error}").format(path=shown(out), error=getattr(e, "strerror", None) or e),
              file=sys.stderr)
        return 1
    print(_("wrote {path} ({kb} kB)").format(path=shown(out), kb=-(-len(data) // 1024)))
    return 0


def main(args: argparse.Namespace) -> int:
    """Print ``OK FILE`` or ``FAIL FILE: problem`` per record; status 1 when any fails. With ``--picture FILE
    OUT``: write that record's replay picture instead (``write_picture``)."""
    if getattr(args, "picture", None):
        if args.files:
            print(_("give either record files to check or --picture FILE OUT, not both"), file=sys.stderr)
            return 2
        return write_picture(*args.picture)
    if not args.files:
        print(_("give the record files to check, or --picture FILE OUT"), file=sys.stderr)
        return 2
    failed = 0
    for path in args.files:
        problem = check_file(path)
        if problem is None:
            print(f"OK {shown(path)}")
        else:
            failed += 1
            print(f"FAIL {shown(path)}: {problem}")
    if failed:
        print(_("{failed} of {total} records failed").format(failed=failed, total=len(args.files)), file=sys.stderr)
    return 1 if failed else 0
