"""The rules of Tressette (``/rules`` and the terminal's ``rules``): what RULES.md says of the game, in every
language: each section translated, the numbers kept, the game's own terms (the declarations and the signals a
player types) kept, and the whole fitting one Discord message."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, gettext, use_language
from bot.rules_text import rules_text
from bot.tools.views import rules_lines
from cogs.render.layout import TEXT_MAX

TRANSLATED = tuple(language for language in LANGUAGES if language != "en")
TERMS = ("accusi", "napoletana", "buongioco", "busso", "striscio", "volo")
"""The game's own words every language keeps: the option, the declarations and the signals as typed."""


def whole(language: str = "en") -> str:
    return "\n".join(f"{heading}\n{text}" for heading, text in rules_text("tressette",
                                                                         lambda m: gettext(m, language)))


def test_the_rules_say_what_rules_md_says():
    text = whole()
    for part in ("2 players, or 4 in two teams", "40 cards", "10 cards each", "the other 20 cards are a face-down "
                 "stock", "There are no trumps", "You must follow the led suit when you can", "3 2 A R C F 7 6 5 4",
                 "the winner draws the top card and then the other player draws the next", "both drawn cards are "
                 "shown to both players", "each A: 3 thirds", "each 3, 2, R, C and F: 1 third", "the last trick of "
                 "the round: 3 thirds", "divided by 3, rounded down", "35 thirds in a round, 11 points scored",
                 "(A, 2 and 3 of one suit) 3 points each", "3 points, all four of them 4 points",
                 "The cards declared are shown to every player", "**signals** (4 players)",
                 "Signals are public and carry no obligation", "`21` (the default), `31` or `41`",
                 "if the top totals are equal, one more round", "equal totals are a draw",
                 "**team_chat** (4 players)", "**hints**"):
        assert part in text, part
    for term in TERMS:
        assert f"**{term}**" in text, term


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_section_is_translated_with_its_numbers_and_terms(language):
    english = rules_text("tressette")
    translated = rules_text("tressette", lambda m: gettext(m, language))
    for (heading, text), (t_heading, t_text) in zip(english, translated, strict=True):
        assert t_text != text, f"{language} lacks {text[:60]!r}"
        assert t_heading != heading, f"{language} lacks the heading {heading!r}"
        # the numbers a player counts with are the same in every language (Korean writes a third as 1/3점)
        assert sorted(re.findall(r"\d+", t_text.replace("1/3", ""))) == sorted(re.findall(r"\d+", text)), (
            language, text[:60])
    words = whole(language)
    for term in TERMS:
        assert f"**{term}**" in words, (language, term)
    assert "3 2 A R C F 7 6 5 4" in words
    for value in ("`21`", "`31`", "`41`", "`120`"):
        assert value in words, (language, value)
    full = "### Tressette" + "".join(f"**{h}**\n{text}\n\n" for h, text in translated)
    assert len(full) <= TEXT_MAX, f"the Tressette rules take {len(full)} characters in {language}"


def test_the_terminal_rules_show_them_in_the_players_language():
    with use_language("it"):
        lines = rules_lines("tressette", {"match": "21"})
    out = "\n".join(lines)
    assert "Devi rispondere al seme di uscita quando puoi" in out and "**" not in out
    assert lines[1] == "Regole di Tressette:"
