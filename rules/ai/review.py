"""The review of a finished game and the hints: what each legal action of a position is worth to the seat.

A position is valued from the seat's own view alone (``Match.view(seat)`` at that moment), by the same
determinized search as ``hard`` with a larger budget, but every action is played out to the end of the
round and two numbers are kept per playout instead of ``hard``'s mixed score:

- ``points``: the card points the seat's side ends the round with (Cicera: the team's score for the deal,
  bonuses and awards, in the game's own points);
- ``win``: the chance that the seat's side wins the round (a draw counts half; Chiamata: the seat's side
  wins the contract; Cicera: the team scores more than the other team in the deal).

Briscola: ``rules.ai.briscola.search_plan``'s deals (weighted by how well they explain the other seats'
plays, the opponents' style read from them), each action played out by ``playout_points``; in 2 players
with at most ``exact_cards_2p`` cards left, every placement of the hidden cards is enumerated and solved
exactly (both sides play perfectly in it: ``_exact``). Chiamata: the card play by ``sampled_points``
(``hard_play``'s deals and playouts); the call by playouts of every callable card over deals of the unseen
cards. Bids are not reviewed: a bid's worth hangs on how the other four go on bidding, which no playout here
models, and it is a game-points contract rather than card points; the trump declaration and the discard
(kitty) are not reviewed either (792 discards, and the trump is judged with the call it leads to).
Cicera: every legal move (captures and placings), ``sample_hands`` deals played to the end of the deal by
the rollout policy and scored exactly.

The budgets count work (deals and playouts), never the clock, so the same view, budget and random generator
give the same values on any machine; ``review`` seeds one generator per decision from the seed and the
decision's place, so a decision's values do not depend on the rest of the game.

Costliness: a decision's ``severity`` is ``cost_win + cost_points / POINT_SCALE[game]`` (60 card points in
Briscola and Chiamata, half of the deck; 6 points in Cicera, about half of what a deal's awards are worth),
and the same number orders the actions (``best`` is the action of highest ``win + points / scale``). A
decision is reported when its severity is at least ``MIN_SEVERITY[game]`` (0.05: 3 card points, or 5% of
win chance; Cicera 0.15: 0.9 points or 15%, its values being noisier), costliest first.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from rules.actions import Action, RulesError
from rules.ai.briscola import _exact, playout_points, round_from_view, search_plan
from rules.ai.chiamata import PLAYERS as CHIAMATA_PLAYERS
from rules.ai.chiamata import Knowledge, partner_weights, playout, sampled_points, search_samples
from rules.ai.cicera import Offers, fast_playout, sample_hands
from rules.ai.cicera import round_from_view as cicera_round
from rules.ai.cicera_counting import passed_captures, unseen_cards
from rules.ai.tuning import BRISCOLA
from rules.briscola import BriscolaView
from rules.cards import POINTS, beats, deck_40, trick_winner
from rules.chiamata import ChiamataView
from rules.cicera import CiceraView, move_of
from rules.cicera_round import capture_bonuses
from rules.records import ReplayError, game_class, replay_record
from rules.view import GameView

__all__ = [
    "HINT_TIME_MS", "MIN_SEVERITY", "POINT_SCALE", "REVIEW_TIME_MS", "ActionValue", "Judged", "action_values",
    "costliest", "decision_rng", "hint", "judge", "judged_from_json", "judged_to_json", "review", "reviewable",
    "seat_decisions", "severity", "view_at",
]

REVIEW_TIME_MS = 400
"""The budget of one reviewed decision (a move in play gets ``rules.ai.DEFAULT_TIME_MS`` = 200)."""
HINT_TIME_MS = 400
"""The budget of a hint (one position)."""
POINT_SCALE = {"briscola": 60.0, "chiamata": 60.0, "cicera": 6.0}
"""What ``points`` are divided by to be weighed against ``win``: about the points that decide a round."""
MIN_SEVERITY = {"briscola": 0.05, "chiamata": 0.05, "cicera": 0.15}
"""A decision costs something real from this severity (``cost_win + cost_points / POINT_SCALE``): 3 card
points or 5% of win chance; in Cicera, whose values are noisier (a deal's score swings with the hidden
hands), 0.9 points or 15% of win chance."""
CICERA_PLIES_PER_MS = 25
"""Cicera: rollout plays per millisecond of budget (set to the engine playouts' speed on one core of the project
machine; ``fast_playout``, used since, makes the same plays in about half the time)."""
CICERA_MIN_SAMPLES = 40
"""Cicera: fewest deals per position, whatever the budget: a deal's score swings by several points with
the hidden hands, and fewer deals leave the values too noisy to compare moves (early in a deal this takes
about three times ``REVIEW_TIME_MS``)."""
MIN_SAMPLES = 8
"""Fewest deals any valuation uses, however small the budget."""
REVIEW_BRISCOLA = replace(BRISCOLA, solved_cards_2p=BRISCOLA.exact_cards_2p)
"""Briscola's search for the review: solved exactly only where every placement is enumerated (cheap)."""


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
    """Whether the review values this position: Briscola and Cicera always; Chiamata the call and the play."""
    return view.game != "chiamata" or view.phase in ("call", "play")


def action_values(view: GameView, rng: random.Random, time_ms: int = REVIEW_TIME_MS) -> list[ActionValue]:
    """Every legal action of view valued from that view alone, best first (ties: ``view.legal``'s order).

    Empty when the seat has nothing to do or the position is not valued (``reviewable``: Chiamata's
    auction, trump and discard)."""
    if not view.legal or not reviewable(view):
        return []
    if isinstance(view, BriscolaView):
        raw = _briscola_values(view, rng, time_ms)
    elif isinstance(view, ChiamataView):
        raw = _call_values(view, rng, time_ms) if view.phase == "call" else _chiamata_values(view, rng, time_ms)
    elif isinstance(view, CiceraView):
        raw = _cicera_values(view, rng, time_ms)
    else:
        raise RulesError(f"no review for the game {view.game!r}")
    values = [ActionValue(a, round(p, 2), round(w, 3)) for a, (p, w) in zip(view.legal, raw, strict=True)]
    order = sorted(range(len(values)), key=lambda i: -severity(view.game, values[i].points, values[i].win))
    return [values[i] for i in order]


def hint(view: GameView, rng: random.Random, time_ms: int = HINT_TIME_MS) -> list[ActionValue]:
    """action_values for one position (best first): the front end shows [0] and compares it with [1]."""
    return action_values(view, rng, time_ms)


def why(view: GameView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does in ``view``, for a hint's line of why: a key and its fields, from the seat's view.

    Briscola and Chiamata: ``take`` (the last card of the trick, it wins it; ``points``: the trick's points with
    the card), ``trump`` (the same with a trump over a trick without one), ``take_so_far`` and ``trump_so_far``
    (the same with seats still to play), ``load`` (it adds ``points`` to a trick
    its partner is winning: Briscola's teams, or Chiamata's once the sides are known), ``duck`` (it lets the
    trick go, giving ``points``), ``lead`` (it opens the trick with ``points``), ``lead_trump``, ``exchange``;
    Chiamata's call: ``call`` (its holder becomes the partner) or ``call_alone`` (a card of the caller's own).
    Cicera: ``capture`` (``n`` cards taken, ``bonuses``: the names of the bonuses it scores) and ``place``."""
    if isinstance(view, CiceraView):
        if action.take:
            last = view.last_placement
            bonuses = capture_bonuses(int(action.card or 0), [int(c) for c in action.take],
                                      len(action.take) == len(view.table), None if last is None else int(last[1]))
            return "capture", {"n": len(action.take), "bonuses": list(bonuses)}
        return "place", {}
    if action.kind == "exchange":
        return "exchange", {}
    if action.kind == "call":  # a card of the caller's own (hand or discards): alone
        own = (*view.hand, *getattr(view, "discards", ()))
        return ("call_alone" if action.card in own else "call"), {}
    assert isinstance(view, (BriscolaView, ChiamataView)) and action.card is not None
    card = int(action.card)
    if not view.trick:
        trump = view.trump is not None and card // 13 == "dcsb".index(view.trump)
        return ("lead_trump" if trump else "lead"), {"points": POINTS[card]}
    cards_in = [int(c) for _s, c in view.trick]
    trump_suit = "dcsb".index(view.trump) if view.trump is not None else -1
    best = cards_in[trick_winner(cards_in, trump_suit)]
    points = sum(POINTS[c] for c in cards_in) + POINTS[card]
    if beats(card, best, trump_suit):
        trumps = card // 13 == trump_suit and best // 13 != trump_suit
        key = "trump" if trumps else "take"
        return (key if len(view.trick) == view.players - 1 else key + "_so_far"), {"points": points}
    winner = view.trick[trick_winner(cards_in, trump_suit)][0]
    if view.seat is not None and _partners(view, view.seat, winner):
        return "load", {"points": POINTS[card]}
    return "duck", {"points": POINTS[card]}


def _partners(view: BriscolaView | ChiamataView, seat: int, other: int) -> bool:
    """Whether ``other`` is known, in ``view``, to be on ``seat``'s side."""
    if isinstance(view, ChiamataView) and view.partner is None:
        return False  # the sides are secret until the called card shows
    return any(seat in side and other in side for side in view.sides)


def _outcome(mine: float, other: float) -> float:
    """1 for a win, 0.5 for a draw, 0 for a loss."""
    return 1.0 if mine > other else 0.5 if mine == other else 0.0


def _means(points: list[float], wins: list[float], weight: float) -> list[tuple[float, float]]:
    weight = weight or 1.0
    return [(p / weight, w / weight) for p, w in zip(points, wins, strict=True)]


def _briscola_values(view: BriscolaView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal action: ``search_plan``'s deals played out, or solved exactly near the end."""
    plan = search_plan(view, rng, time_ms, REVIEW_BRISCOLA)
    side = plan.side
    points = [0.0] * len(plan.moves)
    wins = [0.0] * len(plan.moves)
    weight = 0.0
    for hands, stock, w in plan.deals:
        base = round_from_view(view, hands, stock)
        greedy_side, random_side, seed = plan.opponent(rng)
        weight += w
        for i, m in enumerate(plan.moves):
            r = base.clone()
            r.apply_fast(m)
            if plan.exact:  # 2 players: the other side takes the rest of the deck's 120 points
                mine = _exact(r, side, -1.0, 121.0)
                pts = [mine, 120.0 - mine] if side == 0 else [120.0 - mine, mine]
            else:
                prng = random.Random(seed) if random_side >= 0 else None
                pts = [float(x) for x in playout_points(r, greedy_side, random_side, prng)]
            points[i] += w * pts[side]
            wins[i] += w * _outcome(pts[side], max(p for j, p in enumerate(pts) if j != side))
    return _means(points, wins, weight)


def _chiamata_values(view: ChiamataView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal card: ``hard_play``'s sampled deals and playouts."""
    k = Knowledge(view)
    cards = [int(a.card) for a in view.legal if a.card is not None]
    weights = partner_weights(k) if k.partner < 0 else [1.0] * CHIAMATA_PLAYERS
    samples = max(MIN_SAMPLES, search_samples(len(cards), sum(k.hand_sizes), time_ms))
    points = [0.0] * len(cards)
    wins = [0.0] * len(cards)
    n = 0
    for side, caller_points in sampled_points(k, cards, weights, rng, samples):
        n += 1
        mine = side[k.me]
        for j, p in enumerate(caller_points):
            points[j] += p if mine else 120 - p
            wins[j] += 1.0 if (p >= k.target) == mine else 0.0
    return _means(points, wins, n)


def _call_values(view: ChiamataView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per callable card, for the caller: deals of the unseen cards to the other seats, each
    call played out from the first trick (the called card's holder is the partner; the caller's own card or
    a discard: alone)."""
    me = view.seat
    target = view.target
    assert me is not None and target is not None, "the call phase has a caller and a target"
    hand = [int(c) for c in view.hand]
    discards = [int(c) for c in view.discards]
    disc_points = sum(POINTS[c] for c in discards)
    known = set(hand) | set(discards)
    unseen = [int(c) for c in deck_40() if c not in known]
    calls = [int(a.card) for a in view.legal if a.card is not None]
    leader = (view.dealer + 1) % CHIAMATA_PLAYERS
    samples = max(MIN_SAMPLES, search_samples(len(calls), sum(view.hand_sizes), time_ms))
    points = [0.0] * len(calls)
    wins = [0.0] * len(calls)
    for _ in range(samples):
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        i = 0
        for s in range(CHIAMATA_PLAYERS):
            if s == me:
                hands.append(hand[:])
            else:
                hands.append(unseen[i:i + view.hand_sizes[s]])
                i += view.hand_sizes[s]
        for j, c in enumerate(calls):
            partner = next((s for s in range(CHIAMATA_PLAYERS) if s != me and c in hands[s]), -1)
            side = [s in (me, partner) for s in range(CHIAMATA_PLAYERS)]
            p = disc_points + playout([h[:] for h in hands], [], leader, c // 13, side, partner, c)
            points[j] += p
            wins[j] += 1.0 if p >= target else 0.0
    return _means(points, wins, samples)


def _cicera_values(view: CiceraView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal move: sampled hands (``sample_hands`` with the passed-up captures), each move
    played to the end of the deal by the rollout policy and scored."""
    assert view.seat is not None
    team = view.seat % 2
    moves = [move_of(a) for a in view.legal]
    unseen = unseen_cards(view)
    passed = passed_captures(view, unseen)
    per_sample = len(moves) * sum(view.hand_sizes)
    samples = max(CICERA_MIN_SAMPLES, CICERA_PLIES_PER_MS * time_ms // max(1, per_sample))
    points = [0.0] * len(moves)
    wins = [0.0] * len(moves)
    offers: Offers = {}
    for _ in range(samples):
        base = cicera_round(view, sample_hands(view, unseen, rng, passed))
        for i, mv in enumerate(moves):
            r = base.clone()
            r._play(*mv)
            fast_playout(r, 0, offers)  # (the rollout policy's plays, as ``playout`` makes them)
            score = r.scores()
            points[i] += score[team]
            wins[i] += _outcome(score[team], score[1 - team])
    return _means(points, wins, samples)


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


def _turn(view: GameView) -> int:
    if isinstance(view, CiceraView):
        return 1 + sum(1 for s, _c, _t in view.history if s == view.seat)
    return view.tricks_done + 1


def judge(round_index: int, index: int, view: GameView, action: Action, values: list[ActionValue]) -> Judged:
    """A decision from its values: the played action's and the best one's, and the clamped costs."""
    played = next(v for v in values if v.action == action)
    best = values[0]
    return Judged(
        round=round_index, index=index, turn=_turn(view), view=view, played=played, best=best,
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

