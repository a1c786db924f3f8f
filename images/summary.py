"""Round and match summary pictures: card points per side, game points, the winner; in Cicera the full
award breakdown (bonuses, most cards, most swords, La Mata, 10 of coins, Fante of cups, Napula).

``summary_png(view, seats)`` draws the most recently finished round of the view's match (``last_result``)
with the match standings, and the match winners (``view.winners``) once the match is over. Any view will do:
round results hold no hidden card. The layout comes from the game's spec: per side, per seat, or awards.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from PIL import Image

from images.common import (
    CALLER_COLOUR,
    CREAM,
    DEFENDERS_COLOUR,
    FELT_DARK,
    HIGHLIGHT,
    MUTED,
    NEUTRAL,
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
from rules.cicera import AWARDS, BONUSES
from rules.games import spec
from rules.view import GameView, Sides

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
"""The width of a column of numbers."""


SummaryKind = Literal["sides", "seats", "awards"]
"""How a round is summed up: card points per side, per seat (sides made per round), or an award breakdown."""


@dataclass(frozen=True)
class Summary:
    """What a summary picture shows, gathered from a view (or given directly)."""

    game: str
    players: int
    result: Mapping[str, Any]
    round_number: int
    totals: tuple[int, ...] = ()
    """Match game points per seat, this round included."""
    match_over: bool = False
    winners: tuple[int, ...] = ()
    """The match winners once it is over (empty on a draw)."""
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def sides(self) -> Sides:
        """The game's sides for this player count."""
        return spec(self.game).sides(self.players)

    @property
    def kind(self) -> SummaryKind:
        """How the round is summed up, from the game's spec."""
        game = spec(self.game)
        if game.scored_per == "seat":
            return "seats"
        return "sides" if game.has_tricks else "awards"


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
    width = _name_width(summary)
    out = []
    for row in rows:
        fitted = fit_lines(row[0], width, size, smallest, 2) or fit_lines(row[0], width, size, smallest, 3)
        out.append(fitted or Fitted((row[0],), smallest))
    return out


def _name_width(summary: Summary) -> int:
    return WIDTH - 2 * MARGIN - 36 - len(_columns(summary)[1:]) * column_width(summary)


def column_width(summary: Summary) -> int:
    """The width of each number column: ``NUMBER_W``, wider when a title needs it and the names keep
    ``NAME_MIN``."""
    _size, smallest = _sizes()
    titles = _columns(summary)[1:]
    widest = max(text_width(t, smallest, True, True) for t in titles) + TITLE_GAP
    room = (WIDTH - 2 * MARGIN - 36 - NAME_MIN) // len(titles)
    return int(max(NUMBER_W, min(widest, room)))


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
    y += max(len(f.lines) for f in _header_lines(summary)) * line_height(size) + 12
    rows_y = y
    y += sum(_row_height(f) + 6 for f in _row_lines(summary, seats))
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
    columns = _columns(s)
    right = WIDTH - MARGIN - 14
    xs = [right - k * column_width(s) for k in range(len(columns) - 1)][::-1]
    for k, fitted in enumerate(_header_lines(s)):
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


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _footer(img: Image.Image, y: int, s: Summary, seats: Sequence[SeatInfo] | None, colour: RGB) -> None:
    fitted = _footer_lines(s, seats)
    if fitted is None:
        return
    draw_lines(img, WIDTH / 2, y + GAP, fitted, colour)


def _header_lines(s: Summary) -> list[Fitted]:
    """Each number column's title fitted into its column (a title wider than the column takes a smaller size
    or two or three lines, and at worst is shortened with an ellipsis: never the next column's room)."""
    size, smallest = _sizes()
    out = []
    for title in _columns(s)[1:]:
        width = column_width(s) - TITLE_GAP
        fitted = fit_lines(title, width, size, smallest, 2) or fit_lines(title, width, size, smallest, 3)
        out.append(fitted or Fitted((shorten(title, smallest, width, True),), smallest))
    return out


def _columns(s: Summary) -> list[str]:
    if s.kind == "awards":
        return ["", label("team", n=1), label("team", n=2)]
    return ["", label("col_points"), label("col_round"), label("col_total")]


def _banner_text(s: Summary, seats: Sequence[SeatInfo] | None) -> tuple[str, RGB]:
    r = s.result
    if s.kind == "sides":
        winners = list(r.get("winners", []))
        if winners:
            text = label("winners" if len(winners) > 1 else "winner", name=joined_names(seats, winners))
            colour = SIDE_COLOURS[[i for i, side in enumerate(s.sides) if winners[0] in side][0] % 3]
        else:
            text, colour = label("draw"), HIGHLIGHT
        if r.get("conquest") is not None:
            text += "  \u00b7  " + label("conquest", name=seat_name(seats, r["conquest"]))
        return text, colour
    if s.kind == "seats":
        if r.get("passed_out"):
            return label("passed_out"), MUTED
        key = "made_it" if r.get("success") else "failed"
        return (label(key, name=seat_name(seats, int(r["caller"])), pts=r.get("caller_side_points", "?"),
                      target=r.get("target")), CALLER_COLOUR if r.get("success") else DEFENDERS_COLOUR)
    score = r["score"]
    if score[0] != score[1]:
        team = 0 if score[0] > score[1] else 1
        return (label("winners", name=joined_names(seats, s.sides[team])) + f"  {score[team]} \u2013 {score[1 - team]}",
                SIDE_COLOURS[team])
    return label("draw") + f"  {score[0]} \u2013 {score[1]}", HIGHLIGHT


def _rows(s: Summary, seats: Sequence[SeatInfo] | None) -> list[list[str]]:
    r = s.result
    rows: list[list[str]] = []
    if s.kind == "sides":
        side_points = r.get("side_points") or [sum(r["card_points"][x] for x in side) for side in s.sides]
        for i, side in enumerate(s.sides):
            gp = r["game_points"][side[0]]
            total = s.totals[side[0]] if s.totals else gp
            rows.append([joined_names(seats, side), str(side_points[i]), _signed(gp), str(total)])
        return rows
    if s.kind == "seats":
        caller, partner = r.get("caller"), r.get("partner")
        for seat in range(s.players):
            name = seat_name(seats, seat)
            if seat == caller:
                name += f" ({label('role_caller')})"
            elif seat == partner:
                name += f" ({label('role_partner')})"
            gp = r["game_points"][seat]
            total = s.totals[seat] if s.totals else gp
            rows.append([name, str(r["card_points"][seat]), _signed(gp), str(total)])
        return rows
    score = r["score"]
    breakdown = r.get("breakdown") or [{}, {}]
    counts = r.get("counts") or [{}, {}]
    for key in (*BONUSES, *AWARDS):
        name = label(key)
        if key in ("cards", "swords") and counts[0]:
            name += f"  ({counts[0].get(key, 0)} \u2013 {counts[1].get(key, 0)})"
        rows.append([name, str(breakdown[0].get(key, 0)), str(breakdown[1].get(key, 0))])
    rows.append([label("total"), str(score[0]), str(score[1])])
    if s.options.get("match", "single") != "single":
        t0 = s.totals[0] if s.totals else score[0]
        t1 = s.totals[1] if s.totals else score[1]
        rows.append([label("match_total"), str(t0), str(t1)])
    return rows


# ----- per game -----
def _by_sides(s: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    img = _canvas(s, seats)
    _banner(img, s, seats)
    colours: list[RGB | None] = [SIDE_COLOURS[i % 3] for i in range(len(s.sides))]
    y = _grid(img, s, seats, colours)
    _text, colour = _banner_text(s, seats)
    winners = tuple(s.result.get("winners", []))
    _footer(img, y, s, seats, colour if s.winners == winners else HIGHLIGHT)
    return img


def _by_seats(s: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    img = _canvas(s, seats)
    _banner(img, s, seats)
    r = s.result
    caller, partner = r.get("caller"), r.get("partner")
    colours: list[RGB | None] = []
    for seat in range(s.players):
        if seat in (caller, partner):
            colours.append(CALLER_COLOUR)
        else:
            colours.append(DEFENDERS_COLOUR if caller is not None else NEUTRAL)
    y = _grid(img, s, seats, colours)
    _footer(img, y, s, seats, HIGHLIGHT)
    return img


def _awards(s: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    img = _canvas(s, seats)
    _banner(img, s, seats)
    rows = _rows(s, seats)
    colours: list[RGB | None] = [None] * len(rows)
    y = _grid(img, s, seats, colours, bold_rows=len(rows) - len(BONUSES) - len(AWARDS),
              header_colours=(MUTED, SIDE_COLOURS[0], SIDE_COLOURS[1]))
    _footer(img, y, s, seats, HIGHLIGHT)
    return img


DRAW: dict[SummaryKind, Callable[[Summary, Sequence[SeatInfo] | None], Image.Image]] = {
    "sides": _by_sides, "seats": _by_seats, "awards": _awards,
}


def summary_image_of(summary: Summary, seats: Sequence[SeatInfo] | None = None) -> Image.Image:
    """The summary picture of a ``Summary`` (RGB)."""
    return DRAW[summary.kind](summary, seats)


def summary_image(view: GameView, seats: Sequence[SeatInfo] | None = None,
                  ) -> Image.Image:
    """The summary of the view's last finished round as a Pillow image (RGB)."""
    return summary_image_of(summary_of(view), seats)


def summary_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """The summary of the view's last finished round (and of the match once it is over) as PNG bytes."""
    return png_bytes(summary_image(view, seats))
