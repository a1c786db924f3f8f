"""The game registry, and replaying a JSON game record through its engine to check it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.actions import Action, RulesError, brief
from rules.engine import RECORD_FORMAT, SEED_MAX, Match
from rules.games import spec

NAME_LIMIT = 32
"""The most characters of a seat's name anything shows or draws: Discord's display-name limit. A longer name (a
record can carry any) is clipped by ``clip_name`` where it enters, so no text or picture pays for its length."""
ELLIPSIS = "…"


def clip_name(name: str, limit: int = NAME_LIMIT) -> str:
    """``name`` cut to at most ``limit`` characters, its last one an ellipsis when it was cut."""
    if len(name) <= limit:
        return name
    return name[: limit - 1].rstrip() + ELLIPSIS


def game_class(name: object) -> type[Match]:
    """The engine class of a registered game name (``RulesError`` lists the games)."""
    return spec(name).match


def new_game(name: str, players: int, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> Match:
    """A new match of a game; options are validated (``OptionError`` names the option and its values)."""
    return spec(name).new_match(players, options, seed, **kw)


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
        reason = " ".join(self.reason.split())
        if len(reason) > MAX_REASON:
            reason = reason[: MAX_REASON - 1] + "…"
        return (", ".join(where) + ": " if where else "") + reason


MAX_REASON = 200
"""Longest reason a ``ReplayError`` prints (one line; a longer one is cut)."""


def _same(a: object, b: object) -> bool:
    """Stored and recomputed results agree (lists and tuples alike; a bool never equals an int)."""
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, bool) != isinstance(b, bool):
        return False
    return a == b




MAX_DEPTH = 16
"""Deepest nesting of lists and objects a record may have (a real one has 6 levels)."""


def nesting_depth(value: object, limit: int = MAX_DEPTH) -> int:
    """How deeply ``value`` nests lists and objects, counted without recursion and up to ``limit + 1``."""
    deepest = 0
    stack: list[tuple[object, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, tuple, dict)):
            depth += 1
            deepest = max(deepest, depth)
            if depth > limit:
                return depth
            stack.extend((x, depth) for x in (item.values() if isinstance(item, dict) else item))
    return deepest


def check_header(rec: object) -> tuple[type[Match], int]:
    """The engine class and player count of a record, after checking its shape: format, game, players,
    options, seed, seats and rounds, with every count and size bounded; raises ``ReplayError``."""
    if not isinstance(rec, dict):
        raise ReplayError(None, None, "a record is a JSON object")
    if nesting_depth(rec) > MAX_DEPTH:
        raise ReplayError(None, None, f"the record nests lists and objects more than {MAX_DEPTH} deep")
    fmt = rec.get("format")
    if isinstance(fmt, bool) or fmt != RECORD_FORMAT:
        raise ReplayError(None, None, f"unknown record format {brief(fmt)} (expected {RECORD_FORMAT})")
    try:
        cls = game_class(rec.get("game"))
        players = cls.check_players(rec.get("players"))
    except RulesError as e:
        raise ReplayError(None, None, str(e)) from None
    options = rec.get("options")
    if options is not None and not isinstance(options, dict):
        raise ReplayError(None, None, f"options must be an object, not {brief(options)}")
    seed = rec.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= SEED_MAX:
        raise ReplayError(None, None, f"the seed must be a whole number 0..2**63-1, not {brief(seed)}")
    seats = rec.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players
                              or not all(isinstance(seat, dict) for seat in seats)):
        raise ReplayError(None, None, f"seats must be a list of {players} objects")
    rounds = rec.get("rounds")
    if not isinstance(rounds, list) or not rounds:
        raise ReplayError(None, None, "the record has no rounds")
    for i, r in enumerate(rounds):
        if not isinstance(r, dict) or not isinstance(r.get("actions"), list):
            raise ReplayError(i, None, "a round needs a dealer, a deal and a list of actions")
    return cls, players


def replay_record(rec: object) -> Match:
    """Replay a record through the engine: deals, every action, every stored result.

    Returns the finished match; raises ``ReplayError`` (and nothing else) at the first problem."""
    cls, players = check_header(rec)
    assert isinstance(rec, dict), "check_header accepts objects only"
    rounds: list[dict[str, Any]] = rec["rounds"]
    try:
        match = cls(
            players, rec.get("options") or {}, rec.get("seed", 0),
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
            if isinstance(seat, bool) or seat != match.to_move():
                raise ReplayError(ri, ai, f"seat {brief(seat)} acted but seat {match.to_move()} was to act")
            try:
                match.apply(action, seat)
            except ReplayError:
                raise
            except (RulesError, TypeError) as e:
                raise ReplayError(ri, ai, f"illegal action {brief(str(action))}: {e}") from None
        if len(match.rounds) - 1 == ri and not match.is_over():
            raise ReplayError(ri, None, "the round's actions stop before the round is over")
        stored = r.get("result")
        mine = match.rounds[ri].get("result")
        if not isinstance(stored, dict):
            raise ReplayError(ri, None, "the round has no result")
        assert mine is not None, "a round that is over (checked above) holds its result"
        for key, value in mine.items():
            if key in stored and not _same(stored[key], value):
                raise ReplayError(ri, None, f"result {key} is {brief(stored[key])} but replay gives {brief(value)}")
        for key in match.spec.result_keys:
            if key not in stored:
                raise ReplayError(ri, None, f"the round's result has no {key}")
        for key in match.spec.round_keys:
            if key in r and key in match.rounds[ri] and not _same(r[key], match.rounds[ri][key]):
                raise ReplayError(ri, None, f"{key} is {brief(r[key])} but replay gives {brief(match.rounds[ri][key])}")
    if not match.is_over():
        raise ReplayError(len(rounds) - 1, None, "the record ends before the match is over")
    top = rec.get("result")
    if not isinstance(top, dict):
        raise ReplayError(None, None, "the record has no final result")
    mine = match.result() or {}
    for key in ("game_points", "winners"):
        if not _same(top.get(key), mine[key]):
            raise ReplayError(None, None, f"final {key} is {brief(top.get(key))} but replay gives {brief(mine[key])}")
    return match


def _deal_of(rounds: list[Any], i: int, dealer: int) -> dict[str, Any]:
    if i >= len(rounds):
        raise ReplayError(i, None, "the match goes on but the record has no more rounds")
    r = rounds[i]
    if r.get("dealer") != dealer:
        raise ReplayError(i, None, f"dealer is {brief(r.get('dealer'))} but the dealer moves to seat {dealer}")
    deal = r.get("deal")
    if not isinstance(deal, dict):
        raise ReplayError(i, None, "the round has no deal")
    return deal
