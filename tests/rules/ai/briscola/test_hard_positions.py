"""Hand-made 2-player Briscola positions with one clearly right move, which ``hard`` (the learned search,
``rules.ai.briscola.learned``) must find for several seeds. Every position is in the middle game
(more than ``solved_cards_2p`` cards left), so the network path decides, not the exact endgame solver.

The last two positions need inference: the opponent's latest play (a low card thrown on a trick full of
points) says it probably holds no trump, and ``deal_weight`` makes the sampled deals say so too. With the
deal weights ignored (every sampled deal counting the same) the same position gets another move.

Card notation: rank A 2 3 4 5 6 7 F C R, suit d c s b (denari, coppe, spade, bastoni)."""

from __future__ import annotations

import random

import pytest

from rules.actions import Action
from rules.ai import choose
from rules.ai.briscola import learned as briscola_learned
from rules.ai.briscola import search as briscola
from rules.ai.briscola.tuning import BRISCOLA
from rules.games.briscola.engine import Briscola
from rules.games.briscola.view import BriscolaView
from tests.rules.ai.briscola.test_briscola_ai import deal_with

AGENT = "hard"
"""The agent under test: the level ``hard``, which plays the learned search in 2-player Briscola."""
TIME_MS = 200
SEEDS = (0, 1, 2)


def position(hands: list[str], face_up: str, plays: list[tuple[int, str]], stock_first: list[str] = ()) -> BriscolaView:
    """The view of the seat to move after ``plays`` ((seat, card), in order) from a deal where seat 0 holds
    ``hands[0]`` and seat 1 ``hands[1]``; seat 1 leads the first trick (seat 0 deals)."""
    d = deal_with(2, hands, face_up, stock_first)
    m = Briscola(2, {}, 0, first_dealer=0, deals=lambda _i, _d: d)
    for seat, card in plays:
        m.apply(Action.parse(f"play {card}"), seat)
    view = m.view(m.to_move())
    remaining = sum(view.hand_sizes) + view.stock_count + (0 if view.briscola is None else 1)
    assert remaining > BRISCOLA.solved_cards_2p, "a middle-game position: the network decides, not the solver"
    return view


def moves(view: BriscolaView, seeds: tuple[int, ...] = SEEDS) -> list[str]:
    return [str(choose(AGENT, view, random.Random(seed), TIME_MS)) for seed in seeds]


# ----- plain card play -----
def test_leads_a_blank_card_rather_than_a_plain_ace_or_three():
    # trump coppe (Rc face up); seat 1 leads the first trick with Ad, 3s and 4b. The ace and the three of a
    # plain suit are 21 points the opponent takes with any trump it holds (the playout search led them early and
    # got them trumped); the blank 4b risks nothing.
    view = position(["5d 6s 7b", "Ad 3s 4b"], "Rc", [])
    assert moves(view) == ["play 4b"] * 3


def test_takes_a_led_three_with_the_cheapest_trump():
    # trump coppe; seat 1 leads the three of spade (10 points). Seat 0 has no spade: the 4d gives the 10
    # points away, the ace of trumps wins them too but spends the best card of the game on a trick the blank
    # 5c wins as well.
    view = position(["Ac 5c 4d", "3s 6s 7b"], "Rc", [(1, "3s")])
    assert moves(view) == ["play 5c"] * 3


def test_does_not_spend_the_ace_or_three_of_trumps_on_an_empty_trick():
    # trump coppe; seat 1 leads the blank 4s (0 points). Taking it with Ac or 3c wins nothing and spends a
    # top trump (Ac is worth 11 and wins any trick later); the blank 5b loses nothing.
    view = position(["Ac 3c 5b", "4s 6s 7b"], "Rc", [(1, "4s")])
    assert moves(view) == ["play 5b"] * 3


def test_loads_a_three_that_wins_the_trick():
    # trump coppe; seat 1 leads the blank 4d. Seat 0 plays second, so the 3d (beaten only by the ace of denari,
    # which is not on the table) wins the trick for sure and takes its own 10 points home; the 2c trump would
    # win an empty trick, the 5b would give it away.
    view = position(["2c 3d 5b", "4d 6s 7b"], "Rc", [(1, "4d")])
    assert moves(view) == ["play 3d"] * 3


# ----- inference: the opponent's discard on a trick full of points -----
def ignore_deal_weights(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every sampled deal weighs 1: the search no longer reads the opponent's hand from its latest play (its
    style read is kept), neither by ``deal_weight`` nor by the move policy. The wrapped ``deal_weight`` still
    runs, so a seed samples the very same deals."""
    original = briscola.deal_weight

    def flat(*args, **kwargs):
        _weight, styles = original(*args, **kwargs)
        return 1.0, styles

    monkeypatch.setattr(briscola, "deal_weight", flat)
    monkeypatch.setattr(briscola_learned, "policy_weights", lambda _view, deals, _share: deals)


def trump_share(view: BriscolaView, seed: int) -> float:
    """The weighted share of the learned search's deals in which the opponent holds a trump (``search_plan``'s,
    weighted by the move policy as the search weighs them)."""
    trump = int(view.face_up) // 13
    deals = briscola.search_plan(view, random.Random(seed), TIME_MS).deals
    deals = briscola_learned.policy_weights(view, deals, briscola_learned.LEARNED.policy_share)
    opponent = 1 - view.seat
    total = sum(w for _h, _s, w in deals)
    return sum(w for hands, _s, w in deals if any(c // 13 == trump for c in hands[opponent])) / total


INFERENCE = {
    # trump bastoni (4b face up). Seat 1 led the ace of coppe (11 points) and seat 0 threw the blank 4d
    # instead of taking the trick with a trump: it probably had none. Seat 1 drew As, seat 0 a card, and
    # seat 1 leads again with Cs, 4s, As. The ace of spade cannot be beaten in its suit, so only a trump takes
    # it: against an opponent who just showed it has (probably) none, lead it now and bank 11 points. Without
    # that evidence the search keeps the ace back and leads a cheaper spade: the blank 4s, as in the first
    # test, or the knight (3 points), which the third-generation value leads there on every seed.
    "lead the plain ace": (["4d 7c Fd", "Ac Cs 4s"], "4b", [(1, "Ac"), (0, "4d")], ["As", "6b"],
                           "play As", ("play 4s", "play Cs")),
    # trump denari (Cd face up). Seat 1 led the three of spade (10 points); seat 0 threw the blank 2b instead
    # of trumping it. Seat 1 drew As and leads with Ad, 2d, As: with the opponent probably out of trumps the
    # ace of spade is safe to lead (the 3s is gone, no spade beats it); without the evidence the search
    # leads the blank trump 2d, keeping the ace back.
    "lead the ace after the three": (["2b Ac Fc", "3s Ad 2d"], "Cd", [(1, "3s"), (0, "2b")], ["As", "Cs"],
                                     "play As", ("play 2d",)),
}


@pytest.mark.parametrize("name", INFERENCE)
def test_a_discard_on_points_reads_as_no_trump(name, monkeypatch):
    hands, face_up, plays, stock_first, with_evidence, without = INFERENCE[name]
    view = position(hands, face_up, plays, stock_first)
    assert view.seat == 1 and not view.trick, "seat 1 won the first trick and leads the second"
    assert moves(view) == [with_evidence] * 3
    with_shares = [trump_share(view, seed) for seed in SEEDS]
    ignore_deal_weights(monkeypatch)
    # the same deals (same seeds), weighed alike: the opponent holds a trump in clearly more of them
    without_shares = [trump_share(view, seed) for seed in SEEDS]
    for w, wo in zip(with_shares, without_shares):
        assert w < wo - 0.1, (with_shares, without_shares)
    without_moves = moves(view)
    assert all(m in without for m in without_moves), ("the move depends on the inference", without_moves)
