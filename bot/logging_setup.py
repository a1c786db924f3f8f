"""Configure logging once, at start-up, through ``discord.utils.setup_logging``; secrets never reach a log.

The bot's token (and any other secret registered here) is replaced by ``[secret]`` in every line the
handler writes, tracebacks included, whatever logger or argument it came through.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable

import discord.utils

log = logging.getLogger(__name__)

FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
REDACTED = "[secret]"
_HANDLER_NAME = "tavolo"
_secrets: set[str] = set()


class RedactingFormatter(logging.Formatter):
    """A formatter whose output never contains a registered secret."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


def redact(text: str) -> str:
    """``text`` with every registered secret replaced."""
    for secret in sorted(_secrets, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return text


def add_secrets(secrets: Iterable[str | None]) -> None:
    """Never write these strings to a log (blank ones are ignored)."""
    _secrets.update(s for s in secrets if s and s.strip())


def setup_logging(level: str | int = "INFO", *, secrets: Iterable[str | None] = (), stream=None) -> logging.Handler:
    """Send log records to ``stream`` (stderr) at ``level`` with discord.py's ``setup_logging``, hiding
    ``secrets``. Calling it again only changes the level and adds the secrets. Returns the handler."""
    add_secrets(secrets)
    root = logging.getLogger()
    for handler in root.handlers:
        if handler.get_name() == _HANDLER_NAME:
            root.setLevel(level)
            return handler
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.set_name(_HANDLER_NAME)
    discord.utils.setup_logging(handler=handler, formatter=RedactingFormatter(FORMAT), level=level, root=True)
    return handler
