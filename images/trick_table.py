"""The table of the trick-taking games, shared by their pictures: the trick's places in play order, each
card over the name of who played it (an empty place, outlined, for each seat still to play, gold for the seat to
move), a bar in each seat's side colour, room at the left for a stock when the game has one, and the open
hands that a view may see (``GameView.shown_hands``) below.

A trick-taking game's picture module (``images.games.<game>``) lays its table out here, draws what it adds
(a stock, a called card, the auction's bids) and gives each seat's colour. It is designed for the phone display
width (``images.common``): every text at least ``MIN_TEXT_PX`` tall there.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol

from PIL import Image, ImageDraw

from images.cards import card_height, paste_card
from images.common import (
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    HIGHLIGHT,
    PANEL,
    PICTURE_WIDTH,
    RGB,
    WHITE,
    Fitted,
    SeatInfo,
    draw_lines,
    draw_text,
    fit_lines,
    line_height,
    min_size,
    paste,
    paste_centered,
    rounded_box,
    seat_names,
    shorten,
    text_width,
)
from rules.cards import Card
from rules.view import GameView


class TrickView(Protocol):
    """What the shared trick table reads of a trick-taking game's view."""

    @property
    def players(self) -> int: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def trick(self) -> tuple[tuple[int, Card], ...]: ...
    @property
    def leader(self) -> int: ...


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
"""The stock's column is this many of its cards wide: the face-up trump card across, the pile over its end."""
GRID = {2: (2, 1), 3: (3, 1), 4: (2, 2), 5: (3, 2), 6: (3, 2)}
"""Per player count: the columns and rows of the places of the trick (with 5 players a sixth is free)."""
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
    """Where the parts of a trick table picture go (pixels)."""

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
    """Width of the stock's column (0: no stock)."""
    stock_card: int
    """Width of the stock's cards."""
    trick_x: int
    trick_y: int
    hands_y: int
    hand_card: int
    hand_group_h: int
    hand_lines: int = 1


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
    """The trick's places (and a stock's column at their left when ``stock``): ``cols`` x ``rows`` places,
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


def table_layout(view: GameView, seats: Sequence[SeatInfo] | None = None, stock: bool = False) -> TableLayout:
    """The layout of the table picture of ``view`` (its size included), with a stock's column when ``stock``."""
    n = view.players
    cols, rows = GRID[n]
    names = seat_names(seats, n)
    # keep the picture about as tall as wide at most: smaller cards for two rows
    block = _trick_block(names, cols, rows, stock, MAX_CARD, WIDTH * MAX_ASPECT - 2 * MARGIN,
                         116, MARGIN)
    height: float = block.height
    hands_y = height
    hand_card, group_h, hands_lines = 0, 0, 1
    hands = view.shown_hands()
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


def trick_strip_layout(view: GameView, seats: Sequence[SeatInfo] | None, top: int, stock: bool = False,
                       max_card: int = STRIP_MAX_CARD) -> TableLayout:
    """The trick of ``view`` as a strip from ``top`` (the hand picture's, above the hand): one row of places
    up to 5 players, two rows of three for 6; a stock's column at the left (``stock``) only for 2 and 3
    players, where it fits at a legible size; cards at most ``max_card`` wide (a table picture in one row, as
    Tressette's for 4 players, may want them smaller). ``height`` is the strip's bottom."""
    n = view.players
    cols, rows = (n, 1) if n <= 5 else (3, 2)
    return _trick_block(seat_names(seats, n), cols, rows, stock and n <= 3, max_card,
                        STRIP_MAX_HEIGHT, STRIP_MIN_CARD, top)


@lru_cache(maxsize=16)
def background(size: tuple[int, int]) -> Image.Image:
    """The felt with a darker wooden-toned rim (drawn once per size)."""
    w, h = size
    img = Image.new("RGB", size, FELT_DARK)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, w - 7, h - 7), radius=28, fill=FELT)
    return img


@lru_cache(maxsize=32)
def place(width: int, colour: RGB, thick: int) -> Image.Image:
    """An empty place on the table: a card-sized outline."""
    h = card_height(width)
    return rounded_box((width, h), (*FELT_LIGHT, 255), (*colour, 255), thick, max(8, width // 12))


def slot_origin(lay: TableLayout, k: int) -> tuple[float, float]:
    row, col = divmod(k, lay.cols)
    return (lay.trick_x + col * (lay.slot_w + GAP), lay.trick_y + row * lay.row_h)


def bar(canvas: Image.Image, x: float, y: float, width: float, colour: RGB) -> None:
    paste(canvas, rounded_box((int(width), 9), (*colour, 255), radius=4), (x, y))


def _draw_places(canvas: Image.Image, lay: TableLayout, view: TrickView, names: Sequence[str],
                 colours: Sequence[RGB], faces: str,
                 bubbles: dict[int, tuple[str, RGB]] | None = None) -> None:
    """The trick's places in play order from the leader: each seat's card (or its empty place) over its name."""
    n = view.players
    played = dict(view.trick)
    order = [(view.leader + k) % n for k in range(n)]
    size, smallest = name_size()
    h = card_height(lay.card)
    for k, seat in enumerate(order):
        x, y = slot_origin(lay, k)
        cx = x + lay.slot_w / 2
        card_x = cx - lay.card / 2
        bar(canvas, card_x + 6, y + h + 2, lay.card - 12, colours[seat])
        if seat in played:
            paste_card(canvas, played[seat], faces, lay.card, (card_x, y))
        else:
            turn = view.to_move == seat
            paste(canvas, place(lay.card, HIGHLIGHT if turn else FELT_DARK, 9 if turn else 4), (card_x, y))
            if bubbles and seat in bubbles:
                text, colour = bubbles[seat]
                bubble(canvas, (cx, y + h / 2), text, colour, lay.slot_w)
        # a name may use half the gap on each side of its place: the neighbours' names stay apart
        draw_lines(canvas, cx, y + h + NAME_PAD + 6, one_line(names[seat], lay.slot_w + GAP - 4), WHITE)


def bubble(canvas: Image.Image, centre: tuple[float, float], text: str, colour: RGB, max_width: float) -> None:
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


def draw_open_hands(canvas: Image.Image, lay: TableLayout, view: GameView, names: Sequence[str],
                    colours: Sequence[RGB], faces: str) -> None:
    """The hands the view may see (``shown_hands``), each under its seat's name and colour bar."""
    columns = hands_columns(view.players)
    group_w = (WIDTH - 2 * MARGIN - (columns - 1) * GAP) / columns
    size, smallest = name_size()
    for i, (seat, cards) in enumerate(sorted(view.shown_hands().items())):
        row, col = divmod(i, columns)
        x = MARGIN + col * (group_w + GAP)
        y = lay.hands_y + row * lay.hand_group_h
        box = rounded_box((int(group_w), lay.hand_group_h - GAP // 2), (*FELT_DARK, 255), radius=16)
        paste(canvas, box, (x, y))
        bar(canvas, x + 24, y + 8, group_w - 48, colours[seat])
        draw_lines(canvas, x + group_w / 2, y + 22, one_line(names[seat], group_w - 40), WHITE)
        step = lay.hand_card + 8.0
        if len(cards) > 1:
            step = min(step, (group_w - 24 - lay.hand_card) / (len(cards) - 1))
        cx = x + (group_w - ((len(cards) - 1) * step + lay.hand_card)) / 2
        for c in cards:
            paste_card(canvas, c, faces, lay.hand_card, (cx, y + 22 + lay.hand_lines * line_height(size) + NAME_PAD))
            cx += step


Stock = Callable[[Image.Image, TableLayout], None]
"""Draws a game's stock into the layout's stock column."""


def draw_trick(canvas: Image.Image, lay: TableLayout, view: TrickView, seats: Sequence[SeatInfo] | None,
               faces: str, colours: Sequence[RGB], bubbles: dict[int, tuple[str, RGB]] | None = None,
               stock: Stock | None = None) -> None:
    """The trick's places of ``lay`` (``table_layout`` or ``trick_strip_layout``): each seat's card or its
    empty place (gold for the seat to move) over its name and a bar in its colour (``colours``, per seat);
    the game's ``stock`` first when the layout has room for it. Shared by the table and hand pictures."""
    names = seat_names(seats, view.players)
    if lay.stock_w and stock is not None:
        stock(canvas, lay)
    _draw_places(canvas, lay, view, names, colours, faces, bubbles)

