"""What a table tells its front ends: one ``TableEvent`` per thing that happened, in order.

The service's own kinds are the members of ``EventKind`` (a ``StrEnum``: each member is equal to its text,
so ``event.kind == "game_over"`` and ``event.kind == EventKind.GAME_OVER`` both hold), and each has a typed
payload below (``Turn``, ``GameOver``...): the service builds one to emit the event, so every field is checked
where it is made, and a front end may read it typed as ``event.payload`` (or by key, as ``event["seat"]``). The
engines' events come through the same way: the engine's typed ``rules.events.Event`` is the payload, its
``KIND`` the kind (``round_start``, ``play``, ``trick``, ``draw``, ``exchange``, ``conquest``, ``bid``, ``pass``,
``auction_won``, ``passed_out``, ``trump``, ``discard``, ``call``, ``partner_revealed``, ``deal_end``,
``round_over``, ``match_over``) and its fields the data.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from bot.tables.table import SeatInfo, TableInfo
    from rules.events import Event


class EventKind(StrEnum):
    """The service's own event kinds; ``doc`` says what the event's data holds."""

    CREATED = "created", "a table opened its lobby: ``table`` (a ``TableInfo``)"
    JOINED = "joined", "a player sat down in the lobby: ``user_id``, ``name``"
    LEFT = "left", "a player left: ``user_id``, ``seat`` (``None`` in the lobby)"
    KICKED = "kicked", "the host removed a player from the lobby: ``user_id``"
    HOST_CHANGED = "host_changed", "the host left the lobby and another player hosts it: ``host_id``"
    AI_ADDED = "ai_added", "an AI seat was added to the lobby: ``level``"
    AI_REMOVED = "ai_removed", "an AI seat was removed from the lobby: ``level``"
    CANCELLED = "cancelled", "the host closed the lobby (or every player left it)"
    ABORTED = "aborted", ("the host or a server manager stopped the table (lobby or game in play); it is stored "
                          "as aborted, unrated: ``by`` (user id), ``table`` (the ``TableInfo`` just before)")
    STARTED = "started", "the game began: ``seats`` (a list of ``SeatInfo``)"
    RESUMED = "resumed", "the table was rebuilt from storage after a restart: ``version``"
    ACTION = "action", ("an action was stored and applied: ``seat``, ``action`` (text), ``entry`` (record form), "
                        "``by`` (``human``, ``ai``, ``timeout``, ``auto``), ``version`` (entries stored so far)")
    TURN = "turn", ("a seat must act: ``seat``, ``user_id`` (``None`` for the AI), ``ai``, ``version``, "
                    "``timer`` (seconds or ``None``), ``deadline_at`` (unix time or ``None``)")
    TIMER_WARNING = "timer_warning", "a human's turn runs out soon: ``seat``, ``user_id``, ``seconds_left``"
    TIMEOUT = "timeout", "a turn ran out; the AI plays it: ``seat``, ``user_id``, ``count`` (in a row)"
    SEAT_TO_AI = "seat_to_ai", ("the AI takes a seat for the rest of the game: ``seat``, ``user_id``, ``reason`` "
                                "(``left`` or ``timeouts``), ``level``")
    TEAM_CHAT_OPEN = "team_chat_open", "the teams may now talk privately (option ``team_chat``): ``sides``"
    GAME_OVER = "game_over", ("the game is over and stored: ``game_id``, ``result``, ``standings`` "
                              "(per user id: ``before`` and ``after``, ``Standing`` values)")
    STORAGE_ERROR = "storage_error", "the database refused a write; nothing changed: ``reason``, ``during``"
    LOST = "lost", ("another process of the bot runs the table now (its lease was taken over: shards over "
                    "processes); this one dropped it, its timers and AI stopped, and writes it no more")
    STORAGE_GAVE_UP = "storage_gave_up", ("a write no user waits on failed every try; the table stays as last "
                                          "stored: ``reason``, ``tries``")

    def __new__(cls, value: str, doc: str = "") -> EventKind:
        member = str.__new__(cls, value)
        member._value_ = value
        member.doc = doc
        return member

    doc: str


SERVICE_EVENTS = {kind.value: kind.doc for kind in EventKind}


@dataclass(frozen=True)
class Payload:
    """The typed data of one of the service's events; ``KIND`` names the event."""

    KIND: ClassVar[EventKind]

    def as_dict(self) -> dict[str, Any]:
        """The fields by name (values as they are, not copied)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True)
class Created(Payload):
    KIND = EventKind.CREATED
    table: TableInfo


@dataclass(frozen=True)
class Joined(Payload):
    KIND = EventKind.JOINED
    user_id: int
    name: str


@dataclass(frozen=True)
class Left(Payload):
    KIND = EventKind.LEFT
    user_id: int
    seat: int | None


@dataclass(frozen=True)
class Kicked(Payload):
    KIND = EventKind.KICKED
    user_id: int


@dataclass(frozen=True)
class HostChanged(Payload):
    KIND = EventKind.HOST_CHANGED
    host_id: int


@dataclass(frozen=True)
class AiAdded(Payload):
    KIND = EventKind.AI_ADDED
    level: str


@dataclass(frozen=True)
class AiRemoved(Payload):
    KIND = EventKind.AI_REMOVED
    level: str | None


@dataclass(frozen=True)
class Cancelled(Payload):
    KIND = EventKind.CANCELLED


@dataclass(frozen=True)
class Aborted(Payload):
    KIND = EventKind.ABORTED
    by: int
    table: TableInfo


@dataclass(frozen=True)
class Started(Payload):
    KIND = EventKind.STARTED
    seats: list[SeatInfo]


@dataclass(frozen=True)
class Resumed(Payload):
    KIND = EventKind.RESUMED
    version: int


@dataclass(frozen=True)
class Acted(Payload):
    KIND = EventKind.ACTION
    seat: int
    action: str
    entry: dict[str, Any]
    by: str
    version: int


@dataclass(frozen=True)
class Turn(Payload):
    KIND = EventKind.TURN
    seat: int
    user_id: int | None
    ai: bool
    version: int
    timer: int | None
    deadline_at: float | None


@dataclass(frozen=True)
class TimerWarning(Payload):
    KIND = EventKind.TIMER_WARNING
    seat: int
    user_id: int | None
    seconds_left: float


@dataclass(frozen=True)
class Timeout(Payload):
    KIND = EventKind.TIMEOUT
    seat: int
    user_id: int | None
    count: int


@dataclass(frozen=True)
class SeatToAi(Payload):
    KIND = EventKind.SEAT_TO_AI
    seat: int
    user_id: int | None
    reason: str
    level: str


@dataclass(frozen=True)
class TeamChatOpen(Payload):
    KIND = EventKind.TEAM_CHAT_OPEN
    sides: list[list[int]]


@dataclass(frozen=True)
class GameOver(Payload):
    KIND = EventKind.GAME_OVER
    game_id: int
    result: dict[str, Any]
    standings: dict[int, dict[str, Any]]


@dataclass(frozen=True)
class StorageErrorEvent(Payload):
    KIND = EventKind.STORAGE_ERROR
    reason: str
    during: str


@dataclass(frozen=True)
class Lost(Payload):
    KIND = EventKind.LOST


@dataclass(frozen=True)
class StorageGaveUp(Payload):
    KIND = EventKind.STORAGE_GAVE_UP
    reason: str
    tries: int

"""The service's own event kinds and what their data holds (``EventKind`` as a plain mapping)."""


@dataclass(frozen=True)
class TableEvent:
    """One thing that happened at a table. ``seq`` counts the table's events since the service started.

    ``kind`` is an ``EventKind`` for the service's own events, the engine event's ``KIND`` for the others;
    ``event["key"]`` and ``event.get("key")`` read ``data``."""

    table_id: int
    seq: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    payload: Payload | Event | None = None
    """The typed data: a service event's ``Payload`` or the engine's ``Event``."""

    @property
    def service_kind(self) -> EventKind | None:
        """The kind as an ``EventKind``, ``None`` for an engine's event."""
        try:
            return EventKind(self.kind)
        except ValueError:
            return None

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        """``data.get``."""
        return self.data.get(key, default)
