"""Card art: every face renders, faces are pairwise different, the back differs, suits differ by shape."""

from __future__ import annotations

import itertools

import pytest
from PIL import ImageChops

from images.cards import CARD_H, CARD_W, back_image, card_image, deck_cards, rank_label, suit_image
from rules.cards import ALL_CARDS, Card


def _faces(faces: str) -> dict[Card, bytes]:
    return {c: card_image(c, faces).tobytes() for c in deck_cards(faces)}


@pytest.mark.parametrize(("faces", "count"), [("italian", 52), ("french", 40)])
def test_every_face_renders_pairwise_different(faces, count):
    images = _faces(faces)
    assert len(images) == count
    for c in images:
        img = card_image(c, faces)
        assert img.mode == "RGBA"
        assert img.size == (CARD_W, CARD_H)
        assert len(img.getcolors(1 << 16) or range(1 << 16)) > 20, f"{c} looks blank"
    assert len(set(images.values())) == count, "two faces are drawn the same"


@pytest.mark.parametrize("faces", ["italian", "french"])
def test_back_differs_from_every_face(faces):
    back = back_image().tobytes()
    assert back_image().size == (CARD_W, CARD_H)
    assert all(back != face for face in _faces(faces).values())


def test_french_deck_has_no_8_9_10_and_uses_french_letters():
    assert {c.rank for c in deck_cards("french")} == set("A234567FCR")
    assert [rank_label(Card.parse(t), "french") for t in ("Fd", "Cc", "Rs", "Ab")] == ["J", "Q", "K", "A"]
    assert [rank_label(Card.parse(t), "italian") for t in ("Fd", "Cc", "Rs", "Xb")] == ["F", "C", "R", "10"]


def test_same_card_in_both_styles_differs():
    for c in deck_cards("french"):
        assert card_image(c, "italian").tobytes() != card_image(c, "french").tobytes()


@pytest.mark.parametrize("faces", ["italian", "french"])
def test_suits_differ_by_shape_not_only_colour(faces):
    """The alpha masks (the outline alone, no colour) of the four suit signs differ clearly pairwise."""
    masks = {s: suit_image(s, faces, 48).getchannel("A") for s in "dcsb"}
    for a, b in itertools.combinations("dcsb", 2):
        ma, mb = masks[a], masks[b]
        w, h = max(ma.width, mb.width), max(ma.height, mb.height)
        pa = ma.crop((0, 0, w, h))
        pb = mb.crop((0, 0, w, h))
        diff = ImageChops.difference(pa, pb).point(lambda v: 255 if v > 128 else 0)
        union = ImageChops.lighter(pa, pb).point(lambda v: 255 if v > 128 else 0)
        differing, area = diff.histogram()[255], union.histogram()[255]
        assert differing > 0.12 * area, f"{a} and {b} have nearly the same shape ({differing} of {area} pixels)"


def test_number_cards_differ_in_shape_by_count():
    """Numbers of one suit differ by their signs, not only by the corner index: compare the card between the
    corner indices."""
    for suit in "dcsb":
        middles = {}
        for r in "A23456789X":
            img = card_image(Card.of(r, suit)).crop((21, 4, 79, 156)).tobytes()
            middles[r] = img
        assert len(set(middles.values())) == 10, f"two number cards of {suit} have the same middle"


def test_sprites_are_cached():
    c = ALL_CARDS[7]
    assert card_image(c, "italian", 64) is card_image(c, "italian", 64)
    assert back_image(64) is back_image(64)
    assert card_image(c, "italian", 64).size == (64, round(64 * 1.6))


def test_unknown_face_style_is_refused():
    with pytest.raises(ValueError, match="face style"):
        card_image(ALL_CARDS[0], "tarot")
