"""Briscola AI, what a seat can tell: reading its view, the cards it cannot place, guesses of the hidden
cards consistent with the view, and how well a guess explains the other seats' plays (their style).

Everything here works from a ``BriscolaView``: the cards the seat holds or has seen, never the hidden state.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import combinations, permutations

from rules.actions import RulesError
from rules.ai.briscola.tuning import BRISCOLA, BriscolaTuning
from rules.ai.tricks import beats, greedy_card, heuristic_card, winning_index
from rules.cards import POINTS
from rules.games.briscola.round import BriscolaRound
from rules.games.briscola.rules import deck_for, draws_for
from rules.games.briscola.view import BriscolaView

GREEDY, HEURISTIC, UNIFORM, REASONABLE = 0, 1, 2, 3
"""Indices of the styles in a likelihood list: greedy-like, heuristic, uniform, and a reasonable player."""

Play = tuple[int, int, list[int], int]
"""One play of the round: (seat, card, the trick's cards before it, its trick's index)."""


# ----- reading the view -----
def hand_to_play(view: BriscolaView) -> list[int]:
    """The cards this seat may play now."""
    return [int(a.card) for a in view.legal if a.kind == "play" and a.card is not None]


def seat_of(view: BriscolaView) -> int:
    """The seat whose view this is; an AI never gets the public view."""
    if view.seat is None:
        raise RulesError("an AI player needs a seat's view, not the public one")
    return view.seat


def trick_cards(view: BriscolaView) -> list[int]:
    return [int(c) for _, c in view.trick]


def trump_suit(view: BriscolaView) -> int:
    return "dcsb".index(view.trump)


def seat_sides(view: BriscolaView) -> list[int]:
    side_of = [0] * view.players
    for i, side in enumerate(view.sides):
        for s in side:
            side_of[s] = i
    return side_of


def partner_is_winning(view: BriscolaView) -> bool:
    if not view.trick or view.seat is None:
        return False
    trick = trick_cards(view)
    winner = view.trick[winning_index(trick, trump_suit(view))][0]
    return winner != view.seat and seat_sides(view)[winner] == seat_sides(view)[view.seat]


def known_holdings(view: BriscolaView) -> dict[int, set[int]]:
    """Cards other seats are known to hold: taken in an exchange or drawn face up, and not played since."""
    played = {int(c) for _, cs, _ in view.tricks for _, c in cs} | {int(c) for _, c in view.trick}
    known: dict[int, set[int]] = {s: set() for s in range(view.players)}
    for seat, _given, taken, _k in view.exchanges:
        known[seat].add(int(taken))
    if view.face_up_drawn_by is not None:
        known[view.face_up_drawn_by].add(int(view.face_up))
    for s in known:
        known[s] -= played
        if s == view.seat:
            known[s].clear()
        # a card given away in a later exchange is no longer held
        for seat, given, _taken, _k in view.exchanges:
            if seat == s:
                known[s].discard(int(given))
    for s, hand in view.visible_hands.items():
        known[s] = {int(c) for c in hand}
    return known


def unseen_cards(view: BriscolaView, known: dict[int, set[int]] | None = None) -> list[int]:
    """Cards this seat cannot place: in other hands (not known) or face down in the stock. ``known``: the
    view's ``known_holdings``, when the caller has it."""
    seen = {int(c) for c in view.hand}
    seen |= {int(c) for _, cs, _ in view.tricks for _, c in cs}
    seen |= {int(c) for _, c in view.trick}
    for cs in (known_holdings(view) if known is None else known).values():
        seen |= cs
    if view.briscola is not None:
        seen.add(int(view.briscola))
    return [c for c in deck_for(view.players) if c not in seen]


def round_from_view(view: BriscolaView, hands: list[list[int]], stock: list[int]) -> BriscolaRound:
    """A full round state from a view and a guess of the hidden cards (``stock`` in draw order)."""
    n = view.players
    r = BriscolaRound.__new__(BriscolaRound)
    r.n = n
    r.dealer = view.dealer
    r.trump = trump_suit(view)
    r.hands = [list(h) for h in hands]
    r.leader = view.leader
    r.turn = view.to_move if view.to_move is not None else view.leader
    r.trick = trick_cards(view)
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
    r.exchanges = [(s, int(g), int(t), k) for s, g, t, k in view.exchanges]
    r.conquest = -1
    r.exchange_on = view.options.get("trump_exchange") == "on"
    r.conquest_on = False
    r.sides = view.sides
    r.side_of = seat_sides(view)
    r._deal = {}
    return r


def round_maker(view: BriscolaView) -> Callable[[list[list[int]], list[int]], BriscolaRound]:
    """``round_from_view`` for many guesses of one view: the view is read once (its tricks, sides, options),
    and each call copies that state with the guess's ``hands`` and ``stock`` (in draw order)."""
    template = round_from_view(view, [[] for _ in range(view.players)], [])

    def make(hands: list[list[int]], stock: list[int]) -> BriscolaRound:
        r = template.clone()
        r.hands = [list(h) for h in hands]
        r.stock = list(reversed(stock))
        return r

    return make


def hidden_sampler(view: BriscolaView) -> Callable[[random.Random], tuple[list[list[int]], list[int]]]:
    """``sample_hidden`` for many guesses of one view: what the view tells is read once."""
    known = known_holdings(view)
    pool = unseen_cards(view, known)
    seat = view.seat
    hand = [int(c) for c in view.hand]
    slots = [(sorted(known[s]), view.hand_sizes[s] - len(known[s])) for s in range(view.players)]

    def sample(rng: random.Random) -> tuple[list[list[int]], list[int]]:
        shuffled = pool[:]
        rng.shuffle(shuffled)
        hands: list[list[int]] = []
        k = 0
        for s, (have, need) in enumerate(slots):
            if s == seat:
                hands.append(hand[:])
                continue
            hands.append(have + shuffled[k:k + need])
            k += need
        return hands, shuffled[k:]

    return sample


def sample_hidden(view: BriscolaView, rng: random.Random) -> tuple[list[list[int]], list[int]]:
    """One guess of every hidden card, uniform among those consistent with the view."""
    return hidden_sampler(view)(rng)


def round_plays(view: BriscolaView) -> list[Play]:
    """Every play of this round in order: (seat, card, the trick's cards before it, its trick's index)."""
    out: list[Play] = []
    for k, (_lead, cs, _w) in enumerate(view.tricks):
        prefix: list[int] = []
        for seat, c in cs:
            out.append((seat, int(c), list(prefix), k))
            prefix.append(int(c))
    prefix = []
    for seat, c in view.trick:
        out.append((seat, int(c), list(prefix), len(view.tricks)))
        prefix.append(int(c))
    return out


def throws_points(c: int, prefix: list[int], trump: int, partner_winning: bool = False) -> bool:
    """Whether card ``c`` played on the trick ``prefix`` puts 10 or 11 points at risk: led, or losing to the
    other side (points loaded on a partner's winning trick are not at risk)."""
    if POINTS[c] < 10:
        return False
    if not prefix:
        return True
    return not partner_winning and not beats(c, prefix[winning_index(prefix, trump)], trump)


def slip_chance(
    card: int, pick: int, hand: list[int], prefix: list[int], trump: int, partner_winning: bool = False,
    tuning: BriscolaTuning = BRISCOLA,
) -> float:
    """Under a style that would have played ``pick``, how likely ``card`` is among its other cards: a player
    who does not play its style's card still rarely throws an ace or a three away (``throw_slip``)."""
    def odds(c: int) -> float:
        return tuning.throw_slip if throws_points(c, prefix, trump, partner_winning) else 1.0

    return odds(card) / sum(odds(c) for c in hand if c != pick)


def seat_likelihoods(
    view: BriscolaView, s: int, hand: list[int], rng: random.Random, plays: Sequence[Play], side_of: list[int],
    tuning: BriscolaTuning = BRISCOLA,
) -> list[float]:
    """How likely seat ``s``'s latest plays are, if it holds ``hand`` now: under each style (greedy-like,
    heuristic, uniform; its last ``inference_depth`` plays), and for a reasonable player, greedy or heuristic
    (its last ``weight_depth`` plays): ``[greedy, heuristic, uniform, reasonable]``. Its hand at each play is
    rebuilt backwards: undo its later exchanges and the draw that followed each trick (which card came with a
    draw is chosen at random), then take the played card back."""
    n = view.players
    trump = trump_suit(view)
    draws_total = draws_for(n)
    face_up = int(view.face_up) if view.face_up_drawn_by == s else -1
    undone: set[int] = set()
    greedy_error, heuristic_error, model_error = tuning.greedy_error, tuning.heuristic_error, tuning.model_error
    like = [1.0, 1.0, 1.0, 1.0]  # GREEDY, HEURISTIC, UNIFORM, REASONABLE
    seen = 0
    for seat, card, prefix, k in reversed(plays):
        if seat != s:
            continue
        for i, (ex_seat, given, taken, at) in enumerate(view.exchanges):
            if ex_seat == s and at > k and i not in undone and int(taken) in hand:
                undone.add(i)
                hand.remove(int(taken))
                hand.append(int(given))
        if k < draws_total and k < len(view.tricks) and hand:
            if k == draws_total - 1 and face_up in hand:
                hand.remove(face_up)
            else:
                choices = [c for c in hand if c != face_up] or hand
                hand.remove(choices[rng.randrange(len(choices))])
        hand.append(card)
        m = len(hand)
        if m > 1:
            partner = False
            if prefix and n > 3:
                lead_seat = (seat - len(prefix)) % n
                w = (lead_seat + winning_index(prefix, trump)) % n
                partner = side_of[w] == side_of[s]
            h = heuristic_card(hand, prefix, trump, partner, len(prefix) == n - 1)
            g = greedy_card(hand, prefix, trump)
            if card != g:
                like[GREEDY] *= greedy_error * slip_chance(card, g, hand, prefix, trump, partner, tuning)
            else:
                like[GREEDY] *= 1 - greedy_error
            if card != h:
                like[HEURISTIC] *= heuristic_error * slip_chance(card, h, hand, prefix, trump, partner, tuning)
            else:
                like[HEURISTIC] *= 1 - heuristic_error
            like[UNIFORM] /= m
            if seen < tuning.weight_depth:
                likely = 1 if g == h else 2
                like[REASONABLE] *= (1 - model_error) / likely if card in (g, h) else model_error / (m - likely)
        seen += 1
        if seen >= tuning.inference_depth:
            break
    return like


def deal_weight(
    view: BriscolaView, hands: list[list[int]], rng: random.Random, plays: Sequence[Play] | None = None,
    tuning: BriscolaTuning = BRISCOLA,
) -> tuple[float, list[float]]:
    """How well a sampled deal explains the other seats' latest plays, and how the opponents play in it.

    The deal's weight is the product over the hidden seats of how likely each seat's latest play is for a
    reasonable player holding the rebuilt hand (``seat_likelihoods``): a player who did not take a trick
    full of points probably could not; a player who loaded points probably had nothing cheaper. The
    opponents' last plays are also scored under three styles (greedy-like, heuristic, uniform).

    Returns (weight, style evidence): the second is, per style, the prior times the likelihood of the
    opponents' plays in this deal under that style; summed over the samples it tells how the opponents play,
    which sets how they play in the playouts."""
    side_of = seat_sides(view)
    plays = round_plays(view) if plays is None else plays
    weight = 1.0
    joint = list(tuning.style_prior)
    my_side = side_of[seat_of(view)]
    for s in range(view.players):
        if s == view.seat or s in view.visible_hands:
            continue
        like = seat_likelihoods(view, s, list(hands[s]), rng, plays, side_of, tuning)
        weight *= like[REASONABLE]
        if side_of[s] != my_side:
            joint = [j * x for j, x in zip(joint, like[:REASONABLE])]
    return weight, joint


def enumerate_hidden(view: BriscolaView) -> list[tuple[list[list[int]], list[int]]]:
    """Every placement of the hidden cards (2 players: the opponent's hand and the stock order)."""
    known = known_holdings(view)
    pool = unseen_cards(view)
    seat = seat_of(view)
    other = 1 - seat
    have = sorted(known[other])
    need = view.hand_sizes[other] - len(have)
    out = []
    for hand in combinations(pool, need):
        rest = [c for c in pool if c not in hand]
        for stock in permutations(rest):
            hands: list[list[int]] = [[], []]
            hands[seat] = [int(c) for c in view.hand]
            hands[other] = have + list(hand)
            out.append((hands, list(stock)))
    return out


