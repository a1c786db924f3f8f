"""Briscola's learned search: 2-player ``hard``, and the arena's ``hard-net`` in every player count with a
network (``CANDIDATE``): the playout search's sampled deals with a learned evaluation instead of playouts,
weighted also by a learned model of the other players' moves.

The deals are ``rules.ai.briscola.search_plan``'s (sampled, weighted by how well they explain the other seats'
latest plays, with the read of the opponents' style), but a move's value in a sampled deal is not a playout
to the end of the round: the move is played, the other side's next decision is searched (``LearnedTuning.reply``:
each of its cards, mixed by its style), the rollout policy plays on until this seat is to move again
(``lookahead`` more tricks with ``LearnedTuning.lookahead``), and the network (``rules.ai.net``) values that
position from what this seat would see there (``rules.ai.features``): its win chance and card-point margin,
averaged over every hidden card it cannot see. All the leaves of a decision are valued in one numpy batch.
Where the 2-player search is exact (few cards left), or for a player count not in ``LearnedTuning.players``
or with no network shipped, it plays the playout search (``rules.ai.briscola.hard``).

``hard-v1`` (``rules.ai.hard_v1``) is unchanged by this module; the arena compares the two.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field, replace

from rules.actions import Action
from rules.ai import briscola, features, net
from rules.ai.briscola_beliefs import (
    _decisions,
    _hand_to_play,
    _seat,
    _side_of,
    _trick_ids,
    _trump,
    round_maker,
)
from rules.ai.tricks import duel_card, greedy_card
from rules.ai.tuning import BRISCOLA, BriscolaTuning
from rules.briscola import HAND_SIZE, BriscolaRound, BriscolaView, deck_for, draws_for
from rules.tricks import EXCHANGE


@dataclass(frozen=True)
class LearnedTuning:
    """The learned search's settings; ``base`` is the tuning of the parts it shares with ``hard``."""

    base: BriscolaTuning = field(default_factory=lambda: BRISCOLA)
    samples_per_ms: float = 1.5
    """Sampled deals per millisecond of budget in team games (as ``hard``: 300 at 200 ms)."""
    duel_samples_per_ms: float = 3.0
    """The same in 2 players (600 at 200 ms): a deal costs less there, and twice ``hard``'s deals still take a
    median of 95 to 130 ms a move on one core, under the 150 ms target (docs/ai/learned.md, eighth
    measurement)."""
    lookahead: int = 0
    """Tricks played on by the policy after the one the move is in, before the network values the position."""
    net_share: float = 1.0
    """A leaf's value: this share from the network, the rest from a playout to the end (0: ``hard``'s
    playouts alone)."""
    players: tuple[int, ...] = (2,)
    """The player counts where the network is used (elsewhere ``hard``'s search): only where measured."""
    first_trick: int = 0
    """Before this many tricks are played, ``hard``'s playouts decide (the network from then on)."""
    reply: bool = True
    """The other side's first decision after the move (an answer to a lead, or a lead after taking the trick;
    in team games after the partners' cards, which the rollout policy plays) is not the rollout policy's but
    every legal card of it valued, mixed as ``hard``'s solved endgame mixes the opponent's styles: at random
    (the mean), greedy's card, and the card worst for this seat, with the weights the style read gives
    (``SearchPlan.mix``)."""
    policy_share: float = 0.5
    """A sampled deal's weight is this share the move policy's chance (``net.load(players, policy=True)``, where
    one is shipped) of the other seats' latest plays, had they held that deal's hands then, and the rest
    ``hard``'s weight (how a reasonable greedy or heuristic player would have played): a mixture of the two
    models of the other players."""
    policy_depth: int = 1
    """How many of each other seat's latest plays the policy's chance is of (``policy_weights``): 1, the
    latest only; more, its earlier plays of the round too, through every way back to the hands it held."""
    reply_random: float = 1.0
    """The reply's mixture takes the style read's random weight times this (at most 1 in all), greedy's card and
    the worst card sharing the rest in proportion to their weights; an opponent read as random (``random_belief``,
    when its cards are played at random in the playouts too) keeps the read's weights. Against ``hard-v1`` the read
    gives a random weight of about a third on average (0.28 to 0.39 by stage of the round, seventeenth session):
    the mean over the answers weighs as much as the worst answer."""
    reply_policy: float = 0.0
    """In the reply's mixture, this share of the card worst for this seat is replaced by the move policy's
    chances of the other side's cards there, read from that seat's own view of the sampled deal (the worst
    card is chosen knowing this seat's hidden cards and the stock, which the other seat does not know)."""


LEARNED = LearnedTuning(base=replace(BRISCOLA, heuristic_bonus=0.0))
"""Level ``hard``'s settings: the network only where it was measured better than ``hard-v1``; no near-tie
bonus for ``duel_card``'s move (the third-generation value measured level without it, and it no longer turns
the network's choices where the inference decides)."""
CANDIDATE = replace(LEARNED, players=(2, 4, 6))
"""``hard-net``'s settings: the learned search in every player count with a network, the candidate the arena
measures (and ``python -m bot train --agent hard-net`` has play) before ``hard`` switches in a count."""


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
    other = 1 - _seat(view) if seat is None else seat
    latest = [p for p in _decisions(view) if p[0] == other]
    n = view.players
    draws = draws_for(n)
    side_of, trump = _side_of(view), _trump(view)
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


def _paths(view: BriscolaView, hand: list[int], plays: list[LatestPlay]) -> list[list[list[int]]]:
    """Every way back through ``plays`` (a seat's consecutive decisions, the latest first) from its hand now:
    a path is the hand it held before each of them (``_held_before`` step by step)."""
    paths: list[list[list[int]]] = [[]]
    for i, play in enumerate(plays):
        paths = [path + [h] for path in paths
                 for h in _held_before(view, path[-1] if i else hand, play)]
    return paths


def policy_weights(view: BriscolaView, deals: list[tuple[list[list[int]], list[int], float]], share: float,
                   depth: int = 1) -> list[tuple[list[list[int]], list[int], float]]:
    """The deals reweighted by the move policy: ``share`` of a deal's weight is the policy's chance of the
    other seats' latest plays in that deal (``opponent_decision`` for each seat whose hand is hidden, the
    mean over the hands it may have held; the product over those seats), the rest its weight. With ``depth``
    above 1, each seat's latest ``depth`` plays: the mean over the ways back to them (``_paths``) of the
    product of their chances, to the power one over the number of plays (a chance of one play, on the scale
    of the rest of the weight). Unchanged without a shipped policy for the player count, or a decision to
    rebuild."""
    if share <= 0:
        return deals
    model = net.load(view.players, policy=True)
    if model is None:
        return deals
    me = _seat(view)
    seats = [plays for s in range(view.players) if s != me and s not in view.visible_hands
             for plays in [latest_plays(view, s, depth)] if plays]
    if not seats:
        return deals
    rows: list[features.Encoded] = []
    found = []  # per deal, per seat: each way back as its rows' indices and the plays' classes
    for hands, _stock, _w in deals:
        per_seat = []
        for plays in seats:
            classes = [features.card_index(play.card, play.trump) for play in plays]
            index: dict[tuple[int, tuple[int, ...]], int] = {}  # (play, hand) -> its row: paths share rows
            chains = []
            for path in _paths(view, [int(c) for c in hands[plays[0].seat]], plays):
                at = []
                for i, (play, h) in enumerate(zip(plays, path)):
                    key = (i, tuple(h))
                    if key not in index:
                        index[key] = len(rows)
                        rows.extend(_rows(view, play, [h]))
                    at.append((index[key], classes[i]))
                chains.append(at)
            per_seat.append(chains)
        found.append(per_seat)
    chances = model.policy(features.matrix(rows)).tolist()
    out = []
    for (hands, stock, w), per_seat in zip(deals, found):
        p = 1.0
        for chains in per_seat:
            total = 0.0
            for chain in chains:
                q = 1.0
                for j, cls in chain:
                    q *= chances[j][cls]
                total += q
            mean = total / len(chains)
            p *= mean if len(chains[0]) == 1 else mean ** (1.0 / len(chains[0]))
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
            r.apply_fast(greedy_card(hand, r.trick, r.trump))
        elif side == random_side and rng is not None:
            r.apply_fast(hand[int(rng.random() * len(hand))])
        else:
            r.apply_fast(briscola._policy_move(r))


def _partners_play(r: BriscolaRound, me: int) -> None:
    """Team games: the partners of ``me`` play with the rollout policy until an opponent or ``me`` is to move."""
    mine = r.side_of[me]
    while not r.done and r.turn != me and r.side_of[r.turn] == mine:
        r.apply_fast(briscola._policy_move(r))


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
    model = net.load(view.players) if view.players in tuning.players else None
    remaining = sum(view.hand_sizes) + view.stock_count + (0 if view.briscola is None else 1)
    exact = view.players == 2 and remaining <= base.solved_cards_2p
    if model is None or exact or tuning.net_share <= 0 or len(view.tricks) < tuning.first_trick:
        return briscola.hard(view, rng, time_ms, base)
    if len(view.legal) == 1:
        return view.legal[0]
    me = _seat(view)
    bonus = view.options.get("high_score_bonus") == "on"
    # hard's deals and its read of the opponents (not solved here: ``exact`` went to hard above)
    per_ms = tuning.duel_samples_per_ms if view.players == 2 else tuning.samples_per_ms
    plan = briscola.search_plan(view, rng, time_ms, replace(base, samples_per_ms=per_ms))
    moves, side, deals = plan.moves, plan.side, plan.deals
    if tuning.policy_share > 0:
        deals = policy_weights(view, deals, tuning.policy_share, tuning.policy_depth)
    totals = [0.0] * len(moves)
    parts = [[0.0, 0.0, 0.0] for _m in moves]  # per move: weight, win and margin / 120 summed as totals are
    budget = max(4 * time_ms / 1000.0, time_ms / 1000.0 + 0.5)  # as hard's: only an overloaded machine gets there
    t0 = time.perf_counter()
    leaves: list[features.Encoded] = []
    share = tuning.net_share
    groups: list[tuple[int, float, list[int], int, int, list[int]]] = []
    # (move, weight, its results, greedy's among them, the reply's policy row or -1, the replies' classes)
    policy_model = net.load(view.players, policy=True) if tuning.reply_policy > 0 else None
    policy_rows: list[features.Encoded] = []
    done_values: list[float] = []  # the values of results that end the round (result -1 - k)
    done_parts: list[tuple[float, float]] = []  # their win and margin / 120
    summed: features.Base | None = None  # the view's tricks summed once for every leaf

    def settle(c: BriscolaRound, greedy_side: int, random_side: int, seed: int) -> int:
        """Play ``c`` on to this seat's next turn and keep what to value: a leaf (its index), or the value of
        a finished round (``-1 - k``)."""
        advance(c, me, tuning.lookahead, greedy_side, random_side,
                random.Random(seed ^ 0x5EED) if random_side >= 0 else None)
        if c.done:
            points = c.side_points()
            done_values.append(briscola.round_value(points, side, bonus, base.margin_weight))
            if trace is not None:
                done_parts.append(outcome(points, side))
            return -len(done_values)
        leaves.append(features.from_round(c, me, _visible(c, me, view), summed))
        return len(leaves) - 1

    make_round = round_maker(view)
    for k, (hands, stock, w) in enumerate(deals):
        start = make_round(hands, stock)
        if summed is None:
            summed = features.history_base(start.side_of, start.trump, start.history)
        greedy_side, random_side, seed = plan.opponent(rng)
        for i, m in enumerate(moves):
            r = start.clone()
            r.apply_fast(m)
            if share < 1.0:
                prng = random.Random(seed) if random_side >= 0 else None
                points = briscola.playout_points(r, greedy_side, random_side, prng)
                totals[i] += w * (1.0 - share) * briscola.round_value(points, side, bonus, base.margin_weight)
                if trace is not None:
                    _add(parts[i], w * (1.0 - share), outcome(points, side))
            if tuning.reply and r.n > 2:
                _partners_play(r, me)
            if tuning.reply and not r.done and r.turn != me:
                # the other side's decision, every card of it: valued below, mixed by its styles
                options = r.legal_fast()
                group = []
                for o in options:
                    c = r.clone()
                    c.apply_fast(o)
                    group.append(settle(c, greedy_side, random_side, seed))
                g = greedy_card(r.hands[r.turn], r.trick, r.trump)
                row, classes = -1, []
                if policy_model is not None:
                    row = len(policy_rows)
                    policy_rows.append(features.from_round(r, r.turn, _visible(r, r.turn, view), summed))
                    classes = [features.CARDS if o >= EXCHANGE else features.card_index(o, r.trump)
                               for o in options]
                groups.append((i, w * share, group, options.index(g) if g in options else -1, row, classes))
            else:
                groups.append((i, w * share, [settle(r, greedy_side, random_side, seed)], 0, -1, []))
        if time.perf_counter() - t0 > budget:
            deals = deals[:k + 1]  # the near-tie bonus counts only the deals valued
            break
    values: list[float] = []
    leaf_parts: list[tuple[float, float]] = []
    if leaves:
        win, margin = model.evaluate(features.matrix(leaves))
        values = ((2.0 * win - 1.0) + margin * base.margin_weight).tolist()
        if trace is not None:
            leaf_parts = list(zip(win.tolist(), (margin / 120.0).tolist()))
    chances = policy_model.policy(features.matrix(policy_rows)) if policy_model is not None and policy_rows else None
    mix = reply_mix(plan, tuning.reply_random)
    p_random, p_greedy, p_worst = mix
    q = tuning.reply_policy
    for i, weight, group, gi, row, classes in groups:
        vs = [values[j] if j >= 0 else done_values[-1 - j] for j in group]
        if len(vs) == 1:
            totals[i] += weight * vs[0]
        else:
            worst = min(vs)
            if chances is not None and row >= 0:
                pc = [float(chances[row, c]) for c in classes]
                total = sum(pc)
                if total > 0:
                    worst = (1.0 - q) * worst + q * sum(p * v for p, v in zip(pc, vs)) / total
            v = p_random * sum(vs) / len(vs) + p_worst * worst + p_greedy * (vs[gi] if gi >= 0 else min(vs))
            totals[i] += weight * v
        if trace is not None:
            pc = [float(chances[row, c]) for c in classes] if chances is not None and row >= 0 else []
            for part, j in zip(_reply_mix(vs, gi, mix, q, pc), group):
                _add(parts[i], weight * part, leaf_parts[j] if j >= 0 else done_parts[-1 - j])
    if view.players == 2 and base.heuristic_bonus:
        hint = duel_card(_hand_to_play(view), _trick_ids(view), _trump(view))
        if hint in moves:
            totals[moves.index(hint)] += base.heuristic_bonus * sum(w for _h, _s, w in deals)
    best = max(range(len(moves)), key=lambda i: totals[i])
    if trace is not None and parts[best][0] > 0:
        weight, win_sum, margin_sum = parts[best]
        trace.append((win_sum / weight, margin_sum / weight))
    return view.legal[best]


def reply_mix(plan: briscola.SearchPlan, keep_random: float) -> tuple[float, float, float]:
    """The reply's (random, greedy, worst) weights: the style read's (``plan.mix``) with its random weight times
    ``keep_random`` (at most 1) and the other two scaled in proportion so that the three sum to 1 (shared evenly
    where both are 0); the read's own when the opponent is read as random (``plan.p_random``)."""
    p_random, p_greedy, p_worst = plan.mix
    if keep_random == 1.0 or plan.p_random >= 1.0:
        return plan.mix
    new_random = min(1.0, p_random * keep_random)
    rest = p_greedy + p_worst
    if rest <= 0.0:
        return new_random, (1.0 - new_random) / 2, (1.0 - new_random) / 2
    scale = (1.0 - new_random) / rest
    return new_random, p_greedy * scale, p_worst * scale


def outcome(points: list[int], side: int) -> tuple[float, float]:
    """A finished round's result for ``side`` on the network's scale: won 1, a draw 0.5, lost 0 (in 2 players
    over 60 points, in team games more than the other side), and the card-point margin / 120."""
    mine = points[side]
    other = max(p for s, p in enumerate(points) if s != side)
    won, lost = (mine > 60, other > 60) if len(points) == 2 else (mine > other, other > mine)
    return (1.0 if won else 0.0 if lost else 0.5), (mine - other) / 120.0


def _reply_mix(vs: list[float], gi: int, mix: tuple[float, float, float], q: float, pc: list[float]) -> list[float]:
    """The weight of each of a reply's results in its value, as ``hard`` mixes them: at random (the mean), the
    card worst for this seat (with the share ``q`` of it by the policy's chances ``pc``, where given) and
    greedy's card (``gi``, the worst where greedy's card is not among them)."""
    if len(vs) == 1:
        return [1.0]
    p_random, p_greedy, p_worst = mix
    out = [p_random / len(vs)] * len(vs)
    low = vs.index(min(vs))
    out[gi if gi >= 0 else low] += p_greedy
    total = sum(pc)
    if total > 0:
        out[low] += (1.0 - q) * p_worst
        for k, p in enumerate(pc):
            out[k] += q * p_worst * p / total
    else:
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
