"""Scopa's pictures (2, 3 or 4 players; Scopone's too, ``images.games.scopone``): the table's face-up cards,
large, the card placed last outlined; the last capture (who played which card and what it took, tagged when it
was a scopa); the stock's size and each side's captured pile with its scope. The hand with the table's cards
above it (Scopone scientifico's 10 cards on one row); the summary with each round point per side and the four
cards of each side's primiera; a replay frame per turn.

Whose turn it is and the running points are message text. Take the table through
``images.table.table_png(view)``; the view must be the public one (``game.view(None)``).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from images.cards import back_image, card_height, paste_card
from images.common import (
    CREAM,
    FELT,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    PICTURE_WIDTH,
    RGB,
    SIDE_COLOURS,
    WHITE,
    draw_text,
    faces_of,
    fit_lines,
    joined_names,
    label,
    line_height,
    min_size,
    paste,
    paste_centered,
    require_public,
    rounded_box,
    seat_name,
    seat_names,
    size_for,
    text_width,
)
from images.games.cicera import BoardLayout, board_layout
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
    Summary,
    SummaryPart,
    SummaryStyle,
)
from images.registry import register
from images.sampling import find_state, finished, public, seats_for
from images.summary import NAME_MIN, NUMBER_W, TITLE_GAP, summary_png
from images.table import table_png
from images.trick_table import one_line, place
from rules.cards import Card
from rules.engine import Match
from rules.games.scopa.engine import ROW_LABELS
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.view import ScopaView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "scopa"

LABELS = {
    "table_empty": N_("The table is empty"),
    "no_capture": N_("No capture yet"),
    "scopa_tag": N_("Scopa!"),
    "scope_count": N_("Scope: {n}"),
    "no_primiera": N_("No primiera: a suit is missing"),
}
"""The game's own texts in its pictures (the first two are Cicera's too, the same texts)."""
add_labels(LABELS)

WIDTH = PICTURE_WIDTH
MARGIN = 18
GAP = 12
CAPTURE_CARD = 120
"""The cards of the last capture (their index 12 px on a phone)."""
STOCK_CARD = 84
"""The stock's face-down pile, at the right of the last capture."""
PILE_CARD = 40
"""The little face-down card beside each side's count of captured cards (a back: no index to read)."""
PRIMIERA_CARD = 114
"""The summary's primiera cards, as narrow as any card the pictures draw (their index 11.4 px on a phone)."""
ROW_PAD = 12
CELL_PAD = 12
BOARD_MAX_H = 300
"""The table cards take one row up to 6 (4 at 168 px, 6 at 114) and overlap in it up to 10, so that the table
picture stays about as tall as it is wide; more take a second row."""


# ----- sizes -----
def _text_size() -> int:
    return min_size(True, True) + 2


def _capture_h(view: ScopaView) -> int:
    """The last capture's box with the gap under it: one line and the cards; before any capture, as low as the
    stock beside it allows (one line without a stock)."""
    if view.last_capture is not None:
        return line_height(_text_size()) + 10 + card_height(CAPTURE_CARD) + 2 * GAP
    if has_stock(view):
        return card_height(STOCK_CARD) + 4 * GAP
    return line_height(_text_size()) + 4 * GAP


@dataclass(frozen=True)
class PilesLayout:
    """Each side's cell under the last capture, side by side: its players' names (one line each), then its
    captured cards and its scope, on one line when the cell is wide enough, else on two."""

    cell_w: float
    name_lines: int
    split: bool
    """The scope on a line of its own (three sides: narrow cells)."""
    cell_h: int

    @property
    def height(self) -> int:
        """The part's height, its gaps included."""
        return self.cell_h + 2 * GAP


def _scope_w(size: int) -> float:
    return max(text_width(label("scope_count", n=n), size_for(label("scope_count", n=n), size), True, True)
               for n in (0, 8)) + 24


def _count_w(size: int) -> float:
    return PILE_CARD + 12 + text_width("40", size, True, True)


def piles_layout(sides: Sequence[Sequence[int]]) -> PilesLayout:
    """How the sides' cells lie."""
    size = _text_size()
    k = len(sides)
    cell_w = (WIDTH - 2 * MARGIN - (k - 1) * GAP) / k
    split = _count_w(size) + 12 + _scope_w(size) > cell_w - 2 * CELL_PAD
    stats_h = card_height(PILE_CARD)
    if split:
        stats_h += 8 + line_height(size) + 6
    lines = max(len(side) for side in sides)
    return PilesLayout(cell_w, lines, split, 2 * ROW_PAD + lines * line_height(size) + 8 + stats_h)


def table_board(count: int) -> BoardLayout:
    """How ``count`` table cards lie in the table picture."""
    return board_layout(count, WIDTH, BOARD_MAX_H)


def scopa_table_size(view: ScopaView) -> tuple[int, int]:
    """The pixel size of the Scopa table picture (it grows with the cards on the table and the sides)."""
    board = table_board(len(view.table))
    return (WIDTH, MARGIN + board.height + GAP + _capture_h(view) + piles_layout(view.sides).height + MARGIN)


# ----- the parts -----
@lru_cache(maxsize=8)
def _background(size: tuple[int, int], board_h: int) -> Image.Image:
    img = Image.new("RGB", size, FELT_DARK)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, size[0] - 7, MARGIN + board_h + GAP // 2), radius=28, fill=FELT)
    return img


def last_placed(view: ScopaView) -> Card | None:
    """The card placed by the last play, while it lies on the table (``None`` when the last play captured)."""
    if not view.history:
        return None
    _seat, card, take = view.history[-1]
    return card if not take and card in view.table else None


def draw_board(canvas: Image.Image, view: ScopaView, top: float, board: BoardLayout, width: int = WIDTH) -> None:
    """The table cards in centred rows from ``top``; the card placed last outlined in gold."""
    cards = view.table
    if not cards:
        text = label("table_empty")
        draw_text(canvas, (width / 2, top + board.height / 2), text, size_for(text, min_size(True, True)), MUTED,
                  True, anchor="mm", condensed=True)
        return
    faces = faces_of(view.options)
    w, h = board.card, card_height(board.card)
    placed = last_placed(view)
    for i, c in enumerate(cards):
        row, col = divmod(i, board.per_row)
        in_row = min(board.per_row, len(cards) - row * board.per_row)
        row_w = (in_row - 1) * board.step + w
        x = (width - row_w) / 2 + col * board.step
        y = top + row * (h + GAP)
        if c == placed:
            paste(canvas, rounded_box((w + 14, h + 14), (*HIGHLIGHT, 255), radius=14), (x - 7, y - 7))
        paste_card(canvas, c, faces, w, (x, y))


def _arrow(canvas: Image.Image, x: float, cy: float, length: float) -> None:
    d = ImageDraw.Draw(canvas)
    d.rectangle((x, cy - 5, x + length - 16, cy + 5), fill=WHITE)
    d.polygon([(x + length - 22, cy - 16), (x + length, cy), (x + length - 22, cy + 16)], fill=WHITE)


def side_index(view: GameView, seat: int) -> int:
    """The index of ``seat``'s side in the view's sides."""
    return next(i for i, side in enumerate(view.sides) if seat in side)


def _side_colour(side: int) -> RGB:
    return SIDE_COLOURS[side % len(SIDE_COLOURS)]


def _tag(canvas: Image.Image, x: float, top: float, text: str, size: int) -> float:
    """A gold tag with ``text`` from ``x``; its width."""
    size = size_for(text, size)
    tw = int(text_width(text, size, True, True)) + 24
    paste(canvas, rounded_box((tw, line_height(size) + 6), (*HIGHLIGHT, 255), radius=12), (x, top))
    draw_text(canvas, (x + tw / 2, top + 3), text, size, INK, True, anchor="mt", condensed=True)
    return tw


def has_stock(view: GameView) -> bool:
    """Whether the game deals from a stock (Scopa; Scopone deals every card at once)."""
    return "deal" not in view.options


def _stock(canvas: Image.Image, view: ScopaView, right: float, cy: float) -> float:
    """The stock at the right end of the capture box: a face-down pile with its count (an empty place with 0
    once it is dealt out); its left edge."""
    w, h = STOCK_CARD, card_height(STOCK_CARD)
    x, y = right - w - 9, cy - h / 2
    if view.stock_size:
        layers = min(4, 1 + view.stock_size // 8)
        for k in range(layers):
            paste(canvas, back_image(w), (x + 3 * (layers - 1 - k), y - 3 * (layers - 1 - k)))
    else:
        paste(canvas, place(w, FELT_DARK, 4), (x, y))
    _count_badge(canvas, x + w / 2, cy, str(view.stock_size))
    return x - 24


def _last_capture(canvas: Image.Image, view: ScopaView, seats: Seats, top: float) -> None:
    """Who took what last: the name (a gold tag when it was a scopa), then the card played, an arrow and the
    cards taken; the stock at the right."""
    size = _text_size()
    box_h = _capture_h(view) - GAP
    paste(canvas, rounded_box((WIDTH - 2 * MARGIN, box_h), (*FELT, 255), radius=20), (MARGIN, top))
    y = top + line_height(size) + 20
    cap = view.last_capture
    right = WIDTH - MARGIN - 18.0
    if has_stock(view):
        right = _stock(canvas, view, right, y + card_height(CAPTURE_CARD) / 2 if cap else top + box_h / 2)
    x = MARGIN + 18.0
    if cap is None:
        text = label("no_capture")
        draw_text(canvas, (x, top + box_h / 2), text, size_for(text, size), MUTED, True, anchor="lm",
                  condensed=True)
        return
    faces = faces_of(view.options)
    names = seat_names(seats, view.players)
    tag = label("scopa_tag") if cap.scopa else ""
    tag_w = text_width(tag, size_for(tag, size), True, True) + 24 + 14 if tag else 0
    fitted = one_line(names[cap.seat], WIDTH - 2 * MARGIN - 36 - tag_w)
    nw, _h = draw_text(canvas, (x, top + 10), fitted.lines[0], fitted.size, _side_colour(side_index(view, cap.seat)),
                       True, condensed=True)
    if tag:
        _tag(canvas, x + nw + 14, top + 8, tag, size)
    w = CAPTURE_CARD
    paste_card(canvas, cap.card, faces, w, (x, y))
    x += w + 14
    _arrow(canvas, x, y + card_height(w) / 2, 70)
    x += 70 + 14
    n = len(cap.taken)
    step = min(w + 10.0, (right - x - w) / (n - 1)) if n > 1 else float(w)
    for c in cap.taken:
        paste_card(canvas, c, faces, w, (x, y))
        x += step


def _count_badge(canvas: Image.Image, cx: float, cy: float, text: str) -> None:
    size = min_size(True) + 4
    w = int(text_width(text, size, True)) + 30
    hh = line_height(size) + 12
    box = rounded_box((max(w, hh), hh), (*CREAM, 250), (*INK, 255), 3, hh // 2)
    paste_centered(canvas, box, (cx, cy))
    draw_text(canvas, (cx, cy), text, size, INK, True, anchor="mm")


def _piles(canvas: Image.Image, view: ScopaView, seats: Seats, top: float) -> None:
    """A cell per side: its players' names in its colour (one line each), its captured cards (a face-down card
    and their count) and its scope (gold once it has one)."""
    size = _text_size()
    lay = piles_layout(view.sides)
    names = seat_names(seats, view.players)
    y = top + GAP
    for i, side in enumerate(view.sides):
        colour = _side_colour(i)
        x = MARGIN + i * (lay.cell_w + GAP)
        paste(canvas, rounded_box((int(lay.cell_w), lay.cell_h), (*PANEL, 255), radius=14), (x, y))
        paste(canvas, rounded_box((int(lay.cell_w) - 28, 8), (*colour, 255), radius=4), (x + 14, y + 6))
        ty = y + ROW_PAD + 2
        for seat in side:
            fitted = one_line(names[seat], lay.cell_w - 2 * CELL_PAD)
            draw_text(canvas, (x + CELL_PAD, ty), fitted.lines[0], fitted.size, colour, True, condensed=True)
            ty += line_height(size)
        sy = y + ROW_PAD + lay.name_lines * line_height(size) + 8
        cy = sy + card_height(PILE_CARD) / 2
        paste(canvas, back_image(PILE_CARD), (x + CELL_PAD, sy))
        draw_text(canvas, (x + CELL_PAD + PILE_CARD + 12, cy), str(view.pile_sizes[i]), size, WHITE, True,
                  anchor="lm", condensed=True)
        scope = view.scope[i]
        text = label("scope_count", n=scope)
        ts = size_for(text, size)
        tw = text_width(text, ts, True, True) + 24
        th = line_height(ts) + 6
        if lay.split:
            bx, by = x + CELL_PAD, sy + card_height(PILE_CARD) + 8
        else:
            bx, by = x + lay.cell_w - CELL_PAD - tw, cy - th / 2
        fill = HIGHLIGHT if scope else PANEL_LIGHT
        paste(canvas, rounded_box((int(tw), th), (*fill, 255), radius=12), (bx, by))
        draw_text(canvas, (bx + tw / 2, by + th / 2), text, ts, INK if scope else CREAM, True, anchor="mm",
                  condensed=True)


def _view(view: GameView) -> ScopaView:
    if not isinstance(view, ScopaView):
        raise TypeError(f"not a Scopa view: {type(view).__name__}")
    return view


def scopa_table_image(view: ScopaView, seats: Seats = None) -> Image.Image:
    """The public Scopa (or Scopone) table as a Pillow image (RGB)."""
    require_public(view)
    board = table_board(len(view.table))
    size = scopa_table_size(view)
    canvas = _background(size, board.height).copy()
    draw_board(canvas, view, MARGIN, board)
    y = MARGIN + board.height + GAP + GAP // 2
    _last_capture(canvas, view, seats, y)
    _piles(canvas, view, seats, y + _capture_h(view) - GAP)
    return canvas


# ----- the hand -----
HAND_MAX_CARD = 132
"""The hand's cards are at most this wide, so that the hand message with the board and the capture select fits
a desktop's screen too (Cicera's hand, the same family)."""
BOARD_CARD_SIZES = (114,)
"""The table cards above the hand, as narrow as the table picture's smallest (their index 11.4 px on a phone)."""
HAND_BOARD_MAX_H = 250
"""The board above the hand takes one row while its cards fit it overlapping (13 at 114 px)."""
BOARD_MIN_VISIBLE = 0.45
HAND_GAP = 15


def above(view: GameView, _seats: Seats, top: int) -> AbovePart:
    """The table's cards above the hand, the card placed last outlined."""
    v = _view(view)
    board = board_layout(len(v.table), WIDTH, HAND_BOARD_MAX_H, BOARD_CARD_SIZES, BOARD_MIN_VISIBLE)
    return AbovePart(top + board.height + 2 * HAND_GAP, top + board.height + 2 * HAND_GAP - 8,
                     lambda canvas: draw_board(canvas, v, top + HAND_GAP - 4, board, WIDTH), board)


HAND = HandParts(above=above, max_card=HAND_MAX_CARD, overlap_early=True)


# ----- the summary -----
POINT_ROWS = ("scope", "cards", "denari", "settebello", "primiera", "napola")
COUNTED = ("cards", "denari", "primiera")
"""The round points whose cells say what each side counted, and ``+1`` for the side that scored it
(``24 +1`` against ``16``)."""


def _points(s: Summary) -> list[str]:
    """The point rows this summary shows (the napola only with the option)."""
    return [k for k in POINT_ROWS if k != "napola" or s.options.get("napola") == "on"]


def _columns(s: Summary, seats: Seats) -> list[str]:
    """One column per side: the player's name on one line (cut with an ellipsis to the widest a column gets:
    a name is never wrapped), or ``Team N`` for a team."""
    most = max(NUMBER_W, (WIDTH - 2 * MARGIN - 36 - NAME_MIN) // len(s.sides)) - TITLE_GAP
    return ["", *(one_line(seat_name(seats, side[0]), most).lines[0] if len(side) == 1 else label("team", n=i + 1)
                  for i, side in enumerate(s.sides))]


def _no_primiera(s: Summary, side: int) -> bool:
    cards = s.result.get("primiera_cards") or []
    return side < len(cards) and not cards[side]


def _cell(s: Summary, key: str, side: int) -> str:
    """A side's cell of a round point: what it counted and ``+N`` when it scored (the scope: their number; the
    settebello and the napola: ``+N`` or 0; no primiera: 0)."""
    r = s.result
    points = int((r.get("breakdown") or [{}] * (side + 1))[side].get(key, 0))
    if key not in COUNTED:
        return str(points) if key == "scope" or not points else f"+{points}"
    if key == "primiera" and _no_primiera(s, side):
        return "0"  # no primiera (a dash's ink is never 11 px tall); the part below says why
    count = (r.get("counts") or [{}] * (side + 1))[side].get(key, 0)
    return f"{count} +{points}" if points else str(count)


def _rows(s: Summary, _seats: Seats) -> list[list[str]]:
    r = s.result
    rows = [[translated(ROW_LABELS[key]), *(_cell(s, key, i) for i in range(len(s.sides)))] for key in _points(s)]
    rows.append([label("total"), *(str(x) for x in r["score"])])
    if s.options.get("match", "single") != "single":
        rows.append([label("match_total"), *(str(s.totals[side[0]] if s.totals else r["score"][i])
                                             for i, side in enumerate(s.sides))])
    return rows


def _banner(s: Summary, seats: Seats) -> tuple[str, RGB]:
    score = list(s.result["score"])
    best = max(score)
    if score.count(best) == 1:
        side = score.index(best)
        others = [score[side]] + [x for i, x in enumerate(score) if i != side]
        key = "winners" if len(s.sides[side]) > 1 else "winner"
        return (label(key, name=joined_names(seats, s.sides[side])) + "  " + " \u2013 ".join(map(str, others)),
                SIDE_COLOURS[side % len(SIDE_COLOURS)])
    return label("draw") + "  " + " \u2013 ".join(map(str, score)), HIGHLIGHT


def _primiera_layout() -> tuple[int, int, int]:
    """(columns, cell width, cell height) of the primiera cards' part."""
    cols = 2
    cell_w = (WIDTH - 2 * MARGIN - GAP) // cols
    cell_h = line_height(_text_size()) + 10 + card_height(PRIMIERA_CARD) + 2 * ROW_PAD
    return cols, cell_w, cell_h


def _primiera_part(s: Summary, seats: Seats) -> SummaryPart | None:
    """The four cards that made each side's primiera (a side without a suit has none), in a cell per side."""
    cards = s.result.get("primiera_cards")
    if not cards:
        return None
    cols, cell_w, cell_h = _primiera_layout()
    rows = -(-len(s.sides) // cols)
    faces = faces_of(s.options)
    size = _text_size()

    def draw(img: Image.Image, top: int) -> None:
        counts = s.result.get("counts") or [{} for _ in s.sides]
        for i, side in enumerate(s.sides):
            row, col = divmod(i, cols)
            x = MARGIN + col * (cell_w + GAP)
            y = top + row * (cell_h + GAP)
            paste(img, rounded_box((cell_w, cell_h), (*PANEL, 255), radius=14), (x, y))
            colour = SIDE_COLOURS[i % len(SIDE_COLOURS)]
            own = [Card.parse(c) for c in cards[i]] if i < len(cards) else []
            value = str(counts[i].get("primiera", 0)) if own else ""
            value_w = text_width(value, size, True, True) + 12 if value else 0
            title = seat_name(seats, side[0]) if len(side) == 1 else label("team", n=i + 1)  # as its column
            fitted = one_line(title, cell_w - 28 - value_w)
            draw_text(img, (x + 14, y + ROW_PAD), fitted.lines[0], fitted.size, colour, True, condensed=True)
            if value:
                draw_text(img, (x + cell_w - 14, y + ROW_PAD), value, size, CREAM, True, anchor="ra",
                          condensed=True)
            cy = y + ROW_PAD + line_height(size) + 10
            if not own:
                text = label("no_primiera")
                lines = fit_lines(text, cell_w - 28, size, min_size(True, True), 3) or one_line(text, cell_w - 28)
                for k, line in enumerate(lines.lines):
                    draw_text(img, (x + 14, cy + k * line_height(lines.size)), line, size_for(line, lines.size),
                              MUTED, True, condensed=True)
                continue
            room = cell_w - 28
            step = min(PRIMIERA_CARD + 8.0, (room - PRIMIERA_CARD) / max(1, len(own) - 1))
            for k, c in enumerate(own):
                paste_card(img, c, faces, PRIMIERA_CARD, (x + 14 + k * step, cy))

    return SummaryPart(rows * cell_h + (rows - 1) * GAP, draw)


SUMMARY = SummaryStyle(
    columns=_columns, banner=_banner, rows=_rows,
    marks=lambda _s, rows: [None] * rows, footer_colour=lambda _s, _seats: HIGHLIGHT,
    total_rows=lambda s, rows: rows - len(_points(s)),
    header_colours=(MUTED, *SIDE_COLOURS), below=_primiera_part)
"""Per side (a column each): the scope and each round point (with what cards, Denari and primiera were counted
on), the round's total and the match's; under the rows, the four cards of each side's primiera."""


# ----- replays -----
def turn_frame(step: ReplayStep) -> tuple[FrameKind, GameView]:
    """The table after each turn (a capture or a placing), with the last capture."""
    if step.round is step.match.round:
        return ("turn", step.match.view(None))
    # the round's last play: the next round has begun; show this one's table
    before = step.before
    shared: dict[str, Any] = {f.name: getattr(before, f.name) for f in dataclasses.fields(GameView)
                              if f.name not in ("hand", "hand_sizes")}
    assert isinstance(step.round, ScopaRound)
    return ("turn", step.round.view(None, shared))


# ----- samples -----
def with_table(game: str, players: int, cards: int, options: dict[str, Any] | None = None,
               scopa: bool = False, taken: int = 2) -> Match:
    """A game with ``cards`` cards on the table after a capture of ``taken`` cards or more (a scopa, with
    ``scopa``)."""
    def stop(m: Match) -> bool:
        v = public(m, ScopaView)
        if v.last_capture is None or len(v.table) != cards:
            return False
        return v.last_capture.scopa if scopa else len(v.last_capture.taken) >= taken
    return find_state(game, players, options, stop, place_bias=0.6)


def positions(game: str) -> Named:
    """Scopa's sample positions: every player count, a scopa just made, the French faces, a crowded table."""
    if game != GAME:
        return [(f"{game}-scientifico", find_state(game, 4, {"deal": "scientifico"}, lambda _m: True)),
                (f"{game}-tradizionale", with_table(game, 4, 5, {"deal": "tradizionale"})),
                (f"{game}-scopa", with_table(game, 4, 0, {}, scopa=True))]
    return [(f"{GAME}-2p", with_table(GAME, 2, 5)),
            (f"{GAME}-2p-scopa", with_table(GAME, 2, 0, scopa=True)),
            (f"{GAME}-2p-french", with_table(GAME, 2, 4, {"faces": "french"})),
            (f"{GAME}-3p", with_table(GAME, 3, 6)),
            (f"{GAME}-4p", with_table(GAME, 4, 3)),
            (f"{GAME}-2p-crowded", with_table(GAME, 2, 9, taken=1))]


def finished_games(game: str) -> Named:
    """Finished games for the summaries: every player count, a match, the napola."""
    if game != GAME:
        return [(game, finished(game, 4, {"match": "single"})),
                (f"{game}-11-napola", finished(game, 4, {"napola": "on"}))]
    return [(f"{GAME}-2p", finished(GAME, 2, {"match": "single"})), (f"{GAME}-2p-11", finished(GAME, 2)),
            (f"{GAME}-3p", finished(GAME, 3, {"match": "single", "napola": "on"})),
            (f"{GAME}-4p", finished(GAME, 4))]


def documented(game: str) -> dict[str, bytes]:
    """The documentation's pictures: the table, a hand and a summary."""
    files: dict[str, bytes] = {}
    players = 4 if game != GAME else 2
    match = with_table(game, players, 5, {"deal": "tradizionale"} if game != GAME else {})
    files[f"table-{game}.png"] = table_png(match.view(None), seats_for(players))
    if game != GAME:  # the scientifico deal's 10 cards
        match = find_state(game, 4, {"deal": "scientifico"}, lambda _m: True)
    else:  # a full hand of 3 under a table of 4 or more
        match = find_state(game, players, {}, lambda m: len(m.view(m.to_move()).hand) == 3
                           and len(public(m, ScopaView).table) >= 4 and public(m, ScopaView).last_capture is not None,
                           place_bias=0.6)
    files[f"hand-{game}.png"] = hand_png(match.view(match.to_move()), seats_for(players))
    files[f"summary-{game}.png"] = summary_png(finished(game, players, {"match": "single"}).view(None),
                                               seats_for(players))
    return files


def pictures(game: str) -> GamePictures:
    """The pictures of ``game`` (``scopa`` or ``scopone``): the same drawing, each game's own samples."""
    return GamePictures(
        game, table=lambda view, seats: scopa_table_image(_view(view), seats),
        table_size=lambda view, _seats: scopa_table_size(_view(view)), hand=HAND, summary=SUMMARY,
        replay_frame=turn_frame,
        samples=GameSamples(lambda: positions(game), lambda: finished_games(game), lambda: documented(game)))


PICTURES = register(pictures(GAME))


__all__ = ["HAND", "PICTURES", "SUMMARY", "PilesLayout", "draw_board", "has_stock", "last_placed", "pictures",
           "piles_layout", "scopa_table_image", "scopa_table_size", "side_index", "table_board", "turn_frame",
           "with_table"]
