"""Time for the turn timers: the event loop's clock in production, a hand-driven one in tests."""

from __future__ import annotations

import asyncio
import heapq
import itertools
from collections.abc import Callable
from typing import Protocol


class TimerHandle(Protocol):
    """A scheduled call that can be cancelled."""

    def cancel(self) -> None:
        """Do not make the call."""
        ...


class Clock(Protocol):
    """Monotonic seconds and calls scheduled on them."""

    def now(self) -> float:
        """The current time in seconds (monotonic; only differences matter)."""
        ...

    def call_at(self, when: float, callback: Callable[[], None]) -> TimerHandle:
        """Call ``callback()`` (on the event loop) once ``now()`` reaches ``when``."""
        ...


class LoopClock:
    """The running event loop's clock."""

    def now(self) -> float:
        """``loop.time()``."""
        return asyncio.get_running_loop().time()

    def call_at(self, when: float, callback: Callable[[], None]) -> TimerHandle:
        """``loop.call_at``."""
        return asyncio.get_running_loop().call_at(when, callback)


class _ManualHandle:
    __slots__ = ("cancelled",)

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class ManualClock:
    """A clock that only moves when told to: ``advance(seconds)`` makes the calls that fall due, in order."""

    def __init__(self, start: float = 1000.0) -> None:
        self._now = start
        self._heap: list[tuple[float, int, _ManualHandle, Callable[[], None]]] = []
        self._order = itertools.count()

    def now(self) -> float:
        """The current (hand-set) time."""
        return self._now

    def call_at(self, when: float, callback: Callable[[], None]) -> TimerHandle:
        """Schedule ``callback`` at ``when``."""
        handle = _ManualHandle()
        heapq.heappush(self._heap, (when, next(self._order), handle, callback))
        return handle

    def pending(self) -> list[float]:
        """The times of the calls still scheduled."""
        return sorted(when for when, _, handle, _ in self._heap if not handle.cancelled)

    def advance(self, seconds: float) -> int:
        """Move the time forward and make the calls due by then; return how many were made."""
        target = self._now + seconds
        made = 0
        while self._heap and self._heap[0][0] <= target:
            when, _, handle, callback = heapq.heappop(self._heap)
            self._now = max(self._now, when)
            if not handle.cancelled:
                callback()
                made += 1
        self._now = target
        return made
