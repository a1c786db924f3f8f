"""The private hand picture (sent as an ephemeral message to its owner only).

The seat's cards, large, numbered 1..n in the order of ``view.hand`` (the order of the play buttons), trump
cards outlined in gold with a star; on one row up to 12 cards, overlapping when they must, the corner index
always showing, a card that may not be played now (a suit to follow) under a dark veil; the hands the
seat may see (``GameView.shown_hands``) in strips below. What a game adds (the
part above the hand: the trick in play or the table's cards; its trump; a called card's tag; a banner; its own
strips below) comes from the game's ``HandParts`` (``images.registry``). The trump and the player's name are
message text. Designed for the phone display width, like every picture.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images.cards import card_height, paste_card
from images.common import (
    CALLER_COLOUR,
    CREAM,
    FELT,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    PICTURE_WIDTH,
    Fitted,
    SeatInfo,
    draw_lines,
    draw_text,
    faces_of,
    fit_lines,
    label,
    line_height,
    min_size,
    paste,
    png_bytes,
    rounded_box,
    seat_names,
    shorten,
    size_for,
    text_width,
)
from images.parts import AbovePart, HandExtra, HandParts
from images.registry import for_game
from rules.view import GameView

log = logging.getLogger(__name__)

WIDTH = PICTURE_WIDTH
MARGIN = 18
GAP = 15
MAX_CARD = 236
MIN_CARD = 168
"""Below this, cards of a row overlap instead of shrinking."""
MIN_CARD_LONG = 120
"""The same for hands of more than 8 cards (and for every hand of a game whose ``HandParts.overlap_early``)."""
ONE_ROW = 12
"""Hands of up to this many cards lie on one row (8 or 12 overlapping, each index showing), so that the hand
message fits a phone's screen and a desktop's; longer ones on two."""
MINI = 132


@dataclass(frozen=True)
class HandLayout:
    """Where the parts of a hand picture go (pixels)."""

    width: int
    height: int
    card: int
    per_row: int
    step: float
    """Distance between the left edges of two hand cards of a row (less than a card when they overlap)."""
    hand_y: int
    row_h: int
    badge_h: int
    banner_y: int
    banner_lines: int
    table_y: int
    above: AbovePart | None
    """The game's part above the hand (the trick in play, the table's cards), if any."""
    extra_y: int
    extra_h: int
    badge_rows: int = 1
    """2 when the numbers of overlapping cards are too close for one line: odd ones on a second line."""


def _parts(view: GameView) -> HandParts:
    """The game's parts of the hand picture (``MissingPictures`` when the game has none)."""
    parts = for_game(view.game).hand
    assert parts is not None  # for_game checks every piece
    return parts


def _extras(view: GameView) -> list[HandExtra]:
    """Strips below the hand: hands this seat may see, then the game's own (a caller's discards)."""
    out = [HandExtra(cards, seat=s) for s, cards in sorted(view.shown_hands().items())]
    return out + _parts(view).extras(view)


def _badge_size() -> int:
    return min_size(True)


def _banner(view: GameView) -> tuple[str, ...]:
    text = _parts(view).banner(view)
    if text is not None:
        fitted = fit_lines(text, WIDTH - 2 * MARGIN - 30, min_size(True, True) + 2, min_size(True, True), 3)
        return fitted.lines if fitted else (text,)
    return ()


def hand_layout(view: GameView, seats: Sequence[SeatInfo] | None = None) -> HandLayout:
    """The layout of a seat's hand picture (its size included; the trick strip's names depend on ``seats``)."""
    n = max(1, len(view.hand))
    per_row = n if n <= ONE_ROW else math.ceil(n / 2)
    rows = -(-n // per_row)
    room = WIDTH - 2 * MARGIN
    card = int(min(MAX_CARD, (room - (per_row - 1) * GAP) / per_row))
    step = float(card + GAP)
    parts = _parts(view)
    smallest = MIN_CARD if n <= 8 and not parts.overlap_early else MIN_CARD_LONG
    if parts.max_card is not None:  # a part above: the hand's cards no larger than needed
        card = min(card, parts.max_card)
        step = float(card + GAP)
    if card < smallest:
        card = smallest
        step = (room - card) / (per_row - 1) if per_row > 1 else float(card)
    y = MARGIN
    banner = _banner(view)
    banner_y = y
    if banner:
        y += len(banner) * line_height(min_size(True, True) + 2) + 24 + GAP
    table_y = y
    above = parts.above(view, seats, y)
    if above is not None:
        y = above.bottom
    badge_h = line_height(_badge_size()) + 12
    badge_rows = 2 if step < text_width(str(n), _badge_size(), True, True) + 14 else 1
    row_h = badge_rows * (badge_h + 4) + 4 + card_height(card) + GAP
    hand_y = y
    y += rows * row_h
    extra_y = y
    extra_h = 0
    if _extras(view):
        extra_h = line_height(min_size(True, True)) + 8 + card_height(MINI) + GAP
        y += extra_h * -(-len(_extras(view)) // _parts(view).extras_per_row)
    return HandLayout(WIDTH, y + MARGIN - GAP, card, per_row, step, hand_y, row_h, badge_h, banner_y, len(banner),
                      table_y, above, extra_y, extra_h, badge_rows)


def hand_size(view: GameView, seats: Sequence[SeatInfo] | None = None) -> tuple[int, int]:
    """The pixel size of the hand picture of ``view``."""
    lay = hand_layout(view, seats)
    return (lay.width, lay.height)


@lru_cache(maxsize=8)
def _outline(width: int, colour: tuple[int, int, int]) -> Image.Image:
    h = card_height(width)
    return rounded_box((width + 16, h + 16), (0, 0, 0, 0), (*colour, 255), 7, max(12, width // 9))


@lru_cache(maxsize=4)
def _veil(width: int) -> Image.Image:
    """The dark veil over a card that may not be played now (``HandParts.dimmed``)."""
    return rounded_box((width, card_height(width)), (*FELT_DARK, 150), radius=max(10, width // 10))


@lru_cache(maxsize=4)
def _star(size: int) -> Image.Image:
    """A gold star on a dark disc: the trump mark (drawn, not a font glyph)."""
    ss = 4
    big = Image.new("RGBA", (size * ss, size * ss), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    c = size * ss / 2
    d.ellipse((0, 0, size * ss - 1, size * ss - 1), fill=(*INK, 255))
    pts = []
    for k in range(10):
        r = c * (0.82 if k % 2 == 0 else 0.36)
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((c + r * math.cos(a), c + r * math.sin(a)))
    d.polygon(pts, fill=(*HIGHLIGHT, 255))
    return big.resize((size, size), Image.Resampling.LANCZOS)


@lru_cache(maxsize=16)
def _background(size: tuple[int, int]) -> Image.Image:
    img = Image.new("RGB", size, FELT_DARK)
    ImageDraw.Draw(img).rounded_rectangle((6, 6, size[0] - 7, size[1] - 7), radius=28, fill=FELT)
    return img


def _number_badge(canvas: Image.Image, cx: float, top: float, number: int, trump: bool, height: int,
                  room: float) -> None:
    """The card's number over it, at most ``room`` wide (the visible part of an overlapped card) while its
    digits fit: in the narrower face when the room is short (12 cards on one row)."""
    size = _badge_size()
    text = str(number)
    narrow = text_width(text, size, True) + 26 > room - 6
    digits = int(text_width(text, size, True, narrow))
    w = min(max(height, digits + 26), max(int(room) - 6, digits + 10))
    box = rounded_box((w, height), (*(HIGHLIGHT if trump else CREAM), 255), (*INK, 255), 2, 14)
    paste(canvas, box, (cx - w / 2, top))
    draw_text(canvas, (cx, top + height / 2), text, size, INK, True, anchor="mm", condensed=narrow)


def _extra_strip(canvas: Image.Image, view: GameView, lay: HandLayout, seats: Sequence[SeatInfo] | None,
                 faces: str) -> None:
    per_row = _parts(view).extras_per_row
    group_w = (WIDTH - 2 * MARGIN - (per_row - 1) * GAP) / per_row
    names = seat_names(seats, view.players)
    size = min_size(True, True)
    for i, extra in enumerate(_extras(view)):
        row, col = divmod(i, per_row)
        x = MARGIN + col * (group_w + GAP)
        y = lay.extra_y + row * lay.extra_h
        cards = extra.cards
        seat = extra.seat
        if seat is None:
            name = extra.text
        else:
            title = extra.text or "{name}"  # the name in the game's title, the name alone without one
            whole = title.format(name=names[seat])
            rest = text_width(title.format(name=""), size, True)
            name = whole if fit_lines(whole, group_w, size, size, 1) else title.format(
                name=shorten(names[seat], size, int(group_w - rest), True))
        draw_text(canvas, (x + 6, y), name, size_for(name, size), CREAM, True, condensed=True)
        step = min(MINI + 8.0, (group_w - MINI) / max(1, len(cards) - 1))
        for k, c in enumerate(cards):
            paste_card(canvas, c, faces, MINI, (x + k * step, y + line_height(size) + 8))


def hand_image(view: GameView, seats: Sequence[SeatInfo] | None = None,
               ) -> Image.Image:
    """The hand picture as a Pillow image (RGB); see ``hand_png``."""
    if view.seat is None:
        raise ValueError("a hand picture needs a seat's own view, game.view(seat)")
    faces = faces_of(view.options)
    lay = hand_layout(view, seats)
    canvas = _background((lay.width, lay.height)).copy()
    banner = _banner(view)
    if banner:
        size = min_size(True, True) + 2
        box = rounded_box((WIDTH - 2 * MARGIN, len(banner) * line_height(size) + 24), (*CALLER_COLOUR, 255),
                          radius=18)
        paste(canvas, box, (MARGIN, lay.banner_y))
        draw_lines(canvas, WIDTH / 2, lay.banner_y + 12, Fitted(banner, size), INK)
    if lay.above is not None:
        strip = rounded_box((WIDTH - 2 * MARGIN, lay.above.strip_bottom - lay.table_y), (*FELT_DARK, 255), radius=18)
        paste(canvas, strip, (MARGIN, lay.table_y - 4))
        lay.above.draw(canvas)
    parts = _parts(view)
    trump = parts.trump(view)
    called = parts.tagged(view)
    dimmed = parts.dimmed(view)
    h = card_height(lay.card)
    n = len(view.hand)
    tag: tuple[float, float] | None = None
    for i, c in enumerate(view.hand):
        row, col = divmod(i, lay.per_row)
        in_row = min(lay.per_row, n - row * lay.per_row)
        row_w = lay.step * (in_row - 1) + lay.card
        x = (WIDTH - row_w) / 2 + col * lay.step
        y = lay.hand_y + row * lay.row_h
        is_trump = trump is not None and c.suit == trump
        visible = min(lay.step, lay.card) if col < in_row - 1 else lay.card
        line = i % lay.badge_rows  # staggered numbers: every other one a line lower, with twice the room
        _number_badge(canvas, x + min(visible, lay.card) / 2, y + line * (lay.badge_h + 4), i + 1, is_trump,
                      lay.badge_h, visible * lay.badge_rows)
        cy = y + lay.badge_rows * (lay.badge_h + 4) + 4
        if is_trump and lay.step >= lay.card:  # overlapping cards: the gold badge and the star say it
            paste(canvas, _outline(lay.card, HIGHLIGHT), (x - 8, cy - 8))
        paste_card(canvas, c, faces, lay.card, (x, cy))
        if c in dimmed:  # a veil over the card: it may not be played now, its index still readable
            paste(canvas, _veil(lay.card), (x, cy))
        if is_trump:
            star = _star(max(40, lay.card // 4))
            sx = x + min(visible, lay.card) - star.width - 4
            paste(canvas, star, (sx, cy + h - star.height - 6))
        if called is not None and c == called:
            tag = (x + min(visible, lay.card) / 2, cy + h - 4)
    if tag is not None:  # after every card, so that the next card of the row does not cover it
        size = size_for(label("called"), min_size(True, True))
        tw = int(text_width(label("called"), size, True, True)) + 24
        th = line_height(size) + 10
        bx = min(max(MARGIN, tag[0] - tw / 2), WIDTH - MARGIN - tw)
        by = tag[1] - th
        paste(canvas, rounded_box((tw, th), (*CALLER_COLOUR, 255), radius=12), (bx, by))
        draw_text(canvas, (bx + tw / 2, by + 5), label("called"), size, INK, True, anchor="mt", condensed=True)
    if _extras(view):
        _extra_strip(canvas, view, lay, seats, faces)
    return canvas


def hand_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """A seat's hand as PNG bytes, from that seat's own view (``game.view(seat)``).

    ``seats`` names the seats whose cards the strips below show (a partner's hand, open hands)."""
    return png_bytes(hand_image(view, seats))
