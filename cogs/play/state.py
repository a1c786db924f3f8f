"""What the play hub remembers of each live table on Discord: its public message, its notes, the hand messages."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import TypeAlias

from bot.tables import TableError, TableInfo
from cogs.texts import t
from cogs.types import Interaction
from rules.view import GameView

ShownKey: TypeAlias = tuple[object, ...]
"""What a message shows, compared by equality: an edit to the same key is skipped."""


class NotReady(TableError):
    """The bot has no table service (starting, or a sync-only run)."""

    def __init__(self) -> None:
        super().__init__(t("not_ready"))


@dataclass
class Note:
    """A line shown on the table message for a while (a timeout, a seat handed to the AI...): until the turn
    has gone round, and in any case until the table message has shown it once."""

    version: int
    text: str
    shown: bool = False


@dataclass
class Presence:
    """A table as shown on Discord: its public message and what it shows."""

    table_id: int
    channel_id: int | None = None
    message_id: int | None = None
    shown: ShownKey | None = None
    """What the message shows (version, turn, notes...): an edit with the same key is skipped."""
    dirty: bool = False
    worker: asyncio.Task[None] | None = None
    later: asyncio.Task[None] | None = None
    """An edit put off for the onlookers (``TableMessages.refresh_for_onlookers``)."""
    mover: asyncio.Task[None] | None = None
    """Posts the table anew before its message gets too old to edit (``TableMessages._move_in_time``)."""
    mover_for: int | None = None
    """The id of the message ``mover`` was started for."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    notes: list[Note] = field(default_factory=list)
    note_seq: int = 0
    last_edit: float = 0.0
    final: tuple[TableInfo, GameView] | None = None
    """The table's info and public view when the match ended (the service forgets the table after)."""
    final_hands: dict[int, GameView] = field(default_factory=dict)
    """Per user with a hand message, their seat's view when the match ended (``HandMessages.show_end``)."""
    threads: list[int] = field(default_factory=list)
    team_chat: str | None = None
    threads_handled: bool = False
    """The team threads were opened (or found unneeded) by this process: no search for them at the end."""
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set (and replaced) at each event of the table: ``TableMessages.wait_for_person`` waits on it."""

    def notify(self) -> None:
        """Something happened at the table: wake whoever waits for it."""
        self.changed.set()
        self.changed = asyncio.Event()


@dataclass
class HandSession:
    """A player's latest hand message: the interaction whose response it is (to edit it later)."""

    interaction: Interaction
    shown: ShownKey | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
