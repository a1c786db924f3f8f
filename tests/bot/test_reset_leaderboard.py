"""Resetting a guild's leaderboard: one game or every game, that guild only; the stored games stay."""

from __future__ import annotations

import pytest

from bot.ratings import Rating, Standing
from bot.tables import BadRequest


def standings(n: int, base: int = 0) -> list[Standing]:
    return [Standing(base + i, f"p{base + i}", Rating(25.0 + i, 3.0), games=2, wins=1, losses=1) for i in range(n)]


async def seed(service) -> None:
    store = service.store
    await store.seed_games([], [], standings(3), 1, "briscola")
    await store.seed_games([], [], standings(2), 1, "cicera")
    await store.seed_games([], [], standings(4), 2, "briscola")


async def totals(service) -> dict:
    return {(g, game): (await service.leaderboard(g, game))["total"]
            for g in (1, 2) for game in ("briscola", "cicera")}


async def test_reset_one_game_then_every_game_of_a_guild(open_service):
    service = await open_service()
    await seed(service)
    assert await totals(service) == {(1, "briscola"): 3, (1, "cicera"): 2, (2, "briscola"): 4, (2, "cicera"): 0}
    assert await service.reset_leaderboard(1, "briscola") == 3
    assert await totals(service) == {(1, "briscola"): 0, (1, "cicera"): 2, (2, "briscola"): 4, (2, "cicera"): 0}
    assert await service.player_stats(1, 0) != {"games": {}, "recent": []}  # cicera still there
    assert await service.reset_leaderboard(1) == 2
    assert await totals(service) == {(1, "briscola"): 0, (1, "cicera"): 0, (2, "briscola"): 4, (2, "cicera"): 0}
    assert await service.reset_leaderboard(1) == 0


async def test_reset_of_an_unknown_game_is_refused(open_service):
    service = await open_service()
    await seed(service)
    with pytest.raises(BadRequest):
        await service.reset_leaderboard(1, "poker")
    assert (await totals(service))[(1, "briscola")] == 3


async def test_a_reset_keeps_the_stored_games(open_service, play):
    service = await open_service()
    t = await service.create(1, 10, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=4)
    await service.start(t.id, 1)
    await play(service, t.id, {1})
    stats = await service.player_stats(1, 1)
    (game,) = stats["recent"]
    await service.reset_leaderboard(1, "briscola")
    after = await service.player_stats(1, 1)
    assert after["games"] == {} and [g.id for g in after["recent"]] == [game.id]
    assert await service.store.game_record(game.id) is not None
