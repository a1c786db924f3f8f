"""Replays: the animation's frames follow the record (count and order), and the file is an animated WebP
within Discord's limit for the longest game of each mode."""

from __future__ import annotations

import io
import random
from functools import cache
from typing import Any

import pytest
from PIL import Image

from images import replay
from rules.ai import choose
from rules.cards import Card
from rules.games import spec
from rules.records import ReplayError, new_game

DISCORD_LIMIT = 8 * 1024 * 1024


@cache
def ai_record(game: str, players: int, match: str = "single", seed: int = 7) -> dict[str, Any]:
    """A finished game of seeded random AI players, as its record."""
    m = new_game(game, players, {"match": match}, seed=seed)
    rng = random.Random(seed)
    while not m.is_over():
        seat = m.to_move()
        m.apply(choose("random", m.view(seat), rng), seat)
    return m.record()


def plays_of(rnd: dict[str, Any]) -> list[tuple[int, str]]:
    """The record's card plays of one round: (seat, card)."""
    return [(e["seat"], e["play"]) for e in rnd["actions"] if "play" in e]


def expected_kinds(rec: dict[str, Any]) -> list[str]:
    """Counted from the record itself: per round the deal, a trick per ``players`` plays (Cicera: a turn per
    play), the end."""
    kinds: list[str] = []
    for rnd in rec["rounds"]:
        plays = len(plays_of(rnd))
        steps = ["turn"] * plays if not spec(rec["game"]).has_tricks else ["trick"] * (plays // rec["players"])
        kinds += ["deal", *steps, "end"]
    return kinds


@pytest.mark.parametrize(("game", "players", "match"), [
    ("briscola", 2, "short"), ("briscola", 6, "single"), ("chiamata", 5, "short"), ("cicera", 4, "single"),
    ("scopa", 3, "single"), ("scopone", 4, "single"), ("tressette", 2, "single"), ("tressette", 4, "single"),
])
def test_frames_follow_the_record(game: str, players: int, match: str) -> None:
    rec = ai_record(game, players, match)
    views = replay.replay_views(rec)
    assert [kind for kind, _v in views] == expected_kinds(rec)
    # order: the frames show the record's plays, trick by trick (Cicera: turn by turn)
    plays = [p for rnd in rec["rounds"] for p in plays_of(rnd)]
    if not spec(game).has_tricks:
        shown = [v.history[-1][:2] for kind, v in views if kind == "turn"]  # type: ignore[attr-defined]
        assert shown == [(seat, Card.parse(card)) for seat, card in plays]
    else:
        shown = [pair for kind, v in views if kind == "trick" for pair in v.trick]  # type: ignore[attr-defined]
        assert shown == [(seat, Card.parse(card)) for seat, card in plays]
    assert all(v.seat is None for _kind, v in views), "only public views are drawn"


def test_every_frame_has_one_size() -> None:
    frames = replay.replay_frames(ai_record("briscola", 4))
    assert len(frames) == len(expected_kinds(ai_record("briscola", 4)))
    assert len({f.size for f in frames}) == 1


@pytest.mark.parametrize(("game", "players", "match"), [
    ("cicera", 4, "single"), ("briscola", 6, "single"), ("briscola", 2, "short"), ("chiamata", 5, "short"),
    ("scopa", 2, "single"), ("tressette", 4, "single"),
])
def test_the_webp_is_animated_and_small_enough(game: str, players: int, match: str) -> None:
    rec = ai_record(game, players, match)
    data = replay.replay_webp(rec)
    assert len(data) < DISCORD_LIMIT
    img = Image.open(io.BytesIO(data))
    assert img.format == "WEBP"
    assert img.is_animated
    assert img.n_frames == len(expected_kinds(rec))


def test_a_long_match_keeps_its_last_rounds(monkeypatch: pytest.MonkeyPatch) -> None:
    rec = ai_record("briscola", 2, "short")
    assert len(rec["rounds"]) > 1
    per_round = len(expected_kinds(rec)) // len(rec["rounds"])
    monkeypatch.setattr(replay, "MAX_FRAMES", per_round + 1)
    kinds = [kind for kind, _v in replay.replay_views(rec)]
    assert kinds == expected_kinds({**rec, "rounds": rec["rounds"][-1:]})


def test_a_bad_record_is_refused() -> None:
    rec = ai_record("briscola", 2)
    broken = {**rec, "rounds": [{**rec["rounds"][0], "actions": rec["rounds"][0]["actions"][:-1]}]}
    with pytest.raises(ReplayError):
        replay.replay_webp(broken)
