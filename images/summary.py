"""Round and match summary pictures: a banner (who won the round), a grid of rows (a name, then numbers
right-aligned under their column titles), and the match's winners once it is over.

``summary_png(view, seats)`` draws the most recently finished round of the view's match (``last_result``)
with the match standings, and the match winners (``view.winners``) once the match is over. Any view will do:
round results hold no hidden card. What the rows and the banner say is the game's (``SummaryStyle``, from its
picture module through ``images.registry``); ``BY_SIDES`` is the common style of card points per side.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence

from PIL import Image

from images.common import (
    CREAM,
    FELT_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    PICTURE_WIDTH,
    RGB,
    SIDE_COLOURS,
    WHITE,
    Fitted,
    SeatInfo,
    draw_lines,
    draw_text,
    fit_lines,
    joined_names,
    label,
    line_height,
    min_size,
    paste,
    png_bytes,
    rounded_box,
    seat_name,
    shorten,
    size_for,
    text_width,
)
from images.labels import translated
from images.parts import Seats, Summary, SummaryPart, SummaryStyle
from images.registry import for_game
from rules.games import spec
from rules.spec import SummaryRow
from rules.view import GameView

log = logging.getLogger(__name__)

WIDTH = PICTURE_WIDTH
MARGIN = 18
GAP = 15
NUMBER_W = 160
"""The width of a number column, at least."""
TITLE_GAP = 16
"""Between two column titles."""
NAME_MIN = 260
"""The name column is never narrower: number columns widen for their titles only as far as that leaves."""


__all__ = ["BY_BREAKDOWN", "BY_SIDES", "Summary", "SummaryPart", "SummaryStyle", "column_width", "summary_image",
           "summary_of", "summary_png", "summary_size"]


def summary_of(view: GameView) -> Summary:
    """The summary of the last finished round of the view's match; ``ValueError`` when none is finished."""
    if view.last_result is None:
        raise ValueError("no round of this match is finished yet")
    return Summary(view.game, view.players, view.last_result, view.finished_rounds, tuple(view.totals),
                   view.match_over, tuple(view.winners), dict(view.options))


# ----- drawing helpers -----
def _sizes() -> tuple[int, int]:
    """(text, smallest) font sizes: every text at least ``MIN_TEXT_PX`` tall at the phone width."""
    smallest = min_size(True, True)
    return smallest + 2, smallest


def _row_lines(summary: Summary, seats: Sequence[SeatInfo] | None) -> list[Fitted]:
    """The first cell of every row, fitted into the name column."""
    rows = _rows(summary, seats)
    size, smallest = _sizes()
    width = _name_width(summary, seats)
    out = []
    for row in rows:
        fitted = fit_lines(row[0], width, size, smallest, 2) or fit_lines(row[0], width, size, smallest, 3)
        out.append(fitted or Fitted((row[0],), smallest))
    return out


def _name_width(summary: Summary, seats: Seats = None) -> int:
    return WIDTH - 2 * MARGIN - 36 - len(_columns(summary, seats)[1:]) * column_width(summary, seats)


def column_width(summary: Summary, seats: Seats = None) -> int:
    """The width of each number column: ``NUMBER_W``, wider when a title needs it and the names keep
    ``NAME_MIN``."""
    _size, smallest = _sizes()
    titles = _columns(summary, seats)[1:]
    widest = max(text_width(t, smallest, True, True) for t in titles) + TITLE_GAP
    room = (WIDTH - 2 * MARGIN - 36 - NAME_MIN) // len(titles)
    return math.ceil(max(NUMBER_W, min(widest, room)))  # never a fraction of a pixel short of its widest title


def _row_height(fitted: Fitted) -> int:
    return len(fitted.lines) * line_height(fitted.size) + 18


def _banner_lines(summary: Summary, seats: Sequence[SeatInfo] | None) -> Fitted:
    text, _colour = _banner_text(summary, seats)
    size, smallest = _sizes()
    return fit_lines(text, WIDTH - 2 * MARGIN - 40, size + 4, smallest, 3) or Fitted((text,), smallest)


def _footer_lines(summary: Summary, seats: Sequence[SeatInfo] | None) -> Fitted | None:
    if not summary.match_over:
        return None
    text = label("match_won", name=joined_names(seats, summary.winners)) if summary.winners else label("match_draw")
    size, smallest = _sizes()
    return fit_lines(text, WIDTH - 2 * MARGIN, size, smallest, 3) or Fitted((text,), smallest)


def summary_size(summary: Summary, seats: Sequence[SeatInfo] | None = None) -> tuple[int, int]:
    """The pixel size of a summary picture."""
    return (WIDTH, _layout(summary, seats)[-1])


def _layout(summary: Summary, seats: Sequence[SeatInfo] | None) -> tuple[int, int, int, int]:
    """(banner y, header row y, first row y, height)."""
    size, _smallest = _sizes()
    y = MARGIN
    banner_y = y
    y += len(_banner_lines(summary, seats).lines) * line_height(size + 4) + 28 + GAP
    header_y = y
    y += max(len(f.lines) for f in _header_lines(summary, seats)) * line_height(size) + 12
    rows_y = y
    y += sum(_row_height(f) + 6 for f in _row_lines(summary, seats))
    part = _style(summary).below(summary, seats)
    if part is not None:
        y += GAP + part.height
    footer = _footer_lines(summary, seats)
    if footer is not None:
        y += GAP + len(footer.lines) * line_height(footer.size)
    return banner_y, header_y, rows_y, y + MARGIN


def _canvas(summary: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    return Image.new("RGB", (WIDTH, _layout(summary, seats)[-1]), FELT_DARK)


def _banner(img: Image.Image, s: Summary, seats: Sequence[SeatInfo] | None) -> None:
    banner_y = _layout(s, seats)[0]
    fitted = _banner_lines(s, seats)
    _text, colour = _banner_text(s, seats)
    h = len(fitted.lines) * line_height(fitted.size) + 28
    box = rounded_box((WIDTH - 2 * MARGIN, h), (*PANEL, 255), (*colour, 255), 4, 18)
    paste(img, box, (MARGIN, banner_y))
    draw_lines(img, WIDTH / 2, banner_y + 14, fitted, colour)


def _grid(img: Image.Image, s: Summary, seats: Sequence[SeatInfo] | None, colours: Sequence[RGB | None],
          bold_rows: int = 0, header_colours: Sequence[RGB] = ()) -> int:
    """Draw the header row and the rows (the last ``bold_rows`` on a lighter ground): the first cell fitted
    into the name column, numbers right-aligned in their columns. Return the y below."""
    _banner_y, header_y, y, _h = _layout(s, seats)
    size, smallest = _sizes()
    columns = _columns(s, seats)
    right = WIDTH - MARGIN - 14
    xs = [right - k * column_width(s, seats) for k in range(len(columns) - 1)][::-1]
    for k, fitted in enumerate(_header_lines(s, seats)):
        colour = header_colours[k + 1] if k + 1 < len(header_colours) else MUTED
        for n, line in enumerate(fitted.lines):
            draw_text(img, (xs[k], header_y + n * line_height(fitted.size)), line, size_for(line, fitted.size),
                      colour, True, anchor="rt", condensed=True)
    rows = _rows(s, seats)
    fitted_rows = _row_lines(s, seats)
    for i, (row, fitted, dot_colour) in enumerate(zip(rows, fitted_rows, colours)):
        last = i >= len(rows) - bold_rows
        shade = PANEL_LIGHT if last else PANEL if i % 2 == 0 else (30, 52, 42)
        rh = _row_height(fitted)
        paste(img, rounded_box((WIDTH - 2 * MARGIN, rh), (*shade, 255), radius=12), (MARGIN, y))
        if dot_colour is not None:
            paste(img, rounded_box((10, rh - 20), (*dot_colour, 255), radius=4), (MARGIN + 10, y + 10))
        name_x = MARGIN + 30
        for k, line in enumerate(fitted.lines):
            draw_text(img, (name_x, y + 9 + k * line_height(fitted.size)), line, fitted.size, WHITE, True,
                      condensed=True)
        for k, cell in enumerate(row[1:]):
            draw_text(img, (xs[k], y + rh / 2), cell, size, WHITE if last else CREAM, True, anchor="rm",
                      condensed=True)
        y += rh + 6
    return y


def _footer(img: Image.Image, y: int, s: Summary, seats: Sequence[SeatInfo] | None, colour: RGB) -> None:
    fitted = _footer_lines(s, seats)
    if fitted is None:
        return
    draw_lines(img, WIDTH / 2, y + GAP, fitted, colour)


def _header_lines(s: Summary, seats: Seats = None) -> list[Fitted]:
    """Each number column's title fitted into its column (a title wider than the column takes a smaller size
    or two or three lines, and at worst is shortened with an ellipsis: never the next column's room)."""
    size, smallest = _sizes()
    out = []
    for title in _columns(s, seats)[1:]:
        width = column_width(s, seats) - TITLE_GAP
        fitted = fit_lines(title, width, size, smallest, 2) or fit_lines(title, width, size, smallest, 3)
        out.append(fitted or Fitted((shorten(title, smallest, width, True),), smallest))
    return out


def _style(s: Summary) -> SummaryStyle:
    """The game's summary style (``MissingPictures`` when the game has none)."""
    style = for_game(s.game).summary
    assert style is not None  # for_game checks every piece
    return style


def _columns(s: Summary, seats: Seats = None) -> list[str]:
    return _style(s).columns(s, seats)


def _banner_text(s: Summary, seats: Seats) -> tuple[str, RGB]:
    return _style(s).banner(s, seats)


def _rows(s: Summary, seats: Seats) -> list[list[str]]:
    return _style(s).rows(s, seats)


def signed(n: int) -> str:
    """A round's game points with their sign (``+2``, ``0``, ``-1``)."""
    return f"+{n}" if n > 0 else str(n)


# ----- the common style: card points per side -----
def point_columns(_s: Summary, _seats: Seats = None) -> list[str]:
    """Card points, this round's game points and the match total."""
    return ["", label("col_points"), label("col_round"), label("col_total")]


def _sides_banner(s: Summary, seats: Seats) -> tuple[str, RGB]:
    r = s.result
    winners = list(r.get("winners", []))
    if winners:
        text = label("winners" if len(winners) > 1 else "winner", name=joined_names(seats, winners))
        colour = SIDE_COLOURS[[i for i, side in enumerate(s.sides) if winners[0] in side][0] % 3]
    else:
        text, colour = label("draw"), HIGHLIGHT
    if r.get("conquest") is not None:
        text += "  \u00b7  " + label("conquest", name=seat_name(seats, r["conquest"]))
    return text, colour


def _sides_rows(s: Summary, seats: Seats) -> list[list[str]]:
    r = s.result
    rows: list[list[str]] = []
    side_points = r.get("side_points") or [sum(r["card_points"][x] for x in side) for side in s.sides]
    for i, side in enumerate(s.sides):
        gp = r["game_points"][side[0]]
        total = s.totals[side[0]] if s.totals else gp
        rows.append([joined_names(seats, side), str(side_points[i]), signed(gp), str(total)])
    return rows


def _sides_footer(s: Summary, seats: Seats) -> RGB:
    _text, colour = _sides_banner(s, seats)
    return colour if s.winners == tuple(s.result.get("winners", [])) else HIGHLIGHT


BY_SIDES = SummaryStyle(
    columns=point_columns, banner=_sides_banner, rows=_sides_rows,
    marks=lambda s, _rows: [SIDE_COLOURS[i % 3] for i in range(len(s.sides))], footer_colour=_sides_footer)
"""Card points, round and match game points per side; the banner names the round's winners (and a conquest)."""


# ----- the common style of a breakdown per side: each bonus and award of the game's spec -----
def _breakdown_columns(s: Summary, _seats: Seats = None) -> list[str]:
    return ["", *(label("team", n=i + 1) for i in range(len(s.sides)))]


def _breakdown_banner(s: Summary, seats: Seats) -> tuple[str, RGB]:
    score = list(s.result["score"])
    best = max(score)
    if score.count(best) == 1:
        side = score.index(best)
        others = [score[side]] + [x for i, x in enumerate(score) if i != side]
        return (label("winners", name=joined_names(seats, s.sides[side])) + "  " + " \u2013 ".join(map(str, others)),
                SIDE_COLOURS[side])
    return label("draw") + "  " + " \u2013 ".join(map(str, score)), HIGHLIGHT


def breakdown_rows(game: str) -> tuple[SummaryRow, ...]:
    """The game's summary rows counted per side in the result's ``breakdown`` (bonuses and awards)."""
    return tuple(row for row in spec(game).summary_rows if row.source in ("bonus", "award"))


def _breakdown_rows(s: Summary, _seats: Seats) -> list[list[str]]:
    r = s.result
    sides = range(len(s.sides))
    score = r["score"]
    breakdown = r.get("breakdown") or [{} for _ in sides]
    counts = r.get("counts") or [{} for _ in sides]
    rows: list[list[str]] = []
    for row in breakdown_rows(s.game):
        name = translated(row.label)
        if counts[0] and row.key in counts[0]:  # what an award was counted on (most cards: 22 - 18)
            name += "  (" + " \u2013 ".join(str(counts[i].get(row.key, 0)) for i in sides) + ")"
        rows.append([name, *(str(breakdown[i].get(row.key, 0)) for i in sides)])
    rows.append([label("total"), *(str(score[i]) for i in sides)])
    if s.options.get("match", "single") != "single":
        rows.append([label("match_total"), *(str(s.totals[i] if s.totals else score[i]) for i in sides)])
    return rows


BY_BREAKDOWN = SummaryStyle(
    columns=_breakdown_columns, banner=_breakdown_banner, rows=_breakdown_rows,
    marks=lambda _s, rows: [None] * rows, footer_colour=lambda _s, _seats: HIGHLIGHT,
    total_rows=lambda s, rows: rows - len(breakdown_rows(s.game)),
    header_colours=(MUTED, *SIDE_COLOURS))
"""Per side (a column each): every bonus and award of the game's ``summary_rows`` (with what an award was counted
on, when the result holds its ``counts``), the round's score and the match's total."""


def summary_image_of(summary: Summary, seats: Sequence[SeatInfo] | None = None) -> Image.Image:
    """The summary picture of a ``Summary`` (RGB), in its game's style."""
    style = _style(summary)
    img = _canvas(summary, seats)
    _banner(img, summary, seats)
    rows = _rows(summary, seats)
    y = _grid(img, summary, seats, style.marks(summary, len(rows)), bold_rows=style.total_rows(summary, len(rows)),
              header_colours=style.header_colours)
    part = style.below(summary, seats)
    if part is not None:
        part.draw(img, y + GAP)
        y += GAP + part.height
    _footer(img, y, summary, seats, style.footer_colour(summary, seats))
    return img


def summary_image(view: GameView, seats: Sequence[SeatInfo] | None = None,
                  ) -> Image.Image:
    """The summary of the view's last finished round as a Pillow image (RGB)."""
    return summary_image_of(summary_of(view), seats)


def summary_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """The summary of the view's last finished round (and of the match once it is over) as PNG bytes."""
    return png_bytes(summary_image(view, seats))
