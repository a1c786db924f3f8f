-- Seasons: a server closes its current season (/settings season start) to give everybody a fresh start. The
-- closed season keeps its final leaderboard per game (season_standings, moved there from standings in the
-- same transaction) and the live standings of the server start empty. The current season is the one after
-- the last closed (1 when none is); it started when the last one ended (season 1: with the first game).
CREATE TABLE seasons (
    guild_id   INTEGER NOT NULL,
    number     INTEGER NOT NULL,                     -- 1, 2, ... per guild
    started_at REAL,                                 -- the previous season's end; season 1: its first game
    ended_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, number)
);

-- A closed season's final standings: the rows of `standings` as they were, with each player's place in
-- their game (1 = best, by rating then user id, as the leaderboard orders them).
CREATE TABLE season_standings (
    guild_id    INTEGER NOT NULL,
    season      INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    place       INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    rating      REAL    NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    last_played REAL    NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, number)
) WITHOUT ROWID;
CREATE INDEX season_standings_board ON season_standings (guild_id, season, game, place);
CREATE INDEX season_standings_user ON season_standings (user_id);
