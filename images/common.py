"""Shared helpers of the pictures: the bundled fonts, cached text sprites, colours, seat info, PNG output.

Every picture function is pure: a view (plus the seats' names) in, PNG bytes out. What can be cached is
cached here: fonts, rendered text, glyph coverage.
"""

from __future__ import annotations

import io
import logging
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from rules.view import GameView

log = logging.getLogger(__name__)

FONT_DIR = Path(__file__).resolve().parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSans.ttf"
BOLD = FONT_DIR / "DejaVuSans-Bold.ttf"

FALLBACK_FONTS: tuple[str, ...] = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
    "/usr/share/fonts/truetype/arphic/uming.ttc",
    "/System/Library/Fonts/PingFang.ttc",
    "C:/Windows/Fonts/msyh.ttc",
)
"""System fonts tried, in order, for characters the bundled font lacks (CJK); used only when present."""
MISSING_GLYPH = "\u25a1"
"""Drawn for a character no available font has (most emoji): a white square."""
ELLIPSIS = "\u2026"

# ----- colours -----
RGB = tuple[int, int, int]
FELT: RGB = (31, 99, 62)
FELT_LIGHT: RGB = (38, 116, 73)
FELT_DARK: RGB = (22, 72, 45)
WOOD: RGB = (102, 62, 33)
WOOD_LIGHT: RGB = (140, 92, 52)
INK: RGB = (24, 26, 30)
WHITE: RGB = (255, 255, 255)
CREAM: RGB = (246, 241, 228)
MUTED: RGB = (190, 200, 192)
PANEL: RGB = (24, 42, 34)
PANEL_LIGHT: RGB = (36, 60, 49)
HIGHLIGHT: RGB = (255, 206, 64)
"""Whose turn it is; the trump marks."""
NEUTRAL: RGB = (128, 136, 132)
SIDE_COLOURS: tuple[RGB, ...] = ((74, 144, 226), (235, 128, 52), (171, 99, 214))
"""Team / side colours: side 0, side 1, (3 players) side 2."""
CALLER_COLOUR: RGB = (226, 178, 40)
"""Chiamata: the caller's side."""
DEFENDERS_COLOUR: RGB = (90, 150, 220)
"""Chiamata: the other three once the partner is known."""

LABELS: dict[str, str] = {
    "briscola": "Briscola",
    "chiamata": "Briscola chiamata",
    "cicera": "Cicera",
    "players": "{n} players",
    "round": "Round {n}",
    "stock": "Stock: {n}",
    "stock_empty": "Stock empty",
    "trump": "Trump",
    "briscola_card": "Briscola",
    "briscola_drawn_by": "Briscola drawn by {name}",
    "trump_unknown": "Trump: not yet called",
    "to_move": "To play: {name}",
    "to_bid": "To bid: {name}",
    "caller_choosing": "{name} is choosing",
    "round_over": "Round over",
    "match_over": "Match over",
    "last_trick": "Last trick: {name}",
    "no_trick_yet": "No trick taken yet",
    "points": "Points",
    "game_points": "Game points",
    "cards_in_hand": "hand {n}",
    "tricks_won": "tricks {n}",
    "ai": "AI",
    "ai_level": "AI {level}",
    "dealer": "D",
    "pass": "pass",
    "bid": "bid {bid}",
    "no_bid": "\u2014",
    "called": "Called",
    "caller": "Caller: {name}",
    "target": "target {n}",
    "partner": "Partner: {name}",
    "role_caller": "Caller",
    "role_partner": "Partner",
    "partner_alone": "Partner: none (alone)",
    "partner_secret": "Partner: secret",
    "auction": "Auction",
    "standing": "Standing bid: {bid} ({name})",
    "no_bids": "No bid yet",
    "your_hand": "Your hand",
    "hand_of": "Hand of {name}",
    "you_are_partner": "You hold the called card: you are the partner",
    "discarded": "Discarded",
    "seen": "{name}",
    "table": "Table",
    "table_empty": "The table is empty",
    "team": "Team {n}",
    "pile": "{n} cards taken",
    "swords_taken": "{n} swords",
    "bonus": "Bonus: {n}",
    "last_capture": "Last capture: {name}",
    "takes": "takes",
    "no_capture": "No capture yet",
    "scua": "Sc\u00f9a",
    "picada": "Picada",
    "simili": "Simili",
    "quadriglia": "Quadriglia",
    "cards": "Most cards",
    "swords": "Most swords",
    "mata": "La Mata (2 of swords)",
    "xd": "10 of coins",
    "fc": "Fante of cups",
    "napula": "Napula",
    "total": "Total",
    "card_points": "Card points",
    "this_round": "This round",
    "match_total": "Match total",
    "winner": "Winner: {name}",
    "winners": "Winners: {name}",
    "draw": "Draw",
    "match_won": "Match won by {name}",
    "match_draw": "The match is a draw",
    "passed_out": "All passed: the hand is dealt again",
    "made_it": "{name} made {pts} of {target}: won",
    "failed": "{name} made {pts} of {target}: lost",
    "conquest": "Conquest by {name}",
    "and": " & ",
    "counts": "{cards} cards, {swords} swords",
    "leftover": "Left on the table, to team {n}: {k} cards",
}
"""Every text the pictures draw, in one place (English); a front end may replace values to translate."""


def label(key: str, **kw: object) -> str:
    """The text of ``key`` with its fields filled in."""
    text = LABELS[key]
    return text.format(**kw) if kw else text


@dataclass(frozen=True)
class SeatInfo:
    """Who sits in a seat, as pictures show it: a display name and the AI level (``None`` for a human)."""

    name: str
    ai: str | None = None


def seat_name(seats: Sequence[SeatInfo] | None, seat: int) -> str:
    """The display name of a seat (``Seat N`` when no names were given)."""
    if seats and 0 <= seat < len(seats) and seats[seat].name.strip():
        return seats[seat].name.strip()
    return f"Seat {seat + 1}"


def seat_ai(seats: Sequence[SeatInfo] | None, seat: int) -> str | None:
    """The AI level of a seat, or ``None`` for a human or an unknown seat."""
    if seats and 0 <= seat < len(seats):
        return seats[seat].ai
    return None


# ----- fonts -----
@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The bundled DejaVu Sans (bold or regular) at a pixel size."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), size)


@cache
def _fallback_paths() -> tuple[str, ...]:
    found = tuple(p for p in FALLBACK_FONTS if Path(p).is_file())
    if found:
        log.debug("fallback fonts: %s", ", ".join(found))
    return found


@lru_cache(maxsize=64)
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


@lru_cache(maxsize=8192)
def has_glyph(path: str, ch: str) -> bool:
    """Whether the font file draws ``ch`` itself (not its 'missing glyph' box)."""
    if ch == " ":
        return True
    f = _font_at(path, 24)
    if f is None:
        return False
    m = f.getmask(ch)
    return (m.size, bytes(m)) != _notdef(path)


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


def runs(text: str, bold: bool = False) -> list[tuple[str, str]]:
    """Split ``text`` into runs of (font path, text) such that each run's font has its characters.

    Characters no font has become ``MISSING_GLYPH``; invisible format characters and variation selectors
    that no font has are dropped."""
    primary = str(BOLD if bold else REGULAR)
    other = str(REGULAR)
    out: list[tuple[str, str]] = []
    for ch in clean_text(text):
        path = None
        for candidate in (primary, other, *_fallback_paths()):
            if has_glyph(candidate, ch):
                path = candidate
                break
        if path is None:
            if unicodedata.category(ch) in ("Cf", "Mn", "Me", "Sk") or 0xFE00 <= ord(ch) <= 0xFE0F:
                continue
            path, ch = primary, MISSING_GLYPH
        if out and out[-1][0] == path:
            out[-1] = (path, out[-1][1] + ch)
        else:
            out.append((path, ch))
    return out


def _run_font(path: str, size: int, bold: bool) -> ImageFont.FreeTypeFont:
    if path == str(REGULAR) and not bold:
        return font(size)
    if path == str(BOLD):
        return font(size, True)
    if path == str(REGULAR):
        return font(size)
    f = _font_at(path, size)
    return f if f is not None else font(size, bold)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """The advance width of ``text`` in pixels, drawn with ``text_image``."""
    return sum(_run_font(p, size, bold).getlength(t) for p, t in runs(text, bold))


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
               ) -> Image.Image:
    """``text`` drawn on a transparent RGBA sprite just large enough for it (shortened to ``max_width``)."""
    if max_width is not None:
        text = shorten(text, size, max_width, bold)
    parts = runs(text, bold)
    ascent, descent = font(size, bold).getmetrics()
    width = max(1, int(round(sum(_run_font(p, size, bold).getlength(t) for p, t in parts))) + 2)
    height = ascent + descent + 2
    img = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    x = 1.0
    for path, part in parts:
        f = _run_font(path, size, bold)
        draw.text((x, ascent + 1), part, font=f, fill=colour, anchor="ls")
        x += f.getlength(part)
    return img


def draw_text(canvas: Image.Image, xy: tuple[float, float], text: str, size: int, colour: RGB = WHITE,
              bold: bool = False, max_width: int | None = None, anchor: str = "lt") -> tuple[int, int]:
    """Paste ``text`` at ``xy`` (anchor: ``l``/``m``/``r`` then ``t``/``m``/``b``); return its sprite size."""
    sprite = text_image(text, size, colour, bold, max_width)
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


# ----- seat plates -----
PLATE_H = 52


@lru_cache(maxsize=1024)
def seat_plate(name: str, ai: str | None, colour: RGB, detail: str = "", detail_colour: RGB = MUTED,
               turn: bool = False, dealer: bool = False, width: int = 160) -> Image.Image:
    """A seat's name plate: team stripe, name (shortened to fit), AI badge, a detail line, turn outline and
    dealer chip. RGBA, cached."""
    h = PLATE_H
    img = Image.new("RGBA", (width + 8, h + 8), (0, 0, 0, 0))
    if turn:
        glow = rounded_box((width + 8, h + 8), (*HIGHLIGHT, 110), radius=14)
        img.alpha_composite(glow, (0, 0))
    box = rounded_box((width, h), (*PANEL, 238), (*(HIGHLIGHT if turn else shade(colour, 0.85)), 255),
                      3 if turn else 2, 10)
    img.alpha_composite(box, (4, 4))
    stripe = rounded_box((7, h - 14), (*colour, 255), radius=3)
    img.alpha_composite(stripe, (11, 11))
    x = 24
    right = width - 6
    if dealer:
        chip = rounded_box((20, 20), (*CREAM, 255), (*INK, 255), 1, 10)
        img.alpha_composite(chip, (right - 16, 8))
        t = text_image(label("dealer"), 11, INK, True)
        img.alpha_composite(t, (right - 6 - t.width // 2, 18 - t.height // 2))
        right -= 22
    if ai:
        badge_text = text_image(label("ai"), 11, INK, True)
        bw = badge_text.width + 8
        badge = rounded_box((bw, 18), (*MUTED, 255), radius=5)
        img.alpha_composite(badge, (right - bw + 4, 9))
        img.alpha_composite(badge_text, (right - bw + 8, 18 - badge_text.height // 2))
        right -= bw + 4
    name_sprite = text_image(name, 16, WHITE, True, right - x)
    img.alpha_composite(name_sprite, (x, 7))
    if detail:
        d = text_image(detail, 13, detail_colour, False, width - x - 8)
        img.alpha_composite(d, (x, 30))
    return img
