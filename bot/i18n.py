"""Translation of user-facing text with gettext; the English source strings are the fallback.

Mark text with ``_("...")``. Catalogues live in ``bot/locale/<lang>/LC_MESSAGES/tavolo.po`` (one file per
language, the English text as ``msgid``), compiled to ``tavolo.mo`` beside it by
``python -m bot.lab.catalogue``; a text a catalogue lacks is shown in English.

The language of a message: the one passed, else the one set for the current context (``use_language``: the
Discord front end sets the member's language for each interaction and the guild's for each table event and
public message; the terminal game ``--lang``'s), else the environment's.

Texts are marked for Babel's extraction where they are defined: ``N_`` (a text), ``NP_`` (singular and plural)
and ``NC_`` (a text with its ``msgctxt``); ``python -m bot.lab.catalogue`` makes the template and the
catalogues (docs/LANGUAGES.md).
"""

from __future__ import annotations

import gettext as _gettext
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

DOMAIN = "tavolo"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
LANGUAGES = ("en", "it", "de", "el", "ru", "ko", "eo")
"""The languages Tavolo speaks; English is the source text."""
LANGUAGE_NAMES: dict[str, str] = {
    "en": "English", "it": "Italiano", "de": "Deutsch", "el": "Ελληνικά", "ru": "Русский", "ko": "한국어",
    "eo": "Esperanto",
}
"""Each language by its own name (how a menu of languages shows them)."""
DISCORD_LOCALES: dict[str, str] = {
    "en-US": "en", "en-GB": "en", "it": "it", "de": "de", "el": "el", "ru": "ru", "ko": "ko",
}
"""Discord's locales Tavolo speaks, and their language (Discord has no Esperanto: it is chosen by a setting)."""
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
    """The catalogue for ``language`` (e.g. ``"it"``); None: the environment's (``environment_language``)."""
    languages = [language] if language else [environment_language()]
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True)


def language_of_locale(locale: object) -> str | None:
    """The language of a Discord locale (``discord.Locale`` or its text, e.g. ``"de"``, ``"en-GB"``), of a POSIX
    locale (``"de_DE.UTF-8"``) or of a language code; ``None`` when Tavolo does not speak it."""
    text = str(getattr(locale, "value", locale) or "")
    if text in DISCORD_LOCALES:
        return DISCORD_LOCALES[text]
    code = text.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return code if code in LANGUAGES else None


def environment_language() -> str:
    """The language of the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads
    them): the first one Tavolo speaks, else English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value:
            for part in value.split(":"):
                language = language_of_locale(part)
                if language:
                    return language
            if name != "LANGUAGE":
                break
    return "en"


def N_(message: str) -> str:  # noqa: N802  (gettext's naming)
    """Marks a text for Babel's extraction (``-k N_``) where it is defined; it is translated where it is shown."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Marks a counted text (its singular and plural English source) for extraction (``-k NP_:1,2``)."""
    return singular, plural


def NC_(context: str, message: str) -> str:  # noqa: N802, ARG001
    """Marks a text with its ``msgctxt`` for extraction (``-k NC_:1c,2``); show it with ``pgettext(context, ...)``."""
    return message


def gettext(message: str, language: str | None = None) -> str:
    """``message`` translated to ``language`` (default: the context's), or the English source text when there
    is no translation."""
    return translation(language or current_language.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The singular or plural form for ``n``, translated when a catalogue has it."""
    return translation(language or current_language.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str, language: str | None = None) -> str:
    """``message`` in ``context`` (a ``msgctxt``: the same English word may need two translations), translated."""
    return translation(language or current_language.get()).pgettext(context, message)


def language_now(language: str | None = None) -> str:
    """The language a message is made in: ``language``, else the context's, else the environment's."""
    return language or current_language.get() or environment_language()


def format_day(when: float, language: str | None = None) -> str:
    """The day of a Unix time (UTC) as the language writes a date in full (Babel, CLDR): ``December 6, 2026``,
    ``6 dicembre 2026``, ``2026년 12월 6일``; a month by its name never reads as another day."""
    from babel.dates import format_date  # (imported when used: the CLI's first messages need only the stdlib)

    day = datetime.fromtimestamp(when, UTC).date()
    return format_date(day, format="long", locale=language_now(language))


def format_number(number: float, language: str | None = None) -> str:
    """A number as the language groups its digits (Babel): ``1,532``, ``1.532``, ``1 532``."""
    from babel.numbers import format_decimal

    return format_decimal(number, locale=language_now(language))


def label_translator(message: str, plural: str | None, n: int | None) -> str:
    """Translates a picture's label (``images.common.set_translator``) in the context's language."""
    if plural is not None and n is not None:
        return ngettext(message, plural, n)
    return gettext(message)


_ = gettext
