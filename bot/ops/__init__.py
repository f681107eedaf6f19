"""Running the bot for real: checks before start-up, backups, restores, the data check.

These work on the SQLite file directly with the standard library's ``sqlite3``
(no event loop, no Discord), so the command line can use them while the bot
runs or is stopped.
"""
