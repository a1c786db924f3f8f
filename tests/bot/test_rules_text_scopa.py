"""The rules of Scopa and Scopone (``/rules`` and the terminal's ``rules``): what RULES.md says of them, in every
language: each section translated, the numbers kept, the game's own terms kept as each glossary says."""

from __future__ import annotations

import re

import pytest

from bot.i18n import LANGUAGES, gettext, use_language
from bot.rules_text import RULES, rules_text
from bot.tools.views import rules_lines

GAMES = ("scopa", "scopone")
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")
KEPT_TERMS = {"ko": ("스코파", "세테벨로", "프리미에라")}
"""The game's own words each language keeps (the Italian ones, unless its glossary transliterates them)."""
PRIMIERA_VALUES = "7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, F C R = 10"


def whole(game: str, language: str = "en") -> str:
    return "\n".join(f"{heading}\n{text}" for heading, text in rules_text(game, lambda m: gettext(m, language)))


@pytest.mark.parametrize("game", GAMES)
def test_the_rules_say_what_rules_md_says(game):
    text = whole(game)
    for part in ("40 cards", "A 1, 2 to 7 their number, F 8, C 9, R 10", "Capturing is compulsory",
                 "it takes exactly one of them (you choose which), never a sum", "it takes one such set",
                 "must take the 7", "the last card played in the round never makes one",
                 "go to the side that captured last, with no scopa", "if nobody captured, to nobody",
                 "A tie in cards, Denari or primiera: nobody scores it", PRIMIERA_VALUES,
                 "A side missing a suit has no primiera", "if the top totals are equal, one more round",
                 "equal totals are a draw", "A-2-3 scores 3", "cards, Denari and scope shown during the round",
                 "three or four R, the same dealer deals again"):
        assert part in text, part
    if game == "scopa":
        assert "2, 3 or 4 players" in text and "3 more each from the stock, none to the table" in text
        assert "**team_chat** (4 players)" in text
    else:
        assert "`scientifico` (the default): 10 cards each, none on the table" in text
        assert "`tradizionale`: 9 cards each and 4 face up on the table" in text and "There is no stock" in text


def test_scopone_shares_scopas_sections_but_its_deal_and_table():
    scopa, scopone = RULES["scopa"], RULES["scopone"]
    assert scopa[1:5] == scopone[1:5] and scopa[-1] == scopone[-1]
    assert scopa[0] != scopone[0] and scopa[5] != scopone[5]


@pytest.mark.parametrize("language", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_every_section_is_translated_with_its_numbers_and_terms(game, language):
    english = rules_text(game)
    translated = rules_text(game, lambda m: gettext(m, language))
    for (heading, text), (t_heading, t_text) in zip(english, translated, strict=True):
        assert t_text != text, f"{language} lacks {text[:60]!r}"
        assert t_heading != heading or heading in ("Scopa",), f"{language} lacks the heading {heading!r}"
        # the numbers a player counts with are the same in every language
        assert sorted(re.findall(r"\d+", t_text)) == sorted(re.findall(r"\d+", text)), (language, text[:60])
    words = whole(game, language)
    for term in KEPT_TERMS.get(language, ("scopa", "settebello", "primiera")):
        assert term in words.lower(), (language, term)
    assert "7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, 2 = 12, F C R = 10" in words
    for value in ("`16`", "`21`", "`31`", "`120`"):
        assert value in words, (language, value)
    if game == "scopone":
        assert "`scientifico`" in words and "`tradizionale`" in words


@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_rules_show_them_in_the_players_language(game):
    with use_language("it"):
        lines = rules_lines(game, {"match": "11"})
    out = "\n".join(lines)
    assert "La presa è obbligatoria" in out and "**" not in out
    assert lines[1] == f"Regole di {game.capitalize()}:" or game.capitalize() in lines[1]
