"""An engine's refusal in the reader's language: ``bot.names.error_text`` translates a ``RulesError``'s template
and fills in its fields, and falls back to the English text when there is no translation or when the
translation's fields do not match."""

from __future__ import annotations

import pytest

import bot.names
from bot.names import error_text
from bot.tables import BadAction, BadRequest, IllegalMove
from rules.actions import Action, RulesError
from rules.games.briscola.engine import Briscola
from rules.records import game_class

NOT_IN_HAND = "{card} is not in your hand"
BAD_VALUE = "bad value {value} for option {name} with {players} players; allowed: {allowed}"


def _refusal(act) -> RulesError:
    with pytest.raises(RulesError) as err:
        act()
    return err.value


def _not_in_hand() -> RulesError:
    """Seat 0 plays Fs, a card of seat 1 (the deal of seed 0)."""
    return _refusal(lambda: Briscola(2, {}, seed=0).apply(Action.play("Fs"), 0))


@pytest.fixture
def italian(monkeypatch):
    """A fake catalogue: ``texts`` maps an English template to its translation; the rest stays English."""
    texts: dict[str, str] = {}
    monkeypatch.setattr(bot.names, "gettext", lambda message: texts.get(message, message))
    return texts


def test_a_translated_refusal_reads_in_the_language_with_its_fields(italian):
    italian[NOT_IN_HAND] = "{card} non è nella tua mano"
    e = _not_in_hand()
    assert str(e) == "Fs is not in your hand"
    assert error_text(e) == "Fs non è nella tua mano"


def test_a_refusal_with_several_fields_fills_each_in_the_translation(italian):
    italian[BAD_VALUE] = "valore {value} non valido per {name} con {players} giocatori; ammessi: {allowed}"
    e = _refusal(lambda: game_class("briscola").validate_options(2, {"match": "forever"}))
    assert error_text(e) == "valore 'forever' non valido per 'match' con 2 giocatori; ammessi: single, short, long"


def test_an_untranslated_refusal_is_the_english(italian):
    italian["something else"] = "qualcos'altro"
    e = _refusal(lambda: Briscola(2, {"trump_exchange": "off"}, seed=0).apply(Action.exchange("7d"), 0))
    assert error_text(e) == "trump exchange is off at this table"
    assert error_text(_not_in_hand()) == "Fs is not in your hand"


@pytest.mark.parametrize("wrong", ["{carta} non è nella tua mano", "{card} non è nella tua {mano}",
                                   "{0} non è nella tua mano", "{card.rank} non è nella tua mano"])
def test_a_translation_with_wrong_fields_falls_back_to_the_english(italian, wrong):
    italian[NOT_IN_HAND] = wrong
    assert error_text(_not_in_hand()) == "Fs is not in your hand"


async def test_the_service_refuses_a_player_in_the_translation(italian, open_service):
    italian[NOT_IN_HAND] = "{card} non è nella tua mano"
    italian["cannot read {text} as an action"] = "non capisco {text} come mossa"
    italian[BAD_VALUE] = "valore {value} non valido per {name} con {players} giocatori"
    service = await open_service()
    with pytest.raises(BadRequest) as refused:
        await service.create(1, 10, 1, "one", "briscola", 2, {"turn_timer": "off", "match": "forever"},
                             level="random", seed=0)
    assert str(refused.value) == "valore 'forever' non valido per 'match' con 2 giocatori"
    t = await service.create(1, 10, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=0)
    await service.join(t.id, 2, "two")
    info = await service.start(t.id, 1)
    mover = info.seats[info.to_move].user_id
    hand = {str(c) for c in service.view(t.id, mover).hand}
    elsewhere = next(c for c in ("Ad", "3d", "Rd", "Cd", "Fd", "7d", "Ab") if c not in hand)
    with pytest.raises(IllegalMove) as refused:
        await service.act(t.id, mover, f"play {elsewhere}")
    assert str(refused.value) == f"{elsewhere} non è nella tua mano"
    with pytest.raises(BadAction) as refused:
        await service.act(t.id, mover, "dance")
    assert str(refused.value) == "non capisco 'dance' come mossa"


def test_other_errors_are_their_own_text(italian):
    italian["no"] = "non tradurre"
    assert error_text(IllegalMove("no")) == "no"
    assert error_text(KeyError("no")) == "'no'"
