"""The public Cicera table: the seats, the cards on the table, each team's pile and bonuses, the last capture.

Take it through ``images.table.table_png(view)``; the view must be the public one (``game.view(None)``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from images.cards import card_height, card_image
from images.common import (
    CREAM,
    FELT,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    SIDE_COLOURS,
    WHITE,
    WOOD,
    SeatInfo,
    draw_text,
    joined_names,
    label,
    paste,
    require_public,
    rounded_box,
    seat_ai,
    seat_name,
    seat_plate,
    text_image,
)
from rules.cicera import BONUSES, TEAMS, CiceraView

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 1000, 780
MARGIN = 16
HEADER_H = 40
PLATES_Y = 48
TABLE_Y = 118
TABLE_H = 400
"""The felt where the table cards lie."""
TEAMS_Y = TABLE_Y + TABLE_H + 10
TEAMS_H = 96
CAPTURE_Y = TEAMS_Y + TEAMS_H + 10
CARD_SIZES = (100, 84, 72, 60, 50, 40)
GAP = 8
FACES = "italian"
"""Cicera is played with the Italian (Bresciane) faces."""


def cicera_table_size() -> tuple[int, int]:
    """The pixel size of the Cicera table picture."""
    return (WIDTH, HEIGHT)


def table_card_layout(count: int) -> tuple[int, int]:
    """(card width, cards per row) for ``count`` cards on the table: the largest size whose rows fit."""
    for w in CARD_SIZES:
        per_row = max(1, (WIDTH - 2 * MARGIN - 16 + GAP) // (w + GAP))
        rows = max(1, -(-count // per_row))
        if rows * (card_height(w) + GAP) - GAP <= TABLE_H - 20:
            return w, per_row
    w = CARD_SIZES[-1]
    return w, max(1, (WIDTH - 2 * MARGIN - 16 + GAP) // (w + GAP))


@lru_cache(maxsize=2)
def _background() -> Image.Image:
    img = Image.new("RGB", (WIDTH, HEIGHT), FELT_DARK)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=PANEL)
    d.rounded_rectangle((MARGIN - 6, TABLE_Y - 6, WIDTH - MARGIN + 6, TABLE_Y + TABLE_H + 6), radius=18, fill=WOOD)
    d.rounded_rectangle((MARGIN, TABLE_Y, WIDTH - MARGIN, TABLE_Y + TABLE_H), radius=14, fill=FELT)
    return img


def _team_box(canvas: Image.Image, team: int, x: int, width: int, view: CiceraView,
              seats: Sequence[SeatInfo] | None) -> None:
    colour = SIDE_COLOURS[team]
    box = rounded_box((width, TEAMS_H), (*PANEL, 255), (*colour, 255), 2, 10)
    paste(canvas, box, (x, TEAMS_Y))
    stripe = rounded_box((7, TEAMS_H - 16), (*colour, 255), radius=3)
    paste(canvas, stripe, (x + 8, TEAMS_Y + 8))
    tx = x + 24
    title = label("team", n=team + 1) + ": " + joined_names(seats, TEAMS[team])
    draw_text(canvas, (tx, TEAMS_Y + 8), title, 15, WHITE, True, max_width=width - 36)
    pile = label("pile", n=view.pile_sizes[team]) + " \u00b7 " + label("swords_taken", n=view.pile_swords[team])
    draw_text(canvas, (tx, TEAMS_Y + 32), pile, 13, CREAM, max_width=width - 36)
    counts = view.bonus_counts[team]
    parts = [f"{label(b)} {counts.get(b, 0)}" for b in BONUSES if counts.get(b, 0)]
    bonus = label("bonus", n=view.bonus_points[team])
    w, _h = draw_text(canvas, (tx, TEAMS_Y + 56), bonus, 15, HIGHLIGHT, True)
    if parts:
        draw_text(canvas, (tx + w + 10, TEAMS_Y + 58), " \u00b7 ".join(parts), 13, MUTED, max_width=width - 50 - w)


def _bonus_tag(canvas: Image.Image, x: float, y: float, text: str) -> float:
    t = text_image(text, 13, INK, True)
    box = rounded_box((t.width + 14, 22), (*HIGHLIGHT, 255), radius=8)
    paste(canvas, box, (x, y))
    paste(canvas, t, (x + 7, y + (22 - t.height) / 2))
    return x + box.width + 6


def _last_capture(canvas: Image.Image, view: CiceraView, seats: Sequence[SeatInfo] | None) -> None:
    y = CAPTURE_Y
    height = HEIGHT - y - 8
    box = rounded_box((WIDTH - 2 * MARGIN, height), (*PANEL, 255), (*PANEL_LIGHT, 255), 2, 10)
    paste(canvas, box, (MARGIN, y))
    cap = view.last_capture
    if cap is None:
        draw_text(canvas, (MARGIN + 14, y + 12), label("no_capture"), 14, MUTED)
        return
    colour = SIDE_COLOURS[cap.seat % 2]
    tw, _h = draw_text(canvas, (MARGIN + 14, y + 10), label("last_capture", name=seat_name(seats, cap.seat)), 15,
                       colour, True, max_width=WIDTH // 2)
    bx: float = MARGIN + 14 + tw + 14
    for b in cap.bonuses:
        bx = _bonus_tag(canvas, bx, y + 8, label(b))
    w = 52
    n = len(cap.taken)
    x = MARGIN + 14.0
    cy = y + 38
    paste(canvas, card_image(cap.card, FACES, w), (x, cy))
    x += w + 10
    tw, _h = draw_text(canvas, (x, cy + card_height(w) / 2), label("takes"), 14, CREAM, anchor="lm")
    x += tw + 10
    room = WIDTH - MARGIN - 14 - x
    step = min(w + 6, (room - w) / (n - 1)) if n > 1 else w
    for c in cap.taken:
        paste(canvas, card_image(c, FACES, w), (x, cy))
        x += step


def cicera_table_image(view: CiceraView, seats: Sequence[SeatInfo] | None = None) -> Image.Image:
    """The public Cicera table as a Pillow image (RGB)."""
    require_public(view)
    canvas = _background().copy()
    # header
    title = label("cicera") + " \u00b7 " + label("round", n=view.round_number)
    draw_text(canvas, (MARGIN, 8), title, 17, WHITE, True)
    if view.to_move is not None:
        text = label("to_move", name=seat_name(seats, view.to_move))
        colour = HIGHLIGHT
    else:
        text = label("match_over" if view.match_over else "round_over")
        colour = HIGHLIGHT
    draw_text(canvas, (WIDTH - MARGIN, 9), text, 15, colour, True, max_width=WIDTH // 2, anchor="rt")
    # seats in play order
    plate_w = 160
    step = (WIDTH - 2 * MARGIN - plate_w - 8) / 3
    for s in range(4):
        plate = seat_plate(seat_name(seats, s), seat_ai(seats, s), SIDE_COLOURS[s % 2],
                           label("cards_in_hand", n=view.hand_sizes[s]), MUTED, view.to_move == s, view.dealer == s,
                           plate_w)
        paste(canvas, plate, (MARGIN - 4 + s * step, PLATES_Y))
    # the table
    cards = view.table
    if cards:
        w, per_row = table_card_layout(len(cards))
        h = card_height(w)
        rows = -(-len(cards) // per_row)
        block_h = rows * (h + GAP) - GAP
        y0 = TABLE_Y + (TABLE_H - block_h) / 2
        placed = view.last_placement[1] if view.last_placement else None
        for i, c in enumerate(cards):
            row, col = divmod(i, per_row)
            in_row = min(per_row, len(cards) - row * per_row)
            row_w = in_row * (w + GAP) - GAP
            x = (WIDTH - row_w) / 2 + col * (w + GAP)
            y = y0 + row * (h + GAP)
            if c == placed:
                glow = rounded_box((w + 8, h + 8), (*HIGHLIGHT, 255), radius=10)
                paste(canvas, glow, (x - 4, y - 4))
            paste(canvas, card_image(c, FACES, w), (x, y))
    else:
        draw_text(canvas, (WIDTH / 2, TABLE_Y + TABLE_H / 2), label("table_empty"), 16, MUTED, anchor="mm")
    # teams and the last capture
    box_w = (WIDTH - 2 * MARGIN - 12) // 2
    for team in (0, 1):
        _team_box(canvas, team, MARGIN + team * (box_w + 12), box_w, view, seats)
    _last_capture(canvas, view, seats)
    return canvas
