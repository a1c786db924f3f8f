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
    RGB,
    SIDE_COLOURS,
    WHITE,
    SeatInfo,
    draw_text,
    joined_names,
    label,
    paste,
    png_bytes,
    rounded_box,
    seat_name,
)
from rules.cicera import AWARDS, BONUSES
from rules.games import spec
from rules.view import GameView, Sides

log = logging.getLogger(__name__)

WIDTH = 760
MARGIN = 20
HEADER_H = 48
BANNER_H = 46
ROW_H = 32
FOOTER_H = 56


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
def _canvas(rows: int) -> Image.Image:
    height = HEADER_H + BANNER_H + ROW_H * (rows + 1) + FOOTER_H + 16
    img = Image.new("RGB", (WIDTH, height), FELT_DARK)
    img.paste(PANEL, (0, 0, WIDTH, HEADER_H - 6))
    return img


def summary_size(summary: Summary) -> tuple[int, int]:
    """The pixel size of a summary picture."""
    return (WIDTH, _canvas_rows(summary) * ROW_H + ROW_H + HEADER_H + BANNER_H + FOOTER_H + 16)


def _canvas_rows(summary: Summary) -> int:
    if summary.kind == "awards":
        return len(BONUSES) + len(AWARDS) + 1 + (1 if summary.options.get("match", "single") != "single" else 0)
    if summary.kind == "seats":
        return summary.players
    return len(summary.sides)


def _header(img: Image.Image, s: Summary) -> None:
    title = label(s.game) + " \u00b7 " + label("round", n=s.round_number)
    draw_text(img, (MARGIN, 10), title, 19, WHITE, True, max_width=WIDTH - 2 * MARGIN - 160)
    if s.match_over:
        draw_text(img, (WIDTH - MARGIN, 12), label("match_over"), 16, HIGHLIGHT, True, anchor="rt")


def _banner(img: Image.Image, text: str, colour: RGB) -> None:
    y = HEADER_H + 2
    box = rounded_box((WIDTH - 2 * MARGIN, BANNER_H - 10), (*PANEL, 255), (*colour, 255), 2, 10)
    paste(img, box, (MARGIN, y))
    draw_text(img, (WIDTH / 2, y + (BANNER_H - 10) / 2), text, 18, colour, True, max_width=WIDTH - 2 * MARGIN - 20,
              anchor="mm")


def _grid(img: Image.Image, columns: Sequence[tuple[str, int, str]], rows: Sequence[Sequence[str]],
          colours: Sequence[RGB | None], bold_rows: int = 0, header_colours: Sequence[RGB] = ()) -> int:
    """Draw a header row and rows (the last ``bold_rows`` in bold on a lighter ground). ``columns``: (title, x,
    anchor 'l' or 'r'). Return the y below."""
    y = HEADER_H + BANNER_H
    for k, (title, x, anchor) in enumerate(columns):
        colour = header_colours[k] if k < len(header_colours) else MUTED
        draw_text(img, (x, y + 8), title, 13, colour, True, anchor=anchor + "t")
    y += ROW_H
    for i, (row, dot_colour) in enumerate(zip(rows, colours)):
        last = i >= len(rows) - bold_rows
        shade = PANEL_LIGHT if last else PANEL if i % 2 == 0 else (30, 52, 42)
        box = rounded_box((WIDTH - 2 * MARGIN, ROW_H - 4), (*shade, 255), radius=6)
        paste(img, box, (MARGIN, y))
        if dot_colour is not None:
            dot = rounded_box((8, ROW_H - 14), (*dot_colour, 255), radius=3)
            paste(img, dot, (MARGIN + 8, y + 5))
        for k, ((_title, x, anchor), cell) in enumerate(zip(columns, row)):
            width = (columns[k + 1][1] - x - 12) if k + 1 < len(columns) and anchor == "l" else None
            draw_text(img, (x, y + (ROW_H - 4) / 2), cell, 15, WHITE if k == 0 or last else CREAM,
                      k == 0 or last, max_width=width, anchor=anchor + "m")
        y += ROW_H
    return y


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _footer(img: Image.Image, y: int, s: Summary, seats: Sequence[SeatInfo] | None, colour: RGB) -> None:
    if not s.match_over:
        return
    text = label("match_won", name=joined_names(seats, s.winners)) if s.winners else label("match_draw")
    draw_text(img, (WIDTH / 2, y + 14), text, 17, colour, True,
              max_width=WIDTH - 2 * MARGIN, anchor="mt")


# ----- per game -----
def _by_sides(s: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    sides = s.sides
    img = _canvas(len(sides))
    _header(img, s)
    r = s.result
    side_points = r.get("side_points") or [sum(r["card_points"][x] for x in side) for side in sides]
    winners = list(r.get("winners", []))
    if winners:
        text = label("winners" if len(winners) > 1 else "winner", name=joined_names(seats, winners))
        colour = SIDE_COLOURS[[i for i, side in enumerate(sides) if winners[0] in side][0] % 3]
    else:
        text, colour = label("draw"), HIGHLIGHT
    if r.get("conquest") is not None:
        text += "  \u00b7  " + label("conquest", name=seat_name(seats, r["conquest"]))
    _banner(img, text, colour)
    cols = [("", MARGIN + 24, "l"), (label("card_points"), 470, "r"), (label("this_round"), 590, "r"),
            (label("match_total"), WIDTH - MARGIN - 12, "r")]
    rows = []
    for i, side in enumerate(sides):
        gp = r["game_points"][side[0]]
        total = s.totals[side[0]] if s.totals else gp
        rows.append([joined_names(seats, side), str(side_points[i]), _signed(gp), str(total)])
    y = _grid(img, cols, rows, [SIDE_COLOURS[i % 3] for i in range(len(sides))])
    _footer(img, y, s, seats, colour if s.winners == tuple(winners) else HIGHLIGHT)
    return img


def _by_seats(s: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    img = _canvas(s.players)
    _header(img, s)
    r = s.result
    caller, partner = r.get("caller"), r.get("partner")
    if r.get("passed_out"):
        _banner(img, label("passed_out"), MUTED)
    else:
        key = "made_it" if r.get("success") else "failed"
        _banner(img, label(key, name=seat_name(seats, int(r["caller"])), pts=r.get("caller_side_points", "?"),
                           target=r.get("target")), CALLER_COLOUR if r.get("success") else DEFENDERS_COLOUR)
    cols = [("", MARGIN + 24, "l"), ("", 300, "l"), (label("card_points"), 470, "r"), (label("this_round"), 590, "r"),
            (label("match_total"), WIDTH - MARGIN - 12, "r")]
    rows, colours = [], []
    for seat in range(s.players):
        if seat == caller:
            role, colour = label("role_caller"), CALLER_COLOUR
        elif seat == partner:
            role, colour = label("role_partner"), CALLER_COLOUR
        else:
            role, colour = "", (DEFENDERS_COLOUR if caller is not None else NEUTRAL)
        gp = r["game_points"][seat]
        total = s.totals[seat] if s.totals else gp
        rows.append([seat_name(seats, seat), role, str(r["card_points"][seat]), _signed(gp), str(total)])
        colours.append(colour)
    y = _grid(img, cols, rows, colours)
    _footer(img, y, s, seats, HIGHLIGHT)
    return img


def _awards(s: Summary, seats: Sequence[SeatInfo] | None) -> Image.Image:
    rows_n = _canvas_rows(s)
    img = _canvas(rows_n)
    _header(img, s)
    r = s.result
    score = r["score"]
    if score[0] != score[1]:
        team = 0 if score[0] > score[1] else 1
        text = label("winners", name=joined_names(seats, s.sides[team])) + f"  {score[team]} \u2013 {score[1 - team]}"
        colour = SIDE_COLOURS[team]
    else:
        text, colour = label("draw") + f"  {score[0]} \u2013 {score[1]}", HIGHLIGHT
    _banner(img, text, colour)
    cols = [("", MARGIN + 24, "l"), (label("team", n=1), 560, "r"), (label("team", n=2), WIDTH - MARGIN - 12, "r")]
    breakdown = r.get("breakdown") or [{}, {}]
    counts = r.get("counts") or [{}, {}]
    rows: list[list[str]] = []
    for key in (*BONUSES, *AWARDS):
        name = label(key)
        if key in ("cards", "swords") and counts[0]:
            name += f"  ({counts[0].get(key, 0)} \u2013 {counts[1].get(key, 0)})"
        rows.append([name, str(breakdown[0].get(key, 0)), str(breakdown[1].get(key, 0))])
    rows.append([label("total"), str(score[0]), str(score[1])])
    if rows_n > len(rows):
        t0 = s.totals[0] if s.totals else score[0]
        t1 = s.totals[1] if s.totals else score[1]
        rows.append([label("match_total"), str(t0), str(t1)])
    colours: list[RGB | None] = [None] * len(rows)
    y = _grid(img, cols, rows, colours, bold_rows=len(rows) - len(BONUSES) - len(AWARDS),
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
