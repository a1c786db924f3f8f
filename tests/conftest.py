"""Shared test configuration: hypothesis profiles, and the app's log at DEBUG (``debug_log``).

``ci`` (the default) keeps property tests quick; choose ``dev`` for a deeper search with
``HYPOTHESIS_PROFILE=dev python3 tasks.py test``.
"""

from __future__ import annotations

import io
import logging
import os

import pytest
from hypothesis import HealthCheck, settings

import bot.logging_setup as logging_setup

settings.register_profile("ci", deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, max_examples=500)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def debug_log():
    """The app's log handler at DEBUG, writing to a buffer; the logging set-up is restored after."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    quiet = {name: logging.getLogger(name).level for name in logging_setup.PAYLOAD_LOGGERS}
    out = io.StringIO()
    logging_setup.setup_logging("DEBUG", stream=out)
    yield out
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)
    for name, old in quiet.items():
        logging.getLogger(name).setLevel(old)
