-- Games played in a thread remember the channel the thread hangs off; the newest
-- turn message is remembered so its buttons can be cleared when the next one is posted;
-- abandoning by majority needs the votes cast so far.
ALTER TABLE games ADD COLUMN parent_channel_id INTEGER;
ALTER TABLE games ADD COLUMN last_post_id INTEGER;

CREATE INDEX games_by_status ON games (status, updated_at);

CREATE TABLE abandon_votes (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
