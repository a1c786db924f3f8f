"""Configure logging once, at start-up."""

from __future__ import annotations

import logging
import sys

log = logging.getLogger(__name__)

FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
_HANDLER_NAME = "tavolo"


def setup_logging(level: str | int = "INFO") -> None:
    """Send log records to stderr at ``level``. Calling it again only changes the level."""
    root = logging.getLogger()
    root.setLevel(level)
    if any(handler.get_name() == _HANDLER_NAME for handler in root.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.setFormatter(logging.Formatter(FORMAT))
    root.addHandler(handler)
