-- PostgreSQL dialect of ../0011_web_pages.sql (the comments there say why).
CREATE TABLE web_pages (
    game_id   BIGINT PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    public_id TEXT NOT NULL UNIQUE
);

CREATE TABLE web_keys (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
