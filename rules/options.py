"""Table options: their specifications, validation with clear errors, and normalisation."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from rules.actions import N_, OptionError, brief

MAX_VALUE_LENGTH = 100
"""Longest option value text that is read at all."""


def _readable(raw: object) -> bool:
    """An option value worth reading: a short text, a bool, or a whole number of sane size."""
    if isinstance(raw, str):
        return len(raw) <= MAX_VALUE_LENGTH
    return isinstance(raw, int) and -(10**9) < raw < 10**9


@dataclass(frozen=True)
class OptionSpec:
    """One option: its allowed values (default first), or a parser for free values, and the player
    counts it applies to (``None``: every count the game supports)."""

    name: str
    values: tuple[str, ...]
    players: tuple[int, ...] | None = None
    parse: Callable[[str], object] | None = None
    describe: str = ""
    """How the allowed values read in an error, when they are not a plain list."""
    values_by_players: Mapping[int, tuple[str, ...]] | None = None
    label: str = ""
    """The option's name as players read it (a catalogue text, marked ``N_``), for an option of a game's own;
    empty: the front ends name it from their shared table (``bot.names``)."""
    value_labels: Mapping[str, str] | None = None
    """How some of its values read (catalogue texts), where the shared table has no name for them."""

    def allowed(self, players: int) -> tuple[str, ...]:
        """Allowed values for a player count."""
        if self.values_by_players and players in self.values_by_players:
            return self.values_by_players[players]
        return self.values

    def default(self, players: int) -> object:
        """The default value for a player count."""
        v = self.allowed(players)[0]
        return self.parse(v) if self.parse else v


def parse_timer(text: str) -> object:
    """``off`` or a whole number of seconds from 15 to 600."""
    t = str(text).strip().lower()
    if t == "off":
        return "off"
    if t.isdigit() and 15 <= int(t) <= 600:
        return int(t)
    raise ValueError


TURN_TIMER = OptionSpec(
    "turn_timer", ("120", "off"), parse=parse_timer, describe="120 (default), any whole number 15-600, or off"
)
TEAM_CHAT = ("after_first_trick", "after_first_round", "off")
HINTS = OptionSpec("hints", ("off", "on"))
"""A practice table: a Hint button on each hand shows the AI's preferred action; such a game is not rated."""


def validate(
    game: str, specs: Mapping[str, OptionSpec], players: int, given: Mapping[str, object] | None
) -> dict[str, Any]:
    """Check ``given`` against ``specs`` and return every option of this player count, with defaults.

    Raises ``OptionError`` naming the option and its allowed values."""
    if given is not None and not isinstance(given, Mapping):
        raise OptionError(f"options must be names with values, not {brief(given)}")
    given = dict(given or {})
    out: dict[str, Any] = {}
    for name, raw in given.items():
        spec = specs.get(name) if isinstance(name, str) else None
        if spec is None:
            known = ", ".join(sorted(n for n, s in specs.items() if s.players is None or players in s.players))
            raise OptionError(N_("unknown option {name} for {game}; options are: {known}"), name=brief(name), game=game,
                              known=known)
        if not _readable(raw):
            raise OptionError(N_("bad value {value} for option {name}; a value is a word or a number"),
                              value=brief(raw), name=repr(name))
        if spec.players is not None and players not in spec.players:
            counts = ", ".join(str(p) for p in spec.players)
            raise OptionError(N_("option {name} applies only to {game} with {counts} players, not {players}"),
                              name=repr(name), game=game, counts=counts, players=players)
        allowed = spec.allowed(players)
        text = str(raw).strip().lower() if not isinstance(raw, bool) else ("on" if raw else "off")
        if spec.parse is not None:
            try:
                out[name] = spec.parse(text)
            except ValueError:
                raise OptionError(N_("bad value {value} for option {name}; allowed: {allowed}"), value=repr(raw),
                                  name=repr(name), allowed=spec.describe) from None
        else:
            if text not in allowed:
                raise OptionError(
                    N_("bad value {value} for option {name} with {players} players; allowed: {allowed}"),
                    value=repr(raw), name=repr(name), players=players, allowed=", ".join(allowed),
                )
            out[name] = text
    for name, spec in specs.items():
        if name not in out and (spec.players is None or players in spec.players):
            out[name] = spec.default(players)
    return out


def parse_option_args(pairs: list[str] | None) -> dict[str, str]:
    """Parse ``k=v`` command-line pairs into a dict; raises ``OptionError`` on a malformed pair."""
    out: dict[str, str] = {}
    for p in pairs or []:
        if "=" not in p:
            raise OptionError(N_("options are written name=value, got {text}"), text=brief(p))
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out
