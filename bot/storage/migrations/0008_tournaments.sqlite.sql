-- Tournaments: an event of a server for one game, played in rounds of ordinary tables (rated and stored as
-- any other game). A tournament is signed up for, then played round by round (Swiss for a number of rounds,
-- or a knockout bracket); each round's tables and byes are kept with their results, so that a restart goes on
-- where it was.
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,  -- never reused: its id lives in buttons
    guild_id     INTEGER NOT NULL,
    channel_id   INTEGER NOT NULL,                   -- where the panel is and the tables open
    organiser_id INTEGER NOT NULL,
    message_id   INTEGER,                            -- the public panel, once posted
    game         TEXT    NOT NULL,
    players      INTEGER NOT NULL,                   -- seats at each table
    format       TEXT    NOT NULL CHECK (format IN ('swiss', 'knockout')),
    rounds       INTEGER,                            -- Swiss: the rounds to play; knockout: NULL
    options      TEXT    NOT NULL,                   -- each table's validated options, JSON
    level        TEXT,                               -- the AI that fills a short table; NULL: byes instead
    max_entrants INTEGER NOT NULL,
    auto_next    INTEGER NOT NULL,                   -- 1: a round starts when the last one ends; 0: on Start
    status       TEXT    NOT NULL CHECK (status IN ('signup', 'playing', 'finished', 'cancelled')),
    round        INTEGER NOT NULL DEFAULT 0,         -- the round in play or last played (0: none yet)
    created_at   REAL    NOT NULL,
    finished_at  REAL
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);

-- The members signed up, in the order they joined. rating: their rating in the game when the event started
-- (what pairs and seeds them); left_round: the round from which they no longer play (they left).
CREATE TABLE tournament_entrants (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    name          TEXT    NOT NULL,
    joined_at     REAL    NOT NULL,
    rating        REAL,
    left_round    INTEGER,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    number        INTEGER NOT NULL,                  -- 1, 2, ...
    started_at    REAL    NOT NULL,
    ended_at      REAL,
    PRIMARY KEY (tournament_id, number)
);

-- A round's tables: the entrants in seat order (JSON, null for an AI seat), the live table once opened, and
-- the result once it ended (JSON: game_points per seat, winners (seats), forfeits (user ids), aborted).
CREATE TABLE tournament_tables (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    place         INTEGER NOT NULL,                  -- 1, 2, ... (knockout: the bracket order)
    seats         TEXT    NOT NULL,
    table_id      INTEGER,
    forfeits      TEXT    NOT NULL DEFAULT '[]',     -- user ids who forfeited this table while it was played
    result        TEXT,
    game_id       INTEGER,
    PRIMARY KEY (tournament_id, round, place)
);
CREATE INDEX tournament_tables_table ON tournament_tables (table_id) WHERE table_id IS NOT NULL;

-- A round's byes, each scored as a win (knockout: place is the bye's position in the bracket).
CREATE TABLE tournament_byes (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round         INTEGER NOT NULL,
    user_id       INTEGER NOT NULL,
    place         INTEGER NOT NULL,
    PRIMARY KEY (tournament_id, round, user_id)
);

-- The role whose members may run tournaments besides those with Manage Server (NULL: none).
ALTER TABLE guild_settings ADD COLUMN organiser_role INTEGER;
