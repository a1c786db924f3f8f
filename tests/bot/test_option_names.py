"""How the front ends name a table option and its values (``bot.names``): the shared table first, then the label a
game's spec gives an option of its own, then the key itself; the games that give none read as before."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from bot.names import OPTION_LABELS, VALUE_LABELS, option_label, option_value, options_line
from rules.games.briscola.engine import Briscola
from rules.options import OptionSpec
from rules.spec import GAMES


@pytest.fixture
def game_with_its_own_option() -> Iterator[None]:
    """A test game (Briscola's spec under another name) with an option and values of its own, labelled."""
    own = OptionSpec("sweep_rule", ("lenient", "strict"), label="sweep rule", value_labels={"strict": "by the book"})
    base = GAMES["briscola"]
    GAMES["test_labels"] = dataclasses.replace(base, name="test_labels", match=Briscola,
                                               options={**base.options, "sweep_rule": own})
    yield
    GAMES.pop("test_labels")


@pytest.mark.usefixtures("game_with_its_own_option")
def test_an_option_of_a_games_own_reads_by_its_specs_label():
    assert option_label("sweep_rule") == "sweep rule"
    assert option_value("strict") == "by the book" and option_value("lenient") == "lenient"
    assert options_line({"sweep_rule": "strict", "match": "single"}) == "sweep rule: by the book · match: one round"


def test_without_a_label_the_shared_table_or_the_key():
    for key, label in OPTION_LABELS.items():
        assert option_label(key) == label
    for value, label in VALUE_LABELS.items():
        assert option_value(value) == label
    assert option_label("no_such_option") == "no_such_option" and option_value("no_such_value") == "no_such_value"
    assert option_value(60) == "60 s"
