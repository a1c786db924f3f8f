"""Shared test configuration: hypothesis profiles, the app's log at DEBUG (``debug_log``), and tests that need
a tool the machine may lack (``require``, ``chromium``).

``ci`` (the default) keeps property tests quick; choose ``dev`` for a deeper search with
``HYPOTHESIS_PROFILE=dev python3 tasks.py test``.

A test that needs a tool the machine may not have (Chromium, PostgreSQL) calls ``require(what, reason)`` when
it is missing: the test is skipped with ``reason``, or fails when the ``TAVOLO_REQUIRE`` environment variable
(a comma-separated list, as ``.ci/run`` sets it: ``TAVOLO_REQUIRE=chromium``; ``all`` for every tool) names
``what``, so CI never passes by skipping.
"""

from __future__ import annotations

import io
import logging
import os
from typing import NoReturn

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


REQUIRE_ENV = "TAVOLO_REQUIRE"
"""The environment variable naming the tools whose tests must run (comma-separated; ``all``: every tool)."""


def required(what: str) -> bool:
    """Does ``TAVOLO_REQUIRE`` name ``what`` (or ``all``)?"""
    named = {w.strip().lower() for w in os.environ.get(REQUIRE_ENV, "").split(",") if w.strip()}
    return what.lower() in named or "all" in named


def require(what: str, reason: str) -> NoReturn:
    """Skip the running test, which needs ``what`` that is missing (``reason`` says how), or fail it when
    ``TAVOLO_REQUIRE`` names ``what``."""
    if required(what):
        pytest.fail(f"{what} is required ({REQUIRE_ENV}={os.environ.get(REQUIRE_ENV)}) but {reason}", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(name="require")
def require_fixture():
    """``require(what, reason)``: skip for a missing tool, or fail when ``TAVOLO_REQUIRE`` names it."""
    return require


CHROMIUM_MISSING = "no Chromium (install Debian's chromium package; .ci/run installs it)"


@pytest.fixture
def chromium() -> str:
    """The path of the machine's Chromium, with Playwright installed to drive it; else ``require`` skips."""
    import importlib.util

    from bot.lab.screenshots import find_chromium

    if importlib.util.find_spec("playwright") is None:
        require("chromium", "no Playwright: install the test extra (python3 tasks.py test does)")
    path = find_chromium()
    if path is None:
        require("chromium", CHROMIUM_MISSING)
    return path
