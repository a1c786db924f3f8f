"""One live table in memory: its lobby or seats, its match, and the rebuilding of both from storage."""

from __future__ import annotations

import asyncio
import logging
import random
from dataclasses import dataclass, field, fields, replace

from bot.storage import Lease, LiveTableRow, TableFacts
from bot.storage.rows import JsonObject
from bot.tables.clock import TimerHandle
from rules.actions import Action, IllegalAction
from rules.engine import Match
from rules.games import spec
from rules.records import clip_name, new_game

log = logging.getLogger(__name__)

TIMEOUTS_TO_AI = 3
"""Timeouts in a row that hand a seat to the AI for the rest of the game."""


@dataclass
class Seat:
    """Who holds a lobby place or a seat: a user, or an AI of a level."""

    user_id: int | None
    name: str
    ai: str | None = None
    """The level of a seat the AI holds from the start; ``None`` for a user."""
    away: str | None = None
    """``left`` or ``timeouts`` once the AI of the table's level plays this user's seat."""
    timeouts: int = 0
    """Turns timed out in a row."""
    leave_noted: bool = False
    """The ``leave`` entry has been written (before the AI's first action for the seat)."""

    def __post_init__(self) -> None:
        """The name clipped to ``NAME_LIMIT`` characters where it enters (a member's display name, a stored
        seat): every text and picture of the table shows it, and none should pay for a longer one."""
        self.name = clip_name(str(self.name))

    @property
    def human(self) -> bool:
        """A user plays this seat now."""
        return self.user_id is not None and self.away is None

    def to_json(self) -> JsonObject:
        """The stored form (only what cannot be rebuilt from the log)."""
        d: JsonObject = {"user_id": self.user_id, "name": self.name, "ai": self.ai}
        if self.away == "left":
            d["away"] = "left"
        return d

    @classmethod
    def from_json(cls, d: JsonObject) -> Seat:
        """From the stored form."""
        return cls(d.get("user_id"), d.get("name") or "", d.get("ai"), d.get("away"))


@dataclass(frozen=True)
class SeatInfo:
    """A seat as front ends see it."""

    seat: int | None
    """The engine seat, ``None`` in the lobby."""
    user_id: int | None
    name: str
    ai: str | None
    away: str | None


@dataclass(frozen=True)
class TableInfo(TableFacts):
    """A snapshot of a table for front ends: its facts (``TableFacts``: id, guild, channel, host, game,
    players, options, level) and where it stands."""

    status: str
    """``lobby``, ``playing`` or ``finished``."""
    seats: tuple[SeatInfo, ...]
    """The lobby in join order, or the seats in seat order once playing."""
    to_move: int | None
    version: int
    """Record entries stored so far: pass it back with an action to refuse a stale click."""
    deadline_at: float | None
    """Unix time at which the current human turn times out, or ``None``."""


def team_groups(spec: str) -> list[list[int]]:
    """``"13-24"`` → ``[[0, 2], [1, 3]]``: join positions (0-based) per team."""
    return [[int(ch) - 1 for ch in part] for part in spec.split("-")]


def assign_seats(game: str, players: int, options: JsonObject, lobby: list[Seat], seed: int) -> list[Seat]:
    """Seat the lobby (already filled to ``players``, in join order) at the engine's seats.

    A game with teams and a ``teams`` option (Briscola 4 and 6): the option says who partners whom by join
    order, and partners sit at the spec's sides ({0, 2} / {1, 3}, or {0, 2, 4} / {1, 3, 5}); ``random``
    shuffles with the table's seed. Otherwise: join order."""
    order = list(lobby)
    teams = options.get("teams")
    game_spec = spec(game)
    if teams and game_spec.applies("teams", players) and game_spec.has_teams(players):
        if teams == "random":
            random.Random(f"{seed}:seats").shuffle(order)
            return order
        seats: list[Seat | None] = [None] * players
        for side, group in zip(game_spec.sides(players), team_groups(teams)):
            for seat, joined in zip(side, group):
                seats[seat] = order[joined]
        assert all(s is not None for s in seats)
        return [s for s in seats if s is not None]
    return order


@dataclass
class Table:
    """A live table. The service changes it only under ``lock``.

    ``facts`` are what it is (the same record the store keeps and front ends see); its fields read as the
    table's own (``t.game``), and only the host changes."""

    facts: TableFacts
    seed: int
    status: str
    seats: list[Seat]
    """The lobby in join order, then the seats in seat order."""
    match: Match | None = None
    version: int = 0
    """Record entries stored (actions and notes)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    timers: list[TimerHandle] = field(default_factory=list)
    deadline_at: float | None = None
    team_chat_open: bool = False
    finishing: bool = False
    seq: int = 0
    ended: str | None = None
    """Why the service forgot this table: ``closed`` (a lobby), ``aborted``, ``finished`` or ``lost`` (another
    process took it over)."""
    failed_writes: int = 0
    """Writes tried again in a row after a failure (an AI turn, an automatic play, the finished game)."""
    lease: Lease | None = None
    """The lease this process runs the table by (shards over processes), carried by every write of it;
    ``None`` when the service runs without leases (one process, every shard)."""

    @classmethod
    def from_row(cls, row: LiveTableRow) -> Table:
        """The table a stored row describes, in its lobby or seated (its log not replayed yet)."""
        facts = TableFacts(**{f.name: getattr(row, f.name) for f in fields(TableFacts)})
        return cls(facts, row.seed, row.status, [Seat.from_json(s) for s in row.seats])

    @property
    def id(self) -> int:
        """The table's id (its row in the store)."""
        return self.facts.id

    @property
    def guild_id(self) -> int:
        """The guild it is played in."""
        return self.facts.guild_id

    @property
    def channel_id(self) -> int:
        """The channel it is played in."""
        return self.facts.channel_id

    @property
    def host_id(self) -> int:
        """The user who runs the table."""
        return self.facts.host_id

    @host_id.setter
    def host_id(self, user_id: int) -> None:
        self.facts = replace(self.facts, host_id=user_id)

    @property
    def game(self) -> str:
        """The game's registered name."""
        return self.facts.game

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.facts.players

    @property
    def options(self) -> JsonObject:
        """The table's validated options."""
        return self.facts.options

    @property
    def level(self) -> str:
        """The level of the AI players that fill empty places and play for users who are away."""
        return self.facts.level

    def seat_of(self, user_id: int) -> int | None:
        """The seat (or lobby place) of a user, ``None`` when not at this table (or gone)."""
        for i, s in enumerate(self.seats):
            if s.user_id == user_id and s.away != "left":
                return i
        return None

    def controller(self, seat: int) -> str | None:
        """The AI level playing ``seat`` now, ``None`` when a user does."""
        s = self.seats[seat]
        if s.ai is not None:
            return s.ai
        return self.level if s.away else None

    def rng_for(self, version: int) -> random.Random:
        """The generator an AI decision at this point uses: the same seed and entry count give the same
        choice, so a replayed or resumed game is reproducible."""
        return random.Random(f"{self.seed}:{version}")

    def info(self) -> TableInfo:
        """A snapshot for front ends."""
        playing = self.status == "playing"
        facts = {f.name: getattr(self.facts, f.name) for f in fields(TableFacts)}
        facts["options"] = dict(self.options)
        return TableInfo(
            **facts, status=self.status,
            seats=tuple(SeatInfo(i if playing else None, s.user_id, s.name, s.ai, s.away)
                        for i, s in enumerate(self.seats)),
            to_move=self.match.to_move() if self.match is not None else None,
            version=self.version, deadline_at=self.deadline_at,
        )

    def team_chat_due(self) -> bool:
        """Has the moment come for the teams' private threads (``team_chat``)?"""
        when = self.options.get("team_chat")
        m = self.match
        if m is None or when in (None, "off"):
            return False
        if any("result" in r for r in m.rounds):
            return True
        if when == "after_first_trick":
            return m.tricks_done() >= 1  # a trick, or (no tricks) a play by every seat
        return False

    def replay(self, entries: list[JsonObject]) -> None:
        """Rebuild the match and the seats' states from the stored entries (the service's own rules for
        notes, timeouts and automatic plays, applied again). Raises ``RulesError`` on a bad log."""
        match = new_game(self.game, self.players, self.options, self.seed)
        left = [s.away == "left" for s in self.seats]
        for s in self.seats:
            s.away, s.timeouts, s.leave_noted = None, 0, False
        previous: JsonObject | None = None
        for entry in entries:
            action = Action.from_json(entry)
            seat = entry.get("seat")
            if not isinstance(seat, int) or not 0 <= seat < self.players:
                raise IllegalAction(f"entry {entry!r} names no seat of this table")
            st = self.seats[seat]
            if action is None:
                match.note(entry)
                if entry.get("timeout"):
                    st.timeouts += 1
                    if st.timeouts >= TIMEOUTS_TO_AI and st.away is None:
                        st.away = "timeouts"
                if entry.get("leave"):
                    st.away = "left"
                    st.leave_noted = True
                previous = entry
                continue
            forced = match.auto_action()
            by_ai = previous is not None and previous.get("seat") == seat
            if forced is None and not by_ai and st.human:
                st.timeouts = 0
            match.apply(action, seat)
            previous = None
        for s, gone in zip(self.seats, left):
            if gone:
                s.away = "left"
        self.match = match
        self.version = len(entries)
        self.team_chat_open = self.team_chat_due()
