"""The table's language, chosen by its host in the lobby (issue 25): its lobby, board, prompts and
results are written in it from then on. Only a language every catalogue is complete in is offered
(``bot.i18n.domains.offered_languages``), so nobody reads a message half in one language and half in
another."""

from __future__ import annotations

from dataclasses import replace

from bot.i18n import language_name
from bot.i18n.domains import offered_languages
from bot.i18n.table import _
from bot.storage import Writer
from bot.table import crash, presenter
from bot.table.cards import Outcome
from bot.table.core import TableCore
from bot.table.errors import TableError
from bot.table.lobby import _require_host, _require_lobby


class TableLanguageOps(TableCore):
    async def set_language(self, game_id: int, user_id: int, language: str) -> Outcome:
        """The host picks the table's language (host only, in the lobby); the lobby is written
        in it at once. One not offered changes nothing."""
        if language not in offered_languages():
            raise TableError(_("I can't write in that language yet. Pick one from the lobby's menu."))
        async with self._state_locks(game_id):
            table = await self._load(game_id)
            record = table.record
            _require_lobby(record)
            _require_host(record, user_id)
            lobby = table.post("lobby")

            def change(tx: Writer) -> None:
                timing = replace(tx.game_timing(record.id), language=language)
                tx.require_status(record.id, record.status)
                tx.set_game_timing(record.id, timing)
                card = presenter.lobby_card(replace(table, timing=timing), "", timing)
                if lobby is not None and card.digest() != lobby.card:
                    tx.update_post(lobby.id, card=card.digest())
                    tx.enqueue(record.id, "edit", post_id=lobby.id, card=card.to_json())

            await self._store.transaction(change)
            crash.point("committed")
        return Outcome(game_id, _("🌐 The table speaks **{language}** now.").format(language=language_name(language)))
