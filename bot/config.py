"""Settings from the environment and a ``.env`` file in the current directory."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, PlainValidator, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.storage.url import Database, database_of

log = logging.getLogger(__name__)

AI_PROCESSES_MAX = 64
"""Most AI worker processes ``TAVOLO_AI_PROCESSES`` may ask for."""
SNOWFLAKE_MAX = 2**64 - 1
"""Largest Discord id."""


def default_ai_processes() -> int:
    """The AI's worker processes when ``TAVOLO_AI_PROCESSES`` is not set: the machine's cores, at most 4."""
    return max(1, min(4, os.cpu_count() or 1))

LogLevel = Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"]


class Settings(BaseSettings):
    """Tavolo's configuration. Environment variables take precedence over ``.env``; empty values count as unset."""

    model_config = SettingsConfigDict(
        env_file=".env",
        env_file_encoding="utf-8",
        env_ignore_empty=True,
        extra="ignore",
        populate_by_name=True,
    )

    discord_token: SecretStr | None = Field(default=None, validation_alias="DISCORD_TOKEN")
    """The bot token; None when not configured."""
    database: Annotated[Database, PlainValidator(database_of)] = Field(
        default=Path("tavolo.sqlite3"), validation_alias="TAVOLO_DATABASE")
    """The database: a SQLite file's path (a ``Path``), or a PostgreSQL database as a ``postgresql://`` URL in
    libpq's form (a ``DatabaseUrl``; a socket folder as ``?host=/path&port=N``)."""
    log_level: LogLevel = Field(default="INFO", validation_alias="TAVOLO_LOG_LEVEL")
    """The root log level."""
    dev_guild: int | None = Field(default=None, validation_alias="TAVOLO_DEV_GUILD")
    """A guild to sync slash commands to at once; None syncs them globally."""
    client_id: int | None = Field(default=None, ge=1, le=SNOWFLAKE_MAX, validation_alias="DISCORD_CLIENT_ID")
    """The application's id (``python -m bot invite``); None: asked of Discord with the token."""
    ai_processes: int = Field(default_factory=default_ai_processes, ge=1, le=AI_PROCESSES_MAX,
                              validation_alias="TAVOLO_AI_PROCESSES")
    """Worker processes of the AI's search pool (default: the cores, at most 4)."""

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper_case_level(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @field_validator("discord_token", mode="after")
    @classmethod
    def _blank_token_is_none(cls, value: SecretStr | None) -> SecretStr | None:
        if value is None or not value.get_secret_value().strip():
            return None
        return SecretStr(value.get_secret_value().strip())

    def token(self) -> str | None:
        """The bot token as plain text, or None when it is missing."""
        return self.discord_token.get_secret_value() if self.discord_token else None
