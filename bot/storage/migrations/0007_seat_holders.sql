-- Who has held each seat of a started game (issue 19). A player knows the secrets of every seat they
-- held, so in a game with hidden information they may take back only such a seat, never another one.
-- Written when a game starts and whenever a person takes a seat of a running game.
CREATE TABLE seat_holders (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id, seat)
);

-- Running games: whoever sits in a seat now, whoever moved for a seat (the action log), whoever a
-- computer keeps a seat for. A player who left before their first move left no trace to find.
INSERT OR IGNORE INTO seat_holders (game_id, user_id, seat)
    SELECT s.game_id, s.user_id, s.seat FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.user_id IS NOT NULL;
INSERT OR IGNORE INTO seat_holders (game_id, user_id, seat)
    SELECT a.game_id, a.user_id, a.seat FROM actions AS a JOIN games AS g ON g.id = a.game_id
    WHERE g.status = 'active' AND a.user_id IS NOT NULL;
INSERT OR IGNORE INTO seat_holders (game_id, user_id, seat)
    SELECT t.game_id, t.away_user, t.seat FROM seat_timing AS t JOIN games AS g ON g.id = t.game_id
    WHERE g.status = 'active' AND t.away_user IS NOT NULL;
