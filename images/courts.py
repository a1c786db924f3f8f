"""The court cards' figures of the card art: a framed panel holding the figure; Italian Fante and Re full length,
holding their suit's sign, the Cavallo a rider on his horse; the French J, Q and K double-headed, as in a real
French deck."""

from __future__ import annotations

from PIL import Image, ImageDraw

from images.common import RGB, WHITE, shade
from images.suits import GOLD, GOLD_DARK, RED, RED_DARK, SKIN, SKIN_DARK, SUIT_ASPECT, SUIT_COLOURS, Box, draw_suit
from rules.cards import Card

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


def draw_court(img: Image.Image, d: ImageDraw.ImageDraw, card: Card, faces: str, u: float) -> None:
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
