"""Logging goes through ``discord.utils.setup_logging`` and never shows the token."""

from __future__ import annotations

import io
import logging

import discord.utils
import pytest

import bot.logging_setup as logging_setup
from bot.__main__ import main
from bot.config import Settings

TOKEN = "MTIzNDU2Nzg5.secret-part.xyzXYZ123"


@pytest.fixture
def clean_root():
    """Remove the app's handler and restore the root level and the secrets after the test."""
    root = logging.getLogger()
    level, handlers = root.level, list(root.handlers)
    secrets = set(logging_setup._secrets)
    yield root
    for handler in list(root.handlers):
        if handler not in handlers:
            root.removeHandler(handler)
    root.setLevel(level)
    logging_setup._secrets.clear()
    logging_setup._secrets.update(secrets)


@pytest.mark.usefixtures("clean_root")
def test_the_token_never_reaches_the_log(tmp_path, monkeypatch):
    used = []
    real = discord.utils.setup_logging
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kw: (used.append(kw), real(**kw)))
    out = io.StringIO()
    settings = Settings(_env_file=None, discord_token=TOKEN, database=tmp_path / "db.sqlite3")
    handler = logging_setup.setup_logging("DEBUG", secrets=[settings.token()], stream=out)
    assert used and used[0]["handler"] is handler and used[0]["root"] is True
    log = logging.getLogger("bot.app")
    log.info("settings: %s / %r", settings, settings)
    log.warning("connecting with %s", TOKEN)
    log.error(f"the token {TOKEN} inside the message")
    logging.getLogger("discord.client").debug("headers: {'Authorization': 'Bot %s'}", TOKEN)
    try:
        raise RuntimeError(f"login failed for {TOKEN}")
    except RuntimeError:
        log.exception("a failure")
    text = out.getvalue()
    assert "connecting with" in text and "a failure" in text and "RuntimeError" in text
    assert TOKEN not in text and "secret-part" not in text
    assert text.count(logging_setup.REDACTED) == 4  # the settings line shows SecretStr stars


@pytest.mark.usefixtures("clean_root")
def test_cmd_run_configures_logging_with_the_token_hidden(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", TOKEN)
    used = []
    real = discord.utils.setup_logging
    monkeypatch.setattr(discord.utils, "setup_logging", lambda **kw: (used.append(kw), real(**kw)))

    class FakeBot:
        def run(self, token, log_handler=None):
            assert log_handler is None  # logging is already configured: discord.py must not add its own
            logging.getLogger("discord.client").info("logging in using static token %s", token)

    monkeypatch.setattr("bot.app.create_bot", lambda _settings, **_kw: FakeBot())
    assert main(["run"]) == 0
    assert used, "cmd_run must configure logging through discord.utils.setup_logging"
    err = capsys.readouterr().err
    assert "logging in using static token" in err and TOKEN not in err
