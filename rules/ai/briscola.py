"""Briscola AI: greedy (the baseline), medium (card counting, partner play) and hard (determinized search).

Everything here works from a ``BriscolaView``: the cards the seat holds or has seen, never the hidden state.
"""

from __future__ import annotations

import random
import time
from itertools import combinations, permutations

from rules.actions import Action, RulesError
from rules.ai.tricks import beats, duel_card, greedy_card, heuristic_card, winning_index
from rules.briscola import (
    HAND_SIZE,
    SEVEN,
    SEVEN_TAKES,
    TWO,
    TWO_TAKES,
    BriscolaRound,
    BriscolaView,
    deck_for,
    sides_for,
)
from rules.cards import POINTS, STRENGTH
from rules.tricks import EXCHANGE

SAMPLES_PER_MS = 1.5
"""Sampled deals per millisecond of budget: the number of samples is fixed by the budget, so a seeded game
is reproducible; the clock only cuts a search that runs far past its budget (4 times, or half a second
more), as on an overloaded machine."""
EXACT_CARDS_2P = 8
"""2 players: with at most this many cards left in hands and stock, every placement of the hidden cards is
enumerated and solved exactly."""
SOLVED_CARDS_2P = 10
"""2 players: with at most this many cards left, sampled deals are solved exactly instead of played out."""
MARGIN_WEIGHT = 1 / 100
"""What a card point of margin is worth next to a game point in a playout's value."""
HEURISTIC_BONUS = 0.03
"""2 players: the value added to ``duel_card``'s move before the best move is picked."""
SOLVED_PER_MS = 0.12
"""Sampled deals per millisecond of budget when each is solved exactly (24 at 200 ms, about 4 ms each)."""


# ----- reading the view -----
def _hand_to_play(view: BriscolaView) -> list[int]:
    """The cards this seat may play now."""
    return [int(a.card) for a in view.legal if a.kind == "play" and a.card is not None]


def _seat(view: BriscolaView) -> int:
    """The seat whose view this is; an AI never gets the public view."""
    if view.seat is None:
        raise RulesError("an AI player needs a seat's view, not the public one")
    return view.seat


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
    hand = _hand_to_play(view)
    return Action.play(greedy_card(hand, _trick_ids(view), _trump(view)))


def medium(view: BriscolaView) -> Action:
    """Heuristic play with card counting and partner play.

    Exchanges whenever allowed (a 7 or 2 of trumps for a better trump). With 2 players it then plays
    ``duel_card`` (measured stronger there than the counting lead below). Leading: the cheapest card, but not
    a card worth points that an unseen card of its suit or a trump can take unless nothing cheaper is left.
    Following: the heuristic policy; a partner's winning card is loaded only when no unseen card could beat
    it (or when it is the last card of the trick)."""
    exchanges = [a for a in view.legal if a.kind == "exchange"]
    if exchanges:
        return exchanges[0]
    trump = _trump(view)
    hand = _hand_to_play(view)
    trick = _trick_ids(view)
    if view.players == 2:
        return Action.play(duel_card(hand, trick, trump))
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
    r.exchanges = [(s, int(g), int(t), k) for s, g, t, k in view.exchanges]
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


INFERENCE_DEPTH = 20
"""How many of a seat's latest plays tell its style (20: every play of a 2-player round, which tells a random
player more often than the last 8 did, see docs/AI.md)."""
WEIGHT_DEPTH = 1
"""How many of a seat's latest plays weigh a sampled deal (deeper, the rebuilt hands are guesses: measured
worse, see docs/AI.md)."""
STYLE_PRIOR = (1 / 3, 1 / 3, 1 / 3)
"""Prior belief that another seat plays like ``greedy_card``, like the heuristic policy, or at random."""
GREEDY_ERROR = 0.25
"""Under the greedy-like style, the probability of a play other than greedy's card."""
HEURISTIC_ERROR = 0.25
"""Under the heuristic style, the probability of a play other than the heuristic's card."""
MODEL_ERROR = 0.35
"""Weighing a deal: the probability of a play that neither style would make."""
GREEDY, HEURISTIC, UNIFORM, REASONABLE = 0, 1, 2, 3
THROW_SLIP = 0.1
"""Under the greedy-like or heuristic style, how much rarer than another card an ace or a three put at risk
is among the plays that are not the style's card (a random player throws them away often; others seldom)."""
RANDOM_BELIEF = 0.4
"""2 players: above this belief that the opponent plays at random, it plays at random in the playouts and
every sampled deal weighs the same (only measured in 2 players; with more, one play a seat tells too little)."""


def _decisions(view: BriscolaView) -> list[tuple[int, int, list[int], int]]:
    """Every play of this round in order: (seat, card, the trick's cards before it, its trick's index)."""
    out = []
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


def _throws_points(c: int, prefix: list[int], trump: int, partner_winning: bool = False) -> bool:
    """Whether card ``c`` played on the trick ``prefix`` puts 10 or 11 points at risk: led, or losing to the
    other side (points loaded on a partner's winning trick are not at risk)."""
    if POINTS[c] < 10:
        return False
    if not prefix:
        return True
    return not partner_winning and not beats(c, prefix[winning_index(prefix, trump)], trump)


def _slip(
    card: int, pick: int, hand: list[int], prefix: list[int], trump: int, partner_winning: bool = False
) -> float:
    """Under a style that would have played ``pick``, how likely ``card`` is among its other cards: a player
    who does not play its style's card still rarely throws an ace or a three away (``THROW_SLIP``)."""
    def odds(c: int) -> float:
        return THROW_SLIP if _throws_points(c, prefix, trump, partner_winning) else 1.0

    return odds(card) / sum(odds(c) for c in hand if c != pick)


def _seat_likelihoods(
    view: BriscolaView, s: int, hand: list[int], rng: random.Random, plays, side_of: list[int]
) -> list[float]:
    """How likely seat ``s``'s latest plays are, if it holds ``hand`` now: under each style (greedy-like,
    heuristic, uniform; its last ``INFERENCE_DEPTH`` plays), and for a reasonable player, greedy or heuristic
    (its last ``WEIGHT_DEPTH`` plays): ``[greedy, heuristic, uniform, reasonable]``. Its hand at each play is
    rebuilt backwards: undo its later exchanges and the draw that followed each trick (which card came with a
    draw is chosen at random), then take the played card back."""
    n = view.players
    trump = _trump(view)
    draws_total = (len(deck_for(n)) - HAND_SIZE * n) // n
    face_up = int(view.face_up) if view.face_up_drawn_by == s else -1
    undone: set[int] = set()
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
                like[GREEDY] *= GREEDY_ERROR * _slip(card, g, hand, prefix, trump, partner)
            else:
                like[GREEDY] *= 1 - GREEDY_ERROR
            if card != h:
                like[HEURISTIC] *= HEURISTIC_ERROR * _slip(card, h, hand, prefix, trump, partner)
            else:
                like[HEURISTIC] *= 1 - HEURISTIC_ERROR
            like[UNIFORM] /= m
            if seen < WEIGHT_DEPTH:
                likely = 1 if g == h else 2
                like[REASONABLE] *= (1 - MODEL_ERROR) / likely if card in (g, h) else MODEL_ERROR / (m - likely)
        seen += 1
        if seen >= INFERENCE_DEPTH:
            break
    return like


def deal_weight(
    view: BriscolaView, hands: list[list[int]], rng: random.Random, plays=None
) -> tuple[float, list[float]]:
    """How well a sampled deal explains the other seats' latest plays, and how the opponents play in it.

    The deal's weight is the product over the hidden seats of how likely each seat's latest play is for a
    reasonable player holding the rebuilt hand (``_seat_likelihoods``): a player who did not take a trick
    full of points probably could not; a player who loaded points probably had nothing cheaper. The
    opponents' last plays are also scored under three styles (greedy-like, heuristic, uniform).

    Returns (weight, style evidence): the second is, per style, the prior times the likelihood of the
    opponents' plays in this deal under that style; summed over the samples it tells how the opponents play,
    which sets how they play in the playouts."""
    side_of = _side_of(view)
    plays = _decisions(view) if plays is None else plays
    weight = 1.0
    joint = list(STYLE_PRIOR)
    my_side = side_of[_seat(view)]
    for s in range(view.players):
        if s == view.seat or s in view.visible_hands:
            continue
        like = _seat_likelihoods(view, s, list(hands[s]), rng, plays, side_of)
        weight *= like[REASONABLE]
        if side_of[s] != my_side:
            joint = [j * x for j, x in zip(joint, like[:REASONABLE])]
    return weight, joint


def enumerate_hidden(view: BriscolaView) -> list[tuple[list[list[int]], list[int]]]:
    """Every placement of the hidden cards (2 players: the opponent's hand and the stock order)."""
    known = known_holdings(view)
    pool = unseen_cards(view)
    seat = _seat(view)
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


def _policy_move(r: BriscolaRound) -> int:
    """The rollout policy on a full state: exchange when possible, else ``heuristic_card``."""
    hand = r.hands[r.turn]
    if r.can_exchange:
        ex = r._exchange_cards(hand)
        if ex:
            return EXCHANGE + ex[0]
    trick = r.trick
    n = r.n
    if not trick:
        return heuristic_card(hand, trick, r.trump)
    partner = False
    if n > 3:
        w = (r.leader + winning_index(trick, r.trump)) % n
        partner = w != r.turn and r.side_of[w] == r.side_of[r.turn]
    return heuristic_card(hand, trick, r.trump, partner, len(trick) == n - 1)


def rollout(r: BriscolaRound, greedy_side: int = -1, random_side: int = -1, rng: random.Random | None = None) -> None:
    """Play the round to its end with the rollout policy; seats of side ``greedy_side`` play greedy, seats of
    side ``random_side`` play a uniformly random card drawn with ``rng``."""
    apply = r.apply_fast
    side_of = r.side_of
    while not r.done:
        side = side_of[r.turn]
        if side == greedy_side:
            apply(greedy_card(r.hands[r.turn], r.trick, r.trump))  # greedy never exchanges
        elif side == random_side and rng is not None:
            hand = r.hands[r.turn]
            apply(hand[int(rng.random() * len(hand))])  # nor does the random player
        else:
            apply(_policy_move(r))


def playout_points(
    r: BriscolaRound, greedy_side: int = -1, random_side: int = -1, rng: random.Random | None = None
) -> list[int]:
    """The side points at the end of the round when it is played out as ``rollout`` plays it, without
    touching ``r``: the same policy and rules as the engine (tests check they agree), in one tight loop
    with none of the bookkeeping that views need, so search gets about twice the playouts."""
    n = r.n
    trump = r.trump
    side_of = r.side_of
    pts = [0] * len(r.sides)
    for s in range(n):
        pts[side_of[s]] += r.captured[s]
    if r.done:
        return pts
    hands = [h[:] for h in r.hands]
    stock = r.stock[:]
    briscola, drawn = r.briscola, r.briscola_drawn
    trick = r.trick[:]
    leader, turn = r.leader, r.turn
    can_ex, ex_on = r.can_exchange, r.exchange_on
    seven, two = trump * 13 + SEVEN, trump * 13 + TWO
    if rng is None:
        random_side = -1
    rand = rng.random if rng is not None else random.random  # the latter never used: no random side
    while True:
        hand = hands[turn]
        if not hand:
            return pts
        if can_ex:
            b = briscola % 13
            want = seven if b in SEVEN_TAKES else two if b in TWO_TAKES else -1
            if want in hand and side_of[turn] != greedy_side and side_of[turn] != random_side:
                hand.remove(want)
                hand.append(briscola)
                briscola = want
            can_ex = False
        if side_of[turn] == greedy_side:
            c = greedy_card(hand, trick, trump)
        elif side_of[turn] == random_side:
            c = hand[int(rand() * len(hand))]
        elif not trick:
            c = heuristic_card(hand, trick, trump)
        else:
            partner = False
            if n > 3:
                w = (leader + winning_index(trick, trump)) % n
                partner = w != turn and side_of[w] == side_of[turn]
            c = heuristic_card(hand, trick, trump, partner, len(trick) == n - 1)
        hand.remove(c)
        trick.append(c)
        if len(trick) < n:
            turn = turn + 1 if turn + 1 < n else 0
            continue
        winner = (leader + winning_index(trick, trump)) % n
        pts[side_of[winner]] += sum([POINTS[x] for x in trick])
        trick = []
        leader = turn = winner
        if stock or not drawn:
            for i in range(n):
                s = winner + i if winner + i < n else winner + i - n
                if stock:
                    hands[s].append(stock.pop())
                else:
                    hands[s].append(briscola)
                    drawn = True
            can_ex = ex_on and bool(stock)


def round_value(pts: list[int], side: int, bonus: bool) -> float:
    """The round's worth for ``side`` from the side points: game points won minus game points lost, plus a
    small margin term."""
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
    return value + (mine - other) * MARGIN_WEIGHT


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


def _solved_value(pts: float) -> float:
    """The worth of a solved deal's final points for my side: a win, a draw or a loss, plus the margin."""
    return (1.0 if pts > 60 else 0.5 if pts == 60 else 0.0) + pts / 240.0


def _versus_styles(
    hands: list[list[int]], stock: list[int], briscola: int, drawn: bool, trick: list[int],
    leader: int, turn: int, mine: int, me: int, trump: int, mix: tuple[float, float, float],
) -> float:
    """Expectimax over a determinized 2-player round against an opponent of mixed style: my best play at
    my turns; at its turns, with the weights ``mix``, the mean over its cards (random play), greedy's card,
    and the card worst for me (a player who sees everything). The value is ``_solved_value`` of my final
    points. ``stock`` is in draw order from its end, ``mine`` my points so far; no trump exchange."""
    hand = hands[turn]
    if not hand:
        return _solved_value(mine)
    other = 1 - turn
    values = []
    for c in hand:
        nh = [hands[0], hands[1]]
        nh[turn] = [x for x in hand if x != c]
        if not trick:
            v = _versus_styles(nh, stock, briscola, drawn, [c], leader, other, mine, me, trump, mix)
        else:
            led = trick[0]
            winner = turn if beats(c, led, trump) else leader
            won = mine + POINTS[c] + POINTS[led] if winner == me else mine
            st, dr = stock, drawn
            if stock or not drawn:  # the winner draws first; the face-up trump is the last card
                loser = 1 - winner
                nh[winner] = nh[winner] + [stock[-1]]
                if len(stock) >= 2:
                    nh[loser] = nh[loser] + [stock[-2]]
                    st = stock[:-2]
                else:
                    nh[loser] = nh[loser] + [briscola]
                    st, dr = [], True
            v = _versus_styles(nh, st, briscola, dr, [], winner, winner, won, me, trump, mix)
        values.append(v)
    if turn == me:
        return max(values)
    p_random, p_greedy, p_best = mix
    value = 0.0
    if p_random:
        value += p_random * sum(values) / len(values)
    if p_greedy:
        value += p_greedy * values[hand.index(greedy_card(hand, trick, trump))]
    if p_best:
        value += p_best * min(values)
    return value


def versus_styles(r: BriscolaRound, me: int, mix: tuple[float, float, float]) -> float:
    """``_versus_styles`` from a full 2-player round state, for seat ``me``."""
    return _versus_styles(
        [list(h) for h in r.hands], list(r.stock), r.briscola, r.briscola_drawn, list(r.trick),
        r.leader, r.turn, r.side_points()[me], me, r.trump, mix,
    )


def hard(view: BriscolaView, rng: random.Random, time_ms: int) -> Action:
    """Determinized search: sample hidden cards (weighted by how well they explain the other seats' latest
    plays), play each move out with the rollout policy (in 2 players, solved near the end against the style
    the opponent's plays show), average over the samples, and pick the best move. ``time_ms`` sets the
    number of samples and caps the time."""
    moves: list[int] = []
    for a in view.legal:
        card = int(a.card) if a.card is not None else -1
        moves.append(EXCHANGE + card if a.kind == "exchange" else card)
    if len(moves) == 1:
        return view.legal[0]
    side = _side_of(view)[_seat(view)]
    bonus = view.options.get("high_score_bonus") == "on"
    budget = max(4 * time_ms / 1000.0, time_ms / 1000.0 + 0.5)  # a safety net, see SAMPLES_PER_MS
    t0 = time.perf_counter()
    totals = [0.0] * len(moves)
    remaining = sum(view.hand_sizes) + view.stock_count + (0 if view.briscola is None else 1)
    exact = view.players == 2 and remaining <= SOLVED_CARDS_2P
    max_samples = max(8, int(time_ms * SAMPLES_PER_MS))
    placements = enumerate_hidden(view) if exact and remaining <= EXACT_CARDS_2P else []
    if placements:
        max_samples = len(placements)
    elif exact:
        max_samples = max(4, int(time_ms * SOLVED_PER_MS))
    plays = _decisions(view)
    others = [i for i in range(len(view.sides)) if i != side]
    deals = []
    belief = [0.0, 0.0, 0.0]
    for k in range(max_samples):
        hands, stock = placements[k] if placements else sample_hidden(view, rng)
        w, like = deal_weight(view, hands, rng, plays)
        deals.append((hands, stock, w))
        belief = [b + x for b, x in zip(belief, like)]
    # how the opponents play, over all the samples: each sample's playouts use a style drawn from it
    total = sum(belief)
    p_greedy, p_heuristic = belief[GREEDY] / total, belief[HEURISTIC] / total
    # solved deals (2 players) meet every style at once: random, greedy, and the heuristic's stand-in, a
    # player who answers with the card worst for me
    mix = (1 - p_greedy - p_heuristic, p_greedy, p_heuristic)
    if view.players == 2 and 1 - p_greedy - p_heuristic > RANDOM_BELIEF:
        # the opponent looks random: it plays at random in every playout, and its plays say nothing of its
        # hand, so every sampled deal counts the same
        p_greedy, p_random = 0.0, 1.0
        deals = [(hands, stock, 1.0) for hands, stock, _w in deals]
    else:
        p_greedy, p_random = p_greedy / (p_greedy + p_heuristic), 0.0  # greedy, else the heuristic
    for hands, stock, w in deals:
        base = round_from_view(view, hands, stock)
        greedy_side = random_side = -1
        x = rng.random()
        if x < p_greedy:
            greedy_side = others[0] if len(others) == 1 else rng.choice(others)
        elif x >= 1.0 - p_random:
            random_side = others[0] if len(others) == 1 else rng.choice(others)
        # every move meets the same random opponent in this sample (common random numbers)
        seed = rng.getrandbits(32) if random_side >= 0 else 0
        for i, m in enumerate(moves):
            r = base.clone()
            r.apply_fast(m)
            if exact and not r.exchange_on:
                totals[i] += w * versus_styles(r, side, mix)
            elif exact:
                totals[i] += w * _solved_value(_exact(r, side, -1.0, 121.0))
            else:
                prng = random.Random(seed) if random_side >= 0 else None
                totals[i] += w * round_value(playout_points(r, greedy_side, random_side, prng), side, bonus)
        if time.perf_counter() - t0 > budget:
            break
    if view.players == 2 and not exact and HEURISTIC_BONUS:
        # near-ties go to the duel heuristic's card: the playouts are noisy where its rules of thumb are not
        hint = duel_card(_hand_to_play(view), _trick_ids(view), _trump(view))
        if hint in moves:
            totals[moves.index(hint)] += HEURISTIC_BONUS * sum(w for _h, _s, w in deals)
    best = max(range(len(moves)), key=lambda i: totals[i])
    return view.legal[best]


def choose(level: str, view: BriscolaView, rng: random.Random, time_ms: int) -> Action:
    """The action of ``level`` (greedy, medium or hard) in ``view``."""
    if level == "greedy":
        return greedy(view)
    if level == "medium":
        return medium(view)
    return hard(view, rng, time_ms)

