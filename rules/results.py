"""A scored round as a typed, frozen value, and its record form.

Each game scores a round into its own ``RoundResult`` subclass (its fields in record order); the match keeps
``as_record()`` in the game record and in its views (``last_result``), so records read as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

__all__ = ["RoundResult", "omitted_when_none", "plain"]


def omitted_when_none() -> Any:
    """A field (default ``None``) left out of the record form while it is ``None``: a key that does not apply
    to this round."""
    return field(default=None, metadata={"omit_none": True})


def plain(value: object) -> object:
    """``value`` as record data: tuples as lists, mappings as dicts, typed results as their record form."""
    if isinstance(value, RoundResult):
        return value.as_record()
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class RoundResult:
    """A scored round; every game's result holds ``game_points``, per seat for this round (the match adds
    them to its totals from the record form)."""

    def as_record(self) -> dict[str, Any]:
        """The round's ``result`` entry of a game record: each field in order, those marked
        ``omitted_when_none`` left out while ``None``."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.metadata.get("omit_none"):
                continue
            out[f.name] = plain(value)
        return out

