"""The ``custom_id`` formats of every button and select. Each carries what its click needs (the table id, the
table's version when the controls were drawn, the action), so a click works after a restart without any
state kept in memory. All begin with ``tv:`` and stay under Discord's 100 characters."""

from __future__ import annotations

from rules.actions import Action

LOBBY = r"tv:lobby:(?P<table>\d+):(?P<verb>join|leave|start|cancel)"
LOBBY_AI = r"tv:lobbyai:(?P<table>\d+)"
HAND = r"tv:hand:(?P<table>\d+)"
ACT = r"tv:act:(?P<table>\d+):(?P<version>\d+):(?P<code>[^ ]+)"
ACT_SELECT = r"tv:sel:(?P<table>\d+):(?P<version>\d+):(?P<kind>bid|discard|call|take)(?::(?P<extra>\w+))?"
PAGE = r"tv:page:(?P<table>\d+):(?P<version>\d+):(?P<page>\d{1,6})"
OLD_HAND = r"tv:(?:pick|back):.*"
"""The Cicera Pick and Back buttons of hand messages drawn before the captures came in one step: an old
message may still carry them, and they are answered with a short "press My hand"."""
REMATCH = r"tv:rematch:(?P<game>\d+)"
LEADERBOARD = r"tv:lb:(?P<game>[^:]*)(?::(?P<page>[^:]*))?(?::(?P<tag>.*))?"
"""Loose on purpose: any ``tv:lb:`` id reaches the Standings, which read it with ``page_number`` and answer a
forged one (``tv:lb:briscola:1e20``, a negative page, an unknown game) with a short message."""
RESET = r"tv:reset:(?P<game>[a-z]+)"
SEASON = r"tv:season:(?P<verb>[^:]*):(?P<season>[^:]*)"
"""Loose on purpose: the Admin reads the verb and the season number (``season_number``) and answers a forged or
stale one with a short message."""
SEASON_LEADERBOARD = r"tv:lbs:(?P<season>[^:]*):(?P<game>[^:]*)(?::(?P<page>[^:]*))?(?::(?P<tag>.*))?"
"""A page of a closed season's leaderboard; loose like ``LEADERBOARD``, read by the Standings."""
REVIEW = r"tv:review:(?P<game>\d+)"
REPLAY = r"tv:replay:(?P<game>\d+)"
HINT = r"tv:hint:(?P<table>\d+):(?P<version>\d+)"
TOURNAMENT = r"tv:tourn:(?P<tournament>[^:]*):(?P<verb>[^:]*)"
"""A tournament panel's button; loose on purpose: the Tournaments cog reads the id and the verb and answers a
forged or stale one with a short message."""
TOURNAMENT_VERBS = ("join", "leave", "start", "cancel")

MAX_ID = 2**63 - 1
"""The largest id a ``custom_id`` may name: a game id beyond it cannot be in the database (SQLite's integers
stop there, and asking for a bigger one fails)."""
MAX_PAGE = 1_000_000
"""The last leaderboard page a ``custom_id`` may ask for (ten players a page)."""


def page_number(text: str) -> int | None:
    """A leaderboard page from a ``custom_id`` (0 is the disabled Previous of page 1): an integer 0 to
    ``MAX_PAGE`` in plain ASCII digits, else ``None``."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_PAGE)):
        return None
    page = int(text)
    return page if page <= MAX_PAGE else None


def lobby(table_id: int, verb: str) -> str:
    """A lobby button: join, leave, start or cancel."""
    return f"tv:lobby:{table_id}:{verb}"


def lobby_ai(table_id: int) -> str:
    """The lobby's AI select."""
    return f"tv:lobbyai:{table_id}"


def hand(table_id: int) -> str:
    """The table message's My hand button."""
    return f"tv:hand:{table_id}"


def action_code(action: Action) -> str:
    """An action's text form with ``_`` for spaces (``play_7s_take_3d_4b``), for ids and select values."""
    return str(action).replace(" ", "_")


def action_of(code: str) -> Action:
    """The action of a code made by ``action_code``; ``RulesError`` when it cannot be read."""
    return Action.parse(code.replace("_", " "))


def act(table_id: int, version: int, action: Action) -> str:
    """A button that takes one action."""
    return f"tv:act:{table_id}:{version}:{action_code(action)}"


def act_select(table_id: int, version: int, kind: str, extra: str | None = None) -> str:
    """A select whose values are action codes (``bid``, ``call``, ``take``) or cards (``discard``); ``extra``
    tells apart two selects of one kind (a suit, a page)."""
    return f"tv:sel:{table_id}:{version}:{kind}" + (f":{extra}" if extra else "")


def page(table_id: int, version: int, number: int) -> str:
    """Cicera: the same hand with page ``number`` (from 0) of its capture choices."""
    return f"tv:page:{table_id}:{version}:{number}"


def tournament(tournament_id: int, verb: str) -> str:
    """A button of a tournament's panel: join, leave, start or cancel."""
    return f"tv:tourn:{tournament_id}:{verb}"


def rematch(game_id: int) -> str:
    """A new lobby with the settings of a finished game."""
    return f"tv:rematch:{game_id}"


def review(game_id: int) -> str:
    """The Review button of a match summary: the presser's costliest decisions of that game."""
    return f"tv:review:{game_id}"


def replay(game_id: int) -> str:
    """The Replay button of a match summary: the game's animation."""
    return f"tv:replay:{game_id}"


def hint(table_id: int, version: int) -> str:
    """The Hint button of a hand at a practice table (``hints`` on), for the position it was drawn at."""
    return f"tv:hint:{table_id}:{version}"


def leaderboard(game: str, page: int, tag: str | None = None) -> str:
    """A leaderboard page."""
    return f"tv:lb:{game}:{page}" + (f":{tag}" if tag else "")


def reset(game: str) -> str:
    """The confirmation of a leaderboard reset."""
    return f"tv:reset:{game}"


SEASON_CLOSE = "close"
"""The verb of the button that closes the season."""
SEASON_KEEP = "keep"
"""The verb of the button that keeps it."""


def season(verb: str, number: int) -> str:
    """A button of the confirmation of ``/settings season start``: ``close`` or ``keep`` season ``number``."""
    return f"tv:season:{verb}:{number}"


def season_leaderboard(season: int, game: str, page: int, tag: str | None = None) -> str:
    """A page of a closed season's leaderboard."""
    return f"tv:lbs:{season}:{game}:{page}" + (f":{tag}" if tag else "")


def season_number(text: str) -> int | None:
    """A season number from a ``custom_id``: plain ASCII digits, 1 to ``MAX_PAGE``, else ``None``."""
    number = page_number(text)
    return number if number else None


HISTORY = r"tv:hist:(?P<game>[^:]*)(?::(?P<member>[^:]*))?(?::(?P<page>[^:]*))?(?::(?P<tag>.*))?"
"""Loose on purpose, like ``LEADERBOARD``: any ``tv:hist:`` id reaches the Standings, which read its filters with
``history_filters`` and answer a forged one with a short message."""
HISTORY_ALL = "all"
"""The game field of a history id that lists every game."""


def history(game: str | None, member: int | None, page: int, tag: str | None = None) -> str:
    """A page of ``/history``: the game filter (``all``), the member filter (0: everyone) and the page."""
    return f"tv:hist:{game or HISTORY_ALL}:{member or 0}:{page}" + (f":{tag}" if tag else "")


def member_number(text: str) -> int | None:
    """A member id from a ``custom_id`` (0: no member): plain ASCII digits up to ``MAX_ID``, else ``None``."""
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_ID)):
        return None
    number = int(text)
    return number if number <= MAX_ID else None
