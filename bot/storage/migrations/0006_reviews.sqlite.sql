-- Reviews of finished games: one per game and seat, kept so that a second press answers at once.
-- data is the review as JSON (rules.ai.review.judged_to_json of each decision, costliest first).
CREATE TABLE reviews (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    data     TEXT NOT NULL,
    made_at  REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
