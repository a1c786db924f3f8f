"""Sample pictures for the documentation: ``python -m images.samples DIR``; ``python -m images.samples
--legibility`` prints each picture's size and its smallest text as shown at the phone and desktop widths.

The game states come from seeded games played with random legal moves through the engines
(``images.sampling``), so the samples are realistic and the same on every run; each game's picture module names
its positions, finished games and documentation pictures (``GamePictures.samples``). ``sample_pictures``, every
picture kind over positions of every game and mode, is also used by the tests and by ``python -m bot bench``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from PIL import Image

from images.cards import back_image, card_height, card_image, deck_cards
from images.common import (
    DESKTOP_DISPLAY_WIDTH,
    FELT_DARK,
    PHONE_DISPLAY_WIDTH,
    DrawnText,
    SeatInfo,
    png_bytes,
    recording,
)
from images.hand import hand_image
from images.parts import GameSamples, Named
from images.registry import load_all
from images.sampling import SAMPLE_SEATS, find_state, finished, play_until, seats_for
from images.summary import summary_image
from images.table import table_image

__all__ = ["LONG_SEATS", "SAMPLE_SEATS", "card_sheet", "find_state", "finished", "legibility_report", "main",
           "play_until", "sample_pictures", "seats_for", "write_samples"]

log = logging.getLogger(__name__)


def _samples() -> list[GameSamples]:
    """Every registered game's samples, in the games' order."""
    out = []
    for pictures in load_all().values():
        assert pictures.samples is not None  # load_all checks every piece
        out.append(pictures.samples)
    return out


# ----- sheets and samples -----
def card_sheet(faces: str, width: int, per_row: int) -> Image.Image:
    """Every card of a face style in rows of ``per_row``, one suit a row, the back at the end of the first."""
    cards = deck_cards(faces)
    gap = 6
    h = card_height(width)
    rows = -(-len(cards) // per_row)
    img = Image.new("RGB", ((per_row + 1) * (width + gap) + gap, rows * (h + gap) + gap), FELT_DARK)
    for i, c in enumerate(cards):
        sprite = card_image(c, faces, width)
        img.paste(sprite, (gap + (i % per_row) * (width + gap), gap + (i // per_row) * (h + gap)), sprite)
    back = back_image(width)
    img.paste(back, (gap + per_row * (width + gap), gap), back)
    return img


def write_samples(out: Path) -> list[Path]:
    """Write every sample picture into ``out``; return the files written."""
    out.mkdir(parents=True, exist_ok=True)
    files: dict[str, bytes] = {}
    files["cards-italian.png"] = png_bytes(card_sheet("italian", 78, 13))
    files["cards-french.png"] = png_bytes(card_sheet("french", 96, 10))

    for samples in _samples():
        files.update(samples.documented())
    written = []
    for name, data in files.items():
        path = out / name
        path.write_bytes(data)
        written.append(path)
    return written


# ----- every picture kind over positions of every game and mode -----
LONG_SEATS = (
    SeatInfo("Massimiliano Bartolomeo"),
    SeatInfo("AI 2 (easy)", "easy"),
    SeatInfo("\u5c71\u7530\u592a\u90ce", label="Seat 3"),
    SeatInfo("AI 4 (hard)", "hard"),
    SeatInfo("Maria Antonietta Esposito"),
    SeatInfo("AI 6 (medium)", "medium"),
)
"""Hard names: two long ones, one the bundled font cannot draw, numbered AI seats."""


def _positions() -> Named:
    """Named game states: every game, player count and mode that changes a picture."""
    return [named for samples in _samples() for named in samples.positions()]


def _finished_games() -> Named:
    return [named for samples in _samples() for named in samples.finished()]


def sample_pictures(names: str = "sample") -> list[tuple[str, Image.Image, list[DrawnText]]]:
    """Every picture kind (table, each seat's hand, summary) over ``_positions`` and finished games, with the
    texts each drew: (name, picture, texts). ``names``: ``sample`` seats or ``long`` (hard names)."""
    out: list[tuple[str, Image.Image, list[DrawnText]]] = []
    for pos, match in _positions():
        seats = list((SAMPLE_SEATS if names == "sample" else LONG_SEATS)[:match.n])
        with recording() as drawn:
            img = table_image(match.view(None), seats)
        out.append((f"table {pos}", img, drawn))
        for seat in range(match.n):
            view = match.view(seat)
            if not view.hand:
                continue
            with recording() as drawn:
                img = hand_image(view, seats)
            out.append((f"hand {pos} seat {seat + 1}", img, drawn))
    for pos, match in _finished_games():
        seats = list((SAMPLE_SEATS if names == "sample" else LONG_SEATS)[:match.n])
        with recording() as drawn:
            img = summary_image(match.view(None), seats)
        out.append((f"summary {pos}", img, drawn))
    return out


def legibility_report() -> list[str]:
    """One line per picture kind and position: size, and its smallest text and card index as shown on a phone
    and on a desktop (pixels)."""
    lines = [f"{'picture':<40} {'size':>9} {'text phone':>10} {'desktop':>8} {'index phone':>11}"]
    for name, img, drawn in sample_pictures("sample") + [(f"{n} (long names)", i, d)
                                                          for n, i, d in sample_pictures("long")]:
        texts = [d for d in drawn if d.kind == "text"]
        cards = [d for d in drawn if d.kind == "card"]
        phone = min((d.displayed(PHONE_DISPLAY_WIDTH) for d in texts), default=float("nan"))
        desk = min((d.displayed(DESKTOP_DISPLAY_WIDTH) for d in texts), default=float("nan"))
        index = min((d.displayed(PHONE_DISPLAY_WIDTH) for d in cards), default=float("nan"))
        lines.append(f"{name:<40} {img.width:>4}x{img.height:<4} {phone:>10.1f} {desk:>8.1f} {index:>11.1f}")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Write the samples into the folder given on the command line (or print the legibility report)."""
    parser = argparse.ArgumentParser(prog="python -m images.samples", description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, nargs="?", help="the folder to write the PNG files into")
    parser.add_argument("--legibility", action="store_true",
                        help="print each picture's size and smallest text as displayed, instead")
    args = parser.parse_args(argv)
    if args.legibility:
        for line in legibility_report():
            print(line)
        return 0
    if args.out is None:
        parser.error("give the folder to write into, or --legibility")
    for path in write_samples(args.out):
        print(f"{path}  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
