"""``/tournament create|list|show|leave|cancel`` and the public panel of an event (Join, Leave, Start, Cancel).

The tournament service (``service.tournaments``) runs the event; this cog reads the interaction, calls it and
shows what it says: the panel (edited when the entrants or the status change), a message when a round starts
(its tables, each player mentioned once, and its byes), the standings after each round and the podium at the
end. The panel's buttons carry the tournament's id (``cogs.ids.TOURNAMENT``), so they work after a restart; a
forged or stale id, or another server's event, gets a short refusal.

Creating needs Manage Server or the organiser role of ``/settings organisers``; Start and Cancel are the
organiser's (or a manager's).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.storage.tournaments import TournamentRow
from bot.tables import TableError
from bot.tournaments.service import NO_SHOW_TURNS, TournamentEvent, TournamentState, knockout_winner, podium
from cogs import ids
from cogs.components import TournamentButton, button
from cogs.markup import name_text
from cogs.play.hub import Hub, hub_of
from cogs.render import layout
from cogs.texts import GAME_NAMES, game_name, level_name, options_line, t
from cogs.types import Interaction, TavoloBot
from images.tournament import BracketMatch, StandingLine, bracket_png, standings_png
from rules import games
from rules.ai import LEVELS

log = logging.getLogger(__name__)

GAME_CHOICES = [Choice(name=games.spec(g).title, value=g) for g in GAME_NAMES]
NO_AI = "none"
"""The ``ai`` value of an event without AI fill (byes instead)."""
STANDINGS_ROWS = 20
"""Lines of standings a message shows (the rest: ``/tournament show``)."""
STANDINGS_FILE = "standings.png"
BRACKET_FILE = "bracket.png"
ROUND_TEXT = 3800
"""Characters of table lines in one message of a round that starts (Discord takes 4000 in a message, title and
footer included): 128 tables, the most an event has, fit in two messages."""


def parse_options(text: str | None) -> dict[str, str]:
    """``match=short turn_timer=60`` → options; a word without ``=`` is a ``TableError``."""
    out: dict[str, str] = {}
    for word in (text or "").split():
        key, sep, value = word.partition("=")
        if not sep or not key or not value:
            raise TableError(t("tourn.bad_options"))
        out[key.strip().lower()] = value.strip().lower()
    return out


def format_text(row: TournamentRow) -> str:
    """The rules of the event, in a few lines."""
    lines = [t("tourn.rules_swiss", rounds=row.rounds, players=row.players) if row.format == "swiss"
             else t("tourn.rules_knockout", players=row.players)]
    lines.append(t("tourn.fill_ai", level=level_name(row.level)) if row.level else t("tourn.fill_byes"))
    lines.append(t("tourn.next_auto") if row.auto_next else t("tourn.next_organiser"))
    lines.append(t("tourn.tables", options=options_line(row.options)))
    lines.append(t("tourn.no_show", n=NO_SHOW_TURNS))
    return "\n".join(lines)


def status_text(state: TournamentState) -> str:
    """Where the event stands."""
    row = state.row
    if row.status == "signup":
        return t("tourn.status_signup")
    if row.status == "cancelled":
        return t("tourn.status_cancelled")
    if row.status == "finished":
        return t("tourn.status_finished")
    if state.round_over():
        return t("tourn.status_waiting", n=row.round)
    return t("tourn.status_playing", n=row.round)


def points_text(points: float) -> str:
    """Tournament points with a half as ½."""
    whole = int(points)
    return f"{whole}½" if points - whole else str(whole)


def standings_lines(state: TournamentState, limit: int = STANDINGS_ROWS) -> list[str]:
    """The standings, one line per entrant, best first."""
    out = []
    for r in state.standings[:limit]:
        left = next((e.left_round for e in state.entrants if e.user_id == r.entrant), None)
        line = t("tourn.standings_row", place=r.place, name=name_text(state.name_of(r.entrant)),
                 points=points_text(r.points), opponents=points_text(r.opponents_points), difference=r.difference)
        out.append(line + (" · " + t("tourn.withdrawn") if left is not None else ""))
    return out


def panel_view(state: TournamentState) -> discord.ui.LayoutView:
    """The public panel: the rules, the entrants, the status, and Join, Leave, Start, Cancel."""
    row = state.row
    names = ", ".join(name_text(e.name) for e in state.entrants) or t("tourn.none")
    live = row.status in ("signup", "playing")
    waiting = row.status == "playing" and state.round_over()
    controls = [
        button(TournamentButton, ids.tournament(row.id, "join"), t("lobby.join"), discord.ButtonStyle.primary,
               disabled=row.status != "signup"),
        button(TournamentButton, ids.tournament(row.id, "leave"), t("lobby.leave"), disabled=not live),
        button(TournamentButton, ids.tournament(row.id, "start"), t("lobby.start"), discord.ButtonStyle.success,
               disabled=not (row.status == "signup" or waiting)),
        button(TournamentButton, ids.tournament(row.id, "cancel"), t("lobby.cancel"), discord.ButtonStyle.danger,
               disabled=not live),
    ]
    return layout.card(
        "### " + t("tourn.title", id=row.id, game=game_name(row.game)),
        t("tourn.organiser", mention=f"<@{row.organiser_id}>"),
        format_text(row),
        f"**{t('tourn.entrants', n=len(state.entrants), most=row.max_entrants)}**\n{names}",
        "**" + status_text(state) + "**",
        layout.rows(controls),
        accent=layout.GOLD if row.status == "finished" else layout.NOTICE)


def round_views(state: TournamentState, number: int) -> list[discord.ui.LayoutView]:
    """A round that starts: its tables (each player mentioned once) and its byes, in as many messages as the
    lines need (``ROUND_TEXT`` characters each)."""
    lines = [t("tourn.round_table", n=table.place, players=", ".join(
        f"<@{s}>" if s is not None else t("tourn.ai_seat") for s in table.seats))
        for table in state.tables if table.round == number]
    byes = [name_text(state.name_of(b.user_id)) for b in state.byes if b.round == number]
    if byes:
        lines.append(t("tourn.round_bye", names=", ".join(byes)))
    chunks: list[list[str]] = [[]]
    for line in lines:
        if chunks[-1] and sum(len(x) + 1 for x in chunks[-1]) + len(line) > ROUND_TEXT:
            chunks.append([])
        chunks[-1].append(line)
    title = "### " + t("tourn.round_title", id=state.row.id, n=number)
    return [layout.card(title if i == 0 else None, "\n".join(chunk),
                        "-# " + t("tourn.round_footer") if i == len(chunks) - 1 else None, accent=layout.NOTICE)
            for i, chunk in enumerate(chunks)]


def standings_picture(state: TournamentState, title: str) -> discord.File:
    """The standings as a picture legible on a phone (``STANDINGS_FILE``)."""
    lines = [StandingLine(r.place, state.name_of(r.entrant), (points_text(r.points), points_text(r.opponents_points),
                                                              f"{r.difference:+d}"))
             for r in state.standings[:STANDINGS_ROWS]]
    png = standings_png(title, [t("tourn.col_points"), t("tourn.col_opponents"), t("tourn.col_difference")], lines)
    return discord.File(io.BytesIO(png), filename=STANDINGS_FILE)


def bracket_picture(state: TournamentState, title: str) -> discord.File:
    """A knockout event's bracket so far as a picture (``BRACKET_FILE``): each round's matches and byes in
    bracket order, each winner marked."""
    row = state.row
    seeds = {e.user_id: i for i, e in enumerate(sorted(state.entrants, key=lambda e: (-(e.rating or 0.0),
                                                                                       e.user_id)), 1)}
    rounds: list[list[BracketMatch]] = []
    for number in range(1, row.round + 1):
        slots: list[tuple[int, BracketMatch]] = [
            (b.place, BracketMatch((state.name_of(b.user_id), None), 0)) for b in state.byes if b.round == number]
        for table in (tb for tb in state.tables if tb.round == number):
            a, b = table.seats[0], table.seats[1]
            winner = None
            if table.result is not None:
                winner = 0 if knockout_winner(row, table, seeds) == a else 1
            slots.append((table.place, BracketMatch((state.name_of(a), state.name_of(b)), winner)))
        rounds.append([match for _place, match in sorted(slots, key=lambda slot: slot[0])])
    return discord.File(io.BytesIO(bracket_png(title, rounds)), filename=BRACKET_FILE)


def standings_view(state: TournamentState, title: str, picture: str) -> discord.ui.LayoutView:
    """The standings after a round, as text and with their picture (or the bracket's)."""
    return layout.card("### " + title, "\n".join(standings_lines(state)), layout.gallery(picture),
                       accent=layout.NOTICE)


def podium_view(state: TournamentState, picture: str) -> discord.ui.LayoutView:
    """The podium of a finished event, its final standings (Swiss) and their picture (or the bracket's)."""
    rows = [t("tourn.podium_row", place=place, name=name_text(state.name_of(user))) for place, user in podium(state)]
    parts = ["### " + t("tourn.podium_title", id=state.row.id, game=game_name(state.row.game)), "\n".join(rows)]
    if state.row.format == "swiss":
        parts.append("\n".join(standings_lines(state)))
    return layout.card(*parts, layout.gallery(picture), accent=layout.GOLD)


class Tournaments(commands.Cog):
    """Tournaments of a server."""

    tournament = app_commands.Group(name="tournament", description="This server's tournaments", guild_only=True)

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot
        self._unsubscribe: Any = None
        self._locks: dict[int, asyncio.Lock] = {}

    @property
    def hub(self) -> Hub:
        """The play hub: the service, and the answers (each in its member's language)."""
        return hub_of(self.bot)

    async def cog_load(self) -> None:
        """Follow the tournaments' events (when the bot runs tables)."""
        service = self.bot.service
        if service is not None:
            self._unsubscribe = service.tournaments.subscribe(self._on_event)

    async def cog_unload(self) -> None:
        """Stop following them."""
        if self._unsubscribe is not None:
            self._unsubscribe()

    # ----- events → messages -----
    def _on_event(self, event: TournamentEvent) -> None:
        self.hub.spawn(self._show_event(event), f"tournament-{event.tournament.id}-{event.kind}")

    async def _show_event(self, event: TournamentEvent) -> None:
        """Post what an event shows and edit the panel; one event of a tournament at a time, in their order,
        so that the panel ends as the last event left it."""
        lock = self._locks.setdefault(event.tournament.id, asyncio.Lock())
        async with lock:
            await self._show(event)

    async def _show(self, event: TournamentEvent) -> None:
        row = event.tournament
        try:
            state = await self.hub.service.tournaments.state(row.id, row.guild_id)
        except TableError as e:
            log.warning("tournament %d: reading it failed: %s", row.id, e)
            return
        channel = self.bot.get_partial_messageable(row.channel_id)
        with self.hub.languages.public_in(row.guild_id):
            posts: list[tuple[discord.ui.LayoutView, discord.File | None]] = []
            if event.kind == "round_started":
                posts += [(view, None) for view in round_views(state, event.data["round"])]
            elif event.kind in ("round_ended", "finished"):
                number = event.data.get("round", row.round)
                title = t("tourn.standings_title", id=row.id, n=number)
                picture = await self.hub.run(standings_picture if row.format == "swiss" else bracket_picture,
                                             state, title)
                if event.kind == "finished":
                    posts.append((podium_view(state, picture.filename), picture))
                elif row.format == "knockout" or row.round < (row.rounds or 0):
                    posts.append((standings_view(state, title, picture.filename), picture))
            elif event.kind == "forfeit":
                posts.append((layout.notice(t("tourn.forfeit", name=name_text(state.name_of(event.data["user_id"])),
                                                n=event.data["round"])), None))
            panel = panel_view(state)
        mentions = discord.AllowedMentions(everyone=False, roles=False, users=True)
        try:
            for view, file in posts:
                await channel.send(view=view, files=[file] if file is not None else [],
                                   allowed_mentions=mentions if event.kind == "round_started"
                                   else discord.AllowedMentions.none())
            if row.message_id is not None and event.kind != "forfeit":
                await channel.get_partial_message(row.message_id).edit(view=panel,
                                                                       allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as e:
            log.warning("tournament %d: posting %s failed: %s", row.id, event.kind, e)

    # ----- commands -----
    async def _may_organise(self, interaction: Interaction) -> bool:
        """Manage Server, or the server's organiser role."""
        perms = interaction.permissions
        if perms and perms.manage_guild:
            return True
        if interaction.guild_id is None:
            return False
        role = (await self.hub.service.guild_settings(interaction.guild_id)).organiser_role
        roles = getattr(interaction.user, "roles", ())
        return role is not None and any(r.id == role for r in roles)

    def _guild(self, interaction: Interaction) -> int:
        if interaction.guild_id is None:
            raise TableError(t("guild_only"))
        return interaction.guild_id

    @tournament.command(name="create", description="Open a tournament's sign-up in this channel")
    @app_commands.describe(game="which game", players="players at each table",
                           format="swiss (a number of rounds) or knockout",
                           rounds="Swiss: the rounds to play (default 3)",
                           options="each table's options as name=value, e.g. match=short turn_timer=60",
                           entrants="the most entrants (default 32)",
                           ai="the AI that fills a short table (default: none, byes instead)",
                           next_round="how each next round starts (default: by itself)")
    @app_commands.choices(game=GAME_CHOICES,
                          format=[Choice(name="swiss", value="swiss"), Choice(name="knockout", value="knockout")],
                          ai=[Choice(name="none (byes)", value=NO_AI), *(Choice(name=lv, value=lv) for lv in LEVELS)],
                          next_round=[Choice(name="by itself", value="auto"),
                                      Choice(name="on the organiser's Start", value="organiser")])
    async def create(self, interaction: Interaction, game: Choice[str], players: int, format: Choice[str],
                     rounds: int = 3, options: str | None = None, entrants: int = 32, ai: Choice[str] | None = None,
                     next_round: Choice[str] | None = None) -> None:
        """``/tournament create``: the panel is posted in the channel."""

        async def work() -> None:
            guild_id = self._guild(interaction)
            if not await self._may_organise(interaction):
                raise TableError(t("tourn.need_organiser"))
            level = ai.value if ai is not None and ai.value != NO_AI else None
            row = await self.hub.service.tournaments.create(
                guild_id, interaction.channel_id or 0, interaction.user.id, game.value, players,
                format=format.value, rounds=rounds, options=dict(parse_options(options)), level=level,
                max_entrants=entrants, auto_next=next_round is None or next_round.value == "auto")
            state = await self.hub.service.tournaments.state(row.id, guild_id)
            with self.hub.languages.public_in(guild_id):
                view = panel_view(state)
            await interaction.response.send_message(view=view, allowed_mentions=discord.AllowedMentions.none())
            message = await interaction.original_response()
            await self.hub.service.store.set_tournament_message(row.id, message.id)

        await self.hub.answers.answer(interaction, "tournament", work)

    @tournament.command(name="list", description="The tournaments of this server")
    async def list_events(self, interaction: Interaction) -> None:
        """``/tournament list``: those not over, then the last ones over."""

        async def work() -> None:
            rows = await self.hub.service.tournaments.of_guild(self._guild(interaction))
            if not rows:
                await self.hub.answers.tell(interaction, t("tourn.list_none"))
                return
            lines = [t("tourn.list_row", id=r.id, game=game_name(r.game), format=t(f"tourn.format_{r.format}"),
                       status=t(f"tourn.state_{r.status}")) for r in rows]
            await interaction.response.send_message(view=layout.card("### " + t("tourn.list_title"), "\n".join(lines),
                                                                     accent=layout.NOTICE), ephemeral=True)

        await self.hub.answers.answer(interaction, "tournament", work)

    @tournament.command(name="show", description="A tournament's rules, entrants and standings")
    @app_commands.describe(tournament="the tournament's number (/tournament list)")
    async def show(self, interaction: Interaction, tournament: int) -> None:
        """``/tournament show``."""

        async def work() -> None:
            state = await self.hub.service.tournaments.state(tournament, self._guild(interaction))
            parts = ["### " + t("tourn.title", id=state.row.id, game=game_name(state.row.game)), format_text(state.row),
                     f"**{t('tourn.entrants', n=len(state.entrants), most=state.row.max_entrants)}**",
                     "\n".join(standings_lines(state, 50)) or t("tourn.none"), "**" + status_text(state) + "**"]
            await interaction.response.send_message(view=layout.card(*parts, accent=layout.NOTICE), ephemeral=True)

        await self.hub.answers.answer(interaction, "tournament", work)

    @tournament.command(name="leave", description="Leave a tournament (once started: you forfeit the rest)")
    @app_commands.describe(tournament="the tournament's number (/tournament list)")
    async def leave(self, interaction: Interaction, tournament: int) -> None:
        """``/tournament leave``."""
        await self.on_button(interaction, str(tournament), "leave")

    @tournament.command(name="cancel", description="Cancel a tournament (its organiser, or Manage Server)")
    @app_commands.describe(tournament="the tournament's number (/tournament list)")
    async def cancel(self, interaction: Interaction, tournament: int) -> None:
        """``/tournament cancel``."""
        await self.on_button(interaction, str(tournament), "cancel")

    async def on_button(self, interaction: Interaction, tournament: str, verb: str) -> None:
        """A panel button (or the matching command): the id is read here, and a forged one refused."""

        async def work() -> None:
            guild_id = self._guild(interaction)
            number = ids.member_number(tournament)
            if not number or verb not in ids.TOURNAMENT_VERBS:
                raise TableError(t("tourn.bad_button"))
            service = self.hub.service.tournaments
            user = interaction.user
            if verb == "join":
                await service.join(number, guild_id, user.id, user.display_name)
                text = t("tourn.joined", id=number)
            elif verb == "leave":
                state = await service.leave(number, guild_id, user.id)
                text = t("tourn.left", id=number) if state.row.status == "signup" else t("tourn.left_playing",
                                                                                        id=number)
            elif verb == "start":
                state = await service.start(number, guild_id, user.id, may_manage=await self._may_organise(interaction))
                text = t("tourn.started", id=number, n=state.row.round)
            else:
                await service.cancel(number, guild_id, user.id, may_manage=await self._may_organise(interaction))
                text = t("tourn.cancelled", id=number)
            await self.hub.answers.tell(interaction, text)

        await self.hub.answers.answer(interaction, "tournament", work)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Tournaments(bot))
