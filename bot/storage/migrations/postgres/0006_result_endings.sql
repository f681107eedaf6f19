-- PostgreSQL dialect of ../0006_result_endings.sql.
ALTER TABLE results ADD COLUMN ending TEXT NOT NULL DEFAULT '';
