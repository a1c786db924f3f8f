"""Cicera's pictures (4 players, a fishing game): the table's cards, large, and the last capture (who took
what with which card; whose turn, the piles and the bonuses are message text); the hand with the table's cards
above it; the summary's breakdown per team of the bonuses and awards of the spec's rows; a replay frame per turn.

Take the table through ``images.table.table_png(view)``; the view must be the public one (``game.view(None)``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images.cards import card_height, paste_card
from images.common import (
    FELT,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PICTURE_WIDTH,
    SIDE_COLOURS,
    WHITE,
    SeatInfo,
    draw_text,
    fit_lines,
    label,
    line_height,
    min_size,
    paste,
    require_public,
    rounded_box,
    seat_names,
    shorten,
    size_for,
    text_width,
)
from images.hand import hand_png
from images.labels import N_, add_labels, translated
from images.parts import (
    AbovePart,
    FrameKind,
    GamePictures,
    GameSamples,
    HandParts,
    Named,
    ReplayStep,
    Seats,
)
from images.registry import register
from images.sampling import find_state, finished, public, seats_for
from images.summary import BY_BREAKDOWN, summary_png
from images.table import table_png
from rules.engine import Match
from rules.games import spec
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.view import CiceraView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "cicera"

LABELS = {
    "table_empty": N_("The table is empty"),
    "no_capture": N_("No capture yet"),
}
"""The game's own texts in its pictures."""
add_labels(LABELS)

WIDTH = PICTURE_WIDTH
MARGIN = 18
GAP = 12
CARD_SIZES = (186, 168, 156, 144, 132, 120, 114)
"""Widths tried for the table cards, largest first. The smallest, 114, still shows the corner index 11 px
tall on a phone; more cards than fit at it take more rows (the picture grows taller)."""
BOARD_MAX_H = 560
"""The table cards' area grows up to this height; more cards get smaller."""
EMPTY_H = 150
CAPTURE_CARD = 120
FACES = "italian"
"""Cicera is played with the Italian (Bresciane) faces."""


MIN_VISIBLE = 0.6
"""Overlapping table cards show at least this share of their width (the index and most of the signs)."""


@dataclass(frozen=True)
class BoardLayout:
    """How the table cards lie: card width, cards per row, rows, the area's height, and the distance between
    the left edges of two cards of a row (less than a card when a crowded table overlaps them)."""

    card: int
    per_row: int
    rows: int
    height: int
    step: float = 0.0


def _rows_h(rows: int, w: int) -> int:
    return rows * (card_height(w) + GAP) - GAP


def board_layout(count: int, width: int = WIDTH, max_h: int = BOARD_MAX_H, sizes: Sequence[int] = CARD_SIZES,
                 min_visible: float = MIN_VISIBLE) -> BoardLayout:
    """The largest card width whose rows of ``count`` cards fit ``width`` and ``max_h`` side by side; failing
    that, the smallest width with the cards of a row overlapping (each showing at least ``min_visible`` of
    its width), in as few rows as that allows (taller than ``max_h`` only when it must). Never a card
    narrower than the smallest size, whose index stays legible."""
    if count == 0:
        return BoardLayout(sizes[0], 1, 0, EMPTY_H, float(sizes[0] + GAP))
    room = width - 2 * MARGIN
    for w in sizes:
        per_row = max(1, (room + GAP) // (w + GAP))
        rows = -(-count // per_row)
        if _rows_h(rows, w) <= max_h:
            return BoardLayout(w, per_row, rows, _rows_h(rows, w), float(w + GAP))
    w = sizes[-1]
    most = 1 + int((room - w) // (min_visible * w))
    rows = -(-count // most)
    per_row = -(-count // rows)
    return BoardLayout(w, per_row, rows, _rows_h(rows, w), (room - w) / max(1, per_row - 1))


def table_card_layout(count: int) -> tuple[int, int]:
    """(card width, cards per row) for ``count`` cards on the table."""
    lay = board_layout(count)
    return lay.card, lay.per_row


def _capture_h() -> int:
    return line_height(min_size(True, True) + 2) + 10 + card_height(CAPTURE_CARD) + 2 * GAP


def cicera_table_size(view: CiceraView | None = None) -> tuple[int, int]:
    """The pixel size of the Cicera table picture (it grows with the cards on the table)."""
    count = len(view.table) if view is not None else 12
    board = board_layout(count)
    return (WIDTH, MARGIN + board.height + GAP + _capture_h() + MARGIN)


@lru_cache(maxsize=8)
def _background(size: tuple[int, int], board_h: int) -> Image.Image:
    img = Image.new("RGB", size, FELT_DARK)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, size[0] - 7, MARGIN + board_h + GAP // 2), radius=28, fill=FELT)
    return img


def draw_board(canvas: Image.Image, view: CiceraView, top: float, board: BoardLayout, width: int = WIDTH) -> None:
    """The table cards in centred rows from ``top``; the card placed last outlined in gold."""
    cards = view.table
    if not cards:
        size = size_for(label("table_empty"), min_size(True, True))
        draw_text(canvas, (width / 2, top + board.height / 2), label("table_empty"), size, MUTED, True,
                  anchor="mm", condensed=True)
        return
    w, h = board.card, card_height(board.card)
    placed = view.last_placement[1] if view.last_placement else None
    for i, c in enumerate(cards):
        row, col = divmod(i, board.per_row)
        in_row = min(board.per_row, len(cards) - row * board.per_row)
        row_w = (in_row - 1) * board.step + w
        x = (width - row_w) / 2 + col * board.step
        y = top + row * (h + GAP)
        if c == placed:
            glow = rounded_box((w + 14, h + 14), (*HIGHLIGHT, 255), radius=14)
            paste(canvas, glow, (x - 7, y - 7))
        paste_card(canvas, c, FACES, w, (x, y))


def _arrow(canvas: Image.Image, x: float, cy: float, length: float) -> None:
    d = ImageDraw.Draw(canvas)
    d.rectangle((x, cy - 5, x + length - 16, cy + 5), fill=WHITE)
    d.polygon([(x + length - 22, cy - 16), (x + length, cy), (x + length - 22, cy + 16)], fill=WHITE)


def _last_capture(canvas: Image.Image, view: CiceraView, seats: Sequence[SeatInfo] | None, top: float) -> None:
    """Who took what last: the name and its bonuses, then the card played, an arrow and the cards taken."""
    size = min_size(True, True) + 2
    box = rounded_box((WIDTH - 2 * MARGIN, _capture_h() - GAP), (*FELT, 255), radius=20)
    paste(canvas, box, (MARGIN, top))
    cap = view.last_capture
    x = MARGIN + 18.0
    if cap is None:
        draw_text(canvas, (x, top + 14), label("no_capture"), size_for(label("no_capture"), size), MUTED, True,
                  condensed=True)
        return
    names = seat_names(seats, view.players)
    colour = SIDE_COLOURS[cap.seat % 2]
    tags = [bonus_label(b) for b in cap.bonuses]
    tags_w = sum(text_width(t, size, True, True) + 34 for t in tags)
    room = WIDTH - 2 * MARGIN - 36 - tags_w
    fitted = fit_lines(names[cap.seat], room, size, min_size(True, True), 1)
    name = names[cap.seat] if fitted else shorten(names[cap.seat], size, int(room), True)
    nw, _h = draw_text(canvas, (x, top + 10), name, fitted.size if fitted else size, colour, True, condensed=True)
    tx = x + nw + 14
    for t in tags:
        tw = int(text_width(t, size, True, True)) + 24
        paste(canvas, rounded_box((tw, line_height(size) + 6), (*HIGHLIGHT, 255), radius=12), (tx, top + 8))
        draw_text(canvas, (tx + tw / 2, top + 11), t, size_for(t, size), INK, True, anchor="mt", condensed=True)
        tx += tw + 10
    y = top + line_height(size) + 20
    w = CAPTURE_CARD
    paste_card(canvas, cap.card, FACES, w, (x, y))
    x += w + 14
    _arrow(canvas, x, y + card_height(w) / 2, 70)
    x += 70 + 14
    n = len(cap.taken)
    room = WIDTH - MARGIN - 18 - x
    step = min(w + 10.0, (room - w) / (n - 1)) if n > 1 else float(w)
    for c in cap.taken:
        paste_card(canvas, c, FACES, w, (x, y))
        x += step


def bonus_label(key: str) -> str:
    """A capture bonus's name (``Scùa``), as the game's summary rows name it, in the front end's language."""
    return translated(next(row.label for row in spec(GAME).summary_rows if row.key == key))


def _view(view: GameView) -> CiceraView:
    if not isinstance(view, CiceraView):
        raise TypeError(f"not a Cicera view: {type(view).__name__}")
    return view


def cicera_table_image(view: CiceraView, seats: Sequence[SeatInfo] | None = None) -> Image.Image:
    """The public Cicera table as a Pillow image (RGB)."""
    require_public(view)
    board = board_layout(len(view.table))
    size = cicera_table_size(view)
    canvas = _background(size, board.height).copy()
    draw_board(canvas, view, MARGIN, board)
    _last_capture(canvas, view, seats, MARGIN + board.height + GAP + GAP // 2)
    return canvas


HAND_MAX_CARD = 132
"""The hand's cards are at most this wide, so that the hand message with the board and the capture select fits
a desktop's screen too."""
BOARD_CARD_SIZES = (114,)
"""The table cards above the hand, as narrow as the table picture's smallest (their index 11 px on a phone), so
that the hand message with its select fits a desktop's screen too."""
HAND_BOARD_MAX_H = 250
"""The board above the hand takes one row while its cards fit it overlapping (13 of them at 114 px): with the
hand on one row too, the hand message with its capture select fits the demo page's channel at a phone's and a
desktop's size, where the select's menu opens (``cogs.render.layout.selects_first``)."""
BOARD_MIN_VISIBLE = 0.45
"""The share of each overlapping board card's width that shows (its index whole)."""
HAND_GAP = 15
"""The hand picture's gap."""


def above(view: GameView, _seats: Seats, top: int) -> AbovePart:
    """The table's cards above the hand, the card placed last outlined."""
    v = _view(view)
    board = board_layout(len(v.table), WIDTH, HAND_BOARD_MAX_H, BOARD_CARD_SIZES, BOARD_MIN_VISIBLE)
    return AbovePart(top + board.height + 2 * HAND_GAP, top + board.height + 2 * HAND_GAP - 8,
                     lambda canvas: draw_board(canvas, v, top + HAND_GAP - 4, board, WIDTH), board)


HAND = HandParts(above=above, max_card=HAND_MAX_CARD, overlap_early=True)


def turn_frame(step: ReplayStep) -> tuple[FrameKind, GameView]:
    """The table after each turn (a capture or a placing), with the last capture."""
    if step.round is step.match.round:
        return ("turn", step.match.view(None))
    # the deal's last play: the next deal has begun; show this one's table
    assert isinstance(step.round, CiceraRound)
    before = step.before
    return ("turn", step.round.view(None, round_number=before.round_number, totals=before.totals,
                                    options=before.options))


# ----- samples -----
def with_table(cards: int = 12) -> Match:
    """A game with ``cards`` cards on the table, after a capture that scored a bonus."""
    def stop(m: Match) -> bool:
        v = public(m, CiceraView)
        return len(v.table) == cards and v.last_capture is not None and bool(v.last_capture.bonuses)
    return find_state(GAME, 4, {}, stop, place_bias=0.75)


def _positions() -> Named:
    return [(f"{GAME}-12", with_table(12)),
            (f"{GAME}-start", find_state(GAME, 4, {}, lambda m: len(public(m, CiceraView).table) == 4)),
            (f"{GAME}-empty", find_state(GAME, 4, {}, lambda m: not public(m, CiceraView).table, place_bias=0.0,
                                         first_seed=1))]


def _documented() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    match = with_table(12)
    files[f"table-{GAME}.png"] = table_png(match.view(None), seats_for(4))
    files[f"hand-{GAME}.png"] = hand_png(match.view(match.to_move()), seats_for(4))
    files[f"summary-{GAME}.png"] = summary_png(finished(GAME, 4).view(None), seats_for(4))
    return files


def _finished() -> Named:
    return [(GAME, finished(GAME, 4)), (f"{GAME}-21", finished(GAME, 4, {"match": "21"}))]


SAMPLES = GameSamples(_positions, _finished, _documented)


PICTURES = register(GamePictures(
    GAME, table=lambda view, seats: cicera_table_image(_view(view), seats),
    table_size=lambda view, _seats: cicera_table_size(_view(view)), hand=HAND, summary=BY_BREAKDOWN,
    replay_frame=turn_frame, samples=SAMPLES))
