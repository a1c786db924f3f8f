"""The bundled font and names: accents, Greek, Cyrillic render; a name the font cannot draw (CJK, emoji it
lacks) gives way to the seat's label, never boxes; long names are shrunk or split, never cut; AI seats are
told apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from images import common
from images.common import (
    ELLIPSIS,
    MISSING_GLYPH,
    REGULAR,
    SeatInfo,
    drawable,
    font,
    has_glyph,
    recording,
    runs,
    seat_name,
    seat_names,
    shorten,
    text_image,
    text_width,
)
from images.games import briscola as briscola_pictures

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


@pytest.fixture(scope="module")
def two_player_view():

    return briscola_pictures.mid_trick(2, {}, tricks=2, played=1).view(None)


def table_texts(view, seats) -> list[str]:
    from images.table import table_image

    with recording() as drawn:
        table_image(view, seats)
    return [d.text for d in drawn if d.kind == "text"]


@pytest.mark.parametrize("name", NAMES)
def test_names_render_without_error(name, two_player_view):
    img = text_image(name, 15, max_width=150)
    assert img.width <= 150 + 2
    texts = table_texts(two_player_view, [SeatInfo(name, "hard"), SeatInfo("Ada")])
    assert texts, "the table drew no text"
    for t in texts:
        assert MISSING_GLYPH not in t, t
        assert drawable(t), f"{t!r} has a character the bundled font cannot draw"


def test_drawable_follows_the_bundled_font():
    assert drawable("Niccolò Ğüçlü") and drawable("Ελευθερία") and drawable("Дмитрий")
    assert not drawable("山田太郎") and not drawable("やまだ")
    assert drawable("김민수"), "Hangul is drawn by the bundled Korean font"
    assert not drawable("") and not drawable("  \n")
    assert not drawable("Ada 山")
    # a character the font lacks, whatever it is, makes a text undrawable
    lacking = next(ch for ch in ("\U0001f984", "\U0001faa8", "\U0001f9ff") if not has_glyph(str(REGULAR), ch))
    assert not drawable(f"Joe {lacking}")


def test_an_undrawable_name_is_replaced_by_the_seat_label(two_player_view):
    seats = [SeatInfo("山田太郎"), SeatInfo("やまだ", label="P2")]
    assert seat_name(seats, 0) == "Seat 1" and seat_name(seats, 1) == "P2"
    texts = table_texts(two_player_view, seats)
    assert "Seat 1" in texts and "P2" in texts
    assert not any("山" in t or "や" in t for t in texts)


def test_ai_seats_are_told_apart():

    same = [SeatInfo("AI (easy)", "easy")] * 4
    names = seat_names(same, 4)
    assert len(set(names)) == 4
    four = briscola_pictures.mid_trick(4, {}, tricks=2, played=1).view(None)
    joined = " ".join(table_texts(four, same))
    assert joined.count("AI (") == 4
    for k in range(1, 5):
        assert f"#{k}" in joined, joined  # kept when the name is cut short
    numbered = [SeatInfo(f"AI {k} (easy)", "easy") for k in range(1, 5)]
    assert seat_names(numbered, 4) == [f"AI {k} (easy)" for k in range(1, 5)]


def one_line_of(name: str, texts: list[str]) -> str | None:
    """The text drawn for ``name`` on one line: the whole name, or its beginning cut with an ellipsis."""
    for t in texts:
        if t == name or (t.endswith(ELLIPSIS) and len(t) > 1 and name.startswith(t[:-1].rstrip())):
            return t
    return None


@pytest.mark.parametrize("players", [2, 4, 6])
def test_long_names_take_one_line(players):
    """A long name is drawn on one line, shrunk to fit or, when even the smallest legible size is too wide, its
    beginning cut with an ellipsis; never wrapped (which falls under the cards below, in the hand picture)
    and never replaced by another label (``Seat N``), so that a seat has one name everywhere."""

    view = briscola_pictures.mid_trick(players, {}, tricks=1, played=1).view(None)
    long_names = ["Massimiliano", "Bartolomeo Ferdinando di Montefiore della Valle", "Maria Antonietta Esposito",
                  "Chiara Bellini", "Pierfrancesco", "Anna"]
    seats = [SeatInfo(n) for n in long_names[:players]]
    texts = table_texts(view, seats)
    for name in long_names[:players]:
        assert one_line_of(name, texts), (name, texts)
    assert not any(t.startswith("Seat ") for t in texts), texts
    assert "Anna" in texts or players < 6, "a short name is drawn whole"
    assert one_line_of(long_names[1], texts) != long_names[1], "a name too long for its place is cut"


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


def test_shorten_cuts_with_an_ellipsis():
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
