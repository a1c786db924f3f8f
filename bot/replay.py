"""``python -m bot replay FILE...``: re-check game records through the engines."""

from __future__ import annotations

import argparse
import json
import sys

from bot.i18n import _
from rules.records import ReplayError, replay_record


def check_file(path: str) -> str | None:
    """``None`` when the record at ``path`` replays correctly, else the first problem."""
    try:
        with open(path, encoding="utf-8") as f:
            rec = json.load(f)
    except OSError as e:
        return _("cannot read the file: {error}").format(error=e.strerror or e)
    except json.JSONDecodeError as e:
        return _("not JSON: {error}").format(error=e)
    try:
        replay_record(rec)
    except ReplayError as e:
        return str(e)
    return None


def main(args: argparse.Namespace) -> int:
    """Print ``OK FILE`` or ``FAIL FILE: problem`` per record; status 1 when any fails."""
    failed = 0
    for path in args.files:
        problem = check_file(path)
        if problem is None:
            print(f"OK {path}")
        else:
            failed += 1
            print(f"FAIL {path}: {problem}")
    if failed:
        print(_("{failed} of {total} records failed").format(failed=failed, total=len(args.files)), file=sys.stderr)
    return 1 if failed else 0
