"""Briscola's greedy (the baseline), medium (card counting, partner play) and the playout search: ``hard`` in
3, 4 and 6 players, and the deals and endgame that 2-player ``hard`` (``rules.ai.briscola.learned``) builds on.

Everything here works from a ``BriscolaView``: the cards the seat holds or has seen, never the hidden state.
What a seat can tell from its view (the hidden cards, the other seats' styles) is in
``rules.ai.briscola.beliefs``; the tuning values are a ``BriscolaTuning`` passed in.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from rules.actions import Action
from rules.ai.briscola.beliefs import (
    GREEDY,
    HEURISTIC,
    REASONABLE,
    UNIFORM,
    deal_weight,
    enumerate_hidden,
    hand_to_play,
    hidden_sampler,
    known_holdings,
    partner_is_winning,
    round_from_view,
    round_maker,
    round_plays,
    sample_hidden,
    seat_likelihoods,
    seat_of,
    seat_sides,
    slip_chance,
    throws_points,
    trick_cards,
    trump_suit,
    unseen_cards,
)
from rules.ai.briscola.tuning import BRISCOLA, BriscolaTuning
from rules.ai.tricks import beats, duel_card, greedy_card, heuristic_card, winning_index
from rules.cards import POINTS, STRENGTH
from rules.games.briscola.round import BriscolaRound
from rules.games.briscola.rules import SEVEN, SEVEN_TAKES, TWO, TWO_TAKES
from rules.games.briscola.view import BriscolaView
from rules.tricks import EXCHANGE

__all__ = [
    "GREEDY", "GREEDY_ERROR", "HEURISTIC", "REASONABLE", "THROW_SLIP", "UNIFORM", "BriscolaTuning", "SearchPlan",
    "deal_weight", "enumerate_hidden", "greedy", "hard", "known_holdings", "medium", "playout_points", "policy_move",
    "rollout", "round_from_view", "round_plays", "round_value", "sample_hidden", "search_plan", "seat_likelihoods",
    "slip_chance", "solve_exact", "solved_value", "throws_points", "unseen_cards", "versus_styles",
]

GREEDY_ERROR = BRISCOLA.greedy_error
THROW_SLIP = BRISCOLA.throw_slip
"""The default values, to read (pass a ``BriscolaTuning`` to use others)."""


# ----- greedy and medium -----
def greedy(view: BriscolaView) -> Action:
    """The exact baseline: ``rules.ai.tricks.greedy_card``; never exchanges."""
    hand = hand_to_play(view)
    return Action.play(greedy_card(hand, trick_cards(view), trump_suit(view)))


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
    trump = trump_suit(view)
    hand = hand_to_play(view)
    trick = trick_cards(view)
    if view.players == 2:
        return Action.play(duel_card(hand, trick, trump))
    unseen = unseen_cards(view)
    if not trick:
        return Action.play(_medium_lead(hand, unseen, trump))
    last = len(trick) == view.players - 1
    partner_winning = partner_is_winning(view)
    if partner_winning and not last:
        best = trick[winning_index(trick, trump)]
        safe = not any(beats(u, best, trump) for u in unseen)
        if safe:
            loads = [c for c in hand if c // 13 != trump] or hand
            return Action.play(max(loads, key=lambda c: (POINTS[c], -STRENGTH[c])))
        return Action.play(min(hand, key=lambda c: (c // 13 == trump, POINTS[c], STRENGTH[c])))
    return Action.play(heuristic_card(hand, trick, trump, partner_winning, last))


def _medium_lead(hand: list[int], unseen: list[int], trump: int) -> int:
    def risk(c: int) -> tuple[bool, int, int, int]:
        takers = sum(1 for u in unseen if beats(u, c, trump))
        return (c // 13 == trump, POINTS[c] if takers else -1, POINTS[c], STRENGTH[c])

    return min(hand, key=risk)



# ----- hard: determinized search -----
def policy_move(r: BriscolaRound) -> int:
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
    apply = r.apply_unchecked
    side_of = r.side_of
    while not r.done:
        side = side_of[r.turn]
        if side == greedy_side:
            apply(greedy_card(r.hands[r.turn], r.trick, r.trump))  # greedy never exchanges
        elif side == random_side and rng is not None:
            hand = r.hands[r.turn]
            apply(hand[int(rng.random() * len(hand))])  # nor does the random player
        else:
            apply(policy_move(r))


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


def round_value(pts: list[int], side: int, bonus: bool, margin_weight: float = BRISCOLA.margin_weight) -> float:
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
    return value + (mine - other) * margin_weight


def solve_exact(r: BriscolaRound, me_side: int, alpha: float, beta: float) -> float:
    """Alpha-beta over a determinized 2-player round: my side's final points."""
    if r.done:
        return float(r.side_points()[me_side])
    maximizing = r.side_of[r.turn] == me_side
    moves = r.legal_fast()
    if maximizing:
        best = -1.0
        for m in moves:
            c = r.clone()
            c.apply_unchecked(m)
            v = solve_exact(c, me_side, alpha, beta)
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
        c.apply_unchecked(m)
        v = solve_exact(c, me_side, alpha, beta)
        if v < best:
            best = v
        if best < beta:
            beta = best
        if alpha >= beta:
            break
    return best


def solved_value(pts: float) -> float:
    """The worth of a solved deal's final points for my side: a win, a draw or a loss, plus the margin."""
    return (1.0 if pts > 60 else 0.5 if pts == 60 else 0.0) + pts / 240.0


def _versus_styles(
    hands: list[list[int]], stock: list[int], briscola: int, drawn: bool, trick: list[int],
    leader: int, turn: int, mine: int, me: int, trump: int, mix: tuple[float, float, float],
) -> float:
    """Expectimax over a determinized 2-player round against an opponent of mixed style: my best play at
    my turns; at its turns, with the weights ``mix``, the mean over its cards (random play), greedy's card,
    and the card worst for me (a player who sees everything). The value is ``solved_value`` of my final
    points. ``stock`` is in draw order from its end, ``mine`` my points so far; no trump exchange."""
    hand = hands[turn]
    if not hand:
        return solved_value(mine)
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


@dataclass
class SearchPlan:
    """What ``hard``'s search settles before its playouts: the moves, the seat's side, whether the deals are
    solved exactly, the sampled (or enumerated) deals with their weights, and how the opponents play."""

    moves: list[int]
    """The legal moves as fast-path ints (``EXCHANGE + card`` for an exchange), in ``view.legal``'s order."""
    side: int
    exact: bool
    """2 players near the end: each deal is solved instead of played out."""
    deals: list[tuple[list[list[int]], list[int], float]]
    """(hands, stock in draw order, weight) per deal."""
    mix: tuple[float, float, float]
    """A solved deal's opponent: (random, greedy, worst for me) weights."""
    p_greedy: float
    p_random: float
    """A playout's opponent plays greedy, at random, or else the heuristic policy, with these chances."""
    others: list[int]
    """The other sides."""

    def opponent(self, rng: random.Random) -> tuple[int, int, int]:
        """One deal's opponent in the playouts, drawn with ``rng``: (greedy side, random side, the seed of the
        random side's cards); -1 for none, seed 0 without a random side."""
        greedy_side = random_side = -1
        others = self.others
        x = rng.random()
        if x < self.p_greedy:
            greedy_side = others[0] if len(others) == 1 else rng.choice(others)
        elif x >= 1.0 - self.p_random:
            random_side = others[0] if len(others) == 1 else rng.choice(others)
        # every move meets the same random opponent in this sample (common random numbers)
        seed = rng.getrandbits(32) if random_side >= 0 else 0
        return greedy_side, random_side, seed


def search_plan(view: BriscolaView, rng: random.Random, time_ms: int, tuning: BriscolaTuning = BRISCOLA) -> SearchPlan:
    """``hard``'s deals for ``view`` under a budget of ``time_ms``: samples of the hidden cards weighted by how
    well they explain the other seats' latest plays (every placement when few cards are left in 2 players),
    and the opponents' style read from them. The number of deals is fixed by the budget, not the clock."""
    moves: list[int] = []
    for a in view.legal:
        card = int(a.card) if a.card is not None else -1
        moves.append(EXCHANGE + card if a.kind == "exchange" else card)
    side = seat_sides(view)[seat_of(view)]
    remaining = sum(view.hand_sizes) + view.stock_count + (0 if view.briscola is None else 1)
    exact = view.players == 2 and remaining <= tuning.solved_cards_2p
    max_samples = max(8, int(time_ms * tuning.samples_per_ms))
    placements = enumerate_hidden(view) if exact and remaining <= tuning.exact_cards_2p else []
    if placements:
        max_samples = len(placements)
    elif exact:
        max_samples = max(4, int(time_ms * tuning.solved_per_ms))
    plays = round_plays(view)
    others = [i for i in range(len(view.sides)) if i != side]
    deals = []
    belief = [0.0, 0.0, 0.0]
    sample = None if placements else hidden_sampler(view)  # an exact search enumerates instead
    for k in range(max_samples):
        hands, stock = sample(rng) if sample is not None else placements[k]
        w, like = deal_weight(view, hands, rng, plays, tuning)
        deals.append((hands, stock, w))
        belief = [b + x for b, x in zip(belief, like)]
    # how the opponents play, over all the samples: each sample's playouts use a style drawn from it
    total = sum(belief)
    p_greedy, p_heuristic = belief[GREEDY] / total, belief[HEURISTIC] / total
    # solved deals (2 players) meet every style at once: random, greedy, and the heuristic's stand-in, a
    # player who answers with the card worst for me
    mix = (1 - p_greedy - p_heuristic, p_greedy, p_heuristic)
    if view.players == 2 and 1 - p_greedy - p_heuristic > tuning.random_belief:
        # the opponent looks random: it plays at random in every playout, and its plays say nothing of its
        # hand, so every sampled deal counts the same
        p_greedy, p_random = 0.0, 1.0
        deals = [(hands, stock, 1.0) for hands, stock, _w in deals]
    else:
        p_greedy, p_random = p_greedy / (p_greedy + p_heuristic), 0.0  # greedy, else the heuristic
    return SearchPlan(moves, side, exact, deals, mix, p_greedy, p_random, others)


def hard(view: BriscolaView, rng: random.Random, time_ms: int, tuning: BriscolaTuning = BRISCOLA) -> Action:
    """Determinized search: sample hidden cards (weighted by how well they explain the other seats' latest
    plays), play each move out with the rollout policy (in 2 players, solved near the end against the style
    the opponent's plays show), average over the samples, and pick the best move. ``time_ms`` sets the
    number of samples and caps the time."""
    if len(view.legal) == 1:
        return view.legal[0]
    bonus = view.options.get("high_score_bonus") == "on"
    budget = max(4 * time_ms / 1000.0, time_ms / 1000.0 + 0.5)  # a safety net, see samples_per_ms
    t0 = time.perf_counter()
    plan = search_plan(view, rng, time_ms, tuning)
    moves, side, exact, deals, mix = plan.moves, plan.side, plan.exact, plan.deals, plan.mix
    totals = [0.0] * len(moves)
    make_round = round_maker(view)
    for hands, stock, w in deals:
        base = make_round(hands, stock)
        greedy_side, random_side, seed = plan.opponent(rng)
        for i, m in enumerate(moves):
            r = base.clone()
            r.apply_unchecked(m)
            if exact and not r.exchange_on:
                totals[i] += w * versus_styles(r, side, mix)
            elif exact:
                totals[i] += w * solved_value(solve_exact(r, side, -1.0, 121.0))
            else:
                prng = random.Random(seed) if random_side >= 0 else None
                points = playout_points(r, greedy_side, random_side, prng)
                totals[i] += w * round_value(points, side, bonus, tuning.margin_weight)
        if time.perf_counter() - t0 > budget:
            break
    if view.players == 2 and not exact and tuning.heuristic_bonus:
        # near-ties go to the duel heuristic's card: the playouts are noisy where its rules of thumb are not
        hint = duel_card(hand_to_play(view), trick_cards(view), trump_suit(view))
        if hint in moves:
            totals[moves.index(hint)] += tuning.heuristic_bonus * sum(w for _h, _s, w in deals)
    best = max(range(len(moves)), key=lambda i: totals[i])
    return view.legal[best]
