-- Seasons: a server closes its current season (/settings season start) to give everybody a fresh start. The
-- closed season keeps its final leaderboard per game (season_standings, moved there from standings in the
-- same transaction) and the live standings of the server start empty. As 0007_seasons.sqlite.sql.
CREATE TABLE seasons (
    guild_id   BIGINT  NOT NULL,
    number     INTEGER NOT NULL,                     -- 1, 2, ... per guild
    started_at DOUBLE PRECISION,                     -- the previous season's end; season 1: its first game
    ended_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, number)
);

-- A closed season's final standings, with each player's place in their game (1 = best).
CREATE TABLE season_standings (
    guild_id    BIGINT  NOT NULL,
    season      INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     BIGINT  NOT NULL,
    place       INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          DOUBLE PRECISION NOT NULL,
    sigma       DOUBLE PRECISION NOT NULL,
    rating      DOUBLE PRECISION NOT NULL,
    games       INTEGER NOT NULL,
    wins        INTEGER NOT NULL,
    draws       INTEGER NOT NULL,
    losses      INTEGER NOT NULL,
    streak      INTEGER NOT NULL,
    best_streak INTEGER NOT NULL,
    last_played DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (guild_id, season, game, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, number)
);
CREATE INDEX season_standings_board ON season_standings (guild_id, season, game, place);
CREATE INDEX season_standings_user ON season_standings (user_id);
