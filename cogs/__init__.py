"""Tavolo's Discord adapter: slash commands and views, loaded as discord.py extensions by ``bot.app``."""
