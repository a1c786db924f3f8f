-- A member's own settings, the same on every server: the language of the messages only they see (NULL or no
-- row: their Discord client's language). As 0003_member_settings.sqlite.sql.
CREATE TABLE member_settings (
    user_id  BIGINT PRIMARY KEY,
    language TEXT
);
