"""Every registered game is complete: an entry in every layer's registry (its AI, its pictures, its Discord
render, its terminal view), a ``/rules`` text, a slash command, its texts in every catalogue, and it passes the
conformance checks. A game missing a piece fails with a message naming the game and the piece: shown by a test
game registered only here, given every piece but one."""

from __future__ import annotations

import dataclasses
import functools
import json
import random
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from bot import rules_text
from bot.i18n import LANGUAGES, LOCALE_DIR
from bot.tools import views
from cogs.lobby import game_command
from cogs.render import games as renders
from images import registry as pictures
from rules.actions import N_
from rules.ai import registry as ais
from rules.games import GAMES, names, spec
from rules.games.briscola.engine import Briscola
from rules.records import replay_record
from rules.spec import GameSpec, register
from tests.rules.test_conformance import play_out

PIECES = ("AI", "pictures", "Discord render", "terminal view", "/rules text", "slash command", "catalogue texts",
          "conformance")
"""What every game has, as the failures name it."""
DEPENDENTS = {"Discord render": {"slash command"}}
"""A piece whose absence takes another with it: the slash command's texts are its render's."""
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")


@functools.cache
def catalogue(language: str) -> dict[str, str]:
    """A language's translations, by English text (texts without a context)."""
    with (LOCALE_DIR / language / "LC_MESSAGES" / "tavolo.po").open("rb") as f:
        return {m.id: m.string for m in read_po(f) if isinstance(m.id, str) and not m.context and m.string}


def game_texts(game: str) -> list[str]:
    """The texts a game brings: its spec's (title, turn, score unit, summary rows), its /rules sections and its
    slash command's."""
    found = spec(game)
    texts = [found.title, found.turn_noun, found.score_unit, *(row.label for row in found.summary_rows)]
    texts += [text for section in rules_text.RULES.get(game, ()) for text in section]
    render = renders.RENDERS.get(game)  # (a game without them is reported missing its render and /rules text)
    if render is None:
        return texts
    texts += [render.command, *render.option_help.values(),
              *(label for labels in render.choice_labels.values() for label in labels.values())]
    return texts


def check_catalogues(game: str) -> None:
    for language in TRANSLATED:
        untranslated = [text for text in game_texts(game) if text not in catalogue(language)]
        assert not untranslated, f"{language} lacks {untranslated[:3]}"


def check_command(game: str) -> None:
    assert renders.for_game(game).command, "its render gives the command no description"
    command = game_command(game)
    assert command.name == game


def check_conformance(game: str) -> None:
    """The conformance test's playout for every player count: legal actions to the end, views checked, the
    record replayed to the same result."""
    for players in spec(game).player_counts:
        match = spec(game).new_match(players, {}, 7)
        play_out(match, random.Random(7), views_every=5)
        assert replay_record(json.loads(json.dumps(match.record()))).result() == match.result()


CHECKS = {
    "AI": lambda game: ais.game_ai(game),
    "pictures": lambda game: pictures.for_game(game),
    "Discord render": lambda game: renders.for_game(game),
    "terminal view": lambda game: views.for_game(game),
    "/rules text": lambda game: rules_text.for_game(game),
    "slash command": check_command,
    "catalogue texts": check_catalogues,
    "conformance": check_conformance,
}


def missing_pieces(game: str) -> list[str]:
    """What ``game`` lacks, one line per piece naming the game, the piece and why."""
    problems = []
    for piece in PIECES:
        try:
            CHECKS[piece](game)
        except Exception as e:  # noqa: BLE001 - any failure of a piece is reported as that piece missing
            problems.append(f"{game}: no {piece} ({type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''})")
    return problems


@pytest.mark.parametrize("game", names())
def test_every_registered_game_is_complete(game):
    assert missing_pieces(game) == []


async def test_the_lobby_registers_a_command_per_game():
    import discord
    from discord.ext import commands

    from cogs import lobby

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await lobby.setup(bot)  # type: ignore[arg-type]
    assert {c.name for c in bot.tree.get_commands()} == {*names(), "table"}
    await lobby.teardown(bot)  # type: ignore[arg-type]
    assert {c.name for c in bot.tree.get_commands()} == {"table"}


# ----- a test game, registered here only -----
FAKE = "patience"


class Stuck(Briscola):
    """An engine that breaks the protocol: a match not over with no legal action."""

    def legal_actions(self):  # type: ignore[no-untyped-def]
        return []


def fake_spec(given: frozenset[str]) -> GameSpec:
    base = spec("briscola")
    return dataclasses.replace(base, name=FAKE, title=base.title if "catalogue texts" in given else N_("Patience"),
                               match=Briscola if "conformance" in given else Stuck)


def give(piece: str) -> None:
    """Register one piece for the test game, borrowed from Briscola's."""
    if piece == "AI":
        ais.register(dataclasses.replace(ais.game_ai("briscola"), game=FAKE))
    elif piece == "pictures":
        pictures.register(dataclasses.replace(pictures.for_game("briscola"), game=FAKE))
    elif piece == "terminal view":
        views.register(dataclasses.replace(views.for_game("briscola"), game=FAKE))
    elif piece == "/rules text":
        rules_text.register(FAKE, rules_text.for_game("briscola"))


@pytest.fixture
def test_game() -> Iterator[object]:
    """``add(pieces)``: registers the test game with those pieces; all of it is removed after the test."""

    def add(given: frozenset[str]) -> None:
        register(fake_spec(given))
        for piece in given:
            give(piece)
        if "Discord render" in given:
            render = renders.for_game("briscola")
            renders.register(dataclasses.replace(render, game=FAKE, command=(
                render.command if "slash command" in given else "")))

    yield add
    GAMES.pop(FAKE, None)
    ais.unregister(FAKE)
    pictures.unregister(FAKE)
    renders.unregister(FAKE)
    views.unregister(FAKE)
    rules_text.RULES.pop(FAKE, None)


def test_the_test_game_with_every_piece_is_complete(test_game):
    test_game(frozenset(PIECES))
    assert FAKE in names()
    assert missing_pieces(FAKE) == []


@pytest.mark.parametrize("piece", PIECES)
def test_a_game_missing_a_piece_is_named_with_the_piece(test_game, piece):
    test_game(frozenset(PIECES) - {piece})
    problems = missing_pieces(FAKE)
    assert {p.split(" (")[0] for p in problems} == {f"{FAKE}: no {p}" for p in {piece, *DEPENDENTS.get(piece, ())}}
    assert problems[0].startswith(f"{FAKE}: no {piece} ("), problems


def test_a_game_with_nothing_but_its_spec_misses_every_piece(test_game):
    test_game(frozenset())
    assert [p.split(" (")[0] for p in missing_pieces(FAKE)] == [f"{FAKE}: no {piece}" for piece in PIECES]
