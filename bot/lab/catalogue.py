"""The translation catalogues, with Babel: one template, one ``.po`` per language, compiled ``.mo`` files.

    python -m bot.lab.catalogue            extract, update every language, compile (the whole workflow)
    python -m bot.lab.catalogue extract    write the template bot/locale/tavolo.pot from the sources
    python -m bot.lab.catalogue update     merge the template into each bot/locale/<lang>/LC_MESSAGES/tavolo.po
    python -m bot.lab.catalogue compile    write each tavolo.mo beside its .po
    python -m bot.lab.catalogue check      say what is missing, fuzzy, wrong or out of date (exit 1 if any)

The template holds every text marked in ``bot``, ``cogs`` and ``images`` (``_``, ``gettext``, ``ngettext``,
``pgettext``, and the markers ``N_``, ``NP_`` (singular, plural) and ``NC_`` (context, text) where texts are
defined), and every string of the slash command tree: discord.py asks the bot's translator for them at sync
time, and this tool asks the tree the same way (names with the ``msgctxt`` ``command``). The compiled ``.mo``
files are committed; ``check`` (run by the tests) fails when one is older than its ``.po``.
"""

from __future__ import annotations

import argparse
import asyncio
import gettext as gettext_module
import io
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from bot.i18n import DOMAIN, LANGUAGE_NAMES, LANGUAGES, LOCALE_DIR

ROOT = LOCALE_DIR.parent.parent
"""The project's top folder."""
SOURCES = ("bot", "cogs", "images", "rules")
"""The packages whose texts are extracted (``rules`` marks only its errors' templates, with ``N_``: the layers
above name things, and translate the errors with ``bot.names.error_text``)."""
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
KEYWORDS: dict[str, Any] = {**DEFAULT_KEYWORDS, "N_": None, "NP_": (1, 2), "NC_": ((1, "c"), 2)}
"""Babel's keywords: its defaults (``_``, ``gettext``, ``ngettext``, ``pgettext``...) and Tavolo's markers."""
NAME_CONTEXT = "command"
"""The ``msgctxt`` of the command tree's names (as ``cogs.translator`` looks them up)."""
WIDTH = 120
PROJECT = "Tavolo"


def po_path(language: str) -> Path:
    """The ``.po`` file of a language."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str) -> Path:
    """The compiled catalogue of a language."""
    return po_path(language).with_suffix(".mo")


def translated_languages() -> tuple[str, ...]:
    """Every language but English (the source)."""
    return tuple(code for code in LANGUAGES if code != "en")


# ----- extraction -----
def source_messages() -> Iterator[tuple[str | tuple[str, ...], str | None, str]]:
    """(message or (singular, plural), context, "file:line") of every marked text of the sources."""
    method_map = [("**.py", "python")]
    for package in SOURCES:
        for filename, lineno, message, _comments, context in extract_from_dir(
                ROOT / package, method_map, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
            yield message, context, f"{package}/{filename}:{lineno}"


def command_messages() -> list[tuple[str, str | None, str]]:
    """(message, context, where) of every string the slash command tree asks its translator for."""
    return asyncio.run(_walk_commands())


async def _walk_commands() -> list[tuple[str, str | None, str]]:
    import discord
    from discord import app_commands
    from discord.app_commands import TranslationContextLocation as Where

    from bot.app import TavoloBot
    from bot.config import Settings

    asked: list[tuple[str, str | None, str]] = []
    names = {Where.command_name, Where.group_name, Where.parameter_name}

    class Recorder(app_commands.Translator):
        async def translate(self, string: app_commands.locale_str, locale: discord.Locale,  # noqa: ARG002
                            context: app_commands.TranslationContextTypes) -> str | None:
            if string.message not in LANGUAGE_NAMES.values():  # each language by its own name: never translated
                where = f"commands/{context.location.name}"
                asked.append((string.message, NAME_CONTEXT if context.location in names else None, where))
            return None

    bot = TavoloBot(Settings.model_construct(), run_tables=False, sync_on_change=False)
    async with bot:  # (sets the client up, and closes it after, without logging in)
        await bot.setup_hook()
        recorder = Recorder()
        for command in bot.tree.get_commands():
            await command.get_translated_payload(bot.tree, recorder)
    return asked


def template() -> Catalog:
    """The template catalogue, extracted afresh (English source texts, no translations)."""
    catalog = Catalog(project=PROJECT, domain=DOMAIN, charset="utf-8", fuzzy=False)
    for message, context, where in [*source_messages(), *command_messages()]:
        file, _, line = where.rpartition(":")
        location = (file, int(line)) if line.isdigit() else (where, 0)
        catalog.add(message, None, [location], context=context)
    return catalog


def write_template(catalog: Catalog) -> None:
    """Write the template file."""
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as f:
        write_po(f, catalog, width=WIDTH, omit_header=False, sort_output=False, include_lineno=False)


# ----- per language -----
def read_catalogue(language: str) -> Catalog | None:
    """A language's catalogue, or ``None`` when it has no ``.po`` yet."""
    path = po_path(language)
    if not path.exists():
        return None
    with path.open("rb") as f:
        return read_po(f, locale=language, domain=DOMAIN)


def update(language: str, tmpl: Catalog) -> Catalog:
    """Merge the template into a language's catalogue (a new one when it has none): new texts come in
    untranslated, texts no longer in the sources are dropped; no fuzzy guesses."""
    catalog = read_catalogue(language)
    if catalog is None:
        catalog = Catalog(locale=language, domain=DOMAIN, project=PROJECT, charset="utf-8", fuzzy=False)
    catalog.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
    catalog.obsolete.clear()
    path = po_path(language)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=WIDTH, sort_output=False, include_lineno=False, ignore_obsolete=True)
    return catalog


def compiled(catalog: Catalog) -> bytes:
    """A catalogue as ``.mo`` bytes."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_language(language: str) -> None:
    """Write a language's ``.mo`` from its ``.po``."""
    catalog = read_catalogue(language)
    if catalog is not None:
        mo_path(language).write_bytes(compiled(catalog))


# ----- checks -----
def fields(text: str) -> list[str]:
    """The ``{fields}`` of a text, in order (``{rating:.1f}`` counts as ``rating:.1f``)."""
    out = []
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            out.append(name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else ""))
    return out


def message_problems(language: str, message: Message, plural_forms: str | None = None) -> list[str]:
    """What is wrong with one translated message (``plural_forms``: the catalogue's ``Plural-Forms`` header;
    default the language's by Babel)."""
    ids: tuple[str, ...] = _tuple(message.id)
    strings: tuple[str, ...] = _tuple(message.string)
    where = f"{language}: {ids[0]!r}" + (f" ({message.context})" if message.context else "")
    if message.fuzzy:
        return [f"{where} is fuzzy"]
    if not all(strings):
        return [f"{where} is not translated"]
    problems = []
    one_only = _forms_for_one_only(plural_forms or Catalog(locale=language).plural_forms) if len(ids) > 1 else ()
    try:
        wanted = sorted(fields(ids[-1]))
        for index, text in enumerate(strings):
            if sorted(fields(text)) != wanted and not (index in one_only and _counts_only(ids, text)):
                problems.append(f"{where}: fields {sorted(fields(text))} differ from the English {wanted}")
    except ValueError as e:
        problems.append(f"{where}: braces do not parse ({e})")
    problems += [f"{where}: {error}" for error in message.check()]
    return problems


def _forms_for_one_only(plural_forms: str) -> tuple[int, ...]:
    """The plural forms that only n = 1 takes (``one card`` may leave out ``{n}`` there; Russian's first form
    is also 21's, 31's..., so it must keep ``{n}``)."""
    expression = plural_forms.split("plural=", 1)[1].rstrip(";")
    rule = gettext_module.c2py(expression)
    taken: dict[int, set[int]] = {}
    for n in range(1001):
        taken.setdefault(rule(n), set()).add(n)
    return tuple(form for form, numbers in taken.items() if numbers == {1})


def _counts_only(ids: tuple[str, ...], text: str) -> bool:
    """A plural form may leave out ``{n}`` but no other field."""
    return sorted(f for f in fields(ids[-1]) if f != "n") == sorted(f for f in fields(text) if f != "n")


def problems(tmpl: Catalog | None = None, languages: Iterable[str] | None = None) -> list[str]:
    """Everything wrong with the catalogues: texts missing, untranslated, fuzzy or with other fields than the
    English one, plural forms of the wrong number (Babel's checks), a ``.po`` behind the sources, a ``.mo``
    behind its ``.po``."""
    tmpl = tmpl if tmpl is not None else template()
    wanted = {(_tuple(m.id), m.context) for m in tmpl if m.id}
    out: list[str] = []
    if TEMPLATE.exists():
        with TEMPLATE.open("rb") as f:
            kept = {(_tuple(m.id), m.context) for m in read_po(f) if m.id}
        if kept != wanted:
            out.append(f"{TEMPLATE.relative_to(ROOT)} is out of date: run python -m bot.lab.catalogue")
    else:
        out.append(f"{TEMPLATE.relative_to(ROOT)} is missing: run python -m bot.lab.catalogue")
    for language in languages if languages is not None else translated_languages():
        catalog = read_catalogue(language)
        if catalog is None:
            out.append(f"{language}: {po_path(language).relative_to(ROOT)} is missing")
            continue
        have = {(_tuple(m.id), m.context): m for m in catalog if m.id}
        out += [f"{language}: {mid[0]!r} ({ctx}) is not in the catalogue" for mid, ctx in sorted(
            wanted - have.keys(), key=str)]
        for key in sorted(wanted & have.keys(), key=str):
            out += message_problems(language, have[key], catalog.plural_forms)
        out += _mo_problems(language, catalog)
    return out


_Entries = dict[tuple[tuple[str, ...], str | None], tuple[str, ...]]
"""A catalogue's translated texts: (its forms, its context) → the translated forms."""


def _mo_problems(language: str, catalog: Catalog) -> list[str]:
    path = mo_path(language)
    if not path.exists():
        return [f"{language}: {path.relative_to(ROOT)} is missing: run python -m bot.lab.catalogue compile"]
    with path.open("rb") as f:
        built = read_mo(f)

    def table(c: Iterable[Message]) -> _Entries:
        return {(_tuple(m.id), m.context): _tuple(m.string) for m in c if m.id and any(_tuple(m.string))
                and not m.fuzzy}

    def kept(entries: _Entries) -> _Entries:  # (an untranslated plural is written as its English forms)
        return {key: text for key, text in entries.items() if len(key[0]) == 1 or not set(text) <= set(key[0])}

    if kept(table(built)) != kept(table(catalog)):
        return [f"{language}: {path.relative_to(ROOT)} is older than its .po: run python -m bot.lab.catalogue "
                "compile"]
    return []


def _tuple(value: Any) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (list, tuple)) else (value,)


# ----- the command line -----
def main(argv: list[str] | None = None) -> int:
    """Run the workflow (or one step of it)."""
    parser = argparse.ArgumentParser(prog="python -m bot.lab.catalogue", description=__doc__.split("\n\n")[0])
    parser.add_argument("step", nargs="?", default="all", choices=("all", "extract", "update", "compile", "check"))
    parser.add_argument("--lang", action="append", choices=translated_languages(),
                        help="only this language (update, compile, check; may be repeated)")
    args = parser.parse_args(argv)
    languages = tuple(args.lang or translated_languages())
    tmpl = template() if args.step in ("all", "extract", "update", "check") else None
    if args.step in ("all", "extract") and tmpl is not None:
        write_template(tmpl)
        print(f"{TEMPLATE.relative_to(ROOT)}: {len(tmpl)} texts")
    if args.step in ("all", "update") and tmpl is not None:
        for language in languages:
            catalog = update(language, tmpl)
            left = sum(1 for m in catalog if m.id and (not all(m.string if isinstance(m.string, tuple)
                                                                else (m.string,)) or m.fuzzy))
            print(f"{po_path(language).relative_to(ROOT)}: {len(catalog)} texts, {left} to translate")
    if args.step in ("all", "compile"):
        for language in languages:
            compile_language(language)
    if args.step == "check":
        found = problems(tmpl, languages)
        for line in found:
            print(line)
        print(f"{len(found)} problems" if found else "the catalogues are complete and up to date")
        return 1 if found else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
