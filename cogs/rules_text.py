"""The ``/rules`` message of each game (its text lives in ``bot.rules_text.RULES``), in Components V2."""

from __future__ import annotations

from discord.ui import LayoutView

from cogs.render import layout
from cogs.texts import RULES, game_name, t


def rules_view(game: str) -> LayoutView:
    """The short rules of a game, then its table options explained."""
    text = RULES[game]
    return layout.card("### " + game_name(game), text["summary"], layout.separator(),
                       f"**{t('lobby.options')}**\n" + text["options"], accent=layout.TABLE)
