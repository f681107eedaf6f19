-- Games already running when long games arrived: the decision each person is waited on started at
-- the game's last change, and gets its reminder 12 hours after (at once, if that is past: exactly
-- the games that wait on someone who forgot them). Later decisions get theirs from the table.
INSERT INTO seat_timing (game_id, seat, since, wait_started)
    SELECT s.game_id, s.seat, s.waiting_since, g.updated_at
    FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.waiting_since IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM seat_timing AS t WHERE t.game_id = s.game_id AND t.seat = s.seat);

INSERT INTO timers (game_id, seat, since, kind, stage, due_at)
    SELECT s.game_id, s.seat, s.waiting_since, 'remind', 0,
           strftime('%Y-%m-%dT%H:%M:%S+00:00', g.updated_at, '+43200 seconds')
    FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.waiting_since IS NOT NULL AND s.user_id IS NOT NULL
      AND strftime('%Y-%m-%dT%H:%M:%S+00:00', g.updated_at, '+43200 seconds') IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM timers AS t WHERE t.game_id = s.game_id AND t.seat = s.seat);
