"""The types every cog shares: ``Interaction``, a discord.py interaction received by the ``TavoloBot``."""

from __future__ import annotations

from typing import TypeAlias

import discord

from bot.app import TavoloBot

Interaction: TypeAlias = discord.Interaction[TavoloBot]
"""An interaction whose ``client`` is the Tavolo bot (``interaction.client.service``...)."""

__all__ = ["Interaction", "TavoloBot"]
