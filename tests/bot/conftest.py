"""The bot on a fake Discord, as in the cog tests."""

from tests.cogs.conftest import bot, db_path, fake, make_bot  # noqa: F401
