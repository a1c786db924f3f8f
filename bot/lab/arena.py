"""``python -m bot arena``: seeded games between agents, with statistics and optional records.

``--deals K`` (also spelt ``--games K``) sets the number of deals. Each deal is played once per rotation of
the agents over the seats (in team games, over the teams), so the luck of the deal cancels out: with two
agents in 2-player Briscola every deal is played twice, seats swapped, and K deals make 2K games. With one
agent in every seat a deal is played once.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import os
import random
import statistics
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, NotRequired, TypedDict

from bot.i18n import _
from bot.tools.replay import one_line
from rules.ai import Agent, make_agent
from rules.engine import Match
from rules.options import parse_option_args
from rules.records import game_class, new_game

MAX_AGENTS = 16
"""Most agent names ``--agents`` takes (one per seat is at most 6; more only cycle)."""


class GroupResult(TypedDict):
    """What one stats group (an agent's seats) got in one game."""

    outcome: str
    """``win``, ``draw`` or ``loss``."""
    points: list[int]
    """Game points per seat of the group."""
    rounds: int
    """Rounds played (passed-out ones left out)."""
    times: list[float]
    """Milliseconds of each of its decisions."""
    calls: int
    call_wins: int
    ahead: int
    behind: int


class AgentSummary(TypedDict):
    """An agent's figures over the run, as the arena prints them (``None``: nothing to measure)."""

    wins: int
    draws: int
    losses: int
    win_rate: float | None
    ci95: list[float | None]
    mean_game_points: float | None
    game_points_per_round: float | None
    caller_success_rate: float | None
    ahead_rate: float | None
    ahead_ci95: list[float | None]
    calls: int
    ms_median: float | None
    ms_p95: float | None
    paired: NotRequired[Paired]
    """The arena's paired figure (``tally`` has none: its records are not paired)."""


class Paired(TypedDict):
    """The mean of wins minus losses a deal with its 95% interval (``paired``)."""

    mean: float | None
    ci95: list[float | None]
    deals: int


class ArenaSummary(TypedDict):
    """The summary of a run (the ``--json`` output)."""

    game: str
    players: int
    options: dict[str, Any]
    agents: dict[str, AgentSummary]
    games: int
    deals: int
    plays_per_deal: int
    seed: int
    time_ms: int


@dataclass
class AgentStats:
    """Results of one agent over an arena run."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    points: list[float] = field(default_factory=list)
    """Game points per seat-game."""
    rounds: list[int] = field(default_factory=list)
    """Rounds of the game of each entry of ``points`` (Chiamata counts passed-out rounds too)."""
    move_ms: list[float] = field(default_factory=list)
    calls: int = 0
    """Chiamata: rounds this agent won the auction."""
    ahead: int = 0
    """Pairs (one of this agent's seats, a seat of another agent) where this agent's seat scored more."""
    behind: int = 0
    call_wins: int = 0

    def summary(self) -> AgentSummary:
        """The figures the arena prints."""
        lo, hi = wilson(self.wins, self.wins + self.losses)
        decisive = self.wins + self.losses
        return {
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "win_rate": self.wins / decisive if decisive else None,
            "ci95": [lo, hi],
            "mean_game_points": statistics.fmean(self.points) if self.points else None,
            "game_points_per_round": sum(self.points) / sum(self.rounds) if self.rounds else None,
            "caller_success_rate": self.call_wins / self.calls if self.calls else None,
            "ahead_rate": self.ahead / (self.ahead + self.behind) if self.ahead + self.behind else None,
            "ahead_ci95": list(wilson(self.ahead, self.ahead + self.behind)),
            "calls": self.calls,
            "ms_median": percentile(self.move_ms, 50),
            "ms_p95": percentile(self.move_ms, 95),
        }


def wilson(k: int, n: int, z: float = 1.959964) -> tuple[float | None, float | None]:
    """95% Wilson score interval of a proportion k/n; ``(None, None)`` when n is 0."""
    if n == 0:
        return None, None
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def paired(values: list[int]) -> Paired:
    """The mean of an agent's wins minus losses a deal (each deal played once per rotation of the agents, so
    the luck of the deal cancels out) with its 95% normal interval: ``mean``, ``ci95``, ``deals``."""
    n = len(values)
    if n == 0:
        return Paired(mean=None, ci95=[None, None], deals=0)
    mean = statistics.fmean(values)
    half = 1.959964 * statistics.stdev(values) / math.sqrt(n) if n > 1 else math.inf
    return Paired(mean=mean, ci95=[mean - half, mean + half], deals=n)


def percentile(values: list[float], q: float) -> float | None:
    """The q-th percentile (nearest rank) of values, ``None`` when empty."""
    if not values:
        return None
    s = sorted(values)
    k = max(0, min(len(s) - 1, math.ceil(q / 100 * len(s)) - 1))
    return s[k]


def seat_agents(match: Match, agents: list[str], rotation: int) -> list[str]:
    """The agent of each seat: agents cycle over the sides (teams, or single seats), shifted by ``rotation``."""
    sides = match.sides
    out = [""] * match.n
    for i, side in enumerate(sides):
        for s in side:
            out[s] = agents[(i + rotation) % len(agents)]
    return out


def stat_groups(match: Match, names: list[str], rotations: int) -> dict[str, list[int]]:
    """Seats counted together: per agent when the agents differ; per side when one agent plays every seat
    (self-play), labelled ``name (side k)``."""
    groups: dict[str, list[int]] = {}
    if rotations > 1:
        for s, name in enumerate(names):
            groups.setdefault(name, []).append(s)
        return groups
    sides = match.sides
    for i, side in enumerate(sides):
        groups[f"{names[side[0]]} (side {i + 1})"] = list(side)
    return groups


def seat_scores(match: Match) -> list[float]:
    """What each seat scored over the match, to compare seats pairwise: total game points, then card points
    (Briscola and Chiamata) as a finer tie-break."""
    totals = [float(x) for x in match.totals]
    for r in match.rounds:
        cp = (r.get("result") or {}).get("card_points") or []
        for s, x in enumerate(cp):
            totals[s] += x / 1000.0
    return totals


def play_match(match: Match, agents: list[Agent], rngs: list[random.Random],
               times: list[list[float]] | None = None) -> None:
    """Play ``match`` to the end: each seat's agent chooses from that seat's view only."""
    while not match.is_over():
        forced = match.auto_action()
        seat = match.to_move()
        assert seat is not None, "a match that is not over has a seat to move"
        if forced is not None:
            match.apply(forced, seat)
            continue
        view = match.view(seat)
        t0 = time.perf_counter()
        action = agents[seat].choose(view, rngs[seat])
        if times is not None:
            times[seat].append((time.perf_counter() - t0) * 1000)
        match.apply(action, seat)


@dataclass(frozen=True)
class ArenaSpec:
    """What every game of an arena run shares."""

    game: str
    players: int
    agent_names: tuple[str, ...]
    seed: int
    options: dict[str, Any]
    records: str | None
    time_ms: int

    @property
    def rotations(self) -> int:
        """Plays of each deal: one per rotation of the agents, or one when a single agent plays every seat."""
        return len(self.agent_names) if len(set(self.agent_names)) > 1 else 1


def play_deal(spec: ArenaSpec, g: int) -> list[dict[str, GroupResult]]:
    """Play deal ``g`` once per rotation; per game, what each stats group got (outcome, points, move times,
    and in Chiamata the rounds it called and won)."""
    instances = {name: make_agent(name, spec.time_ms) for name in dict.fromkeys(spec.agent_names)}
    deal_seed = spec.seed * 1_000_003 + g
    out = []
    for rot in range(spec.rotations):
        match = new_game(spec.game, spec.players, spec.options, deal_seed)
        names = seat_agents(match, list(spec.agent_names), rot)
        rngs = [random.Random(f"{deal_seed}:{rot}:{s}") for s in range(spec.players)]
        times: list[list[float]] = [[] for _ in range(spec.players)]
        play_match(match, [instances[n] for n in names], rngs, times)
        result = match.result() or {"winners": [], "game_points": [0] * spec.players}
        winners = set(result["winners"])
        game_out: dict[str, GroupResult] = {}
        groups = stat_groups(match, names, spec.rotations)
        score = seat_scores(match)
        for label, seats in groups.items():
            outcome = "draw" if not winners else "win" if winners & set(seats) else "loss"
            others = [t for other, ts in groups.items() if other != label for t in ts]
            pairs = [(score[s] > score[t]) - (score[s] < score[t]) for s in seats for t in others]
            called = [r for r in match.rounds if r.get("caller") is not None and r["caller"] in seats]
            game_out[label] = {
                "outcome": outcome,
                "points": [result["game_points"][s] for s in seats],
                "rounds": sum(1 for r in match.rounds if not r.get("result", {}).get("passed_out")),
                "times": [t for s in seats for t in times[s]],
                "calls": len(called),
                "call_wins": sum(1 for r in called if r.get("success")),
                "ahead": pairs.count(1),
                "behind": pairs.count(-1),
            }
        out.append(game_out)
        if spec.records:
            seats_info = [{"name": f"{names[s]} {s}", "ai": names[s]} for s in range(spec.players)]
            path = os.path.join(spec.records, f"{spec.game}-{spec.players}p-{spec.seed}-{g:05d}-{rot}.json")
            write_record(path, match.record(seats_info))
    return out


def write_record(path: str, record: dict[str, Any]) -> None:
    """Write ``record`` to ``path`` whole or not at all (a temporary file renamed), so ``tally`` and
    ``replay`` never read half a record while the arena runs."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(record, f, separators=(",", ":"))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.remove(tmp)
        raise


class ArenaError(Exception):
    """A problem with the arena's input or output that the user can fix; the message is one line."""


def prepare_records(folder: str) -> None:
    """Create the records folder (and its parents) and check a file can be written in it; ``ArenaError``
    with the reason otherwise."""
    if os.path.exists(folder) and not os.path.isdir(folder):
        raise ArenaError(_("cannot write records to {dir}: it is a file, not a folder").format(dir=folder))
    try:
        os.makedirs(folder, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except (OSError, ValueError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise ArenaError(_("cannot write records to {dir}: {reason}").format(dir=folder, reason=reason)) from None


def run(
    game: str,
    players: int,
    agent_names: list[str],
    deals: int,
    seed: int,
    options: dict[str, Any],
    records: str | None = None,
    time_ms: int = 200,
    progress: bool = False,
    jobs: int = 1,
) -> ArenaSummary:
    """Play ``deals`` deals, each once per rotation of the agents, and return the summary as a dict (the
    ``--json`` output: ``games`` played in all, ``deals``, ``plays_per_deal``).

    With ``jobs`` > 1 the deals are shared among that many processes; the games and figures are the same
    (each deal has its own seeds), only the per-move times feel the other processes."""
    cls = game_class(game)
    cls.check_players(players)
    cls(players, options, 0)  # validates the options before any game is played
    for name in dict.fromkeys(agent_names):
        make_agent(name, time_ms)
    spec = ArenaSpec(game, players, tuple(agent_names), seed, dict(options), records, time_ms)
    if records:
        prepare_records(records)
    stats: dict[str, AgentStats] = {}
    per_deal: dict[str, list[int]] = {}
    """Per agent, its wins minus losses over each deal's rotations (the paired figure)."""
    done = 0
    total = deals * spec.rotations
    pool = ProcessPoolExecutor(jobs) if jobs > 1 else None
    try:
        results = pool.map(partial(play_deal, spec), range(deals)) if pool else map(partial(play_deal, spec),
                                                                                  range(deals))
        for deal_games in results:
            net_wins: dict[str, int] = {}
            for game_out in deal_games:
                for label, got in game_out.items():
                    net_wins[label] = net_wins.get(label, 0) + (got["outcome"] == "win") - (got["outcome"] == "loss")
            for label, value in net_wins.items():
                per_deal.setdefault(label, []).append(value)
            for game_out in deal_games:
                for label, got in game_out.items():
                    st = stats.setdefault(label, AgentStats())
                    if got["outcome"] == "win":
                        st.wins += 1
                    elif got["outcome"] == "loss":
                        st.losses += 1
                    else:
                        st.draws += 1
                    st.points.extend(got["points"])
                    st.rounds.extend([got["rounds"]] * len(got["points"]))
                    st.move_ms.extend(got["times"])
                    st.calls += got["calls"]
                    st.ahead += got["ahead"]
                    st.behind += got["behind"]
                    st.call_wins += got["call_wins"]
                done += 1
                if progress:
                    width = 30
                    filled = width * done // total
                    print(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}", end="", file=sys.stderr)
    finally:
        if pool:
            pool.shutdown(cancel_futures=True)
    if progress:
        print(file=sys.stderr)
    return {
        "game": game,
        "players": players,
        "options": new_game(game, players, options, 0).options,
        "agents": {name: {**st.summary(), "paired": paired(per_deal.get(name, []))} for name, st in stats.items()},
        "games": total,
        "deals": deals,
        "plays_per_deal": spec.rotations,
        "seed": seed,
        "time_ms": time_ms,
    }


def _fmt(x: float | None, pct: bool = False) -> str:
    if x is None:
        return "-"
    return f"{100 * x:.1f}%" if pct else f"{x:.2f}"


def print_agents(agents: dict[str, AgentSummary], times: bool) -> None:
    """The per-agent table (with the move times when measured), the pairwise rates and the auctions won."""
    header = f"{'agent':<18} {'wins':>6} {'draws':>6} {'losses':>6} {'win rate':>9} {'95% CI':>15} {'mean pts':>9}"
    print(header + (f" {'ms med':>8} {'ms p95':>8}" if times else ""))
    for name, s in agents.items():
        lo, hi = s["ci95"]
        ci = f"[{_fmt(lo, True)}, {_fmt(hi, True)}]" if lo is not None else "-"
        line = (f"{name:<18} {s['wins']:>6} {s['draws']:>6} {s['losses']:>6} {_fmt(s['win_rate'], True):>9} "
                f"{ci:>15} {_fmt(s['mean_game_points']):>9}")
        print(line + (f" {_fmt(s['ms_median']):>8} {_fmt(s['ms_p95']):>8}" if times else ""))
    for name, s in agents.items():
        if s["ahead_rate"] is not None and len(agents) > 1:
            lo, hi = s["ahead_ci95"]
            print(_("{name}: a seat of it scored more than a seat of another agent in {rate} of pairs "
                    "[{lo}, {hi}]").format(name=name, rate=_fmt(s["ahead_rate"], True), lo=_fmt(lo, True),
                                           hi=_fmt(hi, True)))
        pair = s.get("paired")
        if pair is not None and pair["mean"] is not None and len(agents) > 1:
            lo, hi = pair["ci95"]
            print(_("{name}: wins minus losses a deal (its games of the deal, seats rotated) {mean:+.3f} [{lo:+.3f}, "
                    "{hi:+.3f}]").format(name=name, mean=pair["mean"], lo=lo, hi=hi))
        if s["calls"]:
            print(_("{name}: won the auction {calls} times, made its target in {rate}").format(
                name=name, calls=s["calls"], rate=_fmt(s["caller_success_rate"], True)))


def main(args: argparse.Namespace) -> int:
    """Run the arena from the command line."""
    agent_names = [a.strip() for a in args.agents.split(",") if a.strip()]
    if not agent_names:
        print(_("error: --agents needs at least one agent name"), file=sys.stderr)
        return 2
    if len(agent_names) > MAX_AGENTS:
        print(_("error: --agents takes at most {n} names").format(n=MAX_AGENTS), file=sys.stderr)
        return 2
    if args.jobs < 1:
        print(_("error: --jobs must be at least 1"), file=sys.stderr)
        return 2
    if args.games < 1:
        print(_("error: --deals must be at least 1"), file=sys.stderr)
        return 2
    if args.records is not None and not args.records.strip():
        print(_("error: --records needs a folder"), file=sys.stderr)
        return 2
    options = parse_option_args(args.option)
    try:
        summary = run(
            args.game, args.players, agent_names, args.games, args.seed, options, args.records, args.time_ms,
            progress=sys.stderr.isatty() and not args.json, jobs=args.jobs,
        )
    except ArenaError as e:
        print(_("error: {message}").format(message=one_line(str(e))), file=sys.stderr)
        return 2
    except OSError as e:  # a record could not be written while playing (disk full, folder removed)
        if not args.records:
            raise
        reason = one_line(e.strerror or str(e))
        print(_("error: cannot write a record to {dir}: {reason}").format(dir=args.records, reason=reason),
              file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(summary))
        return 0
    if summary["plays_per_deal"] > 1:
        print(_("{game}, {players} players, {games} games: {deals} deals, each played {plays_per_deal} times "
                "with the agents rotated over the seats, seed {seed}").format(**summary))
    else:
        print(_("{game}, {players} players, {games} games ({deals} deals), seed {seed}").format(**summary))
    print_agents(summary["agents"], times=True)
    if args.records:
        print(_("records written to {dir}").format(dir=args.records))
    return 0
