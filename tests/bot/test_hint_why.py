"""A hint's line of why names the capture bonuses a game's spec names (``GameSpec.bonus_names``), translated;
a bonus the spec does not name is left out rather than shown as a key."""

from __future__ import annotations

from bot.i18n import use_language
from bot.names import why_text


def test_a_cicera_capture_names_its_bonuses():
    assert why_text("cicera", "capture", {"n": 2, "bonuses": ["scua", "picada"]}) == \
        "It captures 2 cards and scores scùa + picada."
    assert why_text("cicera", "capture", {"n": 1, "bonuses": []}) == "It captures 1 card."


def test_a_scopa_sweep_is_named_in_every_game_that_has_it():
    for game in ("scopa", "scopone"):
        assert why_text(game, "capture", {"n": 2, "bonuses": ["scopa"]}) == "It captures 2 cards and scores scopa."
    with use_language("it"):
        assert "scopa" in why_text("scopa", "capture", {"n": 2, "bonuses": ["scopa"]})


def test_a_bonus_the_game_does_not_name_is_left_out():
    assert why_text("briscola", "capture", {"n": 3, "bonuses": ["scua"]}) == "It captures 3 cards."
    assert why_text("no-such-game", "capture", {"n": 3, "bonuses": ["scua"]}) == "It captures 3 cards."
