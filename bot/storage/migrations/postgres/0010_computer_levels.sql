-- PostgreSQL dialect of ../0010_computer_levels.sql (the comments there say why).
ALTER TABLE seats ADD COLUMN level TEXT;
ALTER TABLE game_timing ADD COLUMN stand_in_level TEXT;
