"""Briscola's learned search, 2-player ``hard``: the playout search's sampled deals with a learned evaluation
instead of playouts, weighted also by a learned model of the opponent's moves.

The deals are ``rules.ai.briscola.search.search_plan``'s (sampled, weighted by how well they explain the other
seat's latest plays, with the read of the opponent's style), reweighted by the move policy's chance of the
opponent's latest play (``policy_weights``). A move's value in a sampled deal is not a playout to the end of the
round: the move is played, the other side's next decision is searched (each of its cards, mixed by its style:
``SearchPlan.mix``), the rollout policy plays on until this seat is to move again, and the network
(``rules.ai.briscola.net``) values that position from what this seat would see there
(``rules.ai.briscola.features``): its win chance and card-point margin, averaged over every hidden card it
cannot see. All the leaves of a decision are valued in one numpy batch. Where the search is exact (few cards
left), or for a player count without a shipped network (3, 4 and 6 players: the learned search was not
measured better than ``hard-v1`` there, docs/AI.md), it plays the playout search (``search.hard``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace

from rules.actions import Action
from rules.ai.briscola import features, net, search
from rules.ai.briscola.beliefs import (
    round_maker,
    round_plays,
    seat_of,
    seat_sides,
    trump_suit,
)
from rules.ai.briscola.tuning import BRISCOLA, BriscolaTuning
from rules.ai.tricks import greedy_card
from rules.games.briscola.round import BriscolaRound
from rules.games.briscola.rules import HAND_SIZE, deck_for, draws_for
from rules.games.briscola.view import BriscolaView


@dataclass(frozen=True)
class LearnedTuning:
    """The learned search's numbers; ``base`` is the tuning of the parts it shares with the playout search."""

    base: BriscolaTuning = field(default_factory=lambda: replace(BRISCOLA, heuristic_bonus=0.0))
    """The playout search's tuning, without the near-tie bonus for ``duel_card``'s move (the network's value
    measured level without it, and it no longer turns the network's choices where the inference decides)."""
    samples_per_ms: float = 3.0
    """Sampled deals per millisecond of budget (600 at 200 ms): a deal costs less than a playout, and twice the
    playout search's deals still take a median of 95 to 130 ms a move on one core (docs/AI.md)."""
    policy_share: float = 0.5
    """A sampled deal's weight is this share the move policy's chance (``net.load(players, policy=True)``) of
    the opponent's latest play, had it held that deal's hand then, and the rest the playout search's weight
    (how a reasonable greedy or heuristic player would have played): a mixture of the two models."""


LEARNED = LearnedTuning()
"""Level ``hard``'s settings in 2 players."""
PLAYERS = (2,)
"""The player counts whose network ``hard`` uses (the networks shipped in ``rules/ai/weights``)."""


@dataclass(frozen=True)
class LatestPlay:
    """What this seat's view tells of another seat's latest decision (``latest_play``)."""

    seat: int
    card: int
    trick: int
    """The index of the trick it played in."""
    prefix: list[int]
    """The cards on the table before it played."""
    tricks: list[tuple[int, list[int], int]]
    """The tricks completed before, (leader, cards, winner)."""
    base: features.Base
    leader: int
    face_up: int | None
    stock: int
    drew_face_up: bool
    """It drew the face-up card after that trick (the card it drew is known)."""
    side_of: list[int]
    trump: int
    """The view's sides and trump, read once for every deal's rebuilt decision."""


def latest_play(view: BriscolaView, seat: int | None = None) -> LatestPlay | None:
    """Seat ``seat``'s latest decision as this seat saw it (``None``: the opponent of 2 players); ``None``
    when it has not played this round, or gave a card in an exchange since (its hand then is not rebuilt)."""
    plays = latest_plays(view, seat, 1)
    return plays[0] if plays else None


def latest_plays(view: BriscolaView, seat: int | None = None, depth: int = 1) -> list[LatestPlay]:
    """Seat ``seat``'s latest ``depth`` decisions of this round as this seat saw them, the latest first
    (``latest_play`` for one); it stops before a decision the seat gave a card in an exchange after."""
    other = 1 - seat_of(view) if seat is None else seat
    latest = [p for p in round_plays(view) if p[0] == other]
    n = view.players
    draws = draws_for(n)
    side_of, trump = seat_sides(view), trump_suit(view)
    out = []
    for _who, card, prefix, k in reversed(latest[-depth:] if depth > 0 else []):
        if any(s == other and at > k for s, _g, _t, at in view.exchanges):
            break
        tricks = [(lead, [int(c) for _s, c in cs], w) for lead, cs, w in view.tricks[:k]]
        out.append(LatestPlay(
            seat=other, card=card, trick=k, prefix=prefix, tricks=tricks, side_of=side_of, trump=trump,
            base=features.history_base(side_of, trump, tricks),
            leader=view.leader if k == len(view.tricks) else view.tricks[k][0],
            face_up=int(view.face_up) if k < draws else None,
            stock=len(deck_for(n)) - HAND_SIZE * n - 1 - n * k if k < draws else 0,
            drew_face_up=k == draws - 1 and view.face_up_drawn_by == other,
        ))
    return out


def opponent_decision(view: BriscolaView, hands: list[list[int]], play: LatestPlay | None = None,
                      ) -> tuple[list[features.Encoded], int] | None:
    """In a sampled deal (``hands``): the features of another seat's latest decision (``play``, from
    ``latest_play``; ``None``: the opponent's of 2 players), had it held that deal's cards, one row per hand
    it may have held then (its hand now with the played card back, less the card it drew after that trick
    if it drew, any of them), and the class of the card it played there (``features.card_index``); ``None``
    when there is no decision to rebuild. Rebuilt from this seat's view and the sampled cards only; what
    that seat knew of the others' cards and whether it could exchange are not rebuilt (none, no)."""
    play = latest_play(view) if play is None else play
    return None if play is None else _decision(view, hands, play)


def _decision(view: BriscolaView, hands: list[list[int]], play: LatestPlay) -> tuple[list[features.Encoded], int]:
    """``opponent_decision`` of a decision there is."""
    held = _held_before(view, [int(c) for c in hands[play.seat]], play)
    return _rows(view, play, held), features.card_index(play.card, play.trump)


def _held_before(view: BriscolaView, hand: list[int], play: LatestPlay) -> list[list[int]]:
    """The hands the seat may have held just before ``play``, given its hand ``hand`` just after the draw
    that followed it (its hand now for its latest play): the played card back, less the card it drew after
    that trick if it drew (the face-up card when it drew that one, else any of them)."""
    card, k = play.card, play.trick
    if k == len(view.tricks) or k >= draws_for(view.players):  # this trick, or no draw after that one
        return [hand + [card]]
    if play.drew_face_up:
        return [[c for c in hand if c != int(view.face_up)] + [card]]
    return [hand[:i] + hand[i + 1:] + [card] for i in range(len(hand))]


def _rows(view: BriscolaView, play: LatestPlay, held: list[list[int]]) -> list[features.Encoded]:
    """The features of ``play``'s decision had the seat held each hand of ``held``."""
    return [features.encode(view.players, play.seat, play.side_of, play.trump, h, play.tricks, play.prefix,
                            play.leader, play.face_up, {}, play.stock, False, play.base) for h in held]


def policy_weights(view: BriscolaView, deals: list[tuple[list[list[int]], list[int], float]], share: float,
                   ) -> list[tuple[list[list[int]], list[int], float]]:
    """The deals reweighted by the move policy: ``share`` of a deal's weight is the policy's chance of the
    other seats' latest plays in that deal (``opponent_decision`` for each seat whose hand is hidden, the
    mean over the hands it may have held; the product over those seats), the rest its weight. Unchanged
    without a shipped policy for the player count, or a decision to rebuild."""
    if share <= 0:
        return deals
    model = net.load(view.players, policy=True)
    if model is None:
        return deals
    me = seat_of(view)
    seats = [play for s in range(view.players) if s != me and s not in view.visible_hands
             for play in [latest_play(view, s)] if play is not None]
    if not seats:
        return deals
    rows: list[features.Encoded] = []
    found = []  # per deal, per seat: the rows of the hands it may have held, and its play's class
    for hands, _stock, _w in deals:
        per_seat = []
        for play in seats:
            index: dict[tuple[int, ...], int] = {}  # hand -> its row: the same hand shares one row
            at = []
            for h in _held_before(view, [int(c) for c in hands[play.seat]], play):
                key = tuple(h)
                if key not in index:
                    index[key] = len(rows)
                    rows.extend(_rows(view, play, [h]))
                at.append(index[key])
            per_seat.append((at, features.card_index(play.card, play.trump)))
        found.append(per_seat)
    chances = model.policy(features.matrix(rows)).tolist()
    out = []
    for (hands, stock, w), per_seat in zip(deals, found):
        p = 1.0
        for at, cls in per_seat:
            total = 0.0
            for j in at:
                total += chances[j][cls]
            p *= total / len(at)
        out.append((hands, stock, (1.0 - share) * w + share * p))
    return out


def advance(r: BriscolaRound, me: int, tricks: int, greedy_side: int, random_side: int,
             rng: random.Random | None) -> None:
    """Play on with the rollout policy (the opponents in their style) until ``tricks`` more tricks are closed
    after the current one and seat ``me`` is to move, or the round is over."""
    closed = len(r.history)
    target = closed + 1 + tricks if r.trick else closed + tricks
    side_of = r.side_of
    while not r.done and (len(r.history) < target or r.turn != me):
        side = side_of[r.turn]
        hand = r.hands[r.turn]
        if side == greedy_side:
            r.apply_unchecked(greedy_card(hand, r.trick, r.trump))
        elif side == random_side and rng is not None:
            r.apply_unchecked(hand[int(rng.random() * len(hand))])
        else:
            r.apply_unchecked(search.policy_move(r))


def _visible(r: BriscolaRound, me: int, view: BriscolaView) -> list[int]:
    """The other seats whose hands ``me`` would see in ``r``: in ``open`` mode all, with ``partner_hand``
    the partners once the stock is empty."""
    if view.options.get("open") == "on":
        return [s for s in range(r.n) if s != me]
    if view.options.get("partner_hand") == "on" and not r.stock and r.briscola_drawn:
        return [s for s in range(r.n) if s != me and r.side_of[s] == r.side_of[me]]
    return []


def hard(view: BriscolaView, rng: random.Random, time_ms: int, tuning: LearnedTuning = LEARNED,
         trace: list[tuple[float, float]] | None = None) -> Action:
    """The learned search's move (see the module's docstring). When the learned search decides (not the
    playout search, not a single legal move) and ``trace`` is a list, the search's value of the move chosen is
    appended to it: the win chance of this seat's side (a draw half) and the card-point margin / 120, each
    mixed over the sampled deals and the replies as the move's value is (``python -m bot train`` keeps them
    as training targets)."""
    base = tuning.base
    model = net.load(view.players) if view.players in PLAYERS else None
    remaining = sum(view.hand_sizes) + view.stock_count + (0 if view.briscola is None else 1)
    exact = view.players == 2 and remaining <= base.solved_cards_2p
    if model is None or exact:
        return search.hard(view, rng, time_ms, base)
    if len(view.legal) == 1:
        return view.legal[0]
    me = seat_of(view)
    bonus = view.options.get("high_score_bonus") == "on"
    # the playout search's deals and its read of the opponent (not solved here: ``exact`` went to it above)
    plan = search.search_plan(view, rng, time_ms, replace(base, samples_per_ms=tuning.samples_per_ms))
    moves, side, deals = plan.moves, plan.side, plan.deals
    if tuning.policy_share > 0:
        deals = policy_weights(view, deals, tuning.policy_share)
    totals = [0.0] * len(moves)
    parts = [[0.0, 0.0, 0.0] for _m in moves]  # per move: weight, win and margin / 120 summed as totals are
    budget = max(4 * time_ms / 1000.0, time_ms / 1000.0 + 0.5)  # as search.hard's: only an overloaded machine
    t0 = time.perf_counter()
    leaves: list[features.Encoded] = []
    groups: list[tuple[int, float, list[int], int]] = []  # (move, weight, its results, greedy's among them)
    done_values: list[float] = []  # the values of results that end the round (result -1 - k)
    done_parts: list[tuple[float, float]] = []  # their win and margin / 120
    summed: features.Base | None = None  # the view's tricks summed once for every leaf

    def settle(c: BriscolaRound, greedy_side: int, random_side: int, seed: int) -> int:
        """Play ``c`` on to this seat's next turn and keep what to value: a leaf (its index), or the value of
        a finished round (``-1 - k``)."""
        advance(c, me, 0, greedy_side, random_side, random.Random(seed ^ 0x5EED) if random_side >= 0 else None)
        if c.done:
            points = c.side_points()
            done_values.append(search.round_value(points, side, bonus, base.margin_weight))
            if trace is not None:
                done_parts.append(outcome(points, side))
            return -len(done_values)
        leaves.append(features.from_round(c, me, _visible(c, me, view), summed))
        return len(leaves) - 1

    make_round = round_maker(view)
    for hands, stock, w in deals:
        start = make_round(hands, stock)
        if summed is None:
            summed = features.history_base(start.side_of, start.trump, start.history)
        greedy_side, random_side, seed = plan.opponent(rng)
        for i, m in enumerate(moves):
            r = start.clone()
            r.apply_unchecked(m)
            if not r.done and r.turn != me:
                # the other side's decision, every card of it: valued below, mixed by its styles
                options = r.legal_fast()
                group = []
                for o in options:
                    c = r.clone()
                    c.apply_unchecked(o)
                    group.append(settle(c, greedy_side, random_side, seed))
                g = greedy_card(r.hands[r.turn], r.trick, r.trump)
                groups.append((i, w, group, options.index(g) if g in options else -1))
            else:
                groups.append((i, w, [settle(r, greedy_side, random_side, seed)], 0))
        if time.perf_counter() - t0 > budget:
            break
    values: list[float] = []
    leaf_parts: list[tuple[float, float]] = []
    if leaves:
        win, margin = model.evaluate(features.matrix(leaves))
        values = ((2.0 * win - 1.0) + margin * base.margin_weight).tolist()
        if trace is not None:
            leaf_parts = list(zip(win.tolist(), (margin / 120.0).tolist()))
    mix = plan.mix
    p_random, p_greedy, p_worst = mix
    for i, weight, group, gi in groups:
        vs = [values[j] if j >= 0 else done_values[-1 - j] for j in group]
        if len(vs) == 1:
            totals[i] += weight * vs[0]
        else:
            v = p_random * sum(vs) / len(vs) + p_worst * min(vs) + p_greedy * (vs[gi] if gi >= 0 else min(vs))
            totals[i] += weight * v
        if trace is not None:
            for part, j in zip(reply_weights(vs, gi, mix), group):
                _add(parts[i], weight * part, leaf_parts[j] if j >= 0 else done_parts[-1 - j])
    best = max(range(len(moves)), key=lambda i: totals[i])
    if trace is not None and parts[best][0] > 0:
        weight, win_sum, margin_sum = parts[best]
        trace.append((win_sum / weight, margin_sum / weight))
    return view.legal[best]


def outcome(points: list[int], side: int) -> tuple[float, float]:
    """A finished round's result for ``side`` on the network's scale: won 1, a draw 0.5, lost 0 (in 2 players
    over 60 points, in team games more than the other side), and the card-point margin / 120."""
    mine = points[side]
    other = max(p for s, p in enumerate(points) if s != side)
    won, lost = (mine > 60, other > 60) if len(points) == 2 else (mine > other, other > mine)
    return (1.0 if won else 0.0 if lost else 0.5), (mine - other) / 120.0


def reply_weights(vs: list[float], gi: int, mix: tuple[float, float, float]) -> list[float]:
    """The weight of each of a reply's results in its value, as ``hard`` mixes them: at random (the mean), the
    card worst for this seat and greedy's card (``gi``, the worst where greedy's card is not among them)."""
    if len(vs) == 1:
        return [1.0]
    p_random, p_greedy, p_worst = mix
    out = [p_random / len(vs)] * len(vs)
    low = vs.index(min(vs))
    out[gi if gi >= 0 else low] += p_greedy
    out[low] += p_worst
    return out


def _add(acc: list[float], weight: float, part: tuple[float, float]) -> None:
    """Add a weighted (win, margin) to a move's sums (weight, win, margin)."""
    acc[0] += weight
    acc[1] += weight * part[0]
    acc[2] += weight * part[1]


def choose(view: BriscolaView, rng: random.Random, time_ms: int, tuning: LearnedTuning | None = None,
           trace: list[tuple[float, float]] | None = None) -> Action:
    """The learned search's action in ``view`` (one of ``view.legal``); ``tuning`` ``None``: ``LEARNED``
    (level ``hard``); ``trace``: see ``hard``."""
    if len(view.legal) == 1:
        return view.legal[0]
    return hard(view, rng, time_ms, LEARNED if tuning is None else tuning, trace)
