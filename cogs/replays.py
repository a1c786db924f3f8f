"""After the game: ``/replay game:<id>`` and the summary's Replay button (the animated picture of a finished game
of this server, ``images.replay``), ``/review game:<id>`` and the summary's Review button (a player's costliest
decisions, only for them, ``bot.tables.reviews``), and the Hint button of a practice table's hand."""

from __future__ import annotations

import io
import logging
import time
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.names import error_text, percent, why_text, win_points
from bot.storage.rows import JsonObject
from bot.tables import TableError
from bot.tables.reviews import Review
from cogs import ids
from cogs.markup import name_text
from cogs.play.answers import Fields
from cogs.play.hub import Hub, hub_of
from cogs.render import layout
from cogs.render.games import for_game
from cogs.texts import card_name, game_name, t
from cogs.types import Interaction, TavoloBot
from images.hand import hand_png
from images.replay import MAX_BYTES, ReplayTooLarge, ReplayTooSlow, record_seats, replay_webp
from rules.actions import Action
from rules.ai.review import MIN_SEVERITY, ActionValue, Judged, severity, why
from rules.records import ReplayError
from rules.view import GameView

log = logging.getLogger(__name__)

REPLAY_FILE = "replay.webp"
REPLAY_AGAIN = 60.0
"""Seconds after a replay was asked for in a channel before the same game's replay is posted there again."""
GAME_ID_MAX = 2**53 - 1
"""The largest whole number a Discord integer option carries."""
REPLAYS_PER_SERVER = 2
"""Replays of one server drawn (or waiting to be) at once; a member has one at a time."""
REPLAYS_AT_ONCE = 4
"""Replays of all servers drawn (or waiting for the replay thread) at once."""
REPLAY_SECONDS = 60.0
"""The longest a replay may take, waiting for the replay thread included; then it is given up with a message."""


def players_text(record: JsonObject) -> str:
    """The record's seats as names (an AI seat by its number, as the table named it), in the context's
    language."""
    names = []
    for n, seat in enumerate(record.get("seats") or []):
        ai = seat.get("ai") if isinstance(seat, dict) else None
        if ai is not None:
            names.append(t("seat.ai", n=n + 1))
        else:
            names.append(name_text(seat.get("name") if isinstance(seat, dict) else seat))
    return ", ".join(names)


def replay_layout(game_id: int, record: JsonObject) -> discord.ui.LayoutView:
    """The replay message: its title, the players and the animation in a media gallery."""
    title = t("replay.title", id=game_id, game=game_name(str(record.get("game"))))
    return layout.card("### " + title, players_text(record),
                       layout.gallery(REPLAY_FILE, t("replay.alt", game=game_name(str(record.get("game"))))),
                       "-# " + t("replay.footer"), accent=layout.GOLD)


def review_picture(n: int) -> str:
    """The file name of decision ``n``'s picture in a review message."""
    return f"review-{n}.png"


def action_name(game: str, action: Action, faces: str = "italian") -> str:
    """An action as the hand's controls name it: a card, a capture or placing (as the game's render names a play
    that takes), a play the game names its own way (its render's ``play_label``), an exchange, a call."""
    if action.kind == "play" and action.card is not None:
        play_label = for_game(game).play_label
        if play_label is not None:
            return play_label(action, faces)
        take_label = for_game(game).take_label
        if action.take is not None and take_label is not None:
            return take_label(action, faces)
        return card_name(action.card, faces)
    if action.kind == "exchange" and action.card is not None:
        return t("hand.exchange", card=card_name(action.card, faces))
    if action.kind == "call" and action.card is not None:
        return t("hand.call", card=card_name(action.card, faces))
    return str(action)


def _where(record: JsonObject, j: Judged) -> str:
    """Where a decision was: its trick (a Cicera turn, Chiamata's call), and its round when the record has
    several."""
    key = for_game(str(record.get("game"))).turn_key
    if getattr(j.view, "phase", None) == "call":
        key = "review.call"
    if len(record.get("rounds") or ()) > 1:
        return t(key + "_of_round", n=j.turn, round=j.round + 1)
    return t(key, n=j.turn)


def decision_text(record: JsonObject, n: int, j: Judged, faces: str) -> str:
    """One decision of a review: where, what was played, what the AI prefers, and what the difference is
    worth in card points (Cicera: points of the deal's score) and in win chance."""
    render = for_game(str(record.get("game")))
    points = f"{j.cost_points:.1f}"
    win = str(win_points(j.played.win, j.best.win))
    if win == "0":  # the cost is in points alone
        cost = t(render.cost_points_key, points=points)
    elif points in ("0.0", "-0.0"):  # in win chance alone
        cost = t("review.cost_win", win=win, before=percent(j.played.win), after=percent(j.best.win))
    else:
        cost = t(render.cost_key, points=points, win=win,
                 before=percent(j.played.win), after=percent(j.best.win))
    return "\n".join([
        t("review.decision", n=n, where=_where(record, j), played=action_name(render.game, j.played.action, faces),
          best=action_name(render.game, j.best.action, faces)),
        cost,
    ])


def review_fields(review: Review) -> Fields:
    """The review message (ephemeral): a title, each decision's text over the picture of the hand and the
    trick as the player saw them, and a footer; the pictures as files."""
    record = review.record
    faces = "french" if (record.get("options") or {}).get("faces") == "french" else "italian"
    game = game_name(str(record.get("game")))
    parts: list[layout.Part] = ["### " + t("review.title", id=review.game_id, game=game)]
    files = []
    if not review.reviewed:
        parts.append(t("review.nothing"))
    elif not review.decisions:
        parts.append(t("review.none"))
    else:
        parts.append(t("review.intro"))
    seats = record_seats(record, int(record.get("players") or 0))
    for n, j in enumerate(review.decisions, 1):
        parts.append(layout.separator())
        parts.append(decision_text(record, n, j, faces))
        name = review_picture(n)
        parts.append(layout.gallery(name, t("review.alt", n=n)))
        files.append(discord.File(io.BytesIO(hand_png(j.view, seats)), filename=name))
    parts.append("-# " + t("review.footer"))
    return {"view": layout.card(*parts, accent=layout.GOLD), "files": files}


def hint_text(view: GameView, values: list[ActionValue], faces: str) -> str:
    """A hint: the AI's preferred action with its win chance and expected points, a line of what it does, and
    the next best (said to be about as good when the two are within what a review would call a cost)."""
    best, game = values[0], view.game
    lines = [t(for_game(game).hint_key, action=action_name(game, best.action, faces), win=percent(best.win),
               points=f"{best.points:.0f}"),
             why_text(view.game, *why(view, best.action))]
    if len(values) > 1:
        other = values[1]
        gap = severity(game, best.points, best.win) - severity(game, other.points, other.win)
        lines.append(t("hint.tie" if gap < MIN_SEVERITY[game] else "hint.next",
                       action=action_name(game, other.action, faces),
                       win=percent(other.win), points=f"{other.points:.0f}"))
    return "\n".join(lines)


class Replays(commands.Cog):
    """Replays, reviews and hints."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot
        self._replays: dict[tuple[int | None, int], float] = {}
        """(channel, game) → when its replay began to be drawn there (``time.monotonic``), for ``REPLAY_AGAIN``."""
        self._drawing: dict[int, tuple[int, int]] = {}
        """member → (server, game) of the replay being drawn for them (``REPLAYS_PER_SERVER``, ``REPLAYS_AT_ONCE``)."""

    @property
    def hub(self) -> Hub:
        """The play hub: the service, the render threads and the answers."""
        return hub_of(self.bot)

    @app_commands.command(name="replay", description="An animated replay of a finished game of this server")
    @app_commands.guild_only()
    @app_commands.describe(game="the game's id (as /history shows it)")
    async def replay(self, interaction: Interaction,
                     game: app_commands.Range[int, 1, GAME_ID_MAX]) -> None:
        """``/replay``: a public message with the animation of game ``game``; an unknown id, or another
        server's game, gets a short ephemeral refusal."""
        await self.hub.answers.answer(interaction, "replay", lambda: self._post_replay(interaction, game))

    async def on_replay(self, interaction: Interaction, game_id: int) -> None:
        """The summary's Replay button: as ``/replay`` for its game."""
        await self.hub.answers.answer(interaction, "replay", lambda: self._post_replay(interaction, game_id))

    async def _post_replay(self, interaction: Interaction, game: int) -> None:
        """The replay message of game ``game`` of this server. The picture is drawn in the render threads (the
        answer is deferred while it takes long)."""
        guild_id = interaction.guild_id
        if guild_id is None:
            raise TableError(t("guild_only"))
        record = await self.hub.service.game_record(game) if game <= ids.MAX_ID else None
        if not isinstance(record, dict) or record.get("guild") != guild_id:
            raise TableError(t("replay.unknown", id=game))
        now = time.monotonic()
        self._replays = {k: at for k, at in self._replays.items() if now - at < REPLAY_AGAIN}
        key = (interaction.channel_id, game)
        if key in self._replays:  # one animation a channel at a time: it is public, and drawing one takes seconds
            raise TableError(t("replay.recent", id=game))
        self._check_room(interaction.user.id, guild_id)
        self._replays[key] = now
        user = interaction.user.id
        self._drawing[user] = (guild_id, game)

        started: list[bool] = []

        async def build() -> Fields:
            started.append(True)
            try:
                with self.hub.languages.public_in(guild_id):  # a public message, pictures included
                    try:
                        data = await self.draw(record, time.monotonic() + REPLAY_SECONDS)
                    except (ReplayError, ReplayTooLarge, ReplayTooSlow) as e:
                        log.warning("no replay of game %s: %s", game, e)
                        self._replays.pop(key, None)
                        slow = isinstance(e, ReplayTooSlow)
                        raise TableError(t("replay.slow" if slow else "replay.failed", id=game)) from None
                    view = replay_layout(game, record)
            finally:
                self._drawing.pop(user, None)
            return {"view": view, "file": discord.File(io.BytesIO(data), filename=REPLAY_FILE),
                    "allowed_mentions": discord.AllowedMentions.none()}

        try:
            await self.hub.answers.send(interaction, build, ephemeral=False)
        finally:
            if not started:  # (the drawing never began: its place is free again)
                self._drawing.pop(user, None)

    def _check_room(self, user: int, guild_id: int) -> None:
        """Refuse a replay beyond the limits: one a member, ``REPLAYS_PER_SERVER`` a server, ``REPLAYS_AT_ONCE``
        in all (each waits for the one replay thread, so no member can keep the others waiting long)."""
        if user in self._drawing:
            raise TableError(t("replay.busy_member", id=self._drawing[user][1]))
        here = sum(1 for guild, _game in self._drawing.values() if guild == guild_id)
        if here >= REPLAYS_PER_SERVER:
            raise TableError(t("replay.busy_server", n=here))
        if len(self._drawing) >= REPLAYS_AT_ONCE:
            raise TableError(t("replay.busy"))

    async def draw(self, record: JsonObject, deadline: float) -> bytes:
        """The replay's animation, drawn in the replay thread; ``ReplayTooSlow`` once ``deadline``
        (``time.monotonic``) has passed, the wait for the thread included: the drawing checks it between frames,
        so a replay gives its thread up at its deadline and one that waited past it gives up at once."""
        return await self.hub.run_replay(replay_webp, record, MAX_BYTES, deadline)

    @app_commands.command(name="review", description="Your costliest decisions in a finished game you played")
    @app_commands.guild_only()
    @app_commands.describe(game="the game's id (as /history shows it)")
    async def review(self, interaction: Interaction,
                     game: app_commands.Range[int, 1, GAME_ID_MAX]) -> None:
        """``/review``: as the summary's Review button, for game ``game``."""
        await self.hub.answers.answer(interaction, "review", lambda: self._review(interaction, game))

    async def on_review(self, interaction: Interaction, game_id: int) -> None:
        """The summary's Review button."""
        await self.hub.answers.answer(interaction, "review", lambda: self._review(interaction, game_id))

    async def _review(self, interaction: Interaction, game: int) -> None:
        """Only for the presser (ephemeral): a stored review at once (deferred while its pictures are drawn);
        else a "working" message at once, edited into the review when the search is done (seconds; a long
        match up to a minute). A member who did not play the game here gets a short refusal."""
        service = self.hub.service
        if interaction.guild_id is None:
            raise TableError(t("guild_only"))
        if game > ids.MAX_ID:
            raise TableError(t("replay.unknown", id=game))
        stored = await service.stored_review(game, interaction.user.id, interaction.guild_id)
        if stored is not None:

            async def build() -> Fields:
                return await self.hub.run(review_fields, stored)

            await self.hub.answers.send(interaction, build, ephemeral=True)
            return
        await interaction.response.send_message(ephemeral=True, view=layout.notice(t("review.working", id=game)))
        try:
            done = await service.review(game, interaction.user.id, interaction.guild_id)
            fields = await self.hub.run(review_fields, done)
        except TableError as e:  # the working message says why instead
            await self._edit_working(interaction, game, view=layout.notice(str(e), accent=layout.WARNING))
            return
        except Exception:
            log.exception("the review of game %d failed", game)
            await self._edit_working(interaction, game, view=layout.notice(t("error"), accent=layout.WARNING))
            return
        await self._edit_working(interaction, game, view=fields["view"], attachments=fields["files"])

    @staticmethod
    async def _edit_working(interaction: Interaction, game: int, **fields: Any) -> None:
        """The "working" message becomes the review (or says why not); its token may have run out (15 minutes),
        and then the review waits, stored, for the next press."""
        try:
            await interaction.edit_original_response(**fields)
        except discord.HTTPException as e:
            log.info("showing the review of game %d failed: %s", game, e)

    async def on_hint(self, interaction: Interaction, table_id: int, version: int) -> None:
        """A practice table's Hint button: the AI's preferred action for the presser's turn, only for them
        (deferred while the search runs)."""

        async def work() -> None:
            service = self.hub.service
            if table_id > ids.MAX_ID:  # forged: no such table
                raise TableError(t("click.no_table"))
            info = service.get(table_id)
            if info.channel_id != interaction.channel_id:
                raise TableError(t("click.elsewhere"))
            if info.version != version:
                raise TableError(t("hint.stale"))
            faces = "french" if info.options.get("faces") == "french" else "italian"

            async def build() -> Fields:
                try:
                    hint = await service.hint(table_id, interaction.user.id)
                except TableError as e:  # (the answer may be deferred already: it says why instead)
                    return {"view": layout.notice(error_text(e), accent=layout.WARNING)}
                return {"view": layout.notice(hint_text(hint.view, hint.values, faces))}

            await self.hub.answers.send(interaction, build, ephemeral=True)

        await self.hub.answers.answer(interaction, "hint", work)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Replays(bot))
