"""The private hand picture (sent as an ephemeral message to its owner only).

The seat's cards in a row, numbered 1..n in the order of ``view.hand`` (the order of the play buttons),
trump cards outlined in gold with a star. Chiamata: the called card is tagged; the partner is told; the
caller sees the discards. Briscola: hands the seat may see (partner's, open mode) in a strip below. Cicera:
the table cards above the hand, the card a Picada can take outlined.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from images.cards import SUIT_WORDS, card_height, card_image, suit_image
from images.common import (
    CALLER_COLOUR,
    CREAM,
    FELT,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    WHITE,
    SeatInfo,
    draw_text,
    faces_of,
    label,
    paste,
    png_bytes,
    rounded_box,
    seat_name,
    text_image,
)
from rules.briscola import BriscolaView
from rules.cards import Card
from rules.chiamata import ChiamataView
from rules.cicera import CiceraView
from rules.view import GameView

log = logging.getLogger(__name__)

MAX_WIDTH = 1200
MARGIN = 16
CARD_W = 100
GAP = 10
MIN_WIDTH = 460
HEADER_H = 40
NUMBER_H = 30
TABLE_CARD_W = 72
MINI_W = 48


@dataclass(frozen=True)
class HandLayout:
    """Where the parts of a hand picture go (pixels)."""

    width: int
    height: int
    step: float
    """Distance between the left edges of two hand cards (less than a card when they overlap)."""
    hand_y: int
    table_y: int
    table_rows: int
    table_per_row: int
    extra_y: int


def _row_width(n: int, w: int, gap: int) -> int:
    return n * w + max(0, n - 1) * gap


def _extras(view: GameView) -> list[tuple[str, tuple[Card, ...]]]:
    """Strips below the hand: hands this seat may see (Briscola), the caller's discards (Chiamata)."""
    out: list[tuple[str, tuple[Card, ...]]] = []
    for s, cards in sorted(view.shown_hands().items()):
        out.append((f"seat:{s}", cards))
    if isinstance(view, ChiamataView) and view.discards:
        out.append(("discarded", view.discards))
    return out


def hand_layout(view: GameView) -> HandLayout:
    """The layout of a seat's hand picture (its size included)."""
    n = len(view.hand)
    table = tuple(view.table) if isinstance(view, CiceraView) else ()
    width = max(MIN_WIDTH, 2 * MARGIN + _row_width(n, CARD_W, GAP))
    table_per_row = 0
    table_rows = 0
    if isinstance(view, CiceraView):
        width = max(width, 2 * MARGIN + _row_width(min(len(table), 14), TABLE_CARD_W, 6))
    width = min(width, MAX_WIDTH)
    step = float(CARD_W + GAP)
    if n > 1 and 2 * MARGIN + _row_width(n, CARD_W, GAP) > width:
        step = (width - 2 * MARGIN - CARD_W) / (n - 1)
    y = HEADER_H
    if isinstance(view, ChiamataView) and view.i_am_partner:
        y += 24
    table_y = y
    if isinstance(view, CiceraView):
        table_per_row = max(1, (width - 2 * MARGIN + 6) // (TABLE_CARD_W + 6))
        table_rows = max(1, -(-len(table) // table_per_row))
        y += 24 + table_rows * (card_height(TABLE_CARD_W) + 6) + 6
    hand_y = y + NUMBER_H
    y = hand_y + card_height(CARD_W) + 12
    extra_y = y
    extras = _extras(view)
    if extras:
        y += 22 + card_height(MINI_W) + 12
    return HandLayout(width, y, step, hand_y, table_y, table_rows, table_per_row, extra_y)


def hand_size(view: GameView) -> tuple[int, int]:
    """The pixel size of the hand picture of ``view``."""
    lay = hand_layout(view)
    return (lay.width, lay.height)


@lru_cache(maxsize=64)
def _number_badge(number: int, trump: bool) -> Image.Image:
    box = rounded_box((30, 24), (*(HIGHLIGHT if trump else CREAM), 255), (*INK, 255), 1, 8)
    img = box.copy()
    t = text_image(str(number), 15, INK, True)
    img.alpha_composite(t, ((30 - t.width) // 2, (24 - t.height) // 2))
    return img


@lru_cache(maxsize=8)
def _outline(width: int, colour: tuple[int, int, int]) -> Image.Image:
    h = card_height(width)
    return rounded_box((width + 8, h + 8), (0, 0, 0, 0), (*colour, 255), 3, 11)


@lru_cache(maxsize=4)
def _star() -> Image.Image:
    img = rounded_box((26, 26), (*HIGHLIGHT, 255), (*INK, 255), 1, 13).copy()
    t = text_image("\u2605", 17, INK, True)
    img.alpha_composite(t, ((26 - t.width) // 2, (26 - t.height) // 2))
    return img


@lru_cache(maxsize=8)
def _background(size: tuple[int, int]) -> Image.Image:
    return Image.new("RGB", size, FELT)


def _trump_of(view: GameView) -> str | None:
    if isinstance(view, (BriscolaView, ChiamataView)):
        return view.trump
    return None


def _header(canvas: Image.Image, view: GameView, seats: Sequence[SeatInfo] | None, faces: str) -> None:
    strip = rounded_box((canvas.width, HEADER_H - 6), (*PANEL, 255), radius=0)
    paste(canvas, strip, (0, 0))
    seat = view.seat
    assert seat is not None, "hand_image checked that the view is a seat's"
    title = label("your_hand") if seats is None else label("hand_of", name=seat_name(seats, seat))
    right = canvas.width - MARGIN
    if isinstance(view, (BriscolaView, ChiamataView)):
        trump = view.trump
        if trump is None:
            w, _h = draw_text(canvas, (right, 9), label("trump_unknown"), 14, MUTED, anchor="rt")
        else:
            w, _h = draw_text(canvas, (right, 8), SUIT_WORDS[faces][trump], 15, HIGHLIGHT, True, anchor="rt")
            sign = suit_image(trump, faces, 24)
            paste(canvas, sign, (right - w - 6 - sign.width, 5))
            w2, _h = draw_text(canvas, (right - w - 12 - sign.width, 8), label("trump") + ":", 15, WHITE, True,
                               anchor="rt")
            w += w2 + 12 + sign.width
        right -= w + 16
    draw_text(canvas, (MARGIN, 8), title, 16, WHITE, True, max_width=max(60, right - MARGIN))


def _cicera_table(canvas: Image.Image, view: CiceraView, lay: HandLayout, faces: str) -> None:
    y = lay.table_y
    draw_text(canvas, (MARGIN, y), label("table"), 14, CREAM, True)
    y += 24
    if not view.table:
        draw_text(canvas, (MARGIN, y + 8), label("table_empty"), 13, MUTED)
        return
    placed = view.last_placement[1] if view.last_placement else None
    h = card_height(TABLE_CARD_W)
    for i, c in enumerate(view.table):
        x = MARGIN + (i % lay.table_per_row) * (TABLE_CARD_W + 6)
        yy = y + (i // lay.table_per_row) * (h + 6)
        if c == placed:
            paste(canvas, _outline(TABLE_CARD_W, HIGHLIGHT), (x - 4, yy - 4))
        paste(canvas, card_image(c, faces, TABLE_CARD_W), (x, yy))


def _extra_strip(canvas: Image.Image, view: GameView, lay: HandLayout, seats: Sequence[SeatInfo] | None,
                 faces: str) -> None:
    x = float(MARGIN)
    y = lay.extra_y
    for key, cards in _extras(view):
        name = label("discarded") if key == "discarded" else seat_name(seats, int(key.split(":")[1]))
        group_w = max(_row_width(len(cards), MINI_W, 4), 90)
        draw_text(canvas, (x, y), name, 13, CREAM, True, max_width=group_w)
        xx = x
        for c in cards:
            paste(canvas, card_image(c, faces, MINI_W), (xx, y + 20))
            xx += MINI_W + 4
        x += group_w + 20


def hand_image(view: GameView, seats: Sequence[SeatInfo] | None = None,
               ) -> Image.Image:
    """The hand picture as a Pillow image (RGB); see ``hand_png``."""
    if view.seat is None:
        raise ValueError("a hand picture needs a seat's own view, game.view(seat)")
    faces = faces_of(view.options)
    lay = hand_layout(view)
    canvas = _background((lay.width, lay.height)).copy()
    _header(canvas, view, seats, faces)
    if isinstance(view, ChiamataView) and view.i_am_partner:
        draw_text(canvas, (MARGIN, HEADER_H - 2), label("you_are_partner"), 14, CALLER_COLOUR, True,
                  max_width=lay.width - 2 * MARGIN)
    if isinstance(view, CiceraView):
        _cicera_table(canvas, view, lay, faces)
    trump = _trump_of(view)
    called = view.called if isinstance(view, ChiamataView) else None
    for i, c in enumerate(view.hand):
        x = MARGIN + i * lay.step
        is_trump = trump is not None and c.suit == trump
        badge = _number_badge(i + 1, is_trump)
        slot = min(lay.step, CARD_W)
        paste(canvas, badge, (x + (slot - badge.width) / 2, lay.hand_y - NUMBER_H + 2))
        if is_trump:
            paste(canvas, _outline(CARD_W, HIGHLIGHT), (x - 4, lay.hand_y - 4))
        paste(canvas, card_image(c, faces, CARD_W), (x, lay.hand_y))
        if is_trump:
            star = _star()
            paste(canvas, star, (x + CARD_W - star.width + 6, lay.hand_y + card_height(CARD_W) - star.height + 6))
        if called is not None and c == called:
            tag = text_image(label("called"), 12, INK, True)
            box = rounded_box((tag.width + 10, 18), (*CALLER_COLOUR, 255), radius=6)
            bx = x + (CARD_W - box.width) / 2
            by = lay.hand_y + card_height(CARD_W) - 10
            paste(canvas, box, (bx, by))
            paste(canvas, tag, (bx + 5, by + (18 - tag.height) / 2))
    if _extras(view):
        _extra_strip(canvas, view, lay, seats, faces)
    return canvas


def hand_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """A seat's hand as PNG bytes, from that seat's own view (``game.view(seat)``).

    With ``seats`` the title names the seat's player; without, it says 'Your hand'."""
    return png_bytes(hand_image(view, seats))
