"""``rules.ai.review.why``: a hint's line of why says what the action really does, checked against the engine
(the trick's winner and points, Cicera's capture and its bonuses) over seeded games of every mode."""

from __future__ import annotations

import random

import pytest

from rules.ai import choose
from rules.ai.review import why
from rules.cards import POINTS
from rules.records import new_game


@pytest.mark.parametrize("game,players", [("briscola", 2), ("briscola", 4), ("briscola", 6), ("chiamata", 5)])
def test_why_says_who_wins_the_trick_and_its_points(game, players):
    seen = set()
    for seed in range(6):
        match = new_game(game, players, {}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_move()
            view = match.view(seat)
            action = choose("medium", view, rng)
            if action.kind == "play" and getattr(view, "phase", "play") == "play":
                key, fields = why(view, action)
                seen.add(key)
                last = len(view.trick) == players - 1
                trick_points = sum(POINTS[int(c)] for _s, c in view.trick) + POINTS[int(action.card)]
                match.apply(action, seat)
                done = match.view(None).tricks if last else ()
                if not view.trick:
                    assert key in ("lead", "lead_trump") and fields.get("points", 0) == POINTS[int(action.card)]
                elif key in ("take", "trump", "take_so_far", "trump_so_far"):
                    assert fields["points"] == trick_points
                    assert key.endswith("_so_far") != last, "the last card takes the trick, the others win it so far"
                    if done:  # the trick is complete: the engine agrees it is this seat's
                        assert done[-1][2] == seat
                else:
                    assert key in ("duck", "load") and fields["points"] == POINTS[int(action.card)]
                    if done:
                        assert done[-1][2] != seat
                continue
            match.apply(action, seat)
    assert {"lead", "take", "duck"} <= seen


@pytest.mark.parametrize("kitty", ["off", "on"])
def test_why_of_a_chiamata_call_says_partner_or_alone(kitty):
    seen = set()
    for seed in range(12):
        match = new_game("chiamata", 5, {"kitty": kitty}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over() and getattr(match.view(None), "phase", "") != "play":
            seat = match.to_move()
            view = match.view(seat)
            if view.phase == "call":
                own = set(view.hand) | set(view.discards)
                for action in view.legal:
                    key, fields = why(view, action)
                    assert (key, fields) == (("call_alone", {}) if action.card in own else ("call", {}))
                    seen.add(key)
            match.apply(choose("medium", view, rng), seat)
    assert seen == {"call", "call_alone"}


def test_why_names_the_cicera_capture_and_its_bonuses():
    seen = set()
    for seed in range(4):
        match = new_game("cicera", 4, {}, seed=seed)
        rng = random.Random(seed)
        while not match.is_over():
            seat = match.to_move()
            view = match.view(seat)
            action = choose("medium", view, rng)
            key, fields = why(view, action)
            rnd = match.round
            match.apply(action, seat)
            if action.take:
                assert key == "capture" and fields["n"] == len(action.take)
                if rnd is match.round:  # (the deal's last play starts the next deal)
                    assert tuple(fields["bonuses"]) == rnd.last_capture.bonuses
                    seen.update(fields["bonuses"])
            else:
                assert key == "place" and not fields
    assert {"scua", "simili"} <= seen
