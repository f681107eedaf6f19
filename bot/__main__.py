"""``python -m bot``: run the Discord bot.

``python -m bot invite <application id>`` prints the invite URL with the permissions the bot needs.
"""

from __future__ import annotations

import logging
import sys

from bot.config import ConfigError, configure_logging, invite_url, load_settings

log = logging.getLogger("bot")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["invite"]:
        if len(args) != 2 or not args[1].isdigit():
            print("usage: python -m bot invite <application id>", file=sys.stderr)
            return 2
        print(invite_url(int(args[1])))
        return 0
    if args:
        print("usage: python -m bot [invite <application id>]", file=sys.stderr)
        return 2
    try:
        settings = load_settings()
        token = settings.require_token()
    except ConfigError as error:
        print(f"Cannot start the bot: {error}", file=sys.stderr)
        return 2

    configure_logging(settings.log_level)
    log.info("Starting with %r", settings)

    import discord

    from bot.client import GameBot

    client = GameBot(settings)
    try:
        client.run(token, log_handler=None)
    except discord.LoginFailure:
        print(
            "Discord rejected DISCORD_TOKEN. Reset the token in the Developer Portal (Bot → Reset Token) "
            "and put the new one in your environment or .env.",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
