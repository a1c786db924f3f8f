"""Cicera's learned leaf value, the lab's experiment (``bot.lab.cicera_value``): the features are the same
position seen from the other team with their signs turned, and read no hand."""

from __future__ import annotations

import random

import pytest

import rules.ai.cicera as cai
from bot.lab import cicera_value
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.rules import PLAYERS


def played_round(seed: int, plays: int) -> CiceraRound:
    """A seeded deal after ``plays`` plays of the rollout policy."""
    r = CiceraRound.shuffled(seed % PLAYERS, random.Random(seed))
    cai.playout(r, plays)
    return r


def mirrored(r: CiceraRound) -> CiceraRound:
    """The same position with every seat moved one place on: the two teams swap everything they have."""
    m = r.clone()
    m.hands = [list(r.hands[(s - 1) % PLAYERS]) for s in range(PLAYERS)]
    m.piles = [list(r.piles[1]), list(r.piles[0])]
    m.bonus = [list(r.bonus[1]), list(r.bonus[0])]
    m._to_move = None if r._to_move is None else (r._to_move + 1) % PLAYERS
    m._last_capturer = None if r._last_capturer is None else (r._last_capturer + 1) % PLAYERS
    m._placed_by = None if r._placed_by is None else (r._placed_by + 1) % PLAYERS
    return m


@pytest.mark.parametrize("seed", range(6))
def test_the_features_turn_their_sign_when_the_teams_swap(seed):
    # the model has no constant: a position is worth to one team exactly what it costs the other
    checked = 0
    for plays in (0, 3, 9, 17, 26, 35, 44):
        r = played_round(seed, plays)
        if r.is_over():
            continue
        m = mirrored(r)
        assert cai.estimate(m) == pytest.approx(-cai.estimate(r))
        f, g = cicera_value.features(r, cai.estimate(r)), cicera_value.features(m, cai.estimate(m))
        assert len(f) == len(cicera_value.FEATURES)
        assert g == pytest.approx([-x for x in f]), plays
        checked += 1
    assert checked >= 6


def test_the_features_see_what_the_table_offers_the_seat_to_move_and_read_no_hand():
    # seat 0 (team 0) to move on 5d 2c 3b: one card (an X) would clear it; with a court on it none can
    hands = ["Xc 4b", "Ab", "Ac", "Ad"]
    clear = cicera_value.FEATURES.index("table_clear")
    specials = cicera_value.FEATURES.index("table_specials")
    f = cicera_value.features(CiceraRound.position(hands, "5d 2c 3b", to_move=0), 0.0)
    assert f[clear] == 1.0 and f[specials] == 0.0
    g = cicera_value.features(CiceraRound.position(hands, "5d 2c 3b Fc", to_move=0), 0.0)
    assert g[clear] == 0.0 and g[specials] == 1.0, "the Fc is a special, and a court no sum can clear"
    h = cicera_value.features(CiceraRound.position(hands, "5d 2c 3b", to_move=1), 0.0)
    assert h[clear] == -1.0, "the same table with the other team to move counts against team 0"
    # the hands are guesses in a sampled deal: other hands, the same features
    other = cicera_value.features(CiceraRound.position(["Rb 7s", "2b", "4c", "Cd"], "5d 2c 3b", to_move=0), 0.0)
    assert other == f
