"""The Discord front end: slash commands, buttons, and sending what the table service returns.

Cogs stay thin: they parse input, call ``bot.table.TableService`` and send what
it returns. No game rules live here.
"""

EXTENSIONS = ("cogs.errors", "cogs.activity", "cogs.components", "cogs.game")
"""Loaded by ``bot.client.GameBot.setup_hook`` in this order (errors first, so its handler is in place)."""
