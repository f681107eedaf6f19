"""Sending the table's cards to Discord: the ``Sender`` the deliverer calls.

``DiscordSender`` posts, edits and deletes channel messages and sends DMs, and
turns Discord's answers into the deliverer's terms (refused, gone, too old to
edit, unavailable). ``ClickSender`` does the same for the deliveries a click
caused, and answers the click with the first of them when it can: an edit of the
clicked message becomes the interaction's UPDATE_MESSAGE response (one call
instead of two); anything else first acknowledges the click (so Discord never
waits more than a moment).
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot.i18n import using
from bot.i18n.table import _
from bot.storage import PostRecord
from bot.table import Card, Gone, Refused, TooOld, Unavailable
from cogs import views

if TYPE_CHECKING:
    from bot.client import GameBot

NO_MENTIONS = discord.AllowedMentions.none()
EDIT_LIMIT = 30046
CANNOT_DM = 50007


def mentions_for(user_ids: tuple[int, ...]) -> discord.AllowedMentions:
    """Ping exactly these users: never @everyone, @here or roles."""
    users = [discord.Object(user_id) for user_id in user_ids]
    return discord.AllowedMentions(everyone=False, roles=False, replied_user=False, users=users or False)


def board_file(name: str, png: bytes, language: str | None = None) -> discord.File:
    """The board as an attachment; Discord shows it full width under the text, tap to zoom.
    ``language``: that of the message it goes with (a public card's), else the reader's."""
    with using(language) if language is not None else contextlib.nullcontext():
        description = _("Game board")
    return discord.File(io.BytesIO(png), filename=name, description=description)


@asynccontextmanager
async def discord_terms() -> AsyncIterator[None]:
    """Discord's errors as the deliverer understands them."""
    try:
        yield
    except discord.Forbidden as error:
        raise Refused(f"HTTP 403 ({error.code})", dms_closed=error.code == CANNOT_DM) from error
    except discord.NotFound as error:
        raise Gone(f"HTTP 404 ({error.code})") from error
    except discord.HTTPException as error:
        if error.code == EDIT_LIMIT:
            raise TooOld("HTTP 400 (30046)") from error
        if error.status >= 500:
            raise Unavailable(f"HTTP {error.status}") from error
        raise
    except (aiohttp.ClientError, TimeoutError) as error:
        raise Unavailable(type(error).__name__) from error


def message_kwargs(card: Card, board_url: str | None = None) -> dict[str, Any]:
    kwargs: dict[str, Any] = {
        "content": card.text,
        "allowed_mentions": mentions_for(card.mentions) if card.mentions else NO_MENTIONS,
    }
    view = views.card_view(card, board_url)
    kwargs["view"] = view
    return kwargs


class DiscordSender:
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def board_url(self, card: Card) -> str | None:
        """The live board's "🌐 Board" link when the web table is on: it rides on the board's own
        posts and edits, so it costs no call of its own."""
        web = getattr(self.bot, "web", None)
        if web is None or card.kind != "live":
            return None
        url: str = await web.board_url(card.game_id)
        return url

    async def _kwargs(self, card: Card) -> dict[str, Any]:
        return message_kwargs(card, await self.board_url(card))

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        channel = self.bot.get_partial_messageable(post.channel_id)
        kwargs = await self._kwargs(card)
        if kwargs["view"] is None:
            del kwargs["view"]
        if board is not None:
            kwargs["file"] = board_file(card.board_name, board, card.language)
        async with discord_terms():
            message = await channel.send(silent=card.silent, nonce=nonce, **kwargs)
        return message.id

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        kwargs = await self._kwargs(card)
        if board is not None:
            kwargs["attachments"] = [board_file(card.board_name, board, card.language)]
        elif not card.board:
            kwargs["attachments"] = []
        channel = self.bot.get_partial_messageable(post.channel_id)
        async with discord_terms():
            await channel.get_partial_message(post.message_id or 0).edit(**kwargs)

    async def delete(self, post: PostRecord) -> None:
        channel = self.bot.get_partial_messageable(post.channel_id)
        async with discord_terms():
            await channel.get_partial_message(post.message_id or 0).delete()

    async def direct(self, user_id: int, card: Card, nonce: str) -> None:
        async with discord_terms():
            channel = await self.bot.create_dm(discord.Object(user_id))
            await channel.send(card.text, allowed_mentions=NO_MENTIONS, nonce=nonce)


class ClickSender(DiscordSender):
    """Delivers what a click caused, answering the click with the first delivery it can."""

    def __init__(self, bot: GameBot, interaction: discord.Interaction[GameBot]) -> None:
        super().__init__(bot)
        self.interaction = interaction
        message = interaction.message
        self.clicked = message.id if message is not None else None

    async def acknowledge(self) -> None:
        """Tell Discord the click is handled, if nothing answered it yet."""
        if not self.interaction.response.is_done():
            # Answered too late (Discord gave up on it): the deliveries go on all the same.
            with contextlib.suppress(discord.HTTPException):
                await self.interaction.response.defer()

    async def edit(self, post: PostRecord, card: Card, board: bytes | None) -> None:
        if post.message_id != self.clicked or self.interaction.response.is_done():
            await self.acknowledge()
            return await super().edit(post, card, board)
        kwargs = await self._kwargs(card)
        if board is not None:
            kwargs["attachments"] = [board_file(card.board_name, board, card.language)]
        elif not card.board:
            kwargs["attachments"] = []
        try:
            await self.interaction.response.edit_message(**kwargs)
        except (discord.HTTPException, aiohttp.ClientError, TimeoutError):
            # Answered too late, or Discord had trouble: the ordinary edit does the same.
            await super().edit(post, card, board)

    async def create(self, post: PostRecord, card: Card, board: bytes | None, nonce: str) -> int:
        await self.acknowledge()
        return await super().create(post, card, board, nonce)

    async def delete(self, post: PostRecord) -> None:
        await self.acknowledge()
        await super().delete(post)

    async def direct(self, user_id: int, card: Card, nonce: str) -> None:
        await self.acknowledge()
        await super().direct(user_id, card, nonce)
