-- PostgreSQL dialect of ../0012_languages.sql (the comments there say why).
ALTER TABLE game_timing ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE seats ADD COLUMN language TEXT;
