"""Set-up in Cache Me If You Can and Muggles through Discord: everyone at once, each in their own panel.

"Jeder Spieler beginnt mit ... 3 Ausrüstungskarten ... Der Spieler muss entscheiden, welchen Gegenstand er
verwenden möchte" — every player decides for their own cards. One prompt pings everyone still choosing
and carries no card of anybody's; each player's "▶ Play" panel holds only their own cards; a player
who picks from their own panel is never refused, whatever the others do in between. Muggles keeps
everything face up ("Secrets among players are not needed"), but its set-up is the base game's: one
shared menu would mix everyone's cards.
"""

from __future__ import annotations

import pytest

from bot.devtools.fake_discord import FakeDiscord, FakeMessage, FakeUser
from bot.devtools.fake_players import read_game
from tests.cogs.games import resolve_game
from tests.cogs.helpers import prompts

REFUSALS = ("not possible", "not your turn", "no longer", "can't", "cannot")
CARDS = 3


def _side_buttons(message: FakeMessage) -> dict[str, str]:
    """The equipment sides a message's buttons offer: action (``side:<card>:<side>``) -> custom id."""
    found = {str(b.get("custom_id", "")).split(":", 4)[-1]: str(b.get("custom_id", "")) for b in message.buttons}
    return {action: custom for action, custom in found.items() if action.startswith("side:")}


def _side_actions(message: FakeMessage) -> list[str]:
    """Every equipment side a message offers, on a button or in a menu."""
    options = [str(o.get("value", "")) for menu in message.selects for o in menu.get("options", [])]
    return [*_side_buttons(message), *(a for a in options if a.startswith("side:"))]


def _mentioned(message: FakeMessage, users: list[FakeUser]) -> set[str]:
    return {u.name for u in users if f"<@{u.id}>" in message.text}


@pytest.mark.parametrize("game", ["cmiyc", "muggles"])
async def test_each_player_sets_up_in_their_own_panel_at_the_same_time_without_refusals(
    bot, fake: FakeDiscord, db_path, game: str
):
    users = [fake.user(name) for name in ("alice", "bob", "carol")]
    fake.close_dms(users[2])
    opened = await fake.command(bot, users[0], "game new", game=game, thread=False)
    assert "table is open" in opened.reply.text, opened.texts
    for user in users[1:]:
        await fake.click(bot, user, fake.last_post(), "Join")
    await fake.click(bot, users[0], fake.last_post(), "Start")
    game_id = await bot.service.open_game_id(fake.channel_id)
    engine = resolve_game(game).engine

    [prompt] = prompts(fake)
    assert _mentioned(prompt, users) == {"alice", "bob", "carol"} and set(prompt.pinged_ids) == {u.id for u in users}
    assert _side_actions(prompt) == [], "no one's cards on the shared prompt"
    assert prompt.has_button("Play")

    panels = {}
    for user in users:
        panels[user.name] = (await fake.click(bot, user, prompt, "Play")).reply
        assert panels[user.name].ephemeral
    refusals = 0

    async def pick(seat: int) -> None:
        """The player picks the first side their own panel offers."""
        nonlocal refusals
        user = users[seat]
        stored = read_game(db_path, game_id)
        own = {g["card"] for g in stored.state["seats"][seat]["gear"]}
        panel = panels[user.name]
        offered = _side_buttons(panel)
        assert offered and {int(a.split(":")[1]) for a in offered} <= own, "only their own cards"
        answer = await fake.click_id(bot, user, panel, next(iter(offered.values())))
        said = " ".join([*answer.texts, panel.text]).lower()
        if read_game(db_path, game_id).version == stored.version or any(word in said for word in REFUSALS):
            refusals += 1

    for _ in range(CARDS):
        await pick(0)
    [still] = prompts(fake)
    assert _mentioned(still, users) == {"bob", "carol"}, "the prompt names who is still choosing"
    assert _side_actions(still) == [] and still.has_button("Play")
    for _ in range(CARDS):
        await pick(2)
        await pick(1)
    assert refusals == 0

    stored = read_game(db_path, game_id)
    state = engine.load(stored.state)
    assert state.round == 1 and all(g.side >= 0 for p in state.seats for g in p.gear)
    assert engine.current_seats(state) == [0], "the first turn starts when all have chosen"
    [first] = prompts(fake)
    assert _mentioned(first, users) == {"alice"}, "now only seat 1 is pinged"
