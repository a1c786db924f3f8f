"""Tavolo's command line: ``python -m bot [run | demo | screenshots | sync | play | arena | replay | bench | train |
invite | backup | doctor | forget-user]``."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NoReturn

from bot import shards
from bot.i18n import LANGUAGES, _
from bot.names import error_text
from rules.actions import RulesError
from rules.games import names

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

GAMES = names()
"""The registered games, as the commands spell them."""
LEVELS = ("easy", "medium", "hard", "random", "greedy")
MAX_ERROR_CHARS = 240
"""Longest error message printed (one line)."""
SEED_MAX = 2**63 - 1
"""Largest ``play`` seed: the table's seed is stored as a 64-bit SQLite integer."""
ARENA_SEED_MAX = 10**12
"""Largest ``arena`` / ``bench`` first seed: each deal's seed, seed x 1000003 + deal, stays below 2**63."""
TIME_MS_MAX = 60_000
DEALS_MAX = 10**6
JOBS_MAX = 64
PLAYERS_MAX = 6
GUILD_MAX = 2**64 - 1
TEXT_MAX = 200
"""Longest option, agent list or benchmark name read from the command line."""
PATH_MAX = 4096
"""Longest path read from the command line (Linux's PATH_MAX)."""
NO_TOKEN = _(
    "No Discord bot token. Put DISCORD_TOKEN=<your token> in .env (copy .env.example); "
    "create a bot and copy its token at https://discord.com/developers/applications "
    "(your app → Bot → Reset Token)."
)


def short(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """``message`` on one line and at most ``limit`` characters."""
    flat = " ".join(str(message).split())
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def error(message: str) -> int:
    """Print ``error: message`` (one short line) to stderr and return the usage-error status."""
    print(_("error: {message}").format(message=short(message)), file=sys.stderr)
    return 2


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors stay on one short line, whatever the user typed."""

    def error(self, message: str) -> NoReturn:
        """Print the usage and ``message`` cut to one line, and exit with status 2."""
        super().error(short(message, MAX_ERROR_CHARS - 40))


def whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a short error saying the range."""
    span = _("a whole number from {low} to {high}").format(low=low, high=_number(high))

    def parse(text: str) -> int:
        t = text.strip()
        digits = t[1:] if t[:1] in "+-" else t
        if not digits.isascii() or not digits.isdigit() or len(digits) > 30:
            raise argparse.ArgumentTypeError(_("expected {span}").format(span=span))
        value = int(t)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("expected {span}, not {value}").format(span=span, value=value))
        return value

    parse.__name__ = "whole number"
    return parse


def _number(n: int) -> str:
    """A bound as people read it: ``2**63-1``, ``10**12``, or the plain digits."""
    for base in (2, 10) if n > 10**9 else ():
        for exp in range(30 if base == 2 else 10, 70):
            if n == base**exp:
                return f"{base}**{exp}"
            if n == base**exp - 1:
                return f"{base}**{exp}-1"
    return str(n)


def text(limit: int, what: str = "text") -> Callable[[str], str]:
    """An argparse type: any text of at most ``limit`` characters, else a short error."""

    def parse(value: str) -> str:
        if len(value) > limit:
            raise argparse.ArgumentTypeError(_("{what} longer than {n} characters").format(what=what, n=limit))
        return value

    parse.__name__ = what
    return parse


def one_of(names: Sequence[str]) -> Callable[[str], str]:
    """An argparse type: one of ``names``, else a short error listing them."""

    def parse(text: str) -> str:
        if text not in names:
            raise argparse.ArgumentTypeError(_("expected one of {names}").format(names=", ".join(names)))
        return text

    parse.__name__ = "name"
    return parse


def check_players(game: str | None, players: int | None) -> None:
    """``RulesError`` unless ``players`` (when given with a game) is a player count of ``game``."""
    if players is not None and game is not None:
        from rules.records import game_class

        game_class(game).check_players(players)


LOGIN_REFUSED = _("Discord refused the token in DISCORD_TOKEN; reset it and put the new one in .env.")


def load_settings() -> Settings | int:
    """The settings from the environment and .env; or the exit status after a short message."""
    from pydantic import ValidationError

    from bot.config import Settings

    try:
        return Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}" for problem in exc.errors()
        )
        return error(_("bad configuration in the environment or .env: {problems}").format(problems=problems))


def settings_and_token(demo_hint: bool = False) -> tuple[Settings, str] | int:
    """The settings from the environment and .env, and the bot token, with logging set up to hide it; or
    the exit status after a clear message (bad settings, no token; ``demo_hint``: and how to try the demo)."""
    from bot.logging_setup import setup_logging

    settings = load_settings()
    if isinstance(settings, int):
        return settings
    token = settings.token()
    if token is None:
        print(NO_TOKEN, file=sys.stderr)
        if demo_hint:
            from bot import demo

            print(demo.INSTALL_HINT if demo.missing_runtime() else NO_TOKEN_DEMO, file=sys.stderr)
        return 2
    setup_logging(settings.log_level, secrets=[token])
    return settings, token


NO_TOKEN_DEMO = _("To try Tavolo without a token, in your browser: {command}").format(
    command="python3 tasks.py run demo")
"""Said when a bot without a token cannot start the demo by itself (no terminal): the one command that does,
from any Python (``tasks.py`` installs the demo into ``.venv``)."""


def interactive() -> bool:
    """Whether a person runs the command in a terminal (stdin and stdout are terminals)."""
    return sys.stdin is not None and sys.stdout is not None and sys.stdin.isatty() and sys.stdout.isatty()


def cmd_run(args: argparse.Namespace) -> int:
    """Start the Discord bot with the settings from the environment and .env; with no token, from a terminal
    and with the demo installed, start the demo instead (a service without a token fails instead of serving
    a demo)."""
    try:
        chosen = shards.from_args(args)
    except ValueError as exc:
        return error(str(exc))
    settings = load_settings()
    if isinstance(settings, int):
        return settings
    if settings.token() is None and interactive() and chosen is None:
        from bot import demo

        if not demo.missing_runtime():
            return start_demo(settings, port=0, game=None)
    loaded = settings_and_token(demo_hint=True)
    if isinstance(loaded, int):
        return loaded
    settings, token = loaded

    import aiohttp
    import discord

    from bot.app import create_bot
    from bot.storage import StorageError, failure_line

    bot = create_bot(settings, shards=chosen)
    try:
        bot.run(token, log_handler=None)
    except StorageError as exc:
        print(failure_line(exc, settings.database), file=sys.stderr)
        return 1
    except discord.LoginFailure:
        print(LOGIN_REFUSED, file=sys.stderr)
        return 2
    except discord.PrivilegedIntentsRequired:
        print(_("Discord refused a privileged intent that Tavolo asked for; enable it for the bot."), file=sys.stderr)
        return 2
    except aiohttp.ClientConnectionError as exc:
        print(_("Cannot reach Discord ({problem}); check the network connection.").format(problem=exc), file=sys.stderr)
        return 1
    return 0


def start_demo(settings: Settings, port: int, game: str | None) -> int:
    """Run the demo (see ``bot.demo``) with logging at the configured level."""
    from bot import demo
    from bot.logging_setup import setup_logging

    setup_logging(settings.log_level)
    return demo.main(port, game)


def cmd_demo(args: argparse.Namespace) -> int:
    """Try Tavolo without a token: the real bot in a simulated Discord, in the browser."""
    from bot import demo

    if demo.missing_runtime():
        print(demo.INSTALL_HINT, file=sys.stderr)
        return 2
    settings = load_settings()
    if isinstance(settings, int):
        return settings
    return start_demo(settings, args.port, args.game)


def cmd_screenshots(args: argparse.Namespace) -> int:
    """Draw every kind of message as Discord shows it, at a phone's and a desktop's width, into PNG files."""
    from bot.lab import screenshots

    return screenshots.main(args)


def cmd_sync(args: argparse.Namespace) -> int:
    """Register the slash commands with Discord: in one guild (``--guild``, instant) or globally."""
    import asyncio

    loaded = settings_and_token()
    if isinstance(loaded, int):
        return loaded
    settings, token = loaded
    import discord

    from bot.app import sync_with_token

    try:
        count = asyncio.run(sync_with_token(settings, token, args.guild))
    except discord.LoginFailure:
        print(LOGIN_REFUSED, file=sys.stderr)
        return 2
    except discord.HTTPException as exc:
        return error(_("Discord refused the commands: {problem}").format(problem=exc))
    where = _("guild {id}").format(id=args.guild) if args.guild else _("every guild (global)")
    print(_("Synced {n} slash commands to {where}.").format(n=count, where=where))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """Play a game in the terminal against AI players."""
    from bot.tools import play

    check_players(args.game, args.players)
    return play.main(args)


def cmd_arena(args: argparse.Namespace) -> int:
    """Play AI agents against each other and report the results."""
    from bot.lab import arena

    check_players(args.game, args.players)
    return arena.main(args)


def cmd_tally(args: argparse.Namespace) -> int:
    """Summarise arena records."""
    from bot.lab import tally

    return tally.tally_main(args)


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-check game records."""
    from bot.tools import replay

    return replay.main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the speed benchmarks."""
    from bot.lab import bench

    return bench.main(args)


BRISCOLA_TRAIN = {"players": 2, "epochs": None, "hidden1": 128, "hidden2": 64, "batch": 512, "lr": 1000,
                  "lr_decay": 800, "teacher": None, "agent": None, "opponent": None, "policy": False, "init": None,
                  "target_mix": 1000, "pool": None}
"""``train``'s options that only Briscola reads, with their defaults."""


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


def cmd_invite(args: argparse.Namespace) -> int:
    """Print the link that invites the bot with the permissions it needs."""
    from bot.tools import admin

    settings = load_settings()
    return settings if isinstance(settings, int) else admin.cmd_invite(args, settings)


def cmd_backup(args: argparse.Namespace) -> int:
    """Copy the live SQLite database (for PostgreSQL: say which pg_dump to run)."""
    from bot.tools import admin

    settings = load_settings()
    return settings if isinstance(settings, int) else admin.cmd_backup(args, settings)


def cmd_doctor(args: argparse.Namespace) -> int:
    """Check the settings, the database and the Discord side, and say what is wrong."""
    from bot.tools import admin

    return admin.cmd_doctor(args)


def cmd_forget_user(args: argparse.Namespace) -> int:
    """Delete a member's data on request."""
    from bot.tools import admin

    settings = load_settings()
    return settings if isinstance(settings, int) else admin.cmd_forget_user(args, settings)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its subcommands; each sets ``args.handler``."""
    parser = Parser(prog="python -m bot", description=_("Tavolo: Italian card games on Discord."))
    parser.set_defaults(handler=cmd_run)
    shards.add_arguments(parser)  # python -m bot --shard-count N --shard-ids a-b (the bot, several processes)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    game = one_of(GAMES)
    players = whole_number(1, PLAYERS_MAX)
    time_ms = whole_number(1, TIME_MS_MAX)
    arena_seed = whole_number(0, ARENA_SEED_MAX)
    option = text(TEXT_MAX, "an option")
    path = text(PATH_MAX, "a path")

    run = sub.add_parser("run", help=_("start the Discord bot (the default; with no token, from a terminal: "
                                       "the demo)"))
    shards.add_arguments(run, default=argparse.SUPPRESS)  # given before run too: kept, not reset
    run.set_defaults(handler=cmd_run)

    demo = sub.add_parser("demo", help=_("try Tavolo without a token: the real bot in a simulated Discord, in your "
                                         "browser"))
    demo.add_argument("--port", type=whole_number(0, 65535), default=0, metavar="PORT",
                      help=_("the port on 127.0.0.1 (default 0: any free port)"))
    demo.add_argument("--game", type=game, choices=GAMES,
                      help=_("open a lobby of this game at start (Briscola: 2 players)"))
    demo.set_defaults(handler=cmd_demo)

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

    sync = sub.add_parser("sync", help=_("register the slash commands with Discord (globally, or in one guild)"))
    sync.add_argument("--guild", type=whole_number(1, GUILD_MAX), metavar="ID",
                      help=_("sync to this guild only (instant; for development)"))
    sync.set_defaults(handler=cmd_sync)

    play = sub.add_parser("play", help=_("play a game in the terminal against AI players"))
    play.add_argument("--game", type=game, choices=GAMES,
                      help=_("the game (default: the unfinished game if there is one, else briscola)"))
    play.add_argument("--players", type=players, metavar="N",
                      help=_("players: Briscola 2, 3, 4 or 6 (default 4), Chiamata 5, Cicera 4"))
    play.add_argument("--level", type=one_of(LEVELS), metavar="LEVEL",
                      help=_("the AI level: easy, medium or hard (also random, greedy; default: medium)"))
    play.add_argument("--option", action="append", default=[], type=option, metavar="K=V",
                      help=_("a table option, repeatable"))
    play.add_argument("--seed", type=whole_number(0, SEED_MAX), metavar="S",
                      help=_("the deal's seed, 0 to 2**63-1 (default: random)"))
    play.add_argument("--db", type=path, metavar="PATH",
                      help=_("the database file (default: TAVOLO_DATABASE or tavolo.sqlite3)"))
    play.add_argument("--time-ms", type=time_ms, default=200, metavar="T",
                      help=_("AI thinking time per move in ms, 1 to {max} (default: 200)").format(max=TIME_MS_MAX))
    play.add_argument("--new", action="store_true",
                      help=_("end an unfinished game (unrated) and start the one asked for"))
    play.add_argument("--lang", choices=LANGUAGES, metavar="LANG",
                      help=_("the language of the game: {languages} (default: the environment's locale, else "
                             "English)").format(languages=", ".join(LANGUAGES)))
    play.set_defaults(handler=cmd_play)

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

    tally = sub.add_parser("tally", help=_("results per agent from arena records (files or folders)"))
    tally.add_argument("paths", nargs="+", type=path, metavar="PATH")
    tally.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    tally.set_defaults(handler=cmd_tally)

    replay = sub.add_parser("replay", help=_("re-check game records, or draw one as an animated picture"))
    replay.add_argument("files", nargs="*", type=path, metavar="FILE")
    replay.add_argument("--picture", nargs=2, type=path, metavar=("FILE", "OUT"),
                        help=_("write the replay of the record FILE as an animated WebP to OUT"))
    replay.set_defaults(handler=cmd_replay)

    bench = sub.add_parser("bench", help=_("run the speed benchmarks"))
    bench.add_argument("--games", type=whole_number(0, DEALS_MAX), default=0, metavar="N",
                       help=_("games per benchmark, 0 to {max} (0: the default)").format(max=DEALS_MAX))
    bench.add_argument("--seed", type=arena_seed, default=1, metavar="S", help=_("first seed, 0 to 10**12"))
    bench.add_argument("--only", type=text(TEXT_MAX, "a benchmark name"), metavar="NAME",
                       help=_("run only this benchmark"))
    bench.set_defaults(handler=cmd_bench)

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
                       help=_("an AI level or arena agent (e.g. hard-net) that plays every seat of the self-play "
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
                              "value of the move chosen, kept with --agent hard or hard-net (default: 1000, the "
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

    invite = sub.add_parser("invite", help=_("print the link that adds the bot to a server with the permissions it "
                                             "needs (client id from DISCORD_CLIENT_ID, else from the token)"))
    invite.set_defaults(handler=cmd_invite)

    backup = sub.add_parser("backup", help=_("copy the live SQLite database to PATH, consistently, while the bot "
                                             "runs (PostgreSQL: prints the pg_dump command)"))
    backup.add_argument("path", type=path, metavar="PATH")
    backup.add_argument("--force", action="store_true", help=_("replace PATH if it exists"))
    backup.set_defaults(handler=cmd_backup)

    doctor = sub.add_parser("doctor", help=_("check the settings, the database and, with a token, the login and "
                                             "the servers' permissions"))
    doctor.set_defaults(handler=cmd_doctor)

    forget = sub.add_parser("forget-user", help=_("delete a member's standings and settings and anonymise their "
                                                  "seats in stored games"))
    forget.add_argument("user_id", type=whole_number(1, GUILD_MAX), metavar="USER_ID",
                        help=_("the member's Discord id"))
    forget.add_argument("--yes", action="store_true", help=_("do not ask for a confirmation"))
    forget.set_defaults(handler=cmd_forget_user)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: the process arguments), run the subcommand and return its exit status."""
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    if handler is not cmd_run and shards.given(args):
        return error(_("--shard-count and --shard-ids are for the bot (run), not for {command}").format(
            command=args.command))
    try:
        return handler(args) or 0
    except RulesError as exc:
        return error(error_text(exc))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
