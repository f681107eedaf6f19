"""Stopping cleanly: no new clicks, the clicks in flight finished and delivered, then close.

discord.py runs every slash command, button and form submission as its own task
(named after what it runs); those are the clicks in flight. The bot waits for
them (bounded), then for the outbox, before it closes the HTTP session and the
database, so a SIGTERM from systemd never leaves a committed move unannounced
or a move half-applied.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import discord

log = logging.getLogger("bot")

SHUTDOWN_GRACE = 8.0
"""Seconds the clicks in flight and their deliveries get before the bot closes anyway (systemd's
default stop timeout is 90 s; a click takes milliseconds)."""

RESTARTING = "⏳ The bot is restarting. Nothing was changed: try again in a minute."

_INTERACTION_TASKS = (
    "CommandTree-invoker",
    "discord-ui-view-dispatch-",
    "discord-ui-dynamic-item-",
    "discord-ui-modal-dispatch-",
    "restart-notice",
)


def interactions_in_flight() -> list[asyncio.Task[Any]]:
    current = asyncio.current_task()
    return [
        task
        for task in asyncio.all_tasks()
        if task is not current and not task.done() and task.get_name().startswith(_INTERACTION_TASKS)
    ]


async def finish_in_flight(timeout: float) -> int:
    """Wait until no click is being handled (new ones may start while waiting); returns how many
    were still running when the time ran out."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while running := interactions_in_flight():
        remaining = deadline - loop.time()
        if remaining <= 0:
            return len(running)
        await asyncio.wait(running, timeout=remaining)
    return 0


def refuse_while_restarting(state: Any, data: Any) -> None:
    """Stands in for discord.py's INTERACTION_CREATE parser once the bot is stopping: the click is
    answered privately and dispatched to nothing."""
    interaction: discord.Interaction[Any] = discord.Interaction(data=data, state=state)
    if interaction.type is discord.InteractionType.autocomplete:
        return

    async def answer() -> None:
        try:
            await interaction.response.send_message(RESTARTING, ephemeral=True)
        except discord.HTTPException as error:
            log.info("Could not answer a click while stopping (%s)", error.status)

    asyncio.get_running_loop().create_task(answer(), name="restart-notice")
