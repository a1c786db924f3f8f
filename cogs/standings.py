"""``/leaderboard [game]`` and ``/history [member] [game]`` (paged messages), ``/stats [member]``, ``/rules [game]``
and ``/language``, in Components V2."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from contextlib import nullcontext

import discord
from discord import app_commands
from discord.app_commands import Choice
from discord.ext import commands

from bot.i18n import LANGUAGE_NAMES, LANGUAGES, format_day, use_language
from bot.ratings import Standing, rating_text
from bot.tables import TableError
from bot.tables.standings import HistoryPage, LeaderboardPage, PlayerStats
from bot.tournaments.service import podium
from cogs import ids
from cogs.components import HistoryButton, LeaderboardButton, SeasonLeaderboardButton, button
from cogs.markup import name_text
from cogs.play.hub import Hub, hub_of
from cogs.render import layout
from cogs.texts import GAME_NAMES, game_name, t
from cogs.types import Interaction, TavoloBot
from rules import games

log = logging.getLogger(__name__)

GAME_CHOICES = [Choice(name=games.spec(g).title, value=g) for g in GAME_NAMES]
"""The games as command choices (English source names: the command tree's translator translates them)."""
OVERVIEW_ROWS = 5
TOURNAMENTS_SHOWN = 5
"""Finished tournaments the first page of ``/history`` names."""
"""Players of each game that ``/leaderboard`` without a game shows."""
CLIENT = "client"
"""The ``/language`` value that follows the member's Discord client again."""
MEMBER_LANGUAGE_CHOICES = [*(Choice(name=LANGUAGE_NAMES[code], value=code) for code in LANGUAGES),
                           Choice(name="my Discord language", value=CLIENT)]


class Standings(commands.Cog):
    """Leaderboards, statistics and the rules."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot

    @property
    def hub(self) -> Hub:
        """The play hub: the service, and the answers (each in its member's language)."""
        return hub_of(self.bot)

    @app_commands.command(name="leaderboard", description="The best players of this server")
    @app_commands.guild_only()
    @app_commands.describe(game="which game (default: every game played here)",
                           season="a closed season's final leaderboard (default: the current season)")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: Interaction, game: Choice[str] | None = None,
                          season: int | None = None) -> None:
        """``/leaderboard``: one game's board, paged; without a game, the best of every game the server played;
        with a season, that closed season's final boards."""
        if game is None:
            await self.show_overview(interaction, season)
        else:
            await self.show_page(interaction, game.value, 1, edit=False, season=season)

    async def show_overview(self, interaction: Interaction, season: int | None = None) -> None:
        """The leaderboard of every game with ranked players on this server (in a closed ``season``: its final
        boards): the first ``OVERVIEW_ROWS`` of each, and how to see a whole board."""

        async def work() -> None:
            if interaction.guild_id is None:
                raise TableError(t("guild_only"))
            service = self.hub.service
            boards = [(g, await service.leaderboard(interaction.guild_id, g, 1, OVERVIEW_ROWS) if season is None
                       else await service.season_leaderboard(interaction.guild_id, season, g, 1, OVERVIEW_ROWS))
                      for g in GAME_NAMES]
            with self.hub.languages.public_in(interaction.guild_id):  # a public message
                parts = ["### " + (t("lb.title_all") if season is None else t("lb.title_all_season", n=season))]
                for g, data in boards:
                    if data["total"]:
                        parts.append(f"**{game_name(g)}** · {t('players_n', n=data['total'])}\n"
                                     + "\n".join(self._row(rank, st) for rank, st in data["rows"]))
                if len(parts) == 1:
                    parts.append(t("lb.empty_all"))
                parts.append("-# " + t("lb.game_more" if season is None else "lb.season_more"))
                view = layout.card(*parts, accent=layout.GOLD)
            await interaction.response.send_message(view=view, allowed_mentions=discord.AllowedMentions.none())

        await self.hub.answers.answer(interaction, "leaderboard", work)

    @staticmethod
    def _row(rank: int, st: Standing) -> str:
        """A player's line of a leaderboard (in the context's language)."""
        streak = t("lb.streak", streak=f"{st.streak:+d}") if st.streak else ""
        return t("lb.row", rank=rank, name=name_text(st.name), rating=rating_text(st.rating, st.games),
                 games=t("lb.games", n=st.games, wins=st.wins), streak=streak)

    async def show_page(self, interaction: Interaction, game: str, page: int | str, *, edit: bool,
                        season: int | str | None = None) -> None:
        """Page ``page`` of a game's leaderboard (of a closed ``season``: its final board), as a new message or
        in place of the clicked one. A page and a season from a button's ``custom_id`` come as text and are
        checked (with the game) before any use; one past the end shows the last page."""

        async def work() -> None:
            if interaction.guild_id is None:
                raise TableError(t("guild_only"))
            number = page if isinstance(page, int) else ids.page_number(page)
            which = season if season is None or isinstance(season, int) else ids.season_number(season)
            if game not in GAME_NAMES or number is None or (season is not None and which is None):
                raise TableError(t("lb.bad_page"))

            async def board(n: int) -> LeaderboardPage:
                if which is None:
                    return await self.hub.service.leaderboard(interaction.guild_id or 0, game, n)
                return await self.hub.service.season_leaderboard(interaction.guild_id or 0, which, game, n)

            data = await board(max(1, number))
            if data["page"] > data["pages"]:  # the board got shorter since the button was drawn
                data = await board(data["pages"])
            with self.hub.languages.public_in(interaction.guild_id):  # a public message
                rows = [self._row(rank, st) for rank, st in data["rows"]]
                if which is None:
                    ids_of = [ids.leaderboard(game, data["page"] - 1, "prev"),
                              ids.leaderboard(game, data["page"] + 1, "next")]
                    kind: type[LeaderboardButton] | type[SeasonLeaderboardButton] = LeaderboardButton
                    title, empty = t("lb.title", game=game_name(game)), t("lb.empty", game=game_name(game))
                else:
                    ids_of = [ids.season_leaderboard(which, game, data["page"] - 1, "prev"),
                              ids.season_leaderboard(which, game, data["page"] + 1, "next")]
                    kind = SeasonLeaderboardButton
                    title = t("lb.title_season", game=game_name(game), n=which)
                    empty = t("lb.empty_season", game=game_name(game), n=which)
                controls = [
                    button(kind, ids_of[0], t("lb.prev"), disabled=data["page"] <= 1),
                    button(kind, ids_of[1], t("lb.next"), disabled=data["page"] >= data["pages"]),
                ]
                view = layout.card("### " + title, "\n".join(rows) if rows else empty,
                                   "-# " + t("lb.footer", page=data["page"], pages=data["pages"],
                                                   total=t("players_n", n=data["total"])),
                                   layout.rows(controls), accent=layout.GOLD)
            if edit:
                await interaction.response.edit_message(view=view, allowed_mentions=discord.AllowedMentions.none())
            else:
                await interaction.response.send_message(view=view, allowed_mentions=discord.AllowedMentions.none())

        await self.hub.answers.answer(interaction, "leaderboard", work)

    @app_commands.command(name="stats", description="A player's ratings and last games on this server")
    @app_commands.guild_only()
    @app_commands.describe(member="whose statistics (default: yours)")
    async def stats(self, interaction: Interaction, member: discord.Member | None = None) -> None:
        """``/stats``."""

        async def work() -> None:
            if interaction.guild_id is None:
                raise TableError(t("guild_only"))
            who = member or interaction.user
            data = await self.hub.service.player_stats(interaction.guild_id, who.id)
            # another member's statistics are posted for all, in the server's language; your own only to you
            with self.hub.languages.public_in(interaction.guild_id) if member is not None else nullcontext():
                view = self._stats_view(who, data)
            await interaction.response.send_message(view=view, ephemeral=member is None,
                                                    allowed_mentions=discord.AllowedMentions.none())

        await self.hub.answers.answer(interaction, "stats", work)

    @staticmethod
    def _stats_view(who: discord.abc.User, data: PlayerStats) -> discord.ui.LayoutView:
        """A member's statistics as a V2 message (in the context's language)."""
        parts = ["### " + t("stats.title", name=name_text(who.display_name))]
        if not data["games"] and not data["recent"] and not data["seasons"]:
            parts.append(t("stats.none", name=name_text(who.display_name)))
        for game, entry in data["games"].items():
            st = entry["standing"]
            parts.append(f"**{game_name(game)}**\n" + t(
                "stats.game", rating=rating_text(st.rating, st.games), rank=entry["rank"],
                games=t("hist.games_n", n=st.games), wins=st.wins,
                draws=st.draws, losses=st.losses, best=st.best_streak))
        recent = [t("stats.recent_row", game=game_name(g.game), players=t("players_n", n=g.players),
                    outcome=t(f"outcome.{g.outcome}") if g.outcome in ("win", "loss", "draw") else g.outcome,
                    points=g.game_points) for g in data["recent"]]
        if recent:
            parts.append(f"**{t('stats.recent')}**\n" + "\n".join(f"- {r}" for r in recent))
        past = [t("stats.season_row", season=s.season, game=game_name(s.game), place=s.place,
                  rating=rating_text(s.standing.rating, s.standing.games),
                  games=t("lb.games", n=s.standing.games, wins=s.standing.wins)) for s in data["seasons"]]
        if past:
            parts.append(f"**{t('stats.seasons')}**\n" + "\n".join(f"- {r}" for r in past))
        parts.append("-# " + t("stats.history"))
        return layout.card(*parts, accent=layout.NOTICE)

    @app_commands.command(name="history", description="The recent games of this server")
    @app_commands.guild_only()
    @app_commands.describe(member="only the games this member played", game="only this game")
    @app_commands.choices(game=GAME_CHOICES)
    async def history(self, interaction: Interaction, member: discord.Member | None = None,
                      game: Choice[str] | None = None) -> None:
        """``/history``."""
        await self.show_history(interaction, game.value if game else None, member.id if member else None, 1,
                                edit=False)

    async def show_history(self, interaction: Interaction, game: str | None, member: int | str | None,
                           page: int | str, *, edit: bool) -> None:
        """Page ``page`` of the guild's finished games (of ``member``, of ``game``), newest first, as a new
        message or in place of the clicked one. From a button's ``custom_id`` the filters and the page come as
        text and are checked before any use; a forged id, or a page that no longer exists, gets a short answer
        and changes nothing."""

        async def work() -> None:
            if interaction.guild_id is None:
                raise TableError(t("guild_only"))
            if isinstance(page, int):  # the command: checked by Discord
                number: int | None = page
                who = member if isinstance(member, int) else None
                which = game
            else:
                number = ids.page_number(page)
                who = ids.member_number(member) if isinstance(member, str) else None
                which = None if game == ids.HISTORY_ALL else game
                if who is None or (which is not None and which not in GAME_NAMES):
                    number = None
                who = who or None
            if number is None or number < 1:
                raise TableError(t("hist.bad_page"))
            data = await self.hub.service.recent_games(interaction.guild_id, user_id=who, game=which, page=number)
            if data["page"] > data["pages"]:  # fewer games than when the button was drawn
                raise TableError(t("hist.bad_page"))
            events = await self._tournaments_over(interaction.guild_id, which) if number == 1 and who is None else []
            with self.hub.languages.public_in(interaction.guild_id):  # a public message
                view = self._history_view(data, which, who, events)
            if edit:
                await interaction.response.edit_message(view=view, allowed_mentions=discord.AllowedMentions.none())
            else:
                await interaction.response.send_message(view=view, allowed_mentions=discord.AllowedMentions.none())

        await self.hub.answers.answer(interaction, "history", work)

    async def _tournaments_over(self, guild_id: int, game: str | None) -> list[tuple[int, str, str | None]]:
        """The guild's last finished tournaments (of ``game``), newest first: id, game and winner's name."""
        service = self.hub.service.tournaments
        out = []
        for row in await service.of_guild(guild_id, live=False, limit=TOURNAMENTS_SHOWN * 2):
            if row.status != "finished" or (game is not None and row.game != game):
                continue
            state = await service.state(row.id, guild_id)
            first = next((user for place, user in podium(state) if place == 1), None)
            out.append((row.id, row.game, state.name_of(first) if first is not None else None))
            if len(out) == TOURNAMENTS_SHOWN:
                break
        return out

    @staticmethod
    def _history_view(data: HistoryPage, game: str | None, member: int | None,
                      tournaments: Sequence[tuple[int, str, str | None]] = ()) -> discord.ui.LayoutView:
        """A page of ``/history`` as a V2 message (in the context's language), with the last tournaments over
        (page 1 without a member)."""
        name = None
        if member is not None:  # the name the member's last game on the page gives them, else a mention
            named = [row.seats[row.users.index(member)][0] for row in data["rows"] if member in row.users]
            name = name_text(named[0]) if named else f"<@{member}>"
        if game is not None and name is not None:
            title = t("hist.title_both", game=game_name(game), name=name)
        elif game is not None:
            title = t("hist.title_game", game=game_name(game))
        elif name is not None:
            title = t("hist.title_member", name=name)
        else:
            title = t("hist.title")
        rows = []
        for row in data["rows"]:
            names = [t("seat.ai", n=seat + 1) if ai is not None
                     else name_text(label) for seat, (label, ai) in enumerate(row.seats)]
            result = (t("hist.won_by", names=", ".join(names[s] for s in row.winners if s < len(names)))
                      if row.winners else t("hist.draw"))
            rows.append("- " + t("hist.row", date=format_day(row.finished_at), game=game_name(row.game),
                                 players=", ".join(names), result=result, id=row.id))
        controls = [
            button(HistoryButton, ids.history(game, member, data["page"] - 1, "prev"), t("lb.prev"),
                   disabled=data["page"] <= 1),
            button(HistoryButton, ids.history(game, member, data["page"] + 1, "next"), t("lb.next"),
                   disabled=data["page"] >= data["pages"]),
        ]
        events = ", ".join(t("tourn.history_item", id=i, game=game_name(g), name=name_text(n) if n else "?")
                           for i, g, n in tournaments)
        return layout.card("### " + title, "\n".join(rows) if rows else t("hist.empty"),
                           t("tourn.history", list=events) if events else None,
                           "-# " + t("hist.footer", page=data["page"], pages=data["pages"],
                                          games=t("hist.games_n", n=data["total"])),
                           layout.rows(controls), accent=layout.GOLD)

    @app_commands.command(name="rules", description="The rules of a game and its table options")
    @app_commands.describe(game="which game (default Briscola)")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: Interaction, game: Choice[str] | None = None) -> None:
        """``/rules``."""
        from cogs.rules_text import rules_view

        async def work() -> None:
            await interaction.response.send_message(view=rules_view(game.value if game else games.DEFAULT_GAME),
                                                    ephemeral=True)

        await self.hub.answers.answer(interaction, "rules", work)

    @app_commands.command(name="language", description="The language of the messages only you see")
    @app_commands.describe(language="your language (or your Discord client's)")
    @app_commands.choices(language=MEMBER_LANGUAGE_CHOICES)
    async def language(self, interaction: Interaction, language: Choice[str]) -> None:
        """``/language``: a member's own language for their hands, answers, ``/stats`` and ``/rules``, on every
        server (it beats their client's locale)."""

        async def work() -> None:
            chosen = language.value if language.value in LANGUAGES else None
            await self.hub.service.set_member_language(interaction.user.id, chosen)
            self.hub.languages.choose_for_member(interaction.user.id, chosen)
            with use_language(self.hub.languages.member(interaction)):  # said in the new language
                await self.hub.answers.tell(interaction, t("language.saved", language=LANGUAGE_NAMES[
                    self.hub.languages.member(interaction)]))

        await self.hub.answers.answer(interaction, "language", work)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Standings(bot))
