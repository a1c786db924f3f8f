"""How Tressette's AI reads the signals of 4 players (``rules.ai.tressette.signals``): a ``busso`` names the card
the leader kept while it is not played (not whatever card is the suit's master later), a ``striscio`` says the
leader kept two or more cards of the suit; ``medium`` and ``hard``'s samples both read them. And the signals
``hard`` gives are true."""

from __future__ import annotations

import random

import rules.ai.tressette  # noqa: F401  (registers Tressette's AI)
from rules.ai import choose
from rules.ai.tressette.levels import Knowledge, is_master, played_cards
from rules.ai.tressette.search import sample
from rules.cards import Card
from rules.games.tressette.engine import SPEC
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.rules import SIGNALS
from rules.games.tressette.view import TressetteView


def position(hands: list[str], history: list[tuple[int, str, int, str | None]], leader: int,
             trick: str = "") -> TressetteView:
    """The view of the seat to move: ``hands`` as they are now, ``history`` the completed tricks as (leader,
    cards in play order, winner, the lead's signal or ``None``), ``trick`` the cards played to this one from
    ``leader``."""
    match = SPEC.new_match(4, {"match": "single", "signals": "on"}, 1)
    rnd = TressetteRound.position(hands, leader=leader, trick=trick, options=match.options)
    for i, (lead, cards, winner, signal) in enumerate(history):
        played = tuple(Card.parse(c) for c in cards.split())
        rnd.history.append((lead, played, winner))
        if signal is not None:
            rnd.signals.append((i, lead, played[0], SIGNALS.index(signal) + 1))
    match.round = rnd
    seat = match.to_move()
    assert seat is not None
    view = match.view(seat)
    assert isinstance(view, TressetteView)
    return view


# Seat 2 led 4b with busso, keeping the 3b (the Bastoni's master); seat 0 took the trick with the Cb
KNOCK = (2, "4b 5b Cb 6b", 0, "busso")
BASTONI_2 = Card.parse("2b")
BASTONI_3 = Card.parse("3b")


def holders(view: TressetteView, card: Card, samples: int = 60) -> set[int]:
    """The seats that ``hard``'s samples of the hidden cards give ``card`` to."""
    k = Knowledge(view)
    out: set[int] = set()
    for i in range(samples):
        world = sample(view, k, random.Random(i))
        assert world is not None
        out.update(s for s, hand in enumerate(world.hands) if int(card) in hand)
    return out


def test_a_busso_names_the_card_the_leader_kept_while_it_is_not_played() -> None:
    # seat 0 leads the second trick: the 3b is still in seat 2's hand
    kept = position(["Rb 7s 5c 6c 4d 5d 6d 7d 2c", "7b 5s Fd Cd 4c Rd Ac Fc 2b", "3b Fs Ad 6s 7c Rc Cc 3c 4s",
                     "Ab Cs 2d 3d Fb Rs As 3s 2s"], [KNOCK], leader=0)
    assert kept.seat == 0 and kept.signals[0].signal == "busso"
    assert Knowledge(kept).reading[2].held == {int(BASTONI_3)}
    assert holders(kept, BASTONI_3) == {2}, "every sample gives the knocker the card it knocked for"
    assert Knowledge(kept).holds_any(2, [int(BASTONI_3)]) >= 0.9
    # seat 2 has played its 3b since, on seat 0's Rb, and seat 3 took the next trick: the 2b is the Bastoni's
    # master now, and nothing says who holds it
    spent = position(["5c 6c 4d 5d 6d 7d 2c", "Fd Cd 4c Rd Ac Fc 2b", "Ad 6s 7c Rc Cc 3c 4s",
                      "2d 3d Fb Rs As 3s 2s"],
                     [KNOCK, (0, "Rb 7b 3b Ab", 2, None), (2, "Fs Cs 7s 5s", 3, None)], leader=3)
    assert spent.seat == 3
    assert is_master(int(BASTONI_2), played_cards(spent) | {int(c) for c in spent.hand})
    assert not Knowledge(spent).reading[2].held
    assert len(holders(spent, BASTONI_2)) > 1, "the 2b is not given to the knocker in every sample"
    assert Knowledge(spent).holds_any(2, [int(BASTONI_2)]) < 0.9


def coppe_counts(view: TressetteView, seat: int, samples: int = 60) -> set[int]:
    """How many Coppe ``hard``'s samples give ``seat``."""
    k = Knowledge(view)
    out = set()
    for i in range(samples):
        world = sample(view, k, random.Random(i))
        assert world is not None
        out.add(sum(1 for c in world.hands[seat] if c // 13 == Card.parse("Ac").suit_index))
    return out


def test_a_striscio_says_the_leader_kept_two_cards_or_more_of_the_suit() -> None:
    # seat 2 led 4c with striscio, keeping 7c and Cc; seat 0 took the trick with the Rc and leads
    slide = (2, "4c 5c Rc 6c", 0, "striscio")
    after = position(["3b 7s 5d 6d 7d 2d Ab Fb 3s", "7b 5s Fd Cd Rd Ac 2b 4b 5b", "7c Cc Fs Ad 6s 4s Cb 6b 4d",
                      "Cs 3d Rs As 2s 2c 3c Fc Rb"], [slide], leader=0)
    assert Knowledge(after).reading[2].at_least == {Card.parse("4c").suit_index: 2}
    assert min(coppe_counts(after, 2)) >= 2, "two Coppe or more in every sample"
    # seat 2 has played one of them since (its 7c under seat 3's 2c): one at least is left, and the only Coppe
    # seat 3 does not see (Cc) is in seat 2's hand in every sample (seat 0 showed it has none)
    later = position(["3b 7s 6d 7d 2d Ab Fb", "7b 5s Cd Rd 2b 4b 5b", "Cc Fs Ad 6s 4s Cb 6b",
                      "Cs Rs As 2s 3c Fc Rb"],
                     [slide, (0, "5d Fd 4d 3d", 3, None), (3, "2c 3s Ac 7c", 3, None)], leader=3)
    assert later.seat == 3
    assert holders(later, Card.parse("Cc")) == {2}


def signal_is_true(view: TressetteView, action) -> bool:
    """Whether the signal of a lead says the truth of the leader's hand: ``busso``, it keeps the suit's master
    behind a card that is not one; ``volo``, the card is its last of the suit; ``striscio``, it keeps two or more
    (written out here, not taken from ``lead_signal``, which the AI uses)."""
    assert action.card is not None and not view.trick
    suit = [c for c in view.hand if c.suit == action.card.suit and c != action.card]
    gone = played_cards(view) | {int(c) for c in view.hand}
    return {"busso": any(is_master(int(c), gone) for c in suit) and not is_master(int(action.card), gone),
            "volo": not suit, "striscio": len(suit) >= 2}[action.signal]


def test_hard_signals_only_what_is_true_and_its_partner_reads_it() -> None:
    signalled = 0
    for seed in (11, 12):
        match = SPEC.new_match(4, {"match": "single", "signals": "on"}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_move()
            assert seat is not None
            view = match.view(seat)
            action = choose("hard", view, rng, 20)
            if action.signal is not None:
                signalled += 1
                assert signal_is_true(view, action)
            match.apply(action, seat)
            partner = match.view((seat + 2) % 4)
            reading = Knowledge(partner).reading[seat]  # what the partner now reads of this seat's hand
            hand = {int(c) for c in match.round.hands[seat]}
            assert reading.held <= hand
            for suit_index, count in (reading.at_least | reading.exactly).items():
                held = sum(1 for c in hand if c // 13 == suit_index)
                assert held >= count if suit_index in reading.at_least else held == count
    assert signalled > 0
