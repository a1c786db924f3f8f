"""The fixed design of every picture: the display widths a picture is made for (Discord's, on a phone and on a
desktop), the pictures' width, the smallest legible text, and the colours."""

from __future__ import annotations

# ----- how wide Discord shows a picture -----
PHONE_DISPLAY_WIDTH = 265
"""CSS pixels a picture of a Components V2 message (a Container holding a MediaGallery with one item) is shown
wide at a 390 px phone viewport. Measured in SimCord 3.2.1's preview with headless Chromium: a bot message
with a plain-colour test picture, captured in the channel layout at a 390 x 844 viewport; the picture's
pixels were counted in the screenshot. Every picture from 300 to 1200 px wide came out 265 px wide (the
height follows the aspect: no max height); a picture narrower than that is shown at its own size."""
DESKTOP_DISPLAY_WIDTH = 563
"""The same at a 1280 px desktop viewport (the gallery fills the 600 px Components V2 column, less the
container's padding); narrower pictures are not enlarged."""
MIN_TEXT_PX = 11.0
"""No text of a picture may be less tall than this, as shown at the phone width: the height of the drawn
text's ink box, times the display width over the picture's width."""
SCALE = 3
"""Pictures are designed in phone display pixels (``PHONE_DISPLAY_WIDTH`` wide) and drawn ``SCALE`` times
larger, sharp on a phone's high-density screen and wider than the desktop width (so both show it scaled
down, never up)."""
PICTURE_WIDTH = PHONE_DISPLAY_WIDTH * SCALE
"""The width of every table, hand and summary picture, in pixels."""


def displayed(height: float, picture_width: int, display_width: int = PHONE_DISPLAY_WIDTH) -> float:
    """How tall ``height`` picture pixels are shown when the picture is displayed ``display_width`` wide at
    most (a narrower picture is shown at its own size)."""
    return height * min(1.0, display_width / picture_width)



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
"""A caller's side (a game where one seat calls a partner)."""
DEFENDERS_COLOUR: RGB = (90, 150, 220)
"""The defenders, once the caller's partner is known."""
