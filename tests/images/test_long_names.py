"""Long names cost no more than short ones: a seat's name is clipped to Discord's display-name limit before any
drawing, so a picture with a 200- or a 100,000-character name takes about the time and memory of one with a
short name (measured against each other in the same run, never against a fixed time)."""

from __future__ import annotations

import itertools
import time
import tracemalloc
from collections.abc import Callable

import pytest

from images.common import SeatInfo
from images.hand import hand_png
from images.replay import replay_webp
from images.summary import summary_png
from images.table import table_png
from rules.records import NAME_LIMIT, clip_name, new_game

TIME_RATIO = 5.0
"""How many times a short name's time a long name's picture may take (before: 30 times at 200 characters)."""
MEMORY_RATIO = 3.0
MEMORY_SLACK = 256 * 1024
"""A long name's picture may use ``MEMORY_RATIO`` times a short name's peak of Python memory and
``MEMORY_SLACK`` bytes more (before: 1 MB at 1,000 characters for a 76 kB picture, gigabytes at 100,000)."""
_unique = itertools.count()


def long_names(length: int) -> list[str]:
    """Names of ``length`` characters: one word, and words with spaces (each call new, so no cache helps)."""
    n = next(_unique)
    return [(f"W{n}x" * length)[:length], (f"Name {n} " * length)[:length]]


def short_name() -> str:
    """A usual name (each call new)."""
    return f"Alice {next(_unique)}"


def seats(name: str, players: int) -> list[SeatInfo]:
    """``name`` in seat 1, short names in the others."""
    return [SeatInfo(name)] + [SeatInfo(f"p{i}") for i in range(1, players)]


def best_time(draw: Callable[[str], bytes], names: Callable[[], str], tries: int = 3) -> float:
    """The shortest of ``tries`` drawings, each with a new name."""
    best = float("inf")
    for _ in range(tries):
        name = names()
        start = time.perf_counter()
        draw(name)
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(draw: Callable[[str], bytes], name: str) -> int:
    """The peak of Python memory (tracemalloc) while drawing with ``name``."""
    tracemalloc.start()
    try:
        draw(name)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def match_over(game: str, players: int):
    """A match played to its end by taking the first legal action every turn."""
    m = new_game(game, players, {}, seed=3)
    while not m.is_over():
        seat = m.to_move()
        m.apply(m.view(seat).legal[0], seat)
    return m


PICTURES: dict[str, Callable[[str], bytes]] = {}


def _pictures() -> dict[str, Callable[[str], bytes]]:
    if not PICTURES:
        live = new_game("briscola", 4, {}, seed=5)
        over = match_over("briscola", 4)
        cicera = new_game("cicera", 4, {}, seed=5)
        PICTURES.update({
            "table": lambda name: table_png(live.view(None), seats(name, 4)),
            "hand": lambda name: hand_png(live.view(0), seats(name, 4)),
            "summary": lambda name: summary_png(over.view(None), seats(name, 4)),
            "cicera table": lambda name: table_png(cicera.view(None), seats(name, 4)),
        })
    return PICTURES


def test_clip_name_keeps_short_names_and_clips_long_ones():
    assert clip_name("Alice") == "Alice"
    assert clip_name("x" * NAME_LIMIT) == "x" * NAME_LIMIT
    clipped = clip_name("y" * 100_000)
    assert len(clipped) == NAME_LIMIT and clipped.endswith("…") and clipped.startswith("y" * 20)
    assert SeatInfo("z" * 5000).name == clip_name("z" * 5000)


@pytest.mark.parametrize("kind", ["table", "hand", "summary", "cicera table"])
def test_a_long_name_costs_about_what_a_short_one_does(kind):
    draw = _pictures()[kind]
    draw(short_name())  # fonts and card art loaded
    short = best_time(draw, short_name)
    short_peak = peak_memory(draw, short_name())
    for length in (200, 1000, 100_000):  # longest last: the shorter ones fail first on a picture that grows
        for variant in range(2):
            spent = best_time(draw, lambda length=length, variant=variant: long_names(length)[variant])
            assert spent <= TIME_RATIO * short + 0.005, (
                f"{kind}: a {length}-character name took {spent:.3f} s, a short one {short:.3f} s")
            peak = peak_memory(draw, long_names(length)[variant])
            assert peak <= MEMORY_RATIO * short_peak + MEMORY_SLACK, (
                f"{kind}: a {length}-character name peaked at {peak} B, a short one at {short_peak} B")


def test_a_replay_with_a_long_seat_name():
    record = match_over("briscola", 2).record()

    def draw(name: str) -> bytes:
        rec = dict(record, seats=[{"name": name, "ai": None}, {"name": "Bea", "ai": None}])
        return replay_webp(rec)

    draw(short_name())
    short = best_time(draw, short_name, tries=2)
    short_peak = peak_memory(draw, short_name())
    for length in (200, 100_000):  # the shorter first: it fails first where a picture grows with the name
        spent = best_time(draw, lambda length=length: long_names(length)[0], tries=2)
        assert spent <= TIME_RATIO * short, f"a {length}-character name took {spent:.2f} s, a short one {short:.2f} s"
        peak = peak_memory(draw, long_names(length)[0])
        assert peak <= MEMORY_RATIO * short_peak + MEMORY_SLACK, (
            f"a {length}-character name peaked at {peak} B, a short one at {short_peak} B")
