"""Configure logging once, at start-up, through ``discord.utils.setup_logging``; no log line tells a secret.

Two kinds of secret never reach the log, whatever the configured level (``TAVOLO_LOG_LEVEL``):

- The bot's token (and any other secret registered here) is replaced by ``[secret]`` in every line the
  handler writes, tracebacks included, whatever logger or argument it came through.
- The hidden cards. A few libraries log whole payloads at DEBUG, and a payload read by the operator would show
  a hand that is still hidden. ``PAYLOAD_LOGGERS`` never write below INFO: their loggers are set to INFO at
  least, and a filter on the handler drops their records below INFO even if a logger is set lower later.
  What each logs at DEBUG (discord.py 2.7, aiosqlite 0.22):

  - ``aiosqlite``: every call it runs on its thread, ``executing functools.partial(<execute>, sql, params)``,
    so every SQL statement with its bound parameters: the ``live_tables`` row with the table's seed (from
    which every hand, the stock and the Chiamata kitty follow) and each action as it is stored (the
    Chiamata caller's discards, hidden until the end).
  - ``discord.http``: ``POST <url> with <payload> has returned 200`` and ``... has received <response>``
    for every REST call: message contents and components, with their ``custom_id``s.
  - ``discord.webhook``: the URL of every interaction response and follow-up, which carries the
    interaction's token; with it, anyone can read the ephemeral message (a private hand) for 15 minutes.
  - ``discord.gateway``: ``WebSocket Event: <payload>`` for every event received, interactions included
    (their token, and the message clicked: a player's hand message with its card buttons).

  At INFO and above these loggers say only what happened (connected, rate limited, resumed), never a
  payload. The application's own lines name tables, seats and users, never a hand, the seed, the kitty or
  the partner; the buttons' ``repr`` (which discord.py logs when a click fails) names no card either.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Iterable
from typing import TextIO

import discord.utils

log = logging.getLogger(__name__)

FORMAT = "%(asctime)s %(levelname)-8s %(name)s: %(message)s"
REDACTED = "[secret]"
PAYLOAD_LOGGERS = ("aiosqlite", "discord.http", "discord.webhook", "discord.gateway")
"""Loggers that write payloads (SQL parameters, message contents, interaction tokens) below INFO: never
written below INFO (see the module docstring)."""
_HANDLER_NAME = "tavolo"
_secrets: set[str] = set()


class RedactingFormatter(logging.Formatter):
    """A formatter whose output never contains a registered secret."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class PayloadFilter(logging.Filter):
    """Drops the records below INFO of the ``PAYLOAD_LOGGERS`` (and their children)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return record.levelno >= logging.INFO or not is_payload_logger(record.name)


def is_payload_logger(name: str) -> bool:
    """Is ``name`` one of the ``PAYLOAD_LOGGERS`` or a child of one?"""
    return any(name == quiet or name.startswith(quiet + ".") for quiet in PAYLOAD_LOGGERS)


def redact(text: str) -> str:
    """``text`` with every registered secret replaced."""
    for secret in sorted(_secrets, key=len, reverse=True):
        text = text.replace(secret, REDACTED)
    return text


def add_secrets(secrets: Iterable[str | None]) -> None:
    """Never write these strings to a log (blank ones are ignored)."""
    _secrets.update(s for s in secrets if s and s.strip())


def level_number(level: str | int) -> int:
    """The number of a level given by name (any case) or number; ``ValueError`` for an unknown name."""
    if isinstance(level, int):
        return level
    number = logging.getLevelNamesMapping().get(level.strip().upper())
    if number is None:
        raise ValueError(f"unknown log level {level!r}")
    return number


def setup_logging(level: str | int = "INFO", *, secrets: Iterable[str | None] = (),
                  stream: TextIO | None = None) -> logging.Handler:
    """Send log records to ``stream`` (stderr) at ``level`` with discord.py's ``setup_logging``, hiding
    ``secrets`` and the payloads of the ``PAYLOAD_LOGGERS``. Calling it again only changes the level and adds
    the secrets. Returns the handler."""
    number = level_number(level)
    add_secrets(secrets)
    for name in PAYLOAD_LOGGERS:
        logging.getLogger(name).setLevel(max(number, logging.INFO))
    root = logging.getLogger()
    for handler in root.handlers:
        if handler.get_name() == _HANDLER_NAME:
            root.setLevel(number)
            return handler
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.set_name(_HANDLER_NAME)
    handler.addFilter(PayloadFilter())
    discord.utils.setup_logging(handler=handler, formatter=RedactingFormatter(FORMAT), level=number, root=True)
    return handler
