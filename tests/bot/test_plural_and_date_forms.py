"""Counted words and dates in every language: 1, 2 and 5 of each counted text take the language's own forms
(Russian three, Korean one), the catalogues' plural rules are CLDR's, and a date is written as its language
writes it (Babel), never as 12/06/2026."""

from __future__ import annotations

from datetime import UTC, datetime
from gettext import c2py

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, LOCALE_DIR, format_day, ngettext
from cogs.texts import PLURALS, t

EXPECTED = {
    "points_n": {
        "en": ("1 point", "2 points", "5 points"), "it": ("1 punto", "2 punti", "5 punti"),
        "de": ("1 Punkt", "2 Punkte", "5 Punkte"), "el": ("1 πόντος", "2 πόντοι", "5 πόντοι"),
        "ru": ("1 очко", "2 очка", "5 очков"), "ko": ("1점", "2점", "5점"),
        "eo": ("1 poento", "2 poentoj", "5 poentoj"),
    },
    "hist.games_n": {
        "en": ("1 game", "2 games", "5 games"), "it": ("1 partita", "2 partite", "5 partite"),
        "de": ("1 Spiel", "2 Spiele", "5 Spiele"), "el": ("1 παιχνίδι", "2 παιχνίδια", "5 παιχνίδια"),
        "ru": ("1 партия", "2 партии", "5 партий"), "ko": ("게임 1개", "게임 2개", "게임 5개"),
        "eo": ("1 ludo", "2 ludoj", "5 ludoj"),
    },
    "players_n": {
        "en": ("1 player", "2 players", "5 players"), "it": ("1 giocatore", "2 giocatori", "5 giocatori"),
        "de": ("1 Spieler", "2 Spieler", "5 Spieler"), "el": ("1 παίκτης", "2 παίκτες", "5 παίκτες"),
        "ru": ("1 игрок", "2 игрока", "5 игроков"), "ko": ("1인", "2인", "5인"),
        "eo": ("1 ludanto", "2 ludantoj", "5 ludantoj"),
    },
}
"""The issue's words as a reader of each language expects them."""
DAY = datetime(2026, 12, 6, 12, tzinfo=UTC).timestamp()
DATES = {"en": "December 6, 2026", "it": "6 dicembre 2026", "de": "6. Dezember 2026", "el": "6 Δεκεμβρίου 2026",
         "ru": "6 декабря 2026\u202fг.", "ko": "2026년 12월 6일", "eo": "6 Decembro 2026"}
TERMINAL = [("{n} point", "{n} points"), ("{name} takes the trick ({points} point).",
                                           "{name} takes the trick ({points} points)."),
            ("{name} discards {n} card.", "{name} discards {n} cards."),
            ("Your rating: {rating} after {n} game ({wins} won).",
             "Your rating: {rating} after {n} games ({wins} won).")]
"""The terminal's counted texts (``ngettext`` where they are shown)."""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_the_issues_words_for_1_2_and_5(key, language):
    assert tuple(t(key, language, n=n) for n in (1, 2, 5)) == EXPECTED[key][language]


def fields(n: int) -> dict[str, object]:
    """The fields of the terminal's counted texts."""
    return {"n": n, "points": n, "name": "Anna", "rating": "1,500", "wins": 3}


@pytest.mark.parametrize("language", [x for x in LANGUAGES if x != "en"])
def test_every_counted_text_is_translated_for_1_2_and_5(language):
    counted = [(lambda n, key=key: t(key, language, n=n, wins=3, total=n),
                lambda n, key=key: t(key, "en", n=n, wins=3, total=n)) for key in PLURALS]
    counted += [(lambda n, one=one, many=many: ngettext(one, many, n, language).format(**fields(n)),
                 lambda n, one=one, many=many: ngettext(one, many, n, "en").format(**fields(n)))
                for one, many in TERMINAL]
    for shown, english in counted:
        for n in (1, 2, 5):
            assert shown(n) != english(n) and str(n) in shown(n), (language, shown(n))


@pytest.mark.parametrize("language", [x for x in LANGUAGES if x != "en"])
def test_the_catalogues_plural_rule_is_cldrs(language):
    with (LOCALE_DIR / language / "LC_MESSAGES" / "tavolo.po").open("rb") as f:
        catalogue = read_po(f)
    ours, cldr = c2py(catalogue.plural_expr), c2py(get_plural(language).plural_expr)  # Babel's rule, from CLDR
    pairs = {(ours(n), cldr(n)) for n in range(1000)}  # the same counts share a form (Italian's 'many' is 10⁶)
    assert len(pairs) == len({a for a, _ in pairs}) == len({b for _, b in pairs}), (language, sorted(pairs))
    counted = [m for m in catalogue if isinstance(m.id, tuple)]
    assert counted and all(len(m.string) == catalogue.num_plurals and all(m.string) for m in counted), language


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_date_in_each_locale(language):
    written = format_day(DAY, language)
    assert written == DATES[language]
    assert "12/06" not in written and "06/12" not in written
