"""The playing side of Tavolo on Discord, one module per job:

- ``_cog``: the extension (``setup``, ``teardown``), loaded first;
- ``hub``: the ``Hub`` (``bot.hub``), the shared state of the live tables and the wiring of the parts below;
- ``events``: the service's events, from kind to handler;
- ``tables``: the public table messages and round summaries;
- ``hands``: the players' ephemeral hand messages;
- ``threads``: the team threads;
- ``answers``: answering clicks (refusals, deferral) in the member's language;
- ``languages``: whose language where (the guild's for public messages, the member's for their own);
- ``checks``: the checks of a click on a table's controls;
- ``lobby``: opening tables, the lobby's controls, Rematch, ``/table leave|abort``;
- ``moves``: My hand and the hand message's controls;
- ``state``: what is remembered of each table on Discord.
"""

from cogs.play._cog import setup, teardown

__all__ = ["setup", "teardown"]
