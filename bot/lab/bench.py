"""``python -m bot bench``: speed of the engines (random full games per second) on one core."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
import time
from collections.abc import Callable

from bot.i18n import _
from rules.records import new_game

DEFAULT_SECONDS = 2.0


def _fast_briscola(players: int) -> Callable[[random.Random], None]:
    from rules.games.briscola.round import BriscolaRound

    options = {"trump_exchange": "off", "conquest": "off"}

    def one(rng: random.Random) -> None:
        r = BriscolaRound.deal(players, players - 1, rng, options)
        choice = rng.choice
        while not r.done:
            r.apply_unchecked(choice(r.legal_fast()))

    return one


def _fast_chiamata() -> Callable[[random.Random], None]:
    from rules.games.chiamata.round import PASS_MOVE, ChiamataRound

    options = {"bidding": "rank", "kitty": "off"}

    def one(rng: random.Random) -> None:
        while True:
            r = ChiamataRound.deal(4, rng, options)
            while not r.done:
                moves = r.legal_fast()
                # in the auction pass half the time, so auctions end as at a table
                m = PASS_MOVE if r.phase == "auction" and rng.random() < 0.5 else rng.choice(moves)
                r.apply_unchecked(m)
            if not r.passed_out:
                return

    return one


def _bare_briscola2(rng: random.Random) -> None:
    """The baseline: 2-player Briscola as one bare loop with no engine structure (the yardstick of the
    fast path; compare the two in the same run)."""
    from rules.cards import POINTS, STRENGTH

    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[0:3], deck[3:6]]
    trump = deck[6] % 4
    stock = deck[7:] + [deck[6]]
    pos, leader, pts = 0, 0, [0, 0]
    choice = rng.choice
    ids = [(c % 4) * 13 + (0, 1, 2, 3, 4, 5, 6, 10, 11, 12)[c // 4] for c in range(40)]
    while hands[leader]:
        a = choice(hands[leader])
        hands[leader].remove(a)
        other = 1 - leader
        b = choice(hands[other])
        hands[other].remove(b)
        ia, ib = ids[a], ids[b]
        if (b % 4 == a % 4 and STRENGTH[ib] > STRENGTH[ia]) or (b % 4 == trump and a % 4 != trump):
            leader = other
        pts[leader] += POINTS[ia] + POINTS[ib]
        if pos < len(stock):
            hands[leader].append(stock[pos])
            hands[1 - leader].append(stock[pos + 1])
            pos += 2


def _fast_cicera(rng: random.Random) -> None:
    from rules.games.cicera.round import CiceraRound

    r = CiceraRound.shuffled(3, rng)
    choice = rng.choice
    while r.to_move() is not None:
        r.apply_unchecked(choice(r.legal_fast()))


def _fast_scopa(game: str, players: int, deal: str) -> Callable[[random.Random], None]:
    """A Scopa or Scopone round through ``legal_fast``/``apply_unchecked``, random moves (every capture choice
    listed each turn)."""
    from rules.games.scopa.round import ScopaRound

    def one(rng: random.Random) -> None:
        r = ScopaRound.shuffled(game, players, deal, players - 1, rng)
        choice = rng.choice
        while not r.is_over():
            r.apply_unchecked(choice(r.legal_fast()))

    return one


SEARCH_MS = 50
"""The budget of each search of the ``cicera-search`` benchmarks (its planned work; the clock is off)."""


def _cicera_search(fast: bool) -> Callable[[random.Random], None]:
    """One ``hard`` search (clock off, ``SEARCH_MS``) in a random position: a shuffled deal after 0 to 44
    random plays; ``fast``: with ``fast_playout`` (hard's), else through the engine (``hard-v1``'s way). Both
    benchmarks meet the same positions, so their rates compare in one run."""
    from dataclasses import replace

    from rules.ai.cicera import choose_hard, engine_playout, fast_playout
    from rules.ai.cicera.tuning import CICERA
    from rules.games.cicera.round import CiceraRound

    tuning = replace(CICERA, clock_share=1e9)
    rollout = fast_playout if fast else engine_playout

    def one(rng: random.Random) -> None:
        r = CiceraRound.shuffled(3, rng)
        for _play in range(rng.randint(0, 44)):
            r.apply_unchecked(rng.choice(r.legal_fast()))
        seat = r.to_move()
        assert seat is not None
        choose_hard(r.view(seat), rng, SEARCH_MS, tuning, rollout)

    return one


def capture_listing(seed: int, tables: int = 200, table_size: int = 25) -> tuple[float, float, float]:
    """Milliseconds to list the capture choices of every card of the deck on random 25-card tables:
    (median, 99th percentile, worst)."""
    from rules.cards import deck_52
    from rules.games.cicera.rules import capture_choices

    rng = random.Random(seed)
    times = []
    for _table in range(tables):
        deck = deck_52()
        rng.shuffle(deck)
        table = deck[:table_size]
        for c in deck_52():
            t0 = time.perf_counter()
            capture_choices(c, table)
            times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return times[len(times) // 2], times[int(len(times) * 0.99)], times[-1]


def _checked(game: str, players: int) -> Callable[[random.Random], None]:
    def one(rng: random.Random) -> None:
        m = new_game(game, players, {}, rng.randrange(1 << 30))
        while not m.is_over():
            m.apply(rng.choice(m.legal_actions()), m.to_move())

    return one


def benchmarks() -> dict[str, Callable[[random.Random], None]]:
    """Named benchmarks: each plays one random full game (``cicera-search*``: searches one random position)."""
    out = {
        "briscola2-bare-loop": _bare_briscola2,
        "briscola2-fast": _fast_briscola(2),
        "briscola4-fast": _fast_briscola(4),
        "chiamata-fast": _fast_chiamata(),
        "briscola2-checked": _checked("briscola", 2),
        "briscola4-checked": _checked("briscola", 4),
        "chiamata-checked": _checked("chiamata", 5),
    }
    try:
        from rules.games.cicera import engine as cicera  # noqa: F401
    except ImportError:
        return out
    out["cicera-fast"] = _fast_cicera
    out["cicera-checked"] = _checked("cicera", 4)
    out["cicera-search"] = _cicera_search(True)
    out["cicera-search-engine"] = _cicera_search(False)
    out["scopa2-fast"] = _fast_scopa("scopa", 2, "scopa")
    out["scopa4-fast"] = _fast_scopa("scopa", 4, "scopa")
    out["scopone-fast"] = _fast_scopa("scopone", 4, "scientifico")
    out["scopa2-checked"] = _checked("scopa", 2)
    out["scopone-checked"] = _checked("scopone", 4)
    return out


REVIEW_GAMES = 5
"""2-player Briscola games the ``review`` benchmark reviews by default."""
REVIEW_PLAY_MS = 50
"""The budget of the hard players that play the reviewed games (the review's own budget is its default)."""


def _ai_record(game: str, players: int, seed: int) -> dict[str, object]:
    """The record of a game played by ``hard`` at every seat."""
    from rules.ai import choose

    m = new_game(game, players, {}, seed)
    rng = random.Random(seed)
    while not m.is_over():
        seat = m.to_move()
        assert seat is not None
        auto = m.auto_action()
        m.apply(auto if auto is not None else choose("hard", m.view(seat), rng, REVIEW_PLAY_MS), seat)
    return m.record()


def review_times(seed: int, games: int) -> list[tuple[str, list[float], list[float]]]:
    """Seconds to review seat 0's play (``rules.ai.review.review`` at its default budget), on the clock and in
    CPU time (the time on one core, whatever else the machine runs): ``games`` 2-player Briscola games, then
    one game of each other mode; every game hard against hard."""
    from rules.ai.review import review

    modes = [("briscola 2p", "briscola", 2, games or REVIEW_GAMES), ("briscola 4p", "briscola", 4, 1),
             ("chiamata", "chiamata", 5, 1), ("cicera", "cicera", 4, 1)]
    out = []
    for label, game, players, n in modes:
        wall, cpu = [], []
        for k in range(n):
            record = _ai_record(game, players, seed + k)
            t0, c0 = time.perf_counter(), time.process_time()
            review(record, 0, seed=seed + k)
            wall.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        out.append((label, sorted(wall), sorted(cpu)))
    return out


def measure(fn: Callable[[random.Random], None], seed: int, games: int) -> tuple[int, float]:
    """Play ``games`` games (or as many as fit in ``DEFAULT_SECONDS`` when 0); return (games, seconds)."""
    rng = random.Random(seed)
    for _warm in range(20):
        fn(rng)
    n = 0
    t0 = time.perf_counter()
    while True:
        fn(rng)
        n += 1
        elapsed = time.perf_counter() - t0
        if (games and n >= games) or (not games and elapsed >= DEFAULT_SECONDS):
            return n, elapsed


def main(args: argparse.Namespace) -> int:
    """Print games per second for each benchmark."""
    marks = benchmarks()
    slow = ("review", "tournament", "ai-moves")  # only when asked for
    known = [*marks, "cicera-capture-listing", "images", "service", "pairing", *slow]
    if args.only is not None and args.only not in known:
        print(_("error: no benchmark {name!r}; the benchmarks are:").format(name=args.only), file=sys.stderr)
        print(textwrap.fill(", ".join(known), width=100, initial_indent="  ", subsequent_indent="  ",
                            break_on_hyphens=False, break_long_words=False),
              file=sys.stderr)
        return 2
    if args.only in ("cicera-capture-listing", "images", "service", "pairing", *slow):
        marks = {}
    elif args.only:
        marks = {args.only: marks[args.only]}
    if marks:
        print(f"{'benchmark':<22} {'games':>8} {'seconds':>8} {'games/s':>10}")
    for name, fn in marks.items():
        n, secs = measure(fn, args.seed, args.games)
        print(f"{name:<22} {n:>8} {secs:>8.2f} {n / secs:>10.0f}")
    if not args.only or args.only == "cicera-capture-listing":
        med, p99, worst = capture_listing(args.seed)
        print(_("cicera capture listing, 25-card table, every card of the deck on 200 tables: "
                "median {med:.3f} ms, p99 {p99:.3f} ms, worst {worst:.3f} ms").format(med=med, p99=p99, worst=worst))
    if not args.only or args.only == "images":
        from bot.lab import bench_images

        bench_images.main(args)
    if not args.only or args.only == "pairing":
        from bot.lab import bench_pairing

        bench_pairing.main(args)
    if not args.only or args.only == "service":
        from bot.lab import bench_service

        status = bench_service.main(args)
        if status:
            return status  # a PostgreSQL server that cannot be used (one line said so)
    if args.only == "tournament":  # two runs of the service's load: only when asked for
        from bot.lab import bench_tournament

        bench_tournament.main(args)
    if args.only == "ai-moves":  # a few minutes: only when asked for
        from bot.lab import bench_ai

        bench_ai.main(args)
    if args.only == "review":  # slow (a minute): only when asked for
        print(f"{'review':<22} {'games':>8} {'median s':>9} {'max s':>8} {'median cpu s':>13} {'max cpu s':>10}")
        for label, wall, cpu in review_times(args.seed, args.games):
            mid = len(wall) // 2
            print(f"{label:<22} {len(wall):>8} {wall[mid]:>9.2f} {wall[-1]:>8.2f} {cpu[mid]:>13.2f} {cpu[-1]:>10.2f}")
    return 0
