-- Tavolo's first schema: guild settings, live tables with their action logs, finished games and standings.

CREATE TABLE guild_settings (
    guild_id         INTEGER PRIMARY KEY,
    language         TEXT,
    default_options  TEXT    NOT NULL DEFAULT '{}',  -- {"briscola": {"match": "short"}, ...}
    allowed_channels TEXT    NOT NULL DEFAULT '[]',  -- channel ids; empty: every channel
    max_tables       INTEGER                         -- live tables allowed at once; NULL: the service default
);

-- A table from its creation until its game is stored in `games` (or it is cancelled).
CREATE TABLE live_tables (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,    -- never reused: front ends keep table ids in buttons
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    host_id    INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    players    INTEGER NOT NULL,
    options    TEXT    NOT NULL,                     -- validated options, JSON
    level      TEXT    NOT NULL,                     -- the table's AI level
    seed       INTEGER NOT NULL,
    status     TEXT    NOT NULL CHECK (status IN ('lobby', 'playing')),
    seats      TEXT    NOT NULL,                     -- JSON: the lobby in join order, then the seats
    created_at REAL    NOT NULL,
    started_at REAL
);
CREATE INDEX live_tables_guild ON live_tables (guild_id, channel_id);

-- Every record entry of a live game in order (actions and the timeout / leave notes), one row each,
-- committed before the action's effect is shown.
CREATE TABLE live_actions (
    table_id INTEGER NOT NULL REFERENCES live_tables (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,                       -- 0, 1, 2... over the whole match
    entry    TEXT    NOT NULL,                       -- the record entry, JSON
    at       REAL    NOT NULL,                       -- unix time
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;

CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    players     INTEGER NOT NULL,
    finished_at REAL    NOT NULL,
    record      TEXT    NOT NULL                     -- the JSON game record of ARCHITECTURE.md
);
CREATE INDEX games_guild ON games (guild_id, game, finished_at);

CREATE TABLE game_players (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    user_id     INTEGER,                             -- NULL for AI seats and deleted users
    ai          TEXT,                                -- the AI level of an AI seat
    outcome     TEXT    NOT NULL CHECK (outcome IN ('win', 'draw', 'loss')),
    game_points INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_players_user ON game_players (user_id) WHERE user_id IS NOT NULL;

-- Ratings and running totals per guild, game and player, updated once per finished game, so that a
-- leaderboard page is an index range scan rather than a scan of the games.
CREATE TABLE standings (
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,                    -- the last display name seen
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,                    -- the openskill ordinal, mu - 3 sigma
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,                    -- +k: k wins in a row, -k: k losses in a row
    best_streak INTEGER NOT NULL,
    last_played REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
) WITHOUT ROWID;
CREATE INDEX standings_board ON standings (guild_id, game, rating DESC, user_id);
CREATE INDEX standings_user ON standings (user_id);
