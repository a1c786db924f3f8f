"""What the pictures share beyond text: who sits in each seat and the names a picture draws for them, pasting
sprites, rounded boxes, the public-view check, the card faces of a table's options, PNG output.

Every picture function is pure: a view (plus the seats' names) in, PNG bytes out. This module also gathers, for
the modules that draw, the names of ``images.design`` (display widths, colours), ``images.labels`` (the texts)
and ``images.text`` (fonts, drawing and fitting text).
"""

from __future__ import annotations

import io
import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from images.design import (
    CALLER_COLOUR,
    CREAM,
    DEFENDERS_COLOUR,
    DESKTOP_DISPLAY_WIDTH,
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    HIGHLIGHT,
    INK,
    MIN_TEXT_PX,
    MUTED,
    NEUTRAL,
    PANEL,
    PANEL_LIGHT,
    PHONE_DISPLAY_WIDTH,
    PICTURE_WIDTH,
    RGB,
    SCALE,
    SIDE_COLOURS,
    WHITE,
    WOOD,
    WOOD_LIGHT,
    displayed,
)
from images.labels import (
    _TRANSLATOR,
    LABELS,
    N_,
    NP_,
    PLURAL_LABELS,
    Translator,
    label,
    set_translator,
)
from images.text import (
    BOLD,
    BUNDLED_FONTS,
    CONDENSED,
    ELLIPSIS,
    FONT_DIR,
    KOREAN,
    MISSING_GLYPH,
    REGULAR,
    DrawnText,
    Fitted,
    clean_text,
    draw_lines,
    draw_name,
    draw_text,
    drawable,
    fit_lines,
    font,
    has_glyph,
    ink_height,
    legible,
    line_height,
    min_size,
    record,
    recording,
    runs,
    shorten,
    size_for,
    text_image,
    text_width,
)
from rules.records import clip_name
from rules.view import GameView

__all__ = [
    "BOLD", "BUNDLED_FONTS", "CALLER_COLOUR", "CONDENSED", "CREAM", "DEFENDERS_COLOUR", "DESKTOP_DISPLAY_WIDTH",
    "DrawnText", "ELLIPSIS", "FELT", "FELT_DARK", "FELT_LIGHT", "FONT_DIR", "Fitted", "HIGHLIGHT", "INK", "KOREAN",
    "LABELS", "MIN_TEXT_PX", "MISSING_GLYPH", "MUTED", "NEUTRAL", "NP_", "N_", "PANEL", "PANEL_LIGHT",
    "PHONE_DISPLAY_WIDTH", "PICTURE_WIDTH", "PLURAL_LABELS", "PrivateViewError", "REGULAR", "RGB", "SCALE",
    "SIDE_COLOURS", "SeatInfo", "Translator", "WHITE", "WOOD", "WOOD_LIGHT", "_TRANSLATOR", "clean_text",
    "displayed", "draw_lines", "draw_name", "draw_text", "drawable", "faces_of", "fit_lines", "font", "has_glyph",
    "ink_height", "joined_names", "label", "legible", "line_height", "min_size", "paste", "paste_centered",
    "png_bytes", "record", "recording", "require_public", "rounded_box", "runs", "seat_ai", "seat_name",
    "seat_names", "seat_number_label", "set_translator", "shade", "shorten", "size_for", "text_image", "text_width",
]

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as pictures show it: a display name, the AI level (``None`` for a human) and
    optionally a short label drawn instead of a name the bundled font cannot draw (default ``Seat N``)."""

    name: str
    ai: str | None = None
    label: str | None = None

    def __post_init__(self) -> None:
        """Names clipped to ``NAME_LIMIT`` characters before any drawing: a record may carry a name of any
        length, and fitting a long one costs time and memory that grow with it."""
        object.__setattr__(self, "name", clip_name(str(self.name)))
        if self.label is not None:
            object.__setattr__(self, "label", clip_name(str(self.label)))


def seat_number_label(seats: Sequence[SeatInfo] | None, seat: int) -> str:
    """The short label of a seat: its ``SeatInfo.label`` when drawable, else ``Seat N``."""
    if seats and 0 <= seat < len(seats):
        short = (seats[seat].label or "").strip()
        if short and drawable(short):
            return short
    return label("seat", n=seat + 1)


def seat_name(seats: Sequence[SeatInfo] | None, seat: int) -> str:
    """The name a picture draws for a seat: its display name when the bundled font draws every character of
    it, else the seat's short label (``Seat N``); the message text names every seat in full."""
    if seats and 0 <= seat < len(seats):
        name = " ".join(clean_text(seats[seat].name).split())
        if name and drawable(name):
            return name
    return seat_number_label(seats, seat)


def seat_names(seats: Sequence[SeatInfo] | None, players: int) -> list[str]:
    """The names of all seats, told apart: a name two seats share gets the seat number (``AI (easy) #2``)."""
    names = [seat_name(seats, s) for s in range(players)]
    return [f"{n} #{s + 1}" if names.count(n) > 1 else n for s, n in enumerate(names)]


def seat_ai(seats: Sequence[SeatInfo] | None, seat: int) -> str | None:
    """The AI level of a seat, or ``None`` for a human or an unknown seat."""
    if seats and 0 <= seat < len(seats):
        return seats[seat].ai
    return None


def paste(canvas: Image.Image, sprite: Image.Image, xy: tuple[float, float]) -> None:
    """Paste an RGBA sprite with its alpha at the top-left corner ``xy``."""
    canvas.paste(sprite, (int(round(xy[0])), int(round(xy[1]))), sprite)


def paste_centered(canvas: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Paste an RGBA sprite centred on ``centre``."""
    w, h = sprite.size
    paste(canvas, sprite, (centre[0] - w / 2, centre[1] - h / 2))


@lru_cache(maxsize=256)
def rounded_box(size: tuple[int, int], fill: tuple[int, ...], outline: tuple[int, ...] | None = None,
                width: int = 2, radius: int = 10) -> Image.Image:
    """A rounded rectangle sprite (RGBA, antialiased by drawing at twice the size)."""
    w, h = size
    big = Image.new("RGBA", (w * 2, h * 2), (0, 0, 0, 0))
    d = ImageDraw.Draw(big)
    d.rounded_rectangle((0, 0, w * 2 - 1, h * 2 - 1), radius=radius * 2, fill=fill,
                        outline=outline, width=width * 2 if outline else 0)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def shade(colour: RGB, factor: float) -> RGB:
    """``colour`` darker (factor < 1) or lighter (factor > 1, towards white)."""
    if factor <= 1:
        return (int(colour[0] * factor), int(colour[1] * factor), int(colour[2] * factor))
    t = factor - 1
    return (int(colour[0] + (255 - colour[0]) * t), int(colour[1] + (255 - colour[1]) * t),
            int(colour[2] + (255 - colour[2]) * t))


def png_bytes(img: Image.Image, palette: bool = True, compress_level: int = 3) -> bytes:
    """Encode a picture as PNG: mapped onto the fixed picture palette (``images.palette``) unless
    ``palette`` is false; no optimisation pass, light compression (both for speed)."""
    if palette and img.mode != "P":
        from images.palette import to_palette

        img = to_palette(img.convert("RGB") if img.mode != "RGB" else img)
    buf = io.BytesIO()
    img.save(buf, "PNG", optimize=False, compress_level=compress_level)
    return buf.getvalue()


class PrivateViewError(ValueError):
    """A public picture was given a seat's private view."""


def require_public(view: GameView) -> None:
    """Raise ``PrivateViewError`` unless ``view`` is a public view (``seat`` None, every private field empty:
    no hand, no kitty, no discards)."""
    if view.seat is not None:
        raise PrivateViewError("a public picture takes the public view, game.view(None), not a seat's view")
    for name in view.PRIVATE_FIELDS:
        if getattr(view, name):
            raise PrivateViewError(f"the public view must not hold a {name}")


def faces_of(options: Mapping[str, object] | None) -> str:
    """The card face style of a table's options: ``italian`` (default) or ``french``."""
    return "french" if options and options.get("faces") == "french" else "italian"


def joined_names(seats: Sequence[SeatInfo] | None, group: Sequence[int]) -> str:
    """The names of a group of seats, joined."""
    return label("and").join(seat_name(seats, s) for s in group)
