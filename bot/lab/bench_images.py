"""``python -m bot bench --only images``: how long the pictures take to render, and how large they are.

Each picture is rendered from a fixed state (a seeded random game) a few times first, so the card sprites,
the text and the palette are cached as in a running bot; then the median of many renders is reported with
the PNG size.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Callable

from bot.i18n import _

WARM_UP = 5
REPEAT = 60


def _cases() -> list[tuple[str, Callable[[], bytes]]]:
    from images import samples
    from images.games import briscola as briscola_pictures
    from images.games import chiamata as chiamata_pictures
    from images.games import cicera as cicera_pictures
    from images.hand import hand_png
    from images.table import table_png

    b4 = briscola_pictures.mid_trick(4, {"show_points": "on"}, tricks=3, played=3)
    cicera = cicera_pictures.with_table(12)
    chiamata = chiamata_pictures.after_reveal({"show_points": "on"})
    s4, s5 = samples.seats_for(4), samples.seats_for(5)
    b4_public, b4_hand = b4.view(None), b4.view(b4.to_move())
    ci_public, ci_hand = cicera.view(None), cicera.view(cicera.to_move())
    ch_public = chiamata.view(None)
    return [
        ("briscola 4p table", lambda: table_png(b4_public, s4)),
        ("briscola 4p hand", lambda: hand_png(b4_hand, s4)),
        ("cicera table, 12 cards", lambda: table_png(ci_public, s4)),
        ("cicera hand + table", lambda: hand_png(ci_hand, s4)),
        ("chiamata table", lambda: table_png(ch_public, s5)),
        *_sample_cases(),
    ]


HAND_PICKED = ("briscola", "chiamata", "cicera")
"""The games whose cases above were chosen by hand (the figures of docs/PICTURES.md)."""


def _sample_cases() -> list[tuple[str, Callable[[], bytes]]]:
    """Every other registered game's table and hand, from the first of its sample positions."""
    from images import registry, samples
    from images.hand import hand_png
    from images.table import table_png
    from rules.games import names

    cases: list[tuple[str, Callable[[], bytes]]] = []
    for game in names():
        found = registry.for_game(game).samples
        if game in HAND_PICKED or found is None:
            continue
        label, match = found.positions()[0]
        seats = samples.seats_for(match.n)
        public, hand = match.view(None), match.view(match.to_move())
        cases += [(f"{label} table", functools.partial(table_png, public, seats)),
                  (f"{label} hand", functools.partial(hand_png, hand, seats))]
    return cases


def measure(render: Callable[[], bytes], repeat: int = REPEAT) -> tuple[float, int]:
    """(median milliseconds after a warm-up, PNG bytes) of a picture."""
    png = b""
    for _warm in range(WARM_UP):
        png = render()
    times = []
    for _run in range(repeat):
        t0 = time.perf_counter()
        png = render()
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times), len(png)


def report(repeat: int = REPEAT) -> list[str]:
    """One line per picture: its median render time (to PNG bytes) and its size."""
    lines = [f"{_('picture'):<27} {_('median ms'):>10} {_('PNG KB'):>8}"]
    for name, render in _cases():
        ms, size = measure(render, repeat)
        lines.append(f"{name:<27} {ms:>10.2f} {size / 1024:>8.1f}")
    return lines


def main(_args: argparse.Namespace | None = None) -> int:
    """Print the picture benchmark (it has no arguments of its own)."""
    for line in report():
        print(line)
    return 0
