"""The game registry, and replaying a JSON game record through its engine to check it."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from rules.actions import Action, RulesError
from rules.engine import RECORD_FORMAT, Match

GAME_MODULES = {"briscola": "rules.briscola", "chiamata": "rules.chiamata", "cicera": "rules.cicera"}


def game_class(name: str) -> type[Match]:
    """The engine class of a game name (``briscola``, ``chiamata``, ``cicera``)."""
    mod = GAME_MODULES.get(name)
    if mod is None:
        raise RulesError(f"unknown game {name!r}; games are: {', '.join(GAME_MODULES)}")
    return importlib.import_module(mod).GAME


def new_game(name: str, players: int, options: dict | None = None, seed: int = 0, **kw) -> Match:
    """A new match of a game; options are validated (``OptionError`` names the option and its values)."""
    return game_class(name)(players, options, seed, **kw)


@dataclass
class ReplayError(Exception):
    """The first problem found in a record: where it is and why."""

    round: int | None
    action: int | None
    reason: str

    def __str__(self) -> str:
        where = []
        if self.round is not None:
            where.append(f"round {self.round}")
        if self.action is not None:
            where.append(f"action {self.action}")
        return (", ".join(where) + ": " if where else "") + self.reason


def _same(a, b) -> bool:
    """Stored and recomputed results agree (lists and tuples alike; a bool never equals an int)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b


REQUIRED_RESULT = {"briscola": ("card_points", "game_points"), "chiamata": ("card_points", "game_points"),
                   "cicera": ("score", "game_points")}
"""Keys every round result of a record must hold, per game."""
ROUND_KEYS = ("caller", "partner", "target", "success")
"""Round-level keys (Chiamata) checked when present."""


def replay_record(rec: dict) -> Match:
    """Replay a record through the engine: deals, every action, every stored result.

    Returns the finished match; raises ``ReplayError`` at the first problem."""
    if not isinstance(rec, dict):
        raise ReplayError(None, None, "a record is a JSON object")
    if rec.get("format") != RECORD_FORMAT:
        raise ReplayError(None, None, f"unknown record format {rec.get('format')!r} (expected {RECORD_FORMAT})")
    rounds = rec.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise ReplayError(None, None, "the record has no rounds")
    for i, r in enumerate(rounds):
        if not isinstance(r, dict) or not isinstance(r.get("actions"), list):
            raise ReplayError(i, None, "a round needs a dealer, a deal and a list of actions")
    try:
        # Unchecked JSON values (None when missing): new_game rejects bad ones with RulesError or TypeError.
        game: Any = rec.get("game")
        players: Any = rec.get("players")
        match = new_game(
            game, players, rec.get("options") or {}, rec.get("seed", 0),
            first_dealer=rounds[0].get("dealer"), deals=lambda i, dealer: _deal_of(rounds, i, dealer),
        )
    except ReplayError:
        raise
    except (RulesError, TypeError) as e:
        raise ReplayError(0, None, str(e)) from None
    for ri, r in enumerate(rounds):
        if ri >= len(match.rounds):
            raise ReplayError(ri, None, "the match was already over before this round")
        for ai, entry in enumerate(r["actions"]):
            try:
                action = Action.from_json(entry)
            except RulesError as e:
                raise ReplayError(ri, ai, str(e)) from None
            if action is None:
                continue
            seat = entry.get("seat")
            if match.is_over() or len(match.rounds) - 1 != ri:
                raise ReplayError(ri, ai, "the round was already over")
            if seat != match.to_move():
                raise ReplayError(ri, ai, f"seat {seat!r} acted but seat {match.to_move()} was to act")
            try:
                match.apply(action, seat)
            except ReplayError:
                raise
            except RulesError as e:
                raise ReplayError(ri, ai, f"illegal action {action}: {e}") from None
        if len(match.rounds) - 1 == ri and not match.is_over():
            raise ReplayError(ri, None, "the round's actions stop before the round is over")
        stored = r.get("result")
        mine = match.rounds[ri].get("result")
        if not isinstance(stored, dict):
            raise ReplayError(ri, None, "the round has no result")
        assert mine is not None, "a round that is over (checked above) holds its result"
        for key, value in mine.items():
            if key in stored and not _same(stored[key], value):
                raise ReplayError(ri, None, f"result {key} is {stored[key]!r} but replay gives {value!r}")
        for key in REQUIRED_RESULT[match.game]:
            if key not in stored:
                raise ReplayError(ri, None, f"the round's result has no {key}")
        for key in ROUND_KEYS:
            if key in r and key in match.rounds[ri] and not _same(r[key], match.rounds[ri][key]):
                raise ReplayError(ri, None, f"{key} is {r[key]!r} but replay gives {match.rounds[ri][key]!r}")
    if not match.is_over():
        raise ReplayError(len(rounds) - 1, None, "the record ends before the match is over")
    top = rec.get("result")
    if not isinstance(top, dict):
        raise ReplayError(None, None, "the record has no final result")
    mine = match.result() or {}
    for key in ("game_points", "winners"):
        if not _same(top.get(key), mine[key]):
            raise ReplayError(None, None, f"final {key} is {top.get(key)!r} but replay gives {mine[key]!r}")
    return match


def _deal_of(rounds: list, i: int, dealer: int) -> dict:
    if i >= len(rounds):
        raise ReplayError(i, None, "the match goes on but the record has no more rounds")
    r = rounds[i]
    if r.get("dealer") != dealer:
        raise ReplayError(i, None, f"dealer is {r.get('dealer')!r} but the dealer moves to seat {dealer}")
    deal = r.get("deal")
    if not isinstance(deal, dict):
        raise ReplayError(i, None, "the round has no deal")
    return deal
