"""A semaphore with two queues: AI turns at tables where people play go before AI-only tables."""

from __future__ import annotations

import asyncio
import collections
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class PrioritySlots:
    """At most ``n`` holders at once. Waiters marked urgent are served first, but never more than
    ``burst`` in a row while others wait, so that neither queue starves; each queue is served in order."""

    def __init__(self, n: int, burst: int = 3) -> None:
        if n < 1 or burst < 1:
            raise ValueError("at least one slot and a burst of one")
        self.n = n
        self.burst = burst
        self._urgent_in_a_row = 0
        self._free = n
        self._queues: tuple[collections.deque[asyncio.Future[None]], collections.deque[asyncio.Future[None]]] = (
            collections.deque(), collections.deque())

    def waiting(self) -> int:
        """Waiters not yet served."""
        return sum(1 for q in self._queues for f in q if not f.done())

    async def acquire(self, urgent: bool = False) -> None:
        """Take a slot, waiting for one if all are held."""
        if self._free > 0 and not self.waiting():
            self._free -= 1
            return
        fut = asyncio.get_running_loop().create_future()
        queue = self._queues[0 if urgent else 1]
        queue.append(fut)
        try:
            await fut
        except asyncio.CancelledError:
            if fut.done() and not fut.cancelled():
                self.release()  # granted just as the waiter was cancelled: pass the slot on
            else:
                with contextlib.suppress(ValueError):
                    queue.remove(fut)
            raise

    def release(self) -> None:
        """Give a slot back: to the first urgent waiter (unless ``burst`` urgent ones were just served and
        another waits), else to the first other one, else keep it free."""
        for queue in (self._queues if self._urgent_in_a_row < self.burst else self._queues[::-1]):
            while queue:
                fut = queue.popleft()
                if not fut.done():
                    urgent = queue is self._queues[0]
                    self._urgent_in_a_row = self._urgent_in_a_row + 1 if urgent else 0
                    fut.set_result(None)
                    return
        self._free += 1

    @asynccontextmanager
    async def slot(self, urgent: bool = False) -> AsyncIterator[None]:
        """``async with slots.slot(urgent):`` holds a slot for the block."""
        await self.acquire(urgent)
        try:
            yield
        finally:
            self.release()
