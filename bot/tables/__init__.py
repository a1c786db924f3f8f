"""The table service: live tables, their seats, turns, timers, AI players, and resuming after a restart."""

from bot.tables.clock import Clock, LoopClock, ManualClock
from bot.tables.errors import (
    AlreadySeated,
    BadAction,
    BadRequest,
    IllegalMove,
    LimitReached,
    NotHost,
    NotSeated,
    NotYourTurn,
    SeatPlayedByAI,
    ServiceClosed,
    StaleAction,
    StorageFailed,
    TableError,
    TableFull,
    UnknownTable,
    WrongPhase,
)
from bot.tables.events import SERVICE_EVENTS, EventKind, TableEvent
from bot.tables.service import Subscription, TableService
from bot.tables.standings import StandingsService
from bot.tables.table import SeatInfo, TableInfo, assign_seats

__all__ = [
    "SERVICE_EVENTS", "AlreadySeated", "BadAction", "BadRequest", "Clock", "EventKind", "IllegalMove",
    "LimitReached", "LoopClock", "ManualClock", "NotHost", "NotSeated", "NotYourTurn", "SeatInfo", "SeatPlayedByAI",
    "ServiceClosed", "StaleAction", "StandingsService", "StorageFailed", "Subscription", "TableError", "TableEvent",
    "TableFull", "TableInfo", "TableService", "UnknownTable", "WrongPhase", "assign_seats",
]
