"""Seasons of a server, on both backends: closing one keeps its final boards readable, starts every rating
again from the default, and is refused (changing nothing) when it is not the current season or has no game."""

from __future__ import annotations

import pytest

from bot.ratings import Rating, Standing
from bot.storage.seasons import CloseOutcome
from bot.tables import BadRequest

GUILD, OTHER = 1, 2


async def game_of(service, play, user: int, guild: int = GUILD, seed: int = 4) -> None:
    """``user`` plays a whole Briscola for 2 against the AI in ``guild``."""
    t = await service.create(guild, 10, user, f"u{user}", "briscola", 2, {"turn_timer": "off"}, level="random",
                             seed=seed)
    await service.start(t.id, user)
    await play(service, t.id, {user})


def ranked(n: int, base: int = 100) -> list[Standing]:
    return [Standing(base + i, f"p{base + i}", Rating(20.0 + i, 2.0), games=3, wins=2, losses=1) for i in range(n)]


async def test_closing_a_season_keeps_its_board_and_starts_every_rating_again(database, open_service, play):
    service = await open_service(path=database)
    await game_of(service, play, 7)
    await service.store.seed_games([], [], ranked(4), GUILD, "briscola")
    await service.store.seed_games([], [], ranked(2, 200), GUILD, "cicera")
    await service.store.seed_games([], [], ranked(3), OTHER, "briscola")
    live = await service.leaderboard(GUILD, "briscola")
    assert live["total"] == 5 and (await service.current_season(GUILD))["number"] == 1
    mine = (await service.player_stats(GUILD, 7))["games"]["briscola"]["standing"]

    closed = await service.close_season(GUILD, 1)
    assert closed.outcome is CloseOutcome.CLOSED and closed.number == 1 and closed.ranked == 7
    assert [st.user_id for _place, st in closed.podium["briscola"]] == [r[1].user_id for r in live["rows"][:3]]
    assert [p for p, _st in closed.podium["cicera"]] == [1, 2]

    old = await service.season_leaderboard(GUILD, 1, "briscola")
    assert [(rank, st.user_id, st.rating) for rank, st in old["rows"]] == \
        [(rank, st.user_id, st.rating) for rank, st in live["rows"]]
    assert old["total"] == 5
    assert (await service.leaderboard(GUILD, "briscola"))["total"] == 0  # the live board starts empty
    assert (await service.leaderboard(OTHER, "briscola"))["total"] == 3  # another server keeps its season
    assert (await service.current_season(GUILD))["number"] == 2
    assert (await service.current_season(OTHER))["number"] == 1

    await game_of(service, play, 7, seed=5)  # the next game starts from the default rating
    again = (await service.player_stats(GUILD, 7))["games"]["briscola"]["standing"]
    assert (again.games, again.wins + again.draws + again.losses) == (1, 1)  # not mine.games + 1
    (past,) = (await service.player_stats(GUILD, 7))["seasons"]
    assert (past.season, past.game, past.standing.rating, past.standing.games) == (1, "briscola", mine.rating,
                                                                                  mine.games)
    assert past.place == next(rank for rank, st in live["rows"] if st.user_id == 7)


async def test_a_second_close_and_a_season_without_games_change_nothing(database, open_service):
    service = await open_service(path=database)
    with pytest.raises(BadRequest, match="nothing to close"):
        await service.close_season(GUILD, 1)
    assert await service.seasons(GUILD) == []
    await service.store.seed_games([], [], ranked(3), GUILD, "briscola")
    await service.close_season(GUILD, 1)
    with pytest.raises(BadRequest, match="Season 1 is not this server's current season \\(it is season 2\\)"):
        await service.close_season(GUILD, 1)  # the confirmation pressed twice
    with pytest.raises(BadRequest, match="nothing to close"):
        await service.close_season(GUILD, 2)  # nobody played since
    with pytest.raises(BadRequest, match="not this server's current season"):
        await service.close_season(GUILD, 9)  # a forged number
    (season,) = await service.seasons(GUILD)
    assert season.number == 1 and season.players == {"briscola": 3}


async def test_bad_season_numbers_get_a_clear_message(database, open_service):
    service = await open_service(path=database)
    with pytest.raises(BadRequest, match="No season has been closed"):
        await service.season_leaderboard(GUILD, 1, "briscola")
    await service.store.seed_games([], [], ranked(3), GUILD, "briscola")
    await service.close_season(GUILD, 1)
    for season, words in ((0, "only season 1 is closed"), (-3, "only season 1 is closed"),
                          (2, "Season 2 is the current season"), (10**12, "There is no season 1000000000000")):
        with pytest.raises(BadRequest, match=words):
            await service.season_leaderboard(GUILD, season, "briscola")
    assert (await service.season_leaderboard(GUILD, 1, "cicera"))["total"] == 0  # a game nobody played then


async def test_a_restart_between_two_seasons_keeps_both(database, open_service):
    service = await open_service(path=database)
    await service.store.seed_games([], [], ranked(3), GUILD, "briscola")
    await service.close_season(GUILD, 1)
    await service.store.seed_games([], [], ranked(2, 300), GUILD, "briscola")
    await service.close_season(GUILD, 2)
    await service.close()

    service = await open_service(path=database)
    seasons = await service.seasons(GUILD)
    assert [(s.number, s.players) for s in seasons] == [(1, {"briscola": 3}), (2, {"briscola": 2})]
    assert seasons[1].started_at == seasons[0].ended_at
    assert [st.user_id for _r, st in (await service.season_leaderboard(GUILD, 1, "briscola"))["rows"]] == \
        [102, 101, 100]
    assert [st.user_id for _r, st in (await service.season_leaderboard(GUILD, 2, "briscola"))["rows"]] == [301, 300]
    assert (await service.current_season(GUILD)) == {"number": 3, "started_at": seasons[1].ended_at}


async def test_forgetting_a_member_removes_their_past_seasons(database, open_service):
    service = await open_service(path=database)
    await service.store.seed_games([], [], ranked(3), GUILD, "briscola")
    await service.close_season(GUILD, 1)
    assert (await service.player_stats(GUILD, 101))["seasons"]
    await service.forget_user(101)
    assert (await service.player_stats(GUILD, 101))["seasons"] == []
    assert [st.user_id for _r, st in (await service.season_leaderboard(GUILD, 1, "briscola"))["rows"]] == [102, 100]


async def test_a_season_closed_while_another_process_stores_standings_loses_none(database):
    """Two stores on one database, as two processes: one closes the season while the other keeps storing new
    standings. Each standing ends either in the closed season's board or in the new season's live one, never in
    both and never in neither."""
    import asyncio

    from bot.storage import Store
    from bot.storage.rows import STANDING_INSERT, standing_row

    async with Store(database) as closer, Store(database) as other:
        await closer.seed_games([], [], ranked(3), GUILD, "briscola")
        users = list(range(5000, 5120))

        async def keep_storing() -> None:
            for user in users:
                st = Standing(user, f"u{user}", Rating(25.0, 3.0), games=1, wins=1)

                async def fn(tx, st=st):
                    await tx.execute(STANDING_INSERT, standing_row(GUILD, "briscola", st))

                await other._write(fn)
                await asyncio.sleep(0)

        async def close_meanwhile():
            await asyncio.sleep(0.01)
            return await closer.close_season(GUILD, 1, 1.0)

        _, closed = await asyncio.gather(keep_storing(), close_meanwhile())
        kept, _total = await closer.season_board(GUILD, 1, "briscola", 0, 1000)
        live, _total = await closer.leaderboard(GUILD, "briscola", 0, 1000)
    in_season = {st.user_id for _place, st in kept}
    in_live = {st.user_id for st in live}
    assert closed.outcome is CloseOutcome.CLOSED and closed.ranked == len(kept)
    assert not in_season & in_live
    assert in_season | in_live == {100, 101, 102, *users}
    assert [place for place, _st in kept] == list(range(1, len(kept) + 1))


async def test_a_game_in_play_when_the_season_closes_counts_in_the_new_one(database, open_service, play):
    service = await open_service(path=database)
    await game_of(service, play, 7)
    first = (await service.player_stats(GUILD, 7))["games"]["briscola"]["standing"]
    t = await service.create(GUILD, 10, 7, "u7", "briscola", 2, {"turn_timer": "off"}, level="random", seed=9)
    await service.start(t.id, 7)
    moves = []
    await play(service, t.id, {7}, stop=lambda _info: moves.append(1) or len(moves) > 4)
    await service.close_season(GUILD, 1)
    await play(service, t.id, {7})
    now = (await service.player_stats(GUILD, 7))
    assert now["games"]["briscola"]["standing"].games == 1
    (past,) = now["seasons"]
    assert past.standing.games == first.games == 1
