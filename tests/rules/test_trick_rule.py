"""One rule, one place: ``rules.cards.trick_winner`` is the trick-taking rule, and every fast copy used by
the engines and by search is tied to it here over many random tricks."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.ai import tricks as ai_tricks
from rules.cards import POINTS, STRENGTH, beats, deck_40, trick_winner
from rules.tricks import TrickState

DECK = [int(c) for c in deck_40()]

tricks = st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True)
trumps = st.integers(-1, 3)


def by_definition(trick: list[int], trump: int) -> int:
    """The rule as RULES.md says it: the highest trump wins; with no trump, the highest card of the led suit."""
    in_trumps = [i for i, c in enumerate(trick) if c // 13 == trump]
    pool = in_trumps or [i for i, c in enumerate(trick) if c // 13 == trick[0] // 13]
    return max(pool, key=lambda i: STRENGTH[trick[i]])


@settings(max_examples=500, deadline=None)
@given(trick=tricks, trump=trumps)
def test_trick_winner_is_the_rule(trick: list[int], trump: int) -> None:
    assert trick_winner(trick, trump) == by_definition(trick, trump)


@settings(max_examples=500, deadline=None)
@given(trick=tricks, trump=trumps, card=st.sampled_from(DECK))
def test_beats_is_trick_winner_of_two(trick: list[int], trump: int, card: int) -> None:
    best = trick[trick_winner(trick, trump)]
    if card in trick:
        return
    assert beats(card, best, trump) == (trick_winner([*trick, card], trump) == len(trick))
    assert beats(card, best, trump) == (trick_winner([best, card], trump) == 1)


@settings(max_examples=500, deadline=None)
@given(trick=tricks, trump=trumps)
def test_the_search_copies_agree_with_trick_winner(trick: list[int], trump: int) -> None:
    best, best_trump, at_stake = ai_tricks.standing(trick, trump)
    assert best == trick[trick_winner(trick, trump)]
    assert best_trump == (best // 13 == trump) and at_stake == sum(POINTS[c] for c in trick)
    assert ai_tricks.winning_index(trick, trump) == trick_winner(trick, trump)


@settings(max_examples=300, deadline=None)
@given(trick=st.lists(st.sampled_from(DECK), min_size=2, max_size=6, unique=True), trump=trumps,
       leader=st.integers(0, 5))
def test_the_engines_trick_takes_the_rules_winner(trick: list[int], trump: int, leader: int) -> None:
    n = len(trick)
    leader %= n
    hands = [[0] for _ in range(n)]
    for i, c in enumerate(trick):
        hands[(leader + i) % n] = [c]
    state = TrickState.__new__(TrickState)
    state._init_tricks(n, (leader - 1) % n, hands, trump)
    winner = -1
    for c in trick:
        winner = state._play(c)
    assert winner == (leader + trick_winner(trick, trump)) % n
    assert state.captured[winner] == sum(POINTS[c] for c in trick)
