-- A member's own settings, the same on every server: the language of the messages only they see (NULL or no
-- row: their Discord client's language).
CREATE TABLE member_settings (
    user_id  INTEGER PRIMARY KEY,
    language TEXT
);
