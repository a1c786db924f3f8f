"""Every picture kind for every player count: a PNG of the expected size, not blank, small enough; different
game states give different pictures."""

from __future__ import annotations

import dataclasses
import io

import pytest
from PIL import Image, ImageStat

from images import samples
from images.games import briscola as briscola_pictures
from images.games import chiamata as chiamata_pictures
from images.games import cicera as cicera_pictures
from images.games.cicera import cicera_table_size
from images.hand import hand_png, hand_size
from images.summary import summary_of, summary_png, summary_size
from images.table import table_png, table_size
from rules.engine import Match

MAX_WIDTH = 1200
MAX_BYTES = 300 * 1024


def decode(png: bytes) -> Image.Image:
    """The picture of PNG bytes, checked to be a PNG."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    assert img.format == "PNG"
    img.load()
    return img


def check_picture(png: bytes, size: tuple[int, int]) -> Image.Image:
    """A PNG of ``size``, at most 1200 wide and 300 KB, with many colours and real contrast."""
    img = decode(png)
    assert img.size == size
    assert img.width <= MAX_WIDTH
    assert len(png) <= MAX_BYTES
    rgb = img.convert("RGB")
    colours = rgb.getcolors(1 << 20)
    assert colours is not None and len(colours) > 16, "the picture has only a few colours"
    assert max(ImageStat.Stat(rgb).stddev) > 15, "the picture is nearly uniform"
    return rgb


def pixels(png: bytes) -> bytes:
    return decode(png).convert("RGB").tobytes()


def step(match: Match, actions: int = 1) -> Match:
    """The same game a few random legal actions later (a copy: the fixtures are shared)."""
    import copy
    import random

    m = copy.deepcopy(match)
    rng = random.Random(99)
    for _ in range(actions):
        m.apply(rng.choice(m.legal_actions()), m.to_move())
    return m


@pytest.fixture(scope="module")
def briscola() -> dict[int, Match]:
    return {n: briscola_pictures.mid_trick(n, {}, tricks=2, played=1) for n in (2, 3, 4, 6)}


@pytest.fixture(scope="module")
def chiamata() -> dict[str, Match]:
    return {"auction": chiamata_pictures.auction(2), "called": chiamata_pictures.after_call(),
            "revealed": chiamata_pictures.after_reveal()}


@pytest.fixture(scope="module")
def cicera() -> Match:
    return cicera_pictures.with_table(12)


# ----- tables -----
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_briscola_table_for_every_player_count(briscola, players):
    m = briscola[players]
    v = m.view(None)
    png = table_png(v, samples.seats_for(players))
    check_picture(png, table_size(v, samples.seats_for(players)))
    later = step(m)
    assert pixels(table_png(later.view(None), samples.seats_for(players))) != pixels(png)


@pytest.mark.parametrize("phase", ["auction", "called", "revealed"])
def test_chiamata_table_in_every_phase(chiamata, phase):
    m = chiamata[phase]
    png = table_png(m.view(None), samples.seats_for(5))
    check_picture(png, table_size(m.view(None), samples.seats_for(5)))
    assert pixels(table_png(step(m).view(None), samples.seats_for(5))) != pixels(png)


def test_chiamata_phases_give_different_pictures(chiamata):
    pics = {pixels(table_png(m.view(None), samples.seats_for(5))) for m in chiamata.values()}
    assert len(pics) == 3


def test_chiamata_partner_shows_once_revealed(chiamata):
    called, revealed = chiamata["called"].view(None), chiamata["revealed"].view(None)
    assert called.partner is None and revealed.partner is not None
    hidden = dataclasses.replace(revealed, partner=None)
    assert pixels(table_png(hidden)) != pixels(table_png(revealed))


def test_cicera_table(cicera):
    v = cicera.view(None)
    assert len(v.table) == 12
    png = table_png(v, samples.seats_for(4))
    check_picture(png, cicera_table_size(v))
    assert pixels(table_png(step(cicera).view(None), samples.seats_for(4))) != pixels(png)


@pytest.mark.parametrize("count", [0, 1, 25, 40])
def test_cicera_table_fits_any_number_of_cards(cicera, count):
    from rules.cards import deck_52

    v = dataclasses.replace(cicera.view(None), table=tuple(deck_52()[:count]))
    check_picture(table_png(v), cicera_table_size(v))


def test_open_mode_changes_the_table_and_points_stay_in_the_text():
    """Open hands are cards: the picture shows them. The points (``show_points``) are message text now."""
    plain = briscola_pictures.mid_trick(2, {}, tricks=3, played=1)
    shown = briscola_pictures.mid_trick(2, {"show_points": "on"}, tricks=3, played=1)
    opened = briscola_pictures.mid_trick(2, {"open": "on"}, tricks=3, played=1)
    assert plain.view(None).points is None and shown.view(None).points is not None
    assert plain.view(None).trick == shown.view(None).trick
    assert opened.view(None).visible_hands
    assert pixels(table_png(plain.view(None))) == pixels(table_png(shown.view(None)))
    assert pixels(table_png(opened.view(None))) != pixels(table_png(plain.view(None)))
    assert table_size(opened.view(None))[1] > table_size(plain.view(None))[1]


def test_french_faces_change_the_table(briscola):
    v = briscola[4].view(None)
    french = dataclasses.replace(v, options={**v.options, "faces": "french"})
    assert pixels(table_png(v)) != pixels(table_png(french))


def test_names_change_the_table(briscola):
    v = briscola[4].view(None)
    assert pixels(table_png(v, samples.seats_for(4))) != pixels(table_png(v))


def test_table_aspect_suits_chat(briscola, chiamata, cicera):
    """No table picture is very tall or a thin strip; the 2-player table is not mostly empty felt."""
    from images.common import FELT, FELT_DARK
    from images.table import table_image

    views = [m.view(None) for m in (*briscola.values(), *chiamata.values(), cicera)]
    for v in views:
        w, h = table_size(v, samples.seats_for(v.players)) if v.game != "cicera" else cicera_table_size(v)
        assert 0.9 <= w / h <= 2.5, f"{v.game} {v.players}p: {w}x{h}"
    img = table_image(briscola[2].view(None), samples.seats_for(2))
    felt = sum(n for n, colour in img.getcolors(1 << 20) if colour in (FELT, FELT_DARK))
    assert felt < 0.5 * img.width * img.height


def test_stock_count_and_briscola_change_the_table(briscola):
    """The stock's count badge and the face-up briscola (lying across under the stock) are drawn."""
    from rules.cards import Card

    v = briscola[2].view(None)
    assert v.briscola is not None and v.stock_count > 2
    fewer = dataclasses.replace(v, stock_count=v.stock_count - 2)
    assert pixels(table_png(fewer)) != pixels(table_png(v))
    swapped = Card.parse("Ad") if v.briscola != Card.parse("Ad") else Card.parse("2d")
    assert pixels(table_png(dataclasses.replace(v, briscola=swapped))) != pixels(table_png(v))


# ----- hands -----
@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_briscola_hand_for_every_player_count(briscola, players):
    m = briscola[players]
    v = m.view(m.to_move())
    png = hand_png(v, samples.seats_for(players))
    check_picture(png, hand_size(v, samples.seats_for(players)))
    other = m.view((m.to_move() + 1) % players)
    assert pixels(hand_png(other)) != pixels(hand_png(v))


def test_hand_marks_the_trump_and_follows_the_view_order(briscola):
    m = briscola[4]
    v = m.view(m.to_move())
    base = pixels(hand_png(v))
    other_trump = next(s for s in "dcsb" if s != v.trump)
    assert pixels(hand_png(dataclasses.replace(v, trump=other_trump))) != base
    assert pixels(hand_png(dataclasses.replace(v, hand=tuple(reversed(v.hand))))) != base


@pytest.mark.parametrize("phase", ["auction", "called", "revealed"])
def test_chiamata_hand_in_every_phase(chiamata, phase):
    m = chiamata[phase]
    for seat in range(5):
        v = m.view(seat)
        if v.hand:
            check_picture(hand_png(v, samples.seats_for(5)), hand_size(v, samples.seats_for(5)))


def test_chiamata_partner_is_told_in_the_hand(chiamata):
    m = chiamata["called"]
    partner = m.round.partner
    if partner < 0:
        pytest.skip("the caller plays alone in this game")
    v = m.view(partner)
    assert v.i_am_partner
    told = hand_png(v)
    assert hand_size(v)[1] > hand_size(dataclasses.replace(v, i_am_partner=False))[1]
    assert pixels(told) != pixels(hand_png(dataclasses.replace(v, i_am_partner=False)))


def test_chiamata_kitty_hand_of_twelve_cards_fits():
    def stop(m: Match) -> bool:
        return m.view(None).phase == "discard"

    m = samples.find_state("chiamata", 5, {"kitty": "on"}, stop)
    v = m.view(m.to_move())
    assert len(v.hand) == 12
    check_picture(hand_png(v), hand_size(v))
    assert hand_size(v)[0] <= MAX_WIDTH
    # two rows, not one long strip: no taller than about a screen and a half of a phone
    w, h = hand_size(v)
    assert h < 1.6 * w


def test_cicera_hand_shows_the_table(cicera):
    v = cicera.view(cicera.to_move())
    png = hand_png(v, samples.seats_for(4))
    check_picture(png, hand_size(v))
    assert pixels(hand_png(dataclasses.replace(v, table=v.table[:-1]))) != pixels(png)


def test_hand_needs_a_seat(briscola):
    with pytest.raises(ValueError, match="seat"):
        hand_png(briscola[2].view(None))


# ----- summaries -----
@pytest.mark.parametrize(("game", "players", "options"), [
    ("briscola", 2, {}), ("briscola", 3, {}), ("briscola", 4, {"match": "short"}), ("briscola", 6, {}),
    ("chiamata", 5, {}), ("cicera", 4, {}), ("cicera", 4, {"match": "21"}),
])
def test_summary_for_every_game(game, players, options):
    m = samples.finished(game, players, options)
    v = m.view(None)
    png = summary_png(v, samples.seats_for(players))
    check_picture(png, summary_size(summary_of(v), samples.seats_for(players)))
    other = samples.finished(game, players, options, seed=11)
    assert pixels(summary_png(other.view(None), samples.seats_for(players))) != pixels(png)


def test_summary_in_the_middle_of_a_match():
    def stop(m: Match) -> bool:
        return len(m.rounds) == 2 and not m.is_over()

    m = samples.find_state("briscola", 2, {"match": "long"}, stop)
    v = m.view(None)
    s = summary_of(v)
    assert not s.match_over and s.round_number == 1
    check_picture(summary_png(v), summary_size(s))


def test_summary_needs_a_finished_round(briscola):
    with pytest.raises(ValueError, match="finished"):
        summary_png(briscola[2].view(None))


def test_cicera_summary_shows_the_breakdown():
    m = samples.finished("cicera", 4)
    v = m.view(None)
    result = dict(v.last_result)
    changed = [dict(t) for t in result["breakdown"]]
    changed[0]["napula"] = changed[0]["napula"] + 4
    other = dataclasses.replace(v, last_result={**result, "breakdown": changed})
    assert pixels(summary_png(other)) != pixels(summary_png(v))
