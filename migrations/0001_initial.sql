-- 0001: the whole first schema. Applied by games/storage/migrate.py, which replaces
-- {{id_pk}} with the dialect's auto-increment 64-bit primary key; everything else is
-- portable SQL (SQLite 3.24+ and PostgreSQL 12+). Times are UNIX seconds (DOUBLE PRECISION);
-- Discord ids (snowflakes) are BIGINT; JSON is TEXT written and read by the service.

CREATE TABLE schema_version (
    version     INTEGER PRIMARY KEY,
    applied_at  DOUBLE PRECISION NOT NULL
);

CREATE TABLE games (
    id                {{id_pk}},
    game              TEXT NOT NULL,
    status            TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    guild_id          BIGINT,
    channel_id        BIGINT NOT NULL,
    thread_id         BIGINT,
    lobby_message_id  BIGINT,
    creator_id        BIGINT NOT NULL,
    language          TEXT NOT NULL,
    options           TEXT NOT NULL DEFAULT '{}',
    seed              BIGINT NOT NULL,
    version           INTEGER NOT NULL DEFAULT 0,
    created_at        DOUBLE PRECISION NOT NULL,
    updated_at        DOUBLE PRECISION NOT NULL
);

CREATE TABLE seats (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  BIGINT NOT NULL,
    name     TEXT NOT NULL,
    PRIMARY KEY (game_id, seat),
    UNIQUE (game_id, user_id)
);

-- Append-only: one row per accepted answer; seq is the game version the answer produced.
CREATE TABLE actions (
    game_id     BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    user_id     BIGINT NOT NULL,
    choice      TEXT NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE snapshots (
    game_id  BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    state    TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);

-- Discord may deliver an interaction twice; an id seen here is refused.
CREATE TABLE processed_interactions (
    interaction_id  BIGINT PRIMARY KEY,
    game_id         BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    created_at      DOUBLE PRECISION NOT NULL
);

-- Who was mentioned for which prompt (game version), and whether they were reminded.
CREATE TABLE turn_notices (
    game_id       BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    version       INTEGER NOT NULL,
    mentioned_at  DOUBLE PRECISION NOT NULL,
    reminded_at   DOUBLE PRECISION,
    PRIMARY KEY (game_id, seat)
);
