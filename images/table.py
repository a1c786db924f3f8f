"""The public table picture of Briscola (2-6 players) and Chiamata (5): the cards on the table, large.

What a player reads (whose turn, the trump, the stock count, the points, the last trick, the auction) is
message text; the picture shows the cards: the trick in play order, each card over the name of who played
it (an empty place, outlined, for each seat still to play, gold for the seat to move), the stock with the
face-up briscola lying across under it as on a real table, Chiamata's called card, and the open hands when
the ``open`` option is on. It is designed for the phone display width (``images.common``): every text at
least ``MIN_TEXT_PX`` tall there.

``table_png(view, seats)`` takes the public view only (``game.view(None)``): it refuses a seat's view, so it
can never draw a card that a seat has not shown.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images.cards import back_image, card_height, paste_card, suit_image
from images.cicera_table import cicera_table_image
from images.common import (
    CALLER_COLOUR,
    CREAM,
    DEFENDERS_COLOUR,
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    HIGHLIGHT,
    INK,
    MUTED,
    NEUTRAL,
    PANEL,
    PICTURE_WIDTH,
    RGB,
    SIDE_COLOURS,
    WHITE,
    Fitted,
    SeatInfo,
    draw_lines,
    draw_name,
    draw_text,
    faces_of,
    fit_lines,
    label,
    line_height,
    min_size,
    paste,
    paste_centered,
    png_bytes,
    require_public,
    rounded_box,
    seat_names,
    shorten,
    text_width,
)
from rules.briscola import BriscolaView
from rules.cards import Card
from rules.chiamata import ChiamataView
from rules.cicera import CiceraView
from rules.view import GameView

CompletedTrick = tuple[int, tuple[tuple[int, Card], ...], int]
"""A trick of a view's ``tricks``: (leader, ((seat, card), ...), winner)."""

log = logging.getLogger(__name__)

WIDTH = PICTURE_WIDTH
MARGIN = 18
GAP = 15
NAME_PAD = 8
"""Room between a card and the name under it."""
SLOT_EXTRA = 0.14
"""A place on the table is this much wider than its card, so that names have room."""
STOCK_SCALE = 0.82
"""The stock's cards are this much smaller than the trick's (up to as large, when the width allows)."""
STOCK_UNITS = 1.78
"""The stock's column is this many of its cards wide: the briscola across, the pile over its end."""
GRID = {2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}
"""Per player count: the columns and rows of the places of the trick (Chiamata's sixth holds the call)."""
MAX_CARD = 230
"""The widest trick card (pixels)."""
HAND_CARD_MIN = 120
"""Open hands: the smallest card (pixels); narrower groups overlap their cards instead, the index showing."""
MAX_ASPECT = 0.8
"""The trick's places are at most this many times as tall as the picture is wide (two rows: 4 to 6 players):
low enough that on a desktop (1280 x 900) the table message leaves the top of the hand message below it on
screen, where SimCord's page keeps a select's menu open (see ``cogs.render.layout.selects_first``)."""
def hands_columns(players: int) -> int:
    """Open hands: how many seats side by side (3 and 6 players: three)."""
    return 3 if players % 3 == 0 else 2


def name_size() -> tuple[int, int]:
    """(preferred, smallest) font size of the names under the cards."""
    smallest = min_size(True, True)
    return smallest + 6, smallest


@dataclass(frozen=True)
class TableLayout:
    """Where the parts of a Briscola or Chiamata table picture go (pixels)."""

    width: int
    height: int
    card: int
    """Width of a trick card."""
    cols: int
    rows: int
    slot_w: int
    row_h: int
    """A place: card, name lines and room between rows."""
    name_lines: int
    stock_w: int
    """Width of the stock's column (0: no stock, Chiamata)."""
    stock_card: int
    """Width of the stock's cards."""
    trick_x: int
    trick_y: int
    hands_y: int
    hand_card: int
    hand_group_h: int
    hand_lines: int = 1


def _has_stock(view: GameView) -> bool:
    return isinstance(view, BriscolaView)


def one_line(name: str, width: float) -> Fitted:
    """A seat's name on one line ``width`` wide: at the largest size that fits, else at the smallest legible
    size cut with an ellipsis. The name the text uses, never wrapped, never another label (``Seat N``), so
    that a seat has one name in every picture and text."""
    size, smallest = name_size()
    fitted = fit_lines(name, width, size, smallest, 1)
    if fitted is not None:
        return fitted
    base, mark, number = name.rpartition(" #")  # ``seat_names`` tells equal names apart by a number: kept
    if mark and base and number.isdigit():
        tail = mark + number
        return Fitted((shorten(base, smallest, int(width - text_width(tail, smallest, True)), True) + tail,), smallest)
    return Fitted((shorten(name, smallest, int(width), True),), smallest)


def _cut(names: Sequence[str], width: float) -> int:
    """How many of ``names`` ``one_line`` cuts short at ``width``."""
    size, smallest = name_size()
    return sum(1 for n in names if fit_lines(n, width, size, smallest, 1) is None)


def _trick_block(names: Sequence[str], cols: int, rows: int, stock: bool, max_card: int,
                 max_height: float, min_card: int, top: int) -> TableLayout:
    """The trick's places (and Briscola's stock at their left when ``stock``): ``cols`` x ``rows`` places,
    cards at most ``max_card`` wide, made smaller by steps of 4 (never under ``min_card``) until the places are at most
    ``max_height`` tall. The layout's ``height`` is ``top`` plus the places' height."""
    stock_units = STOCK_UNITS * STOCK_SCALE if stock else 0.0
    room = WIDTH - 2 * MARGIN - (cols - 1) * GAP - (GAP if stock else 0)
    card = int(min(max_card, room / (stock_units + cols * (1 + SLOT_EXTRA))))

    def slot_width(card: int) -> int:
        """The places share the width the stock leaves (names get all of it)."""
        return int((room - (card * stock_units if stock else 0)) / cols)

    size, _smallest = name_size()
    lines = 1  # names never wrap (``one_line``)
    for _ in range(60):
        row_h = card_height(card) + NAME_PAD + lines * line_height(size) + GAP
        trick_h = rows * row_h
        if trick_h <= max_height or card - 4 < min_card:
            break
        card -= 4
    stock_card = 0
    if stock:  # cards made smaller for the height leave width: a larger stock, the places still wide enough
        spare = (room - cols * card * (1 + SLOT_EXTRA)) / (STOCK_UNITS * card)
        stock_card = int(card * min(1.0, max(STOCK_SCALE, spare)))
        if _cut(names, (room - stock_card * STOCK_UNITS) / cols) > _cut(names, slot_width(card)):  # names need it
            stock_card = int(card * STOCK_SCALE)
    stock_w = int(stock_card * STOCK_UNITS)
    slot_w = int((room - stock_w) / cols)
    used = stock_w + (GAP if stock else 0) + cols * slot_w + (cols - 1) * GAP
    trick_x = MARGIN + (WIDTH - 2 * MARGIN - used) // 2 + stock_w + (GAP if stock else 0)
    return TableLayout(WIDTH, top + trick_h, card, cols, rows, slot_w, row_h, lines, stock_w, stock_card,
                       trick_x, top, top + trick_h, 0, 0)


def table_layout(view: GameView, seats: Sequence[SeatInfo] | None = None) -> TableLayout:
    """The layout of the table picture of ``view`` (its size included)."""
    n = view.players
    cols, rows = GRID[n]
    names = seat_names(seats, n)
    # keep the picture about as tall as wide at most: smaller cards for two rows
    block = _trick_block(names, cols, rows, _has_stock(view), MAX_CARD, WIDTH * MAX_ASPECT - 2 * MARGIN,
                         116, MARGIN)
    height: float = block.height
    hands_y = height
    hand_card, group_h, hands_lines = 0, 0, 1
    hands = view.shown_hands() if isinstance(view, BriscolaView) else {}
    if hands:
        columns = hands_columns(n)
        group_w = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns
        most = max(len(c) for c in hands.values()) or 1
        hand_card = int(min(block.card * 0.8, max(HAND_CARD_MIN, (group_w - 24 - (most - 1) * 8) / most)))
        hands_lines = 1
        group_h = hands_lines * line_height(name_size()[0]) + NAME_PAD + 14 + card_height(hand_card) + GAP + 6
        groups_rows = -(-len(hands) // columns)
        height += groups_rows * group_h
    height += MARGIN - GAP
    return dataclasses.replace(block, height=int(height), hands_y=int(hands_y), hand_card=hand_card,
                               hand_group_h=group_h, hand_lines=hands_lines)


STRIP_MAX_CARD = 150
"""The hand picture's trick strip: the widest card (smaller than the table's, the hand being the main part)."""
STRIP_MIN_CARD = 114
"""The strip's narrowest card (its index 11.4 px on a phone)."""
STRIP_MAX_HEIGHT = 560
"""The strip's places are at most this tall (two rows of three for 6 players)."""


def trick_strip_layout(view: GameView, seats: Sequence[SeatInfo] | None, top: int) -> TableLayout:
    """The trick of ``view`` as a strip from ``top`` (the hand picture's, above the hand): one row of places
    up to 5 players, two rows of three for 6; Briscola's stock and face-up briscola at the left only for 2
    and 3 players, where they fit at a legible size. ``height`` is the strip's bottom."""
    n = view.players
    cols, rows = (n, 1) if n <= 5 else (3, 2)
    return _trick_block(seat_names(seats, n), cols, rows, _has_stock(view) and n <= 3, STRIP_MAX_CARD,
                        STRIP_MAX_HEIGHT, STRIP_MIN_CARD, top)


def table_size(view: GameView, seats: Sequence[SeatInfo] | None = None) -> tuple[int, int]:
    """The pixel size of the table picture of ``view`` (it depends on the player count, the open hands and
    how many lines the names take)."""
    lay = table_layout(view, seats)
    return (lay.width, lay.height)


@lru_cache(maxsize=16)
def _background(size: tuple[int, int]) -> Image.Image:
    """The felt with a darker wooden-toned rim (drawn once per size)."""
    w, h = size
    img = Image.new("RGB", size, FELT_DARK)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, w - 7, h - 7), radius=28, fill=FELT)
    return img


@lru_cache(maxsize=32)
def _place(width: int, colour: RGB, thick: int) -> Image.Image:
    """An empty place on the table: a card-sized outline."""
    h = card_height(width)
    return rounded_box((width, h), (*FELT_LIGHT, 255), (*colour, 255), thick, max(8, width // 12))


def _slot_origin(lay: TableLayout, k: int) -> tuple[float, float]:
    row, col = divmod(k, lay.cols)
    return (lay.trick_x + col * (lay.slot_w + GAP), lay.trick_y + row * lay.row_h)


def _bar(canvas: Image.Image, x: float, y: float, width: float, colour: RGB) -> None:
    paste(canvas, rounded_box((int(width), 9), (*colour, 255), radius=4), (x, y))


def _draw_places(canvas: Image.Image, lay: TableLayout, view: BriscolaView | ChiamataView, names: Sequence[str],
                 colours: Sequence[RGB], faces: str,
                 bubbles: dict[int, tuple[str, RGB]] | None = None) -> None:
    """The trick's places in play order from the leader: each seat's card (or its empty place) over its name."""
    n = view.players
    played = dict(view.trick)
    order = [(view.leader + k) % n for k in range(n)]
    size, smallest = name_size()
    h = card_height(lay.card)
    for k, seat in enumerate(order):
        x, y = _slot_origin(lay, k)
        cx = x + lay.slot_w / 2
        card_x = cx - lay.card / 2
        _bar(canvas, card_x + 6, y + h + 2, lay.card - 12, colours[seat])
        if seat in played:
            paste_card(canvas, played[seat], faces, lay.card, (card_x, y))
        else:
            turn = view.to_move == seat
            paste(canvas, _place(lay.card, HIGHLIGHT if turn else FELT_DARK, 9 if turn else 4), (card_x, y))
            if bubbles and seat in bubbles:
                text, colour = bubbles[seat]
                _bubble(canvas, (cx, y + h / 2), text, colour, lay.slot_w)
        # a name may use half the gap on each side of its place: the neighbours' names stay apart
        draw_lines(canvas, cx, y + h + NAME_PAD + 6, one_line(names[seat], lay.slot_w + GAP - 4), WHITE)


def _bubble(canvas: Image.Image, centre: tuple[float, float], text: str, colour: RGB, max_width: float) -> None:
    """A bid or a pass, said at the table in the seat's place."""
    size, smallest = name_size()
    fitted = fit_lines(text, max_width - 20, size, smallest)
    lines = fitted.lines if fitted else (text,)
    s = fitted.size if fitted else smallest
    w = int(max(text_width(x, s, True, True) for x in lines)) + 24
    bh = len(lines) * line_height(s) + 22
    box = rounded_box((w, bh), (*PANEL, 235), (*colour, 255), 4, 16)
    paste_centered(canvas, box, centre)
    top = centre[1] - bh / 2 + 11
    for i, line in enumerate(lines):
        draw_text(canvas, (centre[0], top + i * line_height(s)), line, s, colour, True, anchor="mt", condensed=True)


def _draw_stock(canvas: Image.Image, lay: TableLayout, view: BriscolaView, faces: str) -> None:
    """The stock pile over the face-up briscola, which lies across under it with its index showing; a
    count badge on the pile. When the stock is gone: its empty place with the trump's sign."""
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
        place = _place(w, FELT_DARK, 4)
        paste(canvas, place, (pile_x, cy - h / 2))
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


def _draw_open_hands(canvas: Image.Image, lay: TableLayout, view: BriscolaView, names: Sequence[str],
                     colours: Sequence[RGB], faces: str) -> None:
    columns = hands_columns(view.players)
    group_w = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns
    size, smallest = name_size()
    for i, (seat, cards) in enumerate(sorted(view.shown_hands().items())):
        row, col = divmod(i, columns)
        x = MARGIN + col * (group_w + GAP)
        y = lay.hands_y + row * lay.hand_group_h
        box = rounded_box((int(group_w), lay.hand_group_h - GAP // 2), (*FELT_DARK, 255), radius=16)
        paste(canvas, box, (x, y))
        _bar(canvas, x + 24, y + 8, group_w - 48, colours[seat])
        draw_lines(canvas, x + group_w / 2, y + 22, one_line(names[seat], group_w - 40), WHITE)
        step = lay.hand_card + 8.0
        if len(cards) > 1:
            step = min(step, (group_w - 24 - lay.hand_card) / (len(cards) - 1))
        cx = x + (group_w - ((len(cards) - 1) * step + lay.hand_card)) / 2
        for c in cards:
            paste_card(canvas, c, faces, lay.hand_card, (cx, y + 22 + lay.hand_lines * line_height(size) + NAME_PAD))
            cx += step


def _briscola_colours(view: BriscolaView) -> list[RGB]:
    colours = [NEUTRAL] * view.players
    for i, side in enumerate(view.sides):
        for s in side:
            colours[s] = SIDE_COLOURS[i % len(SIDE_COLOURS)]
    return colours


def _briscola(view: BriscolaView, seats: Sequence[SeatInfo] | None) -> Image.Image:
    lay = table_layout(view, seats)
    canvas = _background((lay.width, lay.height)).copy()
    faces = faces_of(view.options)
    names = seat_names(seats, view.players)
    colours = _briscola_colours(view)
    draw_trick(canvas, lay, view, seats, faces)
    if view.shown_hands():
        _draw_open_hands(canvas, lay, view, names, colours, faces)
    return canvas


def _bid_text(bid: str | int | None) -> str:
    return label("pass") if bid is None else label("bid", bid=bid)


def _chiamata_colours(view: ChiamataView) -> list[RGB]:
    n = view.players
    colours = [NEUTRAL] * n
    if view.caller is not None:
        colours[view.caller] = CALLER_COLOUR
        if view.partner is not None:
            for s in range(n):
                colours[s] = CALLER_COLOUR if s in (view.caller, view.partner) else DEFENDERS_COLOUR
    return colours


def _chiamata(view: ChiamataView, seats: Sequence[SeatInfo] | None) -> Image.Image:
    lay = table_layout(view, seats)
    canvas = _background((lay.width, lay.height)).copy()
    faces = faces_of(view.options)
    bubbles: dict[int, tuple[str, RGB]] = {}
    if view.phase == "auction":
        for s, bid in view.auction:
            bubbles[s] = (_bid_text(bid), HIGHLIGHT if s == view.standing_seat else MUTED)
    draw_trick(canvas, lay, view, seats, faces, bubbles)
    # the sixth place: the called card, framed in the caller's colour
    x, y = _slot_origin(lay, view.players)
    cx = x + lay.slot_w / 2
    h = card_height(lay.card)
    if view.called is not None:
        frame = rounded_box((lay.card + 20, h + 20), (*CALLER_COLOUR, 255), radius=18)
        paste(canvas, frame, (cx - lay.card / 2 - 10, y - 10 if y >= 10 else 0))
        paste_card(canvas, view.called, faces, lay.card, (cx - lay.card / 2, y))
        size, smallest = name_size()
        draw_name(canvas, cx, y + h + NAME_PAD + 6, label("called"), label("called"), lay.slot_w, size, smallest,
                  CALLER_COLOUR)
    return canvas


def draw_trick(canvas: Image.Image, lay: TableLayout, view: BriscolaView | ChiamataView,
               seats: Sequence[SeatInfo] | None, faces: str, bubbles: dict[int, tuple[str, RGB]] | None = None,
               ) -> None:
    """The trick's places of ``lay`` (``table_layout`` or ``trick_strip_layout``): each seat's card or its
    empty place (gold for the seat to move) over its name and a bar in its side's colour; Briscola's stock
    and face-up briscola when the layout has room for them. Shared by the table and hand pictures."""
    names = seat_names(seats, view.players)
    if isinstance(view, BriscolaView):
        if lay.stock_w:
            _draw_stock(canvas, lay, view, faces)
        colours = _briscola_colours(view)
    else:
        colours = _chiamata_colours(view)
    _draw_places(canvas, lay, view, names, colours, faces, bubbles)


def table_image(view: GameView, seats: Sequence[SeatInfo] | None = None,
                ) -> Image.Image:
    """The public table as a Pillow image (RGB); see ``table_png``."""
    require_public(view)
    if isinstance(view, BriscolaView):
        return _briscola(view, seats)
    if isinstance(view, ChiamataView):
        return _chiamata(view, seats)
    if isinstance(view, CiceraView):
        return cicera_table_image(view, seats)
    raise TypeError(f"no table picture for {type(view).__name__}")


def table_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """The public table of Briscola, Chiamata or Cicera as PNG bytes.

    ``view`` must be the public view, ``game.view(None)``: a seat's view raises ``PrivateViewError``."""
    return png_bytes(table_image(view, seats))
