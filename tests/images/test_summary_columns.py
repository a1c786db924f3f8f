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


@pytest.mark.parametrize(("game", "players"), [("cicera", 4), ("briscola", 4)])
def test_a_title_that_widens_its_column_stays_on_one_line(game, players):
    """A column widened for its title is wide enough for it to the last fraction of a pixel: Cicera's "Team 1"
    (157.3 px at the smallest size) was given 157 and broke into "Team" and "1"."""
    s = summary.Summary(game, players, {}, 1)
    titles = summary._columns(s)[1:]
    _size, smallest = summary._sizes()
    most = (summary.WIDTH - 2 * summary.MARGIN - 36 - summary.NAME_MIN) // len(titles)  # the widest a column gets
    fits = [t for t in titles if text_width(t, smallest, True, True) + summary.TITLE_GAP <= most]
    for title, fitted in zip(titles, summary._header_lines(s)):
        if title in fits:
            assert fitted.lines == (title,), fitted
    if game == "cicera":  # its titles do widen their columns, so the check above covers the case
        assert any(text_width(t, smallest, True, True) > summary.NUMBER_W - summary.TITLE_GAP for t in fits)
