"""The hand picture of Briscola and Chiamata shows the trick in play above the hand, as the table does: each
card played over its player's name, an empty place for each seat still to play (gold for the seat to move)."""

from __future__ import annotations

import dataclasses

import pytest

from images import samples
from images.common import ELLIPSIS, MIN_TEXT_PX, PHONE_DISPLAY_WIDTH, recording, seat_name
from images.games import briscola as briscola_pictures
from images.games import chiamata as chiamata_pictures
from images.hand import hand_image, hand_layout

CASES = [("briscola-2p", lambda: briscola_pictures.mid_trick(2, {}, tricks=1, played=1)),
         ("briscola-3p", lambda: briscola_pictures.mid_trick(3, {}, tricks=1, played=2)),
         ("briscola-4p", lambda: briscola_pictures.mid_trick(4, {}, tricks=3, played=3)),
         ("briscola-6p", lambda: briscola_pictures.mid_trick(6, {}, tricks=2, played=4)),
         ("chiamata", chiamata_pictures.after_reveal)]


@pytest.fixture(scope="module", params=CASES, ids=[c[0] for c in CASES])
def match(request):
    return request.param[1]()


def drawn(view, seats):
    with recording() as texts:
        img = hand_image(view, seats)
    return img, texts


def test_the_hand_picture_draws_the_cards_of_the_trick_over_their_players_names(match):
    seats = samples.seats_for(match.n)
    seat = match.to_move()
    view = match.view(seat)
    assert view.trick, "the trick holds cards, else the test proves nothing"
    img, texts = drawn(view, seats)
    cards = {t.text for t in texts if t.kind == "card"}
    lines = [t.text for t in texts if t.kind == "text"]
    for s, card in view.trick:
        assert any(f"({card})" in c for c in cards), f"{card} played by seat {s} is not drawn"
        name = seat_name(seats, s)  # on one line: whole, or its beginning with an ellipsis; never "Seat N"
        assert any(t == name or (t.endswith(ELLIPSIS) and name.startswith(t[:-1].rstrip())) for t in lines), \
            f"{name} is not named under its card: {lines}"
    # the strip above the hand differs from the same view with an empty trick, the hand below it does not
    empty = dataclasses.replace(view, trick=())
    blank, blank_texts = drawn(empty, seats)
    lay = hand_layout(view, seats)
    assert lay.above is not None
    strip = (0, 0, img.width, lay.above.layout.height)
    assert img.crop(strip).tobytes() != blank.crop(strip).tobytes()
    assert not {t.text for t in blank_texts if t.kind == "card"} & {f"({c})" for _s, c in view.trick}
    hand = (0, lay.hand_y, img.width, img.height)
    assert img.size == blank.size and img.crop(hand).tobytes() == blank.crop(hand).tobytes()


@pytest.mark.parametrize(("players", "played"), [(2, 0), (4, 1), (6, 2)])
def test_the_seat_to_move_is_outlined_in_the_strip(players, played):
    """The gold outline marks the seat to move: moving the turn to another empty place changes the strip."""
    match = briscola_pictures.mid_trick(players, {}, tricks=1, played=played)
    seats = samples.seats_for(match.n)
    view = match.view(match.to_move())
    done = {s for s, _c in view.trick}
    others = [s for s in range(match.n) if s not in done and s != view.to_move]
    assert len(view.trick) == played and others, "the trick must leave another empty place"
    img, _ = drawn(view, seats)
    moved, _ = drawn(dataclasses.replace(view, to_move=others[0]), seats)
    lay = hand_layout(view, seats)
    assert lay.above is not None
    strip = (0, 0, img.width, lay.above.layout.height)
    assert img.crop(strip).tobytes() != moved.crop(strip).tobytes()


def test_the_strip_keeps_every_text_and_index_legible_and_the_picture_not_too_tall(match):
    for seats in (samples.seats_for(match.n), list(samples.LONG_SEATS[:match.n])):
        for seat in range(match.n):
            view = match.view(seat)
            img, texts = drawn(view, seats)
            small = [(t.text, round(t.displayed(), 1)) for t in texts if t.displayed() < MIN_TEXT_PX]
            assert not small
            assert img.width == 795
            # a hand of up to 5 cards in one row, the strip above: under 1.5 phone screens' worth of picture
            assert img.height * PHONE_DISPLAY_WIDTH / img.width < 400

