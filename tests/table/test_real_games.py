"""Every registered game through the table service: from the lobby to the final scores."""

from __future__ import annotations

import random

import pytest

from bot.devtools.memory_sender import MemorySender
from bot.engine import RuleError
from bot.games.registry import default_registry, game_names
from bot.storage import Store
from bot.table import Person, TableService

HUMAN = Person(1, "Ann")


async def play_to_the_end(service: TableService, name: str, computers: int, seed: int, sender: MemorySender) -> int:
    lobby = await service.create(
        guild_id=1,
        channel_id=10,
        parent_channel_id=None,
        game_name=name,
        options={},
        creator=HUMAN,
        computers=computers,
    )
    game_id = lobby.game_id
    await service.start(game_id, HUMAN.user_id)
    await service.deliver(game_id, sender)
    rng = random.Random(seed)
    for _ in range(5000):
        if not await service.waiting_on(game_id):
            break
        panel = await service.panel(game_id, HUMAN.user_id)
        assert panel.has_decision, "only the human can be awaited: computers act at once"
        pick = rng.randrange(len(panel.choices) + len(panel.forms) + len(panel.multis))
        if pick < len(panel.choices):
            await service.act(game_id, HUMAN.user_id, panel.version, panel.choices[pick].action)
        elif pick >= len(panel.choices) + len(panel.forms):  # a several-at-once menu: as few as allowed
            menu = panel.multis[pick - len(panel.choices) - len(panel.forms)]
            values = [option.action for option in menu.options][: max(menu.min_values, 1)]
            await service.choose_several(game_id, HUMAN.user_id, panel.version, menu.verb, values)
        else:
            form = panel.forms[pick - len(panel.choices)]
            values = {f.key: f.default for f in form.fields}
            await service.submit_form(game_id, HUMAN.user_id, panel.version, form.key, values)
        await service.deliver(game_id, sender)
    assert (await service.record(game_id)).status == "finished"
    return game_id


@pytest.mark.parametrize("name", game_names())
async def test_one_human_with_computer_players_finishes_every_game(tmp_path, name):
    store = await Store.open(tmp_path / "games.db")
    try:
        service = TableService(store, renderer=None, seed_source=lambda: 99)
        spec = default_registry().spec(name)
        sender = MemorySender()
        await play_to_the_end(service, name, spec.min_players - 1 if spec.min_players > 1 else 0, 4, sender)
        [board] = sender.of_kind("live")
        assert "Game over" in board.card.text and not board.card.play and sender.of_kind("prompt") == []
        for message in sender.messages.values():
            assert "{p" not in message.card.text, "every seat placeholder is replaced by a name"
            assert set(message.card.mentions) <= {HUMAN.user_id}
        assert len(await service.player_stats(HUMAN.user_id, 1)) == 1
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
        game_id = lobby.game_id
        await service.start(game_id, HUMAN.user_id)
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
        pytest.skip("the human never had to divide loot by form")
    finally:
        await store.close()
