"""Real games through the table service: from the lobby to the final scores."""

from __future__ import annotations

import random

import pytest

from bot.engine import RuleError
from bot.games.registry import game_names
from bot.storage import Store
from bot.table import Person, PublicPost, TableService

HUMAN = Person(1, "Ann")


async def play_to_the_end(
    service: TableService, store: Store, name: str, computers: int, seed: int
) -> list[PublicPost]:
    lobby = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name=name,
        options={},
        creator=HUMAN,
        computers=computers,
    )
    game_id = lobby.post.game_id
    outcome = await service.start(game_id, HUMAN.user_id)
    posts = [outcome.post]
    rng = random.Random(seed)
    for _ in range(5000):
        record = await store.game(game_id)
        if record.status != "active":
            break
        panel = await service.panel(game_id, HUMAN.user_id)
        assert panel.has_decision, "only the human can be awaited: computers act at once"
        pick = rng.randrange(len(panel.choices) + len(panel.forms))
        if pick < len(panel.choices):
            outcome = await service.act(game_id, HUMAN.user_id, panel.version, panel.choices[pick].action)
        else:
            form = panel.forms[pick - len(panel.choices)]
            outcome = await service.submit_form(
                game_id, HUMAN.user_id, panel.version, form.key, {f.key: f.default for f in form.fields}
            )
        posts.append(outcome.post)
    assert (await store.game(game_id)).status == "finished"
    return posts


@pytest.mark.parametrize("name", game_names())
async def test_one_human_with_computer_players_finishes_a_game(tmp_path, name):
    store = await Store.open(tmp_path / "games.db")
    try:
        service = TableService(store, renderer=None, seed_source=lambda: 99)
        engine = service.entry(name).engine
        computers = engine.spec.max_players - 1 if name == "mutiny" else 0
        posts = await play_to_the_end(service, store, name, computers, seed=4)
        final = posts[-1]
        assert final.finished and not final.choices and not final.play_button
        for post in posts:
            assert "{p" not in post.text, "every seat placeholder is replaced by a name"
            assert set(post.mention_ids) <= {HUMAN.user_id}
    finally:
        await store.close()


async def test_rule_errors_name_players_instead_of_placeholders(tmp_path):
    if "mutiny" not in game_names():
        pytest.skip("mutiny not registered")
    store = await Store.open(tmp_path / "games.db")
    try:
        service = TableService(store, renderer=None, seed_source=lambda: 5)
        lobby = await service.create(
            guild_id=1,
            channel_id=10,
            parent_channel_id=None,
            game_name="mutiny",
            options={},
            creator=HUMAN,
            computers=3,
        )
        await service.start(lobby.post.game_id, HUMAN.user_id)
        game_id = lobby.post.game_id
        for _ in range(400):
            panel = await service.panel(game_id, HUMAN.user_id)
            divide = [f for f in panel.forms if f.key == "divide"]
            if divide:
                values = {f.key: "9 9 9 9" for f in divide[0].fields}
                with pytest.raises(RuleError) as refused:
                    await service.submit_form(game_id, HUMAN.user_id, panel.version, "divide", values)
                assert "{p" not in str(refused.value)
                return
            await service.act(game_id, HUMAN.user_id, panel.version, panel.choices[0].action)
        pytest.fail("the human never became Captain")
    finally:
        await store.close()


async def test_a_solo_puzzle_without_secrets_sends_no_dms_and_offers_no_private_button(tmp_path):
    store = await Store.open(tmp_path / "games.db")
    try:
        service = TableService(store, renderer=None, seed_source=lambda: 3)
        lobby = await service.create(
            guild_id=1, channel_id=10, parent_channel_id=None, game_name="mccc", options={}, creator=HUMAN
        )
        start = await service.start(lobby.post.game_id, HUMAN.user_id)
        assert start.direct == () and not start.post.private_button
        panel = await service.panel(lobby.post.game_id, HUMAN.user_id)
        moved = await service.act(lobby.post.game_id, HUMAN.user_id, panel.version, panel.choices[0].action)
        assert moved.direct == ()
    finally:
        await store.close()
