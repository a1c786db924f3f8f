"""Card art drawn by the project with Pillow: the 52 Italian (Bresciane) faces, the French faces, a back.

Every card is drawn once at a master scale (``MASTER`` pixels per card unit, the card being 100 x 160 units)
with plain shapes, then scaled down with a Lanczos filter, which antialiases it. Both the masters and the
scaled sprites are cached (``functools.lru_cache``), per card, face style and width.

Italian suits are told apart by shape as well as colour: coins are discs with an inner ring and a rosette,
cups are chalices (bowl, stem, foot), swords have a blade, a guard and a pommel, batons are knotted clubs.
"""

from __future__ import annotations

import logging
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from images.common import RGB, WHITE, font, ink_height, record, shade
from rules.cards import ALL_CARDS, RANKS, SUITS, Card

log = logging.getLogger(__name__)

CARD_W, CARD_H = 100, 160
"""Card size in card units (the full-size sprite in pixels)."""
MASTER = 4
"""Master pixels per card unit."""
FACES = ("italian", "french")
INDEX_SIZE = 27
"""The corner index's font size, in card units (its digits are 20 units tall: readable on a small card)."""

PAPER: RGB = (252, 249, 240)
BORDER: RGB = (60, 56, 52)

SUIT_COLOURS: dict[str, dict[str, RGB]] = {
    "italian": {"d": (196, 140, 8), "c": (190, 36, 40), "s": (34, 84, 170), "b": (38, 122, 48)},
    "french": {"d": (206, 32, 42), "c": (206, 32, 42), "s": (22, 22, 28), "b": (22, 22, 28)},
}
"""The ink of each suit: corner indices and court robes."""

SUIT_WORDS = {
    "italian": {"d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"},
    "french": {"d": "Quadri", "c": "Cuori", "s": "Picche", "b": "Fiori"},
}

GOLD: RGB = (236, 186, 46)
GOLD_LIGHT: RGB = (250, 218, 110)
GOLD_DARK: RGB = (132, 82, 12)
RED: RGB = (196, 38, 42)
RED_DARK: RGB = (110, 16, 20)
STEEL: RGB = (196, 214, 236)
STEEL_DARK: RGB = (30, 64, 134)
WOOD_GREEN: RGB = (74, 150, 60)
WOOD_GREEN_DARK: RGB = (22, 78, 26)
SKIN: RGB = (244, 208, 170)
SKIN_DARK: RGB = (150, 100, 70)

Box = tuple[float, float, float, float]

SUIT_ASPECT = {
    "italian": {"d": 1.0, "c": 0.74, "s": 0.30, "b": 0.34},
    "french": {"d": 0.78, "c": 1.0, "s": 0.92, "b": 1.0},
}
"""Width / height of each suit sign."""


def rank_label(card: Card, faces: str) -> str:
    """The rank as printed in the corners: 10 for X; J Q K for the French courts."""
    r = card.rank
    if r == "X":
        return "10"
    if faces == "french":
        return {"F": "J", "C": "Q", "R": "K"}.get(r, r)
    return r


# ----- suit signs: each draws into a box (master pixels) -----
def _fit(box: Box, aspect: float) -> Box:
    """The largest box of ``aspect`` (w / h) centred in ``box``."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    if w / h > aspect:
        nw = h * aspect
        return (x0 + (w - nw) / 2, y0, x0 + (w + nw) / 2, y1)
    nh = w / aspect
    return (x0, y0 + (h - nh) / 2, x1, y0 + (h + nh) / 2)


def _line_w(box: Box, frac: float) -> int:
    return max(1, int(round((box[2] - box[0]) * frac)))


def _coin(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    s = x1 - x0
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    lw = max(1, int(s * 0.045))
    d.ellipse(b, fill=GOLD, outline=GOLD_DARK, width=lw)
    r2 = s * 0.34
    d.ellipse((cx - r2, cy - r2, cx + r2, cy + r2), fill=GOLD_LIGHT, outline=GOLD_DARK, width=max(1, lw * 2 // 3))
    # rosette: eight petals around a red centre
    pr = s * 0.075
    for k in range(8):
        a = k * math.pi / 4
        px, py = cx + math.cos(a) * s * 0.2, cy + math.sin(a) * s * 0.2
        d.ellipse((px - pr, py - pr, px + pr, py + pr), fill=RED, outline=RED_DARK, width=max(1, lw // 3))
    cr = s * 0.09
    d.ellipse((cx - cr, cy - cr, cx + cr, cy + cr), fill=GOLD, outline=GOLD_DARK, width=max(1, lw // 2))
    # ticks on the outer ring
    for k in range(16):
        a = k * math.pi / 8
        ra, rb = s * 0.40, s * 0.46
        d.line((cx + math.cos(a) * ra, cy + math.sin(a) * ra, cx + math.cos(a) * rb, cy + math.sin(a) * rb),
               fill=GOLD_DARK, width=max(1, lw // 2))


def _cup(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    lw = max(1, int(w * 0.05))
    # bowl: the lower half of an ellipse, red with a gold band
    bowl = (x0, y0 - h * 0.02, x1, y0 + h * 0.62)
    d.chord(bowl, 0, 180, fill=RED, outline=RED_DARK, width=lw)
    d.rectangle((x0 + lw, y0 + h * 0.28, x1 - lw, y0 + h * 0.30), fill=RED)
    band_y = y0 + h * 0.40
    d.line((x0 + w * 0.1, band_y, x1 - w * 0.1, band_y), fill=GOLD, width=max(1, int(h * 0.04)))
    # rim
    d.ellipse((x0, y0 + h * 0.22, x1, y0 + h * 0.36), fill=GOLD_LIGHT, outline=GOLD_DARK, width=lw)
    d.ellipse((x0 + w * 0.12, y0 + h * 0.25, x1 - w * 0.12, y0 + h * 0.33), fill=RED_DARK)
    # stem with a knot
    sw = w * 0.09
    d.rectangle((cx - sw, y0 + h * 0.60, cx + sw, y0 + h * 0.86), fill=GOLD, outline=GOLD_DARK, width=max(1, lw // 2))
    d.ellipse((cx - w * 0.2, y0 + h * 0.66, cx + w * 0.2, y0 + h * 0.76), fill=GOLD, outline=GOLD_DARK,
              width=max(1, lw // 2))
    # foot
    d.polygon([(cx - w * 0.12, y0 + h * 0.84), (cx + w * 0.12, y0 + h * 0.84), (cx + w * 0.42, y1 - h * 0.03),
               (cx - w * 0.42, y1 - h * 0.03)], fill=GOLD, outline=GOLD_DARK, width=max(1, lw // 2))
    d.rectangle((cx - w * 0.44, y1 - h * 0.05, cx + w * 0.44, y1), fill=GOLD_DARK)


def _sword(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    lw = max(1, int(w * 0.08))
    # pommel, grip, guard (at the top), blade pointing down
    pr = w * 0.22
    d.ellipse((cx - pr, y0, cx + pr, y0 + 2 * pr), fill=GOLD, outline=GOLD_DARK, width=max(1, lw // 2))
    gw = w * 0.13
    d.rectangle((cx - gw, y0 + pr * 1.6, cx + gw, y0 + h * 0.24), fill=(110, 60, 30), outline=(60, 30, 10),
                width=max(1, lw // 2))
    for k in range(3):
        yy = y0 + pr * 1.8 + k * (h * 0.24 - pr * 1.8) / 3
        d.line((cx - gw, yy, cx + gw, yy), fill=(60, 30, 10), width=max(1, lw // 3))
    gy0, gy1 = y0 + h * 0.23, y0 + h * 0.29
    d.rounded_rectangle((x0, gy0, x1, gy1), radius=(gy1 - gy0) / 2, fill=GOLD, outline=GOLD_DARK,
                        width=max(1, lw // 2))
    bw = w * 0.24
    top = gy1
    d.polygon([(cx - bw, top), (cx + bw, top), (cx + bw, y1 - h * 0.12), (cx, y1), (cx - bw, y1 - h * 0.12)],
              fill=STEEL, outline=STEEL_DARK, width=lw)
    d.line((cx, top + h * 0.03, cx, y1 - h * 0.1), fill=STEEL_DARK, width=max(1, lw // 2))


def _baton(d: ImageDraw.ImageDraw, b: Box) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    lw = max(1, int(w * 0.07))
    top_w, bot_w = w * 0.36, w * 0.20
    # the club: a rod wider at the top, rounded ends
    d.polygon([(cx - top_w, y0 + h * 0.08), (cx + top_w, y0 + h * 0.08), (cx + bot_w, y1 - h * 0.05),
               (cx - bot_w, y1 - h * 0.05)], fill=WOOD_GREEN, outline=WOOD_GREEN_DARK, width=lw)
    d.ellipse((cx - top_w, y0, cx + top_w, y0 + h * 0.16), fill=WOOD_GREEN, outline=WOOD_GREEN_DARK, width=lw)
    d.ellipse((cx - bot_w, y1 - h * 0.09, cx + bot_w, y1), fill=WOOD_GREEN, outline=WOOD_GREEN_DARK, width=lw)
    d.ellipse((cx - top_w * 0.6, y0 + h * 0.03, cx + top_w * 0.6, y0 + h * 0.12), fill=(196, 160, 96),
              outline=WOOD_GREEN_DARK, width=max(1, lw // 2))
    # knots: stubs on alternating sides
    for k, f in enumerate((0.26, 0.44, 0.62, 0.80)):
        yy = y0 + h * f
        half = top_w + (bot_w - top_w) * f
        side = -1 if k % 2 == 0 else 1
        kx = cx + side * half
        kr = w * 0.16
        d.ellipse((kx - kr, yy - kr * 0.8, kx + kr, yy + kr * 0.8), fill=WOOD_GREEN_DARK)
        d.ellipse((kx - kr * 0.45, yy - kr * 0.4, kx + kr * 0.45, yy + kr * 0.4), fill=(196, 160, 96))
    # grain line
    d.line((cx, y0 + h * 0.16, cx, y1 - h * 0.1), fill=WOOD_GREEN_DARK, width=max(1, lw // 2))


def _diamond(d: ImageDraw.ImageDraw, b: Box, colour: RGB) -> None:
    x0, y0, x1, y1 = b
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    d.polygon([(cx, y0), (x1, cy), (cx, y1), (x0, cy)], fill=colour)


def _heart(d: ImageDraw.ImageDraw, b: Box, colour: RGB, flip: bool = False) -> None:
    """A heart (or, flipped, the body of a spade)."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0

    def fy(f: float) -> float:
        return y1 - f * h if flip else y0 + f * h

    r = w * 0.27
    for cxf in (0.27, 0.73):
        cx = x0 + w * cxf
        cy = fy(0.30)
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    pts = [(x0 + w * 0.015, fy(0.36)), (x0 + w * 0.5, fy(0.22)), (x1 - w * 0.015, fy(0.36)),
           (x0 + w * 0.5, fy(1.0))]
    d.polygon(pts, fill=colour)


def _spade(d: ImageDraw.ImageDraw, b: Box, colour: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    _heart(d, (x0, y0, x1, y0 + h * 0.82), colour, flip=True)
    cx = (x0 + x1) / 2
    d.polygon([(cx - w * 0.05, y0 + h * 0.6), (cx + w * 0.05, y0 + h * 0.6), (cx + w * 0.2, y1),
               (cx - w * 0.2, y1)], fill=colour)


def _club(d: ImageDraw.ImageDraw, b: Box, colour: RGB) -> None:
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    r = w * 0.23
    for cxf, cyf in ((0.5, 0.25), (0.25, 0.55), (0.75, 0.55)):
        cx, cy = x0 + w * cxf, y0 + h * cyf
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
    cx = (x0 + x1) / 2
    d.polygon([(cx, y0 + h * 0.3), (cx + w * 0.12, y0 + h * 0.55), (cx - w * 0.12, y0 + h * 0.55)], fill=colour)
    d.polygon([(cx - w * 0.05, y0 + h * 0.5), (cx + w * 0.05, y0 + h * 0.5), (cx + w * 0.2, y1),
               (cx - w * 0.2, y1)], fill=colour)


def draw_suit(d: ImageDraw.ImageDraw, suit: str, faces: str, box: Box) -> None:
    """Draw the sign of ``suit`` (``dcsb``) fitted into ``box`` (keeping its shape's aspect)."""
    b = _fit(box, SUIT_ASPECT[faces][suit])
    if faces == "french":
        colour = SUIT_COLOURS["french"][suit]
        {"d": _diamond, "c": _heart, "s": _spade, "b": _club}[suit](d, b, colour)
        return
    {"d": _coin, "c": _cup, "s": _sword, "b": _baton}[suit](d, b)


@lru_cache(maxsize=256)
def suit_image(suit: str, faces: str = "italian", height: int = 24) -> Image.Image:
    """The sign of a suit as an RGBA sprite ``height`` pixels tall (for labels next to text)."""
    aspect = SUIT_ASPECT[faces][suit]
    w = max(1, int(round(height * aspect)))
    ss = 4
    big = Image.new("RGBA", (w * ss, height * ss), (0, 0, 0, 0))
    draw_suit(ImageDraw.Draw(big), suit, faces, (0, 0, w * ss, height * ss))
    return big.resize((w, height), Image.Resampling.LANCZOS)


# ----- pip layouts -----
def _pips(n: int) -> list[tuple[float, float]]:
    """Pip centres for a number card, as fractions of the pip area (x: 0 left .. 1 right, y: 0 top .. 1)."""
    L, C, R = 0.0, 0.5, 1.0
    if n == 1:
        return [(C, 0.5)]
    if n == 2:
        return [(C, 0.0), (C, 1.0)]
    if n == 3:
        return [(C, 0.0), (C, 0.5), (C, 1.0)]
    four = [(L, 0.0), (R, 0.0), (L, 1.0), (R, 1.0)]
    if n == 4:
        return four
    if n == 5:
        return [*four, (C, 0.5)]
    six = [*four, (L, 0.5), (R, 0.5)]
    if n == 6:
        return six
    if n == 7:
        return [*six, (C, 0.25)]
    if n == 8:
        return [*six, (C, 0.25), (C, 0.75)]
    cols = [(x, y) for x in (L, R) for y in (0.0, 1 / 3, 2 / 3, 1.0)]
    if n == 9:
        return [*cols, (C, 0.5)]
    return [*cols, (C, 1 / 6), (C, 5 / 6)]


def _pip_size(n: int, suit: str, faces: str) -> tuple[float, float]:
    """The box (card units) each pip of an ``n`` card is fitted into."""
    tall = faces == "italian" and suit in "sb"
    if n == 1:
        return (56, 104) if tall else (60, 60)
    if n <= 3:
        return (24, 40) if tall else (32, 32)
    if n <= 6:
        return (20, 38) if tall else (25, 25)
    if n <= 8:
        return (16, 30) if tall else (22, 22)
    return (14, 27) if tall else (21, 21)


PIP_AREA = (34.0, 35.0, 66.0, 125.0)
"""Where pip centres go (card units): x0, y0, x1, y1."""


# ----- courts -----
COURT_PANEL: dict[str, RGB] = {"F": (214, 232, 246), "C": (232, 222, 244), "R": (250, 232, 196)}


def _figure(d: ImageDraw.ImageDraw, rank: str, suit: str, faces: str, u: float) -> None:
    """The court figure, drawn in card units ``u`` (master pixels per unit), inside the face panel."""
    robe = SUIT_COLOURS[faces][suit]
    if faces == "french" and suit in "sb":
        robe = (44, 58, 96)
    trim = GOLD

    def P(x: float, y: float) -> tuple[float, float]:
        return (x * u, y * u)

    def B(x0: float, y0: float, x1: float, y1: float) -> Box:
        return (x0 * u, y0 * u, x1 * u, y1 * u)

    ink = (40, 30, 24)
    lw = max(1, int(u * 0.9))
    if rank == "C" and faces == "italian":
        # the Cavallo: a horse's head and neck, in the suit's colour, with a bridle
        def H(x: float, y: float) -> tuple[float, float]:
            return P(x, y + 6)

        pts = [(40, 126), (42, 100), (38, 84), (30, 76), (24, 70), (22, 62), (26, 56), (36, 52), (44, 44),
               (46, 38), (49, 44), (53, 38), (55, 46), (62, 54), (70, 66), (76, 84), (78, 104), (76, 126)]
        d.polygon([H(x, y) for x, y in pts], fill=robe, outline=ink, width=lw)
        # mane
        for k in range(6):
            yy = 50 + k * 9
            d.polygon([H(60 + k * 2.2, yy), H(70 + k * 1.8, yy + 4), H(61 + k * 2.2, yy + 8)], fill=shade(robe, 0.55))
        d.ellipse(B(38, 64, 43, 69), fill=WHITE, outline=ink, width=max(1, lw // 2))
        d.ellipse(B(25, 69, 28, 72), fill=ink)
        d.line([H(24, 68), H(36, 64), H(46, 70)], fill=trim, width=lw * 2)
        d.line([H(36, 64), H(40, 56)], fill=trim, width=lw * 2)
        d.rectangle(B(38, 124, 80, 132), fill=trim, outline=ink, width=max(1, lw // 2))
        return
    # a person: robe, arms, head, headwear
    d.polygon([P(36, 84), P(64, 84), P(76, 128), P(24, 128)], fill=robe, outline=ink, width=lw)
    d.polygon([P(46, 84), P(54, 84), P(56, 128), P(44, 128)], fill=shade(robe, 0.7))
    d.line([P(24, 124), P(76, 124)], fill=trim, width=lw * 2)
    d.ellipse(B(34, 78, 66, 92), fill=trim, outline=ink, width=max(1, lw // 2))  # collar
    if rank == "C":  # the French queen: long hair behind the head
        d.ellipse(B(36, 52, 64, 90), fill=(120, 70, 30), outline=ink, width=max(1, lw // 2))
    d.ellipse(B(40, 58, 60, 80), fill=SKIN, outline=SKIN_DARK, width=max(1, lw // 2))
    d.ellipse(B(45, 66, 47.5, 68.5), fill=ink)
    d.ellipse(B(52.5, 66, 55, 68.5), fill=ink)
    d.arc(B(46, 68, 54, 75), 20, 160, fill=RED_DARK, width=max(1, lw // 2))
    if rank == "R":
        # crown with three points and jewels, and a beard
        d.polygon([P(38, 60), P(38, 44), P(44, 52), P(50, 40), P(56, 52), P(62, 44), P(62, 60)], fill=GOLD,
                  outline=GOLD_DARK, width=lw)
        for jx in (44, 50, 56):
            d.ellipse(B(jx - 1.8, 55, jx + 1.8, 58.6), fill=RED)
        d.chord(B(41, 66, 59, 86), 0, 180, fill=(150, 150, 160), outline=ink, width=max(1, lw // 2))
    elif rank == "C":
        # the queen's tiara
        d.arc(B(40, 50, 60, 66), 200, 340, fill=GOLD_DARK, width=lw * 2)
        for jx, jy in ((44, 53), (50, 50.5), (56, 53)):
            d.ellipse(B(jx - 2, jy - 2, jx + 2, jy + 2), fill=GOLD, outline=GOLD_DARK, width=max(1, lw // 2))
    else:
        # the Fante / Jack: a wide cap with a feather
        d.chord(B(36, 50, 64, 68), 180, 360, fill=robe, outline=ink, width=lw)
        d.line([P(36, 59), P(64, 59)], fill=trim, width=lw * 2)
        d.line([P(58, 55), P(66, 42), P(70, 38)], fill=(210, 60, 60), width=lw * 3)


def _court(d: ImageDraw.ImageDraw, card: Card, faces: str, u: float) -> None:
    rank, suit = card.rank, card.suit
    panel = COURT_PANEL[rank]
    frame = SUIT_COLOURS[faces][suit]
    d.rounded_rectangle((20 * u, 16 * u, 80 * u, 144 * u), radius=5 * u, fill=panel, outline=frame,
                        width=int(u * 1.5))
    _figure(d, rank, suit, faces, u)
    # the suit sign on a badge, held in front of the figure
    cx, cy, r = 50, 108, 13
    d.ellipse((cx * u - r * u, cy * u - r * u, cx * u + r * u, cy * u + r * u), fill=PAPER, outline=frame,
              width=int(u * 1.2))
    draw_suit(d, suit, faces, ((cx - 9) * u, (cy - 10) * u, (cx + 9) * u, (cy + 10) * u))
    # the rank letter, large, at the top of the panel
    letter = rank_label(card, faces)
    f = font(int(15 * u), True)
    d.text((50 * u, 31 * u), letter, font=f, fill=frame, anchor="mm", stroke_width=int(u * 0.8), stroke_fill=PAPER)


# ----- the card -----
def _corner(img: Image.Image, card: Card, faces: str, u: float) -> None:
    """The corner index (rank over suit) drawn into a corner sprite of 21 x 50 units."""
    d = ImageDraw.Draw(img)
    colour = SUIT_COLOURS[faces][card.suit]
    text = rank_label(card, faces)
    f = font(int(INDEX_SIZE * u), True)
    if len(text) == 1:
        d.text((10.5 * u, 14.5 * u), text, font=f, fill=colour, anchor="mm")
    else:  # "10": drawn, then squeezed to the corner's width
        w = int(f.getlength(text)) + 2
        tmp = Image.new("RGBA", (w, int(30 * u)), (0, 0, 0, 0))
        ImageDraw.Draw(tmp).text((w / 2, 15 * u), text, font=f, fill=colour, anchor="mm")
        tmp = tmp.resize((int(21 * u), tmp.height), Image.Resampling.LANCZOS)
        img.alpha_composite(tmp, (0, int(-1 * u)))
    h = 20 if faces == "italian" and card.suit in "sb" else 14
    draw_suit(d, card.suit, faces, (3 * u, 29 * u, 18 * u, (29 + h) * u))


@lru_cache(maxsize=128)
def _master(card: Card, faces: str) -> Image.Image:
    """One card drawn at the master scale (RGBA)."""
    u = MASTER
    W, H = CARD_W * u, CARD_H * u
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=8 * u, fill=PAPER, outline=BORDER, width=int(1.3 * u))
    colour = SUIT_COLOURS[faces][card.suit]
    d.rounded_rectangle((3 * u, 3 * u, W - 3 * u, H - 3 * u), radius=6 * u, outline=shade(colour, 1.6),
                        width=max(1, int(0.6 * u)))
    if card.is_court:
        _court(d, card, faces, u)
    else:
        n = 10 if card.rank == "X" else RANKS.index(card.rank) + 1
        pw, ph = _pip_size(n, card.suit, faces)
        ax0, ay0, ax1, ay1 = PIP_AREA
        for fx, fy in _pips(n):
            cx = ax0 + (ax1 - ax0) * fx
            cy = ay0 + (ay1 - ay0) * fy if n > 1 else (ay0 + ay1) / 2 + 4
            draw_suit(d, card.suit, faces, ((cx - pw / 2) * u, (cy - ph / 2) * u, (cx + pw / 2) * u,
                                            (cy + ph / 2) * u))
    # corner index top-left, and the same turned upside down bottom-right
    corner = Image.new("RGBA", (21 * u, 50 * u), (0, 0, 0, 0))
    _corner(corner, card, faces, u)
    img.alpha_composite(corner, (int(1.5 * u), 2 * u))
    img.alpha_composite(corner.rotate(180), (W - int(22.5 * u), H - 52 * u))
    return img


@lru_cache(maxsize=1)
def _back_master() -> Image.Image:
    u = MASTER
    W, H = CARD_W * u, CARD_H * u
    img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    base, light = (128, 24, 36), (176, 58, 66)
    d.rounded_rectangle((0, 0, W - 1, H - 1), radius=8 * u, fill=PAPER, outline=BORDER, width=int(1.3 * u))
    inner = (6 * u, 6 * u, W - 6 * u, H - 6 * u)
    d.rounded_rectangle(inner, radius=5 * u, fill=base)
    # a lattice of diamonds
    step = 10 * u
    for k in range(-20, 40):
        x = k * step
        d.line((inner[0] + x, inner[1], inner[0] + x + (H), inner[1] + H), fill=light, width=int(0.8 * u))
        d.line((inner[0] + x, inner[1], inner[0] + x - (H), inner[1] + H), fill=light, width=int(0.8 * u))
    # mask the lattice back into the rounded inner frame
    mask = Image.new("L", (W, H), 0)
    ImageDraw.Draw(mask).rounded_rectangle(inner, radius=5 * u, fill=255)
    frame = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    fd = ImageDraw.Draw(frame)
    fd.rounded_rectangle((0, 0, W - 1, H - 1), radius=8 * u, fill=PAPER, outline=BORDER, width=int(1.3 * u))
    frame.paste(img, (0, 0), mask)
    d = ImageDraw.Draw(frame)
    d.rounded_rectangle(inner, radius=5 * u, outline=GOLD, width=int(1.2 * u))
    # centre medallion: a coin-like rosette ringed by the four suit signs
    cx, cy, r = W / 2, H / 2, 24 * u
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=PAPER, outline=GOLD, width=int(1.5 * u))
    s = 8 * u
    for suit, (dx, dy) in zip(SUITS, ((0, -13), (13, 0), (0, 13), (-13, 0))):
        px, py = cx + dx * u, cy + dy * u
        draw_suit(d, suit, "italian", (px - s, py - s, px + s, py + s))
    return frame


def _scaled(master: Image.Image, width: int) -> Image.Image:
    height = int(round(width * CARD_H / CARD_W))
    return master.resize((width, height), Image.Resampling.LANCZOS, reducing_gap=2.0)


@lru_cache(maxsize=1024)
def card_image(card: Card, faces: str = "italian", width: int = CARD_W) -> Image.Image:
    """The face of ``card`` as an RGBA sprite ``width`` pixels wide (1.6 times as tall). Cached."""
    if faces not in FACES:
        raise ValueError(f"unknown face style {faces!r}; styles are {', '.join(FACES)}")
    return _scaled(_master(Card(card), faces), width)


@lru_cache(maxsize=32)
def back_image(width: int = CARD_W) -> Image.Image:
    """The back of a card as an RGBA sprite ``width`` pixels wide. Cached."""
    return _scaled(_back_master(), width)


@lru_cache(maxsize=256)
def index_height(card: Card, faces: str, width: int) -> float:
    """How tall (pixels) the ink of the corner index of ``card`` is on a sprite ``width`` pixels wide."""
    text = rank_label(card, faces)
    return ink_height(text, INDEX_SIZE * MASTER, True) / MASTER * width / CARD_W


@lru_cache(maxsize=64)
def _turned(card: Card, faces: str, width: int, angle: int) -> Image.Image:
    return card_image(card, faces, width).rotate(angle, expand=True)


def paste_card(canvas: Image.Image, card: Card, faces: str, width: int, xy: tuple[float, float],
               rotate: int = 0) -> None:
    """Paste the face of ``card`` (``width`` wide; turned ``rotate`` degrees counter-clockwise) with its top-left
    corner at ``xy``, and note its corner index for the legibility check."""
    sprite = _turned(card, faces, width, rotate) if rotate else card_image(card, faces, width)
    canvas.paste(sprite, (int(round(xy[0])), int(round(xy[1]))), sprite)
    record(f"{rank_label(card, faces)} ({card})", index_height(card, faces, width), canvas, "card")


def card_height(width: int) -> int:
    """The height of a card sprite ``width`` pixels wide."""
    return int(round(width * CARD_H / CARD_W))


def deck_cards(faces: str) -> list[Card]:
    """The cards drawn in a face style: all 52 Italian faces; the 40 French faces (no 8, 9, 10)."""
    if faces == "french":
        return [c for c in ALL_CARDS if c.rank not in "89X"]
    return list(ALL_CARDS)
