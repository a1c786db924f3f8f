"""``/replay game:<id>``: the animated picture of a finished game of this server (``images.replay``), in
Components V2."""

from __future__ import annotations

import io
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.tables import TableError
from cogs.play.hub import Hub, hub_of
from cogs.render import layout
from cogs.texts import game_name, level_name, t
from cogs.types import Interaction, TavoloBot
from images.replay import ReplayTooLarge, replay_webp
from rules.records import ReplayError

log = logging.getLogger(__name__)

REPLAY_FILE = "replay.webp"
GAME_ID_MAX = 2**53 - 1
"""The largest whole number a Discord integer option carries."""


def players_text(record: dict[str, Any]) -> str:
    """The record's seats as names (an AI seat by its level), in the context's language."""
    names = []
    for n, seat in enumerate(record.get("seats") or []):
        ai = seat.get("ai") if isinstance(seat, dict) else None
        if ai is not None:
            names.append(t("seat.ai", n=n + 1, level=level_name(ai)))
        else:
            names.append(discord.utils.escape_markdown(str(seat.get("name") if isinstance(seat, dict) else seat)))
    return ", ".join(names)


def replay_layout(game_id: int, record: dict[str, Any]) -> discord.ui.LayoutView:
    """The replay message: its title, the players and the animation in a media gallery."""
    title = t("replay.title", id=game_id, game=game_name(str(record.get("game"))))
    return layout.card("### " + title, players_text(record),
                       layout.gallery(REPLAY_FILE, t("replay.alt", game=game_name(str(record.get("game"))))),
                       "-# " + t("replay.footer"), accent=layout.GOLD)


class Replays(commands.Cog):
    """Replays of finished games."""

    def __init__(self, bot: TavoloBot) -> None:
        self.bot = bot

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
        server's game, gets a short ephemeral refusal. The picture is drawn in the render threads (the
        answer is deferred while it takes long)."""

        async def work() -> None:
            guild_id = interaction.guild_id
            if guild_id is None:
                raise TableError(t("guild_only"))
            record = await self.hub.service.game_record(game)
            if not isinstance(record, dict) or record.get("guild") != guild_id:
                raise TableError(t("replay.unknown", id=game))

            async def build() -> dict[str, Any]:
                with self.hub.languages.public_in(guild_id):  # a public message, pictures included
                    try:
                        data = await self.hub.run(replay_webp, record)
                    except (ReplayError, ReplayTooLarge) as e:
                        log.warning("no replay of game %s: %s", game, e)
                        raise TableError(t("replay.failed", id=game)) from None
                    view = replay_layout(game, record)
                return {"view": view, "file": discord.File(io.BytesIO(data), filename=REPLAY_FILE),
                        "allowed_mentions": discord.AllowedMentions.none()}

            await self.hub.answers.send(interaction, build, ephemeral=False)

        await self.hub.answers.answer(interaction, "replay", work)


async def setup(bot: TavoloBot) -> None:
    """Extension entry point."""
    await bot.add_cog(Replays(bot))
