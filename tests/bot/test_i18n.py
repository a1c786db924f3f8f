"""i18n: the English source text as fallback, the Italian catalogue, the language of the context."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.mofile import read_mo
from babel.messages.pofile import read_po

from bot.i18n import LOCALE_DIR, _, gettext, ngettext, use_language
from bot.tables import NotHost, TableFull


def test_fallback_is_the_source_text():
    assert _("No Discord bot token.") == "No Discord bot token."
    assert gettext("Your turn", "it") == "Your turn"
    assert ngettext("{n} card", "{n} cards", 1, "xx") == "{n} card"
    assert ngettext("{n} card", "{n} cards", 3) == "{n} cards"


# ----- the Italian catalogue -----

PO = LOCALE_DIR / "it" / "LC_MESSAGES" / "tavolo.po"
MO = PO.with_suffix(".mo")
NOT_TRANSLATED = {"AI ({level})", "deleted user"}
"""Service texts stored in the database (seat names): they stay as first written."""


def fields(text: str) -> list[str]:
    return sorted(re.findall(r"\{[^{}]*\}", text))


def service_messages() -> list[str]:
    root = Path(__file__).resolve().parents[2] / "bot" / "tables"
    found = []
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.append(node.args[0].value)
    return found


def test_every_text_has_an_italian_translation_with_the_same_fields():
    from cogs.texts import OPTION_LABELS, TEXTS, VALUE_LABELS

    catalog = read_po(PO.open("rb"))
    wanted = [*TEXTS.values(), *OPTION_LABELS.values(), *VALUE_LABELS.values(),
              *(m for m in service_messages() if m not in NOT_TRANSLATED)]
    assert len(service_messages()) > 20
    for text in wanted:
        message = catalog.get(text)
        assert message is not None and message.string, f"no Italian for {text!r}"
        assert fields(message.string) == fields(text), text
        assert not message.fuzzy, text


def test_the_compiled_catalogue_matches_the_po_file():
    po = {m.id: m.string for m in read_po(PO.open("rb")) if m.id}
    mo = {m.id: m.string for m in read_mo(MO.open("rb")) if m.id}
    assert mo == po, "run: pybabel compile -d bot/locale -D tavolo"


def test_messages_follow_the_language_of_the_context():
    from cogs.texts import options_line, t

    assert str(TableFull()) == "The table is full."
    with use_language("it"):
        assert str(TableFull()) == "Il tavolo è al completo."
        assert "organizzatore" in str(NotHost())
        assert t("lobby.join") == "Unisciti"
        assert options_line({"match": "single", "faces": "italian"}) == "partita: una mano · carte: italiane"
        assert t("table.your_turn", mention="@a") == "@a, tocca a te."
    with use_language("en"):
        assert t("lobby.join") == "Join"
    assert t("lobby.join", "it") == "Unisciti"
    assert t("lobby.join") == "Join"


@pytest.mark.parametrize("language", ["xx", None])
def test_unknown_or_no_language_is_english(language):
    from cogs.texts import t

    with use_language(language):
        assert t("lobby.start") == "Start"
