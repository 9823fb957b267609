-- 0002: indexes for the lookups the bot makes on every interaction and every reminder tick.

CREATE INDEX games_by_guild ON games (guild_id, status);
CREATE UNIQUE INDEX games_by_thread ON games (thread_id);
CREATE INDEX turn_notices_pending ON turn_notices (reminded_at, mentioned_at);
CREATE INDEX processed_interactions_by_game ON processed_interactions (game_id);
