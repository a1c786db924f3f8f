"""Briscola Chiamata's pictures (5 players): the table with the auction's bids said in the seats' places and
the called card in the sixth place, framed in the caller's colour; the hand with the trick in play above it
(once the play has begun), the called card tagged, the partner told and the caller's discards below; the summary
per seat; a replay frame per completed trick."""

from __future__ import annotations

import dataclasses
import logging
from typing import Any

from PIL import Image

from images.cards import card_height, paste_card
from images.common import (
    CALLER_COLOUR,
    DEFENDERS_COLOUR,
    HIGHLIGHT,
    MUTED,
    NEUTRAL,
    RGB,
    draw_name,
    faces_of,
    label,
    paste,
    rounded_box,
    seat_name,
)
from images.hand import hand_png
from images.labels import N_, add_labels
from images.parts import (
    AbovePart,
    FrameKind,
    GamePictures,
    GameSamples,
    HandExtra,
    HandParts,
    Named,
    ReplayStep,
    Seats,
    Summary,
)
from images.registry import register
from images.sampling import find_state, finished, public, seats_for
from images.summary import SummaryStyle, point_columns, signed, summary_png
from images.table import table_png
from images.trick_table import (
    GAP,
    NAME_PAD,
    background,
    draw_trick,
    name_size,
    slot_origin,
    table_layout,
    trick_strip_layout,
)
from rules.engine import Match
from rules.games.chiamata.view import ChiamataView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "chiamata"

LABELS = {
    "pass": N_("pass"),
    "bid": N_("bid {bid}"),
    "role_caller": N_("Caller"),
    "role_partner": N_("Partner"),
    "you_are_partner": N_("You hold the called card: you are the partner"),
    "discarded": N_("Discarded"),
    "passed_out": N_("All passed: the hand is dealt again"),
    "made_it": N_("{name} made {pts} of {target}: won"),
    "failed": N_("{name} made {pts} of {target}: lost"),
}
"""The game's own texts in its pictures."""
add_labels(LABELS)


def _view(view: GameView) -> ChiamataView:
    if not isinstance(view, ChiamataView):
        raise TypeError(f"not a Chiamata view: {type(view).__name__}")
    return view


def _bid_text(bid: str | int | None) -> str:
    return label("pass") if bid is None else label("bid", bid=bid)


def colours(view: ChiamataView) -> list[RGB]:
    """Each seat's colour: the caller's side once known, the defenders' once the partner is revealed."""
    n = view.players
    out = [NEUTRAL] * n
    if view.caller is not None:
        out[view.caller] = CALLER_COLOUR
        if view.partner is not None:
            for s in range(n):
                out[s] = CALLER_COLOUR if s in (view.caller, view.partner) else DEFENDERS_COLOUR
    return out


def table(view: GameView, seats: Seats) -> Image.Image:
    """The public table: the trick (the bids during the auction) and the called card."""
    v = _view(view)
    lay = table_layout(v, seats)
    canvas = background((lay.width, lay.height)).copy()
    faces = faces_of(v.options)
    bubbles: dict[int, tuple[str, RGB]] = {}
    if v.phase == "auction":
        for s, bid in v.auction:
            bubbles[s] = (_bid_text(bid), HIGHLIGHT if s == v.standing_seat else MUTED)
    draw_trick(canvas, lay, v, seats, faces, colours(v), bubbles)
    # the sixth place: the called card, framed in the caller's colour
    x, y = slot_origin(lay, v.players)
    cx = x + lay.slot_w / 2
    h = card_height(lay.card)
    if v.called is not None:
        frame = rounded_box((lay.card + 20, h + 20), (*CALLER_COLOUR, 255), radius=18)
        paste(canvas, frame, (cx - lay.card / 2 - 10, y - 10 if y >= 10 else 0))
        paste_card(canvas, v.called, faces, lay.card, (cx - lay.card / 2, y))
        size, smallest = name_size()
        draw_name(canvas, cx, y + h + NAME_PAD + 6, label("called"), label("called"), lay.slot_w, size, smallest,
                  CALLER_COLOUR)
    return canvas


def table_size(view: GameView, seats: Seats) -> tuple[int, int]:
    """The table picture's size."""
    lay = table_layout(view, seats)
    return (lay.width, lay.height)


def above(view: GameView, seats: Seats, top: int) -> AbovePart | None:
    """The trick in play above the hand, once the play has begun (none in the auction and the call)."""
    v = _view(view)
    if v.phase != "play":
        return None
    lay = trick_strip_layout(v, seats, top + GAP - 4)
    return AbovePart(lay.height + GAP + 4, lay.height + GAP - 4,
                     lambda canvas: draw_trick(canvas, lay, v, seats, faces_of(v.options), colours(v)), lay)


def _extras(view: GameView) -> list[HandExtra]:
    v = _view(view)
    return [HandExtra(v.discards, text=label("discarded"))] if v.discards else []


HAND = HandParts(
    above=above, trump=lambda view: _view(view).trump, tagged=lambda view: _view(view).called,
    banner=lambda view: label("you_are_partner") if _view(view).i_am_partner else None, extras=_extras)


def _banner(s: Summary, seats: Seats) -> tuple[str, RGB]:
    r = s.result
    if r.get("passed_out"):
        return label("passed_out"), MUTED
    key = "made_it" if r.get("success") else "failed"
    return (label(key, name=seat_name(seats, int(r["caller"])), pts=r.get("caller_side_points", "?"),
                  target=r.get("target")), CALLER_COLOUR if r.get("success") else DEFENDERS_COLOUR)


def _rows(s: Summary, seats: Seats) -> list[list[str]]:
    r = s.result
    rows: list[list[str]] = []
    caller, partner = r.get("caller"), r.get("partner")
    for seat in range(s.players):
        name = seat_name(seats, seat)
        if seat == caller:
            name += f" ({label('role_caller')})"
        elif seat == partner:
            name += f" ({label('role_partner')})"
        gp = r["game_points"][seat]
        total = s.totals[seat] if s.totals else gp
        rows.append([name, str(r["card_points"][seat]), signed(gp), str(total)])
    return rows


def _marks(s: Summary, _rows: int) -> list[RGB | None]:
    caller, partner = s.result.get("caller"), s.result.get("partner")
    marks: list[RGB | None] = []
    for seat in range(s.players):
        if seat in (caller, partner):
            marks.append(CALLER_COLOUR)
        else:
            marks.append(DEFENDERS_COLOUR if caller is not None else NEUTRAL)
    return marks


SUMMARY = SummaryStyle(columns=point_columns, banner=_banner, rows=_rows, marks=_marks,
                       footer_colour=lambda _s, _seats: HIGHLIGHT)
"""Per seat: the caller and the partner named, card points, round and match game points."""


def trick_frame(step: ReplayStep) -> tuple[FrameKind, GameView] | None:
    """A completed trick, all its cards on the table before they are taken."""
    if step.action.kind != "play" or step.round.tricks_done() <= step.tricks_before:
        return None
    before = _view(step.before)
    assert step.action.card is not None
    return ("trick", dataclasses.replace(before, trick=(*before.trick, (step.seat, step.action.card)), to_move=None,
                                         legal=()))


# ----- samples -----
def auction(bids: int = 3) -> Match:
    """A game during the auction, after ``bids`` bids or passes."""
    def stop(m: Match) -> bool:
        v = public(m, ChiamataView)
        return v.phase == "auction" and len(v.auction) == bids
    return find_state(GAME, 5, {}, stop)


def after_call() -> Match:
    """A game after the call, in the first trick, the partner still secret."""
    return find_state(GAME, 5, {}, lambda m: public(m, ChiamataView).phase == "play"
                      and public(m, ChiamataView).partner is None and len(public(m, ChiamataView).trick) == 2)


def after_reveal(options: dict[str, Any] | None = None) -> Match:
    """A game after the called card was played (the partner is known), in the middle of a trick."""
    def stop(m: Match) -> bool:
        v = public(m, ChiamataView)
        return v.partner is not None and v.partner != v.caller and len(v.trick) == 2 and len(v.tricks) >= 3
    return find_state(GAME, 5, options, stop)


def _positions() -> Named:
    return [(f"{GAME}-auction", auction(3)), (f"{GAME}-called", after_call()),
            (f"{GAME}-revealed", after_reveal({"show_points": "on"})),
            (f"{GAME}-kitty", find_state(GAME, 5, {"kitty": "on"}, lambda m: m.view(None).phase == "discard")),
            (f"{GAME}-8-cards", find_state(GAME, 5, {}, lambda m: m.view(None).phase == "play"
                                           and not public(m, ChiamataView).tricks))]


def _documented() -> dict[str, bytes]:
    files: dict[str, bytes] = {}
    files[f"table-{GAME}-auction.png"] = table_png(auction(3).view(None), seats_for(5))
    reveal = after_reveal({"show_points": "on"})
    files[f"table-{GAME}-revealed.png"] = table_png(reveal.view(None), seats_for(5))
    partner = public(reveal, ChiamataView).partner
    assert partner is not None
    files[f"hand-{GAME}-partner.png"] = hand_png(reveal.view(partner), seats_for(5))
    files[f"summary-{GAME}.png"] = summary_png(finished(GAME, 5).view(None), seats_for(5))
    return files


PICTURES = register(GamePictures(GAME, table=table, table_size=table_size, hand=HAND, summary=SUMMARY,
                                 replay_frame=trick_frame,
                                 samples=GameSamples(_positions, lambda: [(GAME, finished(GAME, 5))], _documented)))
