"""Co-op and solo games through the table (the toy co-op game Safe Cracker): the team wins or
loses together, the results say so, and the statistics count it for every player."""

from __future__ import annotations

from bot.storage import StatLine
from bot.table.presenter import best_score_line
from tests.table.conftest import ANN, BOB, started


async def _crack(service, sender, game_id, players, *, win: bool):
    """Turn the dial to the code (win) or one past it (loss), by 3s and then the rest."""
    code = (await service.record(game_id)).state["code"]
    target = code if win else code - 1
    steps = [3] * (target // 3) + ([target % 3] if target % 3 else []) + ([] if win else [2])
    for version, step in enumerate(steps):
        await service.act(game_id, players[version % len(players)].user_id, version, f"add:{step}")
    await service.deliver(game_id, sender)
    return sender.of_kind("live")[-1].card.text


async def test_a_team_win_and_a_team_loss_with_results_and_statistics(service, sender):
    game_id = await started(service, ANN, BOB, game="team", sender=sender)
    board = await _crack(service, sender, game_id, (ANN, BOB), win=True)
    assert "The team cracked the safe." in board and "🤝 **The team won!**" in board
    assert "🏆" not in board and sender.dms == [], "a game without secrets sends no DMs"

    second = await started(service, BOB, ANN, game="team", sender=sender)
    board = await _crack(service, sender, second, (BOB, ANN), win=False)
    assert "The safe stays shut." in board and "**The team lost.**" in board

    for person in (ANN, BOB):
        assert await service.player_stats(person.user_id, 1) == [
            StatLine("team", "cooperative", "", played=2, won=1, best_score=None)
        ]
    assert await service.server_stats(1) == [StatLine("team", "cooperative", "", 2, 1, None)]


async def test_a_solo_game_is_won_or_lost_by_its_one_player(service, sender):
    game_id = await started(service, ANN, game="team", sender=sender)
    assert "🤝 **You won!**" in await _crack(service, sender, game_id, (ANN,), win=True)
    assert await service.player_stats(ANN.user_id) == [StatLine("team", "solo", "", 1, 1, None)]


async def test_statistics_keep_the_three_kinds_apart(service, sender):
    solo = await started(service, ANN, game="team", sender=sender)
    assert "**You lost.**" in await _crack(service, sender, solo, (ANN,), win=False)
    duel = await started(service, ANN, BOB, sender=sender)
    await service.act(duel, ANN.user_id, 0, "call")
    lines = {line.relation: line for line in await service.player_stats(ANN.user_id)}
    assert set(lines) == {"solo", "competitive"}
    assert lines["solo"].played == 1 and lines["solo"].won == 0
    assert lines["competitive"].played == 1 and lines["competitive"].best_score is not None


async def test_a_team_score_is_shown_beside_the_servers_best_so_far_for_its_variant(service, sender):
    """Catacombs of Mu (solo and co-op): "Their result is a score (relics brought to the Exit), shown
    with the table's best score so far for that variant" — every scored team game does the same."""
    first = await started(service, ANN, game="scored", sender=sender)
    code = (await service.record(first)).state["code"]
    board = await _crack(service, sender, first, (ANN,), win=True)
    assert f"Your score: **{code}**" in board and "Team" not in board, "alone, it is your score, not a team's"
    assert "📈 The first score on this server (dial)." in board

    lost = await started(service, ANN, BOB, game="scored", sender=sender)
    board = await _crack(service, sender, lost, (ANN, BOB), win=False)
    assert "Team score: **0**" in board and f"📈 Best on this server so far (dial): **{code}**." in board


def test_a_better_score_than_the_servers_best_is_called_a_new_best():
    assert best_score_line(3, 2, "co-op · 4 relics") == (
        "🎉 A new best on this server (co-op · 4 relics): the best so far was 2."
    )
    assert best_score_line(2, 2, "") == "📈 Best on this server so far: **2**."
