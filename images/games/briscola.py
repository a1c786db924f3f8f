"""Briscola's pictures (2 to 6 players): the table with the stock and the face-up briscola lying across under
it, as on a real table, and the open hands; the hand with the trick in play above it (and, for 2 and 3 players,
the stock); the summary by sides; a replay frame per completed trick."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from PIL import Image

from images.cards import back_image, card_height, paste_card, suit_image
from images.common import (
    CREAM,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    NEUTRAL,
    RGB,
    SIDE_COLOURS,
    draw_text,
    faces_of,
    label,
    line_height,
    min_size,
    paste,
    paste_centered,
    rounded_box,
    seat_names,
    text_width,
)
from images.hand import hand_png
from images.labels import N_, add_labels
from images.parts import AbovePart, FrameKind, GamePictures, GameSamples, HandParts, Named, ReplayStep, Seats
from images.registry import register
from images.sampling import find_state, finished, public, seats_for
from images.summary import BY_SIDES, summary_png
from images.table import table_png
from images.trick_table import (
    GAP,
    TableLayout,
    background,
    draw_open_hands,
    draw_trick,
    place,
    table_layout,
    trick_strip_layout,
)
from rules.engine import Match
from rules.games.briscola.view import BriscolaView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "briscola"

LABELS = {
    "next": N_("next"),
}
"""The game's own texts in its pictures."""
add_labels(LABELS)


def _view(view: GameView) -> BriscolaView:
    if not isinstance(view, BriscolaView):
        raise TypeError(f"not a Briscola view: {type(view).__name__}")
    return view


def _draw_stock(canvas: Image.Image, lay: TableLayout, view: BriscolaView, faces: str) -> None:
    w = lay.stock_card
    h = card_height(w)
    block_h = lay.rows * lay.row_h - GAP
    x0 = lay.trick_x - GAP - lay.stock_w
    cy = lay.trick_y + min(block_h, card_height(lay.card)) / 2 if lay.rows == 1 else lay.trick_y + block_h / 2
    pile_x = x0 + lay.stock_w - w - 6
    if view.briscola is not None:
        paste_card(canvas, view.briscola, faces, w, (x0, cy - w / 2), rotate=90)
    if view.stock_count:
        layers = min(4, 1 + view.stock_count // 8)
        for k in range(layers):
            paste(canvas, back_image(w), (pile_x + 3 * (layers - 1 - k), cy - h / 2 - 3 * (layers - 1 - k)))
        top_x, top_y = pile_x, cy - h / 2
        if view.next_stock is not None:  # open mode: the next card, face up on the pile (upright, framed)
            paste(canvas, rounded_box((w + 10, h + 10), (*CREAM, 255), radius=12), (top_x - 5, top_y - 5))
            paste_card(canvas, view.next_stock, faces, w, (top_x, top_y))
            _tag(canvas, top_x + w / 2, top_y + h + 4, label("next"))
        _count_badge(canvas, top_x + w / 2, top_y + h * 0.5, str(view.stock_count))
    elif view.briscola is None:
        empty = place(w, FELT_DARK, 4)
        paste(canvas, empty, (pile_x, cy - h / 2))
        sign = suit_image(view.trump, faces, int(h * 0.45))
        paste_centered(canvas, sign, (pile_x + w / 2, cy))


def _count_badge(canvas: Image.Image, cx: float, cy: float, text: str) -> None:
    size = min_size(True) + 4
    w = int(text_width(text, size, True)) + 34
    hh = line_height(size) + 14
    box = rounded_box((max(w, hh), hh), (*CREAM, 250), (*INK, 255), 3, hh // 2)
    paste_centered(canvas, box, (cx, cy))
    draw_text(canvas, (cx, cy), text, size, INK, True, anchor="mm")


def _tag(canvas: Image.Image, cx: float, top: float, text: str) -> None:
    size = min_size(True, True, text)
    w = int(text_width(text, size, True, True)) + 20
    box = rounded_box((w, line_height(size) + 10), (*HIGHLIGHT, 255), radius=10)
    paste(canvas, box, (cx - w / 2, top))
    draw_text(canvas, (cx, top + 5), text, size, INK, True, anchor="mt", condensed=True)


def colours(view: BriscolaView) -> list[RGB]:
    """Each seat's colour: its side's."""
    out = [NEUTRAL] * view.players
    for i, side in enumerate(view.sides):
        for s in side:
            out[s] = SIDE_COLOURS[i % len(SIDE_COLOURS)]
    return out


def _trick(canvas: Image.Image, lay: TableLayout, view: BriscolaView, seats: Seats, faces: str) -> None:
    draw_trick(canvas, lay, view, seats, faces, colours(view),
               stock=lambda c, layout: _draw_stock(c, layout, view, faces))


def table(view: GameView, seats: Seats) -> Image.Image:
    """The public table: the trick, the stock and the open hands."""
    v = _view(view)
    lay = table_layout(v, seats, stock=True)
    canvas = background((lay.width, lay.height)).copy()
    faces = faces_of(v.options)
    _trick(canvas, lay, v, seats, faces)
    if v.shown_hands():
        draw_open_hands(canvas, lay, v, seat_names(seats, v.players), colours(v), faces)
    return canvas


def table_size(view: GameView, seats: Seats) -> tuple[int, int]:
    """The table picture's size."""
    lay = table_layout(view, seats, stock=True)
    return (lay.width, lay.height)


def above(view: GameView, seats: Seats, top: int) -> AbovePart:
    """The trick in play above the hand (for 2 and 3 players with the stock at its left)."""
    v = _view(view)
    lay = trick_strip_layout(v, seats, top + GAP - 4, stock=True)
    return AbovePart(lay.height + GAP + 4, lay.height + GAP - 4,
                     lambda canvas: _trick(canvas, lay, v, seats, faces_of(v.options)), lay)


def trick_frame(step: ReplayStep) -> tuple[FrameKind, GameView] | None:
    """A completed trick, all its cards on the table before they are taken."""
    if step.action.kind != "play" or step.round.tricks_done() <= step.tricks_before:
        return None
    before = _view(step.before)
    assert step.action.card is not None
    return ("trick", dataclasses.replace(before, trick=(*before.trick, (step.seat, step.action.card)), to_move=None,
                                         legal=()))


# ----- samples -----
def mid_trick(players: int, options: dict[str, Any] | None = None, tricks: int = 2, played: int = 1) -> Match:
    """A game after ``tricks`` tricks, with ``played`` cards of the current trick on the table."""
    return find_state(GAME, players, options, lambda m: len(public(m, BriscolaView).tricks) == tricks
                      and len(public(m, BriscolaView).trick) == played)


def _positions() -> Named:
    out: Named = []
    for n in (2, 3, 4, 6):
        out.append((f"{GAME}-{n}p", mid_trick(n, {"show_points": "on"}, tricks=2, played=1)))
        out.append((f"{GAME}-{n}p-full-trick", mid_trick(n, {}, tricks=1, played=n - 1)))
        out.append((f"{GAME}-{n}p-open", mid_trick(n, {"open": "on"}, tricks=2, played=1)))
        out.append((f"{GAME}-{n}p-late", mid_trick(n, {"faces": "french"}, tricks=40 // n - 2, played=1)))
    out.append((f"{GAME}-4p-partner-hand", mid_trick(4, {"partner_hand": "on"}, tricks=40 // 4 - 2, played=1)))
    return out


def _finished() -> Named:
    return [(f"{GAME}-2p", finished(GAME, 2)), (f"{GAME}-4p-short", finished(GAME, 4, {"match": "short"})),
            (f"{GAME}-6p", finished(GAME, 6))]


def _documented() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    b4 = mid_trick(4, {"show_points": "on"}, tricks=3, played=3)
    files[f"table-{GAME}-4p.png"] = table_png(b4.view(None), seats_for(4))
    files[f"hand-{GAME}-4p.png"] = hand_png(b4.view(b4.to_move()), seats_for(4))
    b6 = mid_trick(6, {}, tricks=2, played=4)
    files[f"table-{GAME}-6p.png"] = table_png(b6.view(None), seats_for(6))
    b2 = mid_trick(2, {"open": "on", "faces": "french"}, tricks=4, played=1)
    files[f"table-{GAME}-2p-open-french.png"] = table_png(b2.view(None), seats_for(2))
    b3 = mid_trick(3, {}, tricks=1, played=2)
    files[f"table-{GAME}-3p.png"] = table_png(b3.view(None), seats_for(3))
    files[f"summary-{GAME}.png"] = summary_png(finished(GAME, 4, {"match": "short"}).view(None), seats_for(4))
    return files


PICTURES = register(GamePictures(
    GAME, table=table, table_size=table_size,
    hand=HandParts(above=above, trump=lambda view: _view(view).trump),
    summary=BY_SIDES, replay_frame=trick_frame,
    samples=GameSamples(_positions, _finished, _documented)))
