"""The tournament pictures: the standings and the knockout bracket are the picture width, not blank, differ with
what they show, keep every text at least 11 px tall on a phone, and cut a long name rather than overflow."""

from __future__ import annotations

from PIL import Image, ImageChops

from images.common import MIN_TEXT_PX, PHONE_DISPLAY_WIDTH, PICTURE_WIDTH, recording
from images.tournament import BracketMatch, StandingLine, bracket_image, standings_image

COLUMNS = ("pts", "opp", "diff")


def lines(n: int, name: str = "player") -> list[StandingLine]:
    return [StandingLine(i + 1, f"{name}{i}", (f"{n - i}", "3½", f"{10 - i:+d}")) for i in range(n)]


def bracket(winner: int | None) -> list[list[BracketMatch]]:
    first = [BracketMatch((f"seed{i}", f"seed{9 - i}" if i > 1 else None), 0) for i in range(1, 5)]
    return [first, [BracketMatch(("seed1", "seed4"), 1), BracketMatch(("seed2", "seed3"), 0)],
            [BracketMatch(("seed4", "seed2"), winner)]]


def blank(img: Image.Image) -> bool:
    return img.convert("RGB").getextrema() in (((c, c), (c, c), (c, c)) for c in range(256))


def test_standings_and_bracket_are_drawn_legibly():
    for draw in (lambda: standings_image("Tournament 1 · standings after round 2", COLUMNS, lines(12)),
                 lambda: bracket_image("Tournament 2 · standings after round 3", bracket(0))):
        with recording() as drawn:
            img = draw()
        assert img.width == PICTURE_WIDTH and img.mode == "RGB" and not blank(img)
        assert drawn and all(d.displayed(PHONE_DISPLAY_WIDTH) >= MIN_TEXT_PX for d in drawn if d.kind == "text")


def test_what_is_shown_changes_the_picture():
    assert standings_image("t", COLUMNS, lines(4)).height < standings_image("t", COLUMNS, lines(8)).height
    one = standings_image("t", COLUMNS, lines(4, "ann"))
    other = standings_image("t", COLUMNS, lines(4, "bob"))
    assert ImageChops.difference(one, other).getbbox() is not None
    assert ImageChops.difference(bracket_image("b", bracket(0)), bracket_image("b", bracket(1))).getbbox()


def test_a_long_name_is_cut_inside_the_picture():
    with recording() as drawn:
        standings_image("t", COLUMNS, [StandingLine(1, "W" * 80, ("1", "0", "+3"))])
    name = next(d for d in drawn if d.text.startswith("WW"))
    assert name.text.endswith("…") and len(name.text) < 40
