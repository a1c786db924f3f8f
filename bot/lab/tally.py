"""``python -m bot tally``: the statistics of arena records (or any game records), per agent, from files.

A path or record it cannot count (numbers that do not add up, a file that is not JSON) is one short line on
stderr and status 2; nothing raises. Unfinished games are left out.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any, TypedDict

from bot.i18n import _
from bot.lab.arena import AgentStats, AgentSummary, print_agents
from bot.tools.replay import RecordFileError, load_record, one_line, shown
from rules.records import game_class


class TallyError(Exception):
    """A path or record ``tally`` cannot count: the path, and the problem on one short line."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(path, reason)
        self.path = path
        self.reason = one_line(reason)

    def __str__(self) -> str:
        return f"{shown(self.path)}: {self.reason}"


def _finite(x: object) -> bool:
    """A JSON number tally can add up: an int or float (not a bool) of sane size."""
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return False
    return abs(x) < 10**15  # False for NaN; an int is compared exactly, never converted


class TallySummary(TypedDict):
    """What ``tally`` counted (the ``--json`` output): the finished games, and per agent the arena's figures."""

    games: int
    agents: dict[str, AgentSummary]


def tally_fields(rec: object) -> tuple[list[str], dict[str, Any], list[list[float]]] | None:
    """The seat labels (``ai`` or ``human``), the final result and each round's card points of an arena
    record, checked for what ``tally`` reads; ``None`` for an unfinished game (no result); ``ValueError``
    naming the problem otherwise."""
    if not isinstance(rec, dict):
        raise ValueError(_("a record is a JSON object"))
    result = rec.get("result")
    if not result:
        return None
    cls = game_class(rec.get("game"))
    n = cls.check_players(rec.get("players"))
    seats = rec.get("seats")
    if not isinstance(seats, list) or len(seats) != n or not all(isinstance(s, dict) for s in seats):
        raise ValueError(_("seats must be a list of {n} objects").format(n=n))
    labels = []
    for seat in seats:
        ai = seat.get("ai")
        if ai is not None and not (isinstance(ai, str) and len(ai) <= 100):
            raise ValueError(_("a seat's ai must be a name or null"))
        labels.append(ai or "human")
    if not isinstance(result, dict):
        raise ValueError(_("the result must be an object"))
    winners, points = result.get("winners"), result.get("game_points")
    if not isinstance(winners, list) or not all(type(w) is int and 0 <= w < n for w in winners):
        raise ValueError(_("the winners must be a list of seats 0..{last}").format(last=n - 1))
    if not isinstance(points, list) or len(points) != n or not all(_finite(x) for x in points):
        raise ValueError(_("game_points must be a list of {n} numbers").format(n=n))
    rounds = rec.get("rounds")
    if not isinstance(rounds, list) or not all(isinstance(r, dict) for r in rounds):
        raise ValueError(_("rounds must be a list of objects"))
    card_points = []
    for r in rounds:
        rr = r.get("result") or {}
        cp = (rr.get("card_points") or []) if isinstance(rr, dict) else None
        if not isinstance(cp, list) or len(cp) > n or not all(_finite(x) for x in cp):
            raise ValueError(_("a round's card_points must be a list of at most {n} numbers").format(n=n))
        card_points.append(cp)
    return labels, result, card_points


def tally(paths: list[str]) -> TallySummary:
    """Results per agent from arena records (the ``ai`` of each seat): the arena's figures without the move
    times, so a long run can be read while it is still going. Unfinished games are skipped; a file that
    cannot be read or counted raises ``TallyError``."""
    stats: dict[str, AgentStats] = {}
    games = 0
    for path in paths:
        try:
            fields = tally_fields(load_record(path))
        except (RecordFileError, ValueError) as e:  # RulesError is a ValueError
            raise TallyError(path, str(e)) from None
        if fields is None:
            continue
        labels, result, card_points = fields
        games += 1
        winners = set(result["winners"])
        groups: dict[str, list[int]] = {}
        for s, label in enumerate(labels):
            groups.setdefault(label, []).append(s)
        score = [float(x) for x in result["game_points"]]
        for cp in card_points:
            for s, x in enumerate(cp):
                score[s] += x / 1000.0
        for label, seats in groups.items():
            st = stats.setdefault(label, AgentStats())
            if not winners:
                st.draws += 1
            elif winners & set(seats):
                st.wins += 1
            else:
                st.losses += 1
            st.points.extend(result["game_points"][s] for s in seats)
            others = [t for other, ts in groups.items() if other != label for t in ts]
            pairs = [(score[s] > score[t]) - (score[s] < score[t]) for s in seats for t in others]
            st.ahead += pairs.count(1)
            st.behind += pairs.count(-1)
    return {"games": games, "agents": {name: st.summary() for name, st in stats.items()}}


def record_paths(paths: list[str]) -> list[str]:
    """The files to tally: each path that is a file, and the ``.json`` files of each folder; ``TallyError``
    for a path that does not exist or a folder that cannot be listed."""
    out: list[str] = []
    for p in paths:
        try:
            if os.path.isdir(p):
                out.extend(sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".json")))
            elif os.path.lexists(p):
                out.append(p)
            else:
                raise TallyError(p, _("no such file or folder"))
        except OSError as e:
            raise TallyError(p, e.strerror or str(e)) from None
        except ValueError as e:  # a path with a NUL byte
            raise TallyError(p, str(e)) from None
    return out


def tally_main(args: argparse.Namespace) -> int:
    """Print the per-agent results of arena records; a one-line error and status 2 for a bad path or file."""
    try:
        summary = tally(record_paths(args.paths))
    except TallyError as e:
        print(_("error: cannot tally {path}: {reason}").format(path=shown(e.path), reason=e.reason), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(summary))
        return 0
    print(_("{games} finished games").format(games=summary["games"]))
    print_agents(summary["agents"], times=False)
    return 0
