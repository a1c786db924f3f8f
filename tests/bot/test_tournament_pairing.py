"""Tournament pairing and standings: Swiss groups without repeated meetings when they can be avoided, byes that
rotate, tables of 2 to 6, sides balanced by rating, knockout brackets of 2 to 33 entrants, the tie-breaks."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.tournaments.pairing import (
    Entrant,
    balanced_sides,
    bracket,
    knockout_round,
    next_pairs,
    seed_order,
    swiss,
)
from bot.tournaments.standings import DRAW, LOSS, WIN, standings, table_outcomes


def repeat_free_partition_exists(ids: list[int], size: int, met: dict[int, set[int]]) -> bool:
    """Brute force: can ``ids`` be cut into groups of ``size`` where nobody already met?"""
    if not ids:
        return True
    first, rest = ids[0], ids[1:]
    for others in itertools.combinations(rest, size - 1):
        group = (first, *others)
        if any(b in met[a] for a, b in itertools.combinations(group, 2)):
            continue
        if repeat_free_partition_exists([i for i in rest if i not in others], size, met):
            return True
    return False


def play_swiss(n: int, size: int, rounds: int, rng: random.Random, *, ai_fill: bool = False):
    """Rounds of a Swiss event with random results; yields each round with the entrants it was paired from."""
    points = dict.fromkeys(range(n), 0.0)
    met: dict[int, set[int]] = {i: set() for i in range(n)}
    byes = dict.fromkeys(range(n), 0)
    ratings = {i: rng.randint(1200, 1800) for i in range(n)}
    for _ in range(rounds):
        entrants = [Entrant(i, points[i], ratings[i], frozenset(met[i]), byes[i]) for i in range(n)]
        paired = swiss(entrants, size, ai_fill=ai_fill)
        yield entrants, paired
        for table in paired.tables:
            for a, b in itertools.combinations(table, 2):
                met[a].add(b)
                met[b].add(a)
            points[rng.choice(table)] += 1
        for e in paired.byes:
            points[e] += 1
            byes[e] += 1


@pytest.mark.parametrize("size", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("n", [7, 12, 13, 25])
def test_every_entrant_is_seated_once_or_has_a_bye_at_tables_of_the_size(n, size):
    for _entrants, paired in play_swiss(n, size, 3, random.Random(n * 10 + size)):
        seated = [e for table in paired.tables for e in table]
        assert sorted(seated + list(paired.byes)) == list(range(n))
        assert all(len(table) == size for table in paired.tables)
        assert len(paired.byes) == n % size
        assert paired.ai_seats == 0


@settings(max_examples=60, deadline=None)
@given(n=st.integers(4, 9), size=st.sampled_from([2, 3]), seed=st.integers(0, 10_000))
def test_nobody_meets_again_while_a_round_without_it_exists(n, size, seed):
    for entrants, paired in play_swiss(n, size, 4, random.Random(seed)):
        met = {e.id: set(e.met) for e in entrants}
        repeats = sum(1 for table in paired.tables for a, b in itertools.combinations(table, 2) if b in met[a])
        seated = sorted(e for table in paired.tables for e in table)
        if repeat_free_partition_exists(seated, size, met):
            assert repeats == 0, (paired, met)


def test_the_leaders_meet_each_other_first():
    entrants = [Entrant(i, points=float(10 - i), rating=1500) for i in range(8)]
    assert swiss(entrants, 2).tables == ((0, 1), (2, 3), (4, 5), (6, 7))
    assert swiss(entrants, 4).tables[0] == (0, 1, 2, 3)


def test_byes_rotate_to_the_lowest_placed_without_one():
    rounds = list(play_swiss(5, 2, 5, random.Random(3)))
    given_byes = [paired.byes[0] for _entrants, paired in rounds]
    assert len(set(given_byes)) == 5, given_byes
    first_entrants, first = rounds[0]
    lowest = min(first_entrants, key=lambda e: (e.points, e.rating, -e.id))
    assert first.byes == (lowest.id,)


def test_a_bye_goes_to_someone_who_has_had_fewer_even_if_placed_higher():
    entrants = [Entrant(0, 3, 1500), Entrant(1, 2, 1500), Entrant(2, 0, 1500, byes=1)]
    assert swiss(entrants, 2).byes == (1,)


def test_with_ai_seats_nobody_sits_out_and_the_last_table_is_filled():
    entrants = [Entrant(i, points=float(9 - i)) for i in range(9)]
    paired = swiss(entrants, 4, ai_fill=True)
    assert paired.byes == ()
    assert paired.tables[-1] == (8,)
    assert paired.ai_seats == 3
    assert [len(t) for t in paired.tables[:-1]] == [4, 4]


def test_the_same_entrants_in_any_order_give_the_same_round():
    rng = random.Random(5)
    entrants = [Entrant(i, rng.choice([0, 1, 2]), rng.randint(1300, 1700), frozenset({(i + 1) % 11}))
                for i in range(11)]
    shuffled = entrants[:]
    rng.shuffle(shuffled)
    assert swiss(entrants, 2) == swiss(shuffled, 2)
    assert bracket(entrants) == bracket(shuffled)


def test_partners_are_balanced_by_rating():
    group = [Entrant(1, rating=1800), Entrant(2, rating=1600), Entrant(3, rating=1500), Entrant(4, rating=1300)]
    seats = balanced_sides(group, ((0, 2), (1, 3)))
    assert {seats[0], seats[2]} == {1, 4}
    assert {seats[1], seats[3]} == {2, 3}
    six = [Entrant(i, rating=r) for i, r in enumerate([1900, 1700, 1600, 1500, 1400, 1100])]
    seats6 = balanced_sides(six, ((0, 2, 4), (1, 3, 5)))
    totals = [sum(six[seats6[s]].rating for s in side) for side in ((0, 2, 4), (1, 3, 5))]
    assert totals[0] == totals[1]  # 1900 + 1600 + 1100 against 1700 + 1500 + 1400
    assert seats6[0] == 0


def test_a_team_round_seats_partners_from_the_same_group():
    entrants = [Entrant(i, points=float(8 - i), rating=1500 + 10 * i) for i in range(8)]
    paired = swiss(entrants, 4, sides=((0, 2), (1, 3)))
    assert [sorted(t) for t in paired.tables] == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_seed_order_keeps_the_top_two_apart_until_the_final():
    for size in (2, 4, 8, 16, 32, 64):
        order = seed_order(size)
        assert sorted(order) == list(range(1, size + 1))
        half = size // 2
        assert 1 in order[:half] and 2 in order[half:]
        assert all(a + b == size + 1 for a, b in zip(order[::2], order[1::2], strict=True))


@pytest.mark.parametrize("n", range(2, 34))
def test_a_knockout_bracket_of_every_size_plays_down_to_one_winner(n):
    entrants = [Entrant(i, rating=2000 - 10 * i) for i in range(n)]
    pairs = bracket(entrants)
    size = 2 * len(pairs)
    assert size >= n > size // 2
    first = knockout_round(pairs)
    assert sorted([e for t in first.tables for e in t] + list(first.byes)) == list(range(n))
    assert sorted(first.byes) == list(range(size - n))  # the byes go to the top seeds
    rounds = 1
    while len(pairs) > 1:
        advancing = [min(a, b) if b is not None else a for a, b in pairs]  # the higher seed wins
        pairs = next_pairs(advancing)
        rounds += 1
    assert rounds == max(1, (size - 1).bit_length())
    final = pairs[0]
    assert final == (0, 1)  # the two top seeds meet in the final


def test_too_few_entrants_are_refused():
    with pytest.raises(ValueError, match="at least two"):
        swiss([Entrant(1)], 2)
    with pytest.raises(ValueError, match="at least two"):
        bracket([Entrant(1)])


def test_table_outcomes_give_win_draw_and_loss_and_the_difference():
    won = table_outcomes(((1, 3), (2, 4)), (70, 50), winners=(1, 3))
    by = {o.entrant: o for o in won}
    assert by[1].points == WIN and by[2].points == LOSS
    assert by[1].opponents == (2, 4) and by[1].difference == 20 and by[4].difference == -20
    drawn = table_outcomes(((1,), (2,)), (60, 60), winners=())
    assert {o.points for o in drawn} == {DRAW}


def test_standings_rank_by_points_then_opponents_points():
    outcomes = [
        *table_outcomes(((1,), (2,)), (80, 40), (1,)),
        *table_outcomes(((3,), (4,)), (61, 59), (3,)),
        *table_outcomes(((1,), (3,)), (50, 70), (3,)),
        *table_outcomes(((2,), (4,)), (90, 30), (2,)),
    ]
    rows = standings([1, 2, 3, 4, 5], outcomes, byes=[5, 5])
    by = {r.entrant: r for r in rows}
    assert (by[3].points, by[5].points, by[5].byes, by[5].played) == (2, 2, 2, 0)
    assert (by[3].opponents_points, by[5].opponents_points) == (1, 0)
    assert (by[1].opponents_points, by[2].opponents_points) == (3, 1)
    assert [r.entrant for r in rows] == [3, 5, 1, 2, 4]
    assert [r.place for r in rows] == [1, 2, 3, 4, 5]


def test_standings_then_rank_by_game_point_difference_and_share_equal_places():
    outcomes = [
        *table_outcomes(((1,), (2,)), (80, 40), (1,)),
        *table_outcomes(((3,), (4,)), (61, 59), (3,)),
        *table_outcomes(((5,), (6,)), (60, 60), ()),
    ]
    rows = standings([6, 5, 4, 3, 2, 1], outcomes)
    assert [(r.entrant, r.difference) for r in rows] == [(1, 40), (3, 2), (5, 0), (6, 0), (4, -2), (2, -40)]
    assert [r.place for r in rows] == [1, 2, 3, 3, 5, 6]
