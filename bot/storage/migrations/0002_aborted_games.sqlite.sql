-- Tables stopped by their host or a server manager (`/table abort`): kept for the record, never rated,
-- never in the standings or a player's statistics.
CREATE TABLE aborted_games (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id   INTEGER NOT NULL,                     -- the live table's id
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    players    INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('lobby', 'playing')),  -- what was stopped
    aborted_by INTEGER NOT NULL,                     -- the user who stopped it
    aborted_at REAL    NOT NULL,
    record     TEXT                                  -- the game record so far (JSON); NULL for a lobby
);
CREATE INDEX aborted_games_guild ON aborted_games (guild_id, aborted_at);
