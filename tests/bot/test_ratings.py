"""Ratings after a game: teams, free-for-all, Chiamata's caller side, AI seats never ranked, streaks."""

from __future__ import annotations

from bot.ratings import AI_RATINGS, Rating, SeatResult, Standing, after_game, rate_game, update_standings


def record(game: str, players: int, game_points: list[int], winners: list[int], rounds=None) -> dict:
    return {"game": game, "players": players, "rounds": rounds or [],
            "result": {"game_points": game_points, "winners": winners}}


def test_briscola_teams_move_together():
    new = rate_game(record("briscola", 4, [1, 0, 1, 0], [0, 2]), [Rating()] * 4)
    assert new[0] == new[2] and new[1] == new[3]
    assert new[0].mu > 25 > new[1].mu


def test_three_players_free_for_all():
    new = rate_game(record("briscola", 3, [0, 1, 0], [1]), [Rating()] * 3)
    assert new[1].mu > 25 and new[0].mu < 25 and new[2].mu < 25


def test_a_draw_changes_equal_players_little():
    new = rate_game(record("briscola", 2, [0, 0], []), [Rating(), Rating()])
    assert abs(new[0].mu - 25) < 1e-6 and new[0].sigma < Rating().sigma


def test_chiamata_rates_the_caller_side_per_round():
    rounds = [
        {"caller": 0, "partner": 3, "success": True},
        {"caller": None, "partner": None, "success": None},  # passed out: no update
        {"caller": 1, "partner": None, "success": False},  # alone and lost
    ]
    new = rate_game(record("chiamata", 5, [3, -5, 1, 2, 1], [0], rounds), [Rating()] * 5)
    assert new[0].mu > 25 and new[3].mu > 25
    assert new[1].mu < new[2].mu and new[1].mu < 25


def test_ai_seats_are_not_ranked_but_count():
    seats = [SeatResult(0, 10, "ann", None, "win", 1), SeatResult(1, None, "AI", "hard", "loss", 0)]
    after = update_standings(record("briscola", 2, [1, 0], [0]), seats, {}, 5.0)
    assert list(after) == [10]
    st = after[10]
    assert (st.games, st.wins, st.streak, st.last_played) == (1, 1, 1, 5.0)
    beat_random = update_standings(
        record("briscola", 2, [1, 0], [0]),
        [seats[0], SeatResult(1, None, "AI", "random", "loss", 0)], {}, 5.0)[10]
    assert st.rating.mu > beat_random.rating.mu, "beating a stronger AI is worth more"
    assert AI_RATINGS["hard"].mu > AI_RATINGS["random"].mu


def test_streaks():
    seat = SeatResult(0, 1, "a", None, "win", 1)
    st = after_game(None, seat, Rating(), 1.0)
    st = after_game(st, seat, Rating(), 2.0)
    assert (st.streak, st.best_streak, st.wins, st.games) == (2, 2, 2, 2)
    st = after_game(st, SeatResult(0, 1, "a", None, "loss", 0), Rating(), 3.0)
    assert (st.streak, st.best_streak, st.losses) == (-1, 2, 1)
    st = after_game(st, SeatResult(0, 1, "a", None, "draw", 0), Rating(), 4.0)
    assert (st.streak, st.draws, st.games) == (0, 1, 4)
    assert Standing(1, "a", games=4, wins=2).win_rate == 0.5
