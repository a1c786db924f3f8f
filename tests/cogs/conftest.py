"""SimCord fixtures for the Discord front end: the real bot on a real SQLite file in ``tmp_path``.

SimCord never calls ``bot.start`` (which opens the database in production), so the fixture opens the
``Store`` itself, outside the bot's tasks, and hands it to ``create_bot``; ``restart`` does the same for the
new process after a restart. Tests use the fast ``easy`` AI.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import create_bot
from bot.config import Settings
from bot.storage import Store

SERVICE_OPTIONS = {"ai_time_ms": 20}


def pytest_collection_modifyitems(items):
    """Give the bot time to settle on a loaded machine (the first picture loads the fonts)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.simcord(settle_timeout=60.0))


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Settings with a database file in ``tmp_path``."""
    return Settings(_env_file=None, discord_token="not-used", database=tmp_path / "tavolo.sqlite3")


class Bots:
    """The bots started in a test (one more after each restart); their services are closed at the end."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.made: list = []

    async def make(self):
        store = await Store(self.settings.database).open()
        bot = create_bot(self.settings, store=store, service_options=SERVICE_OPTIONS)
        self.made.append(bot)
        return bot

    async def close(self) -> None:
        for bot in self.made:
            if bot.service is not None:
                await bot.service.close()
            elif bot.store is not None:
                await bot.store.close()
            hub = getattr(bot, "hub", None)
            if hub is not None:
                hub.executor.shutdown(wait=False)


@pytest.fixture
async def bots(settings):
    """Makes the bots of a test and closes them at the end."""
    made = Bots(settings)
    yield made
    await made.close()


@pytest.fixture
async def simcord_bot(bots):
    """The bot SimCord runs."""
    return await bots.make()
