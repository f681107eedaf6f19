-- PostgreSQL dialect of ../0007_seat_holders.sql (the comments there say why).
CREATE TABLE seat_holders (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    seat    BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id, seat)
);

INSERT INTO seat_holders (game_id, user_id, seat)
    SELECT s.game_id, s.user_id, s.seat FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
INSERT INTO seat_holders (game_id, user_id, seat)
    SELECT a.game_id, a.user_id, a.seat FROM actions AS a JOIN games AS g ON g.id = a.game_id
    WHERE g.status = 'active' AND a.user_id IS NOT NULL
    ON CONFLICT DO NOTHING;
INSERT INTO seat_holders (game_id, user_id, seat)
    SELECT t.game_id, t.away_user, t.seat FROM seat_timing AS t JOIN games AS g ON g.id = t.game_id
    WHERE g.status = 'active' AND t.away_user IS NOT NULL
    ON CONFLICT DO NOTHING;
