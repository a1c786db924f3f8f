"""Chiamata's card play above greedy: what a seat knows in the play phase (``Knowledge``), who the partner
is (inference from the play), ``medium``'s card (beliefs about the sides and card counting) and ``hard``'s
(a determinized search over the hidden cards).

Every function here reads only a seat's view (``rules.games.chiamata.engine.ChiamataView``) and an explicit random
generator; nothing is shared between calls.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator, Sequence

from rules.actions import Action
from rules.ai.chiamata.bidding import (
    DECK,
    PLAYERS,
    card_ids,
    known,
)
from rules.ai.chiamata.tuning import CHIAMATA, ChiamataTuning
from rules.ai.tricks import CHEAP, beats, heuristic_card, heuristic_follow, standing, winning_index
from rules.cards import POINTS, STRENGTH, SUITS, Card
from rules.games.chiamata.view import ChiamataView

__all__ = [
    "Knowledge", "friend_probabilities", "hard_play", "medium_card", "medium_play", "partner_weights", "playout",
    "sample_world", "sampled_points", "search_samples",
]


# ---------------------------------------------------------------------------------------------------------
# what a seat knows in the play phase
class Knowledge:
    """The play-phase facts of one view, on card ids: who is known to be on which side, what is unseen."""

    __slots__ = ("me", "caller", "trump", "called", "target", "kitty", "hand", "partner", "played", "unseen",
                 "hand_sizes", "trick", "leader", "tricks", "discards")

    def __init__(self, view: ChiamataView) -> None:
        self.me = known(view.seat)
        self.caller = known(view.caller)
        self.trump = SUITS.index(known(view.trump))
        self.called = int(known(view.called))
        self.target = known(view.target)
        self.kitty = view.options["kitty"] == "on"
        self.hand = [int(c) for c in view.hand]
        self.discards = [int(c) for c in view.discards]
        self.trick = [int(c) for _, c in view.trick]
        self.leader = view.leader
        self.tricks = [(lead, [int(c) for _, c in plays], w) for lead, plays, w in view.tricks]
        self.hand_sizes = list(view.hand_sizes)
        played = {c for _, cs, _ in self.tricks for c in cs} | set(self.trick)
        self.played = played
        seen = played | set(self.hand) | set(self.discards)
        self.unseen = [c for c in DECK if c not in seen]
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
    """Play the round out with ``heuristic_card`` for every seat; ``hands`` are consumed.
    Returns the card points the caller's side takes from here on (the current trick included).

    What each seat knows follows the rules: while ``called`` (a card still to be played) is hidden, only the
    ``partner`` knows the sides; the other seats treat every other seat as an opponent. With ``called`` -1
    everyone knows the sides. A seat whose side is winning the trick loads points on it when no opponent
    still to play holds a card that beats it (the sample's hands stand for card counting). The trick is
    kept as cards are added (``heuristic_follow``), not read again at each card; ``trick`` is not changed."""
    pts = 0
    n = len(trick)
    turn = (leader + n) % PLAYERS
    hidden = called >= 0
    cheap = CHEAP[trump].__getitem__
    # the trick so far, kept as cards come: the winning card and seat, trumped or not, its led suit, points
    best, best_trump, stake = standing(trick, trump) if n else (-1, False, 0)
    wseat = (leader + winning_index(trick, trump)) % PLAYERS if n else -1
    led = trick[0] // 13 if n else -1
    hand = hands[turn]
    while hand:
        if n:
            friend = (not hidden or turn == partner) and side[wseat] == side[turn]
            safe = n == PLAYERS - 1
            if friend and not safe:
                mine = side[turn]
                safe = not any(beats(x, best, trump) for i in range(1, PLAYERS - n)
                               if side[(turn + i) % PLAYERS] != mine for x in hands[(turn + i) % PLAYERS])
            c = heuristic_follow(hand, led, best, best_trump, stake, trump, friend, safe)
        else:
            c = min(hand, key=cheap)
        if hidden and c == called:
            hidden = False
        hand.remove(c)
        if n:
            stake += POINTS[c]
            if c // 13 == trump:
                if not best_trump or STRENGTH[c] > STRENGTH[best]:
                    best, best_trump, wseat = c, True, turn
            elif not best_trump and c // 13 == led and STRENGTH[c] > STRENGTH[best]:
                best, wseat = c, turn
        else:
            best, best_trump, stake, wseat, led = c, c // 13 == trump, POINTS[c], turn, c // 13
        n += 1
        if n == PLAYERS:
            if side[wseat]:
                pts += stake
            n = 0
            leader = turn = wseat
        else:
            turn = turn + 1 if turn < PLAYERS - 1 else 0
        hand = hands[turn]
    return pts


def sampled_points(k: Knowledge, legal: Sequence[int], weights: list[float], rng: random.Random,
                   samples: int) -> Iterator[tuple[list[bool], list[int]]]:
    """Up to ``samples`` deals of the hidden cards (``sample_world``), each yielded as (who is on the caller's
    side in it, per card of ``legal`` the card points the caller's side ends the round with when this seat
    plays that card and everyone then plays ``playout``'s policy). Lazy: stop early by not asking for more."""
    called = -1 if k.called in k.played else k.called
    for _ in range(samples):
        hands, partner, disc_points = sample_world(k, weights, rng)
        side = [s == k.caller or s == partner for s in range(PLAYERS)]
        base = disc_points + sum(sum(POINTS[c] for c in cs) for _, cs, w in k.tricks if side[w])
        out = []
        for c in legal:
            hidden = called if c != k.called else -1
            hs = [h[:] for h in hands]
            hs[k.me].remove(c)
            tr = k.trick + [c]
            if len(tr) == PLAYERS:
                # resolve the trick here, then play on from its winner
                w = (k.leader + winning_index(tr, k.trump)) % PLAYERS
                won = sum(POINTS[x] for x in tr) if side[w] else 0
                out.append(base + won + playout(hs, [], w, k.trump, side, partner, hidden))
            else:
                out.append(base + playout(hs, tr, k.leader, k.trump, side, partner, hidden))
        yield side, out


def search_samples(candidates: int, cards: int, time_ms: int, tuning: ChiamataTuning = CHIAMATA) -> int:
    """How many sampled deals ``hard_play`` plans for a budget of ``time_ms`` when each deal plays out
    ``candidates`` moves with ``cards`` cards still in the hands (a fixed amount of work, so a seed gives the
    same choice on a busy machine)."""
    t = tuning
    per_sample = t.sample_us + candidates * (t.playout_us + t.playout_us_per_card * cards)
    return max(t.min_samples, int(t.search_share * time_ms * 1000 / per_sample))


def hard_play(view: ChiamataView, rng: random.Random, time_ms: int, tuning: ChiamataTuning = CHIAMATA) -> Action:
    """Determinized search: sample hidden hands, play each legal card out in every sample, and play the
    card with the best mean score when it beats medium's card by a clear margin (a paired test over the
    samples), else medium's card."""
    start = time.perf_counter()
    k = Knowledge(view)
    legal = sorted(card_ids(view.legal))
    friend = friend_probabilities(k)
    default = legal.index(medium_card(k, friend))
    weights = partner_weights(k) if k.partner < 0 else [1.0] * PLAYERS
    t = tuning
    samples = search_samples(len(legal), sum(k.hand_sizes), time_ms, tuning)
    deadline = start + (t.clock_factor * time_ms + t.clock_extra_ms) / 1000
    scores: list[list[float]] = [[] for _ in legal]
    for side, points in sampled_points(k, legal, weights, rng, samples):
        sign = 1.0 if side[k.me] else -1.0
        for j, pts in enumerate(points):
            score = (1.0 if pts >= k.target else -1.0) + t.margin_weight * (pts - k.target) / 60
            scores[j].append(sign * score)
        if time.perf_counter() > deadline:
            break
    return Action.play(Card(legal[_pick(scores, default, tuning)]))


def _pick(scores: list[list[float]], default: int, tuning: ChiamataTuning = CHIAMATA) -> int:
    """The candidate with the best mean score if it beats ``default`` by ``override_z`` standard errors of
    the paired differences (and by ``override_min`` on average), else ``default``."""
    n = len(scores[default])
    means = [sum(x) / n for x in scores]
    best = max(range(len(scores)), key=lambda j: (means[j], j == default))
    if best == default or n < 2:
        return default
    diffs = [a - b for a, b in zip(scores[best], scores[default])]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    if mean > tuning.override_min and mean * mean * n > tuning.override_z * tuning.override_z * var:
        return best
    return default


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
        if s in (me, caller):
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


def medium_play(view: ChiamataView) -> Action:
    """Medium's card."""
    k = Knowledge(view)
    return Action.play(Card(medium_card(k, friend_probabilities(k))))
