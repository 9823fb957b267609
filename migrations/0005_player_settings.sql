-- 0005: each player's own settings (/settings), across games and servers. A user without a
-- row has the defaults (both on). Booleans are INTEGER 0/1 (portable to both databases).

CREATE TABLE player_settings (
    user_id         BIGINT PRIMARY KEY,
    dm_on_turn      INTEGER NOT NULL DEFAULT 1 CHECK (dm_on_turn IN (0, 1)),
    reminder_pings  INTEGER NOT NULL DEFAULT 1 CHECK (reminder_pings IN (0, 1)),
    updated_at      DOUBLE PRECISION NOT NULL
);
