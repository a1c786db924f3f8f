"""Card art drawn by the project with Pillow: the 52 Italian (Bresciane) faces, the French faces, a back.

Every card is drawn once at a master scale (``MASTER`` pixels per card unit, the card being 100 x 160 units)
with plain shapes, then scaled down with a Lanczos filter, which antialiases it. Both the masters and the
scaled sprites are cached (``functools.lru_cache``), per card, face style and width.

Italian suits are told apart by shape as well as colour: coins are discs with an inner ring and a rosette,
cups are chalices (bowl, stem, foot), swords have a blade, a guard and a pommel, batons are knobbly wooden
cudgels (brown, with a red band and a green sprout). Number cards lay their signs out in rows that never
touch (9: three rows of three; 10: rows of 3, 2, 2, 3). Court cards are framed figures: Fante and Re full
length, holding their suit's sign, the Cavallo a rider on his horse; the French J, Q and K are
double-headed, as in a real French deck.
"""

from __future__ import annotations

import logging
import math
from functools import lru_cache

from PIL import Image, ImageDraw

from images.common import RGB, WHITE, font, record, shade
from rules.cards import ALL_CARDS, RANKS, SUITS, Card

log = logging.getLogger(__name__)

CARD_W, CARD_H = 100, 160
"""Card size in card units (the full-size sprite in pixels)."""
MASTER = 4
"""Master pixels per card unit."""
FACES = ("italian", "french")
INDEX_SIZE = 41
"""The corner index's font size, in card units (DejaVu Sans Condensed Bold: its digits are 30 units tall, a
phone shows them 11 px tall on a card drawn 110 px wide, shown 37 px wide)."""
INDEX_W = 18
"""The widest the corner rank may be (card units): left of the pips; wider ranks ("10") are squeezed."""

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
    if n == 9:  # three rows of three
        return [(x, y) for y in (0.0, 0.5, 1.0) for x in (L, C, R)]
    # 10: rows of 3, 2, 2 and 3
    three = (L, C, R)
    two = (0.22, 0.78)
    return ([(x, 0.0) for x in three] + [(x, 1 / 3) for x in two] + [(x, 2 / 3) for x in two]
            + [(x, 1.0) for x in three])


def _pip_size(n: int, suit: str, faces: str) -> tuple[float, float]:
    """The box (card units) each pip of an ``n`` card is fitted into."""
    tall = faces == "italian" and suit in "sb"
    if n == 1:
        return (56, 104) if tall else (60, 60)
    if n <= 3:
        return (24, 40) if tall else (32, 32)
    if n <= 6:
        return (19, 38) if tall else (22, 22)
    if n <= 8:
        return (16, 30) if tall else (22, 22)
    if n == 9:
        return (13, 34) if tall else (17, 17)
    return (13, 27) if tall else (16, 16)


PIP_AREA = (37.0, 35.0, 63.0, 125.0)
"""Where pip centres go (card units): x0, y0, x1, y1."""
WIDE_PIP_AREA = (33.0, 36.0, 67.0, 124.0)
"""The 9 and the 10: three columns."""


# ----- courts -----
COURT_PANEL: dict[str, RGB] = {"F": (226, 236, 244), "C": (238, 230, 244), "R": (250, 238, 212)}
"""The ground behind each court figure."""
HAIR: RGB = (96, 58, 28)
INK_LINE: RGB = (40, 30, 24)
TRIM: dict[str, RGB] = {"d": RED, "c": (40, 84, 170), "s": RED, "b": RED}
"""The second colour of a court's garment (sleeves, collar, pattern), beside the suit's colour."""
FRENCH_ROBES: dict[str, tuple[RGB, RGB]] = {"d": ((206, 32, 42), (36, 70, 160)), "c": ((206, 32, 42), GOLD),
                                            "s": ((36, 70, 160), (206, 32, 42)), "b": ((30, 30, 36), GOLD)}
"""French courts: the garment's two colours per suit (the deck's red, blue, yellow and black)."""


class _Pen:
    """Drawing in card units: ``P(x, y)`` and ``B(x0, y0, x1, y1)`` map units to master pixels; ``mirror``
    flips left and right."""

    def __init__(self, d: ImageDraw.ImageDraw, u: float, mirror: bool = False) -> None:
        self.d, self.u, self.mirror = d, u, mirror
        self.lw = max(1, int(u * 0.9))

    def P(self, x: float, y: float) -> tuple[float, float]:
        return ((100 - x if self.mirror else x) * self.u, y * self.u)

    def B(self, x0: float, y0: float, x1: float, y1: float) -> Box:
        if self.mirror:
            x0, x1 = 100 - x1, 100 - x0
        return (x0 * self.u, y0 * self.u, x1 * self.u, y1 * self.u)

    def poly(self, pts: list[tuple[float, float]], fill: RGB, outline: RGB | None = INK_LINE) -> None:
        self.d.polygon([self.P(x, y) for x, y in pts], fill=fill, outline=outline, width=self.lw)

    def oval(self, box: tuple[float, float, float, float], fill: RGB, outline: RGB | None = INK_LINE) -> None:
        self.d.ellipse(self.B(*box), fill=fill, outline=outline, width=max(1, self.lw * 2 // 3))

    def line(self, pts: list[tuple[float, float]], fill: RGB, width: float = 1.0) -> None:
        self.d.line([self.P(x, y) for x, y in pts], fill=fill, width=max(1, int(self.lw * width)))


def _head(pen: _Pen, cx: float, top: float, size: float, rank: str, robe: RGB, trim: RGB, beard: bool) -> None:
    """A head ``size`` units tall from ``top``: hair, face, eyes, nose, mouth, and the rank's headwear (Re: a
    crown; Fante and Cavallo: a cap with a feather; the French queen: a tiara and long hair)."""
    w = size * 0.78
    x0, x1 = cx - w / 2, cx + w / 2
    fy0, fy1 = top + size * 0.18, top + size
    if rank == "C":  # the queen's long hair falls beside her face to her shoulders
        for hx0, hx1 in ((x0 - size * 0.16, x0 + size * 0.14), (x1 - size * 0.14, x1 + size * 0.16)):
            pen.oval((hx0, fy0, hx1, fy1 + size * 0.3), HAIR)
    pen.oval((x0 - size * 0.04, fy0 - size * 0.06, x1 + size * 0.04, fy1 - size * 0.25), HAIR)  # hair
    pen.oval((x0, fy0, x1, fy1), SKIN, SKIN_DARK)
    ey = fy0 + (fy1 - fy0) * 0.42
    for ex in (cx - w * 0.2, cx + w * 0.2):
        pen.oval((ex - w * 0.07, ey - w * 0.05, ex + w * 0.07, ey + w * 0.05), WHITE, None)
        pen.oval((ex - w * 0.035, ey - w * 0.04, ex + w * 0.035, ey + w * 0.04), INK_LINE, None)
    pen.line([(cx - w * 0.32, ey - w * 0.13), (cx - w * 0.1, ey - w * 0.16)], HAIR, 0.8)
    pen.line([(cx + w * 0.1, ey - w * 0.16), (cx + w * 0.32, ey - w * 0.13)], HAIR, 0.8)
    pen.line([(cx, ey + w * 0.02), (cx - w * 0.06, ey + w * 0.2), (cx + w * 0.02, ey + w * 0.22)], SKIN_DARK, 0.7)
    my = fy0 + (fy1 - fy0) * 0.78
    if beard:
        pen.poly([(x0 + w * 0.05, fy0 + (fy1 - fy0) * 0.6), (x1 - w * 0.05, fy0 + (fy1 - fy0) * 0.6),
                  (cx + w * 0.22, fy1 + size * 0.22), (cx, fy1 + size * 0.3), (cx - w * 0.22, fy1 + size * 0.22)],
                 (150, 150, 160))
        pen.line([(cx - w * 0.16, my - w * 0.03), (cx + w * 0.16, my - w * 0.03)], RED_DARK, 0.9)
    else:
        pen.oval((cx - w * 0.25, ey + w * 0.14, cx - w * 0.1, ey + w * 0.26), (246, 170, 150), None)
        pen.oval((cx + w * 0.1, ey + w * 0.14, cx + w * 0.25, ey + w * 0.26), (246, 170, 150), None)
        pen.line([(cx - w * 0.13, my), (cx, my + w * 0.05), (cx + w * 0.13, my)], RED_DARK, 0.9)
    if rank == "R":  # a crown of five points with jewels
        cy0, cy1 = top - size * 0.32, fy0 + size * 0.08
        pts = [(x0 - 1, cy1), (x0 - 1, cy0 + size * 0.12)]
        for k in range(5):
            px = x0 - 1 + (w + 2) * (k + 0.5) / 5
            pts += [(px - (w + 2) / 10, cy0 + size * 0.22), (px, cy0)] if k else [(px, cy0)]
        pts += [(x1 + 1, cy0 + size * 0.12), (x1 + 1, cy1)]
        pen.poly(pts, GOLD, GOLD_DARK)
        pen.poly([(x0 - 1.5, cy1 - size * 0.12), (x1 + 1.5, cy1 - size * 0.12), (x1 + 1.5, cy1), (x0 - 1.5, cy1)],
                 GOLD_DARK, None)
        for k in range(3):
            jx = x0 + w * (0.25 + 0.25 * k)
            pen.oval((jx - 1.6, cy1 - size * 0.1, jx + 1.6, cy1 - size * 0.02), trim, None)
    elif rank != "C":  # Fante and the Cavallo's rider: a cap with a feather (the queen: a tiara, drawn apart)
        pen.poly([(x0 - w * 0.18, fy0 + size * 0.08), (x1 + w * 0.18, fy0 + size * 0.08),
                  (x1 + w * 0.02, top - size * 0.16), (x0 + w * 0.1, top - size * 0.12)], robe)
        pen.line([(x0 - w * 0.16, fy0 + size * 0.04), (x1 + w * 0.16, fy0 + size * 0.04)], trim, 1.8)
        pen.line([(x1 - w * 0.05, top - size * 0.08), (x1 + w * 0.3, top - size * 0.34),
                  (x1 + w * 0.42, top - size * 0.38)], trim, 2.6)


def _tiara(pen: _Pen, cx: float, top: float, size: float) -> None:
    w = size * 0.78
    pen.poly([(cx - w * 0.42, top + size * 0.2), (cx - w * 0.3, top - size * 0.04), (cx, top - size * 0.16),
              (cx + w * 0.3, top - size * 0.04), (cx + w * 0.42, top + size * 0.2)], GOLD, GOLD_DARK)
    pen.oval((cx - 1.8, top - size * 0.08, cx + 1.8, top + size * 0.06), RED, None)


def _held_sign(d: ImageDraw.ImageDraw, pen: _Pen, suit: str, faces: str, cx: float, cy: float, h: float) -> None:
    """The suit's sign held in a hand at (cx, cy), ``h`` units tall."""
    aspect = SUIT_ASPECT[faces][suit]
    w = h * aspect
    box = pen.B(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
    draw_suit(d, suit, faces, box)


def _person(d: ImageDraw.ImageDraw, pen: _Pen, rank: str, suit: str, faces: str, robe: RGB, trim: RGB,
            top: float, bottom: float, full: bool) -> None:
    """A court figure between ``top`` and ``bottom``: head, garment, arms, the suit's sign held up in the
    right hand; ``full`` draws legs and feet (Italian), else the half figure of a double-headed card."""
    span = bottom - top
    cx = 50
    head = span * (0.2 if full else 0.36)
    head_top = top + span * (0.1 if full else 0.12)
    neck = head_top + head
    shoulders = neck + span * 0.02
    hem = top + span * (0.78 if full else 1.0)
    # garment: a tunic (Fante), a long robe (Re, queen), with a mantle for the king
    if rank == "R":
        pen.poly([(cx - 19, shoulders + 4), (cx + 19, shoulders + 4), (cx + 24, hem), (cx - 24, hem)], trim)
    pen.poly([(cx - 13, shoulders), (cx + 13, shoulders), (cx + 17, hem), (cx - 17, hem)], robe)
    pen.poly([(cx - 3, shoulders), (cx + 3, shoulders), (cx + 4, hem), (cx - 4, hem)], GOLD, None)
    for k in range(3):  # a pattern of dots on the robe
        yy = shoulders + (hem - shoulders) * (0.3 + 0.22 * k)
        for dx in (-9, 9):
            pen.oval((cx + dx - 1.6, yy - 1.6, cx + dx + 1.6, yy + 1.6), shade(robe, 0.55), None)
    pen.line([(cx - 17, hem - 1), (cx + 17, hem - 1)], GOLD, 2.2)
    if full:  # belt, legs and shoes
        belt = shoulders + (hem - shoulders) * 0.42
        pen.line([(cx - 14, belt), (cx + 14, belt)], GOLD_DARK, 2.0)
        for lx in (cx - 7, cx + 3):
            pen.poly([(lx, hem), (lx + 4, hem), (lx + 4, bottom - 4), (lx, bottom - 4)], trim)
            pen.oval((lx - 2, bottom - 6, lx + 6, bottom - 1), INK_LINE, None)
    # collar
    pen.oval((cx - 10, shoulders - 3, cx + 10, shoulders + 5), trim)
    # arms: the left down at the side, the right raised, holding the sign
    pen.poly([(cx - 13, shoulders + 1), (cx - 19, shoulders + 3), (cx - 21, shoulders + 24),
              (cx - 15, shoulders + 24)], trim)
    pen.oval((cx - 21, shoulders + 22, cx - 15, shoulders + 28), SKIN, SKIN_DARK)
    hand_x, hand_y = cx + 17, shoulders + 9
    pen.poly([(cx + 12, shoulders + 1), (cx + 18, shoulders + 1), (hand_x + 3, hand_y), (hand_x - 3, hand_y + 3)],
             trim)
    sign_h = 30.0 if faces == "italian" and suit in "sb" else 17.0
    sx = 100 - (hand_x + 1) if pen.mirror else hand_x + 1
    _held_sign(d, pen, suit, faces, sx, hand_y - sign_h * 0.32, sign_h)
    pen.oval((hand_x - 3.5, hand_y - 2, hand_x + 3.5, hand_y + 4), SKIN, SKIN_DARK)
    _head(pen, cx, head_top, head, "F" if rank == "C" and faces == "italian" else rank, robe, trim, rank == "R")
    if rank == "C" and faces == "french":
        _tiara(pen, cx, head_top, head)


def _rider(d: ImageDraw.ImageDraw, pen: _Pen, suit: str, robe: RGB, trim: RGB) -> None:
    """The Cavallo: a knight on his horse, the horse in the suit's colour with a gold bridle, the knight
    holding the sign up."""
    horse = shade(robe, 0.9)
    dark = shade(robe, 0.5)
    # legs, body, tail, neck and head of the horse
    for lx, back in ((33, 0), (40, 2), (58, 0), (65, 2)):
        pen.poly([(lx, 110), (lx + 5, 110), (lx + 5 - back, 138), (lx - back, 138)], horse)
        pen.oval((lx - back - 1, 135, lx - back + 6, 140), INK_LINE, None)
    pen.poly([(68, 100), (76, 106), (77, 126), (71, 118)], dark)  # tail
    pen.oval((28, 94, 72, 118), horse)
    pen.poly([(26, 100), (36, 98), (40, 76), (34, 62), (24, 64), (18, 78), (22, 82), (28, 80)], horse)
    pen.poly([(36, 64), (41, 70), (44, 92), (38, 92)], dark, None)  # mane
    pen.oval((24.5, 69, 27.5, 72), INK_LINE, None)
    pen.line([(20, 78), (30, 72), (38, 84)], GOLD, 1.6)  # bridle and rein
    pen.line([(38, 84), (52, 92)], GOLD_DARK, 1.2)
    pen.poly([(40, 96), (60, 96), (62, 108), (38, 108)], trim)  # saddle cloth
    pen.line([(38, 107), (62, 107)], GOLD, 1.6)
    # the knight: body, arm with the sign, leg over the horse, head with a cap
    pen.poly([(44, 68), (56, 68), (60, 98), (42, 98)], robe)
    pen.poly([(48, 68), (52, 68), (53, 98), (47, 98)], GOLD, None)
    pen.poly([(47, 96), (53, 96), (52, 116), (46, 116)], trim)
    pen.oval((44, 114, 53, 119), INK_LINE, None)
    pen.oval((43, 64, 57, 72), trim)
    pen.poly([(55, 69), (60, 69), (67, 60), (63, 57)], trim)
    sign_h = 26.0 if suit in "sb" else 15.0
    sx = 100 - 66 if pen.mirror else 66
    _held_sign(d, pen, suit, "italian", sx, 56 - sign_h * 0.3, sign_h)
    pen.oval((62.5, 55, 68.5, 61), SKIN, SKIN_DARK)
    _head(pen, 50, 44, 20, "F", robe, trim, False)


def _court(img: Image.Image, d: ImageDraw.ImageDraw, card: Card, faces: str, u: float) -> None:
    """A court card: a framed panel holding the figure. Italian: full length (the Cavallo on horseback);
    French: double-headed, the half figure mirrored about the centre."""
    rank, suit = card.rank, card.suit
    frame = SUIT_COLOURS[faces][suit]
    x0, y0, x1, y1 = 25, 16, 75, 144
    d.rounded_rectangle((x0 * u, y0 * u, x1 * u, y1 * u), radius=5 * u, fill=COURT_PANEL[rank], outline=frame,
                        width=int(u * 1.6))
    d.rounded_rectangle(((x0 + 2.2) * u, (y0 + 2.2) * u, (x1 - 2.2) * u, (y1 - 2.2) * u), radius=4 * u,
                        outline=GOLD, width=max(1, int(u * 0.7)))
    if faces == "italian":
        robe, trim = SUIT_COLOURS["italian"][suit], TRIM[suit]
        if rank == "C":
            _rider(d, _Pen(d, u), suit, robe, trim)
        else:
            _person(d, _Pen(d, u), rank, suit, faces, robe, trim, 22, 142, True)
        return
    robe, trim = FRENCH_ROBES[suit]
    half = Image.new("RGBA", (int(100 * u), int(80 * u)), (0, 0, 0, 0))
    hd = ImageDraw.Draw(half)
    _person(hd, _Pen(hd, u), rank, suit, faces, robe, trim, 19, 80, False)
    top = half.crop((int((x0 + 2.2) * u), 0, int((x1 - 2.2) * u), int(80 * u)))
    img.alpha_composite(top, (int((x0 + 2.2) * u), 0))
    img.alpha_composite(top.rotate(180), (int((x0 + 2.2) * u), int(80 * u)))
    d.line(((x0 + 2.2) * u, 80 * u, (x1 - 2.2) * u, 80 * u), fill=frame, width=max(1, int(u * 0.8)))


# ----- the card -----
@lru_cache(maxsize=64)
def _rank_sprite(text: str, colour: RGB) -> Image.Image:
    """The corner rank at the master scale, cropped to its ink: each glyph in condensed bold, set close
    together, squeezed to ``INDEX_W`` units when wider. Its height is the index's height."""
    f = font(INDEX_SIZE * MASTER, True, True)
    glyphs = []
    for ch in text:
        tmp = Image.new("RGBA", (INDEX_SIZE * MASTER * 2, INDEX_SIZE * MASTER * 2), (0, 0, 0, 0))
        ImageDraw.Draw(tmp).text((INDEX_SIZE * MASTER // 2, 0), ch, font=f, fill=colour)
        glyphs.append(tmp.crop(tmp.getchannel("A").getbbox()))
    gap = int(1.5 * MASTER)
    # glyphs share the top of their ink box; a letter with a descender (J, Q) is taller
    w = sum(g.width for g in glyphs) + gap * (len(glyphs) - 1)
    h = max(g.height for g in glyphs)
    out = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    x = 0
    for g in glyphs:
        out.alpha_composite(g, (x, 0))
        x += g.width + gap
    if w > INDEX_W * MASTER:
        out = out.resize((INDEX_W * MASTER, h), Image.Resampling.LANCZOS)
    return out


def _corner(img: Image.Image, card: Card, faces: str, u: float) -> None:
    """The corner index (rank over suit) drawn into a corner sprite of 22 x 60 units."""
    d = ImageDraw.Draw(img)
    rank = _rank_sprite(rank_label(card, faces), SUIT_COLOURS[faces][card.suit])
    img.alpha_composite(rank, (int(12 * u - rank.width / 2), int(2 * u)))
    top = 2 + rank.height / MASTER + 3.5
    h = 18 if faces == "italian" and card.suit in "sb" else 14
    draw_suit(d, card.suit, faces, (5 * u, top * u, 19 * u, (top + h) * u))


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
        _court(img, d, card, faces, u)
    else:
        n = 10 if card.rank == "X" else RANKS.index(card.rank) + 1
        pw, ph = _pip_size(n, card.suit, faces)
        ax0, ay0, ax1, ay1 = WIDE_PIP_AREA if n >= 9 else PIP_AREA
        for fx, fy in _pips(n):
            cx = ax0 + (ax1 - ax0) * fx
            cy = ay0 + (ay1 - ay0) * fy if n > 1 else (ay0 + ay1) / 2 + 4
            draw_suit(d, card.suit, faces, ((cx - pw / 2) * u, (cy - ph / 2) * u, (cx + pw / 2) * u,
                                            (cy + ph / 2) * u))
    # corner index top-left, and the same turned upside down bottom-right
    corner = Image.new("RGBA", (22 * u, 60 * u), (0, 0, 0, 0))
    _corner(corner, card, faces, u)
    img.alpha_composite(corner, (int(1 * u), int(2.5 * u)))
    img.alpha_composite(corner.rotate(180), (W - 23 * u, H - int(62.5 * u)))
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
    rank = _rank_sprite(rank_label(card, faces), SUIT_COLOURS[faces][card.suit])
    return rank.height / MASTER * width / CARD_W


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
