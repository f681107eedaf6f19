-- How each finished game ended, as the engine's short key (escaped, all-perished, points ...):
-- /game stats shows a server how its games end, and the benches count endings.
ALTER TABLE results ADD COLUMN ending TEXT NOT NULL DEFAULT '';
