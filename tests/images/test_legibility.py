"""Every text of every picture, card indices included, is at least 11 px tall as a phone shows it.

Each picture kind (table, every seat's hand, summary) is drawn over the sample positions of every game and
mode (``images.samples.sample_pictures``), with the sample names and with hard ones (long, undrawable,
numbered AI seats), while ``images.common.recording`` notes every text drawn and how tall its ink is. The
height shown is that times the phone display width over the picture's width.
"""

from __future__ import annotations

import pytest
from PIL import Image

from images import samples
from images.common import (
    MIN_TEXT_PX,
    PHONE_DISPLAY_WIDTH,
    DrawnText,
    draw_text,
    recording,
)
from images.games import cicera as cicera_pictures

CARD_INDEX_MIN_PX = MIN_TEXT_PX
"""A card's corner index (rank), as shown on a phone: the same bound as every text."""


def too_small(drawn: list[DrawnText], kind: str = "text", bound: float = MIN_TEXT_PX) -> list[str]:
    """The drawn texts of ``kind`` shorter than ``bound`` at the phone width, described."""
    return [f"{d.text!r}: {d.displayed(PHONE_DISPLAY_WIDTH):.1f} px" for d in drawn
            if d.kind == kind and d.displayed(PHONE_DISPLAY_WIDTH) < bound]


@pytest.fixture(scope="module", params=["sample", "long"])
def pictures(request) -> list[tuple[str, Image.Image, list[DrawnText]]]:
    return samples.sample_pictures(request.param)


def test_every_picture_kind_and_game_is_covered(pictures):
    names = [n for n, _img, _d in pictures]
    for wanted in ("table briscola-2p", "table briscola-6p-open", "table chiamata-auction", "table cicera-12",
                   "hand chiamata-8-cards", "hand chiamata-kitty", "hand cicera-12", "summary cicera",
                   "summary chiamata", "summary briscola-4p-short", "table scopa-3p", "hand scopa-2p-crowded",
                   "table scopone-tradizionale", "hand scopone-scientifico", "summary scopa-3p",
                   "summary scopone-11-napola", "table tressette-2p-accusi", "table tressette-4p-signals",
                   "hand tressette-2p", "summary tressette-4p"):
        assert any(n.startswith(wanted) for n in names), wanted
    assert all(drawn for name, _img, drawn in pictures if not name.startswith("table chiamata-auction")), \
        "a picture drew nothing the recorder saw"


def test_no_text_is_under_11_px_on_a_phone(pictures):
    failures = []
    for name, _img, drawn in pictures:
        texts = [d for d in drawn if d.kind == "text"]
        if name.startswith(("summary", "hand chiamata-called")) or "open" in name:
            assert texts, f"{name}: no text recorded"
        failures += [f"{name}: {f}" for f in too_small(drawn)]
    assert not failures, "\n".join(failures[:20])


def test_card_indices_are_readable_on_a_phone(pictures):
    failures = []
    for name, _img, drawn in pictures:
        failures += [f"{name}: {f}" for f in too_small(drawn, "card", CARD_INDEX_MIN_PX)]
    assert not failures, "\n".join(failures[:20])


def test_pictures_are_as_wide_as_designed(pictures):
    """Every picture is at least as wide as the desktop shows it (so it is never enlarged) and at most 1200."""
    from images.common import DESKTOP_DISPLAY_WIDTH

    for name, img, _drawn in pictures:
        assert DESKTOP_DISPLAY_WIDTH <= img.width <= 1200, name


def test_the_check_fails_on_the_old_table_design():
    """The check can fail: the old 960 x 640 table's seat plate ("hand 2 · tricks 1", 13 px) and side panel
    text (14 px) come out about 3 px tall at the phone width."""
    old = Image.new("RGB", (960, 640))
    with recording() as drawn:
        draw_text(old, (24, 30), "hand 2 \u00b7 tricks 1", 13)
        draw_text(old, (716, 100), "Stock: 15", 14, bold=True)
    small = too_small(drawn)
    assert len(small) == 2
    assert all(d.displayed(PHONE_DISPLAY_WIDTH) < 5 for d in drawn)


def test_recording_is_off_outside_the_block():
    img = Image.new("RGB", (795, 100))
    with recording() as drawn:
        pass
    draw_text(img, (0, 0), "Outside", 40)
    assert drawn == []


def test_the_card_index_check_fails_on_a_small_card():
    """The check can fail for cards too: a card drawn 100 px wide on a 795 px picture shows its index under
    11 px on a phone; at 114 px (the smallest the pictures draw) it is over."""
    from images.cards import paste_card
    from rules.cards import Card

    canvas = Image.new("RGB", (795, 400))
    with recording() as drawn:
        paste_card(canvas, Card.of("X", "s"), "italian", 100, (0, 0))
        paste_card(canvas, Card.of("X", "s"), "italian", 114, (120, 0))
    assert [d.kind for d in drawn] == ["card", "card"]
    assert len(too_small(drawn, "card", CARD_INDEX_MIN_PX)) == 1
    assert drawn[0].displayed(PHONE_DISPLAY_WIDTH) < CARD_INDEX_MIN_PX <= drawn[1].displayed(PHONE_DISPLAY_WIDTH)


@pytest.mark.parametrize(("rank", "suit", "faces"), [("4", "d", "italian"), ("X", "b", "italian"),
                                                     ("R", "c", "italian"), ("X", "s", "french")])
def test_the_recorded_index_height_is_the_drawn_one(rank, suit, faces):
    """The height noted for a card's index is the height of the rank's ink in the card's corner."""
    from images.cards import CARD_W, SUIT_COLOURS, card_image, index_height
    from rules.cards import Card

    card = Card.of(rank, suit)
    width = 300
    sprite = card_image(card, faces, width).convert("RGB")
    ink = SUIT_COLOURS[faces][suit]
    scale = width / CARD_W
    left, right = int(4 * scale), int(22 * scale)

    def inked(y: int) -> bool:
        return any(sum(abs(a - b) for a, b in zip(sprite.getpixel((x, y)), ink)) < 60 for x in range(left, right))

    y = int(3 * scale)
    while not inked(y):
        y += 1
    top = y
    while inked(y):
        y += 1
    assert abs((y - top) - index_height(card, faces, width)) <= 3


@pytest.mark.parametrize("count", [13, 18, 20, 25])
def test_a_crowded_cicera_table_keeps_its_indices_legible(count):
    """More table cards than two rows of 6 hold overlap (each index showing) rather than get smaller, in the
    table picture (up to 20 in the two rows of 12, more in a third row) and in the hand picture's board (up to
    13 in its one row, so that the hand message fits a screen; more in a second row)."""
    import dataclasses

    from images.hand import hand_image
    from images.table import table_image
    from rules.cards import deck_52

    match = cicera_pictures.with_table(12)
    for seat in (None, match.to_move()):
        twelve = match.view(seat)
        view = dataclasses.replace(twelve, table=tuple(deck_52()[:count]))
        draw = table_image if seat is None else hand_image
        with recording() as drawn:
            img = draw(view)
        cards = [d for d in drawn if d.kind == "card"]
        assert len(cards) >= count
        assert not too_small(drawn, "card", CARD_INDEX_MIN_PX), (seat, count)
        assert img.width == 795
        base = draw(twelve).height
        one_size = 20 if seat is None else 13  # as many cards as the rows of twelve's picture hold
        assert img.height == base if count <= one_size else img.height > base, (seat, count, img.height, base)
