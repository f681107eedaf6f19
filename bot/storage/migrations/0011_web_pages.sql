-- The web table (issue 24). Each game's public page is found by an unguessable id, never by the
-- game's number (numbers are sequential: anyone could walk them). Made when the page is first asked for.
CREATE TABLE web_pages (
    game_id   INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    public_id TEXT NOT NULL UNIQUE
);

-- The key that signs private links, sessions and form tokens: made once per database, so links and
-- sessions outlive a restart and every process sharing the database accepts the same ones.
CREATE TABLE web_keys (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
