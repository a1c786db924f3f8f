"""The ``/rules`` message of each game (its text lives in ``bot.rules_text.RULES``), in Components V2."""

from __future__ import annotations

from discord.ui import LayoutView

from bot.i18n import gettext
from bot.rules_text import rules_text
from cogs.render import layout
from cogs.texts import game_name


def rules_view(game: str) -> LayoutView:
    """A game's rules: every section, its heading in bold then its text, in the context's language."""
    sections = [f"**{heading}**\n{text}" for heading, text in rules_text(game, gettext)]
    return layout.card("### " + game_name(game), "\n\n".join(sections), accent=layout.TABLE)
