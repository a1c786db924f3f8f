"""The suit signs of the card art, drawn with plain shapes into a box at the master scale: the Italian suits told
apart by shape as well as colour (coins are discs with an inner ring and a rosette, cups are chalices, swords have
a blade, a guard and a pommel, batons are knobbly wooden cudgels) and the French ones; the suits' inks and the
art's colours."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from images.common import RGB

MASTER = 4
"""Master pixels per card unit."""

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
BATON_WOOD: RGB = (166, 104, 46)
BATON_LIGHT: RGB = (222, 166, 84)
BATON_DARK: RGB = (78, 44, 18)
WOOD_GREEN: RGB = (74, 150, 60)
WOOD_GREEN_DARK: RGB = (22, 78, 26)
SKIN: RGB = (244, 208, 170)
SKIN_DARK: RGB = (150, 100, 70)

Box = tuple[float, float, float, float]

SUIT_ASPECT = {
    "italian": {"d": 1.0, "c": 0.74, "s": 0.30, "b": 0.40},
    "french": {"d": 0.78, "c": 1.0, "s": 0.92, "b": 1.0},
}
"""Width / height of each suit sign."""



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
    """A knobbly wooden cudgel, as on Piacentine and Bresciane cards: brown wood with ochre light and a dark
    outline, thicker at the head, the stubs of cut branches on alternate sides, a red band at the grip and a
    green sprout at the head."""
    x0, y0, x1, y1 = b
    w, h = x1 - x0, y1 - y0
    cx = (x0 + x1) / 2
    lw = max(1, int(w * 0.075))
    head_w, grip_w = w * 0.34, w * 0.17
    top, bottom = y0 + h * 0.07, y1 - h * 0.04
    # the stubs first, so that the shaft's outline runs over their roots
    for k, f in enumerate((0.22, 0.40, 0.58, 0.76)):
        yy = top + (bottom - top) * f
        half = head_w + (grip_w - head_w) * f
        side = -1 if k % 2 == 0 else 1
        sx = cx + side * (half + w * 0.13)
        sr = w * 0.14
        d.polygon([(cx + side * half * 0.6, yy - sr * 1.1), (sx, yy - sr * 0.5), (sx, yy + sr * 0.7),
                   (cx + side * half * 0.6, yy + sr * 1.2)], fill=BATON_WOOD, outline=BATON_DARK, width=lw)
        d.ellipse((sx - sr * 0.55, yy - sr * 0.6, sx + sr * 0.55, yy + sr * 0.75), fill=BATON_LIGHT,
                  outline=BATON_DARK, width=max(1, lw // 2))
    # the shaft: a tapering club, rounded at both ends, with a light side
    shaft = [(cx - head_w, top + h * 0.05), (cx + head_w, top + h * 0.05), (cx + grip_w, bottom - h * 0.03),
             (cx - grip_w, bottom - h * 0.03)]
    d.polygon(shaft, fill=BATON_WOOD, outline=BATON_DARK, width=lw)
    d.ellipse((cx - head_w, top - h * 0.03, cx + head_w, top + h * 0.11), fill=BATON_WOOD, outline=BATON_DARK,
              width=lw)
    d.ellipse((cx - grip_w, bottom - h * 0.07, cx + grip_w, bottom), fill=BATON_WOOD, outline=BATON_DARK,
              width=lw)
    d.polygon([(cx - head_w * 0.55, top + h * 0.07), (cx - head_w * 0.15, top + h * 0.07),
               (cx - grip_w * 0.05, bottom - h * 0.06), (cx - grip_w * 0.5, bottom - h * 0.06)], fill=BATON_LIGHT)
    # the cut end of the head, the grain, the knots on the shaft
    d.ellipse((cx - head_w * 0.7, top - h * 0.005, cx + head_w * 0.7, top + h * 0.075), fill=BATON_LIGHT,
              outline=BATON_DARK, width=max(1, lw // 2))
    for f, dx in ((0.30, 0.25), (0.52, -0.2), (0.70, 0.3)):
        yy = top + (bottom - top) * f
        half = head_w + (grip_w - head_w) * f
        d.line((cx + half * dx, yy - h * 0.04, cx + half * (dx + 0.12), yy + h * 0.03), fill=BATON_DARK,
               width=max(1, lw // 2))
    # a red band at the grip, a green sprout at the head
    band = bottom - h * 0.17
    d.rectangle((cx - grip_w * 1.08, band, cx + grip_w * 1.08, band + h * 0.045), fill=RED, outline=RED_DARK,
                width=max(1, lw // 2))
    d.polygon([(cx + head_w * 0.3, top + h * 0.02), (cx + head_w * 1.2, top - h * 0.06),
               (cx + head_w * 0.75, top + h * 0.06)], fill=WOOD_GREEN, outline=WOOD_GREEN_DARK,
              width=max(1, lw // 2))


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
