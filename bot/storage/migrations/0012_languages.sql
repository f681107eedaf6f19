-- Every text in the reader's language (issue 25). A table's language, chosen in the lobby (its
-- public texts: lobby, board, prompts, results); NULL: English, as every game before this had.
-- A player's own choice from /game settings; NULL: the language their Discord client uses.
-- The language a seat's player reads, for what reaches them outside a click (direct messages);
-- NULL: the table's.
ALTER TABLE game_timing ADD COLUMN language TEXT;
ALTER TABLE user_settings ADD COLUMN language TEXT;
ALTER TABLE seats ADD COLUMN language TEXT;
