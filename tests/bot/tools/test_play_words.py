"""The terminal game's commands in the player's language: under ``--lang it`` the Italian words (``aiuto``,
``passo``, ``esci``) are read as the English ones, and ``help`` lists them."""

from __future__ import annotations

import io
from pathlib import Path

from bot.__main__ import build_parser
from bot.i18n import gettext, pgettext, use_language
from bot.tools.play import play
from bot.tools.views.words import COMMAND_WORDS, in_english

FAST = ("--level", "random", "--time-ms", "5")


async def run_play(db: Path, script: str, *extra: str) -> str:
    args = build_parser().parse_args(["play", "--db", str(db), *extra])
    out = io.StringIO()
    with use_language(args.lang):
        assert await play(args, io.StringIO(script), out) == 0
    return out.getvalue()


async def test_italian_commands_are_accepted_and_explained(db_path):
    out = await run_play(db_path, "aiuto\npasso\nesci\n1\n", "--game", "chiamata", "--seed", "5", "--lang", "it", *FAST)
    refused = gettext("Not possible: {reason}", "it").split("{")[0]
    assert refused not in out, "every Italian word was read as its command ('esci' stopped before the '1')"
    said = out.splitlines()
    listed = [line for line in said if "'passo' = 'pass'" in line and "'aiuto' = 'help'" in line]
    assert len(listed) == 1, "help lists the Italian words"
    me = [line for line in said if line.startswith("> ")]
    passed = gettext("{name} passes.", "it").replace("{name}", "")
    assert me[1].endswith(passed) and "(" + gettext("you", "it") + ")" in me[1], "passo passed at the auction"


def test_every_language_reads_its_own_words_and_english_stays_english():
    for language in ("it", "de", "el", "ru", "ko", "eo"):
        with use_language(language):
            for english, source in COMMAND_WORDS.items():
                word = pgettext("terminal command", source)
                assert word != english, (language, english)
                assert in_english(f"{word.upper()} 7s", language) == f"{english} 7s", (language, word)
                assert in_english(f"{english} 7s", language) == f"{english} 7s"
    assert in_english("passo", "en") == "passo", "English reads no other language's words"
    assert in_english("παιζω 7s", "el") == "play 7s", "accents need not be typed"
