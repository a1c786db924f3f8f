"""Briscola AI: greedy (the baseline), medium (card counting, partner play) and hard (determinized search).

Everything here works from a ``BriscolaView``: the cards the seat holds or has seen, never the hidden state.
"""

from __future__ import annotations

import random
import time

from rules.actions import Action
from rules.ai.tricks import beats, greedy_card, heuristic_card, winning_index
from rules.briscola import BriscolaRound, BriscolaView, deck_for, sides_for
from rules.cards import POINTS, STRENGTH
from rules.tricks import EXCHANGE

EXACT_CARDS_2P = 8
"""2 players: below this many cards left in hands and stock, each sampled deal is solved exactly."""


# ----- reading the view -----
def _play_actions(view: BriscolaView) -> list[Action]:
    return [a for a in view.legal if a.kind == "play"]


def _trick_ids(view: BriscolaView) -> list[int]:
    return [int(c) for _, c in view.trick]


def _trump(view: BriscolaView) -> int:
    return "dcsb".index(view.trump)


def _side_of(view: BriscolaView) -> list[int]:
    side_of = [0] * view.players
    for i, side in enumerate(view.sides):
        for s in side:
            side_of[s] = i
    return side_of


def _partner_winning(view: BriscolaView) -> bool:
    if not view.trick or view.seat is None:
        return False
    trick = _trick_ids(view)
    winner = view.trick[winning_index(trick, _trump(view))][0]
    return winner != view.seat and _side_of(view)[winner] == _side_of(view)[view.seat]


def known_holdings(view: BriscolaView) -> dict[int, set[int]]:
    """Cards other seats are known to hold: taken in an exchange or drawn face up, and not played since."""
    played = {int(c) for _, cs, _ in view.tricks for _, c in cs} | {int(c) for _, c in view.trick}
    known: dict[int, set[int]] = {s: set() for s in range(view.players)}
    for seat, _given, taken in view.exchanges:
        known[seat].add(int(taken))
    if view.face_up_drawn_by is not None:
        known[view.face_up_drawn_by].add(int(view.face_up))
    for s in known:
        known[s] -= played
        if s == view.seat:
            known[s].clear()
        # a card given away in a later exchange is no longer held
        for seat, given, _taken in view.exchanges:
            if seat == s:
                known[s].discard(int(given))
    for s, hand in view.visible_hands.items():
        known[s] = {int(c) for c in hand}
    return known


def unseen_cards(view: BriscolaView) -> list[int]:
    """Cards this seat cannot place: in other hands (not known) or face down in the stock."""
    seen = {int(c) for c in view.hand}
    seen |= {int(c) for _, cs, _ in view.tricks for _, c in cs}
    seen |= {int(c) for _, c in view.trick}
    for cs in known_holdings(view).values():
        seen |= cs
    if view.briscola is not None:
        seen.add(int(view.briscola))
    return [c for c in deck_for(view.players) if c not in seen]


# ----- greedy and medium -----
def greedy(view: BriscolaView) -> Action:
    """The exact baseline: ``rules.ai.tricks.greedy_card``; never exchanges."""
    hand = [int(a.card) for a in _play_actions(view)]
    return Action.play(greedy_card(hand, _trick_ids(view), _trump(view)))


def medium(view: BriscolaView) -> Action:
    """Heuristic play with card counting and partner play.

    Exchanges whenever allowed (a 7 or 2 of trumps for a better trump). Leading: the cheapest card, but not
    a card worth points that an unseen card of its suit or a trump can take unless nothing cheaper is left.
    Following: the heuristic policy; a partner's winning card is loaded only when no unseen card could beat
    it (or when it is the last card of the trick)."""
    exchanges = [a for a in view.legal if a.kind == "exchange"]
    if exchanges:
        return exchanges[0]
    trump = _trump(view)
    hand = [int(a.card) for a in _play_actions(view)]
    trick = _trick_ids(view)
    unseen = unseen_cards(view)
    if not trick:
        return Action.play(_medium_lead(hand, unseen, trump))
    last = len(trick) == view.players - 1
    partner_winning = _partner_winning(view)
    if partner_winning and not last:
        best = trick[winning_index(trick, trump)]
        safe = not any(beats(u, best, trump) for u in unseen)
        if safe:
            loads = [c for c in hand if c // 13 != trump] or hand
            return Action.play(max(loads, key=lambda c: (POINTS[c], -STRENGTH[c])))
        return Action.play(min(hand, key=lambda c: (c // 13 == trump, POINTS[c], STRENGTH[c])))
    return Action.play(heuristic_card(hand, trick, trump, partner_winning, last))


def _medium_lead(hand: list[int], unseen: list[int], trump: int) -> int:
    def risk(c: int) -> tuple:
        takers = sum(1 for u in unseen if beats(u, c, trump))
        return (c // 13 == trump, POINTS[c] if takers else -1, POINTS[c], STRENGTH[c])

    return min(hand, key=risk)


# ----- hard: determinized search -----
def round_from_view(view: BriscolaView, hands: list[list[int]], stock: list[int]) -> BriscolaRound:
    """A full round state from a view and a guess of the hidden cards (``stock`` in draw order)."""
    n = view.players
    r = BriscolaRound.__new__(BriscolaRound)
    r.n = n
    r.dealer = view.dealer
    r.trump = _trump(view)
    r.hands = [list(h) for h in hands]
    r.leader = view.leader
    r.turn = view.to_move if view.to_move is not None else view.leader
    r.trick = _trick_ids(view)
    r.captured = [0] * n
    r.won = [[] for _ in range(n)]
    r.history = []
    for lead, cs, w in view.tricks:
        ids = tuple(int(c) for _, c in cs)
        r.captured[w] += sum(POINTS[c] for c in ids)
        r.won[w].extend(ids)
        r.history.append((lead, ids, w))
    r.done = False
    r.stock = list(reversed(stock))
    r.briscola = int(view.face_up)
    r.briscola_drawn = view.briscola is None
    r.can_exchange = view.can_exchange
    r.exchanges = [(s, int(g), int(t)) for s, g, t in view.exchanges]
    r.conquest = -1
    r.exchange_on = view.options.get("trump_exchange") == "on"
    r.conquest_on = False
    r.sides = sides_for(n)
    r.side_of = _side_of(view)
    r._deal = {}
    return r


def sample_hidden(view: BriscolaView, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """One guess of every hidden card, uniform among those consistent with the view."""
    known = known_holdings(view)
    pool = unseen_cards(view)
    rng.shuffle(pool)
    hands: list[list[int]] = []
    k = 0
    for s in range(view.players):
        if s == view.seat:
            hands.append([int(c) for c in view.hand])
            continue
        have = sorted(known[s])
        need = view.hand_sizes[s] - len(have)
        hands.append(have + pool[k:k + need])
        k += need
    return hands, pool[k:]


def _policy_move(r: BriscolaRound) -> int:
    """The rollout policy on a full state: exchange when possible, else ``heuristic_card``."""
    hand = r.hands[r.turn]
    if r.can_exchange:
        ex = r._exchange_cards(hand)
        if ex:
            return EXCHANGE + ex[0]
    trick = r.trick
    partner = False
    if trick:
        w = (r.leader + winning_index(trick, r.trump)) % r.n
        partner = w != r.turn and r.side_of[w] == r.side_of[r.turn]
    return heuristic_card(hand, trick, r.trump, partner, len(trick) == r.n - 1)


def rollout(r: BriscolaRound) -> None:
    """Play the round to its end with the rollout policy."""
    while not r.done:
        r.apply_fast(_policy_move(r))


def round_value(r: BriscolaRound, side: int, bonus: bool) -> float:
    """The round's worth for ``side``: game points won minus game points lost, plus a small margin term."""
    pts = r.side_points()
    mine = pts[side]
    other = max(p for i, p in enumerate(pts) if i != side)
    if len(pts) == 2:
        win = mine > 60
        lose = other > 60
    else:
        win = mine > other
        lose = other > mine
    value = 0.0
    if win:
        value = 2.0 if bonus and mine >= 91 else 1.0
    elif lose:
        value = -2.0 if bonus and other >= 91 else -1.0
    return value + (mine - other) / 240.0


def _exact(r: BriscolaRound, me_side: int, alpha: float, beta: float) -> float:
    """Alpha-beta over a determinized 2-player round: my side's final points."""
    if r.done:
        return float(r.side_points()[me_side])
    maximizing = r.side_of[r.turn] == me_side
    moves = r.legal_fast()
    if maximizing:
        best = -1.0
        for m in moves:
            c = r.clone()
            c.apply_fast(m)
            v = _exact(c, me_side, alpha, beta)
            if v > best:
                best = v
            if best > alpha:
                alpha = best
            if alpha >= beta:
                break
        return best
    best = 121.0
    for m in moves:
        c = r.clone()
        c.apply_fast(m)
        v = _exact(c, me_side, alpha, beta)
        if v < best:
            best = v
        if best < beta:
            beta = best
        if alpha >= beta:
            break
    return best


def hard(view: BriscolaView, rng: random.Random, time_ms: int) -> Action:
    """Determinized search: sample hidden cards, play each move out (exactly near the end in 2 players),
    average over the samples under the time budget, and pick the best move."""
    moves: list[int] = []
    for a in view.legal:
        moves.append(EXCHANGE + int(a.card) if a.kind == "exchange" else int(a.card))
    if len(moves) == 1:
        return view.legal[0]
    side = _side_of(view)[view.seat]
    bonus = view.options.get("high_score_bonus") == "on"
    budget = time_ms / 1000.0
    t0 = time.perf_counter()
    totals = [0.0] * len(moves)
    samples = 0
    remaining = sum(view.hand_sizes) + view.stock_count + (0 if view.briscola is None else 1)
    exact = view.players == 2 and remaining <= EXACT_CARDS_2P
    max_samples = 400 if not exact else 60
    while samples < max_samples:
        hands, stock = sample_hidden(view, rng)
        base = round_from_view(view, hands, stock)
        for i, m in enumerate(moves):
            r = base.clone()
            r.apply_fast(m)
            if exact:
                pts = _exact(r, side, -1.0, 121.0)
                totals[i] += (1.0 if pts > 60 else 0.5 if pts == 60 else 0.0) + pts / 240.0
            else:
                rollout(r)
                totals[i] += round_value(r, side, bonus)
        samples += 1
        if time.perf_counter() - t0 > budget:
            break
    best = max(range(len(moves)), key=lambda i: totals[i])
    return view.legal[best]


def choose(level: str, view: BriscolaView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (greedy, medium or hard) in ``view``."""
    if level == "greedy":
        return greedy(view)
    if level == "medium":
        return medium(view)
    return hard(view, rng, time_ms)

