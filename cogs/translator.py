"""Slash commands in each member's language: discord.py's ``app_commands.Translator`` over Tavolo's catalogues.

At sync, discord.py asks ``translate`` for every name, description and choice of the command tree in every
Discord locale; Discord then shows each member the ones of their client's language. Names (of commands,
groups and options) are looked up with the ``msgctxt`` ``"command"`` (a name is one lower-case word, unlike a
label with the same English text); descriptions and choices as plain texts. ``python -m bot.lab.catalogue``
puts every one of them in the template, asked the same way.
"""

from __future__ import annotations

import logging
import re

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import gettext, language_of_locale, pgettext

log = logging.getLogger(__name__)

NAME_CONTEXT = "command"
"""The ``msgctxt`` of command, group and option names."""
NAMES = frozenset({Where.command_name, Where.group_name, Where.parameter_name})
"""Where a string is a name (one word, lower case, at most 32 characters)."""
NAME_PATTERN = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for a name (its ``\\p{L}\\p{N}`` and ``-_``; Python's ``\\w`` is letters, digits and ``_``)."""
TEXT_MAX = 100
"""The longest description or choice name Discord takes."""


def valid_name(name: str) -> bool:
    """Whether Discord takes ``name`` as a command, group or option name: a word of letters, digits, ``-`` and
    ``_``, 1 to 32 characters, lower case where the script has case."""
    return bool(NAME_PATTERN.match(name)) and name == name.lower()


def localized(message: str, location: Where, language: str) -> str | None:
    """The translation of a command tree's string in ``language``, or ``None`` (Discord shows the English one)
    when there is none or it is not one Discord takes (logged: a bad name would make Discord refuse the sync)."""
    if location in NAMES:
        text = pgettext(NAME_CONTEXT, message, language)
        if text != message and not valid_name(text):
            log.warning("%s: the %s name %r is not one Discord takes; English is used", language, message, text)
            return None
    else:
        text = gettext(message, language)
        if len(text) > TEXT_MAX:
            log.warning("%s: the translation of %r is longer than %d characters; English is used", language,
                        message, TEXT_MAX)
            return None
    return text if text != message else None


class Translator(app_commands.Translator):
    """Tavolo's catalogues for the command tree."""

    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        """The text of ``string`` in ``locale``'s language, when Tavolo speaks it and has one."""
        language = language_of_locale(locale)
        if language is None or language == "en":
            return None
        return localized(string.message, context.location, language)
