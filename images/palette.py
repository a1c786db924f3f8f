"""One fixed 256-colour palette for every picture, so that pictures are saved as palette PNGs.

A palette PNG is a third the size of an RGB one and quicker to compress. Choosing a palette per picture
(median cut, octree) costs more than the whole drawing, so the palette is chosen once, from a training
picture that holds what the pictures are made of: every card face and the back, the felt, the wood, the
panels, bold text in every text colour on each ground. Mapping a picture onto it
(nearest colour, no dithering) takes well under a millisecond.
"""

from __future__ import annotations

import logging
from functools import lru_cache

from PIL import Image

log = logging.getLogger(__name__)

COLOURS = 256


def _gradient(a: tuple[int, int, int], b: tuple[int, int, int], steps: int = 24, height: int = 6) -> Image.Image:
    img = Image.new("RGB", (steps * 4, height))
    for i in range(steps):
        t = i / (steps - 1)
        c = tuple(int(round(a[k] + (b[k] - a[k]) * t)) for k in range(3))
        img.paste(c, (i * 4, 0, i * 4 + 4, height))
    return img


@lru_cache(maxsize=1)
def palette_image() -> Image.Image:
    """The palette, as a 'P' image for ``Image.quantize(palette=...)`` (built once, on first use)."""
    from images import common as c
    from images.cards import back_image, card_image, deck_cards, suit_image

    grounds = [c.FELT, c.FELT_LIGHT, c.FELT_DARK, c.WOOD, c.WOOD_LIGHT, c.PANEL, c.PANEL_LIGHT]
    inks = [c.WHITE, c.CREAM, c.MUTED, c.HIGHLIGHT, c.NEUTRAL, c.INK, c.CALLER_COLOUR, c.DEFENDERS_COLOUR,
            *c.SIDE_COLOURS]
    faces_cards = [(f, card) for f in ("italian", "french") for card in deck_cards(f)]
    cols = 26
    cell_w, cell_h = 64, 102
    rows = (len(faces_cards) + cols - 1) // cols
    strip_h = 6 * (len(grounds) * len(inks) + len(grounds) ** 2)
    width = cols * cell_w
    plates_h = 64 * 5
    img = Image.new("RGB", (width, rows * cell_h * 2 + strip_h + plates_h + cell_h), c.FELT)
    # cards on felt (full size, cropped) and small on the panel colour
    y = 0
    for i, (f, card) in enumerate(faces_cards):
        x, yy = (i % cols) * cell_w, y + (i // cols) * cell_h
        sprite = card_image(card, f, 100).crop((0, 0, cell_w, cell_h))
        img.paste(sprite, (x, yy), sprite)
    y += rows * cell_h
    img.paste(c.PANEL, (0, y, width, y + rows * cell_h))
    for i, (f, card) in enumerate(faces_cards):
        sprite = card_image(card, f, 56)
        img.paste(sprite, ((i % cols) * cell_w + 4, y + (i // cols) * cell_h + 4), sprite)
    y += rows * cell_h
    back = back_image(100)
    for k in range(4):
        img.paste(back, (k * 104, y), back)
    x = 430
    for f in ("italian", "french"):
        for s in "dcsb":
            sign = suit_image(s, f, 28)
            img.paste(sign, (x, y + 10), sign)
            x += 34
    y += cell_h
    # anti-aliased edges: every ink on every ground, every ground against every other
    for g in grounds:
        for ink in inks:
            strip = _gradient(g, ink)
            for k in range(0, width, strip.width):
                img.paste(strip, (k, y))
            y += 6
    for g in grounds:
        for h in grounds:
            strip = _gradient(g, h)
            for k in range(0, width, strip.width):
                img.paste(strip, (k, y))
            y += 6
    # names and badges: bold text in every ink on the felt, the dark felt and the light badges
    x, yy = 0, y
    for ground in (c.FELT, c.FELT_DARK, c.CREAM, c.HIGHLIGHT, c.PANEL):
        img.paste(ground, (0, yy, width, yy + 64))
        x = 4
        for ink in inks:
            sprite = c.text_image("Giulia 12", 44, ink, True, condensed=True)
            img.paste(sprite, (x, yy + 4), sprite)
            x += sprite.width + 6
            if x > width - 200:
                break
        yy += 64
    pal = img.quantize(COLOURS, method=Image.Quantize.MEDIANCUT)
    log.debug("picture palette built from a %dx%d training picture", img.width, img.height)
    return pal


def to_palette(img: Image.Image) -> Image.Image:
    """``img`` (RGB) mapped onto the fixed palette, without dithering."""
    return img.quantize(palette=palette_image(), dither=Image.Dither.NONE)
