"""The public table picture of any game: the cards on the table, large, drawn by the game's picture module
(``images.registry``).

What a player reads (whose turn, the trump, the points, the last trick) is message text; the picture shows the
cards. ``table_png(view, seats)`` takes the public view only (``game.view(None)``): it refuses a seat's view,
so it can never draw a card that a seat has not shown.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from PIL import Image

from images.common import SeatInfo, png_bytes, require_public
from images.registry import for_game
from rules.view import GameView

log = logging.getLogger(__name__)


def table_size(view: GameView, seats: Sequence[SeatInfo] | None = None) -> tuple[int, int]:
    """The pixel size of the table picture of ``view`` (it depends on the game, the player count, the cards
    shown and how the names fit)."""
    size = for_game(view.game).table_size
    assert size is not None  # for_game checks every piece
    return size(view, seats)


def table_image(view: GameView, seats: Sequence[SeatInfo] | None = None) -> Image.Image:
    """The public table as a Pillow image (RGB); see ``table_png``. ``MissingPictures`` names a game
    without a table picture."""
    require_public(view)
    draw = for_game(view.game).table
    assert draw is not None  # for_game checks every piece
    return draw(view, seats)


def table_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """The public table of any game as PNG bytes.

    ``view`` must be the public view, ``game.view(None)``: a seat's view raises ``PrivateViewError``."""
    return png_bytes(table_image(view, seats))
