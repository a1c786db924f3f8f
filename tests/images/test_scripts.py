"""Pictures in every script: labels in Greek, Russian and Korean are drawn with glyphs of a bundled font (each
character in the character map of the font ``runs`` picks for it, none falling to the missing-glyph box); a
Korean name is drawn in Korean, a Chinese or emoji name gives way to the seat's label; the bundled Korean
font is a small subset that covers the Korean catalogue, with its licence, and ``python -m bot.lab.fonts``
rebuilds it byte for byte."""

from __future__ import annotations

import gettext
import string
import unicodedata
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from images import common, samples
from images.common import (
    BUNDLED_FONTS,
    ELLIPSIS,
    FONT_DIR,
    KOREAN,
    LABELS,
    MISSING_GLYPH,
    PLURAL_LABELS,
    DrawnText,
    SeatInfo,
    clean_text,
    drawable,
    label,
    recording,
    runs,
    seat_name,
    set_translator,
)
from images.games import briscola as briscola_pictures
from images.games import chiamata as chiamata_pictures
from images.games import cicera as cicera_pictures
from images.hand import hand_image
from images.labels import sources as picture_sources
from images.summary import summary_image
from images.table import table_image
from rules.engine import Match

LOCALE_DIR = Path(__file__).resolve().parents[2] / "bot" / "locale"
FACES = ((False, False), (True, False), (True, True))
"""(bold, condensed): every face a text may be drawn in; each text is checked in all three."""

WORDS = {
    "el": ["Πόντοι", "Γύρος", "Ατού", "Τράπουλα", "Παίζει", "Νικητής", "Σύνολο", "Χέρι", "Ομάδα", "Τραπέζι",
           "Θέση", "Μπάζα", "Σπαθιά", "Δηνάρια", "Κούπες", "Ρε", "Ντάμα", "Φάντης"],
    "ru": ["Очки", "Раунд", "Козырь", "Колода", "Ходит", "Победитель", "Итого", "Рука", "Команда", "Стол",
           "Место", "Взятка", "Мечи", "Монеты", "Кубки", "Король", "Конь", "Валет"],
    "ko": ["점수", "라운드", "으뜸패", "덱", "차례", "승자", "합계", "손패", "팀", "테이블", "자리", "트릭",
           "칼", "동전", "컵", "왕", "기사", "시종", "ㄱㄴㄷ"],
}
"""A few real words per script, from which the fake catalogues build their texts."""
NAMES = {
    "el": ["Ελευθερία", "Γιώργος", "Δήμητρα Παπαδοπούλου", "Νίκος", "Σοφία", "Ξενοφών"],
    "ru": ["Дмитрий", "Анастасия", "Шостакович Ёжиков", "Юлия", "Фёдор", "Щукин"],
    "ko": ["김민수", "이서연", "박지훈 최유진", "정하늘", "강다온", "황보민"],
}
"""Seat names in each script, so that the names too are drawn in it."""


def fields(source: str) -> str:
    """The ``{fields}`` of a source text, each once, as they must stay in a translation."""
    names = dict.fromkeys(f for _lit, f, _spec, _conv in string.Formatter().parse(source) if f)
    return " ".join("{" + f + "}" for f in names)


def fake_catalogue(lang: str) -> dict[str, str]:
    """A made-up translation of every label (and both forms of every counted one): real words of the script,
    then the source's fields."""
    words = WORDS[lang]
    sources = picture_sources()
    out = {}
    for k, source in enumerate(dict.fromkeys(sources)):
        text = " ".join(words[(k + j) % len(words)] for j in range(1 + k % 3))
        out[source] = f"{text} {fields(source)}".strip()
    return out


def fake_translator(lang: str) -> common.Translator:
    catalogue = fake_catalogue(lang)

    def translate(message: str, plural: str | None, n: int | None) -> str:
        if plural is not None and n is not None and n != 1:
            return catalogue[plural]
        return catalogue[message]

    return translate


def catalogue_translator(lang: str) -> common.Translator | None:
    """The real compiled catalogue of ``lang`` as a label translator, or ``None`` while there is none."""
    mo = LOCALE_DIR / lang / "LC_MESSAGES" / "tavolo.mo"
    if not mo.is_file():
        return None
    with mo.open("rb") as fh:
        catalogue = gettext.GNUTranslations(fh)

    def translate(message: str, plural: str | None, n: int | None) -> str:
        if plural is not None and n is not None:
            return catalogue.ngettext(message, plural, n)
        return catalogue.gettext(message)

    return translate


@pytest.fixture
def translator() -> Iterator[Callable[[common.Translator | None], None]]:
    """Set a label translator for the test; the one set before (a front end's, or none) comes back after."""
    before = common._TRANSLATOR[0]
    yield set_translator
    set_translator(before)


@cache
def cmap(path: str) -> frozenset[int]:
    """The code points a font file maps to glyphs."""
    return frozenset(TTFont(path, lazy=True).getBestCmap())


def not_in_font(text: str) -> list[str]:
    """The characters of a drawn text that the font ``runs`` picks for them (in any face) does not map, or that
    come out as the missing-glyph box; described."""
    text = unicodedata.normalize("NFC", clean_text(text))
    problems = []
    for bold, condensed in FACES:
        parts = runs(text, bold, condensed)
        drawn = "".join(part for _path, part in parts)
        if drawn != text:
            problems.append(f"{text!r} comes out as {drawn!r} (bold={bold}, condensed={condensed})")
        for path, part in parts:
            assert Path(path).parent == FONT_DIR, f"{path} is not a bundled font"
            for ch in part:
                if ord(ch) not in cmap(path) and not ch.isspace():
                    problems.append(f"{ch!r} (U+{ord(ch):04X}) of {text!r} not in {Path(path).name}")
    return problems


def positions() -> list[tuple[str, Match]]:
    """A table, hand and summary of each game: Briscola (2 and 4 players, open hands), Chiamata (auction, play,
    its end), Cicera (12 table cards, its end)."""
    return [("briscola-2p", briscola_pictures.mid_trick(2, {"show_points": "on"}, tricks=2, played=1)),
            ("briscola-4p-open", briscola_pictures.mid_trick(4, {"open": "on"}, tricks=2, played=1)),
            ("briscola-3p-end", samples.finished("briscola", 3)),
            ("chiamata-auction", chiamata_pictures.auction(3)),
            ("chiamata-revealed", chiamata_pictures.after_reveal({"show_points": "on"})),
            ("chiamata-end", samples.finished("chiamata", 5)),
            ("cicera-12", cicera_pictures.with_table(12)),
            ("cicera-end", samples.finished("cicera", 4))]


@pytest.fixture(scope="module")
def games() -> list[tuple[str, Match]]:
    return positions()


def draw_all(games: list[tuple[str, Match]], seats: list[SeatInfo]) -> list[tuple[str, list[DrawnText]]]:
    """Every picture of every position (the summary once a game is over, the table and each hand before),
    with the texts it drew."""
    out = []
    for name, match in games:
        chairs = seats[:match.n]
        if match.is_over():
            with recording() as drawn:
                summary_image(match.view(None), chairs)
            out.append((f"summary {name}", drawn))
            continue
        with recording() as drawn:
            table_image(match.view(None), chairs)
        out.append((f"table {name}", drawn))
        for seat in range(match.n):
            view = match.view(seat)
            if view.hand:
                with recording() as drawn:
                    hand_image(view, chairs)
                out.append((f"hand {name} seat {seat + 1}", drawn))
    return out


def check_pictures(games: list[tuple[str, Match]], lang: str, most: bool = True) -> list[str]:
    """Draw every picture with names of ``lang``'s script; return the problems of the drawn texts. Check too
    that the texts did come out in that script: most texts with a letter (``most``), else some."""
    pictures = draw_all(games, [SeatInfo(n) for n in NAMES[lang]])
    kinds = {name.split()[0] for name, _drawn in pictures}
    assert kinds == {"table", "hand", "summary"}, kinds
    problems = []
    texts = [d.text for _name, drawn in pictures for d in drawn if d.kind == "text"]
    assert len(texts) > 100, "the pictures drew few texts"
    for name, drawn in pictures:
        for d in drawn:
            if d.kind == "text":
                problems += [f"{name}: {p}" for p in not_in_font(d.text)]
    script = {"el": "GREEK", "ru": "CYRILLIC", "ko": "HANGUL"}[lang]
    worded = [t for t in texts if any(ch.isalpha() for ch in t)]
    in_script = [t for t in worded if any(unicodedata.name(ch, "").startswith(script) for ch in t)]
    assert len(in_script) > (len(worded) // 2 if most else 0), f"few texts are in {script}: {worded[:30]}"
    return problems


@pytest.mark.parametrize("lang", ["el", "ru", "ko"])
def test_every_label_is_drawn_from_a_bundled_font_fake_catalogue(lang, games, translator):
    translator(fake_translator(lang))
    assert label("to_move", name="X") != LABELS["to_move"].format(name="X")
    problems = check_pictures(games, lang)
    assert not problems, "\n".join(problems[:20])


@pytest.mark.parametrize("lang", ["el", "ru", "ko"])
def test_every_label_is_drawn_from_a_bundled_font_real_catalogue(lang, games, translator):
    translate = catalogue_translator(lang)
    assert translate is not None, f"no compiled catalogue bot/locale/{lang}/LC_MESSAGES/tavolo.mo"
    translated = [source for source in LABELS.values() if translate(source, None, None) != source]
    assert len(translated) > len(LABELS) // 2, f"the {lang} catalogue translates few picture labels"
    translator(translate)
    problems = check_pictures(games, lang, most=len(translated) == len(LABELS))
    assert not problems, "\n".join(problems[:20])


def test_the_fake_catalogues_translate_every_label(translator):
    """The fakes cover every label and counted label, keep their fields, and are in their script."""
    for lang in ("el", "ru", "ko"):
        translator(fake_translator(lang))
        for key, source in LABELS.items():
            kw = {f: 7 for f in fields(source).replace("{", "").replace("}", "").split()}
            text = label(key, **kw)
            assert text != source.format(**kw), (lang, key)
            assert fields(fake_catalogue(lang)[source]) == fields(source), (lang, key)
        for key in PLURAL_LABELS:
            assert label(key, n=1) != label(key, n=2), (lang, key)
            assert "3" in label(key, n=3)


def test_the_check_fails_on_text_no_bundled_font_has(translator):
    """The check can fail: labels in Chinese, or in Hangul outside KS X 1001, fall to the missing-glyph box."""
    assert not_in_font("点数: 山田")
    assert not_in_font("똠방각하")  # syllables not among the 2,350 of KS X 1001
    assert not not_in_font("점수 Ελευθερία Дмитрий 123")
    translator(lambda message, plural, n: ("点数 " + fields(plural if plural and n != 1 else message)).strip())
    pictures = draw_all([("briscola-2p", samples.finished("briscola", 2))], [SeatInfo("Ada"), SeatInfo("Bo")])
    problems = [p for _name, drawn in pictures for d in drawn if d.kind == "text" for p in not_in_font(d.text)]
    assert problems and any("点" in p for p in problems)


# ----- names -----
def lacking_emoji() -> str:
    """Emoji that no bundled font draws (DejaVu has a few emoticons, such as U+1F600)."""
    found = [ch for ch in ("\U0001f984", "\U0001faa8", "\U0001f9ff", "\U0001f98a") if not drawable(ch)]
    assert found, "every candidate emoji is drawable"
    return "".join(found)


def test_a_korean_name_is_drawn_in_korean():
    view = briscola_pictures.mid_trick(2, {}, tricks=2, played=1).view(None)
    seats = [SeatInfo("김민수", label="P1"), SeatInfo("이서연")]
    assert seat_name(seats, 0) == "김민수" and seat_name(seats, 1) == "이서연"
    with recording() as drawn:
        table_image(view, seats)
    texts = [d.text for d in drawn if d.kind == "text"]
    assert "김민수" in texts and "이서연" in texts, texts
    assert "P1" not in texts and "Seat 2" not in texts
    assert not [p for t in texts for p in not_in_font(t)]
    # the Korean runs come from the bundled Korean font (bold, for names in condensed bold as for the rest)
    assert runs("김 Kim", True, True) == [(str(KOREAN), "김"), (str(common.CONDENSED), " Kim")]
    assert runs("김민수") == [(str(KOREAN), "김민수")]
    # decomposed jamo (as some keyboards send them) are composed into the syllables
    assert seat_name([SeatInfo(unicodedata.normalize("NFD", "김민수"))], 0) != "Seat 1"


def test_chinese_and_emoji_names_become_the_seat_label():
    emoji = lacking_emoji()
    seats = [SeatInfo("山田太郎"), SeatInfo(emoji, label="Seat B"), SeatInfo("やまだ"), SeatInfo(f"김 {emoji}")]
    assert [seat_name(seats, s) for s in range(4)] == ["Seat 1", "Seat B", "Seat 3", "Seat 4"]
    view = briscola_pictures.mid_trick(4, {}, tricks=2, played=1).view(None)
    with recording() as drawn:
        table_image(view, seats)
    texts = [d.text for d in drawn if d.kind == "text"]
    for wanted in ("Seat 1", "Seat B", "Seat 3", "Seat 4"):
        assert wanted in texts, (wanted, texts)
    assert not any(ch in t for t in texts for ch in "山や" + emoji + MISSING_GLYPH)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_a_long_korean_name_takes_one_line(players):
    """A long Korean name (Hangul is wider than Latin letters) is shrunk to fit one line, or its beginning is
    drawn with an ellipsis, as for any long name; never wrapped, never replaced by the seat's label."""
    names = ["남궁민수와친구들의아주긴이름", "황보 다온 하늘 별 바다 구름 나무", "김민수", "이서연", "박지훈", "최유진"]
    seats = [SeatInfo(n) for n in names[:players]]
    view = briscola_pictures.mid_trick(players, {}, tricks=1, played=1).view(None)
    with recording() as drawn:
        table_image(view, seats)
    texts = [d.text for d in drawn if d.kind == "text"]
    for name in names[:players]:
        assert any(t == name or (t.endswith(ELLIPSIS) and name.startswith(t[:-1].rstrip())) for t in texts), \
            (name, texts)
    assert not any(t.startswith("Seat ") for t in texts), texts
    assert not [p for t in texts for p in not_in_font(t)]


# ----- the bundled Korean font -----
def test_the_korean_font_is_a_small_bundled_subset_with_its_licence():
    from bot.lab.fonts import ks_x_1001_syllables

    assert KOREAN.stat().st_size < 1_500_000
    licence = (FONT_DIR / "LICENSE-NotoSansCJK.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in licence and "Adobe" in licence
    syllables = ks_x_1001_syllables()
    assert len(syllables) == 2350
    mapped = cmap(str(KOREAN))
    assert {ord(ch) for ch in syllables} <= mapped
    assert set(range(0x3131, 0x318F)) <= mapped and set(range(0x20, 0x7F)) <= mapped
    assert ord("똠") not in mapped and ord("山") not in mapped, "not a subset"
    assert all(p.parent == FONT_DIR and p.is_file() for p in BUNDLED_FONTS)
    assert not hasattr(common, "FALLBACK_FONTS"), "no system font is used"


def test_the_korean_font_covers_the_korean_catalogue():
    from bot.lab.fonts import CATALOGUE, catalogue_characters

    assert CATALOGUE.is_file(), f"no Korean catalogue ({CATALOGUE.relative_to(LOCALE_DIR.parent.parent)})"
    chars = catalogue_characters(CATALOGUE)
    assert any("\uac00" <= ch <= "\ud7a3" for ch in chars), "the Korean catalogue has no Hangul"
    lacking = sorted(ch for ch in chars if ord(ch) not in cmap(str(KOREAN)) and not ch.isspace())
    assert not lacking, f"{KOREAN.name} lacks {' '.join(lacking)}: rerun python -m bot.lab.fonts"


def test_the_tool_rebuilds_the_bundled_fonts(tmp_path, require):
    from bot.lab import fonts

    if not fonts.DEBIAN_BOLD.is_file():
        require("fonts-noto-cjk", f"no {fonts.DEBIAN_BOLD} (apt-get install fonts-noto-cjk)")
    assert fonts.main(["--out", str(tmp_path)]) == 0
    assert (tmp_path / KOREAN.name).read_bytes() == KOREAN.read_bytes(), \
        f"{KOREAN.name} is not what python -m bot.lab.fonts makes: rerun it"
