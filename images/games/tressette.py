"""Tressette's pictures (2 players, or 4 in teams): the table with the trick in play (each card over the name of
who played it, the lead's signal tagged on its card), with 2 players the stock at its left; under it the two
cards drawn after the last trick, face up with who drew each; the last trick with who took it; the round's
signals, each on its card; the declarations with the cards they name; each side's thirds so far (only with
``show_points``). The hand with the trick above it, the cards that may not be played now (a suit to follow)
dimmed, and the cards every seat knows an opponent or partner holds (drawn or declared) in strips below. The
summary per side: thirds, the last trick, points, declarations, with the declared cards under it. A replay
frame per completed trick.

Everything here is public: the drawn and declared cards are shown to every seat by the rules. Take the table
through ``images.table.table_png(view)`` with the public view (``game.view(None)``).
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Sequence
from typing import Any

from PIL import Image

from images.cards import back_image, card_height, paste_card
from images.common import (
    CREAM,
    FELT_DARK,
    HIGHLIGHT,
    INK,
    NEUTRAL,
    PANEL,
    PICTURE_WIDTH,
    RGB,
    SIDE_COLOURS,
    WHITE,
    Fitted,
    draw_text,
    faces_of,
    fit_lines,
    joined_names,
    label,
    line_height,
    min_size,
    paste,
    paste_centered,
    rounded_box,
    seat_name,
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
    HandExtra,
    HandParts,
    Named,
    ReplayStep,
    Seats,
    Summary,
    SummaryPart,
)
from images.registry import register
from images.sampling import find_state, finished, public, seats_for
from images.summary import BY_BREAKDOWN, NAME_MIN, NUMBER_W, TITLE_GAP, breakdown_rows, summary_png
from images.table import table_png
from images.trick_table import (
    GAP,
    TableLayout,
    background,
    draw_open_hands,
    draw_trick,
    one_line,
    place,
    slot_origin,
    table_layout,
    trick_strip_layout,
)
from rules.cards import Card
from rules.engine import Match
from rules.games.tressette.engine import ROW_LABELS
from rules.games.tressette.view import TressetteView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "tressette"

LABELS = {
    "tr_drawn": N_("Drawn from the stock"),
    "tr_last_trick": N_("Previous trick: {name}"),
    "tr_signals": N_("Signals"),
    "tr_declarations": N_("Declarations"),
    "tr_declaration": N_("{kind} +{points}"),
    "tr_thirds": N_("{name} \u00b7 thirds: {n}"),
    "tr_last_trick_took": N_("The last trick (+1): {name}"),
    "tr_known": N_("Known in {name}'s hand"),
    "busso": N_("busso"),
    "striscio": N_("striscio"),
    "volo": N_("volo"),
    "napoletana": N_("napoletana"),
    "buongioco": N_("buongioco"),
}
"""The game's own texts in its pictures (the signals and the declarations named as the rules name them)."""
add_labels(LABELS)

WIDTH = PICTURE_WIDTH
MARGIN = 18
PAD = 14
SMALL = 120
"""The cards of the parts under the trick (their index 12 px on a phone)."""
STOCK_CARD = 96


def _view(view: GameView) -> TressetteView:
    if not isinstance(view, TressetteView):
        raise TypeError(f"not a Tressette view: {type(view).__name__}")
    return view


def _text_size() -> int:
    return min_size(True, True) + 2


def seat_colours(players: int, sides: Sequence[Sequence[int]]) -> list[RGB]:
    """Each seat's colour: its side's."""
    out = [NEUTRAL] * players
    for i, side in enumerate(sides):
        for s in side:
            out[s] = SIDE_COLOURS[i % len(SIDE_COLOURS)]
    return out


def colours(view: GameView) -> list[RGB]:
    """Each seat's colour in ``view``: its side's."""
    return seat_colours(view.players, view.sides)


def _side_colour(view: GameView, seat: int) -> RGB:
    return colours(view)[seat]


def _tag(canvas: Image.Image, cx: float, top: float, text: str, colour: RGB = HIGHLIGHT) -> int:
    """A tag with ``text`` centred on ``cx``; its height."""
    size = size_for(text, min_size(True, True))
    w = int(text_width(text, size, True, True)) + 22
    h = line_height(size) + 10
    paste(canvas, rounded_box((w, h), (*colour, 255), radius=10), (cx - w / 2, top))
    draw_text(canvas, (cx, top + 5), text, size, INK, True, anchor="mt", condensed=True)
    return h


def _tag_h() -> int:
    return line_height(size_for("busso", min_size(True, True))) + 10


def _count_badge(canvas: Image.Image, cx: float, cy: float, text: str) -> None:
    size = min_size(True) + 4
    w = int(text_width(text, size, True)) + 30
    hh = line_height(size) + 12
    box = rounded_box((max(w, hh), hh), (*CREAM, 250), (*INK, 255), 3, hh // 2)
    paste_centered(canvas, box, (cx, cy))
    draw_text(canvas, (cx, cy), text, size, INK, True, anchor="mm")


# ----- the trick, with the stock (2 players) and the lead's signal -----
def _draw_stock(canvas: Image.Image, lay: TableLayout, view: TressetteView) -> None:
    w = min(lay.stock_card, STOCK_CARD * 2)
    h = card_height(w)
    block_h = lay.rows * lay.row_h - GAP
    x0 = lay.trick_x - GAP - lay.stock_w
    cy = lay.trick_y + min(block_h, card_height(lay.card)) / 2
    x = x0 + (lay.stock_w - w) / 2
    if view.stock_count:
        layers = min(4, 1 + view.stock_count // 6)
        for k in range(layers):
            paste(canvas, back_image(w), (x + 3 * (layers - 1 - k), cy - h / 2 - 3 * (layers - 1 - k)))
    else:
        paste(canvas, place(w, FELT_DARK, 4), (x, cy - h / 2))
    _count_badge(canvas, x + w / 2, cy, str(view.stock_count))


def _signal_tag(canvas: Image.Image, lay: TableLayout, view: TressetteView) -> None:
    """The lead's signal on the leader's card (the first place: the places run in play order from the leader)."""
    signal = view.current_signal
    if signal is None:
        return
    x, y = slot_origin(lay, 0)
    _tag(canvas, x + lay.slot_w / 2, y + card_height(lay.card) - _tag_h() - 8, label(signal))


def _trick(canvas: Image.Image, lay: TableLayout, view: TressetteView, seats: Seats) -> None:
    draw_trick(canvas, lay, view, seats, faces_of(view.options), colours(view),
               stock=lambda c, layout: _draw_stock(c, layout, view))
    _signal_tag(canvas, lay, view)


def _has_stock(view: GameView) -> bool:
    return view.players == 2


# ----- the parts under the trick -----
Part = tuple[int, Callable[[Image.Image, int], None]]
"""A part of the table under the trick: its height (its gap under it included) and how to draw it from a top."""


def caption(key: str, name: str, width: float, size: int = 0, **fields: object) -> Fitted:
    """The label ``key`` naming ``name`` on one line ``width`` wide: at the largest size that fits (from ``size``,
    by default the parts' text size), else at the smallest legible size with the name (never the rest of the
    text) cut with an ellipsis."""
    size, smallest = size or _text_size(), min_size(True, True)
    text = label(key, name=name, **fields)
    fitted = fit_lines(text, width, size, smallest, 1)
    if fitted is not None:
        return fitted
    rest = text_width(label(key, name="", **fields), smallest, True)
    return Fitted((label(key, name=shorten(name, smallest, int(width - rest), True), **fields),), smallest)


def _fitted(text: str, width: float, lines: int = 1) -> Fitted:
    """``text`` on up to ``lines`` lines ``width`` wide, else on one cut with an ellipsis at the smallest legible
    size."""
    smallest = min_size(True, True)
    fitted = fit_lines(text, width, _text_size(), smallest, lines)
    return fitted if fitted is not None else Fitted((shorten(text, smallest, int(width), True),), smallest)


def _title_h() -> int:
    return line_height(_text_size()) + 10


def _box(canvas: Image.Image, top: int, height: int, title: str | Fitted, colour: RGB = CREAM) -> int:
    """A panel across the picture with its title; the top of its content."""
    paste(canvas, rounded_box((WIDTH - 2 * MARGIN, height), (*PANEL, 255), radius=18), (MARGIN, top))
    fitted = title if isinstance(title, Fitted) else _fitted(title, WIDTH - 2 * MARGIN - 2 * PAD)
    draw_text(canvas, (MARGIN + PAD, top + PAD), fitted.lines[0], fitted.size, colour, True, condensed=True)
    return top + PAD + _title_h()


def _cells(count: int, per_row: int) -> tuple[int, float]:
    """Rows and cell width of ``count`` cells, at most ``per_row`` a row."""
    per_row = max(1, min(per_row, count))
    return -(-count // per_row), (WIDTH - 2 * MARGIN - 2 * PAD - (per_row - 1) * GAP) / per_row


Cell = tuple[Card, str, RGB, bool]
"""A card of a panel: the card, the line under it, its colour (the bar or the tag), outlined in gold or not."""
Group = tuple[Callable[[float], Fitted], Sequence[Cell]]
"""A titled run of cells: its title fitted to a width, and its cells."""


def _card_cells(view: TressetteView, groups: Sequence[Group], tagged: bool, per_row: int = 5) -> Part:
    """A panel of cards, each over a name (or, when ``tagged``, with a signal in a tag on it), outlined in gold
    when marked. Several groups share one row (their cells at most ``per_row``), each titled over its own cells; one
    group takes as many rows as it needs."""
    total = sum(len(cells) for _title, cells in groups)
    if len(groups) > 1:
        per_row = total
    rows, cell_w = _cells(total, per_row)
    titles = [title(len(cells) * (cell_w + GAP) - GAP if len(groups) > 1 else WIDTH - 2 * MARGIN - 2 * PAD)
              for title, cells in groups]
    title_h = max(len(t.lines) for t in titles) * line_height(_text_size()) + 10
    names = [] if tagged else [_cell_name(text, cell_w + GAP - 4) for _t, cells in groups for _c, text, _k, _m in cells]
    name_h = 0 if tagged else 8 + max(len(f.lines) * line_height(f.size) for f in names) + 4
    row_h = card_height(SMALL) + name_h + GAP
    height = PAD + title_h + rows * row_h + PAD - GAP

    def draw(canvas: Image.Image, top: int) -> None:
        paste(canvas, rounded_box((WIDTH - 2 * MARGIN, height), (*PANEL, 255), radius=18), (MARGIN, top))
        y0 = top + PAD + title_h
        faces = faces_of(view.options)
        n = min(per_row, total)
        i = 0
        for fitted, (_title, cells) in zip(titles, groups, strict=True):
            x0 = MARGIN + PAD + (i % n) * (cell_w + GAP)
            for k, line in enumerate(fitted.lines):
                draw_text(canvas, (x0, top + PAD + k * line_height(_text_size())), line, fitted.size, CREAM, True,
                          condensed=True)
            for card, text, colour, marked in cells:
                row, col = divmod(i, n)
                i += 1
                cx = MARGIN + PAD + col * (cell_w + GAP) + cell_w / 2
                y = y0 + row * row_h
                if marked:
                    paste(canvas, rounded_box((SMALL + 14, card_height(SMALL) + 14), (*HIGHLIGHT, 255), radius=14),
                          (cx - SMALL / 2 - 7, y - 7))
                paste_card(canvas, card, faces, SMALL, (cx - SMALL / 2, y))
                ty = y + card_height(SMALL) + 8
                if tagged:  # on the card's lower half, as on the trick's lead card: its top index stays clear
                    _tag(canvas, cx, y + card_height(SMALL) - _tag_h() - 8, text, colour)
                else:
                    paste(canvas, rounded_box((SMALL - 12, 8), (*colour, 255), radius=4),
                          (cx - SMALL / 2 + 6, ty - 6))
                    fitted = names[i - 1]
                    for k, line in enumerate(fitted.lines):
                        draw_text(canvas, (cx, ty + 4 + k * line_height(fitted.size)), line, fitted.size, WHITE,
                                  True, anchor="mt", condensed=True)

    return height + GAP, draw


def _cell_name(name: str, width: float) -> Fitted:
    """A name under a panel's card: on one line at the largest size that fits, else on two, else cut."""
    two = fit_lines(name, width, min_size(True, True) + 6, min_size(True, True), 2)
    return two if two is not None else one_line(name, width)


def _titled(text: str) -> Callable[[float], Fitted]:
    return lambda width: _fitted(text, width, 2)


def _drawn_group(view: TressetteView, seats: Seats) -> Group | None:
    """The two cards drawn after the last trick, face up, each over who drew it."""
    if not view.drawn or not view.tricks or view.drawn[-1].trick != len(view.tricks) - 1:
        return None
    names = seat_names(seats, view.players)
    cells = [(d.card, names[d.seat], _side_colour(view, d.seat), False) for d in view.drawn[-2:]]
    return _titled(label("tr_drawn")), cells


def _last_trick_group(view: TressetteView, seats: Seats) -> Group | None:
    """The last completed trick in play order, each card over who played it, the taker's card outlined."""
    if not view.tricks:
        return None
    _lead, cards, winner = view.tricks[-1]
    names = seat_names(seats, view.players)
    cells = [(c, names[s], _side_colour(view, s), s == winner) for s, c in cards]
    def title(width: float) -> Fitted:
        two = fit_lines(label("tr_last_trick", name=names[winner]), width, _text_size(), min_size(True, True), 2)
        return two if two is not None else caption("tr_last_trick", names[winner], width)

    return title, cells


def _tricks_part(view: TressetteView, seats: Seats) -> Part | None:
    """The previous trick and, with 2 players, the cards drawn after it, side by side."""
    groups = [g for g in (_last_trick_group(view, seats), _drawn_group(view, seats)) if g is not None]
    return _card_cells(view, groups, tagged=False, per_row=4) if groups else None


def _signals_part(view: TressetteView) -> Part | None:
    """The round's signals before the trick in play, each on its card, in the colour of the signaller's side."""
    done = [s for s in view.signals if s.trick < len(view.tricks)]
    if not done:
        return None
    cells = [(s.card, label(s.signal), _side_colour(view, s.seat), False) for s in done]
    return _card_cells(view, [(_titled(label("tr_signals")), cells)], tagged=True, per_row=5)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


Declared = tuple[int, str, Sequence[Card], int]
"""A declaration as the parts draw it: seat, kind, cards, points."""


def _declarations_block(players: int, sides: Sequence[Sequence[int]], faces: str, seats: Seats,
                        decls: Sequence[Declared], title: str) -> Part:
    """Each declaration: who, which and its points, over the cards it names (two declarations a row)."""
    rows, cell_w = _cells(len(decls), 2)
    line_h = line_height(_text_size())
    row_h = 2 * line_h + 8 + card_height(SMALL) + GAP
    height = PAD + _title_h() + rows * row_h + PAD - GAP

    def draw(canvas: Image.Image, top: int) -> None:
        y0 = _box(canvas, top, height, title)
        names = seat_names(seats, players)
        n = min(2, len(decls))
        for i, (seat, kind, cards, points) in enumerate(decls):
            row, col = divmod(i, n)
            x = MARGIN + PAD + col * (cell_w + GAP)
            y = y0 + row * row_h
            who = _fitted(names[seat], cell_w)
            draw_text(canvas, (x, y), who.lines[0], who.size, seat_colours(players, sides)[seat], True,
                      condensed=True)
            what = _fitted(label("tr_declaration", kind=_capitalised(label(kind)), points=points), cell_w)
            draw_text(canvas, (x, y + line_h), what.lines[0], what.size, CREAM, True, condensed=True)
            step = min(SMALL + 8.0, (cell_w - SMALL) / max(1, len(cards) - 1))
            for k, c in enumerate(cards):
                paste_card(canvas, c, faces, SMALL, (x + k * step, y + 2 * line_h + 8))

    return height + GAP, draw


def _declarations_part(view: TressetteView, seats: Seats) -> Part | None:
    if not view.declarations:
        return None
    decls: list[Declared] = [(d.seat, d.kind, d.cards, d.points) for d in view.declarations]
    return _declarations_block(view.players, view.sides, faces_of(view.options), seats, decls,
                               label("tr_declarations"))


def _points_part(view: TressetteView, seats: Seats) -> Part | None:
    """Each side's thirds so far (with ``show_points``), a line each in its colour."""
    if view.points is None:
        return None
    size = _text_size()
    height = 2 * PAD + len(view.sides) * line_height(size)

    def draw(canvas: Image.Image, top: int) -> None:
        paste(canvas, rounded_box((WIDTH - 2 * MARGIN, height), (*PANEL, 255), radius=18), (MARGIN, top))
        assert view.points is not None
        for i, side in enumerate(view.sides):
            fitted = caption("tr_thirds", joined_names(seats, side), WIDTH - 2 * MARGIN - 2 * PAD, n=view.points[i])
            draw_text(canvas, (MARGIN + PAD, top + PAD + i * line_height(size)), fitted.lines[0], fitted.size,
                      SIDE_COLOURS[i % len(SIDE_COLOURS)], True, condensed=True)

    return height + GAP, draw


def _parts(view: TressetteView, seats: Seats) -> list[Part]:
    found = (_points_part(view, seats), _tricks_part(view, seats), _signals_part(view),
             _declarations_part(view, seats))
    return [p for p in found if p is not None]


# ----- four players: the compact table -----
def _compact(view: GameView) -> bool:
    """Four players: the trick in one row, the previous trick under its seats, the rest in lines of text."""
    return view.players == 4


def _previous_trick_part(view: TressetteView, seats: Seats, lay: TableLayout) -> Part | None:
    """The previous trick, each card under its seat's place of the trick above (the names are theirs), the taker's
    card outlined in gold and named in the title, the signal its lead carried tagged on the lead card."""
    if not view.tricks:
        return None
    lead, cards, winner = view.tricks[-1]
    signal = next((s.signal for s in view.signals if s.trick == len(view.tricks) - 1), None)
    title = caption("tr_last_trick", seat_names(seats, view.players)[winner], WIDTH - 2 * MARGIN - 2 * PAD)
    height = PAD + _title_h() + card_height(SMALL) + 16 + PAD

    def draw(canvas: Image.Image, top: int) -> None:
        _box(canvas, top, height, title)
        y = top + PAD + _title_h()
        faces = faces_of(view.options)
        for seat, card in cards:
            x, _y = slot_origin(lay, (seat - view.leader) % view.players)
            cx = x + lay.slot_w / 2
            if seat == winner:
                paste(canvas, rounded_box((SMALL + 14, card_height(SMALL) + 14), (*HIGHLIGHT, 255), radius=14),
                      (cx - SMALL / 2 - 7, y - 7))
            paste_card(canvas, card, faces, SMALL, (cx - SMALL / 2, y))
            paste(canvas, rounded_box((SMALL - 12, 8), (*_side_colour(view, seat), 255), radius=4),
                  (cx - SMALL / 2 + 6, y + card_height(SMALL) + 8))
            if seat == lead and signal is not None:  # in the signaller's colour (gold: the lead in play's)
                _tag(canvas, cx, y + card_height(SMALL) - _tag_h() - 8, label(signal), _side_colour(view, seat))

    return height + GAP, draw


COMPACT_CARD = 124
"""The trick's cards in the 4-player table, one row of four (the index 12.4 px on a phone)."""
LINES_PAD = 10
"""Above and under the lines of the 4-player table's last panel."""
Piece = tuple[str, RGB]
"""A text in its colour."""
Unit = tuple[str, tuple[Piece, ...]]
"""What stays on one line: the text that joins it to the one before on the same line (dropped at a line's start),
and its pieces."""


def _units(view: TressetteView, seats: Seats) -> list[Unit]:
    """The declarations, grouped by seat in their order: ``Bruno Buongioco +3, Napoletana +3``, the name in its
    side's colour, seats joined by `` · ``; a line may break between two declarations, never inside one."""
    names = seat_names(seats, view.players)
    units: list[Unit] = []
    done: set[int] = set()
    for d in view.declarations:
        if d.seat in done:
            continue
        done.add(d.seat)
        for k, other in enumerate(x for x in view.declarations if x.seat == d.seat):
            what = label("tr_declaration", kind=_capitalised(label(other.kind)), points=other.points)
            units.append((", ", ((what, CREAM),)) if k else
                         (" \u00b7 ", ((names[d.seat], _side_colour(view, d.seat)), (" " + what, CREAM))))
    return units


def _unit_width(unit: Unit, size: int, lead: bool) -> float:
    text = (unit[0] if lead else "") + "".join(t for t, _c in unit[1])
    return text_width(text, size, True, True)


def _flow(units: Sequence[Unit], width: float) -> tuple[list[list[Unit]], int]:
    """``units`` on one line ``width`` wide at the largest size that fits, else on as many lines as they need at
    the smallest legible size (a name too long for a line alone is cut with an ellipsis)."""
    size, smallest = _text_size(), min_size(True, True)
    for s in range(size, smallest - 1, -1):
        if sum(_unit_width(u, s, k > 0) for k, u in enumerate(units)) <= width:
            return [list(units)], s
    lines: list[list[Unit]] = [[]]
    used = 0.0
    for unit in units:
        lead, pieces = unit
        if _unit_width(unit, smallest, False) > width:  # a long name: cut it, its declaration kept
            (name, colour), *rest = pieces
            room = width - text_width("".join(t for t, _c in rest), smallest, True, True)
            unit = (lead, ((shorten(name, smallest, int(room), True), colour), *rest))
        if lines[-1] and used + _unit_width(unit, smallest, True) > width:
            lines.append([])
            used = 0.0
        used += _unit_width(unit, smallest, bool(lines[-1]))
        lines[-1].append(unit)
    return lines, smallest


def _lines_part(view: TressetteView, seats: Seats) -> Part | None:
    """Each side's thirds so far (``show_points``), a line each in its colour, and the declarations in one line
    (more only when they do not fit one): who, which and its points. The declared cards are in the message text and in
    the hand pictures' strips of known cards."""
    width = WIDTH - 2 * MARGIN - 2 * PAD
    smallest = min_size(True, True)
    thirds = ([caption("tr_thirds", joined_names(seats, side), width, smallest, n=view.points[i])
               for i, side in enumerate(view.sides)] if view.points is not None else [])
    declared, size = _flow(_units(view, seats), width) if view.declarations else ([], smallest)
    heights = [line_height(f.size) for f in thirds] + [line_height(size)] * len(declared)
    if not heights:
        return None
    height = 2 * LINES_PAD + sum(heights)

    def draw(canvas: Image.Image, top: int) -> None:
        paste(canvas, rounded_box((WIDTH - 2 * MARGIN, height), (*PANEL, 255), radius=18), (MARGIN, top))
        y = top + LINES_PAD
        for i, fitted in enumerate(thirds):
            draw_text(canvas, (MARGIN + PAD, y), fitted.lines[0], fitted.size, SIDE_COLOURS[i % len(SIDE_COLOURS)],
                      True, condensed=True)
            y += line_height(fitted.size)
        for line in declared:
            x = float(MARGIN + PAD)
            merged: list[list[Any]] = []  # a joining text drawn with the text of its colour beside it
            for text, ink in (p for k, (lead, pieces) in enumerate(line) for p in (((lead, CREAM),) if k else ())
                              + pieces):
                if merged and merged[-1][1] == ink:
                    merged[-1][0] += text
                else:
                    merged.append([text, ink])
            for text, ink in merged:
                draw_text(canvas, (x, y), text, size, ink, True, condensed=True)
                x += text_width(text, size, True, True)
            y += line_height(size)

    return height + GAP, draw


def _compact_layout(view: TressetteView, seats: Seats) -> tuple[TableLayout, list[Part], int]:
    """The 4-player table: the trick in one row of four places, then the previous trick, then the lines."""
    strip = trick_strip_layout(view, seats, MARGIN, max_card=COMPACT_CARD)
    lay = dataclasses.replace(strip, height=strip.height + MARGIN - GAP)
    found = (_previous_trick_part(view, seats, lay), _lines_part(view, seats))
    parts = [p for p in found if p is not None]
    return lay, parts, lay.height + sum(h for h, _d in parts)


def _layout(view: TressetteView, seats: Seats) -> tuple[TableLayout, list[Part], int]:
    if _compact(view):
        return _compact_layout(view, seats)
    lay = table_layout(view, seats, stock=_has_stock(view))
    parts = _parts(view, seats)
    return lay, parts, lay.height + sum(h for h, _d in parts)


def table(view: GameView, seats: Seats) -> Image.Image:
    """The public table: the trick (and the stock), then the drawn cards, the last trick, the signals, the
    declarations and the thirds so far."""
    v = _view(view)
    lay, parts, height = _layout(v, seats)
    canvas = background((lay.width, height)).copy()
    _trick(canvas, lay, v, seats)
    if v.shown_hands():
        draw_open_hands(canvas, lay, v, seat_names(seats, v.players), colours(v), faces_of(v.options))
    y = lay.height - MARGIN + GAP
    for h, draw in parts:
        draw(canvas, y)
        y += h
    return canvas


def table_size(view: GameView, seats: Seats) -> tuple[int, int]:
    """The table picture's size."""
    lay, _parts_, height = _layout(_view(view), seats)
    return (lay.width, height)


# ----- the hand -----
def above(view: GameView, seats: Seats, top: int) -> AbovePart:
    """The trick in play above the hand (for 2 players with the stock at its left)."""
    v = _view(view)
    lay = trick_strip_layout(v, seats, top + GAP - 4, stock=_has_stock(v))
    return AbovePart(lay.height + GAP + 4, lay.height + GAP - 4, lambda canvas: _trick(canvas, lay, v, seats), lay)


def dimmed(view: GameView) -> frozenset[Card]:
    """The hand's cards that may not be played now: while the seat is to move, those of no legal play."""
    if view.to_move != view.seat or not view.legal:
        return frozenset()
    playable = {a.card for a in view.legal if a.kind == "play"}
    return frozenset(c for c in view.hand if c not in playable)


def known(view: GameView) -> list[HandExtra]:
    """The cards every seat knows another seat holds (drawn or declared), a strip per seat titled as known in that
    seat's hand (not as its hand: the seat holds others, unseen)."""
    v = _view(view)
    return [HandExtra(cards, seat=s, text=label("tr_known")) for s, cards in sorted(v.known_hands.items())
            if s != v.seat and cards]


# ----- the summary -----
def _summary_below(s: Summary, seats: Seats) -> SummaryPart | None:
    """The declared cards of the round, and who took the last trick."""
    r = s.result
    decls: list[Declared] = [(int(d["seat"]), str(d["kind"]), [Card.parse(c) for c in d["cards"]],
                              int(d["points"])) for d in r.get("declarations") or ()]
    last = r.get("last_trick")
    size = _text_size()
    line_h = line_height(size) + 2 * PAD if last is not None else 0
    block = (_declarations_block(s.players, s.sides, faces_of(s.options), seats, decls, label("tr_declarations"))
             if decls else None)
    height = line_h + (GAP if line_h and block else 0) + (block[0] - GAP if block else 0)
    if not height:
        return None

    def draw(img: Image.Image, top: int) -> None:
        y = top
        if last is not None:
            paste(img, rounded_box((WIDTH - 2 * MARGIN, line_h), (*PANEL, 255), radius=18), (MARGIN, y))
            names = seat_names(seats, s.players)
            fitted = caption("tr_last_trick_took", names[int(last)], WIDTH - 2 * MARGIN - 2 * PAD)
            draw_text(img, (MARGIN + PAD, y + PAD), fitted.lines[0], fitted.size,
                      seat_colours(s.players, s.sides)[int(last)], True, condensed=True)
            y += line_h + GAP
        if block is not None:
            block[1](img, y)

    return SummaryPart(height, draw)


def _columns(s: Summary, seats: Seats) -> list[str]:
    """One column per side: the player's name on one line (cut with an ellipsis to the widest a column gets),
    or ``Team N`` for a team, as Scopa's summary."""
    most = max(NUMBER_W, (WIDTH - 2 * MARGIN - 36 - NAME_MIN) // len(s.sides)) - TITLE_GAP
    return ["", *(one_line(seat_name(seats, side[0]), most).lines[0] if len(side) == 1 else label("team", n=i + 1)
                  for i, side in enumerate(s.sides))]


def _banner(s: Summary, seats: Seats) -> tuple[str, RGB]:
    """The round's winner (a player, or a team's two players) with the score, best first; or a draw."""
    score = list(s.result["score"])
    best = max(score)
    if score.count(best) != 1:
        return label("draw") + "  " + " \u2013 ".join(map(str, score)), HIGHLIGHT
    side = score.index(best)
    others = [best] + [x for i, x in enumerate(score) if i != side]
    key = "winner" if len(s.sides[side]) == 1 else "winners"
    return (label(key, name=joined_names(seats, s.sides[side])) + "  " + " \u2013 ".join(map(str, others)),
            SIDE_COLOURS[side % len(SIDE_COLOURS)])


def declarations_on(s: Summary) -> bool:
    """Whether the round was played with declarations (the ``accusi`` option)."""
    return bool(s.options.get("accusi", "off") == "on")


def _rows(s: Summary, seats: Seats) -> list[list[str]]:
    """The common breakdown, without the declarations' row when the table plays without declarations (its 0
    would read as declarations that scored nothing)."""
    rows = BY_BREAKDOWN.rows(s, seats)
    if declarations_on(s):
        return rows
    accusi = translated(ROW_LABELS["accusi"])
    return [row for row in rows if row[0] != accusi]


def _total_rows(s: Summary, rows: int) -> int:
    """The rows after the breakdown (the round's score, and the match total): on a lighter ground."""
    return rows - len(breakdown_rows(s.game)) + (0 if declarations_on(s) else 1)


SUMMARY = dataclasses.replace(BY_BREAKDOWN, columns=_columns, banner=_banner, rows=_rows, total_rows=_total_rows,
                              below=_summary_below)
"""Per side (a player's name, or ``Team N``): thirds, the last trick, points, declarations (only when the table
plays them), the round's score and the match total; under them who took the last trick and the declared cards."""


# ----- replay -----
def trick_frame(step: ReplayStep) -> tuple[FrameKind, GameView] | None:
    """A completed trick, all its cards on the table before they are taken."""
    if step.action.kind != "play" or step.round.tricks_done() <= step.tricks_before:
        return None
    before = _view(step.before)
    assert step.action.card is not None
    return ("trick", dataclasses.replace(before, trick=(*before.trick, (step.seat, step.action.card)), to_move=None,
                                         legal=()))


# ----- samples -----
def mid_trick(players: int, options: dict[str, Any] | None = None, tricks: int = 2, played: int = 1,
              stop: Callable[[TressetteView], bool] = lambda _v: True) -> Match:
    """A game after ``tricks`` tricks, with ``played`` cards of the current trick on the table."""
    return find_state(GAME, players, options, lambda m: len(public(m, TressetteView).tricks) == tricks
                      and len(public(m, TressetteView).trick) == played and stop(public(m, TressetteView)))


def _positions() -> Named:
    out: Named = []
    for n in (2, 4):
        out.append((f"{GAME}-{n}p", mid_trick(n, {"show_points": "on"}, tricks=2, played=1)))
        out.append((f"{GAME}-{n}p-full-trick", mid_trick(n, {}, tricks=1, played=n - 1)))
        out.append((f"{GAME}-{n}p-accusi", mid_trick(n, {"accusi": "on"}, tricks=3, played=1,
                                                      stop=lambda v: bool(v.declarations))))
        out.append((f"{GAME}-{n}p-late", mid_trick(n, {"faces": "french"}, tricks=8, played=1)))
    out.append((f"{GAME}-4p-signals", mid_trick(4, {"signals": "on"}, tricks=4, played=1,
                                                stop=lambda v: len(v.signals) >= 3)))
    out.append((f"{GAME}-4p-all", largest_four()))
    return out


def largest_four() -> Match:
    """The tallest 4-player table of the samples: the thirds so far, three declarations of one seat (two lines),
    the previous trick's lead and the lead in play each with a signal."""
    return mid_trick(4, {"show_points": "on", "accusi": "on", "signals": "on"}, tricks=5, played=1,
                     stop=lambda v: len(v.declarations) >= 3 and v.current_signal is not None
                     and any(s.trick == len(v.tricks) - 1 for s in v.signals))


def _finished() -> Named:
    return [(f"{GAME}-2p", finished(GAME, 2, {"match": "single", "accusi": "on"}, seed=1)),
            (f"{GAME}-4p", finished(GAME, 4, {"match": "single", "accusi": "on"}, seed=1)),
            (f"{GAME}-4p-match", finished(GAME, 4, {"match": "21"}))]


def _documented() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    t2 = mid_trick(2, {"show_points": "on", "accusi": "on"}, tricks=3, played=1, stop=lambda v: bool(v.declarations))
    files[f"table-{GAME}-2p.png"] = table_png(t2.view(None), seats_for(2))
    files[f"hand-{GAME}-2p.png"] = hand_png(t2.view(t2.to_move()), seats_for(2))
    t4 = mid_trick(4, {"signals": "on"}, tricks=4, played=1, stop=lambda v: len(v.signals) >= 3
                   and v.current_signal is not None)
    files[f"table-{GAME}-4p-signals.png"] = table_png(t4.view(None), seats_for(4))
    done = finished(GAME, 2, {"match": "single", "accusi": "on"}, seed=1)
    files[f"summary-{GAME}.png"] = summary_png(done.view(None), seats_for(2))
    return files


PICTURES = register(GamePictures(
    GAME, table=table, table_size=table_size,
    hand=HandParts(above=above, dimmed=dimmed, extras=known, extras_per_row=1),
    summary=SUMMARY, replay_frame=trick_frame,
    samples=GameSamples(_positions, _finished, _documented)))
