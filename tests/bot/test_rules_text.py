"""The rules text of ``/rules`` and of ``rules`` in the terminal: complete (every option and value of each
game's spec, the card order and points, Cicera's bonuses and awards with their values, as RULES.md says),
short enough to translate into one Discord message, and marked for Babel."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from discord.ui import TextDisplay

import bot.rules_text
from bot.rules_text import RULES, rules_text
from bot.tools.views import rules_lines
from cogs import rules_text as rules_cog
from cogs.texts import card_name
from rules import games
from rules.cards import POINTS_BY_RANK, STRENGTH_ORDER
from rules.games.cicera.rules import AWARDS, BONUSES

GAME_MAX = 3000
PARAGRAPH_MAX = 700

# End awards and their values as RULES.md gives them (the engine's names, then how the text names them).
AWARD_VALUES = {"cards": ("most cards", "2"), "swords": ("most swords", "1"), "mata": ("La Mata", "1"),
                "xd": (card_name("Xd"), "1"), "fc": (card_name("Fc"), "1")}


def paragraphs(game: str) -> list[str]:
    return [text for _, text in RULES[game]]


def whole(game: str) -> str:
    return "\n".join(f"{heading}\n{text}" for heading, text in RULES[game])


def plain_ascii(word: str) -> str:
    return unicodedata.normalize("NFKD", word).encode("ascii", "ignore").decode()


def test_every_game_has_rules_and_no_other():
    assert set(RULES) == set(games.names())
    for game in RULES:
        assert len(RULES[game]) >= 4 and all(heading and text for heading, text in RULES[game])


@pytest.mark.parametrize("game", games.names())
def test_every_option_and_every_value_of_the_spec_is_explained_together(game):
    spec = games.spec(game)
    for name, option in spec.options.items():
        values = set(option.values)
        for by_players in (option.values_by_players or {}).values():
            values |= set(by_players)
        where = [p for p in paragraphs(game) if f"**{name}**" in p]
        assert where, f"{game}: option {name} is not explained"
        for value in values:
            assert any(f"`{value}`" in p for p in where), f"{game}: {name}={value} is not explained with {name}"


@pytest.mark.parametrize("game", ["briscola", "chiamata"])
def test_card_order_and_every_card_point_value(game):
    text = whole(game)
    assert " ".join(STRENGTH_ORDER) in text  # A 3 R C F 7 6 5 4 2
    by_strength = [r for r in STRENGTH_ORDER if r in POINTS_BY_RANK]
    assert ", ".join(f"{r} {POINTS_BY_RANK[r]}" for r in by_strength) in text  # A 11, 3 10, R 4, C 3, F 2
    assert "120 in all" in text
    assert ("at least 61" if game == "chiamata" else "60-60 is a draw") in text


def test_briscola_decks_per_player_count():
    text = whole("briscola")
    assert "40 cards" in text and "39 cards" in text and "36 cards" in text
    assert f"the {card_name('2c')} is left out (39 cards)" in text and "all four 2s (36 cards)" in text


def test_chiamata_scoring_and_match():
    text = whole("chiamata")
    for part in ("caller +2, partner +1, the other three -1", "caller -2, partner -1, the others +1",
                 "won +4 and the others -1", "lost -4 and the others +1", "A pass is final", "all five pass",
                 "61-120", "62-120", "5 rounds", "10 rounds", "their own total", "a tie at the top is shared",
                 "playing alone", "discards 5"):
        assert part in text, part


def test_every_cicera_capture_bonus_is_named_with_its_point():
    (bonuses,) = [text for heading, text in RULES["cicera"] if heading == "Capture bonuses"]
    named = {plain_ascii(name): value for name, value in re.findall(r"\*\*(\w+)\*\*: (\d+)", bonuses)}
    assert named == {bonus: "1" for bonus in BONUSES}
    assert "one capture can score several" in bonuses


def test_every_cicera_end_award_is_named_with_its_value():
    (awards,) = [text for heading, text in RULES["cicera"] if heading == "End awards"]
    assert set(AWARD_VALUES) | {"napula"} == set(AWARDS)
    for name, value in AWARD_VALUES.values():
        assert re.search(rf"\*\*{re.escape(name)}\*\*[^·\n*]*: {value}\b", awards), (name, value)
    assert "**napula**" in awards and "A-2-3 scores 3, A-2-3-4 scores 4, up to 10" in awards
    assert "a tie in either: nobody scores it" in awards


def test_cicera_captures_and_the_example():
    text = whole("cicera")
    for part in ("52 cards", "12 cards each and 4 face up", "courts never join a sum", "never compulsory",
                 "a 7 on a table of 7, 3, 4 takes the 7, or 3 and 4, or is placed", "the team that captured last"):
        assert part in text, part


@pytest.mark.parametrize("game", games.names())
def test_sizes_fit_one_translated_discord_message_and_no_format_fields(game):
    total = sum(len(heading) + len(text) + 2 for heading, text in RULES[game])
    assert total <= GAME_MAX, f"{game}: {total} characters"
    for heading, text in RULES[game]:
        assert len(heading) <= PARAGRAPH_MAX and len(text) <= PARAGRAPH_MAX, (heading, len(text))
        for s in (heading, text):
            assert not set("{}%") & set(s), s


def test_every_heading_and_paragraph_is_one_babel_message():
    found = {message for file in Path(bot.rules_text.__file__).parent.glob("*.py")
             for _, message, _, _ in extract_from_file("python", file, keywords={"N_": None})}
    shown = {s for game in RULES for section in RULES[game] for s in section}
    assert shown <= found


def test_rules_text_translates_every_section():
    assert rules_text("cicera", str.upper) == [(h.upper(), t.upper()) for h, t in RULES["cicera"]]


@pytest.mark.parametrize("game", games.names())
def test_rules_view_shows_every_section_translated(game, monkeypatch):
    monkeypatch.setattr(rules_cog, "gettext", lambda s: "<<" + s + ">>")
    view = rules_cog.rules_view(game)
    shown = "\n".join(item.content for item in view.walk_children() if isinstance(item, TextDisplay))
    assert len(shown) <= 4000
    for heading, text in RULES[game]:
        assert f"**<<{heading}>>**\n<<{text}>>" in shown


@pytest.mark.parametrize("game", games.names())
def test_terminal_rules_show_every_section_in_plain_text(game):
    lines = rules_lines(game, {"turn_timer": 60})
    out = "\n".join(lines)
    assert "**" not in out and "`" not in out
    for heading, _text in RULES[game]:
        assert heading in lines
    words = " ".join(out.split())
    for name in games.spec(game).options:
        assert re.search(rf"\b{name}( \([^)]*\))?: ", words), name  # match: ..., teams (4 and 6 players): ...
    assert lines[-1] == "This table: turn timer: 60 s"  # the options as the player reads them
