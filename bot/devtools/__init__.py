"""Tools for developing the bot: a fake Discord to drive the real client in tests and benchmarks.

Nothing here is used by the running bot.
"""
