"""Every text of every picture is at least 11 px tall as a phone shows it, and card indices are readable.

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

CARD_INDEX_MIN_PX = 7.0
"""A card's corner index (rank), as shown on a phone: readable."""


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
                   "summary chiamata", "summary briscola-4p-short"):
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
