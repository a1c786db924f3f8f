"""Sample pictures for the documentation: ``python -m images.samples DIR``; ``python -m images.samples
--legibility`` prints each picture's size and its smallest text as shown at the phone and desktop widths.

The game states come from seeded games played with random legal moves through the engines, so the samples
are realistic and the same on every run. The helpers here (``play_until``, the ready-made states and
``sample_pictures``, every picture kind over positions of every game and mode) are also used by the tests
and by ``python -m bot bench``.
"""

from __future__ import annotations

import argparse
import logging
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

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
from images.hand import hand_image, hand_png
from images.summary import summary_image, summary_png
from images.table import table_image, table_png
from rules.actions import Action
from rules.briscola import BriscolaView
from rules.chiamata import ChiamataView
from rules.cicera import CiceraView
from rules.engine import Match
from rules.games import spec
from rules.records import new_game
from rules.view import GameView

V = TypeVar("V", bound=GameView)

log = logging.getLogger(__name__)

SAMPLE_SEATS = (
    SeatInfo("Giulia"),
    SeatInfo("Bruno", "hard"),
    SeatInfo("Chiara Bellini"),
    SeatInfo("Dario", "medium"),
    SeatInfo("Niccolò"),
    SeatInfo("Fede", "easy"),
)
"""Names for the sample tables (seat 1, 3 and 5 are AI players)."""


def seats_for(players: int) -> list[SeatInfo]:
    """The sample seats of a table of ``players``."""
    return list(SAMPLE_SEATS[:players])


def _choose(match: Match, rng: random.Random, place_bias: float) -> Action:
    """A random legal action: in the Chiamata auction a pass half the time (so the auction ends as at a real
    table); in Cicera a placement ``place_bias`` of the time (so cards gather on the table)."""
    actions = match.legal_actions()
    game = spec(match.game)
    if game.has_bidding and match.view(None).phase == "auction" and rng.random() < 0.5:
        passes = [a for a in actions if a.kind == "pass"]
        if passes:
            return passes[0]
    if not game.has_tricks and rng.random() < place_bias:
        places = [a for a in actions if not a.take]
        if places:
            return rng.choice(places)
    return rng.choice(actions)


def play_until(game: str, players: int, options: dict[str, Any] | None, seed: int, stop: Callable[[Match], bool],
               place_bias: float = 0.0, max_actions: int = 5000) -> Match | None:
    """Play a seeded game with random legal moves until ``stop(match)`` holds; ``None`` if it never does."""
    match = new_game(game, players, options or {}, seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        if stop(match):
            return match
        if match.is_over():
            return None
        match.apply(_choose(match, rng, place_bias), match.to_move())
    return None


def find_state(game: str, players: int, options: dict[str, Any] | None, stop: Callable[[Match], bool],
               place_bias: float = 0.0, first_seed: int = 1, tries: int = 200) -> Match:
    """The first seeded game (seeds ``first_seed``...) that reaches a state where ``stop`` holds."""
    for seed in range(first_seed, first_seed + tries):
        match = play_until(game, players, options, seed, stop, place_bias)
        if match is not None:
            return match
    raise RuntimeError(f"no {game} game reached the wanted state in {tries} seeds")


def _public(match: Match, kind: type[V]) -> V:
    """The match's public view, as the view type of its game."""
    view = match.view(None)
    if not isinstance(view, kind):
        raise TypeError(f"a {match.game} view is not a {kind.__name__}")
    return view


# ----- ready-made states -----
def briscola_mid_trick(players: int, options: dict[str, Any] | None = None, tricks: int = 2, played: int = 1) -> Match:
    """Briscola after ``tricks`` tricks, with ``played`` cards of the current trick on the table."""
    return find_state("briscola", players, options,
                      lambda m: len(_public(m, BriscolaView).tricks) == tricks
                      and len(_public(m, BriscolaView).trick) == played)


def chiamata_auction(bids: int = 3) -> Match:
    """Chiamata during the auction, after ``bids`` bids or passes."""
    def stop(m: Match) -> bool:
        v = _public(m, ChiamataView)
        return v.phase == "auction" and len(v.auction) == bids
    return find_state("chiamata", 5, {}, stop)


def chiamata_after_call() -> Match:
    """Chiamata after the call, in the first trick, the partner still secret."""
    return find_state("chiamata", 5, {}, lambda m: _public(m, ChiamataView).phase == "play"
                      and _public(m, ChiamataView).partner is None and len(_public(m, ChiamataView).trick) == 2)


def chiamata_after_reveal(options: dict[str, Any] | None = None) -> Match:
    """Chiamata after the called card was played (the partner is known), in the middle of a trick."""
    def stop(m: Match) -> bool:
        v = _public(m, ChiamataView)
        return v.partner is not None and v.partner != v.caller and len(v.trick) == 2 and len(v.tricks) >= 3
    return find_state("chiamata", 5, options, stop)


def cicera_with_table(cards: int = 12) -> Match:
    """Cicera with ``cards`` cards on the table, after a capture that scored a bonus."""
    def stop(m: Match) -> bool:
        v = _public(m, CiceraView)
        return len(v.table) == cards and v.last_capture is not None and bool(v.last_capture.bonuses)
    return find_state("cicera", 4, {}, stop, place_bias=0.75)


def finished(game: str, players: int, options: dict[str, Any] | None = None, seed: int = 4) -> Match:
    """A whole seeded game played out."""
    match = play_until(game, players, options, seed, lambda m: m.is_over())
    assert match is not None
    return match


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

    b4 = briscola_mid_trick(4, {"show_points": "on"}, tricks=3, played=3)
    files["table-briscola-4p.png"] = table_png(b4.view(None), seats_for(4))
    files["hand-briscola-4p.png"] = hand_png(b4.view(b4.to_move()), seats_for(4))
    b6 = briscola_mid_trick(6, {}, tricks=2, played=4)
    files["table-briscola-6p.png"] = table_png(b6.view(None), seats_for(6))
    b2 = briscola_mid_trick(2, {"open": "on", "faces": "french"}, tricks=4, played=1)
    files["table-briscola-2p-open-french.png"] = table_png(b2.view(None), seats_for(2))
    b3 = briscola_mid_trick(3, {}, tricks=1, played=2)
    files["table-briscola-3p.png"] = table_png(b3.view(None), seats_for(3))

    auction = chiamata_auction(3)
    files["table-chiamata-auction.png"] = table_png(auction.view(None), seats_for(5))
    reveal = chiamata_after_reveal({"show_points": "on"})
    files["table-chiamata-revealed.png"] = table_png(reveal.view(None), seats_for(5))
    partner = reveal.round.partner  # type: ignore[attr-defined]
    files["hand-chiamata-partner.png"] = hand_png(reveal.view(partner), seats_for(5))

    cicera = cicera_with_table(12)
    files["table-cicera.png"] = table_png(cicera.view(None), seats_for(4))
    files["hand-cicera.png"] = hand_png(cicera.view(cicera.to_move()), seats_for(4))

    files["summary-briscola.png"] = summary_png(finished("briscola", 4, {"match": "short"}).view(None), seats_for(4))
    files["summary-chiamata.png"] = summary_png(finished("chiamata", 5).view(None), seats_for(5))
    files["summary-cicera.png"] = summary_png(finished("cicera", 4).view(None), seats_for(4))
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


def _positions() -> list[tuple[str, Match]]:
    """Named game states: every game, player count and mode that changes a picture."""
    out: list[tuple[str, Match]] = []
    for n in (2, 3, 4, 6):
        out.append((f"briscola-{n}p", briscola_mid_trick(n, {"show_points": "on"}, tricks=2, played=1)))
        out.append((f"briscola-{n}p-full-trick", briscola_mid_trick(n, {}, tricks=1, played=n - 1)))
        out.append((f"briscola-{n}p-open", briscola_mid_trick(n, {"open": "on"}, tricks=2, played=1)))
        out.append((f"briscola-{n}p-late", briscola_mid_trick(n, {"faces": "french"}, tricks=40 // n - 2,
                                                              played=1)))
    out.append(("briscola-4p-partner-hand", briscola_mid_trick(4, {"partner_hand": "on"}, tricks=40 // 4 - 2,
                                                               played=1)))
    out.append(("chiamata-auction", chiamata_auction(3)))
    out.append(("chiamata-called", chiamata_after_call()))
    out.append(("chiamata-revealed", chiamata_after_reveal({"show_points": "on"})))
    out.append(("chiamata-kitty", find_state("chiamata", 5, {"kitty": "on"},
                                             lambda m: m.view(None).phase == "discard")))
    out.append(("chiamata-8-cards", find_state("chiamata", 5, {}, lambda m: m.view(None).phase == "play"
                                               and not _public(m, ChiamataView).tricks)))
    out.append(("cicera-12", cicera_with_table(12)))
    out.append(("cicera-start", find_state("cicera", 4, {}, lambda m: len(_public(m, CiceraView).table) == 4)))
    out.append(("cicera-empty", find_state("cicera", 4, {}, lambda m: not _public(m, CiceraView).table, place_bias=0.0,
                                           first_seed=1)))
    return out


def _finished_games() -> list[tuple[str, Match]]:
    return [("briscola-2p", finished("briscola", 2)),
            ("briscola-4p-short", finished("briscola", 4, {"match": "short"})),
            ("briscola-6p", finished("briscola", 6)), ("chiamata", finished("chiamata", 5)),
            ("cicera", finished("cicera", 4)), ("cicera-21", finished("cicera", 4, {"match": "21"}))]


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
