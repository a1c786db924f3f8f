"""Chiamata AI players (rules/ai/chiamata.py): legal and reproducible choices, no peeking at hidden cards,
positions with one clearly right move, and the exact greedy rules of docs/AI.md."""

from __future__ import annotations

import copy
import functools
import random

import pytest

from rules.actions import Action
from rules.ai import chiamata as ai
from rules.ai import tricks
from rules.ai.chiamata.tuning import ChiamataTuning
from rules.cards import POINTS, Card, cards, deck_40
from rules.games.chiamata.engine import Chiamata

LEVELS = ("greedy", "medium", "hard")
MODES = {
    "rank": {"bidding": "rank"},
    "points": {"bidding": "points"},
    "rank-kitty": {"bidding": "rank", "kitty": "on"},
    "points-kitty": {"bidding": "points", "kitty": "on"},
}
TIME_MS = 20
"""Hard's budget in tests: small, the search is the same."""
DECK = [str(c) for c in deck_40()]
REAL_CHOOSE = ai.choose


NO_CLOCK = ChiamataTuning(clock_extra_ms=10**7)
"""Hard's search plans a fixed amount of work; with this configuration the clock never cuts it, so a busy
machine cannot change a choice."""


@pytest.fixture(autouse=True)
def no_clock(monkeypatch):
    """Every ``ai.choose`` of these tests passes ``NO_CLOCK`` to the search."""
    monkeypatch.setattr(ai, "choose", functools.partial(REAL_CHOOSE, tuning=NO_CLOCK))


def agent_rng(seed, seat: int) -> random.Random:
    return random.Random(f"{seed}:{seat}")


def play_match(m: Chiamata, levels, seed) -> list[tuple[int, Action]]:
    """Play ``m`` to the end, seat s played by ``levels[s]``; every choice must be one of ``view.legal``."""
    rngs = [agent_rng(seed, s) for s in range(5)]
    taken = []
    while not m.is_over():
        seat = m.to_move()
        view = m.view(seat)
        action = ai.choose(levels[seat], view, rngs[seat], TIME_MS)
        assert action in view.legal, (levels[seat], view.phase, action)
        taken.append((seat, action))
        m.apply(action, seat)
    return taken


def deal_of(fixed: dict[int, str], kitty: str = "", size: int = 8) -> dict:
    """A record-form deal: ``fixed`` cards per seat, the rest of the deck dealt in deck order."""
    hands = {s: fixed.get(s, "").split() for s in range(5)}
    kit = kitty.split()
    used = [c for h in hands.values() for c in h] + kit
    assert len(used) == len(set(used)) and set(used) <= set(DECK)
    rest = [c for c in DECK if c not in used]
    for s in range(5):
        while len(hands[s]) < size:
            hands[s].append(rest.pop(0))
    while len(kit) < (5 if size == 7 else 0):
        kit.append(rest.pop(0))
    return {"hands": [hands[s] for s in range(5)], "stock": [], "briscola": None, "table": [], "kitty": kit}


def scripted(deal: dict, options: dict | None = None) -> Chiamata:
    """A single-round match dealt from ``deal``; dealer 4, so seat 0 bids and leads first."""
    return Chiamata(5, options or {}, seed=0, first_dealer=4, deals=lambda _i, _d: copy.deepcopy(deal))


def apply_all(m: Chiamata, texts: str) -> None:
    """Apply actions written as text, separated by ``;``, each by the seat to move."""
    for t in texts.split(";"):
        m.apply(Action.parse(t.strip()), m.to_move())


# ----- legal and reproducible -----
@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("seed", range(3))
def test_every_level_takes_only_legal_actions(mode, seed):
    levels = [LEVELS[(s + seed) % 3] for s in range(5)]
    m = Chiamata(5, {**MODES[mode], "match": "short"} if seed == 0 else MODES[mode], seed=100 + seed)
    taken = play_match(m, levels, seed)
    assert m.is_over() and len(taken) > 40
    assert {a.kind for _, a in taken} >= {"play", "call"}


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["rank", "points-kitty"])
def test_each_level_alone_at_the_table_plays_legal_rounds(level, mode):
    m = Chiamata(5, MODES[mode], seed=7)
    play_match(m, [level] * 5, 7)
    assert m.result() is not None


@pytest.mark.parametrize("mode", ["rank", "points", "rank-kitty"])
def test_same_seed_same_choices(mode):
    levels = ["hard", "medium", "greedy", "hard", "medium"]
    runs = []
    for _ in range(2):
        m = Chiamata(5, MODES[mode], seed=21)
        runs.append(play_match(m, levels, 5))
    assert runs[0] == runs[1]


# ----- no agent sees hidden cards -----
def snapshots(options: dict, seed: int):
    """Matches of one round stopped at several points: (match, the actions taken, the deal)."""
    m = Chiamata(5, options, seed=seed)
    deal = copy.deepcopy(m.rounds[0]["deal"])
    rngs = [agent_rng(seed, s) for s in range(5)]
    taken: list[tuple[int, Action]] = []
    stops = {1, 9, 20, 31}
    while not m.is_over() and len(m.rounds) == 1:
        if len(taken) in stops:
            yield m, list(taken), deal
        seat = m.to_move()
        a = ai.choose("medium", m.view(seat), rngs[seat], TIME_MS)
        taken.append((seat, a))
        m.apply(a, seat)


def swap_hidden(m: Chiamata, seat: int, deal: dict) -> dict | None:
    """The same deal with one unplayed card swapped between two other seats' hands (``None`` if impossible)."""
    r = m.round
    others = [s for s in range(5) if s != seat]
    for i, x in enumerate(others):
        for y in others[i + 1:]:
            hx = [c for c in deal["hands"][x] if Card_in(r.hands[x], c)]
            hy = [c for c in deal["hands"][y] if Card_in(r.hands[y], c)]
            if hx and hy:
                new = copy.deepcopy(deal)
                a, b = hx[0], hy[-1]
                new["hands"][x][new["hands"][x].index(a)] = b
                new["hands"][y][new["hands"][y].index(b)] = a
                return new
    return None


def Card_in(hand, text: str) -> bool:  # noqa: N802 - reads like the card it checks
    return any(str(Card(c)) == text for c in hand)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("mode", ["rank", "points", "rank-kitty"])
def test_choice_depends_only_on_the_view(level, mode):
    checked = 0
    for seed in (3, 4):
        for m, taken, deal in snapshots(MODES[mode], seed):
            seat = m.to_move()
            other_deal = swap_hidden(m, seat, deal)
            if other_deal is None:
                continue
            twin = Chiamata(5, MODES[mode], seed=seed, deals=lambda _i, _d, d=other_deal: copy.deepcopy(d))
            for s, a in taken:
                twin.apply(a, s)
            assert twin.round.hands != m.round.hands  # the hidden part differs...
            view = m.view(seat)
            assert twin.view(seat) == view  # ...and the view does not
            if len(view.legal) < 2:
                continue
            a1 = ai.choose(level, view, random.Random(9), TIME_MS)
            a2 = ai.choose(level, twin.view(seat), random.Random(9), TIME_MS)
            assert a1 == a2
            checked += 1
    assert checked >= 4


# ----- positions with one clearly right move -----
def partner_position() -> Chiamata:
    """Seat 0 bid 2 and called the 2 of spades (trump), held by seat 4. Seat 0 leads the ace of coins; the
    others throw small coins; seat 4, last to play, holds the called 2s, the 3 of cups and small cards."""
    deal = deal_of({0: "Ad Rb Cb Fb 7c 6c 7s 6s", 1: "4d", 2: "5d", 3: "6d", 4: "2s 3c 4b 5b 6b 7b 4c 5c"})
    m = scripted(deal)
    apply_all(m, "bid 2; pass; pass; pass; pass; call 2s; play Ad; play 4d; play 5d; play 6d")
    return m


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_partner_loads_points_on_the_callers_trick_instead_of_overtaking(level):
    m = partner_position()
    view = m.view(4)
    assert view.i_am_partner and view.to_move == 4
    assert ai.choose(level, view, random.Random(1), TIME_MS) == Action.play("3c")


def test_greedy_overtakes_its_partner_in_the_same_position():
    # greedy's rule: the cheapest card that wins the trick; here the 2 of trumps
    view = partner_position().view(4)
    assert ai.choose("greedy", view, random.Random(1), TIME_MS) == Action.play("2s")


def rich_trick_position() -> Chiamata:
    """Seat 0 bid A and called the ace of spades (seat 2 holds it). Seat 0 leads the ace of coins and the
    others pile a king, a three and a knight of coins on it: 28 points. Seat 4, last, has two small trumps."""
    deal = deal_of({0: "Ad 7c 6c 5c Fb Cb Rb 7s", 1: "Rd", 2: "As 3d", 3: "Cd",
                    4: "2s 4s 4c 6b 7b 4b 5b 2b"})
    m = scripted(deal)
    apply_all(m, "bid A; pass; pass; pass; pass; call As; play Ad; play Rd; play 3d; play Cd")
    return m


@pytest.mark.parametrize("level", LEVELS)
def test_take_a_trick_full_of_points_with_a_cheap_trump(level):
    view = rich_trick_position().view(4)
    assert view.caller == 0 and not view.i_am_partner
    a = ai.choose(level, view, random.Random(2), TIME_MS)
    assert a.card in cards("2s 4s")


STRONG = "As 3s Rs Cs Fs Ad 3d Ac"
WEAK = "2c 4c 5d 6d 4b 5b 6s 7b"


@pytest.mark.parametrize("level", ["medium", "hard"])
@pytest.mark.parametrize("bidding", ["rank", "points"])
def test_strong_hand_bids_and_weak_hand_passes(level, bidding):
    for hand, bids in ((STRONG, True), (WEAK, False)):
        m = scripted(deal_of({0: hand}), {"bidding": bidding})
        view = m.view(0)
        a = ai.choose(level, view, random.Random(3), TIME_MS)
        assert (a.kind == "bid") == bids, (hand, a)


def test_medium_calls_the_highest_trump_it_does_not_hold():
    # seat 0 holds the ace and three of spades: after bidding R it calls the king of its long suit
    m = scripted(deal_of({0: "As 3s Cs Fs 7s Ad 4c 5b"}))
    apply_all(m, "bid R; pass; pass; pass; pass")
    assert ai.choose("medium", m.view(0), random.Random(0), TIME_MS) == Action.call("Rs")


def test_medium_loads_the_kitty_discard_with_points_and_keeps_trumps():
    deal = deal_of({0: "As 3s Rs Cs 7s 2d 4d"}, kitty="Ac 3b Rb 5c 6c", size=7)
    m = scripted(deal, {"kitty": "on"})
    apply_all(m, "bid A; pass; pass; pass; pass; trump s")
    a = ai.choose("medium", m.view(0), random.Random(0), TIME_MS)
    # the ace, three and king go face down (safe points); then the weakest point-free cards
    assert a.kind == "discard" and set(a.cards) == set(cards("Ac 3b Rb 2d 4d"))


# ----- greedy's exact rules (docs/AI.md) -----
def test_greedy_strength_and_limits():
    assert ai.greedy_strength(cards(STRONG)) == 2 * 3 + 2 * 2 + 5
    assert ai.greedy_strength(cards(WEAK)) == 3  # no ace, no three, three batons
    assert ai.greedy_rank_limit(7) == -1 and ai.greedy_rank_limit(8) == 0 and ai.greedy_rank_limit(30) == 9
    assert ai.greedy_points_limit(7) == 0 and ai.greedy_points_limit(8) == 61 and ai.greedy_points_limit(10) == 67


def test_greedy_bids_the_next_rank_only_within_its_limit():
    # strength 2*1 + 2*1 + 4 = 8: bids A, but passes over a standing A (3 needs strength 9)
    hand = "Ad 3d 7d 6d 4c 5c 6b 7s"
    m = scripted(deal_of({0: hand}))
    assert ai.choose("greedy", m.view(0), random.Random(0)) == Action.make_bid("A")
    m = scripted(deal_of({1: hand}))
    apply_all(m, "bid A")
    assert ai.choose("greedy", m.view(1), random.Random(0)) == Action.pass_()


def test_greedy_calls_the_bid_rank_in_its_longest_suit_without_it():
    # longest suit spades holds the ace, so the ace is called in the next longest suit (coins)
    m = scripted(deal_of({0: "As 3s 7s 6s 3d 5d 4d 2c"}))
    apply_all(m, "bid A; pass; pass; pass; pass")
    assert ai.choose("greedy", m.view(0), random.Random(0)) == Action.call("Ad")


def test_greedy_kitty_declares_longest_suit_and_discards_the_cheapest_non_trumps():
    deal = deal_of({0: "As 3s 7s 6s 3d 5d Rc"}, kitty="Ac 2b 4b Fd Cc", size=7)
    m = scripted(deal, {"kitty": "on"})
    apply_all(m, "bid A; pass; pass; pass; pass")
    assert ai.choose("greedy", m.view(0), random.Random(0)) == Action.declare_trump("s")
    apply_all(m, "trump s")
    a = ai.choose("greedy", m.view(0), random.Random(0))
    assert set(a.cards) == set(cards("2b 4b 5d Fd Cc"))


# ----- the playout keeps the trick as cards come: the same plays as reading it again at every card -----
def reference_playout(hands, trick, leader, trump, side, partner=-1, called=-1) -> tuple[int, list[int]]:
    """``ai.playout``'s policy written the plain way (``heuristic_card`` on the whole trick at every card):
    the caller side's points and the cards in the order played."""
    pts, order = 0, []
    turn = (leader + len(trick)) % 5
    hidden = called >= 0
    while hands[turn]:
        hand = hands[turn]
        if trick:
            wi = tricks.winning_index(trick, trump)
            friend = (not hidden or turn == partner) and side[(leader + wi) % 5] == side[turn]
            later = [(turn + i) % 5 for i in range(1, 5 - len(trick))]
            safe = not any(tricks.beats(x, trick[wi], trump) for s in later if side[s] != side[turn] for x in hands[s])
            c = tricks.heuristic_card(hand, trick, trump, friend, safe)
        else:
            c = tricks.heuristic_card(hand, trick, trump)
        hidden = hidden and c != called
        hand.remove(c)
        order.append(c)
        trick = trick + [c]
        if len(trick) == 5:
            w = (leader + tricks.winning_index(trick, trump)) % 5
            pts += sum(POINTS[x] for x in trick) if side[w] else 0
            trick, leader, turn = [], w, w
        else:
            turn = (turn + 1) % 5
    return pts, order


class Logged(list):
    """A hand that writes each card taken from it to ``log`` (the order of the playout's plays)."""

    def __init__(self, cards, log):
        super().__init__(cards)
        self.log = log

    def remove(self, c):
        self.log.append(c)
        super().remove(c)


def test_playout_plays_as_the_plain_policy_from_positions_of_real_rounds():
    positions = finished = 0
    for seed in range(100):
        m = Chiamata(5, {}, seed=seed)
        rngs = [agent_rng(seed, s) for s in range(5)]
        while not m.is_over():
            seat = m.to_move()
            view = m.view(seat)
            if view.phase == "play":
                k = ai.Knowledge(view)
                rnd = m.round
                hands = [[int(c) for c in rnd.hands[s]] for s in range(5)]
                partner = next((s for s in range(5) if k.called in hands[s] and s != k.caller), -1)
                side = [s in (k.caller, partner) for s in range(5)]
                called = -1 if k.called in k.played else k.called
                log: list[int] = []
                ours = [Logged(h, log) for h in hands]
                got = ai.playout(ours, k.trick[:], k.leader, k.trump, side, partner, called)
                want, order = reference_playout([h[:] for h in hands], k.trick[:], k.leader, k.trump, side,
                                                partner, called)
                assert (got, log) == (want, order), (seed, view.tricks, view.trick)
                assert not any(ours) and len(order) == sum(map(len, hands))
                positions += 1
                finished += not view.tricks
            m.apply(ai.choose("medium" if seat % 2 else "greedy", view, rngs[seat], TIME_MS), seat)
    assert positions > 3000 and finished > 300


# ----- sampling reads the auction: a seat that bid held a hand worth a call -----
