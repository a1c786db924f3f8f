"""The terminal's input: one line at a time from a stream, read in a daemon thread only when asked."""

from __future__ import annotations

import asyncio
import logging
import threading
from typing import IO

log = logging.getLogger(__name__)


class LineReader:
    """Reads one line at a time from a stream in a daemon thread, only when asked: waiting for input never
    holds up the end of the program (Ctrl-C stops at once, even at the prompt)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.loop = asyncio.get_running_loop()
        self.lines: asyncio.Queue[str] = asyncio.Queue()
        self.wanted = threading.Semaphore(0)
        threading.Thread(target=self._run, name="tavolo-input", daemon=True).start()

    def _run(self) -> None:
        while True:
            self.wanted.acquire()
            try:
                line = self.stream.readline()
            except (OSError, ValueError, UnicodeDecodeError):
                line = ""  # a closed or unreadable input counts as its end
            try:
                self.loop.call_soon_threadsafe(self.lines.put_nowait, line)
            except RuntimeError:  # the loop is closed: the program is ending
                return
            if not line:
                return

    async def readline(self) -> str:
        """The next line ('' at the end of the input)."""
        self.wanted.release()
        return await self.lines.get()
