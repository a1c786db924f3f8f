"""The public table picture of Briscola (2-6 players) and Chiamata (5): seats, the trick, the side panel.

``table_png(view, seats)`` takes the public view only (``game.view(None)``): it refuses a seat's view, so it
can never draw a card that a seat has not shown. Seats sit around the table in play order: seat 0 at the
bottom, then counter-clockwise (right, top, left for 4 players), partners opposite.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from images.cards import SUIT_WORDS, back_image, card_height, card_image, suit_image
from images.cicera_table import cicera_table_image
from images.common import (
    CALLER_COLOUR,
    CREAM,
    DEFENDERS_COLOUR,
    FELT,
    FELT_DARK,
    FELT_LIGHT,
    HIGHLIGHT,
    MUTED,
    NEUTRAL,
    PANEL,
    PANEL_LIGHT,
    RGB,
    SIDE_COLOURS,
    WHITE,
    WOOD,
    WOOD_LIGHT,
    SeatInfo,
    draw_text,
    faces_of,
    joined_names,
    label,
    paste,
    paste_centered,
    png_bytes,
    require_public,
    rounded_box,
    seat_ai,
    seat_name,
    seat_plate,
    text_image,
)
from rules.briscola import BriscolaView
from rules.cards import Card
from rules.chiamata import ChiamataView
from rules.cicera import CiceraView
from rules.view import GameView

CompletedTrick = tuple[int, tuple[tuple[int, Card], ...], int]
"""A trick of a view's ``tricks``: (leader, ((seat, card), ...), winner)."""

log = logging.getLogger(__name__)

WIDTH, HEIGHT = 960, 640
AREA_W = 700
"""Width of the table area; the side panel takes the rest."""
CX, CY = AREA_W // 2, HEIGHT // 2
SEAT_RX, SEAT_RY = 250, 262
PANEL_X = AREA_W + 16
PANEL_W = WIDTH - PANEL_X - 14
MINI = 40
AUCTION_LINES = 12
"""Chiamata: the most recent bids listed in the panel during the auction."""
"""Width of the small cards: open hands and the last trick."""


def table_size(players: int) -> tuple[int, int]:  # noqa: ARG001 (one size today; callers need not know)
    """The pixel size of the table picture of ``players`` (the same for every player count)."""
    return (WIDTH, HEIGHT)


def seat_centre(seat: int, players: int) -> tuple[float, float]:
    """The centre of a seat's plate: seat 0 at the bottom, then counter-clockwise."""
    a = 2 * math.pi * seat / players
    return (CX + SEAT_RX * math.sin(a), CY + SEAT_RY * math.cos(a))


TRICK_LAYOUT = {2: (100, 0.0, 112.0), 3: (100, 96.0, 130.0), 4: (100, 118.0, 112.0), 5: (80, 120.0, 130.0),
                6: (80, 106.0, 136.0)}
"""Per player count: the width of the trick cards and the radii of the ellipse they lie on."""


def _trick_layout(players: int, open_hands: bool) -> tuple[int, float, float]:
    """Card width and the radii of the trick positions."""
    w, rx, ry = TRICK_LAYOUT[players]
    if open_hands:  # the seats take more room: the trick comes closer (6 players: smaller cards)
        rx = rx * 0.9
        if players >= 5:
            w, ry = 72, ry * 0.96
        else:
            ry = ry * 0.86
    return w, rx, ry


def trick_centre(seat: int, players: int, open_hands: bool = False) -> tuple[float, float]:
    """Where the card a seat plays lies on the table."""
    _w, rx, ry = _trick_layout(players, open_hands)
    a = 2 * math.pi * seat / players
    return (CX + rx * math.sin(a), CY + ry * math.cos(a))


@lru_cache(maxsize=8)
def _background() -> Image.Image:
    """The static part: the room, the oval table with its wooden rim, the side panel (drawn once)."""
    ss = 2
    big = Image.new("RGB", (WIDTH * ss, HEIGHT * ss), FELT_DARK)
    d = ImageDraw.Draw(big)
    d.ellipse((14 * ss, 10 * ss, (AREA_W - 14) * ss, (HEIGHT - 10) * ss), fill=WOOD)
    d.ellipse((20 * ss, 16 * ss, (AREA_W - 20) * ss, (HEIGHT - 16) * ss), fill=WOOD_LIGHT)
    d.ellipse((30 * ss, 26 * ss, (AREA_W - 30) * ss, (HEIGHT - 26) * ss), fill=FELT)
    d.ellipse((150 * ss, 130 * ss, (AREA_W - 150) * ss, (HEIGHT - 130) * ss), fill=FELT_LIGHT)
    d.ellipse((160 * ss, 140 * ss, (AREA_W - 160) * ss, (HEIGHT - 140) * ss), fill=FELT)
    d.rectangle((AREA_W * ss, 0, WIDTH * ss, HEIGHT * ss), fill=PANEL)
    d.line((AREA_W * ss, 0, AREA_W * ss, HEIGHT * ss), fill=PANEL_LIGHT, width=3 * ss)
    return big.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)


def _mini_row(canvas: Image.Image, cards: Sequence[Card], faces: str, x: float, y: float, width: int = MINI,
              gap: int = 4) -> float:
    """Draw small cards in a row from (x, y); return the x after the last one."""
    for c in cards:
        paste(canvas, card_image(c, faces, width), (x, y))
        x += width + gap
    return x


def _seat_block(canvas: Image.Image, centre: tuple[float, float], plate: Image.Image,
                hand: Sequence[Card] | None, faces: str) -> None:
    """A seat's plate, with its open hand under it when shown, kept inside the table area."""
    pw, ph = plate.size
    mini_h = card_height(MINI)
    bh = ph + (mini_h + 4 if hand else 0)
    x = min(max(centre[0] - pw / 2, 2), AREA_W - pw - 2)
    y = min(max(centre[1] - bh / 2, 2), HEIGHT - bh - 2)
    if hand:
        row_w = len(hand) * (MINI + 4) - 4
        backing = rounded_box((max(row_w + 12, pw - 8), mini_h + 10), (*PANEL, 200), radius=8)
        bx = x + (pw - backing.width) / 2
        paste(canvas, backing, (bx, y + ph - 6))
        _mini_row(canvas, hand, faces, x + (pw - row_w) / 2, y + ph - 1)
    paste(canvas, plate, (x, y))


def _panel_line(canvas: Image.Image, y: float, text: str, size: int = 14, colour: RGB = WHITE,
                bold: bool = False) -> float:
    """Draw one line of panel text at ``y``; return the y below it."""
    _w, h = draw_text(canvas, (PANEL_X, y), text, size, colour, bold, PANEL_W)
    return y + h + 4


def _side_row(canvas: Image.Image, y: float, colour: RGB, text: str, value: str) -> float:
    dot = rounded_box((12, 12), (*colour, 255), radius=6)
    paste(canvas, dot, (PANEL_X, y + 4))
    vw, _h = draw_text(canvas, (PANEL_X + PANEL_W, y), value, 14, WHITE, True, anchor="rt")
    _w, h = draw_text(canvas, (PANEL_X + 18, y), text, 13, CREAM, False, PANEL_W - 26 - vw)
    return y + max(h, 18) + 3


def _trump_line(canvas: Image.Image, y: float, trump: str | None, faces: str) -> float:
    if trump is None:
        return _panel_line(canvas, y, label("trump_unknown"), 14, MUTED)
    w, h = draw_text(canvas, (PANEL_X, y + 2), label("trump") + ":", 15, WHITE, True)
    sign = suit_image(trump, faces, 24)
    paste(canvas, sign, (PANEL_X + w + 6, y))
    draw_text(canvas, (PANEL_X + w + 12 + sign.width, y + 2), SUIT_WORDS[faces][trump], 15, HIGHLIGHT, True)
    return y + 30


def _last_trick(canvas: Image.Image, y: float, tricks: Sequence[CompletedTrick], seats: Sequence[SeatInfo] | None,
                faces: str) -> float:
    if not tricks:
        return _panel_line(canvas, y, label("no_trick_yet"), 13, MUTED)
    _leader, pairs, winner = tricks[-1]
    y = _panel_line(canvas, y, label("last_trick", name=seat_name(seats, winner)), 14, WHITE, True)
    n = len(pairs)
    w = min(MINI, (PANEL_W - 4 * (n - 1)) // n)
    x = PANEL_X
    for s, c in pairs:
        img = card_image(c, faces, w)
        paste(canvas, img, (x, y))
        if s == winner:
            mark = rounded_box((w, 4), (*HIGHLIGHT, 255), radius=2)
            paste(canvas, mark, (x, y + img.height + 2))
        x += w + 4
    return y + card_height(w) + 12


def _draw_trick(canvas: Image.Image, view: BriscolaView | ChiamataView, faces: str, open_hands: bool) -> None:
    w, _rx, _ry = _trick_layout(view.players, open_hands)
    for seat, c in view.trick:
        paste_centered(canvas, card_image(c, faces, w), trick_centre(seat, view.players, open_hands))


def _stock(canvas: Image.Image, y: float, view: BriscolaView, faces: str, seats: Sequence[SeatInfo] | None,
           ) -> float:
    """The face-up briscola and the stock pile with its count."""
    w = 76
    h = card_height(w)
    if view.briscola is not None:
        paste(canvas, card_image(view.briscola, faces, w), (PANEL_X, y))
        draw_text(canvas, (PANEL_X + w / 2, y + h + 4), label("briscola_card"), 12, MUTED, anchor="mt")
    if view.stock_count:
        layers = min(4, 1 + view.stock_count // 6)
        sx = PANEL_X + w + 28
        for k in range(layers):
            paste(canvas, back_image(w), (sx + 2 * k, y - 2 * k))
        if view.next_stock is not None:  # open mode: the next card, shown on the stock
            paste(canvas, card_image(view.next_stock, faces, w // 2), (sx + w / 4 + 2 * layers, y + h / 4))
        draw_text(canvas, (sx + w / 2, y + h + 4), label("stock", n=view.stock_count), 12, WHITE, True, anchor="mt")
    if view.briscola is None and not view.stock_count:
        face_up = view.face_up
        drawer = view.face_up_drawn_by
        small = 48
        paste(canvas, card_image(face_up, faces, small), (PANEL_X, y))
        tx = PANEL_X + small + 10
        draw_text(canvas, (tx, y + 4), label("stock_empty"), 14, WHITE, True, max_width=PANEL_W - small - 10)
        if drawer is not None:
            draw_text(canvas, (tx, y + 26), label("briscola_drawn_by", name=seat_name(seats, drawer)), 13, MUTED,
                      max_width=PANEL_W - small - 10)
        return y + card_height(small) + 12
    return y + h + 26


def _briscola_colours(view: BriscolaView) -> list[RGB]:
    colours = [NEUTRAL] * view.players
    for i, side in enumerate(view.sides):
        for s in side:
            colours[s] = SIDE_COLOURS[i % len(SIDE_COLOURS)]
    return colours


def _briscola(view: BriscolaView, seats: Sequence[SeatInfo] | None) -> Image.Image:
    canvas = _background().copy()
    faces = faces_of(view.options)
    n = view.players
    colours = _briscola_colours(view)
    open_hands = bool(view.visible_hands)
    for s in range(n):
        detail = label("cards_in_hand", n=view.hand_sizes[s]) + " \u00b7 " + label("tricks_won", n=view.tricks_won[s])
        ai = seat_ai(seats, s)
        plate = seat_plate(seat_name(seats, s), ai, colours[s], detail, MUTED, view.to_move == s,
                           view.dealer == s)
        _seat_block(canvas, seat_centre(s, n), plate, view.visible_hands.get(s), faces)
    _draw_trick(canvas, view, faces, open_hands)
    # side panel
    y = 14.0
    y = _panel_line(canvas, y, label("briscola"), 21, WHITE, True)
    y = _panel_line(canvas, y, label("players", n=n) + " \u00b7 " + label("round", n=view.round_number), 13, MUTED)
    y += 8
    y = _stock(canvas, y, view, faces, seats)
    y = _trump_line(canvas, y, view.trump, faces)
    if view.to_move is not None:
        y = _panel_line(canvas, y, label("to_move", name=seat_name(seats, view.to_move)), 15, HIGHLIGHT, True)
    else:
        y = _panel_line(canvas, y, label("match_over" if view.match_over else "round_over"), 15, HIGHLIGHT, True)
    if view.conquest is not None:
        y = _panel_line(canvas, y, label("conquest", name=seat_name(seats, view.conquest)), 14, HIGHLIGHT)
    y += 6
    if view.points is not None:
        y = _panel_line(canvas, y, label("points"), 14, MUTED, True)
        for i, side in enumerate(view.sides):
            y = _side_row(canvas, y, SIDE_COLOURS[i % 3], joined_names(seats, side), str(view.points[i]))
        y += 6
    if view.options.get("match", "single") != "single" or any(view.totals):
        y = _panel_line(canvas, y, label("game_points"), 14, MUTED, True)
        for i, side in enumerate(view.sides):
            y = _side_row(canvas, y, SIDE_COLOURS[i % 3], joined_names(seats, side), str(view.totals[side[0]]))
        y += 6
    _last_trick(canvas, y, view.tricks, seats, faces)
    return canvas


def _bid_text(bid: str | int | None) -> str:
    return label("pass") if bid is None else label("bid", bid=bid)


def _bubble(canvas: Image.Image, centre: tuple[float, float], text: str, colour: RGB) -> None:
    """A bid or a pass, said at the table in front of the seat."""
    t = text_image(text, 18, colour, True)
    box = rounded_box((t.width + 28, t.height + 16), (*PANEL, 230), (*colour, 255), 2, 14)
    paste_centered(canvas, box, centre)
    paste_centered(canvas, t, centre)


def _chiamata(view: ChiamataView, seats: Sequence[SeatInfo] | None) -> Image.Image:
    canvas = _background().copy()
    faces = faces_of(view.options)
    n = view.players
    last_bid: dict[int, str | int | None] = {}
    for s, bid in view.auction:
        last_bid[s] = bid
    colours = [NEUTRAL] * n
    if view.caller is not None:
        colours[view.caller] = CALLER_COLOUR
        if view.partner is not None:
            for s in range(n):
                colours[s] = CALLER_COLOUR if s in (view.caller, view.partner) else DEFENDERS_COLOUR
    playing = view.phase in ("play", "over")
    for s in range(n):
        bid_colour = MUTED
        if s == view.caller:
            bid_colour = CALLER_COLOUR
        elif s == view.standing_seat and view.caller is None:
            bid_colour = HIGHLIGHT
        parts = [_bid_text(last_bid[s])] if s in last_bid else []
        if playing:
            parts.append(label("tricks_won", n=view.tricks_won[s]))
        else:
            parts.append(label("cards_in_hand", n=view.hand_sizes[s]))
        plate = seat_plate(seat_name(seats, s), seat_ai(seats, s), colours[s], " \u00b7 ".join(parts), bid_colour,
                           view.to_move == s, view.dealer == s)
        _seat_block(canvas, seat_centre(s, n), plate, None, faces)
    _draw_trick(canvas, view, faces, False)
    if view.phase == "auction":
        for s, bid in last_bid.items():
            colour = HIGHLIGHT if s == view.standing_seat else MUTED
            _bubble(canvas, trick_centre(s, n), _bid_text(bid), colour)
    y = 14.0
    y = _panel_line(canvas, y, label("chiamata"), 21, WHITE, True)
    y = _panel_line(canvas, y, label("round", n=view.round_number), 13, MUTED)
    y += 8
    if view.caller is None:
        if view.standing_bid is not None and view.standing_seat is not None:
            y = _panel_line(canvas, y, label("standing", bid=view.standing_bid,
                                             name=seat_name(seats, view.standing_seat)), 14, WHITE, True)
        else:
            y = _panel_line(canvas, y, label("no_bids"), 14, MUTED)
        if view.to_move is not None:
            y = _panel_line(canvas, y, label("to_bid", name=seat_name(seats, view.to_move)), 15, HIGHLIGHT, True)
        else:
            y = _panel_line(canvas, y, label("passed_out"), 14, HIGHLIGHT)
        if view.auction:
            y += 6
            y = _panel_line(canvas, y, label("auction"), 14, MUTED, True)
            for s, bid in view.auction[-AUCTION_LINES:]:
                y = _side_row(canvas, y, colours[s], seat_name(seats, s), _bid_text(bid))
    else:
        y = _panel_line(canvas, y, label("caller", name=seat_name(seats, view.caller)), 15, CALLER_COLOUR, True)
        y = _panel_line(canvas, y, label("bid", bid=view.standing_bid) + " \u00b7 " + label("target", n=view.target),
                        13, CREAM)
        y += 4
        if view.called is not None:
            w = 64
            paste(canvas, card_image(view.called, faces, w), (PANEL_X, y))
            draw_text(canvas, (PANEL_X + w + 10, y + 4), label("called"), 14, MUTED, True)
            sign = suit_image(view.called.suit, faces, 26)
            paste(canvas, sign, (PANEL_X + w + 10, y + 28))
            draw_text(canvas, (PANEL_X + w + 16 + sign.width, y + 30), label("trump"), 14, HIGHLIGHT, True)
            y += card_height(w) + 8
            if view.partner is None:
                text, colour = label("partner_secret"), MUTED
            elif view.partner == view.caller:
                text, colour = label("partner_alone"), CALLER_COLOUR
            else:
                text, colour = label("partner", name=seat_name(seats, view.partner)), CALLER_COLOUR
            y = _panel_line(canvas, y, text, 14, colour, True)
        if view.to_move is not None and not playing:
            y = _panel_line(canvas, y, label("caller_choosing", name=seat_name(seats, view.caller)), 14, HIGHLIGHT)
        elif view.to_move is not None:
            y = _panel_line(canvas, y, label("to_move", name=seat_name(seats, view.to_move)), 15, HIGHLIGHT, True)
        else:
            y = _panel_line(canvas, y, label("match_over" if view.match_over else "round_over"), 15, HIGHLIGHT, True)
    y += 6
    if view.points is not None:
        y = _panel_line(canvas, y, label("points"), 14, MUTED, True)
        for s in range(n):
            y = _side_row(canvas, y, colours[s], seat_name(seats, s), str(view.points[s]))
        y += 6
    if playing:
        _last_trick(canvas, y, view.tricks, seats, faces)
    return canvas


def table_image(view: GameView, seats: Sequence[SeatInfo] | None = None,
                ) -> Image.Image:
    """The public table as a Pillow image (RGB); see ``table_png``."""
    require_public(view)
    if isinstance(view, BriscolaView):
        return _briscola(view, seats)
    if isinstance(view, ChiamataView):
        return _chiamata(view, seats)
    if isinstance(view, CiceraView):
        return cicera_table_image(view, seats)
    raise TypeError(f"no table picture for {type(view).__name__}")


def table_png(view: GameView, seats: Sequence[SeatInfo] | None = None) -> bytes:
    """The public table of Briscola, Chiamata or Cicera as PNG bytes.

    ``view`` must be the public view, ``game.view(None)``: a seat's view raises ``PrivateViewError``."""
    return png_bytes(table_image(view, seats))
