"""Where a command writes, checked before it does any work: an output file used exactly as given, or a folder to
make or fill. Each check gives one translated sentence on what is wrong (``None`` when the path will do), and
never leaves anything behind: writability is tried with an anonymous temporary file or by opening the file to
append (which writes nothing)."""

from __future__ import annotations

import errno
import os
import tempfile
from pathlib import Path

from bot.i18n import _


def _reason(error: OSError) -> str:
    return error.strerror or str(error)


def _nearest(path: Path) -> Path:
    """The nearest of ``path``'s parents (or itself) that exists; ``.`` at worst."""
    for candidate in (path, *path.parents):
        if os.path.lexists(candidate):
            return candidate
    return Path(".")


def _writable_folder(folder: Path, shown: str) -> str | None:
    """Why no file can be made in the existing ``folder``, or ``None``."""
    try:
        with tempfile.TemporaryFile(dir=folder):
            return None
    except OSError as e:
        return _("{path} cannot be written: {reason}").format(path=shown, reason=_reason(e))


def output_file_problem(path: str, make_parents: bool = False) -> str | None:
    """Why the file ``path`` cannot be written as given, or ``None``: no name, a folder, a missing folder (unless
    ``make_parents``: the command makes it), a file where a folder should be, or no permission to write there."""
    if not path.strip():
        return _("an empty file name: give the file to write")
    if "\0" in path:
        return _("a file name cannot hold a NUL character")
    target = Path(path)
    if target.is_dir():
        return _("{path} is a folder: give the file to write").format(path=path)
    if os.path.lexists(target):
        if not target.is_file():  # a device or a pipe (/dev/stdout): never opened here, it could block
            return None if os.access(target, os.W_OK) else _("{path} cannot be written: {reason}").format(
                path=path, reason=os.strerror(errno.EACCES))
        try:
            with open(target, "ab"):  # opened to append: nothing is written
                return None
        except OSError as e:
            return _("{path} cannot be written: {reason}").format(path=path, reason=_reason(e))
    parent = target.parent
    if not make_parents and not parent.is_dir():
        if os.path.lexists(parent):
            return _("{path} is a file, not a folder").format(path=parent)
        return _("the folder {path} does not exist").format(path=parent)
    nearest = _nearest(parent)
    if not nearest.is_dir():
        return _("{path} is a file, not a folder").format(path=nearest)
    return _writable_folder(nearest, path)


def folder_problem(path: str) -> str | None:
    """Why ``path`` cannot be used as a folder to write in (made when it does not exist), or ``None``: no name,
    a file, a file where a parent folder should be, or no permission to write there."""
    if not path.strip():
        return _("an empty folder name: give the folder to write in")
    if "\0" in path:
        return _("a folder name cannot hold a NUL character")
    folder = Path(path)
    if os.path.lexists(folder) and not folder.is_dir():
        return _("{path} is a file, not a folder").format(path=path)
    nearest = _nearest(folder)
    if not nearest.is_dir():
        return _("{path} is a file, not a folder").format(path=nearest)
    return _writable_folder(nearest, path)
