"""Translation of user-facing text with gettext; the English source strings are the fallback.

Mark text with ``_("...")``. Catalogues live in ``bot/locale/<lang>/LC_MESSAGES/tavolo.mo`` (Babel extracts
and compiles them); while a language has none, the English text is used as it is.
"""

from __future__ import annotations

import gettext as _gettext
import logging
from functools import cache
from pathlib import Path

log = logging.getLogger(__name__)

DOMAIN = "tavolo"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


@cache
def translation(language: str | None = None) -> _gettext.NullTranslations:
    """The catalogue for ``language`` (e.g. ``"it"``); None follows LANGUAGE, LC_ALL, LC_MESSAGES and LANG."""
    languages = [language] if language else None
    return _gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=languages, fallback=True)


def gettext(message: str, language: str | None = None) -> str:
    """``message`` translated to ``language``, or the English source text when there is no translation."""
    return translation(language).gettext(message)


def ngettext(singular: str, plural: str, n: int, language: str | None = None) -> str:
    """The singular or plural form for ``n``, translated when a catalogue has it."""
    return translation(language).ngettext(singular, plural, n)


_ = gettext
