"""Settings: defaults, the environment, .env in the current directory, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.config import Settings


@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for name in ("DISCORD_TOKEN", "TAVOLO_DATABASE", "TAVOLO_LOG_LEVEL", "TAVOLO_DEV_GUILD"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.usefixtures("clean_env")
def test_defaults():
    settings = Settings()
    assert settings.token() is None
    assert settings.database == Path("tavolo.sqlite3")
    assert settings.log_level == "INFO"
    assert settings.dev_guild is None


def test_dotenv_in_current_directory(clean_env):
    (clean_env / ".env").write_text(
        "DISCORD_TOKEN=abc.def\nTAVOLO_DATABASE=data/t.db\nTAVOLO_LOG_LEVEL=debug\nTAVOLO_DEV_GUILD=123456789\n"
    )
    settings = Settings()
    assert settings.token() == "abc.def"
    assert settings.database == Path("data/t.db")
    assert settings.log_level == "DEBUG"
    assert settings.dev_guild == 123456789


def test_environment_wins_over_dotenv(clean_env, monkeypatch):
    (clean_env / ".env").write_text("DISCORD_TOKEN=from-file\n")
    monkeypatch.setenv("DISCORD_TOKEN", "from-env")
    assert Settings().token() == "from-env"


def test_example_file_gives_defaults(clean_env):
    example = Path(__file__).resolve().parents[2] / ".env.example"
    (clean_env / ".env").write_text(example.read_text())
    settings = Settings()
    assert settings.token() is None and settings.dev_guild is None
    assert settings.database == Path("tavolo.sqlite3") and settings.log_level == "INFO"


@pytest.mark.usefixtures("clean_env")
def test_token_is_not_shown(monkeypatch):
    monkeypatch.setenv("DISCORD_TOKEN", "very-secret")
    assert "very-secret" not in repr(Settings())


@pytest.mark.parametrize(("name", "value"), [("TAVOLO_DEV_GUILD", "abc"), ("TAVOLO_LOG_LEVEL", "loud")])
@pytest.mark.usefixtures("clean_env")
def test_bad_values_name_the_variable(monkeypatch, name, value):
    monkeypatch.setenv(name, value)
    with pytest.raises(ValidationError, match=name):
        Settings()


@pytest.mark.usefixtures("clean_env")
def test_by_field_name_without_dotenv():
    settings = Settings(_env_file=None, discord_token="t", dev_guild=5)
    assert settings.token() == "t" and settings.dev_guild == 5
