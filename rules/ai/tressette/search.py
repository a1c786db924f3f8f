"""Tressette's ``hard``: a search over the hidden cards consistent with everything public (determinized, as
Cicera's and Scopa's ``hard``). Each sample deals the unseen cards to the other seats' hidden slots and, with two
players, to the stock: a seat never gets a card of a suit it showed it lacks (its later draws are shown), the
drawn and declared cards stay with their holders. Each legal card is then valued by playing the round out with
the ``greedy`` rule on that sample (every seat sees only its own hand and the cards played), or exactly, by a
search over every play, once the hands are small: with two players after the stock is used up the unseen cards
are the other hand, so that search is the game's exact value. The card of best mean margin of thirds is played
(``medium``'s signal is added to a lead).
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Iterator

from rules.actions import Action
from rules.ai.tressette.levels import Knowledge, card_actions, lead_signal
from rules.ai.tressette.signals import Reading
from rules.ai.tressette.tuning import TRESSETTE, TressetteTuning, tuning_for
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.rules import LAST_TRICK_THIRDS, STRENGTH, THIRDS, side_of
from rules.games.tressette.view import TressetteView

STRONGER: tuple[int, ...] = tuple(
    sum(1 << x for x in range(52) if x // 13 == c // 13 and STRENGTH[x] > STRENGTH[c]) for c in range(52)
)
"""By card id, the bit mask of the cards of its suit stronger than it (in the 40-card deck)."""
SUIT_MASK: tuple[int, ...] = tuple(sum(1 << x for x in range(s * 13, s * 13 + 13) if STRENGTH[x]) for s in range(4))
EXACT_CARDS = TRESSETTE.exact_cards
"""The search plays every line once the hands hold at most this many cards in all (``tuning``)."""


# ----- a sample of the hidden cards -----
def sample(view: TressetteView, k: Knowledge, rng: random.Random) -> TressetteRound | None:
    """A round state consistent with the view: the seat's own hand, the known cards with their holders, the
    unseen cards dealt at random to the other seats' hidden slots (none of a suit a seat lacks; what its signals
    say it holds, ``Knowledge.reading``: the card a ``busso`` named, two cards or more of a ``striscio``'s suit)
    and the rest to the stock in a random order; ``None`` when the random dealing ran into a dead end (try
    again)."""
    seat = k.seat
    hands: list[list[int]] = [[] for _ in range(k.n)]
    hands[seat] = sorted(k.hand)
    for s, cs in k.known.items():
        hands[s].extend(cs)
    unseen = list(k.unseen)
    rng.shuffle(unseen)
    room = dict(k.hidden)
    void = {s: set(v) for s, v in k.void.items()}
    for s, reading in k.reading.items():  # what each seat's signals say it holds
        if s not in room:
            continue
        for c in reading.held:  # the card a busso named, not played yet
            if c in unseen and room[s] > 0 and c // 13 not in void[s]:
                hands[s].append(c)
                unseen.remove(c)
                room[s] -= 1
        counts = {**reading.at_least, **reading.exactly}
        for suit, count in counts.items():
            more = [c for c in unseen if c // 13 == suit]
            missing = count - sum(1 for c in hands[s] if c // 13 == suit)
            if missing > 0:
                if len(more) < missing or room[s] < missing:
                    return None
                for c in more[:missing]:  # unseen is shuffled: a random choice
                    hands[s].append(c)
                    unseen.remove(c)
                room[s] -= missing
            if suit in reading.exactly:
                void[s].add(suit)  # no more of it
    # the most constrained seats first: each card goes to a seat that may hold it, or to the stock
    stock: list[int] = []
    stock_room = view.stock_count
    for c in sorted(unseen, key=lambda c: -sum(1 for s in room if c // 13 in void[s])):
        places = [s for s in room if room[s] > 0 and c // 13 not in void[s]]
        total = sum(room[s] for s in places) + stock_room
        if total == 0:
            return None
        r = rng.randrange(total)
        for s in places:
            if r < room[s]:
                hands[s].append(c)
                room[s] -= 1
                break
            r -= room[s]
        else:
            stock.append(c)
            stock_room -= 1
    rnd = TressetteRound.__new__(TressetteRound)
    rnd.n = k.n
    rnd.dealer = view.dealer
    rnd.hands = hands
    rnd.stock = stock
    rnd.leader = view.leader
    rnd.turn = seat
    rnd.trick = [int(c) for _s, c in view.trick]
    rnd.lead_signal = 0
    thirds = [0] * k.n
    for _lead, cards, winner in view.tricks:
        thirds[winner] += sum(THIRDS[c] for _s, c in cards)
    rnd.thirds = thirds
    rnd.won = [[] for _ in range(k.n)]
    rnd.history = [(lead, tuple(int(c) for _s, c in cards), w) for lead, cards, w in view.tricks]
    rnd.signals = []
    rnd.drawn = []
    rnd.declared = ()
    rnd.last_taker = -1
    rnd.done = False
    rnd.signals_on = False
    rnd._deal = {}
    return rnd


# ----- playing a sample out -----
def greedy_move(rnd: TressetteRound, played: int) -> int:
    """The ``greedy`` rule on a round state, for the seat to move (its own hand and ``played``, the mask of the
    cards played this round, are all it reads)."""
    seat = rnd.turn
    hand = rnd.hands[seat]
    gone = played
    for c in hand:
        gone |= 1 << c
    trick = rnd.trick
    if not trick:
        best_m = -1
        best_key: tuple[int, int, int] = (-1, -1, 0)
        for c in hand:
            if not STRONGER[c] & ~gone:
                key = (THIRDS[c], STRENGTH[c], -c)
                if key > best_key:
                    best_m, best_key = c, key
        if best_m >= 0:
            return best_m
        return min(hand, key=lambda c: (THIRDS[c], STRENGTH[c], c))
    led = trick[0] // 13
    legal = [c for c in hand if c // 13 == led] or hand
    bi = 0
    for i in range(1, len(trick)):
        if trick[i] // 13 == led and STRENGTH[trick[i]] > STRENGTH[trick[bi]]:
            bi = i
    best = trick[bi]
    best_seat = (rnd.leader + bi) % rnd.n
    if rnd.n == 4 and (best_seat - seat) % 2 == 0:
        if len(trick) == 3 or not STRONGER[best] & ~gone:
            return max(legal, key=lambda c: (THIRDS[c], -STRENGTH[c], -c))
        return min(legal, key=lambda c: (THIRDS[c], STRENGTH[c], c))
    beaters = [c for c in legal if c // 13 == led and STRENGTH[c] > STRENGTH[best]]
    if beaters:
        return min(beaters, key=lambda c: (STRENGTH[c], c))
    return min(legal, key=lambda c: (THIRDS[c], STRENGTH[c], c))


def round_thirds(rnd: TressetteRound) -> int:
    """The thirds the round hands out in all: those taken, those still to play and the last trick's."""
    cards = [c for h in rnd.hands for c in h] + rnd.stock + rnd.trick
    return sum(rnd.thirds) + sum(THIRDS[c] for c in cards) + LAST_TRICK_THIRDS


def margin(rnd: TressetteRound, side: int) -> int:
    """Thirds of ``side`` less the other side's, as they stand."""
    mine = sum(t for s, t in enumerate(rnd.thirds) if side_of(s, rnd.n) == side)
    return 2 * mine - sum(rnd.thirds)


def playout(rnd: TressetteRound, played: int) -> None:
    """Play a round state to its end with the greedy rule for every seat."""
    while not rnd.done:
        c = greedy_move(rnd, played)
        played |= 1 << c
        rnd._play(c, 0)


SHED_KEY: tuple[int, ...] = tuple(THIRDS[c] * 10_000 + STRENGTH[c] * 100 + c for c in range(52))
"""The greedy rule's least card is the one of least key: fewest thirds, then the weakest, then the lowest id."""
CASH_KEY: tuple[int, ...] = tuple(THIRDS[c] * 10_000 + STRENGTH[c] * 100 - c for c in range(52))
"""Its master to lead is the one of most key: most thirds, then the strongest, then the lowest id."""
LOAD_KEY: tuple[int, ...] = tuple(THIRDS[c] * 10_000 - STRENGTH[c] * 100 - c for c in range(52))
"""Its load is the one of most key: most thirds, then the weakest, then the lowest id."""
BEAT_KEY: tuple[int, ...] = tuple(STRENGTH[c] * 100 + c for c in range(52))
"""Its taking card is the one of least key: the weakest, then the lowest id."""


def fast_margin(rnd: TressetteRound, card: int, played: int, side: int) -> int:
    """The margin of thirds of ``side`` (``margin``) once the seat to move plays ``card`` and every seat then
    plays the greedy rule to the round's end: ``playout``'s result on a copy of the state, without the round's
    bookkeeping (history, signals, drawn cards), ``rnd`` left as it is."""
    n = rnd.n
    hands = [h[:] for h in rnd.hands]
    stock = rnd.stock[:]
    trick = rnd.trick[:]
    leader = rnd.leader
    seat = rnd.turn
    won = [0, 0]
    for s, t in enumerate(rnd.thirds):
        won[s % 2 if n == 4 else s] += t
    while True:
        hand = hands[seat]
        if card < 0:  # the greedy rule (greedy_move) for this seat
            gone = played
            for c in hand:
                gone |= 1 << c
            if not trick:
                best_k = -1_000_000
                for c in hand:
                    if not STRONGER[c] & ~gone and CASH_KEY[c] > best_k:
                        card, best_k = c, CASH_KEY[c]
                if card < 0:
                    card = min(hand, key=SHED_KEY.__getitem__)
            else:
                first = trick[0]
                led = first // 13
                legal = [c for c in hand if c // 13 == led] or hand
                bi, best = 0, first
                for i in range(1, len(trick)):
                    x = trick[i]
                    if x // 13 == led and STRENGTH[x] > STRENGTH[best]:
                        bi, best = i, x
                if n == 4 and (leader + bi - seat) % 2 == 0:
                    if len(trick) == 3 or not STRONGER[best] & ~gone:
                        card = max(legal, key=LOAD_KEY.__getitem__)
                    else:
                        card = min(legal, key=SHED_KEY.__getitem__)
                else:
                    beaters = [c for c in legal if c // 13 == led and STRENGTH[c] > STRENGTH[best]]
                    card = min(beaters or legal, key=(BEAT_KEY if beaters else SHED_KEY).__getitem__)
        hand.remove(card)
        played |= 1 << card
        trick.append(card)
        card = -1
        if len(trick) < n:
            seat = seat + 1 if seat + 1 < n else 0
            continue
        led = trick[0] // 13
        bi, best = 0, trick[0]
        for i in range(1, n):
            x = trick[i]
            if x // 13 == led and STRENGTH[x] > STRENGTH[best]:
                bi, best = i, x
        winner = (leader + bi) % n
        team = winner % 2 if n == 4 else winner
        won[team] += THIRDS[trick[0]] + THIRDS[trick[1]] + (THIRDS[trick[2]] + THIRDS[trick[3]] if n == 4 else 0)
        trick = []
        leader = seat = winner
        if stock:
            hands[winner].append(stock.pop())
            hands[1 - winner].append(stock.pop())
        elif not hands[winner]:
            won[team] += LAST_TRICK_THIRDS
            return won[side] - won[1 - side]


def solve(rnd: TressetteRound, side: int, alpha: float, beta: float, table: dict[tuple[object, ...], int]) -> int:
    """The exact margin of thirds ``side`` reaches from here with every seat playing its best (the sides
    alternate, each seeing every hand): alpha-beta, a table of positions at the start of each trick."""
    if rnd.done:
        return margin(rnd, side)
    window = (alpha, beta)
    key: tuple[object, ...] | None = None
    if not rnd.trick:
        key = (rnd.leader, *(tuple(h) for h in rnd.hands), margin(rnd, side))
        if key in table:
            return table[key]
    maximizing = side_of(rnd.turn, rnd.n) == side
    hand = rnd.hands[rnd.turn]
    led = rnd.trick[0] // 13 if rnd.trick else -1
    moves = [c for c in hand if c // 13 == led] or list(hand)
    moves.sort(key=lambda c: -STRENGTH[c])
    best = -10_000 if maximizing else 10_000
    for c in moves:
        child = rnd.clone()
        child._play(c, 0)
        v = solve(child, side, alpha, beta, table)
        if maximizing:
            if v > best:
                best = v
            alpha = max(alpha, v)
        else:
            if v < best:
                best = v
            beta = min(beta, v)
        if alpha >= beta:
            return best  # a cut: not an exact value, not kept
    if key is not None and window[0] < best < window[1]:  # an exact value, not a bound
        table[key] = best
    return best


# ----- the decision -----
RELAX_TRIES = 50
"""Failed dealings after which the signals are no longer believed (``relaxed``)."""


def relaxed(k: Knowledge) -> Knowledge:
    """``k`` with the signals dropped: the voids a seat showed by not following stay, what the signals said goes
    (a seat that signalled falsely leaves no dealing that fits them)."""
    out = copy.copy(k)
    out.void = {s: {"dcsb".index(x) for x in v} for s, v in enumerate(k.view.voids())}
    out.reading = {s: Reading() for s in k.reading}
    return out


def exact_now(view: TressetteView, tuning: TressetteTuning = TRESSETTE) -> bool:
    """Whether every sample is searched exactly: the stock is used up and the hands are small."""
    return sum(view.hand_sizes) <= tuning.exact_cards and view.stock_count == 0


def deal_points(total: int, thirds_margin: int) -> tuple[int, int]:
    """(the seat's side's deal points, the other side's) from a finished round's margin of thirds and the thirds
    handed out in all: thirds divided by 3 and rounded down, as the round's result counts them (declarations
    are the caller's)."""
    mine = (total + thirds_margin) // 2
    return mine // 3, (total - mine) // 3


def sample_margins(view: TressetteView, k: Knowledge, rng: random.Random, cards: list[int], played: int,
                   exact: bool, relax: bool) -> Iterator[tuple[int, dict[int, int]] | None]:
    """Endless, one item a dealing of the hidden cards (``sample``): ``None`` when it ran into a dead end, else
    the thirds the round hands out in all and each of ``cards``' margin of thirds for the seat's side at the
    round's end, the round played out by the greedy rule (``fast_margin``) or, when ``exact``, searched
    exactly (``solve``). With ``relax``, after ``RELAX_TRIES`` dealings and none that fits, the signals are
    dropped (``relaxed``). ``hard`` and the review both value their cards through it."""
    side = side_of(k.seat, k.n)
    tries = 0
    found = False
    while True:
        tries += 1
        world = sample(view, k, rng)
        if world is None:
            if relax and tries == RELAX_TRIES and not found:
                k = relaxed(k)  # a signal lied: deal by what the seats showed alone
            yield None
            continue
        found = True
        table: dict[tuple[object, ...], int] = {}
        margins: dict[int, int] = {}
        for c in cards:
            if exact:
                child = world.clone()
                child._play(c, 0)
                margins[c] = solve(child, side, -10_000, 10_000, table)
            else:
                margins[c] = fast_margin(world, c, played, side)
        yield round_thirds(world), margins


def sample_budget(view: TressetteView, time_ms: int, tuning: TressetteTuning | None = None) -> int:
    """How many samples a decision looks at with a budget of ``time_ms``: a function of the budget alone (and of
    whether they are searched exactly), never of the clock; one when the search is perfect (two players, the
    stock used up, the hands small)."""
    tuning = tuning or tuning_for(view.players)
    if exact_now(view, tuning):
        if view.players == 2:
            return 1
        return max(2, min(tuning.max_samples, int(time_ms * tuning.exact_per_ms)))
    return max(4, min(tuning.max_samples, int(time_ms * tuning.samples_per_ms)))


def hard_values(view: TressetteView, rng: random.Random, time_ms: int,
                tuning: TressetteTuning | None = None) -> dict[int, float]:
    """The mean margin of thirds (the seat's side less the other, at the round's end) of each card the seat may
    play, over ``sample_budget`` samples of the hidden cards. The clock is only a safety net: a search that runs
    10 times past its budget (or 2 s more) stops with the samples it has. ``tuning``: by default the
    one of the table's player count (``tuning.tuning_for``)."""
    tuning = tuning or tuning_for(view.players)
    k = Knowledge(view)
    cards = sorted({int(a.card) for a in card_actions(view) if a.card is not None})
    played = 0
    for c in k.played:
        played |= 1 << c
    totals = dict.fromkeys(cards, 0.0)
    if len(cards) == 1:
        return totals
    exact = exact_now(view, tuning)
    samples = sample_budget(view, time_ms, tuning)  # with two players and exact, one: the whole truth
    deadline = time.perf_counter() + max(10 * time_ms, time_ms + 2000) / 1000  # a safety net, see samples_per_ms
    n = 0
    for tries, got in enumerate(sample_margins(view, k, rng, cards, played, exact, tuning.relax_signals), 1):
        if got is None:
            if tries > 1000 and n == 0:
                return totals  # no dealing fits: every card is even
        else:
            n += 1
            total, margins = got
            for c, m in margins.items():
                if tuning.win_bonus:
                    mine, other = deal_points(total, m)
                    m += tuning.win_bonus if mine > other else -tuning.win_bonus if mine < other else 0
                totals[c] += m
        if n >= samples or (n and time.perf_counter() >= deadline):
            break
    return {c: t / n for c, t in totals.items()}


def choose_hard(view: TressetteView, rng: random.Random, time_ms: int,
                tuning: TressetteTuning | None = None) -> Action:
    """Hard's action: the card of best mean margin (ties: the lower card id), with ``medium``'s true signal when
    it leads at a table with signals."""
    values = hard_values(view, rng, time_ms, tuning)
    best = max(values, key=lambda c: (values[c], -c))
    if not view.trick:
        signal = lead_signal(view, best)
        if signal is not None:
            for a in view.legal:
                if a.card == best and a.signal == signal:
                    return a
    return next(a for a in card_actions(view) if a.card == best)


__all__ = ["EXACT_CARDS", "LAST_TRICK_THIRDS", "choose_hard", "deal_points", "exact_now", "fast_margin",
           "hard_values", "margin", "playout", "relaxed", "round_thirds", "sample", "sample_budget", "sample_margins",
           "solve"]
