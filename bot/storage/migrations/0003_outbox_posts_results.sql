-- What the table keeps on Discord and still has to send (the outbox, written in the same
-- transaction as the action that caused it), what each player was last sent in private,
-- who refuses direct messages, and every finished game's result for statistics.

-- The state version at which each seat's current decision opened (NULL: nobody waits on it).
-- A button built at or after that version is still good for the same decision.
ALTER TABLE seats ADD COLUMN waiting_since INTEGER;

-- The messages the table keeps on Discord: the lobby, the live board, the prompts.
CREATE TABLE posts (
    id          INTEGER PRIMARY KEY,
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind        TEXT    NOT NULL CHECK (kind IN ('lobby', 'live', 'prompt')),
    channel_id  INTEGER NOT NULL,
    message_id  INTEGER,                        -- Discord's id, once the message exists
    generation  INTEGER NOT NULL DEFAULT 0,     -- bumped when it must be posted anew (new nonce)
    users       TEXT    NOT NULL DEFAULT '[]',  -- prompts: the players it waits on
    card        TEXT    NOT NULL DEFAULT '',    -- digest of the content last queued for it
    board       TEXT    NOT NULL DEFAULT '',    -- the board image last queued for it
    shown_board TEXT    NOT NULL DEFAULT '',    -- the board image Discord shows
    log         TEXT    NOT NULL DEFAULT '[]',  -- live board: its latest lines
    posted_at   TEXT,                           -- when Discord created it
    retired     INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX posts_by_game ON posts (game_id, retired);

-- The running games' newest messages become their posts; the column is no longer needed.
INSERT INTO posts (game_id, kind, channel_id, message_id, posted_at)
    SELECT id, CASE status WHEN 'lobby' THEN 'lobby' ELSE 'live' END, channel_id, last_post_id, updated_at
    FROM games WHERE last_post_id IS NOT NULL AND status IN ('lobby', 'active');
ALTER TABLE games DROP COLUMN last_post_id;

-- Everything still to be sent. A row is deleted once Discord has it; ids are never reused
-- (AUTOINCREMENT), since a direct message's nonce is made from its row's id.
CREATE TABLE outbox (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    post_id    INTEGER REFERENCES posts (id) ON DELETE CASCADE,  -- NULL: a direct message
    op         TEXT    NOT NULL CHECK (op IN ('create', 'edit', 'delete', 'dm')),
    user_id    INTEGER,                                           -- direct messages: to whom
    card       TEXT    NOT NULL DEFAULT '{}',                     -- the message, as JSON
    board      TEXT    NOT NULL DEFAULT '',                       -- the board image it shows
    attempts   INTEGER NOT NULL DEFAULT 0,
    created_at TEXT    NOT NULL
);
CREATE INDEX outbox_by_game ON outbox (game_id, id);

-- Board images still needed by a post or a queued message (PNG, by content hash).
CREATE TABLE boards (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    hash    TEXT    NOT NULL,
    png     BLOB    NOT NULL,
    PRIMARY KEY (game_id, hash)
);

-- A digest of the private text each player was last sent by DM.
CREATE TABLE secrets_sent (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    digest  TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);

-- Users whose DMs refused us (403 / 50007): never tried again until they ask for DMs again.
CREATE TABLE dm_refusals (
    user_id    INTEGER PRIMARY KEY,
    refused_at TEXT NOT NULL
);

-- Finished games, for statistics: the fields of the engine's GameResult.
CREATE TABLE results (
    game_id     INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    game_type   TEXT    NOT NULL,
    guild_id    INTEGER,
    relation    TEXT    NOT NULL CHECK (relation IN ('competitive', 'cooperative', 'solo')),
    team_won    INTEGER,
    team_score  REAL,
    variant     TEXT    NOT NULL DEFAULT '',
    scores      TEXT    NOT NULL,
    winners     TEXT    NOT NULL,
    finished_at TEXT    NOT NULL
);
CREATE INDEX results_by_guild ON results (guild_id, game_type);

CREATE TABLE result_players (
    game_id INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    seat    INTEGER NOT NULL,
    user_id INTEGER,             -- NULL: a computer player
    won     INTEGER NOT NULL,
    score   REAL    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX result_players_by_user ON result_players (user_id);
