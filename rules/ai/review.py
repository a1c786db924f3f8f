"""The review of a finished game and the hints: what each legal action of a position is worth to the seat.

A position is valued from the seat's own view alone (``Match.view(seat)`` at that moment), by the same
determinized search as ``hard`` with a larger budget, but every action is played out to the end of the
round and two numbers are kept per playout instead of ``hard``'s mixed score:

- ``points``: the card points the seat's side ends the round with (Cicera: the team's score for the deal,
  bonuses and awards, in the game's own points);
- ``win``: the chance that the seat's side wins the round (a draw counts half; Chiamata: the seat's side
  wins the contract; Cicera: the team scores more than the other team in the deal).

Each game's AI package values its positions (``GameAI.values``, registered in ``rules.ai.registry``).
Briscola: ``rules.ai.briscola.search.search_plan``'s deals (weighted by how well they explain the other seats'
plays, the opponents' style read from them), each action played out by ``playout_points``; in 2 players
with at most ``exact_cards_2p`` cards left, every placement of the hidden cards is enumerated and solved
exactly (both sides play perfectly in it: ``solve_exact``). Chiamata: the card play by ``sampled_points``
(``hard_play``'s deals and playouts); the call by playouts of every callable card over deals of the unseen
cards. Bids are not reviewed: a bid's worth hangs on how the other four go on bidding, which no playout here
models, and it is a game-points contract rather than card points; the trump declaration and the discard
(kitty) are not reviewed either (792 discards, and the trump is judged with the call it leads to).
Cicera: every legal move (captures and placings), ``sample_hands`` deals played to the end of the deal by
the rollout policy and scored exactly.

The budgets count work (deals and playouts), never the clock, so the same view, budget and random generator
give the same values on any machine; ``review`` seeds one generator per decision from the seed and the
decision's place, so a decision's values do not depend on the rest of the game.

Costliness: a decision's ``severity`` is ``cost_win + cost_points / POINT_SCALE[game]`` (the game's
``GameSpec.review_scale``: 60 card points in Briscola and Chiamata, half of the deck; 6 points in Cicera, about
half of what a deal's awards are worth), and the same number orders the actions (``best`` is the action of
highest ``win + points / scale``). A decision is reported when its severity is at least ``MIN_SEVERITY[game]``
(``GameAI.min_severity``: 0.05, 3 card points or 5% of win chance; Cicera 0.15: 0.9 points or 15%, its values
being noisier), costliest first.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from rules.actions import Action
from rules.ai.registry import game_ai, registered
from rules.records import ReplayError, game_class, replay_record
from rules.view import GameView

__all__ = [
    "HINT_TIME_MS", "MIN_SEVERITY", "POINT_SCALE", "REVIEW_TIME_MS", "ActionValue", "Judged", "action_values",
    "costliest", "decision_rng", "hint", "judge", "judged_from_json", "judged_to_json", "means", "outcome", "review",
    "reviewable", "seat_decisions", "severity", "view_at",
]

REVIEW_TIME_MS = 400
"""The budget of one reviewed decision (a move in play gets ``rules.ai.DEFAULT_TIME_MS`` = 200)."""
HINT_TIME_MS = 400
"""The budget of a hint (one position)."""


class _ByGame(Mapping[str, float]):
    """A number every game's AI declares (``GameAI``), read by the game's name: ``POINT_SCALE[game]``."""

    def __init__(self, field: str) -> None:
        self._field = field

    def __getitem__(self, game: str) -> float:
        value: float = getattr(game_ai(game), self._field)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(registered())

    def __len__(self) -> int:
        return len(registered())


POINT_SCALE: Mapping[str, float] = _ByGame("point_scale")
"""What ``points`` are divided by to be weighed against ``win``: about the points that decide a round."""
MIN_SEVERITY: Mapping[str, float] = _ByGame("min_severity")
"""A decision costs something real from this severity (``cost_win + cost_points / POINT_SCALE``)."""
MIN_SAMPLES = 8
"""Fewest deals any valuation uses, however small the budget."""


@dataclass(frozen=True)
class ActionValue:
    """One legal action and what it is worth to the seat's side, from the seat's view."""

    action: Action
    points: float
    """Expected card points the seat's side ends the round with (Cicera: the team's score for the deal)."""
    win: float
    """Chance 0..1 that the seat's side wins the round (a draw counts half)."""


@dataclass(frozen=True)
class Judged:
    """One reviewed decision: the position as the seat saw it, what it played, what the review prefers."""

    round: int
    """Index of the round in ``record["rounds"]``."""
    index: int
    """Index of the action in that round's ``actions`` list."""
    turn: int
    """1-based trick number (Briscola, Chiamata) or the seat's own turn number (Cicera) in the round."""
    view: GameView
    """The seat's own view just before it acted."""
    played: ActionValue
    best: ActionValue
    values: tuple[ActionValue, ...]
    """Every legal action valued, best first."""
    cost_points: float
    cost_win: float

    @property
    def severity(self) -> float:
        """How costly the decision was: the best action's ``severity`` less the played one's (never below 0:
        the best has the highest), from the unclamped values (a played card that scored more points but lost
        more win chance costs the difference of the two)."""
        game = self.view.game
        return max(0.0, severity(game, self.best.points, self.best.win)
                   - severity(game, self.played.points, self.played.win))


def severity(game: str, points: float, win: float) -> float:
    """The one number that ranks actions and decisions: ``win + points / POINT_SCALE[game]``."""
    return win + points / POINT_SCALE[game]


# ----- valuing a position -----
def reviewable(view: GameView) -> bool:
    """Whether the review values this position (the game's ``GameAI.reviewable``: Chiamata values only the call
    and the play)."""
    return game_ai(view.game).reviewable(view)


def action_values(view: GameView, rng: random.Random, time_ms: int = REVIEW_TIME_MS) -> list[ActionValue]:
    """Every legal action of view valued from that view alone, best first (ties: ``view.legal``'s order).

    Empty when the seat has nothing to do or the position is not valued (``reviewable``: Chiamata's
    auction, trump and discard)."""
    if not view.legal or not reviewable(view):
        return []
    raw = game_ai(view.game).values(view, rng, time_ms)
    values = [ActionValue(a, round(p, 2), round(w, 3)) for a, (p, w) in zip(view.legal, raw, strict=True)]
    order = sorted(range(len(values)), key=lambda i: -severity(view.game, values[i].points, values[i].win))
    return [values[i] for i in order]


def hint(view: GameView, rng: random.Random, time_ms: int = HINT_TIME_MS) -> list[ActionValue]:
    """action_values for one position (best first): the front end shows [0] and compares it with [1]."""
    return action_values(view, rng, time_ms)


def why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does in ``view``, for a hint's line of why: a key and its fields, from the seat's view
    (the game's ``GameAI.why``).

    Briscola and Chiamata: ``take`` (the last card of the trick, it wins it; ``points``: the trick's points with
    the card), ``trump`` (the same with a trump over a trick without one), ``take_so_far`` and ``trump_so_far``
    (the same with seats still to play), ``load`` (it adds ``points`` to a trick
    its partner is winning: Briscola's teams, or Chiamata's once the sides are known), ``duck`` (it lets the
    trick go, giving ``points``), ``lead`` (it opens the trick with ``points``), ``lead_trump``, ``exchange``;
    Chiamata's call: ``call`` (its holder becomes the partner) or ``call_alone`` (a card of the caller's own).
    Cicera: ``capture`` (``n`` cards taken, ``bonuses``: the names of the bonuses it scores) and ``place``."""
    return game_ai(view.game).why(view, action)


def outcome(mine: float, other: float) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    return 1.0 if mine > other else 0.5 if mine == other else 0.0


def means(points: list[float], wins: list[float], weight: float) -> list[tuple[float, float]]:
    """Per action, the (points, win) sums divided by the total weight of the deals (1 when none)."""
    weight = weight or 1.0
    return [(p / weight, w / weight) for p, w in zip(points, wins, strict=True)]


# ----- a record's decisions -----
def _positions(record: object) -> Iterator[tuple[int, int, dict[str, Any], Any]]:
    """Every entry of a (checked) record in order, with the match just before it: (round, index, entry,
    match); the match moves on after each action entry."""
    replay_record(record)  # raises ReplayError on a bad record
    assert isinstance(record, dict)
    rounds: list[dict[str, Any]] = record["rounds"]
    cls = game_class(record["game"])
    match = cls(record["players"], record.get("options") or {}, record.get("seed", 0),
                first_dealer=rounds[0].get("dealer"), deals=lambda i, _dealer: copy.deepcopy(rounds[i]["deal"]))
    for ri, r in enumerate(rounds):
        for ai, entry in enumerate(r["actions"]):
            yield ri, ai, entry, match
            action = Action.from_json(entry)
            if action is None:
                match.note(entry)
            else:
                match.apply(action, entry["seat"])


def seat_decisions(record: object, seat: int, timeouts_to_ai: int | None = None
                   ) -> list[tuple[int, int, GameView, Action]]:
    """(round, index, view-before, action) of every decision of ``seat`` with more than one legal action.

    An action that follows a ``timeout`` entry for the seat was the AI's, and so is every action of the seat
    after its ``leave`` entry (and, with ``timeouts_to_ai``, after that many timeouts in a row: the table's rule for
    handing a seat to the AI): these are skipped. Raises ``ReplayError`` on a bad record."""
    out: list[tuple[int, int, GameView, Action]] = []
    ai_next = gone = False
    timeouts = 0
    for ri, ai, entry, match in _positions(record):
        if entry.get("seat") != seat:
            continue
        action = Action.from_json(entry)
        if action is None:
            if entry.get("leave"):
                gone = True
            if entry.get("timeout"):
                ai_next = True
                timeouts += 1
                if timeouts_to_ai is not None and timeouts >= timeouts_to_ai:
                    gone = True
            continue
        by_ai, ai_next = ai_next, False
        if not by_ai:
            timeouts = 0  # the table hands a seat to the AI after that many timeouts in a row
        if by_ai or gone:
            continue
        view = match.view(seat)
        if len(view.legal) > 1:
            out.append((ri, ai, view, action))
    return out


def view_at(record: object, seat: int, round_index: int, index: int) -> GameView:
    """The view of ``seat`` just before entry ``index`` of round ``round_index``; ``ReplayError`` when the
    record has no such entry."""
    for ri, ai, _entry, match in _positions(record):
        if (ri, ai) == (round_index, index):
            view: GameView = match.view(seat)
            return view
    raise ReplayError(round_index, index, "the record has no such action")


def decision_rng(seed: int, round_index: int, index: int) -> random.Random:
    """The random generator of one reviewed decision (independent of the game's other decisions)."""
    return random.Random(f"review:{seed}:{round_index}:{index}")


def judge(round_index: int, index: int, view: GameView, action: Action, values: list[ActionValue]) -> Judged:
    """A decision from its values: the played action's and the best one's, and the clamped costs."""
    played = next(v for v in values if v.action == action)
    best = values[0]
    return Judged(
        round=round_index, index=index, turn=game_ai(view.game).turn(view), view=view, played=played, best=best,
        values=tuple(values), cost_points=round(max(0.0, best.points - played.points), 2),
        cost_win=round(max(0.0, best.win - played.win), 3),
    )


def review(record: object, seat: int, seed: int = 0, time_ms: int = REVIEW_TIME_MS, top: int = 3,
           timeouts_to_ai: int | None = None) -> list[Judged]:
    """The seat's costliest decisions, costliest first, at most ``top``, only those whose ``severity`` is at
    least ``MIN_SEVERITY[game]`` (``costliest``). Seeded: the same record, seat and seed give the same review.
    Chiamata's bids, trump and discard are not reviewed (see the module's docstring). Raises ``ReplayError``
    on a bad record."""
    judged = []
    for ri, ai, view, action in seat_decisions(record, seat, timeouts_to_ai):
        if not reviewable(view):
            continue
        judged.append(judge(ri, ai, view, action, action_values(view, decision_rng(seed, ri, ai), time_ms)))
    return costliest(judged, top)


def costliest(judged: list[Judged], top: int = 3) -> list[Judged]:
    """The decisions of ``judged`` whose ``severity`` is at least ``MIN_SEVERITY`` of their game, costliest
    first (ties: the earlier decision first), at most ``top``."""
    kept = [j for j in judged if j.severity >= MIN_SEVERITY[j.view.game]]
    kept.sort(key=lambda j: -j.severity)
    return kept[:max(0, top)]


# ----- the bot's cache -----
def _value_json(v: ActionValue) -> dict[str, Any]:
    return {"action": str(v.action), "points": round(v.points, 2), "win": round(v.win, 3)}


def _value_from_json(data: Any) -> ActionValue:
    return ActionValue(Action.parse(str(data["action"])), float(data["points"]), float(data["win"]))


def judged_to_json(j: Judged) -> dict[str, Any]:
    """A JSON-able form of a judged decision for the bot's cache (actions as text, the view left out: it is
    rebuilt from the record)."""
    return {
        "round": j.round, "index": j.index, "turn": j.turn, "played": _value_json(j.played),
        "best": _value_json(j.best), "values": [_value_json(v) for v in j.values],
        "cost_points": round(j.cost_points, 2), "cost_win": round(j.cost_win, 3),
    }


def judged_from_json(record: object, seat: int, data: dict[str, Any]) -> Judged:
    """A judged decision back from ``judged_to_json``, its view rebuilt by replaying ``record`` to
    (round, index). Raises ``ReplayError`` on a bad record and ``ValueError`` on data that does not fit it."""
    try:
        round_index, index = int(data["round"]), int(data["index"])
        values = tuple(_value_from_json(v) for v in data["values"])
        played, best = _value_from_json(data["played"]), _value_from_json(data["best"])
        turn, cost_points, cost_win = int(data["turn"]), float(data["cost_points"]), float(data["cost_win"])
    except (KeyError, TypeError) as e:
        raise ValueError(f"not a judged decision: {e}") from None
    view = view_at(record, seat, round_index, index)
    if {v.action for v in values} != set(view.legal):
        raise ValueError("the judged actions are not the legal actions of that position")
    return Judged(round=round_index, index=index, turn=turn, view=view, played=played, best=best, values=values,
                  cost_points=cost_points, cost_win=cost_win)

