"""Replays: an animated WebP of a finished game, made from its record (``rules.records``).

What is shown: the public table only, as any spectator saw it, moment by moment. The hands are not drawn:
once a game is over its cards are no secret, but the table picture is the one players know from the game,
and every card of a hand appears on the table in turn anyway.

The frames, per round of the record (a record of several rounds makes one animation of the whole match, or
of its last rounds when it has more than ``MAX_FRAMES`` frames):

- the deal: the table as the round starts;
- the game's own frames (``GamePictures.replay_frame``): a trick-taking game's completed tricks, all their
  cards on the table before they are taken; a fishing game's turns (a capture or a placing), the table after
  each with the last capture;
- the end: the round's summary picture (with the match standings, and the winners after the last round).

Frames of different sizes are drawn in the middle of one canvas of the largest size. ``replay_webp`` scales
the frames down until the file is under ``MAX_BYTES`` (well under Discord's 8 MB upload limit).

What a replay costs is bounded: at most ``MAX_FRAMES`` frames, each scaled down to the first of ``SCALES`` as
soon as it is drawn (only one full-size picture at a time is held), and ``replay_webp`` gives up with
``ReplayTooSlow`` once its ``deadline`` has passed (checked between frames and between encodings).
"""

from __future__ import annotations

import io
import time
from collections.abc import Sequence
from typing import Any

from PIL import Image

from images.common import FELT_DARK, SeatInfo, label
from images.parts import FrameKind, ReplayStep
from images.registry import for_game
from images.summary import summary_image
from images.table import table_image
from rules.actions import Action
from rules.engine import Match
from rules.records import check_header, replay_record
from rules.view import GameView

FRAME_MS = 1200
"""How long each frame shows (milliseconds)."""
LAST_FRAME_MS = 4000
"""How long the last frame (the final summary) shows."""
MAX_BYTES = 6 * 1024 * 1024
"""The largest animation ``replay_webp`` returns; Discord accepts up to 8 MB."""
SCALES = (0.75, 0.6, 0.5, 0.4, 0.3)
"""Frame scales tried in turn, largest first, until the file is under ``MAX_BYTES``."""
MAX_FRAMES = 120
"""The most frames of a replay: a longer match is shown from the first round after which its last rounds
fit (the frames are held in memory while the file is encoded)."""
QUALITY = 70
METHOD = 1
"""WebP encoder effort (0-6): 1 encodes faster than the default 4, for a somewhat larger file."""
"""Lossy WebP quality of the frames."""


class ReplayTooLarge(ValueError):
    """Even the smallest scale makes a file over ``MAX_BYTES``."""


class ReplayTooSlow(ValueError):
    """The replay was not done by its deadline (``time.monotonic``)."""


def _in_time(deadline: float | None) -> None:
    """Raise ``ReplayTooSlow`` once ``deadline`` has passed."""
    if deadline is not None and time.monotonic() > deadline:
        raise ReplayTooSlow("the replay took longer than its time")


def record_seats(record: dict[str, Any], players: int) -> list[SeatInfo] | None:
    """The seats of a record as the pictures name them: an AI seat by its number (``AI 3``, the name the
    table's messages gave it), a person by name (an unnamed seat by its number); ``None`` without seats."""
    seats = record.get("seats")
    if not isinstance(seats, list):
        return None
    return [SeatInfo(label("ai_seat", n=i + 1) if s.get("ai") else str(s.get("name") or f"Seat {i + 1}"),
                     s.get("ai")) for i, s in enumerate(seats[:players])]


__all__ = ["FrameKind", "ReplayTooLarge", "ReplayTooSlow", "encode_webp", "record_seats", "replay_frames",
           "replay_views", "replay_webp"]


def replay_views(record: object) -> list[tuple[FrameKind, GameView]]:
    """The public views of the frames of ``record`` (see the module docstring) in order, each with its kind;
    an ``end`` is the view right after its round, whose ``last_result`` is that round's. Raises
    ``ReplayError`` for a record that does not replay."""
    replay_record(record)  # checks the whole record first: the loop below may trust it
    cls, players = check_header(record)
    assert isinstance(record, dict)
    rounds: list[dict[str, Any]] = record["rounds"]
    match: Match = cls(players, record.get("options") or {}, record.get("seed", 0),
                       first_dealer=rounds[0].get("dealer"), deals=lambda i, _dealer: rounds[i]["deal"])
    views: list[tuple[FrameKind, GameView]] = []
    frame_of = for_game(match.game).replay_frame
    assert frame_of is not None  # for_game checks every piece
    for r in rounds:
        views.append(("deal", match.view(None)))
        for entry in r["actions"]:
            action = Action.from_json(entry)
            if action is None:
                continue
            seat = match.to_move()
            assert seat is not None
            rnd = match.round
            before = match.view(None)
            done = rnd.tricks_done()
            match.apply(action, seat)
            frame = frame_of(ReplayStep(match, rnd, before, seat, action, done))
            if frame is not None:
                views.append(frame)
        views.append(("end", match.view(None)))
    return _last_rounds(views)


def _last_rounds(views: list[tuple[FrameKind, GameView]]) -> list[tuple[FrameKind, GameView]]:
    """``views`` from the first round from which at most ``MAX_FRAMES`` remain (the last round always)."""
    starts = [i for i, (kind, _v) in enumerate(views) if kind == "deal"]
    for start in starts:
        if len(views) - start <= MAX_FRAMES:
            return views[start:]
    return views[starts[-1]:]


def _frame(kind: FrameKind, view: GameView, seats: Sequence[SeatInfo] | None) -> Image.Image:
    return summary_image(view, seats) if kind == "end" else table_image(view, seats)


def _scaled(picture: Image.Image, scale: float) -> Image.Image:
    """``picture`` in RGB, scaled by ``scale``."""
    rgb = picture.convert("RGB")
    if scale == 1.0:
        return rgb
    size = (max(1, round(rgb.width * scale)), max(1, round(rgb.height * scale)))
    return rgb.resize(size, Image.Resampling.LANCZOS)


def replay_frames(record: object, scale: float = 1.0, deadline: float | None = None) -> list[Image.Image]:
    """The frames of the replay of ``record`` (RGB, one size), each scaled by ``scale`` as soon as it is
    drawn: the deal, the game's frames (each trick, or each turn) and the summary, round after round. Raises
    ``ReplayError`` for a bad record, ``ReplayTooSlow`` once ``deadline`` has passed."""
    views = replay_views(record)
    assert isinstance(record, dict)
    seats = record_seats(record, views[0][1].players)
    frames = []
    for kind, v in views:
        _in_time(deadline)
        frames.append(_scaled(_frame(kind, v, seats), scale))
    width = max(p.width for p in frames)
    height = max(p.height for p in frames)
    for i, p in enumerate(frames):
        if p.size != (width, height):
            canvas = Image.new("RGB", (width, height), FELT_DARK)
            canvas.paste(p, ((width - p.width) // 2, (height - p.height) // 2))
            frames[i] = canvas
    return frames


def encode_webp(frames: Sequence[Image.Image], scale: float = 1.0) -> bytes:
    """``frames`` as an animated WebP (looping), each ``FRAME_MS`` long and the last ``LAST_FRAME_MS``,
    scaled by ``scale``."""
    if scale != 1.0:
        size = (max(1, round(frames[0].width * scale)), max(1, round(frames[0].height * scale)))
        frames = [f.resize(size, Image.Resampling.LANCZOS) for f in frames]
    durations = [FRAME_MS] * (len(frames) - 1) + [LAST_FRAME_MS]
    out = io.BytesIO()
    frames[0].save(out, format="WEBP", save_all=True, append_images=list(frames[1:]), duration=durations,
                   loop=0, quality=QUALITY, method=METHOD)
    return out.getvalue()


def replay_webp(record: object, max_bytes: int = MAX_BYTES, deadline: float | None = None) -> bytes:
    """The replay of ``record`` as an animated WebP under ``max_bytes``: the frames of ``replay_frames``
    at the largest of ``SCALES`` that fits (drawn at the first, scaled down from it for the others). Raises
    ``ReplayError`` for a bad record, ``ReplayTooLarge`` when even the smallest scale does not fit,
    ``ReplayTooSlow`` once ``deadline`` (``time.monotonic``) has passed."""
    frames = replay_frames(record, SCALES[0], deadline)
    for scale in SCALES:
        _in_time(deadline)
        data = encode_webp(frames, scale / SCALES[0])
        if len(data) <= max_bytes:
            return data
    raise ReplayTooLarge(f"the replay is over {max_bytes} bytes even at scale {SCALES[-1]}")
