"""What an admin runs beside the bot: ``invite`` (the invite link), ``backup`` (a copy of a live SQLite
database), ``doctor`` (are the settings, the database and the Discord side right?) and ``forget-user``."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, unquote, urlsplit

from bot.i18n import _, ngettext
from bot.tools.paths import output_file_problem

if TYPE_CHECKING:
    import discord
    from pydantic_core import ErrorDetails

    from bot.config import Settings
    from bot.storage import DatabaseUrl
    from bot.storage.seasons import SeasonRow
    from bot.storage.tournaments import TournamentRow
    from bot.tables.standings import SeasonInfo

log = logging.getLogger(__name__)

PERMISSIONS: dict[str, str] = {
    "view_channel": "View Channels",  # see the channel of a lobby, and fetch its channel (cogs/play/threads.py)
    "send_messages": "Send Messages",  # post the lobby, the table and the round summaries (cogs/play/tables.py)
    "read_message_history": "Read Message History",  # find the table's message again after a restart
    "attach_files": "Attach Files",  # the table, hand and summary pictures (cogs/render/pictures.py)
    "create_private_threads": "Create Private Threads",  # a team thread per side (cogs/play/threads.py)
    "send_messages_in_threads": "Send Messages in Threads",  # the table-talk reminder in each team thread
    "manage_threads": "Manage Threads",  # archive and lock the team threads when the game ends
}
"""The permissions the bot needs, by discord.py's name and as Discord's settings show them. Not Embed Links:
every message is Components V2 (no embeds); editing its own messages needs no permission."""
SCOPES = ("bot", "applications.commands")
GUILDS_MAX = 25
"""Servers whose permissions ``doctor`` checks at most (two REST calls each)."""
DISCORD_TIMEOUT = 60.0
"""Seconds the Discord checks may take in all."""
SCRATCH_USER = 0
"""The member id of ``doctor``'s scratch row in ``member_settings``: Discord never gives out the id 0."""
SCRATCH_LANGUAGE = "doctor"


def required_permissions() -> discord.Permissions:
    """The permissions of ``PERMISSIONS`` as one ``discord.Permissions``."""
    import discord

    return discord.Permissions(**dict.fromkeys(PERMISSIONS, True))


def invite_url(client_id: int) -> str:
    """The link that adds the bot to a server with its scopes and exactly the permissions it needs."""
    import discord

    return discord.utils.oauth_url(client_id, permissions=required_permissions(), scopes=SCOPES)


def new_client() -> discord.Client:
    """A client for REST calls only: it logs in, and never connects to the gateway."""
    import discord

    discord.VoiceClient.warn_nacl = False
    discord.VoiceClient.warn_dave = False
    return discord.Client(intents=discord.Intents(guilds=True))


async def application_id(token: str) -> int:
    """The id of the application whose bot ``token`` is, asked of Discord (``login``, no gateway)."""
    async with new_client() as client:
        await client.login(token)
        app = client.application or await client.application_info()
        return app.id


def discord_problem(exc: BaseException) -> str | None:
    """What went wrong talking to Discord, in one sentence; None for an error that is not Discord's."""
    import aiohttp
    import discord

    if isinstance(exc, discord.LoginFailure):
        return _("Discord refused the token in DISCORD_TOKEN; reset it and put the new one in .env.")
    if isinstance(exc, (aiohttp.ClientConnectionError, OSError)):
        return _("Cannot reach Discord ({problem}); check the network connection.").format(problem=exc)
    if isinstance(exc, TimeoutError):
        return _("Discord did not answer within {n} seconds.").format(n=int(DISCORD_TIMEOUT))
    if isinstance(exc, discord.HTTPException):
        return _("Discord refused a request: {problem}").format(problem=exc)
    return None


# ----- invite -----
def cmd_invite(_args: argparse.Namespace, settings: Settings) -> int:
    """Print the invite link; the client id from DISCORD_CLIENT_ID, else from the app the token logs in as."""
    client_id = settings.client_id
    if client_id is None:
        token = settings.token()
        if token is None:
            print(_("No client id: put DISCORD_CLIENT_ID=<your application id> in .env (developer portal → your app "
                    "→ General Information → Application ID), or DISCORD_TOKEN to ask Discord for it."),
                  file=sys.stderr)
            return 2
        from bot.logging_setup import setup_logging

        setup_logging("WARNING", secrets=[token])
        try:
            client_id = asyncio.run(asyncio.wait_for(application_id(token), DISCORD_TIMEOUT))
        except Exception as exc:
            problem = discord_problem(exc)
            if problem is None:
                raise
            print(problem, file=sys.stderr)
            return 2 if type(exc).__name__ == "LoginFailure" else 1
    print(invite_url(client_id))
    print(_("Scopes: bot, applications.commands. Permissions: {names}.").format(
        names=", ".join(PERMISSIONS.values())), file=sys.stderr)
    return 0


# ----- backup -----
def pg_dump_command(url: DatabaseUrl, target: str) -> str:
    """The ``pg_dump`` command that backs up the PostgreSQL database of ``url`` into ``target``: host, port, user
    and database from the URL, never its password (pg_dump asks for it, or reads PGPASSWORD or ~/.pgpass)."""
    parts = urlsplit(url.url)
    query = dict(parse_qsl(parts.query, keep_blank_values=True))
    host = query.get("host") or (unquote(parts.hostname) if parts.hostname else "localhost")
    try:
        port = query.get("port") or (str(parts.port) if parts.port else "5432")
    except ValueError:
        port = "5432"
    words = ["pg_dump", f"--host={host}", f"--port={port}"]
    if url.user:
        words.append(f"--username={url.user}")
    words += ["--format=custom", f"--file={target}"]
    if url.dbname:
        words.append(f"--dbname={url.dbname}")
    return shlex.join(words)


def cmd_backup(args: argparse.Namespace, settings: Settings) -> int:
    """Copy the live SQLite database to ``args.path`` (online backup API, checked); for PostgreSQL, say
    which ``pg_dump`` command to run."""
    from bot.storage import DatabaseUrl, StorageError
    from bot.storage.backup import backup_sqlite

    database = settings.database
    if isinstance(database, DatabaseUrl):
        print(_("The database is PostgreSQL ({server}): back it up with PostgreSQL's own pg_dump, which takes a "
                "consistent copy while the bot runs:").format(server=database.server), file=sys.stderr)
        print(pg_dump_command(database, args.path))
        return 2
    target = Path(args.path)
    problem = output_file_problem(args.path)
    if problem is None and os.path.lexists(target) and not target.is_file():
        problem = _("{path} is not a file: a backup is written to a new file, or replaces one (--force)").format(
            path=target)
    if problem is not None:  # an empty name, a folder, a device (never replaced), a missing folder
        print(_("error: {message}").format(message=problem), file=sys.stderr)
        return 2
    try:
        result = backup_sqlite(database, target, overwrite=args.force)
    except FileNotFoundError:
        print(_("error: there is no database at {path} (TAVOLO_DATABASE) to back up.").format(path=database),
              file=sys.stderr)
        return 1
    except FileExistsError:
        print(_("error: {path} exists already; choose a new file, or add --force to replace it.").format(
            path=target), file=sys.stderr)
        return 2
    except StorageError as exc:
        print(_("error: the backup of {path} failed: {reason}").format(path=database, reason=exc.reason),
              file=sys.stderr)
        return 1
    print(_("Copied {path} to {target}: {mb:.1f} MB, integrity check: {check}.").format(
        path=database, target=target, mb=result.size / 1e6, check=result.integrity))
    return 0


# ----- doctor -----
@dataclass(frozen=True)
class Check:
    """One line of ``doctor``: passed (True), failed (False) or not done (None), and what it found."""

    passed: bool | None
    text: str

    def line(self) -> str:
        """The line as printed."""
        mark = {True: _("ok"), False: _("PROBLEM"), None: _("not checked")}[self.passed]
        return f"{mark}: {self.text}"


def settings_problems(exc: Exception) -> str:
    """A pydantic ``ValidationError`` as ``KEY: why; KEY: why`` (never the value: it may be a secret)."""
    errors: list[ErrorDetails] = getattr(exc, "errors", list)()
    return "; ".join(f"{'.'.join(str(part) for part in e['loc'])}: {e['msg']}" for e in errors) or str(exc)


async def check_database(settings: Settings) -> Check:
    """Open the database (which applies the pending migrations), write a scratch row and read it back. A SQLite
    file that does not exist is a problem, and is not made: a mistyped path is not taken for a new database."""
    from bot.storage import DatabaseUrl, StorageError, StorageOpenError, Store

    database = settings.database
    where = str(database)
    if not isinstance(database, DatabaseUrl) and not database.exists():  # never made here: a wrong path is said
        problem = output_file_problem(where)
        if problem is not None:
            return Check(False, _("there is no database at {path}, and the bot could not make one there: "
                                  "{problem}").format(path=where, problem=problem))
        return Check(False, _("there is no database at {path}: the bot makes a new, empty one there when it first "
                              "starts; if one should be there, check TAVOLO_DATABASE and the folder this runs "
                              "in").format(path=where))
    try:
        store = await Store(database).open()
    except StorageOpenError as exc:
        return Check(False, _("the database {path} cannot be opened: {reason}").format(
            path=where, reason=exc.explain("TAVOLO_DATABASE")))
    except StorageError as exc:
        return Check(False, _("the database {path} cannot be opened: {reason}").format(path=where, reason=exc.reason))
    try:
        damaged = store.damage_reports()
        version = await store.schema_version()
        before = await store.member_language(SCRATCH_USER)
        await store.save_member_language(SCRATCH_USER, SCRATCH_LANGUAGE)
        read = await store.member_language(SCRATCH_USER)
        await store.save_member_language(SCRATCH_USER, before)
        if read != SCRATCH_LANGUAGE:
            return Check(False, _("the database {path} does not give back what was written to it").format(path=where))
    except StorageError as exc:
        return Check(False, _("the database {path} opens but refuses to write or read: {reason}").format(
            path=where, reason=exc.reason))
    finally:
        try:
            await store.close()
        except StorageError as exc:
            log.warning("closing the database %s: %s", where, exc.reason)
    text = _("the database {path} opens, is migrated to schema version {version}, writes and reads").format(
        path=where, version=version)
    if damaged:  # a damaged write-ahead log, kept aside at this open or an earlier one: what may be lost
        return Check(False, text + "; " + " ".join(line for _report, lines in damaged for line in lines))
    return Check(True, text)


async def check_discord(token: str, report: Callable[[Check], None]) -> None:
    """Log in (no gateway), then for at most ``GUILDS_MAX`` servers whether the bot's roles give it
    ``PERMISSIONS``; each finding goes to ``report``."""
    async with new_client() as client:
        await client.login(token)
        me = client.user
        assert me is not None  # set by login
        report(Check(True, _("the login works: the bot is {name} (id {id})").format(name=me, id=me.id)))
        guilds = [g async for g in client.fetch_guilds(limit=GUILDS_MAX + 1, with_counts=False)]
        if not guilds:
            report(Check(False, _("the bot is in no server yet: add it with the link of python -m bot invite")))
            return
        for partial in guilds[:GUILDS_MAX]:
            guild = await client.fetch_guild(partial.id, with_counts=False)  # with its roles and owner
            member = await guild.fetch_member(me.id)
            have = member.guild_permissions
            missing = [label for name, label in PERMISSIONS.items() if not getattr(have, name)]
            if missing:
                report(Check(False, _("server {name} (id {id}): the bot's roles lack {missing}").format(
                    name=guild.name, id=guild.id, missing=", ".join(missing))))
            else:
                report(Check(True, _("server {name} (id {id}): the bot's roles have every permission it needs").format(
                    name=guild.name, id=guild.id)))
        if len(guilds) > GUILDS_MAX:
            report(Check(None, _("the servers after the first {n}: only {n} are checked").format(n=GUILDS_MAX)))


def cmd_doctor(_args: argparse.Namespace) -> int:
    """Check the settings, the database and, with a token, Discord; one line each. 0 when all pass, 2 when the
    settings are wrong, else 1."""
    from pydantic import ValidationError

    from bot.config import Settings

    checks: list[Check] = []

    def report(check: Check) -> None:
        checks.append(check)
        print(check.line(), flush=True)

    try:
        settings = Settings()
    except ValidationError as exc:
        report(Check(False, _("the settings (environment and .env): {problems}").format(
            problems=settings_problems(exc))))
        report(Check(None, _("the database and Discord: the settings must load first")))
        return 2
    report(Check(True, _("the settings load (database {path}, log level {level}, {n} AI processes)").format(
        path=settings.database, level=settings.log_level, n=settings.ai_processes)))
    report(asyncio.run(check_database(settings)))
    token = settings.token()
    if token is None:
        report(Check(None, _("Discord: no DISCORD_TOKEN, so the login and the servers' permissions are not "
                             "checked")))
    else:
        from bot.logging_setup import setup_logging

        setup_logging("WARNING", secrets=[token])  # the checks' lines, not the library's progress
        try:
            asyncio.run(asyncio.wait_for(check_discord(token, report), DISCORD_TIMEOUT))
        except Exception as exc:
            problem = discord_problem(exc)
            if problem is None:
                raise
            report(Check(False, problem))
    return 0 if all(c.passed is not False for c in checks) else 1


# ----- forget-user -----
async def forget(settings: Settings, user_id: int) -> tuple[int, list[int]]:
    """Forget the member ``user_id`` in the stored data; (games anonymised, live tables they sit at)."""
    from bot.storage import Store
    from bot.tables import TableService

    store = await Store(settings.database).open()
    service = TableService(store)
    try:
        live = [row.id for row in await store.live_tables()
                if any(seat.get("user_id") == user_id for seat in row.seats)]
        games = await service.forget_user(user_id)
    finally:
        await service.close()
    return games, live


def cmd_forget_user(args: argparse.Namespace, settings: Settings, confirm: Callable[[str], str] | None = None) -> int:
    """Remove a member's standings and settings and anonymise their seats in stored games, once confirmed
    (``confirm(prompt)``: the answer; default ``input``)."""
    from bot.storage import StorageError, failure_line
    from bot.tables import StorageFailed, TableError

    user_id: int = args.user_id
    if isinstance(settings.database, Path) and not settings.database.is_file():
        print(_("error: there is no database at {path} (TAVOLO_DATABASE).").format(path=settings.database),
              file=sys.stderr)
        return 1
    if not args.yes:
        if not (sys.stdin is not None and sys.stdin.isatty()):
            print(_("error: not in a terminal, so nothing to confirm with: add --yes to forget member {id}.").format(
                id=user_id), file=sys.stderr)
            return 2
        ask = confirm or input
        try:
            answer = ask(_("Forget member {id} in {path}: their standings and settings are deleted and their seats "
                           "in stored games anonymised, for good. Type yes to go on: ").format(
                id=user_id, path=settings.database))
        except EOFError:
            answer = ""
        if answer.strip().lower() not in {"yes", _("yes")}:
            print(_("Nothing was changed."))
            return 1
    from bot.logging_setup import level_number, setup_logging

    # the outcome is said below in one line; the storage's own log lines (a refused write) only at DEBUG
    setup_logging("DEBUG" if level_number(settings.log_level) <= logging.DEBUG else "CRITICAL")
    try:
        games, live = asyncio.run(forget(settings, user_id))
    except StorageError as exc:
        print(failure_line(exc, settings.database), file=sys.stderr)
        return 1
    except StorageFailed as exc:  # a write refused (a read-only or locked file): nothing changed
        print(failure_line(StorageError(exc.reason, exc.code), settings.database), file=sys.stderr)
        return 1
    except TableError as exc:
        print(_("error: {message}").format(message=exc), file=sys.stderr)
        return 1
    print(_("Member {id} forgotten: standings and settings removed, {n} stored games anonymised.").format(
        id=user_id, n=games))
    if live:
        print(_("They still sit at the live tables {tables}: the running bot keeps those seats until the games end; "
                "run forget-user again after that.").format(tables=", ".join(f"#{t}" for t in live)), file=sys.stderr)
    return 0


async def season_list(settings: Settings, guild_id: int) -> tuple[SeasonInfo, list[SeasonRow]]:
    """A guild's current season and its closed seasons, oldest first."""
    from bot.storage import Store
    from bot.tables import TableService

    service = TableService(await Store(settings.database).open())
    try:
        return await service.current_season(guild_id), await service.seasons(guild_id)
    finally:
        await service.close()


def cmd_seasons(args: argparse.Namespace, settings: Settings) -> int:
    """List a server's seasons: the current one and when it began, then each closed one with its dates and the
    players its final leaderboards rank per game."""
    from bot.i18n import format_day
    from bot.storage import StorageError, failure_line
    from bot.tables import StorageFailed
    from rules.games import spec

    guild_id: int = args.guild_id
    if isinstance(settings.database, Path) and not settings.database.is_file():
        print(_("error: there is no database at {path} (TAVOLO_DATABASE).").format(path=settings.database),
              file=sys.stderr)
        return 1
    try:
        current, closed = asyncio.run(season_list(settings, guild_id))
    except StorageError as exc:
        print(failure_line(exc, settings.database), file=sys.stderr)
        return 1
    except StorageFailed as exc:
        print(failure_line(StorageError(exc.reason, exc.code), settings.database), file=sys.stderr)
        return 1
    started = current["started_at"]
    print(_("Server {guild}: season {n}, since {date}.").format(guild=guild_id, n=current["number"],
                                                                date=format_day(started))
          if started is not None else
          _("Server {guild}: season {n}, no game finished yet.").format(guild=guild_id, n=current["number"]))
    if not closed:
        print(_("No season closed yet."))
    for season in closed:
        boards = ", ".join(ngettext("{game}: {n} player", "{game}: {n} players", n).format(
            game=_(spec(game).title), n=n) for game, n in season.players.items())
        print(_("Season {n}: {start} to {end} · {boards}").format(
            n=season.number, start=format_day(season.started_at) if season.started_at is not None else "?",
            end=format_day(season.ended_at), boards=boards))
    return 0


async def tournament_list(settings: Settings, guild_id: int) -> list[tuple[TournamentRow, int, str | None]]:
    """A guild's tournaments, newest first, each with its number of entrants and its winner's name (finished)."""
    from bot.storage import Store
    from bot.tournaments.service import TournamentState, event_standings, podium

    async with Store(settings.database) as store:
        out = []
        for row in await store.tournaments(guild_id, limit=1000):
            entrants = await store.entrants(row.id)
            winner = None
            if row.status == "finished":
                tables, byes = await store.round_tables(row.id), await store.byes(row.id)
                state = TournamentState(row, entrants, tables, byes, event_standings(row, entrants, tables, byes))
                first = next((user for place, user in podium(state) if place == 1), None)
                winner = state.name_of(first) if first is not None else None
            out.append((row, len(entrants), winner))
        return out


def cmd_tournaments(args: argparse.Namespace, settings: Settings) -> int:
    """List a server's tournaments: number, game, format, status, round, entrants and the winner."""
    from bot.i18n import format_day
    from bot.storage import StorageError, failure_line
    from rules.games import spec

    guild_id: int = args.guild_id
    if isinstance(settings.database, Path) and not settings.database.is_file():
        print(_("error: there is no database at {path} (TAVOLO_DATABASE).").format(path=settings.database),
              file=sys.stderr)
        return 1
    try:
        rows = asyncio.run(tournament_list(settings, guild_id))
    except StorageError as exc:
        print(failure_line(exc, settings.database), file=sys.stderr)
        return 1
    if not rows:
        print(_("Server {guild}: no tournament yet.").format(guild=guild_id))
    statuses = {"signup": _("sign-up open"), "playing": _("in play"), "finished": _("finished"),
                "cancelled": _("cancelled")}
    for row, entrants, winner in rows:
        line = _("Tournament {id}: {game} for {players}, {format}, {status} (round {round}) · {entrants} · "
                 "created {date}").format(
            id=row.id, game=_(spec(row.game).title), players=row.players,
            format=_("Swiss of {n} rounds").format(n=row.rounds) if row.format == "swiss" else _("knockout"),
            status=statuses.get(row.status, row.status), round=row.round,
            entrants=ngettext("{n} entrant", "{n} entrants", entrants).format(n=entrants),
            date=format_day(row.created_at))
        print(line + (" · " + _("won by {name}").format(name=winner) if winner else ""))
    return 0
