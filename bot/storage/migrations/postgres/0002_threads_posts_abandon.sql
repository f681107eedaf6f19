-- PostgreSQL dialect of ../0002_threads_posts_abandon.sql.
ALTER TABLE games ADD COLUMN parent_channel_id BIGINT;
ALTER TABLE games ADD COLUMN last_post_id BIGINT;

CREATE INDEX games_by_status ON games (status, updated_at);

CREATE TABLE abandon_votes (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
