"""Tavolo's command line: ``python -m bot [run | sync | play | arena | replay | bench]``."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bot.i18n import _
from rules.actions import RulesError

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

GAMES = ("briscola", "chiamata", "cicera")
NO_TOKEN = _(
    "No Discord bot token. Put DISCORD_TOKEN=<your token> in .env (copy .env.example); "
    "create a bot and copy its token at https://discord.com/developers/applications "
    "(your app → Bot → Reset Token)."
)


def error(message: str) -> int:
    """Print ``error: message`` to stderr and return the usage-error status."""
    print(_("error: {message}").format(message=message), file=sys.stderr)
    return 2


LOGIN_REFUSED = _("Discord refused the token in DISCORD_TOKEN; reset it and put the new one in .env.")


def settings_and_token() -> tuple[Settings, str] | int:
    """The settings from the environment and .env, and the bot token, with logging set up to hide it; or
    the exit status after a clear message (bad settings, no token)."""
    from pydantic import ValidationError

    from bot.config import Settings
    from bot.logging_setup import setup_logging

    try:
        settings = Settings()
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in problem['loc'])}: {problem['msg']}" for problem in exc.errors()
        )
        return error(_("bad configuration in the environment or .env: {problems}").format(problems=problems))
    token = settings.token()
    if token is None:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    setup_logging(settings.log_level, secrets=[token])
    return settings, token


def cmd_run(args: argparse.Namespace) -> int:
    """Start the Discord bot with the settings from the environment and .env."""
    loaded = settings_and_token()
    if isinstance(loaded, int):
        return loaded
    settings, token = loaded

    import aiohttp
    import discord

    from bot.app import create_bot
    from bot.storage import StorageError, StorageOpenError

    bot = create_bot(settings)
    try:
        bot.run(token, log_handler=None)
    except StorageOpenError as exc:
        print(_("error: cannot open the database {path}: {reason}").format(
            path=exc.path, reason=exc.explain("TAVOLO_DATABASE")), file=sys.stderr)
        return 1
    except StorageError as exc:
        print(_("error: the database {path} failed: {reason}").format(path=settings.database, reason=exc.reason),
              file=sys.stderr)
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
    from bot import play

    return play.main(args)


def cmd_arena(args: argparse.Namespace) -> int:
    """Play AI agents against each other and report the results."""
    from bot import arena

    return arena.main(args)


def cmd_tally(args: argparse.Namespace) -> int:
    """Summarise arena records."""
    from bot import arena

    return arena.tally_main(args)


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-check game records."""
    from bot import replay

    return replay.main(args)


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the speed benchmarks."""
    from bot import bench

    return bench.main(args)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its subcommands; each sets ``args.handler``."""
    parser = argparse.ArgumentParser(prog="python -m bot", description=_("Tavolo: Italian card games on Discord."))
    parser.set_defaults(handler=cmd_run)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    run = sub.add_parser("run", help=_("start the Discord bot (the default)"))
    run.set_defaults(handler=cmd_run)

    sync = sub.add_parser("sync", help=_("register the slash commands with Discord (globally, or in one guild)"))
    sync.add_argument("--guild", type=int, metavar="ID", help=_("sync to this guild only (instant; for development)"))
    sync.set_defaults(handler=cmd_sync)

    play = sub.add_parser("play", help=_("play a game in the terminal against AI players"))
    play.add_argument("--game", default="briscola", choices=GAMES)
    play.add_argument("--players", type=int, metavar="N", help=_("players (default: 4, Chiamata 5)"))
    play.add_argument("--level", default="medium", metavar="LEVEL",
                      help=_("the AI level: easy, medium or hard (also random, greedy; default: medium)"))
    play.add_argument("--option", action="append", default=[], metavar="K=V", help=_("a table option, repeatable"))
    play.add_argument("--seed", type=int, metavar="S", help=_("the deal's seed (default: random)"))
    play.add_argument("--db", metavar="PATH", help=_("the database file (default: TAVOLO_DATABASE or tavolo.sqlite3)"))
    play.add_argument("--time-ms", type=int, default=200, metavar="T", help=_("AI thinking time per move in ms"))
    play.set_defaults(handler=cmd_play)

    arena = sub.add_parser("arena", help=_("play AI agents against each other"))
    arena.add_argument("--game", required=True, choices=GAMES)
    arena.add_argument("--players", type=int, required=True, metavar="N")
    arena.add_argument(
        "--agents",
        default="random",
        metavar="A[,B...]",
        help=_("agent names, one per seat or cycled (default: random)"),
    )
    arena.add_argument("--games", type=int, default=100, metavar="K", help=_("number of games (default: 100)"))
    arena.add_argument("--seed", type=int, default=1, metavar="S", help=_("first seed (default: 1)"))
    arena.add_argument(
        "--time-ms", type=int, default=200, metavar="T", help=_("thinking time per move in ms (default: 200)")
    )
    arena.add_argument("--option", action="append", default=[], metavar="K=V", help=_("a table option, repeatable"))
    arena.add_argument("--records", metavar="DIR", help=_("write a JSON record of every game to DIR"))
    arena.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    arena.add_argument(
        "--jobs", type=int, default=1, metavar="J", help=_("processes sharing the deals (default: 1)")
    )
    arena.set_defaults(handler=cmd_arena)

    tally = sub.add_parser("tally", help=_("results per agent from arena records (files or folders)"))
    tally.add_argument("paths", nargs="+", metavar="PATH")
    tally.add_argument("--json", action="store_true", help=_("print the summary as JSON"))
    tally.set_defaults(handler=cmd_tally)

    replay = sub.add_parser("replay", help=_("re-check game records"))
    replay.add_argument("files", nargs="+", metavar="FILE")
    replay.set_defaults(handler=cmd_replay)

    bench = sub.add_parser("bench", help=_("run the speed benchmarks"))
    bench.add_argument("--games", type=int, default=0, metavar="N", help=_("games per benchmark (0: the default)"))
    bench.add_argument("--seed", type=int, default=1, metavar="S")
    bench.add_argument("--only", metavar="NAME", help=_("run only this benchmark"))
    bench.set_defaults(handler=cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Parse ``argv`` (default: the process arguments), run the subcommand and return its exit status."""
    args = build_parser().parse_args(argv)
    handler: Callable[[argparse.Namespace], int] = args.handler
    try:
        return handler(args) or 0
    except RulesError as exc:
        return error(str(exc))
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
