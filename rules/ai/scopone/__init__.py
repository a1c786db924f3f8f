"""Scopone's AI package: the levels of ``rules.ai.scopa`` (``medium`` plays for the partner in teams),
registered under Scopone's name (``rules.ai.registry``)."""

from __future__ import annotations

from rules.ai.registry import register
from rules.ai.scopa import game_ai_of
from rules.games.scopa.engine import SCOPONE_SPEC

AI = register(game_ai_of(SCOPONE_SPEC.name))
