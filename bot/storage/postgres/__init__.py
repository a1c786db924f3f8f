"""The PostgreSQL backend (asyncpg): a connection pool, the shared group-commit writer, the same migrations."""

from bot.storage.postgres.backend import PostgresBackend

__all__ = ["PostgresBackend"]
