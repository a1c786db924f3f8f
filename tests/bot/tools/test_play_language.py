"""The terminal game in another language: ``--lang it`` plays whole games without an English line, and with no
``--lang`` the environment's locale decides."""

from __future__ import annotations

import io
import re
import string
import sys
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from bot.__main__ import build_parser
from bot.i18n import environment_language, gettext, ngettext, pgettext, use_language
from bot.lab.catalogue import TEMPLATE
from bot.tools import play as play_module
from bot.tools.play import play

FAST = ("--level", "random", "--time-ms", "5")
ENGLISH_WORDS = re.compile(r"\b(the|you|your|and|is|are|to|of|with|for|round|cards?|points?|wins?|won|turn|"
                           r"plays?|team|game|over|score|trump|stock|hand)\b", re.IGNORECASE)
"""Common English words that no Italian line has (player and card names aside)."""
QUOTED = re.compile(r"'[^']*'")
"""A typed command or card quoted in a line."""


@cache
def english_phrases(language: str) -> frozenset[str]:
    """The literal pieces (two words or more) of every English source text whose translation into ``language``
    does not contain the same piece: seeing one on screen means an English text was shown."""
    with TEMPLATE.open("rb") as f:
        template = read_po(f)
    out = set()
    for message in template:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        if message.context:
            shown = pgettext(message.context, ids[0], language)
        elif len(ids) > 1:
            shown = " ".join(ngettext(ids[0], ids[1], n, language) for n in (1, 2, 5))
        else:
            shown = gettext(ids[0], language)
        for source in ids:
            for literal, *_ in string.Formatter().parse(source):
                for piece in re.split(r"[.:;,!?()\[\]\"'·→—\n*`]+", literal):
                    piece = piece.strip()
                    if len(piece.split()) >= 2 and len(piece) >= 8 and piece not in shown:
                        out.add(piece)
    return frozenset(out)


def english_lines(out: str, language: str) -> list[str]:
    """The lines of ``out`` with English on them."""
    phrases = english_phrases(language)
    found = []
    for line in out.splitlines():
        said = QUOTED.sub("''", line)  # what the player types ('play Zz', 'pass') is the same in every language
        if ENGLISH_WORDS.search(said) or any(p in said for p in phrases):
            found.append(line)
    return found


async def run_play(db: Path, script: str, *extra: str) -> str:
    args = build_parser().parse_args(["play", "--db", str(db), *extra])
    out = io.StringIO()
    with use_language(args.lang):
        code = await play(args, io.StringIO(script), out)
    assert code == 0
    return out.getvalue()


def test_the_check_finds_english_lines():
    english = "--- Round 1 over ---\nYou lead the trick.\nIl tuo turno.\nNon si può leggere 'play Zz'."
    assert english_lines(english, "it") == ["--- Round 1 over ---", "You lead the trick."]


@pytest.mark.parametrize(("game", "players", "script"), [
    ("briscola", "2", "1\n" * 60), ("briscola", "4", "1\n" * 60), ("chiamata", "5", "1\n" * 80),
    ("cicera", "4", "1\n" * 80),
])
async def test_a_whole_game_in_italian_has_no_english_line(db_path, game, players, script):
    bad = "dance\nplay Zz\n99\n"  # refusals of the terminal, of the service and of the engine
    out = await run_play(db_path, "rules\nhelp\n" + bad + script, "--game", game, "--players", players, "--seed",
                         "5", "--lang", "it", *FAST)
    assert out.count(gettext("Not possible: {reason}", "it").split("{")[0]) >= 2
    assert gettext("Game {id} stored.", "it").split("{")[0] in out  # the game was played to its end, in Italian
    assert english_lines(out, "it") == []


async def test_the_same_game_in_english_is_caught_by_the_check(db_path):
    out = await run_play(db_path, "1\n" * 60, "--game", "briscola", "--players", "2", "--seed", "5", "--lang", "en",
                         *FAST)
    assert len(english_lines(out, "it")) > 10


def test_without_lang_the_environment_locale_decides(tmp_path, monkeypatch, capsys):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert environment_language() == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    assert environment_language() == "en"
    monkeypatch.setenv("LANGUAGE", "ru:en")
    assert environment_language() == "ru"
    monkeypatch.setenv("LANGUAGE", "it")
    args = build_parser().parse_args(["play", "--db", str(tmp_path / "t.sqlite3"), "--game", "briscola",
                                      "--players", "2", "--seed", "5", *FAST])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 60))
    assert play_module.main(args) == 0
    out = capsys.readouterr().out
    assert gettext("Game {id} stored.", "it").split("{")[0] in out and english_lines(out, "it") == []
