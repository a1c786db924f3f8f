"""The words typed in the terminal game, in the player's language as well as in English.

The game reads English words (``play``, ``take``, ``pass``, ``bid``...); each has a translation in the
catalogues (``msgctxt "terminal command"``: one word a player types, e.g. Italian ``passo``, ``gioco``), and a
typed line's words in the player's language are read as their English ones before anything else reads the line.
Cards (``Ad``), numbers and suits are typed as before. A word is matched without regard to case or accents
(``παιζω`` is ``παίζω``).
"""

from __future__ import annotations

import logging
import unicodedata

from bot.i18n import NC_, _, language_now, pgettext

log = logging.getLogger(__name__)

CONTEXT = "terminal command"
COMMAND_WORDS: dict[str, str] = {
    "play": NC_("terminal command", "play"),
    "take": NC_("terminal command", "take"),
    "place": NC_("terminal command", "place"),
    "exchange": NC_("terminal command", "exchange"),
    "pass": NC_("terminal command", "pass"),
    "bid": NC_("terminal command", "bid"),
    "trump": NC_("terminal command", "trump"),
    "discard": NC_("terminal command", "discard"),
    "call": NC_("terminal command", "call"),
    "help": NC_("terminal command", "help"),
    "rules": NC_("terminal command", "rules"),
    "hint": NC_("terminal command", "hint"),
    "quit": NC_("terminal command", "quit"),
    "review": NC_("terminal command", "review"),
}
"""Every word the terminal game reads, by its English form."""


def fold(word: str) -> str:
    """A word as it is matched: lower case, without accents."""
    decomposed = unicodedata.normalize("NFD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def translated_words(language: str | None = None) -> dict[str, str]:
    """The player's language's command words (folded) and their English word; empty in English."""
    out = {}
    for english, source in COMMAND_WORDS.items():
        word = pgettext(CONTEXT, source, language).strip()
        if word and fold(word) != english and " " not in word:
            out[fold(word)] = english
    return out


def in_english(text: str | None, language: str | None = None) -> str | None:
    """A typed line with the words of the player's language read as the English ones (``passo`` is
    ``pass``, ``gioco 7s prendo 3d`` is ``play 7s take 3d``); English words, cards and numbers stay."""
    if not text:
        return text
    words = translated_words(language)
    if not words:
        return text
    return " ".join(words.get(fold(w), w) for w in text.split())


def words_line(language: str | None = None) -> str:
    """For ``help``: the command words of the player's language beside the English ones; empty in English."""
    pairs = [f"'{pgettext(CONTEXT, source, language)}' = '{english}'" for english, source in COMMAND_WORDS.items()
             if fold(pgettext(CONTEXT, source, language)) != english]
    if not pairs or language_now(language) == "en":
        return ""
    return _("The commands may be typed in your language as well as in English: {words}.").format(
        words=", ".join(pairs))
