-- 0003: small named values the bot keeps per game across restarts (e.g. the id of the
-- "who is still choosing" message it edits in place). Deleted with their game.

CREATE TABLE game_notes (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    name     TEXT NOT NULL,
    value    TEXT NOT NULL,
    PRIMARY KEY (game_id, name)
);
