"""One name per seat in every text and picture, and Chiamata's table text during the play: who won the auction,
with what bid and target, the called card, and what the coloured bars of the picture mean. Pure functions, no
Discord needed."""

from __future__ import annotations

from bot.tables import SeatInfo, TableInfo
from cogs import render
from cogs.render.table import state_text
from cogs.texts import card_name
from images.common import ELLIPSIS, recording
from images.games import briscola as briscola_pictures
from images.games import chiamata as chiamata_pictures
from images.hand import hand_image
from images.replay import record_seats
from images.table import table_image


def chiamata_info(names: tuple[str | None, ...] = ("dario", None, None, None, None)) -> TableInfo:
    """A Chiamata table: a person for each name, an AI of medium level for each ``None``."""
    seats = tuple(SeatInfo(i, 100 + i if name else None, name or "AI", None if name else "medium", None)
                  for i, name in enumerate(names))
    return TableInfo(3, 1, 2, 100, "chiamata", 5, {}, "medium", "playing", seats, 0, 7, None)


def drawn_texts(draw) -> list[str]:
    with recording() as drawn:
        draw()
    return [d.text for d in drawn if d.kind == "text"]


def test_a_seat_has_one_name_in_the_text_the_table_the_hand_and_the_review():
    info = chiamata_info()
    text_names = [render.seat_label(info, s) for s in range(5)]
    assert text_names == ["dario", "AI 2", "AI 3", "AI 4", "AI 5"]
    pictures = render.seat_infos(info)  # what the table and hand pictures are given
    assert [s.name for s in pictures] == text_names
    record = {"seats": [{"name": s.name, "ai": s.ai, "user": s.user_id} for s in info.seats]}
    review = record_seats(record, 5)  # what the review's and the replay's pictures are given
    assert review is not None and [s.name for s in review] == text_names

    match = chiamata_pictures.after_call()
    for texts in (drawn_texts(lambda: table_image(match.view(None), pictures)),
                  drawn_texts(lambda: hand_image(match.view(match.to_move()), pictures))):
        for name in text_names:
            assert texts.count(name) == 1, (name, texts)  # whole, on one line, once
        assert not [t for t in texts if t.startswith("Seat ") or ELLIPSIS in t], texts


def test_a_long_name_takes_one_line_in_the_hand_strip_never_another_label():
    info = chiamata_info(("Massimiliano Bartolomeo", None, "Anna", None, "Bruno"))
    pictures = render.seat_infos(info)
    match = chiamata_pictures.after_call()
    texts = drawn_texts(lambda: hand_image(match.view(match.to_move()), pictures))
    cut = [t for t in texts if t.endswith(ELLIPSIS)]
    assert cut and all("Massimiliano Bartolomeo".startswith(t[:-1].rstrip()) for t in cut), texts
    assert {"AI 2", "Anna", "AI 4", "Bruno"} <= set(texts)
    assert not [t for t in texts if t.startswith("Seat ")], texts


def test_chiamata_table_text_names_the_caller_the_target_and_the_called_card_during_the_play():
    info = chiamata_info()
    match = chiamata_pictures.after_call()
    pub = match.view(None)
    assert pub.phase == "play" and pub.caller is not None and pub.called is not None and pub.partner is None
    text = state_text(info, pub)
    assert f"{render.seat_label(info, pub.caller)} won the auction" in text
    assert f"(target {pub.target})" in text
    assert card_name(pub.called) in text
    assert "a gold bar marks the caller's place" in text, "the bar under the caller's seat is explained"
    hand = render.hand_text(info, match.view(match.to_move()))
    assert "won the auction" in hand and card_name(pub.called) in hand

    revealed = chiamata_pictures.after_reveal().view(None)
    text = state_text(info, revealed)
    assert "won the auction" in text and f"(target {revealed.target})" in text
    assert render.seat_label(info, revealed.partner) in text
    assert "gold bars mark the caller's side, blue bars the other" in text


def briscola_info(players: int) -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(players))
    return TableInfo(3, 1, 2, 100, "briscola", players, {}, "easy", "playing", seats, 0, 7, None)


def test_the_team_colours_of_briscola_with_partners_are_told_in_the_text():
    four = briscola_pictures.mid_trick(4, {}, tricks=1, played=1).view(None)
    assert four.sides == ((0, 2), (1, 3))
    assert "In the picture, blue bars mark p0 & p2, orange bars p1 & p3." in state_text(briscola_info(4), four)
    two = briscola_pictures.mid_trick(2, {}, tricks=1, played=1).view(None)
    assert "bars" not in state_text(briscola_info(2), two), "no teams, no legend"


def test_the_hand_explains_the_mark_of_its_trumps():
    info = briscola_info(2)
    seen = set()
    for seed in range(40):
        match = briscola_pictures.mid_trick(2, {}, tricks=seed % 5, played=0)
        view = match.view(match.to_move())
        has_trump = any(c.suit == view.trump for c in view.hand)
        assert ("your trumps have a gold number and a star" in render.hand_text(info, view)) == has_trump
        seen.add(has_trump)
        if seen == {True, False}:
            return
    raise AssertionError("no hand both with and without a trump among the samples")
