"""The command line's shared pieces: the bounds of the numbers it reads, argument types that refuse bad input in
one short line that says what is expected, and a parser whose own errors stay on one line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from bot.i18n import _
from rules.games import names

GAMES = names()
"""The registered games, as the commands spell them."""
LEVELS = ("easy", "medium", "hard", "random", "greedy")
MAX_ERROR_CHARS = 240
"""Longest error message printed (one line)."""
SEED_MAX = 2**63 - 1
"""Largest ``play`` seed: the table's seed is stored as a 64-bit SQLite integer."""
ARENA_SEED_MAX = 10**12
"""Largest ``arena`` / ``bench`` first seed: each deal's seed, seed x 1000003 + deal, stays below 2**63."""
TIME_MS_MAX = 60_000
DEALS_MAX = 10**6
JOBS_MAX = 64
PLAYERS_MAX = 6
GUILD_MAX = 2**64 - 1
TEXT_MAX = 200
"""Longest option, agent list or benchmark name read from the command line."""
PATH_MAX = 4096
"""Longest path read from the command line (Linux's PATH_MAX)."""
def short(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` on one line and at most ``limit`` characters."""
    flat = " ".join(str(message).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def error(message: str) -> int:
    """Print ``error: message`` (one short line) to stderr and return the usage-error status."""
    print(_("error: {message}").format(message=short(message)), file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors stay on one short line, whatever the user typed."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` cut to one line, and exit with status 2."""
        super().error(short(message, MAX_ERROR_CHARS - 40))


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a short error saying the range."""
    span = _("a whole number from {low} to {high}").format(low=low, high=_number(high))

    def parse(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t[:1] in "+-" else t
        if not digits.isascii() or not digits.isdigit() or len(digits) > 30:
            raise argparse.ArgumentTypeError(_("expected {span}").format(span=span))
        value = int(t)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("expected {span}, not {value}").format(span=span, value=value))
        return value

    parse.__name__ = "whole number"
    return parse


def _number(n: int) -> str:
    """A bound as people read it: ``2**63-1``, ``10**12``, or the plain digits."""
    for base in (2, 10) if n > 10**9 else ():
        for exp in range(30 if base == 2 else 10, 70):
            if n == base**exp:
                return f"{base}**{exp}"
            if n == base**exp - 1:
                return f"{base}**{exp}-1"
    return str(n)


def text(limit: int, what: str = "text") -> Callable[[str], str]:
    """An argparse type: any text of at most ``limit`` characters, else a short error."""

    def parse(value: str) -> str:
        if len(value) > limit:
            raise argparse.ArgumentTypeError(_("{what} longer than {n} characters").format(what=what, n=limit))
        return value

    parse.__name__ = what
    return parse


def one_of(names: Sequence[str]) -> Callable[[str], str]:
    """An argparse type: one of ``names``, else a short error listing them."""

    def parse(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(_("expected one of {names}").format(names=", ".join(names)))
        return text

    parse.__name__ = "name"
    return parse


def check_players(game: str | None, players: int | None) -> None:
    """``RulesError`` unless ``players`` (when given with a game) is a player count of ``game``."""
    if players is not None and game is not None:
        from rules.records import game_class

        game_class(game).check_players(players)
