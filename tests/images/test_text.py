"""The bundled font and names: accents, Greek, Cyrillic, CJK and emoji render; long names are shortened."""

from __future__ import annotations

from pathlib import Path

import pytest

from images import common
from images.common import (
    ELLIPSIS,
    MISSING_GLYPH,
    REGULAR,
    SeatInfo,
    font,
    has_glyph,
    runs,
    seat_plate,
    shorten,
    text_image,
    text_width,
)

NAMES = [
    "Niccolò Ğüçlü Ñandú",
    "Ελευθερία",
    "Дмитрий Шостакович",
    "山田太郎",
    "김민수",
    "Joe 😀👍🏽🇮🇹",
    "family 👨\u200d👩\u200d👧",
    "x" * 300,
    "tab\tnew\nline\x00",
    "",
    " ",
    "\u200b\u200b",
    "مرحبا بالعالم",
]


def test_font_is_bundled_with_its_licence():
    folder = Path(common.__file__).parent / "fonts"
    assert REGULAR.parent == folder
    assert (folder / "DejaVuSans.ttf").is_file() and (folder / "DejaVuSans-Bold.ttf").is_file()
    assert "Bitstream" in (folder / "LICENSE-DejaVu.txt").read_text(encoding="utf-8")
    assert font(14) is font(14)
    assert font(14).path == str(REGULAR)


@pytest.mark.parametrize("name", NAMES)
def test_names_render_without_error(name):
    img = text_image(name, 15, max_width=150)
    assert img.width <= 150 + 2
    plate = seat_plate(name, "hard", (10, 20, 30), "hand 3", turn=True, dealer=True)
    assert plate.size == seat_plate("x", None, (10, 20, 30)).size


def test_font_covers_accents_greek_cyrillic_and_suit_signs():
    for ch in "òàéÑĞĄŁ" "ΕλΩ" "ДжЯ" "♠♥♦♣":
        assert has_glyph(str(REGULAR), ch), ch
    assert not has_glyph(str(REGULAR), "山")


def test_missing_characters_fall_back_without_error():
    parts = runs("A山B")
    text = "".join(t for _path, t in parts)
    assert text[0] == "A" and text[-1] == "B"
    # either a fallback font on this host draws it, or the placeholder square does
    assert "山" in text or MISSING_GLYPH in text
    # a skin-tone modifier or variation selector no font has is dropped, not boxed
    assert "".join(t for _p, t in runs("a\ufe0fb")) in ("ab", "a\ufe0fb")


def test_long_names_are_shortened_with_an_ellipsis():
    long = "Bartolomeo Ferdinando di Montefiore della Valle " * 3
    short = shorten(long, 15, 160)
    assert short.endswith(ELLIPSIS)
    assert long.startswith(short[:-1])
    assert text_width(short, 15) <= 160
    assert len(short) < len(long)
    assert shorten("Ada", 15, 160) == "Ada"


def test_a_wider_limit_keeps_more_of_a_name():
    long = "Дмитрий Дмитриевич Шостакович"
    assert len(shorten(long, 15, 100)) < len(shorten(long, 15, 200))


def test_seat_info_defaults_to_a_human():
    assert SeatInfo("Ada").ai is None
    assert common.seat_name([SeatInfo("  ")], 0) == "Seat 1"
    assert common.seat_name(None, 2) == "Seat 3"
