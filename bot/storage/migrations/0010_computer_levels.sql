-- Computer players that play easy, normal or strong (issue 22). A computer seat's level, chosen in
-- the lobby; NULL: the default for the kind of game (normal, strong for team partners), and always
-- NULL for a person's seat. The game's level for computers that take over a seat (a turn clock ran
-- out too often, a player left); NULL: that same default.
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE game_timing ADD COLUMN stand_in_level TEXT;
