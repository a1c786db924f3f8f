"""Tournament pictures: the standings after a round (a place, a name and three numbers per line) and a knockout
bracket (a column per round, the winner of each match marked). Pure functions: the texts (already in the
reader's language) in, PNG bytes out; every text at least ``MIN_TEXT_PX`` tall on a phone."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from images.common import (
    CREAM,
    FELT_DARK,
    HIGHLIGHT,
    MUTED,
    PANEL,
    PANEL_LIGHT,
    PICTURE_WIDTH,
    WHITE,
    draw_text,
    line_height,
    min_size,
    png_bytes,
    size_for,
    text_width,
)

MARGIN = 18
ROW_GAP = 8
BRACKET_ROUNDS = 3
"""Rounds a bracket picture shows at most (its last ones: from the quarter-finals on), so that names stay
legible on a phone."""
NUMBER_MAX = 150
"""The widest a number column gets (its title is cut to it: the callers give short titles)."""


@dataclass(frozen=True)
class StandingLine:
    """A line of the standings as drawn: the place and name, and the numbers in the columns' order."""

    place: int
    name: str
    numbers: tuple[str, ...]


@dataclass(frozen=True)
class BracketMatch:
    """A match of a bracket: its two names (the second ``None`` for a bye) and the winner (0, 1, or ``None``
    while it is played)."""

    names: tuple[str, str | None]
    winner: int | None = None


def _size() -> int:
    return min_size(True, True) + 2


def standings_image(title: str, columns: Sequence[str], lines: Sequence[StandingLine]) -> Image.Image:
    """The standings: a title, the (short) column titles, then one line per entrant (the podium's places in
    gold)."""
    size = _size()
    step = line_height(size) + ROW_GAP
    widest = [text_width(n, size, True, True) for line in lines for n in line.numbers]
    number_w = min(NUMBER_MAX, int(max([*widest, *(text_width(c, size_for(c, size), True, True) for c in columns),
                                        2.0 * size])) + 16)
    place_w = int(text_width("00.", size, True, True)) + 10
    name_w = PICTURE_WIDTH - 2 * MARGIN - place_w - number_w * len(columns)
    height = MARGIN * 2 + line_height(size) + 10 + step * (len(lines) + 1)
    img = Image.new("RGB", (PICTURE_WIDTH, height), FELT_DARK)
    d = ImageDraw.Draw(img)
    y = MARGIN
    draw_text(img, (MARGIN, y), title, size, CREAM, True, max_width=PICTURE_WIDTH - 2 * MARGIN)
    y += line_height(size) + 10
    xs = [PICTURE_WIDTH - MARGIN - number_w * (len(columns) - 1 - k) for k in range(len(columns))]
    for k, column in enumerate(columns):
        draw_text(img, (xs[k], y), column, size_for(column, size, condensed=False), MUTED, True,
                  max_width=number_w - 8, anchor="rt")
    y += step
    for n, line in enumerate(lines):
        if n % 2 == 0:
            d.rectangle((MARGIN // 2, y - ROW_GAP // 2, PICTURE_WIDTH - MARGIN // 2, y + step - ROW_GAP // 2),
                        fill=PANEL_LIGHT if n % 4 == 0 else PANEL)
        colour = HIGHLIGHT if line.place <= 3 else WHITE
        draw_text(img, (MARGIN + place_w - 10, y), f"{line.place}.", size, colour, True, anchor="rt", condensed=True)
        draw_text(img, (MARGIN + place_w, y), line.name, size, colour, True, max_width=name_w - 10)
        for k, number in enumerate(line.numbers[:len(columns)]):
            draw_text(img, (xs[k], y), number, size, colour, True, anchor="rt", condensed=True)
        y += step
    return img


def standings_png(title: str, columns: Sequence[str], lines: Sequence[StandingLine]) -> bytes:
    """``standings_image`` as PNG."""
    return png_bytes(standings_image(title, columns, lines))


def bracket_image(title: str, rounds: Sequence[Sequence[BracketMatch]]) -> Image.Image:
    """A knockout bracket: a column per round (its last ``BRACKET_ROUNDS``), each match a box of two names, the
    winner in gold and the loser muted; a bye shows its one name."""
    shown = list(rounds)[-BRACKET_ROUNDS:]
    size = _size()
    name_h = line_height(size) + 6
    box_h = 2 * name_h + 8
    first = max((len(r) for r in shown), default=1)
    slot = box_h + 14
    columns = max(len(shown), 1)
    col_w = (PICTURE_WIDTH - 2 * MARGIN - 10 * (columns - 1)) // columns
    top = MARGIN + line_height(size) + 14
    height = top + first * slot + MARGIN
    img = Image.new("RGB", (PICTURE_WIDTH, height), FELT_DARK)
    d = ImageDraw.Draw(img)
    draw_text(img, (MARGIN, MARGIN), title, size, CREAM, True, max_width=PICTURE_WIDTH - 2 * MARGIN)
    for c, matches in enumerate(shown):
        x = MARGIN + c * (col_w + 10)
        span = first * slot / max(len(matches), 1)
        for m, match in enumerate(matches):
            y = top + m * span + (span - box_h) / 2
            d.rounded_rectangle((x, y, x + col_w, y + box_h), radius=8, fill=PANEL, outline=PANEL_LIGHT, width=2)
            for k, name in enumerate(match.names):
                if name is None:
                    continue
                colour = WHITE if match.winner is None else HIGHLIGHT if match.winner == k else MUTED
                draw_text(img, (x + 8, y + 4 + k * name_h), name, size, colour, True, max_width=col_w - 16)
    return img


def bracket_png(title: str, rounds: Sequence[Sequence[BracketMatch]]) -> bytes:
    """``bracket_image`` as PNG."""
    return png_bytes(bracket_image(title, rounds))
