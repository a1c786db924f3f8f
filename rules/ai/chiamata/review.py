"""Chiamata's review (``rules.ai.review``): the call and the card play valued from the seat's view alone.

The card play by ``sampled_points`` (``hard_play``'s deals and playouts); the call by playouts of every
callable card over deals of the unseen cards. Bids are not reviewed: a bid's worth hangs on how the other four
go on bidding, which no playout here models, and it is a game-points contract rather than card points; the
trump declaration and the discard (kitty) are not reviewed either (792 discards, and the trump is judged with
the call it leads to).
"""

from __future__ import annotations

import random
from typing import Any

from rules.actions import Action
from rules.ai.chiamata.bidding import PLAYERS
from rules.ai.chiamata.play import Knowledge, partner_weights, playout, sampled_points, search_samples
from rules.ai.review import MIN_SAMPLES, means
from rules.ai.tricks import play_why
from rules.cards import POINTS, deck_40
from rules.games.chiamata.engine import SPEC
from rules.games.chiamata.view import ChiamataView

POINT_SCALE = SPEC.review_scale
"""What a review's points are divided by to weigh them against a win: the game's ``GameSpec.review_scale``."""
MIN_SEVERITY = 0.05
"""A decision costs something real from 3 card points or 5% of win chance."""


def reviewable(view: ChiamataView) -> bool:
    """The call and the play are reviewed; the auction, the trump and the discard are not."""
    return view.phase in ("call", "play")


def values(view: ChiamataView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal action of the call or the play."""
    return call_values(view, rng, time_ms) if view.phase == "call" else play_values(view, rng, time_ms)


def play_values(view: ChiamataView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
    """(points, win) per legal card: ``hard_play``'s sampled deals and playouts."""
    k = Knowledge(view)
    cards = [int(a.card) for a in view.legal if a.card is not None]
    weights = partner_weights(k) if k.partner < 0 else [1.0] * PLAYERS
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
    return means(points, wins, n)


def call_values(view: ChiamataView, rng: random.Random, time_ms: int) -> list[tuple[float, float]]:
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
    leader = (view.dealer + 1) % PLAYERS
    samples = max(MIN_SAMPLES, search_samples(len(calls), sum(view.hand_sizes), time_ms))
    points = [0.0] * len(calls)
    wins = [0.0] * len(calls)
    for _ in range(samples):
        rng.shuffle(unseen)
        hands: list[list[int]] = []
        i = 0
        for s in range(PLAYERS):
            if s == me:
                hands.append(hand[:])
            else:
                hands.append(unseen[i:i + view.hand_sizes[s]])
                i += view.hand_sizes[s]
        for j, c in enumerate(calls):
            partner = next((s for s in range(PLAYERS) if s != me and c in hands[s]), -1)
            side = [s in (me, partner) for s in range(PLAYERS)]
            p = disc_points + playout([h[:] for h in hands], [], leader, c // 13, side, partner, c)
            points[j] += p
            wins[j] += 1.0 if p >= target else 0.0
    return means(points, wins, samples)


def why(view: ChiamataView, action: Action) -> tuple[str, dict[str, Any]]:
    """What ``action`` does (``rules.ai.review.why``): the call (``call``, or ``call_alone`` for a card of the
    caller's own, hand or discards), or a card's ``tricks.play_why`` (its partner known once the called card
    shows: the sides are secret until then)."""
    if action.kind == "call":
        return ("call_alone" if action.card in (*view.hand, *view.discards) else "call"), {}
    assert action.card is not None
    sides = view.sides if view.partner is not None else ()
    return play_why(int(action.card), [(s, int(c)) for s, c in view.trick], view.trump, view.players, view.seat,
                    sides)
