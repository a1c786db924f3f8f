"""Tavolo's command line: ``python -m bot [run | demo | screenshots | sync | play | arena | tally | replay | bench |
train | invite | backup | doctor | forget-user]``. The bot's and the operator's commands are here; the lab's
(``screenshots``, ``arena``, ``tally``, ``bench``, ``train``) are read by ``bot.lab_commands``, which loads
``bot.lab`` only when one of them runs."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from bot import lab_commands, shards
from bot.cli import (
    GAMES,
    GUILD_MAX,
    LEVELS,
    PATH_MAX,
    PLAYERS_MAX,
    SEED_MAX,
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
from bot.names import error_text
from rules.actions import RulesError

if TYPE_CHECKING:
    from bot.config import Settings

log = logging.getLogger(__name__)

NO_TOKEN = _(
    "No Discord bot token. Put DISCORD_TOKEN=<your token> in .env (copy .env.example); "
    "create a bot and copy its token at https://discord.com/developers/applications "
    "(your app → Bot → Reset Token)."
)

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


def cmd_replay(args: argparse.Namespace) -> int:
    """Re-check game records."""
    from bot.tools import replay

    return replay.main(args)


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


def cmd_seasons(args: argparse.Namespace) -> int:
    """List a server's seasons."""
    from bot.tools import admin

    settings = load_settings()
    return settings if isinstance(settings, int) else admin.cmd_seasons(args, settings)


def cmd_tournaments(args: argparse.Namespace) -> int:
    """List a server's tournaments."""
    from bot.tools import admin

    settings = load_settings()
    return settings if isinstance(settings, int) else admin.cmd_tournaments(args, settings)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with its subcommands; each sets ``args.handler``."""
    parser = Parser(prog="python -m bot", description=_("Tavolo: Italian card games on Discord."))
    parser.set_defaults(handler=cmd_run)
    shards.add_arguments(parser)  # python -m bot --shard-count N --shard-ids a-b (the bot, several processes)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    game = one_of(GAMES)
    players = whole_number(1, PLAYERS_MAX)
    time_ms = whole_number(1, TIME_MS_MAX)
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

    lab_commands.add_screenshots(sub)

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

    lab_commands.add_arena(sub)

    lab_commands.add_tally(sub)

    replay = sub.add_parser("replay", help=_("re-check game records, or draw one as an animated picture"))
    replay.add_argument("files", nargs="*", type=path, metavar="FILE")
    replay.add_argument("--picture", nargs=2, type=path, metavar=("FILE", "OUT"),
                        help=_("write the replay of the record FILE as an animated WebP to OUT"))
    replay.set_defaults(handler=cmd_replay)

    lab_commands.add_bench(sub)

    lab_commands.add_train(sub)

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

    seasons = sub.add_parser("seasons", help=_("list a server's seasons: the current one, and each closed one with "
                                               "its dates and the players its leaderboards rank"))
    seasons.add_argument("guild_id", type=whole_number(1, GUILD_MAX), metavar="GUILD_ID",
                         help=_("the server's Discord id"))
    seasons.set_defaults(handler=cmd_seasons)

    tournaments = sub.add_parser("tournaments", help=_("list a server's tournaments: each one's game, format, "
                                                       "status, entrants and winner"))
    tournaments.add_argument("guild_id", type=whole_number(1, GUILD_MAX), metavar="GUILD_ID",
                             help=_("the server's Discord id"))
    tournaments.set_defaults(handler=cmd_tournaments)
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
