"""The lab's commands as ``python -m bot`` reads them (``screenshots``, ``arena``, ``tally``, ``bench``, ``train``):
each one's arguments, and a handler that imports its ``bot.lab`` module only when that command runs, so that the
bot, and every other command, never loads the lab."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
from collections.abc import Callable
from typing import TypeAlias

from bot.cli import (
    ARENA_SEED_MAX,
    DEALS_MAX,
    GAMES,
    JOBS_MAX,
    PATH_MAX,
    PLAYERS_MAX,
    TEXT_MAX,
    TIME_MS_MAX,
    Parser,
    check_players,
    error,
    one_of,
    text,
    whole_number,
)
from bot.i18n import LANGUAGES, _

Subcommands: TypeAlias = "argparse._SubParsersAction[Parser]"
"""``argparse``'s subparsers action (a private class of the standard library, generic in its stubs only)."""
LAB = "bot.lab"
"""The lab's package: in a clone of the repository and its editable install, not in what ``pip install .`` makes."""
Handler = Callable[[argparse.Namespace], int]


def needs_lab(handler: Handler) -> Handler:
    """``handler``, or one short error when the lab is not installed (a server's ``pip install .`` leaves it
    out: the lab runs from a clone of the repository)."""

    @functools.wraps(handler)
    def run(args: argparse.Namespace) -> int:
        if importlib.util.find_spec(LAB) is None:
            return error(_("{command} is a command of the lab (bot/lab), which is not installed here: run it from a "
                           "clone of the repository (python3 tasks.py run {command} ...)").format(command=args.command))
        return handler(args)

    return run


@needs_lab
def cmd_screenshots(args: argparse.Namespace) -> int:
    """Draw every kind of message as Discord shows it, at a phone's and a desktop's width, into PNG files."""
    from bot.lab import screenshots

    return screenshots.main(args)


@needs_lab
def cmd_arena(args: argparse.Namespace) -> int:
    """Play AI agents against each other and report the results."""
    from bot.lab import arena

    check_players(args.game, args.players)
    return arena.main(args)


@needs_lab
def cmd_tally(args: argparse.Namespace) -> int:
    """Summarise arena records."""
    from bot.lab import tally

    return tally.tally_main(args)


@needs_lab
def cmd_bench(args: argparse.Namespace) -> int:
    """Run the speed benchmarks."""
    from bot.lab import bench

    if args.postgresql is not None and args.only not in (None, "service"):
        return error(_("--postgresql is an option of the service benchmark (--only service, or every benchmark)"))
    return bench.main(args)


TEMPORARY = "temporary"
"""``bench --postgresql temporary``: a PostgreSQL server of the benchmark's own (``bot.lab.pg_server``)."""


def postgresql_target(value: str) -> object:
    """An argparse type: a ``postgresql://`` URL (the form the bot takes) as a ``DatabaseUrl``, or ``temporary``."""
    from bot.storage.url import DatabaseUrl

    if value.strip() == TEMPORARY:
        return TEMPORARY
    if not DatabaseUrl.is_url(value):
        raise argparse.ArgumentTypeError(_("expected a postgresql:// URL or {word}").format(word=TEMPORARY))
    return DatabaseUrl(value.strip())


BRISCOLA_TRAIN = {"players": 2, "epochs": None, "hidden1": 128, "hidden2": 64, "batch": 512, "lr": 1000,
                  "lr_decay": 800, "teacher": None, "agent": None, "opponent": None, "policy": False, "init": None,
                  "target_mix": 1000, "pool": None}
"""``train``'s options that only Briscola reads, with their defaults."""


@needs_lab
def cmd_train(args: argparse.Namespace) -> int:
    """Make the learned Briscola evaluation, or Cicera's learned leaf value."""
    if args.game == "cicera":
        from bot.lab import train_cicera

        given = [f"--{'with' if k == 'pool' else k.replace('_', '-')}" for k, default in BRISCOLA_TRAIN.items()
                 if getattr(args, k) != default]
        if given:
            print(_("error: {options}: for Briscola only; Cicera reads --dir, --games, --seed, --agent-ms, --jobs, "
                    "--resume and --export").format(options=", ".join(given)), file=sys.stderr)
            return 2
        if args.games == 0:
            print(_("error: --games 0 is for Briscola runs trained on other runs' data (--with); Cicera's run makes "
                    "its own deals"), file=sys.stderr)
            return 2

        return train_cicera.main(args)
    from bot.lab import train

    args.games = 20_000 if args.games is None else args.games
    args.agent_ms = 10 if args.agent_ms is None else args.agent_ms

    check_players("briscola", args.players)
    return train.main(args)


def add_screenshots(sub: Subcommands) -> None:
    """The ``screenshots`` command: a folder, the scenes, the Chromium, the language."""
    path = text(PATH_MAX, "a path")
    shots = sub.add_parser("screenshots", help=_("draw each kind of message as Discord shows it, at 390 px and at "
                                                 "desktop width, into PNG files (needs Chromium)"))
    shots.add_argument("folder", type=path, metavar="DIR")
    shots.add_argument("--only", action="append", default=[], type=text(TEXT_MAX, "a scene name"), metavar="NAME",
                       help=_("only the scenes whose name starts with NAME (repeatable)"))
    shots.add_argument("--chromium", type=path, metavar="PATH",
                       help=_("the Chromium to drive (default: chromium on the PATH)"))
    shots.add_argument("--lang", choices=LANGUAGES, default="en", metavar="LANG",
                       help=_("the language of the server and its members (default: en)"))
    shots.set_defaults(handler=cmd_screenshots)


def add_arena(sub: Subcommands) -> None:
    """The ``arena`` command: the game, its seats' agents, the deals, the seeds and the records."""
    game = one_of(GAMES)
    players = whole_number(1, PLAYERS_MAX)
    time_ms = whole_number(1, TIME_MS_MAX)
    arena_seed = whole_number(0, ARENA_SEED_MAX)
    option = text(TEXT_MAX, "an option")
    path = text(PATH_MAX, "a path")
    arena = sub.add_parser("arena", help=_("play AI agents against each other"))
    arena.add_argument("--game", required=True, type=game, choices=GAMES)
    arena.add_argument("--players", type=players, required=True, metavar="N",
                       help=_("players: Briscola 2, 3, 4 or 6, Chiamata 5, Cicera 4"))
    arena.add_argument(
        "--agents",
        default="random",
        type=text(TEXT_MAX, "an agent list"),
        metavar="A[,B...]",
        help=_("agent names, one per seat or cycled (default: random)"),
    )
    arena.add_argument(
        "--deals", "--games", dest="games", type=whole_number(1, DEALS_MAX), default=100, metavar="K",
        help=_("deals to play, 1 to {max} (default: 100); each deal is played once per rotation of the agents "
               "over the seats: N agent names, not all the same, play N x K games, one agent alone K "
               "(--games is the same option)").format(max=DEALS_MAX),
    )
    arena.add_argument("--seed", type=arena_seed, default=1, metavar="S",
                       help=_("first seed, 0 to 10**12 (default: 1)"))
    arena.add_argument(
        "--time-ms", type=time_ms, default=200, metavar="T",
        help=_("thinking time per move in ms, 1 to {max} (default: 200)").format(max=TIME_MS_MAX),
    )
    arena.add_argument("--option", action="append", default=[], type=option, metavar="K=V",
                       help=_("a table option, repeatable"))
    arena.add_argument("--records", type=path, metavar="DIR", help=_("write a JSON record of every game to DIR"))
    arena.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    arena.add_argument(
        "--jobs", type=whole_number(1, JOBS_MAX), default=1, metavar="J",
        help=_("processes sharing the deals, 1 to {max} (default: 1)").format(max=JOBS_MAX),
    )
    arena.set_defaults(handler=cmd_arena)


def add_tally(sub: Subcommands) -> None:
    """The ``tally`` command: the records' files or folders."""
    path = text(PATH_MAX, "a path")
    tally = sub.add_parser("tally", help=_("results per agent from arena records (files or folders)"))
    tally.add_argument("paths", nargs="+", type=path, metavar="PATH")
    tally.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    tally.set_defaults(handler=cmd_tally)


def add_bench(sub: Subcommands) -> None:
    """The ``bench`` command: games per benchmark, the first seed, one benchmark."""
    arena_seed = whole_number(0, ARENA_SEED_MAX)
    bench = sub.add_parser("bench", help=_("run the speed benchmarks"))
    bench.add_argument("--games", type=whole_number(0, DEALS_MAX), default=0, metavar="N",
                       help=_("games per benchmark, 0 to {max} (0: the default)").format(max=DEALS_MAX))
    bench.add_argument("--seed", type=arena_seed, default=1, metavar="S", help=_("first seed, 0 to 10**12"))
    bench.add_argument("--only", type=text(TEXT_MAX, "a benchmark name"), metavar="NAME",
                       help=_("run only this benchmark"))
    bench.add_argument("--postgresql", type=postgresql_target, metavar="URL",
                       help=_("the service benchmark measures PostgreSQL too, after SQLite, with synchronous_commit "
                              "off and then local (the shipped setting): URL names a server whose user may create "
                              "databases (the benchmark makes its own and drops them), or {word} starts a server "
                              "from this machine's PostgreSQL programs in a temporary folder, fsync on").format(
                           word=TEMPORARY))
    bench.set_defaults(handler=cmd_bench)


def add_train(sub: Subcommands) -> None:
    """The ``train`` command: the run's folder, its data, its network and its training."""
    arena_seed = whole_number(0, ARENA_SEED_MAX)
    path = text(PATH_MAX, "a path")
    train = sub.add_parser("train", help=_("make a learned evaluation (Briscola's network, Cicera's leaf value): "
                                           "self-play data, training, checkpoints (a re-run or --resume continues)"))
    train.add_argument("--dir", required=True, type=path, metavar="DIR",
                       help=_("the run's folder: its data, checkpoint and settings"))
    train.add_argument("--game", choices=("briscola", "cicera"), default="briscola",
                       help=_("briscola: the value network or move policy (default); cicera: the linear leaf value "
                              "of the hard search, fitted on hard-v1's self-play deals (it reads --dir, --games, "
                              "--seed, --agent-ms, --jobs, --resume and --export)"))
    train.add_argument("--players", type=whole_number(2, PLAYERS_MAX), choices=(2, 4, 6),
                       default=BRISCOLA_TRAIN["players"], metavar="N", help=_("players: 2, 4 or 6 (default: 2)"))
    train.add_argument("--games", type=whole_number(0, DEALS_MAX), metavar="G",
                       help=_("self-play games of data, 0 to {max} (default: 20000; Cicera: 800 deals; 0: none of "
                              "its own, with --with)").format(max=DEALS_MAX))
    train.add_argument("--epochs", type=whole_number(1, 1000), metavar="E",
                       help=_("epochs to train in all, 1 to 1000 (default: 10; with --resume: the stored number)"))
    train.add_argument("--seed", type=arena_seed, default=1, metavar="S", help=_("the run's seed, 0 to 10**12"))
    train.add_argument("--hidden1", type=whole_number(1, 1024), default=BRISCOLA_TRAIN["hidden1"], metavar="H",
                       help=_("units of the first hidden layer (default: 128)"))
    train.add_argument("--hidden2", type=whole_number(1, 1024), default=BRISCOLA_TRAIN["hidden2"], metavar="H",
                       help=_("units of the second hidden layer (default: 64)"))
    train.add_argument("--batch", type=whole_number(1, 65536), default=BRISCOLA_TRAIN["batch"], metavar="B",
                       help=_("examples per step (default: 512)"))
    train.add_argument("--lr", type=whole_number(1, 10**6), default=BRISCOLA_TRAIN["lr"], metavar="MICRO",
                       help=_("Adam's learning rate in millionths (default: 1000, i.e. 0.001)"))
    train.add_argument("--lr-decay", type=whole_number(1, 1000), default=BRISCOLA_TRAIN["lr_decay"], metavar="PERMILLE",
                       help=_("each epoch multiplies the learning rate by PERMILLE / 1000 (default: 800; 1000: "
                              "constant)"))
    train.add_argument("--teacher", type=path, metavar="WEIGHTS",
                       help=_("a weights file whose one-trick search plays every seat of the self-play games "
                              "(default: the heuristic policies)"))
    train.add_argument("--agent", type=text(TEXT_MAX, "an agent name"), metavar="NAME",
                       help=_("an AI level or arena agent (e.g. hard) that plays every seat of the self-play "
                              "games from its view"))
    train.add_argument("--opponent", type=text(TEXT_MAX, "an agent name"), metavar="NAME",
                       help=_("with --agent: an AI level or arena agent (e.g. hard-v1) that plays the other side of "
                              "every game instead (the agent's side drawn per game)"))
    train.add_argument("--agent-ms", type=whole_number(1, 10_000), metavar="MS",
                       help=_("the agent's time per move in milliseconds (default: 10; Cicera: 50)"))
    train.add_argument("--policy", action="store_true",
                       help=_("train the move policy (the move each seat chose) instead of the value network"))
    train.add_argument("--init", type=path, metavar="WEIGHTS",
                       help=_("a weights file to start training from (its layer sizes must match)"))
    train.add_argument("--target-mix", type=whole_number(0, 1000), default=BRISCOLA_TRAIN["target_mix"],
                       metavar="PERMILLE",
                       help=_("the value's targets: PERMILLE / 1000 the round's outcome and the rest the search's "
                              "value of the move chosen, kept with --agent hard (default: 1000, the "
                              "outcomes alone)"))
    train.add_argument("--with", dest="pool", action="append", type=path, metavar="DIR",
                       help=_("another run's folder whose data is added to this run's for training, as it is on "
                              "disk (repeatable; a run of the same players with all its data made)"))
    train.add_argument("--jobs", type=whole_number(1, 64), default=1, metavar="J",
                       help=_("processes generating the data at once (the data does not depend on it; default: 1)"))
    train.add_argument("--resume", action="store_true",
                       help=_("continue the run stored in DIR with its own settings"))
    train.add_argument("--export", type=path, metavar="PATH",
                       help=_("write the weights file the AI loads (rules/ai/weights/briscola_<N>p.npz)"))
    train.set_defaults(handler=cmd_train)
