"""The web table's storage (migration 0011), on SQLite and PostgreSQL: a game's public page id is
made once and found again, and the signing key is made once per database (links outlive a restart)."""

from __future__ import annotations

import itertools

from bot.storage import Store
from tests.storage.test_long_games_store import active_game


async def test_a_page_id_is_made_once_and_leads_back_to_its_game(target):
    store = await Store.open(target)
    try:
        game = await active_game(store)
        made = iter(["first-id", "second-id"])
        page = await store.transaction(lambda tx: tx.web_page(game, lambda: next(made)))
        again = await store.transaction(lambda tx: tx.web_page(game, lambda: next(made)))
        assert page == again == "first-id"
        assert await store.transaction(lambda tx: tx.game_of_page("first-id")) == game
        assert await store.transaction(lambda tx: tx.game_of_page("second-id")) is None
    finally:
        await store.close()


async def test_the_signing_key_is_made_once_and_kept_across_a_restart(target):
    counter = itertools.count()
    store = await Store.open(target)
    try:
        key = await store.transaction(lambda tx: tx.web_key("links", lambda: f"key-{next(counter)}"))
    finally:
        await store.close()
    store = await Store.open(target)
    try:
        assert await store.transaction(lambda tx: tx.web_key("links", lambda: f"key-{next(counter)}")) == key == "key-0"
    finally:
        await store.close()
