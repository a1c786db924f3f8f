"""Briscola Chiamata AI players: ``greedy`` (the exact baseline), ``medium`` (hand evaluation, card counting,
partner inference) and ``hard`` (determinized search over the hidden cards in the play phase).

Every function here reads only a seat's view (``rules.chiamata.ChiamataView``) and an explicit random
generator; nothing is shared between calls. The exact rules of ``greedy`` are written in
``docs/ai/chiamata.md``.
"""

from __future__ import annotations

import math
import random
import time

from rules.actions import PASS, Action
from rules.ai.tricks import beats, greedy_card, heuristic_card, winning_index
from rules.cards import POINTS, STRENGTH, STRENGTH_ORDER, SUITS, Card, deck_40

PLAYERS = 5
DECK = tuple(int(c) for c in deck_40())
RANK_ORDER = STRENGTH_ORDER
"""Rank letters, strongest first (A 3 R C F 7 6 5 4 2): also the order of rank bids, A the first."""
TWO = RANK_ORDER.index("2")


# ---------------------------------------------------------------------------------------------------------
# small helpers on card ids
def _card_of(rank: str, suit: int) -> int:
    return int(Card.of(rank, SUITS[suit]))


def _suit_cards(hand, s: int) -> list[int]:
    return [c for c in hand if c // 13 == s]


def _longest_suit(hand, suits=range(4)) -> int:
    """The suit with most cards in ``hand``; ties: more card points, then the first in the order d c s b."""
    return max(suits, key=lambda s: (sum(1 for c in hand if c // 13 == s),
                                     sum(POINTS[c] for c in hand if c // 13 == s), -s))


def _cheap_key(c: int) -> tuple[int, int, int]:
    """Cheapest first: fewer points, then weaker, then the lower card id."""
    return (POINTS[c], STRENGTH[c], c)


# ---------------------------------------------------------------------------------------------------------
# reading the auction from the view
def _parse_bid(bid) -> tuple[int, int]:
    """A bid as (rank index, target): ``"3"`` -> (1, 61); ``"2:70"`` -> (9, 70); points 75 -> (-1, 75)."""
    if isinstance(bid, int):
        return (-1, bid)
    if bid.startswith("2:"):
        return (TWO, int(bid[2:]))
    return (RANK_ORDER.index(bid), 61)


def _bid_options(view) -> list[Action]:
    """The legal bids (no pass), in increasing order of ambition."""
    bids = [a for a in view.legal if a.kind == "bid"]
    bids.sort(key=lambda a: _parse_bid(a.bid) if view.options["bidding"] == "rank" else (0, a.bid))
    return bids


def _target_of_bid(bid) -> int:
    return _parse_bid(bid)[1]


# ---------------------------------------------------------------------------------------------------------
# greedy: the exact baseline
def greedy_strength(hand) -> int:
    """Greedy's hand strength: 2 x aces + 2 x threes + the length of the longest suit."""
    aces = sum(1 for c in hand if c % 13 == 0)
    threes = sum(1 for c in hand if c % 13 == 2)
    longest = max(sum(1 for c in hand if c // 13 == s) for s in range(4))
    return 2 * aces + 2 * threes + longest


GREEDY_MIN_STRENGTH = 8
"""Greedy passes below this strength."""


def greedy_rank_limit(strength: int) -> int:
    """Rank mode: the lowest rank greedy bids, as an index in A 3 R C F 7 6 5 4 2 (-1: pass)."""
    if strength < GREEDY_MIN_STRENGTH:
        return -1
    return min(TWO, strength - GREEDY_MIN_STRENGTH)


def greedy_points_limit(strength: int) -> int:
    """Points mode: the highest target greedy bids (0: pass)."""
    if strength < GREEDY_MIN_STRENGTH:
        return 0
    return min(120, 61 + 3 * (strength - GREEDY_MIN_STRENGTH))


def _greedy_bid(view) -> Action:
    bids = _bid_options(view)
    if not bids:
        return PASS
    first = bids[0]
    s = greedy_strength(view.hand)
    if view.options["bidding"] == "points":
        return first if isinstance(first.bid, int) and first.bid <= greedy_points_limit(s) else PASS
    k, _target = _parse_bid(first.bid)
    if isinstance(first.bid, str) and first.bid.startswith("2:"):
        return PASS  # greedy never bids a 2 with a points target
    return first if k <= greedy_rank_limit(s) else PASS


def _greedy_call(view) -> Action:
    hand = [int(c) for c in view.hand]
    held = set(hand) | {int(c) for c in view.discards}
    options = [int(a.card) for a in view.legal if a.kind == "call"]
    if view.trump is not None:  # kitty: the suit is the declared trump
        suit = SUITS.index(view.trump)
    elif view.options["bidding"] == "rank":
        rank = "2" if str(view.standing_bid).startswith("2") else view.standing_bid
        free = [s for s in range(4) if _card_of(rank, s) not in held]
        suit = _longest_suit(hand, free or range(4))
    else:
        suit = _longest_suit(hand)
    in_suit = [c for c in options if c // 13 == suit] or options
    free = [c for c in in_suit if c not in held]
    return Action.call(Card(max(free or in_suit, key=lambda c: (STRENGTH[c], -c))))


def _greedy_trump(view) -> Action:
    return Action.declare_trump(SUITS[_longest_suit([int(c) for c in view.hand])])


def _greedy_discard(view) -> Action:
    trump = SUITS.index(view.trump)
    hand = sorted((int(c) for c in view.hand), key=lambda c: (c // 13 == trump, *_cheap_key(c)))
    return Action.discard(hand[:5])


def _greedy_play(view) -> Action:
    hand = sorted(int(c) for c in view.hand)  # remaining ties: the lower card id (suits in the order d c s b)
    trick = [int(c) for _, c in view.trick]
    return Action.play(Card(greedy_card(hand, trick, SUITS.index(view.trump))))


# ---------------------------------------------------------------------------------------------------------
# what a seat knows in the play phase
class Knowledge:
    """The play-phase facts of one view, on card ids: who is known to be on which side, what is unseen."""

    __slots__ = ("me", "caller", "trump", "called", "target", "kitty", "hand", "partner", "played", "unseen",
                 "hand_sizes", "trick", "leader", "tricks", "discards")

    def __init__(self, view) -> None:
        self.me = view.seat
        self.caller = view.caller
        self.trump = SUITS.index(view.trump)
        self.called = int(view.called)
        self.target = view.target
        self.kitty = view.options["kitty"] == "on"
        self.hand = [int(c) for c in view.hand]
        self.discards = [int(c) for c in view.discards]
        self.trick = [int(c) for _, c in view.trick]
        self.leader = view.leader
        self.tricks = [(lead, [int(c) for _, c in plays], w) for lead, plays, w in view.tricks]
        self.hand_sizes = list(view.hand_sizes)
        played = {c for _, cs, _ in self.tricks for c in cs} | set(self.trick)
        self.played = played
        known = played | set(self.hand) | set(self.discards)
        self.unseen = [c for c in DECK if c not in known]
        # the partner: -1 unknown, the caller's seat when the caller plays alone
        partner = -1
        if view.partner is not None:
            partner = view.partner
        elif view.i_am_partner:
            partner = self.me
        elif self.me == self.caller and (self.called in self.hand or self.called in self.discards):
            partner = self.caller
        self.partner = partner

    def on_caller_side(self, seat: int) -> bool | None:
        """True / False when known, ``None`` when this seat cannot tell."""
        if seat == self.caller:
            return True
        if self.partner >= 0:
            return seat == self.partner
        return None


# ---------------------------------------------------------------------------------------------------------
# who is the partner: inference from the play
LOAD_LIKELIHOOD = 3.0
"""Weight factor for a seat that threw an ace or a three on a trick the caller was winning."""
SMALL_LOAD_LIKELIHOOD = 1.3
"""... that threw a king, knight or jack on it."""
OVERTAKE_LIKELIHOOD = 0.7
"""... that took a trick with points away from the caller."""
ALONE_PRIOR = 0.04
"""Prior probability, for a seat that does not know, that the caller called its own card (plays alone)."""


def partner_weights(k: Knowledge) -> list[float]:
    """Relative likelihood, per seat, of holding the called card, from the play so far (0 for impossible
    seats: the caller, a seat that knows it does not hold it). Only meaningful while the partner is hidden."""
    w = [1.0] * PLAYERS
    w[k.caller] = w[k.me] = 0.0
    tricks = [(lead, cs) for lead, cs, _ in k.tricks]
    if k.trick:
        tricks.append((k.leader, k.trick))
    for lead, cs in tricks:
        best = 0
        for i, x in enumerate(cs):
            s = (lead + i) % PLAYERS
            if i and s != k.caller:
                caller_winning = (lead + best) % PLAYERS == k.caller
                takes = beats(x, cs[best], k.trump)
                if caller_winning and not takes:
                    if POINTS[x] >= 10:
                        w[s] *= LOAD_LIKELIHOOD
                    elif POINTS[x] >= 2:
                        w[s] *= SMALL_LOAD_LIKELIHOOD
                elif caller_winning and takes and sum(POINTS[c] for c in cs[:i + 1]) >= 10:
                    w[s] *= OVERTAKE_LIKELIHOOD
            if i and beats(x, cs[best], k.trump):
                best = i
    return w


# ---------------------------------------------------------------------------------------------------------
# hard: determinized search
TRUMP_BIAS = 2.0
"""Sampling: an unseen trump is this many times likelier (per free slot) to lie in the caller's hand."""


def sample_world(k: Knowledge, weights: list[float], rng: random.Random) -> tuple[list[list[int]], int, int]:
    """One deal of the hidden cards consistent with the view: (hands per seat, partner seat or -1 when the
    caller plays alone, points in the caller's discards)."""
    hands: list[list[int]] = [[] for _ in range(PLAYERS)]
    hands[k.me] = k.hand[:]
    free = [0 if s == k.me else k.hand_sizes[s] for s in range(PLAYERS)]
    disc_slot = k.kitty and k.me != k.caller
    free.append(5 if disc_slot else 0)  # index 5: the caller's face-down discards
    hands.append([])
    unseen = k.unseen[:]
    rng.shuffle(unseen)
    partner = k.partner
    if partner < 0 and k.called in unseen:
        unseen.remove(k.called)
        seats = [s for s in range(PLAYERS) if free[s] and weights[s] > 0]
        ws = [weights[s] * free[s] for s in seats]
        if k.me != k.caller:
            tot = sum(ws) or 1.0
            ws = [x * (1 - ALONE_PRIOR) / tot for x in ws]
            alone_slots = [s for s in (k.caller, 5) if free[s]]
            seats += alone_slots
            size = sum(free[s] for s in alone_slots)
            ws += [ALONE_PRIOR * free[s] / size for s in alone_slots]
        holder = rng.choices(seats, ws)[0]
        hands[holder].append(k.called)
        free[holder] -= 1
        partner = holder if holder < PLAYERS and holder != k.caller else -1
    elif partner == k.caller:
        partner = -1
    if k.me != k.caller and free[k.caller] and TRUMP_BIAS != 1.0:
        # the auction's soft signal: the caller chose the trump suit, so it probably holds several
        others = sum(free) - free[k.caller]
        given: list[int] = []
        for c in unseen:
            room = free[k.caller] - len(given)
            if not room:
                break
            if c // 13 == k.trump and rng.random() * (others + room * TRUMP_BIAS) < room * TRUMP_BIAS:
                given.append(c)
        if given:
            hands[k.caller].extend(given)
            free[k.caller] -= len(given)
            unseen = [c for c in unseen if c not in given]
    i = 0
    for s in range(PLAYERS + 1):
        n = free[s]
        if n:
            hands[s].extend(unseen[i:i + n])
            i += n
    disc = hands.pop()
    disc_points = sum(POINTS[c] for c in (disc if disc_slot else k.discards))
    return hands, partner, disc_points


def playout(hands: list[list[int]], trick: list[int], leader: int, trump: int, side: list[bool],
            partner: int = -1, called: int = -1) -> int:
    """Play the round out with ``heuristic_card`` for every seat; ``hands`` and ``trick`` are consumed.
    Returns the card points the caller's side takes from here on (the current trick included).

    What each seat knows follows the rules: while ``called`` (a card still to be played) is hidden, only the
    ``partner`` knows the sides; the other seats treat every other seat as an opponent. With ``called`` -1
    everyone knows the sides. A seat whose side is winning the trick loads points on it when no opponent
    still to play holds a card that beats it (the sample's hands stand for card counting)."""
    pts = 0
    turn = (leader + len(trick)) % PLAYERS
    hand = hands[turn]
    hidden = called >= 0
    while hand:
        if trick:
            wi = winning_index(trick, trump)
            n = len(trick)
            friend = (not hidden or turn == partner) and side[(leader + wi) % PLAYERS] == side[turn]
            safe = n == PLAYERS - 1
            if friend and not safe:
                best = trick[wi]
                mine = side[turn]
                safe = True
                for i in range(1, PLAYERS - n):
                    s = (turn + i) % PLAYERS
                    if side[s] != mine:
                        for x in hands[s]:
                            if beats(x, best, trump):
                                safe = False
                                break
                        if not safe:
                            break
            c = heuristic_card(hand, trick, trump, friend, safe)
        else:
            c = heuristic_card(hand, trick, trump)
        if hidden and c == called:
            hidden = False
        hand.remove(c)
        trick.append(c)
        if len(trick) == PLAYERS:
            w = (leader + winning_index(trick, trump)) % PLAYERS
            if side[w]:
                pts += sum([POINTS[x] for x in trick])
            trick = []
            leader = turn = w
        else:
            turn = turn + 1 if turn < PLAYERS - 1 else 0
        hand = hands[turn]
    return pts


OVERRIDE_Z = 1.5
"""Search overrides medium's card only when better by this many standard errors..."""
OVERRIDE_MIN = 0.02
"""... and by this much on average (score units: +1 / -1 for success)."""
MARGIN_WEIGHT = 0.3
"""Search score: success (+1 / -1 for the seat's side) plus this times the side's point margin / 60."""
SEARCH_SHARE = 0.5
"""Share of ``time_ms`` the search plans to use. The plan counts work, not time: the cost model below was
measured on the project's machine; the clock stops a search only much later (``CLOCK_FACTOR``)."""
SAMPLE_US = 17.0
"""Microseconds to sample one deal of the hidden cards."""
PLAYOUT_US = 6.0
PLAYOUT_US_PER_CARD = 2.7
"""Microseconds of one playout: fixed part and per card still to be played."""
MIN_SAMPLES = 4
CLOCK_FACTOR = 3
CLOCK_EXTRA_MS = 100
"""The clock stops a search past ``CLOCK_FACTOR x time_ms + CLOCK_EXTRA_MS`` (only a very busy or slow machine
gets there; tests raise it so that the choices never depend on the clock)."""


def hard_play(view, rng: random.Random, time_ms: int) -> Action:
    """Determinized search: sample hidden hands, play each legal card out in every sample, and play the
    card with the best mean score when it beats medium's card by a clear margin (a paired test over the
    samples), else medium's card."""
    start = time.perf_counter()
    k = Knowledge(view)
    legal = sorted(int(a.card) for a in view.legal)
    friend = friend_probabilities(k)
    default = legal.index(medium_card(k, friend))
    weights = partner_weights(k) if k.partner < 0 else [1.0] * PLAYERS
    # a fixed amount of work for the budget (so a seed gives the same choice on a busy machine)
    per_sample = SAMPLE_US + len(legal) * (PLAYOUT_US + PLAYOUT_US_PER_CARD * sum(k.hand_sizes))
    samples = max(MIN_SAMPLES, int(SEARCH_SHARE * time_ms * 1000 / per_sample))
    deadline = start + (CLOCK_FACTOR * time_ms + CLOCK_EXTRA_MS) / 1000
    scores: list[list[float]] = [[] for _ in legal]
    for _ in range(samples):
        hands, partner, disc_points = sample_world(k, weights, rng)
        side = [s == k.caller or s == partner for s in range(PLAYERS)]
        called = -1 if k.called in k.played else k.called
        base = disc_points + sum(sum(POINTS[c] for c in cs) for _, cs, w in k.tricks if side[w])
        sign = 1.0 if side[k.me] else -1.0
        for j, c in enumerate(legal):
            hidden = called if c != k.called else -1
            hs = [h[:] for h in hands]
            hs[k.me].remove(c)
            tr = k.trick + [c]
            if len(tr) == PLAYERS:
                # resolve the trick here, then play on from its winner
                w = (k.leader + winning_index(tr, k.trump)) % PLAYERS
                won = sum(POINTS[x] for x in tr) if side[w] else 0
                pts = base + won + playout(hs, [], w, k.trump, side, partner, hidden)
            else:
                pts = base + playout(hs, tr, k.leader, k.trump, side, partner, hidden)
            score = (1.0 if pts >= k.target else -1.0) + MARGIN_WEIGHT * (pts - k.target) / 60
            scores[j].append(sign * score)
        if time.perf_counter() > deadline:
            break
    return Action.play(Card(legal[_pick(scores, default)]))


def _pick(scores: list[list[float]], default: int) -> int:
    """The candidate with the best mean score if it beats ``default`` by ``OVERRIDE_Z`` standard errors of
    the paired differences (and by ``OVERRIDE_MIN`` on average), else ``default``."""
    n = len(scores[default])
    means = [sum(x) / n for x in scores]
    best = max(range(len(scores)), key=lambda j: (means[j], j == default))
    if best == default or n < 2:
        return default
    diffs = [a - b for a, b in zip(scores[best], scores[default])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if mean > OVERRIDE_MIN and mean * mean * n > OVERRIDE_Z * OVERRIDE_Z * var:
        return best
    return default


# ---------------------------------------------------------------------------------------------------------
# medium: hand evaluation
def hand_features(hand, trump: int, called: int) -> list[float]:
    """Features of a caller's hand for a trump suit and a called card (the model's inputs)."""
    alone = called in hand
    f = [1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    suits = [0, 0, 0, 0]
    side_aces = set()
    for c in hand:
        s = c // 13
        suits[s] += 1
        if s == trump:
            f[1] += 1
            st = STRENGTH[c]
            if st >= 6:
                f[12 - st] += 1  # A -> f[2], 3 -> f[3], R -> f[4], C -> f[5], F -> f[6]
        else:
            r = c % 13
            if r == 0:
                f[7] += 1
                side_aces.add(s)
            elif r == 2:
                f[8] += 1
            else:
                f[10] += POINTS[c]
    for c in hand:
        if c // 13 != trump and c % 13 == 2 and c // 13 in side_aces:
            f[9] += 1
    f[11] = sum(1 for s in range(4) if s != trump and not suits[s])
    if called < 0:
        return f
    if alone:
        f[12] = 1.0
    else:
        st = STRENGTH[called]
        if st == 10:
            f[13] = 1.0
        elif st == 9:
            f[14] = 1.0
        elif st >= 6:
            f[15] = 1.0
    return f


PLAIN_MODEL = (32.85, 2.44, 21.28, 11.5, 5.27, 2.78, 1.79, 1.38, 0.85, -0.64, -0.02, 0.58, -24.73, 20.04, 10.45, 3.55)
"""Expected card points of the caller's side, linear in ``hand_features`` (8 cards each, no kitty); fitted by
least squares on 80,000 simulated rounds played out by ``heuristic_card`` (docs/ai/chiamata.md)."""
PLAIN_SIGMA = 16.0
KITTY_MODEL = (45.75, 2.56, 19.82, 11.4, 5.27, 2.9, 1.73, 4.03, 3.72, 0.26, 0.27, -0.03, -14.47, 18.82, 10.11, 3.46)
"""The same with the kitty, on the caller's 7 cards before it takes the kitty (discards included)."""
KITTY_SIGMA = 16.3
ALONE_MIN_P = 0.75
"""Playing alone (calling a card of one's own hand) needs at least this chance of success."""
BID_THRESHOLD = {"medium": 0.0, "hard": 0.0}
"""A level bids when the expected game points of its best call reach this value."""


def success_probability(hand, trump: int, called: int, target: int, kitty: bool) -> float:
    """The model's probability that the caller's side takes ``target`` points."""
    f = hand_features(hand, trump, called)
    model, sigma = (KITTY_MODEL, KITTY_SIGMA) if kitty else (PLAIN_MODEL, PLAIN_SIGMA)
    mean = sum(a * b for a, b in zip(model, f))
    return 0.5 * (1 + math.erf((mean + 0.5 - target) / (sigma * math.sqrt(2))))


def call_value(hand, trump: int, called: int, target: int, kitty: bool) -> float:
    """Expected game points of the caller for a trump suit and called card: 2(2p-1), or 4(2p-1) alone; a
    call that plays alone with less than ``ALONE_MIN_P`` is worth -4 (never chosen)."""
    p = success_probability(hand, trump, called, target, kitty)
    if called in hand:
        return 4 * (2 * p - 1) if p >= ALONE_MIN_P else -4.0
    return 2 * (2 * p - 1)


def best_partner_card(hand, suit: int) -> int:
    """The strongest card of ``suit`` not in ``hand`` (the partner is strong), else the suit's ace."""
    for r in RANK_ORDER:
        c = _card_of(r, suit)
        if c not in hand:
            return c
    return _card_of("A", suit)


def _bid_value(view, hand, bid) -> tuple[float, int, int]:
    """(expected game points, trump suit, called card) of the best call after winning the auction at ``bid``."""
    kitty = view.options["kitty"] == "on"
    k, target = _parse_bid(bid)
    best = (-9.0, 0, 0)
    for s in range(4):
        if k >= 0:
            cands = [_card_of(RANK_ORDER[k], s)]
        else:
            cands = [best_partner_card(hand, s)]
            held = [c for c in hand if c // 13 == s]
            if held and not kitty:
                cands.append(held[0])
        for c in cands:
            v = call_value(hand, s, c, target, kitty)
            if v > best[0]:
                best = (v, s, c)
    return best


def medium_bid(view, threshold: float) -> Action:
    """Bid the legal bid whose best call is worth most (ties: the least ambitious), if it reaches
    ``threshold``; a 2 with a points target or a points bid only at the lowest legal target."""
    bids = _bid_options(view)
    if not bids:
        return PASS
    hand = [int(c) for c in view.hand]
    cands = []
    for a in bids:
        if not isinstance(a.bid, str) or a.bid.startswith("2:"):
            cands.append(a)
            break  # higher targets only lower the chances
        cands.append(a)
    best_v, best_a = -9.0, PASS
    for a in cands:
        v = _bid_value(view, hand, a.bid)[0]
        if v > best_v + 0.05:
            best_v, best_a = v, a
    return best_a if best_v >= threshold else PASS


def medium_trump(view) -> Action:
    """Kitty: declare the suit whose call is worth most for the bid won."""
    hand = [int(c) for c in view.hand]
    return Action.declare_trump(SUITS[_bid_value(view, hand, view.standing_bid)[1]])


def medium_discard(view) -> Action:
    """Kitty: load the discard with points (they are safe there): the five non-trumps with most points
    (ties: the weaker card); trumps only when fewer than five non-trumps are left, the cheapest first."""
    trump = SUITS.index(view.trump)
    hand = sorted((int(c) for c in view.hand),
                  key=lambda c: (c // 13 == trump, -POINTS[c] if c // 13 != trump else POINTS[c], STRENGTH[c], c))
    return Action.discard(hand[:5])


def medium_call(view) -> Action:
    """Call the card worth most by the hand model: usually the highest trump not held (a strong partner);
    a card of one's own hand (alone) only when the model values it more."""
    hand = [int(c) for c in view.hand]
    held = set(hand) | {int(c) for c in view.discards}
    legal = [int(a.card) for a in view.legal]
    if view.trump is not None:  # kitty: the suit is declared, the discards are safe points
        free = [c for c in legal if c not in held]
        return Action.call(Card(max(free or legal, key=lambda c: (STRENGTH[c], -c))))
    target = _target_of_bid(view.standing_bid)
    if view.options["bidding"] == "rank":
        cands = legal
    else:
        cands = [best_partner_card(hand, s) for s in range(4)] + [
            max(_suit_cards(hand, s), key=lambda c: STRENGTH[c]) for s in range(4) if _suit_cards(hand, s)]
    return Action.call(Card(max(cands, key=lambda c: (call_value(hand, c // 13, c, target, False), -c))))


# ---------------------------------------------------------------------------------------------------------
# medium: card play with beliefs about the sides and card counting
FRIEND_CONFIDENCE = 0.7
"""Medium treats the seat winning a trick as a friend (and loads points on it) at this probability."""


def friend_probabilities(k: Knowledge) -> list[float]:
    """Per seat, the probability that it is on this seat's side (1 for the seat itself)."""
    me, caller = k.me, k.caller
    fr = [0.0] * PLAYERS
    fr[me] = 1.0
    if k.partner >= 0:
        mine = k.on_caller_side(me)
        for s in range(PLAYERS):
            if s != me:
                fr[s] = 1.0 if k.on_caller_side(s) == mine else 0.0
        return fr
    w = partner_weights(k)
    tot = sum(w) or 1.0
    for s in range(PLAYERS):
        if s == me or s == caller:
            continue
        p = w[s] / tot
        fr[s] = p if me == caller else 1 - p * (1 - ALONE_PRIOR)
    return fr


def medium_card(k: Knowledge, friend: list[float]) -> int:
    """``heuristic_card`` with the sides as this seat believes them, and safe loading decided by counting
    the cards that could still beat the trick."""
    trick = k.trick
    if not trick:
        return heuristic_card(k.hand, trick, k.trump)
    wi = winning_index(trick, k.trump)
    wseat = (k.leader + wi) % PLAYERS
    friend_winning = friend[wseat] >= FRIEND_CONFIDENCE
    later = [(k.me + i) % PLAYERS for i in range(1, PLAYERS - len(trick))]
    safe = not later or all(friend[s] >= FRIEND_CONFIDENCE for s in later)
    if not safe:
        best = trick[wi]
        safe = not any(beats(c, best, k.trump) for c in k.unseen if c not in k.discards)
    return heuristic_card(k.hand, trick, k.trump, friend_winning, safe)


def medium_play(view) -> Action:
    """Medium's card."""
    k = Knowledge(view)
    return Action.play(Card(medium_card(k, friend_probabilities(k))))


# ---------------------------------------------------------------------------------------------------------
# the entry point
def choose(level: str, view, rng: random.Random, time_ms: int = 200) -> Action:
    """The action a ``greedy``, ``medium`` or ``hard`` player takes in ``view`` (one of ``view.legal``)."""
    if len(view.legal) == 1:
        return view.legal[0]
    phase = view.phase
    if level == "greedy":
        if phase == "auction":
            return _greedy_bid(view)
        if phase == "trump":
            return _greedy_trump(view)
        if phase == "discard":
            return _greedy_discard(view)
        if phase == "call":
            return _greedy_call(view)
        return _greedy_play(view)
    if level not in ("medium", "hard"):
        raise ValueError(f"unknown Chiamata AI level {level!r}")
    if phase == "auction":
        return medium_bid(view, BID_THRESHOLD[level])
    if phase == "trump":
        return medium_trump(view)
    if phase == "discard":
        return medium_discard(view)
    if phase == "call":
        return medium_call(view)
    if level == "hard":
        return hard_play(view, rng, time_ms)
    return medium_play(view)
