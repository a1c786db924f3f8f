"""The terminal's Scopone lines: Scopa's (``bot.tools.views.scopa``: the same table, plays and round points),
registered under Scopone's name."""

from __future__ import annotations

import dataclasses

from bot.tools.views import register
from bot.tools.views.scopa import VIEW as SCOPA_VIEW
from rules.games.scopa.rules import SCOPONE

VIEW = register(dataclasses.replace(SCOPA_VIEW, game=SCOPONE))
