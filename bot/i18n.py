"""Translation of user-facing text with gettext; the English source strings are the fallback.

Mark text with ``_("...")``. Catalogues live in ``bot/locale/<lang>/LC_MESSAGES/tavolo.po`` (one file per
language, the English text as ``msgid``), compiled to ``tavolo.mo`` beside it with
``pybabel compile -d bot/locale -D tavolo``; while a language has none, the English text is used as it is.

The language of a message: the one passed, else the one set for the current context (``use_language``: the
Discord front end sets the guild's language for each interaction and table event), else the environment's.
"""

from __future__ import annotations

import gettext as _gettext
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

DOMAIN = "tavolo"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "it")
"""The languages Tavolo speaks; English is the source text."""
current_language: ContextVar[str | None] = ContextVar("tavolo_language", default=None)
"""The language of the messages made in this context (a guild's setting); ``None``: the environment's."""


@contextmanager
def use_language(language: str | None) -> Iterator[None]:
    """Make messages in ``language`` within the ``with`` block (and the tasks started in it)."""
    token = current_language.set(language)
    try:
        yield
    finally:
        current_language.reset(token)


@cache
def translation(language: str | None = None) -> _gettext.NullTranslations:
    """The catalogue for ``language`` (e.g. ``"it"``); None follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG."""
    languages = [language] if language else None
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True)


def gettext(message: str, language: str | None = None) -> str:
    """``message`` translated to ``language`` (default: the context's), or the English source text when there
    is no translation."""
    return translation(language or current_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The singular or plural form for ``n``, translated when a catalogue has it."""
    return translation(language or current_language.get()).ngettext(singular, plural, n)


_ = gettext
