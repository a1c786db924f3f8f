"""A temporary alias: the picture benchmark now lives in ``bot.tools.bench_images``.

Kept only until tests/images imports the new path; nothing in ``bot`` imports it.
"""

from __future__ import annotations

from bot.tools.bench_images import main, measure, report

__all__ = ["main", "measure", "report"]
