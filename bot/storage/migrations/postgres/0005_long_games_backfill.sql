-- PostgreSQL dialect of ../0005_long_games_backfill.sql (the comment there says why).
INSERT INTO seat_timing (game_id, seat, since, wait_started)
    SELECT s.game_id, s.seat, s.waiting_since, g.updated_at
    FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.waiting_since IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM seat_timing AS t WHERE t.game_id = s.game_id AND t.seat = s.seat);

INSERT INTO timers (game_id, seat, since, kind, stage, due_at)
    SELECT s.game_id, s.seat, s.waiting_since, 'remind', 0,
           to_char((g.updated_at::timestamptz + interval '43200 seconds') AT TIME ZONE 'UTC',
                   'YYYY-MM-DD"T"HH24:MI:SS"+00:00"')
    FROM seats AS s JOIN games AS g ON g.id = s.game_id
    WHERE g.status = 'active' AND s.waiting_since IS NOT NULL AND s.user_id IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM timers AS t WHERE t.game_id = s.game_id AND t.seat = s.seat);
