-- Games, their seats and the append-only action log.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER,
    channel_id  INTEGER NOT NULL,
    game_type   TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}',
    status      TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    seed        INTEGER NOT NULL,
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    creator_id  INTEGER NOT NULL,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL,
    finished_at TEXT
);

-- One open game (lobby or active) per channel or thread.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER,            -- NULL: a computer player
    name    TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE actions (
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,  -- the state version this action produced
    seat       INTEGER NOT NULL,
    user_id    INTEGER,           -- NULL: taken by a computer player
    action     TEXT    NOT NULL,
    events     TEXT    NOT NULL DEFAULT '[]',  -- the public events it caused
    created_at TEXT    NOT NULL,
    PRIMARY KEY (game_id, version)
);
