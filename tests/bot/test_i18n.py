"""i18n: the English source text as fallback, every catalogue complete and up to date, the language of the
context."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message

from bot.i18n import _, gettext, ngettext, use_language
from bot.lab import catalogue
from bot.tables import NotHost, TableFull

TEMPLATE_NAME = catalogue.TEMPLATE.relative_to(catalogue.ROOT)


def service_messages() -> list[str]:
    """The texts the table service raises and says (``_("...")`` in ``bot/tables``)."""
    root = Path(__file__).resolve().parents[2] / "bot" / "tables"
    found = []
    for path in root.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "_"
                    and node.args and isinstance(node.args[0], ast.Constant)):
                found.append(node.args[0].value)
    return found


def test_fallback_is_the_source_text():
    assert _("No Discord bot token.") == "No Discord bot token."
    assert gettext("Your turn", "it") == "Your turn"
    assert ngettext("{n} card", "{n} cards", 1, "xx") == "{n} card"
    assert ngettext("{n} card", "{n} cards", 3) == "{n} cards"


# ----- the catalogues -----
@pytest.fixture(scope="module")
def template():
    """The template, extracted afresh from the sources and the command tree."""
    return catalogue.template()


@pytest.mark.parametrize("language", catalogue.translated_languages())
def test_every_catalogue_is_complete_with_the_english_fields_and_babels_checks(template, language):
    found = [p for p in catalogue.problems(template, [language]) if not p.startswith(str(TEMPLATE_NAME))]
    assert found == [], "\n".join(found[:40])


def test_a_changed_plural_text_is_a_new_text(template):
    changed = Catalog()
    for m in template:
        if m.id:
            changed.add(m.id if isinstance(m.id, str) or m.id[0] != "{n} player" else ("{n} player", "{n} people"),
                        context=m.context)
    assert [p for p in catalogue.problems(changed, ["it"]) if "{n} player" in p], "a changed plural went unseen"


def test_the_committed_template_is_up_to_date(template):
    assert [p for p in catalogue.problems(template, []) if "template" in p or "tavolo.pot" in p] == []


@pytest.mark.parametrize("language", catalogue.translated_languages())
def test_each_catalogue_has_its_languages_plural_forms(language):
    catalog = catalogue.read_catalogue(language)
    assert catalog is not None
    # GNU gettext's forms: Russian three (1, 2-4, 5-20...), Korean one, the others two (CLDR gives Italian a
    # third form for "a million of", which the bot never counts)
    assert catalog.num_plurals == {"ru": 3, "ko": 1}.get(language, 2)
    if language != "it":
        assert catalog.plural_forms == Catalog(locale=language).plural_forms
    counted = [m for m in catalog if m.id and isinstance(m.id, tuple)]
    assert counted and all(len(m.string) == catalog.num_plurals for m in counted)


def test_the_template_holds_every_text_the_bot_shows(template):
    from bot.rules_text import RULES
    from cogs.texts import OPTION_LABELS, PLURALS, TEXTS, VALUE_LABELS
    from images.common import LABELS, PLURAL_LABELS

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in template if m.id}
    wanted = [*TEXTS.values(), *OPTION_LABELS.values(), *VALUE_LABELS.values(), *LABELS.values(),
              *(s for s, _p in [*PLURALS.values(), *PLURAL_LABELS.values()]),
              *(text for sections in RULES.values() for section in sections for text in section),
              *service_messages()]
    assert len(service_messages()) > 20
    assert [text for text in wanted if text not in ids] == []
    names = {m.id for m in template if m.context == "command"}
    assert {"briscola", "chiamata", "cicera", "rules", "language", "players", "game"} <= names


def test_the_check_finds_each_kind_of_fault():
    def message(id_, string, **kw):
        return Message(id_, string, **kw)

    assert catalogue.message_problems("it", message("{n} cards", "{n} carte")) == []
    assert "is not translated" in catalogue.message_problems("it", message("Join", ""))[0]
    assert "is fuzzy" in catalogue.message_problems("it", message("Join", "Entra", flags=["fuzzy"]))[0]
    assert "differ" in catalogue.message_problems("it", message("Hi {name}", "Ciao {nome}"))[0]
    assert "differ" in catalogue.message_problems("it", message("{a} and {b}", "{a}"))[0]
    assert "not translated" in catalogue.message_problems("ru", message(("{n} card", "{n} cards"),
                                                                         ("{n} карта", "", "{n} карт")))[0]
    assert catalogue.message_problems("it", message(("{n} card", "{n} cards"), ("una carta", "{n} carte"))) == []
    # Russian's first form is also 21's and 31's: it must keep the number; Korean's only form too
    assert "differ" in catalogue.message_problems("ru", message(("{n} card", "{n} cards"),
                                                                 ("одна карта", "{n} карты", "{n} карт")))[0]
    assert catalogue.message_problems("ru", message(("{n} card", "{n} cards"),
                                                     ("{n} карта", "{n} карты", "{n} карт"))) == []
    assert "differ" in catalogue.message_problems("ko", message(("{n} card", "{n} cards"), ("카드 한 장",)))[0]


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


@pytest.mark.parametrize("language", ["xx", "fr"])
def test_unknown_or_no_language_is_english(language):
    from cogs.texts import t

    with use_language(language):
        assert t("lobby.start") == "Start"


@pytest.mark.parametrize("language", catalogue.translated_languages())
def test_the_rules_fit_one_message_in_every_language(language):
    from bot.rules_text import rules_text
    from cogs.render.layout import TEXT_MAX
    from cogs.rules_text import rules_view
    from cogs.texts import game_name

    for game in ("briscola", "chiamata", "cicera"):
        sections = rules_text(game, lambda m: gettext(m, language))
        assert sections != rules_text(game), f"the {game} rules are not translated into {language}"
        full = "### " + game_name(game, language) + "".join(f"**{h}**\n{text}\n\n" for h, text in sections)
        assert len(full) <= TEXT_MAX, f"the {game} rules take {len(full)} characters in {language}: cut"
        with use_language(language):
            shown = "".join(getattr(item, "content", "") for item in rules_view(game).walk_children())
        assert all(text.strip() in shown for _h, text in sections)


@pytest.mark.parametrize("language", catalogue.translated_languages())
def test_every_select_placeholder_fits_a_phone_in_every_language(language):
    from cogs.texts import TEXTS, t

    keys = [k for k in TEXTS if k.endswith("placeholder")]
    assert len(keys) >= 5
    fields = {"suit": "Denari", "suits": "Denari, Coppe"}
    long = {k: t(k, language, **fields) for k in keys if len(t(k, language, **fields)) > 35}
    assert long == {}, "about 35 characters of a placeholder show on a phone"
