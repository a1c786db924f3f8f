-- /history: a server's recent games, newest first, without sorting them all (games_guild leads with the game).
CREATE INDEX games_guild_finished ON games (guild_id, finished_at);
