"""Cards: text form, points, trick strength, decks and French labels, checked against RULES.md."""

from __future__ import annotations

import pytest

from rules.cards import Card, deck_36, deck_39, deck_40, deck_52, trick_winner
from rules.games.briscola.rules import deck_for

ALL_TEXT = [r + s for s in "dcsb" for r in "A23456789XFCR"]
BRISCOLA_RANKS = "A234567FCR"
"""The ranks of the 40-card deck (no 8, 9, X)."""


def texts(cs) -> set[str]:
    return {str(c) for c in cs}


def test_parse_and_str_round_trip_for_all_52_cards():
    parsed = [Card.parse(t) for t in ALL_TEXT]
    assert [str(c) for c in parsed] == ALL_TEXT
    assert len(set(parsed)) == 52
    for t, c in zip(ALL_TEXT, parsed):
        assert c.rank == t[0] and c.suit == t[1]
        assert Card.parse(str(c)) == c


@pytest.mark.parametrize(
    ("rank", "points"), [("A", 11), ("3", 10), ("R", 4), ("C", 3), ("F", 2), ("7", 0), ("6", 0), ("5", 0),
                         ("4", 0), ("2", 0)]
)
def test_points_of_each_rank(rank, points):
    for suit in "dcsb":
        assert Card.parse(rank + suit).points == points


def test_points_sum_to_120_over_the_40_card_deck_and_the_3p_6p_decks():
    assert sum(c.points for c in deck_40()) == 120
    assert sum(c.points for c in deck_39()) == 120  # the 2c is worth nothing
    assert sum(c.points for c in deck_36()) == 120  # the 2s are worth nothing


def test_trick_strength_order_is_a_3_r_c_f_7_6_5_4_2():
    for suit in "dcsb":
        ordered = sorted((Card.parse(r + suit) for r in BRISCOLA_RANKS), key=lambda c: c.strength, reverse=True)
        assert "".join(c.rank for c in ordered) == "A3RCF76542"
        strengths = [c.strength for c in ordered]
        assert len(set(strengths)) == 10  # strictly ordered, no ties


@pytest.mark.parametrize("higher,lower", [("A", "3"), ("3", "R"), ("R", "C"), ("C", "F"), ("F", "7"), ("7", "6"),
                                          ("6", "5"), ("5", "4"), ("4", "2"), ("3", "F"), ("A", "R")])
def test_trick_winner_same_suit_each_adjacent_pair(higher, lower):
    trump = "dcsb".index("b")
    # either play order: the higher card of the led suit wins
    assert trick_winner([Card.parse(higher + "d"), Card.parse(lower + "d")], trump) == 0
    assert trick_winner([Card.parse(lower + "d"), Card.parse(higher + "d")], trump) == 1


@pytest.mark.parametrize(
    ("played", "trump", "winner"),
    [
        (["2d", "Ac"], "b", 0),  # off-suit second card loses to the lead
        (["Ad", "2b"], "b", 1),  # a trump beats a higher non-trump lead
        (["Cb", "3b"], "b", 1),  # trump on trump: the higher trump
        (["3b", "Cb"], "b", 0),
        (["2b", "Ad"], "b", 0),  # a trump lead beats a higher non-trump
        (["4d", "Ac", "5d", "As"], "b", 2),  # led suit against two other suits
        (["4d", "2b", "Ad", "5b"], "b", 3),  # two trumps: the higher one
        (["Rs", "3s", "As", "Cs", "Fs", "7s"], "b", 2),
        (["Rs", "3s", "As", "Cs", "Fs", "2s"], "s", 2),  # every card a trump
    ],
)
def test_trick_winner_function(played, trump, winner):
    assert trick_winner([Card.parse(t) for t in played], "dcsb".index(trump)) == winner


def test_deck_sizes():
    assert len(deck_40()) == 40
    assert len(deck_39()) == 39
    assert len(deck_36()) == 36
    assert len(deck_52()) == 52
    assert [len(deck_for(n)) for n in (2, 3, 4, 6)] == [40, 39, 40, 36]


def test_deck_contents():
    forty = {r + s for s in "dcsb" for r in BRISCOLA_RANKS}
    assert texts(deck_52()) == set(ALL_TEXT)
    assert texts(deck_40()) == forty
    assert not any(str(c)[0] in "89X" for c in deck_40())
    assert texts(deck_39()) == forty - {"2c"}
    assert texts(deck_36()) == forty - {"2d", "2c", "2s", "2b"}
    assert texts(deck_for(2)) == texts(deck_for(4)) == forty
    assert texts(deck_for(3)) == forty - {"2c"}
    assert texts(deck_for(6)) == forty - {"2d", "2c", "2s", "2b"}
    for deck in (deck_40(), deck_39(), deck_36(), deck_52()):
        assert len(set(deck)) == len(deck)


@pytest.mark.parametrize(
    ("text", "mentions"),
    [("", "''"), ("A", "'A'"), ("Ad3", "Ad3"), ("1d", "1"), ("Zd", "Z"), ("Ax", "x"), ("10d", "10d"),
     ("dA", "d"), (None, "None"), (7, "7")],
)
def test_bad_card_text_raises_value_error_with_a_message(text, mentions):
    with pytest.raises(ValueError) as err:
        Card.parse(text)
    message = str(err.value)
    assert len(message) > 10
    assert mentions.lower() in message.lower()


@pytest.mark.parametrize(
    ("text", "french"),
    [("Rb", "K♣"), ("Cc", "Q♥"), ("Fd", "J♦"), ("As", "A♠"), ("7b", "7♣"), ("Xd", "10♦"), ("2c", "2♥"),
     ("3s", "3♠")],
)
def test_french_labels(text, french):
    assert Card.parse(text).french() == french
