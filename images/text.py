"""Text in the pictures: the bundled fonts (and which one draws each character), measuring, shortening and
fitting text into lines, drawing it, and the legibility recorder that notes every text drawn and how tall it is
shown (``recording``).

Every text a picture draws goes through ``draw_text``, which a test (and ``python -m images.samples
--legibility``) can watch with ``recording()``. What can be cached is cached here: fonts, rendered text,
glyph coverage.
"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from images.design import MIN_TEXT_PX, PHONE_DISPLAY_WIDTH, PICTURE_WIDTH, RGB, WHITE, displayed

log = logging.getLogger(__name__)

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"
CONDENSED = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"
"""Names: the bold face, narrower, so that longer names fit under a card."""

KOREAN = FONT_DIR / "NotoSansKR-Subset-Bold.otf"
"""Hangul: Noto Sans CJK KR Bold (SIL Open Font License), subset to the 2,350 syllables of KS X 1001, the
compatibility jamo, ASCII and the Korean catalogue's characters (``python -m bot.lab.fonts`` builds it). One
face: every text of the pictures is bold (names condensed bold, which Hangul has not), so a Hangul run of a
regular text is bold too."""
BUNDLED_FONTS: tuple[Path, ...] = (REGULAR, BOLD, CONDENSED, KOREAN)
"""Every font the pictures draw with; no system font is ever used, so a picture is the same on every machine."""
MISSING_GLYPH = "\u25a1"
"""Drawn for a character no bundled font has (Chinese, Japanese kana, emoji): a white square. (Names never
get there: ``seat_name`` draws the seat's label instead.)"""
ELLIPSIS = "\u2026"


# ----- fonts -----
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False, condensed: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (bold or regular; condensed bold) at a pixel size (``runs`` picks the bundled
    Korean font for Hangul)."""
    return ImageFont.truetype(str(_primary(bold, condensed)), size)


def _primary(bold: bool, condensed: bool) -> Path:
    return CONDENSED if condensed else BOLD if bold else REGULAR


@cache
def _chain(bold: bool, condensed: bool) -> tuple[str, ...]:
    """The bundled fonts tried, in order, for a character of a text drawn in a face: that DejaVu face, the other
    DejaVu faces, then the Korean font."""
    order = (_primary(bold, condensed), REGULAR, BOLD, CONDENSED, KOREAN)
    return tuple(dict.fromkeys(str(p) for p in order))


@lru_cache(maxsize=256)
def _font_at(path: str, size: int) -> ImageFont.FreeTypeFont | None:
    try:
        return ImageFont.truetype(path, size)
    except OSError:
        log.warning("cannot load the font %s", path)
        return None


@lru_cache(maxsize=16)
def _notdef(path: str) -> tuple[tuple[int, int], bytes]:
    f = _font_at(path, 24)
    assert f is not None
    m = f.getmask("\U0010fffd")
    return m.size, bytes(m)


@lru_cache(maxsize=65536)
def has_glyph(path: str, ch: str) -> bool:
    """Whether the font file draws ``ch`` itself (not its 'missing glyph' box)."""
    if ch == " ":
        return True
    f = _font_at(path, 24)
    if f is None:
        return False
    m = f.getmask(ch)
    return (m.size, bytes(m)) != _notdef(path)


@lru_cache(maxsize=65536)
def _font_for(ch: str, bold: bool, condensed: bool) -> str | None:
    """The first bundled font of the face's ``_chain`` that has ``ch``, or ``None``."""
    return next((path for path in _chain(bold, condensed) if has_glyph(path, ch)), None)


def clean_text(text: str) -> str:
    """``text`` without control characters (new lines become spaces)."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        if cat == "Cc":
            if ch in "\t\n\r":
                out.append(" ")
            continue
        out.append(ch)
    return "".join(out)


def _normal(text: str) -> str:
    """``text`` cleaned (``clean_text``) and composed (NFC: Hangul jamo sequences become syllables, a letter
    and its combining accent one character)."""
    return unicodedata.normalize("NFC", clean_text(text))


_FACES = ((False, False), (True, False), (True, True))
"""(bold, condensed) of the three faces text is drawn in."""


def drawable(text: str) -> bool:
    """Whether the bundled fonts draw every character of ``text``, in each face (regular, bold, condensed
    bold): DejaVu Sans, or for Hangul the bundled Korean font. No character would come out as a 'missing
    glyph' box (Chinese, Japanese kana, most emoji). Control characters are ignored; an empty or blank text is
    not drawable."""
    text = _normal(text)
    if not text.strip():
        return False
    return all(ch.isspace() or all(_font_for(ch, b, c) is not None for b, c in _FACES) for ch in text)


def runs(text: str, bold: bool = False, condensed: bool = False) -> list[tuple[str, str]]:
    """Split ``text`` into runs of (font path, text) such that each run's font has its characters: the DejaVu
    face asked for, else another DejaVu face, else the bundled Korean (bold) font (``_chain``). Bundled fonts
    only.

    Characters no bundled font has become ``MISSING_GLYPH``; invisible format characters and variation
    selectors that none has are dropped. (Names never get here undrawable: ``seat_name`` checks ``drawable``.)"""
    primary = str(_primary(bold, condensed))
    out: list[tuple[str, str]] = []
    for ch in _normal(text):
        path = _font_for(ch, bold, condensed)
        if path is None:
            if unicodedata.category(ch) in ("Cf", "Mn", "Me", "Sk") or 0xFE00 <= ord(ch) <= 0xFE0F:
                continue
            path, ch = primary, MISSING_GLYPH
        if out and out[-1][0] == path:
            out[-1] = (path, out[-1][1] + ch)
        else:
            out.append((path, ch))
    return out


def _run_font(path: str, size: int) -> ImageFont.FreeTypeFont:
    for bold, condensed in _FACES:
        if path == str(_primary(bold, condensed)):
            return font(size, bold, condensed)
    f = _font_at(path, size)
    return f if f is not None else font(size)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False, condensed: bool = False) -> float:
    """The advance width of ``text`` in pixels, drawn with ``text_image``."""
    return sum(_run_font(p, size).getlength(t) for p, t in runs(text, bold, condensed))


def shorten(text: str, size: int, max_width: int, bold: bool = False) -> str:
    """``text``, cut and ended with an ellipsis when it is wider than ``max_width`` pixels."""
    text = clean_text(text)
    if text_width(text, size, bold) <= max_width:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + ELLIPSIS, size, bold) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS


@lru_cache(maxsize=4096)
def text_image(text: str, size: int, colour: RGB = WHITE, bold: bool = False, max_width: int | None = None,
               condensed: bool = False) -> Image.Image:
    """``text`` drawn on a transparent RGBA sprite just large enough for it (shortened to ``max_width``).

    Draw it on a picture with ``draw_text``, which records it for the legibility check."""
    if max_width is not None:
        text = shorten(text, size, max_width, bold)
    parts = runs(text, bold, condensed)
    ascent, descent = font(size, bold, condensed).getmetrics()
    width = max(1, int(round(sum(_run_font(p, size).getlength(t) for p, t in parts))) + 2)
    height = ascent + descent + 2
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    x = 1.0
    for path, part in parts:
        f = _run_font(path, size)
        draw.text((x, ascent + 1), part, font=f, fill=colour, anchor="ls")
        x += f.getlength(part)
    return img


@lru_cache(maxsize=4096)
def ink_height(text: str, size: int, bold: bool = False, condensed: bool = False) -> int:
    """The height in pixels of the ink of ``text`` as ``text_image`` draws it (0 for blank text)."""
    box = text_image(text, size, WHITE, bold, None, condensed).getchannel("A").getbbox()
    return 0 if box is None else box[3] - box[1]


# ----- the legibility recorder -----
@dataclass(frozen=True)
class DrawnText:
    """A text a picture drew: what it says, how tall its ink is and the width of the picture it is on."""

    text: str
    height: float
    picture_width: int
    kind: str = "text"
    """``text``, or ``card`` for a card's corner index (drawn into the card art)."""

    def displayed(self, display_width: int = PHONE_DISPLAY_WIDTH) -> float:
        """Its height as shown when the picture is displayed ``display_width`` wide."""
        return displayed(self.height, self.picture_width, display_width)


_RECORDER: ContextVar[list[DrawnText] | None] = ContextVar("images_text_recorder", default=None)


@contextmanager
def recording() -> Iterator[list[DrawnText]]:
    """Record every text drawn inside the ``with`` block (in this context) into the list it yields."""
    drawn: list[DrawnText] = []
    token = _RECORDER.set(drawn)
    try:
        yield drawn
    finally:
        _RECORDER.reset(token)


def record(text: str, height: float, canvas: Image.Image, kind: str = "text") -> None:
    """Note a text drawn on ``canvas`` (the final picture) when a recorder is active."""
    drawn = _RECORDER.get()
    if drawn is not None:
        drawn.append(DrawnText(text, height, canvas.width, kind))


def draw_text(canvas: Image.Image, xy: tuple[float, float], text: str, size: int, colour: RGB = WHITE,
              bold: bool = False, max_width: int | None = None, anchor: str = "lt", condensed: bool = False,
              ) -> tuple[int, int]:
    """Paste ``text`` at ``xy`` (anchor: ``l``/``m``/``r`` then ``t``/``m``/``b``); return its sprite size.

    Every text of every picture is drawn here, on the final picture, so that ``recording`` sees it."""
    sprite = text_image(text, size, colour, bold, max_width, condensed)
    shown = shorten(text, size, max_width, bold) if max_width is not None else text
    record(clean_text(shown), ink_height(shown, size, bold, condensed), canvas)
    w, h = sprite.size
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h / 2
    elif anchor[1] == "b":
        y -= h
    canvas.paste(sprite, (int(round(x)), int(round(y))), sprite)
    return w, h


def _needed() -> float:
    """The ink height (pixels of a ``PICTURE_WIDTH`` picture) that shows ``MIN_TEXT_PX`` tall on a phone."""
    return MIN_TEXT_PX * PICTURE_WIDTH / PHONE_DISPLAY_WIDTH


@lru_cache(maxsize=1024)
def min_size(bold: bool = False, condensed: bool = False, sample: str = "A") -> int:
    """The smallest font size at which ``sample`` (by default a capital) is ``MIN_TEXT_PX`` tall when a
    ``PICTURE_WIDTH`` picture is shown at the phone width."""
    size = 8
    while ink_height(sample, size, bold, condensed) < _needed():
        size += 1
    return size


def size_for(text: str, size: int, bold: bool = True, condensed: bool = True) -> int:
    """``size``, or larger when ``text`` would be less than ``MIN_TEXT_PX`` tall on a phone at it."""
    return max(size, min_size(bold, condensed, text)) if text.strip() else size


def legible(text: str, size: int, bold: bool = False, condensed: bool = False) -> bool:
    """Whether ``text`` at ``size`` is at least ``MIN_TEXT_PX`` tall on a phone (a text of small letters
    only, like ``next``, needs a larger size than one with a capital)."""
    return ink_height(text, size, bold, condensed) >= _needed() - 0.01


@dataclass(frozen=True)
class Fitted:
    """A text fitted into a width: its lines and the font size they are drawn at."""

    lines: tuple[str, ...]
    size: int


def _split_word(word: str, size: int, max_width: float, condensed: bool) -> tuple[str, str] | None:
    """A long word broken in two with a hyphen, the first part as long as fits and both parts legible (a
    part of small letters only, like ``ano``, is too short on a phone). The longest head that fits is found by
    halving (a head is wider the longer it is), so a long word costs a few measures, not one per letter."""
    lo, hi = 2, len(word) - 2  # the longest fitting cut is in lo..hi (lo: none fits)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(word[:mid] + "-", size, True, condensed) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    for cut in range(lo, 2, -1):
        if legible(word[cut:], size, True, condensed):
            return word[:cut] + "-", word[cut:]
    return None


@lru_cache(maxsize=2048)
def fit_lines(text: str, max_width: float, size: int, smallest: int, max_lines: int = 2,
              condensed: bool = True) -> Fitted | None:
    """``text`` fitted into ``max_width`` pixels without cutting it: on one line at the largest size from
    ``size`` down to ``smallest``, else on up to ``max_lines`` lines (broken between words, or a long word
    broken with a hyphen); ``None`` when it does not fit even so."""
    text = " ".join(clean_text(text).split())
    while not legible(text, smallest, True, condensed) and smallest < 4 * size:
        smallest += 1
    size = max(size, smallest)
    for s in range(size, smallest - 1, -1):
        if text_width(text, s, True, condensed) <= max_width:
            return Fitted((text,), s)
    if max_lines < 2:
        return None
    words = text.split(" ")
    for s in range(size, smallest - 1, -1):
        lines: list[str] = []
        current = ""
        for word in words:
            trial = f"{current} {word}".strip()
            if text_width(trial, s, True, condensed) <= max_width:
                current = trial
                continue
            if current:
                lines.append(current)
            current = word
            while len(lines) < max_lines and text_width(current, s, True, condensed) > max_width:
                parts = _split_word(current, s, max_width, condensed)
                if parts is None:
                    break
                lines.append(parts[0])
                current = parts[1]
            if len(lines) >= max_lines:  # too many lines at this size already: no more splitting
                break
        lines.append(current)
        if (len(lines) <= max_lines and all(text_width(x, s, True, condensed) <= max_width for x in lines)
                and all(legible(x, s, True, condensed) for x in lines)):
            return Fitted(tuple(lines), s)
    return None


def draw_lines(canvas: Image.Image, centre_x: float, top: float, fitted: Fitted, colour: RGB = WHITE,
               condensed: bool = True) -> float:
    """Draw fitted lines centred on ``centre_x`` from ``top``; return the y below them."""
    step = line_height(fitted.size)
    for k, line in enumerate(fitted.lines):
        draw_text(canvas, (centre_x, top + k * step), line, fitted.size, colour, True, anchor="mt",
                  condensed=condensed)
    return top + step * len(fitted.lines)


def line_height(size: int) -> int:
    """The distance between two lines of text at ``size``."""
    return int(round(size * 1.12))


def draw_name(canvas: Image.Image, centre_x: float, top: float, name: str, fallback: str, max_width: float,
              size: int, smallest: int, colour: RGB = WHITE, max_lines: int = 2) -> float:
    """A seat's name centred under ``centre_x`` from ``top``: shrunk, or on two lines, to fit ``max_width``
    (never cut short); ``fallback`` (the seat's short label) when it does not fit. Return the y below it."""
    fitted = fit_lines(name, max_width, size, smallest, max_lines)
    if fitted is None:
        fitted = fit_lines(fallback, max_width, size, smallest, max_lines) or Fitted((fallback,), smallest)
    return draw_lines(canvas, centre_x, top, fitted, colour)
