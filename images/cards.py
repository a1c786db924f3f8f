"""Card art drawn by the project with Pillow: the 52 Italian (Bresciane) faces, the French faces, a back; the
number cards' pips, the corner index, and the sprites scaled, cached and pasted.

Every card is drawn once at a master scale (``MASTER`` pixels per card unit, the card being 100 x 160 units)
with plain shapes, then scaled down with a Lanczos filter, which antialiases it. Both the masters and the
scaled sprites are cached (``functools.lru_cache``), per card, face style and width.

The suit signs are drawn by ``images.suits``, the court figures by ``images.courts``. Number cards lay their
signs out in rows that never touch (9: three rows of three; 10: rows of 3, 2, 2, 3).
"""

from __future__ import annotations

import logging
from functools import lru_cache

from PIL import Image, ImageDraw

from images.common import RGB, font, record, shade
from images.courts import draw_court
from images.suits import GOLD, MASTER, SUIT_COLOURS, draw_suit, suit_image
from rules.cards import ALL_CARDS, RANKS, SUITS, Card

__all__ = ["CARD_H", "CARD_W", "FACES", "MASTER", "SUIT_COLOURS", "back_image", "card_height", "card_image",
           "deck_cards", "index_height", "paste_card", "rank_label", "suit_image"]

log = logging.getLogger(__name__)

CARD_W, CARD_H = 100, 160
"""Card size in card units (the full-size sprite in pixels)."""
FACES = ("italian", "french")
INDEX_SIZE = 41
"""The corner index's font size, in card units (DejaVu Sans Condensed Bold: its digits are 30 units tall, a
phone shows them 11 px tall on a card drawn 110 px wide, shown 37 px wide)."""
INDEX_W = 18
"""The widest the corner rank may be (card units): left of the pips; wider ranks ("10") are squeezed."""

PAPER: RGB = (252, 249, 240)
BORDER: RGB = (60, 56, 52)

def rank_label(card: Card, faces: str) -> str:
    """The rank as printed in the corners: 10 for X; J Q K for the French courts."""
    r = card.rank
    if r == "X":
        return "10"
    if faces == "french":
        return {"F": "J", "C": "Q", "R": "K"}.get(r, r)
    return r

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
        draw_court(img, d, card, faces, u)
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
