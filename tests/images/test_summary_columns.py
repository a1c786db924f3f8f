"""The summary's number columns keep their titles to themselves, however long a language's title is."""

from __future__ import annotations

import pytest

from images import common, summary
from images.common import text_width


@pytest.fixture
def long_titles():
    """Column titles as long as a language may make them."""
    long = {"Team {n}": "Squadra numero {n}", "Points": "Очки карт", "Round": "Mano N", "Total": "In Tutto"}
    common.set_translator(lambda source, _plural, _n: long.get(source, source))
    yield
    common.set_translator(None)


@pytest.mark.parametrize(("game", "players"), [("cicera", 4), ("briscola", 4)])
@pytest.mark.usefixtures("long_titles")
def test_each_column_title_fits_its_column(game, players):
    s = summary.Summary(game, players, {}, 1)
    titles = summary._columns(s)[1:]
    fitted = summary._header_lines(s)
    room = summary.column_width(s) - summary.TITLE_GAP
    assert len(fitted) == len(titles)
    assert any(text_width(t, fitted[0].size, True, True) > summary.NUMBER_W for t in titles)  # too long as such
    for title, lines in zip(titles, fitted):
        shown = "".join(lines.lines).replace("-", "").replace(" ", "")
        assert shown == title.replace(" ", "")  # all of it, on as many lines as it takes
        assert all(text_width(line, lines.size, True, True) <= room for line in lines.lines), lines
    narrowest = summary.WIDTH - 2 * summary.MARGIN - 36 - len(titles) * summary.NUMBER_W  # (before widening)
    assert summary._name_width(s) >= min(summary.NAME_MIN, narrowest)  # the names keep their room
