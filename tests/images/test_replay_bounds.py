"""A replay's cost is bounded: it gives up once its deadline has passed, and its frames are held scaled down."""

from __future__ import annotations

import time

import pytest

from images import replay
from rules.records import new_game


def finished_record() -> dict:
    """A 2-player Briscola played to its end by taking the first legal action every turn."""
    m = new_game("briscola", 2, {}, seed=4)
    while not m.is_over():
        seat = m.to_move()
        m.apply(m.view(seat).legal[0], seat)
    return m.record()


def test_a_replay_past_its_deadline_gives_up():
    rec = finished_record()
    with pytest.raises(replay.ReplayTooSlow):
        replay.replay_webp(rec, deadline=time.monotonic() - 1)
    assert replay.replay_webp(rec, deadline=time.monotonic() + 600)[:4] == b"RIFF"


def test_frames_are_held_at_the_scale_they_are_encoded_at():
    rec = finished_record()
    full = replay.replay_frames(rec)
    small = replay.replay_frames(rec, replay.SCALES[0])
    assert len(small) == len(full)
    (w, h), (sw, sh) = full[0].size, small[0].size
    assert abs(sw - w * replay.SCALES[0]) <= 1 and abs(sh - h * replay.SCALES[0]) <= 1
    assert len({f.size for f in small}) == 1
