-- Long games that look after themselves (issue 13): per-game time settings, per-seat wait times,
-- missed turns and seats the computer plays for an absent player, the timers (reminders and turn
-- clocks) a background task claims, per-user quiet hours, and what undo needs in the action log.

-- Set at /game new, copied by a rematch.
CREATE TABLE game_timing (
    game_id      INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    remind_after INTEGER NOT NULL DEFAULT 43200,  -- seconds before the first reminder; 0: no reminders
    turn_clock   INTEGER,                         -- seconds per decision; NULL: no turn clock
    missed_limit INTEGER                          -- time-outs in a row before the computer takes the seat
);

-- One row per seat of a running game.
CREATE TABLE seat_timing (
    game_id      INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    since        INTEGER,                 -- the waiting_since this row's wait_started belongs to
    wait_started TEXT,                    -- when the seat's current decision opened (UTC)
    missed       INTEGER NOT NULL DEFAULT 0,
    away_user    INTEGER,                 -- the player a computer stands in for (may reclaim the seat)
    away_name    TEXT,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_timing_away ON seat_timing (away_user) WHERE away_user IS NOT NULL;

-- Reminders and turn clocks. A worker claims due rows in a transaction (claimed_until: a lease, so a
-- crashed worker's rows come free again); firing one and deleting it commit together, so each fires once.
CREATE TABLE timers (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    since         INTEGER NOT NULL,        -- the decision (seats.waiting_since) it belongs to
    kind          TEXT    NOT NULL CHECK (kind IN ('remind', 'clock')),
    stage         INTEGER NOT NULL DEFAULT 0,  -- reminders: 0 in the channel, 1 by DM
    due_at        TEXT    NOT NULL,        -- UTC, ISO 8601
    claimed_until TEXT,
    UNIQUE (game_id, seat, kind)
);
CREATE INDEX timers_by_due ON timers (due_at);

-- /game settings: quiet hours in the user's time zone (minutes after local midnight).
CREATE TABLE user_settings (
    user_id     INTEGER PRIMARY KEY,
    time_zone   TEXT    NOT NULL DEFAULT 'UTC',
    quiet_start INTEGER,
    quiet_end   INTEGER
);

-- Undo: an action that revealed nothing may be taken back; a taken-back action stays in the log, marked.
ALTER TABLE actions ADD COLUMN undoable INTEGER NOT NULL DEFAULT 0;
ALTER TABLE actions ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;

-- /game mine: the games a user sits in.
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;
