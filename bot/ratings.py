"""Ratings and standings after a finished game, with openskill (Plackett-Luce); no I/O here.

Players read a rating on a scale around 1,500 (``display_rating``, ``rating_text``): openskill's ordinal
(``mu - 3 sigma``, what is stored and sorted on) times 40 plus 1,500, marked provisional for the first games.

- Briscola 2p: one against one; 3p: a free-for-all ranked by game points; 4p and 6p: the two teams.
- Cicera: the two teams ({0, 2} against {1, 3}).
- Chiamata: every played round is one rating update, the caller's side (caller and partner, or the caller
  alone) against the other players, ranked by the round's success; passed-out rounds do not count.
- AI seats are never ranked: they take part in the computation with a fixed rating per level
  (``AI_RATINGS``) that is never updated, so a game against the AI still moves the humans' ratings.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from openskill.models import PlackettLuce

from bot.i18n import _, format_number
from rules.games import spec

if TYPE_CHECKING:
    from bot.storage.rows import JsonObject

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
DEFAULT_MU = MODEL.mu
DEFAULT_SIGMA = MODEL.sigma


@dataclass(frozen=True)
class Rating:
    """An openskill rating: mean and uncertainty."""

    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA

    @property
    def ordinal(self) -> float:
        """The conservative estimate shown and sorted on: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


DISPLAY_BASE = 1500
"""The shown rating of a new player (an ordinal of 0), as chess sites and Board Game Arena start theirs."""
DISPLAY_SCALE = 40
"""Shown points per point of the ordinal: a new player is 1,500 (25 - 3 x 8.3 = 0), the fixed medium AI 2,260."""
PROVISIONAL_GAMES = 5
"""A rating is shown as provisional for a player's first games, while its uncertainty is still large."""


def display_rating(rating: Rating) -> int:
    """The rating as players read it: the ordinal on a scale around 1,500 (openskill's own ``ordinal(alpha,
    target)``), whole points; it orders players exactly as the ordinal stored and sorted on does."""
    r = MODEL.rating(mu=rating.mu, sigma=rating.sigma)
    return round(r.ordinal(alpha=DISPLAY_SCALE, target=DISPLAY_BASE))


def rating_text(rating: Rating, games: int) -> str:
    """A rating as every message shows it (game summaries, ``/leaderboard``, ``/stats``, the terminal):
    ``1,532``, with ``(provisional)`` for a player's first ``PROVISIONAL_GAMES`` games; digits grouped as
    the context's language writes them."""
    shown = format_number(display_rating(rating))
    if games < PROVISIONAL_GAMES:
        return _("{rating} (provisional)").format(rating=shown)
    return shown


AI_RATINGS = {
    "random": Rating(15.0, 2.0),
    "greedy": Rating(21.0, 2.0),
    "easy": Rating(21.0, 2.0),
    "medium": Rating(25.0, 2.0),
    "hard": Rating(29.0, 2.0),
}
"""Fixed anchors for AI seats (a new human starts at 25 ± 8.3). They are guesses ordered by strength, not
measurements; the arena results in docs/AI.md are the place to tune them."""


@dataclass(frozen=True)
class Standing:
    """A player's line in a guild's standings for one game."""

    user_id: int
    name: str
    rating: Rating = Rating()
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    streak: int = 0
    """``+k``: the last k games won; ``-k``: the last k lost; 0 after a draw (or before any game)."""
    best_streak: int = 0
    last_played: float = 0.0

    @property
    def win_rate(self) -> float:
        """Wins over games played (0 before any game)."""
        return self.wins / self.games if self.games else 0.0


@dataclass(frozen=True)
class SeatResult:
    """Who held a seat in a finished game and how that seat did."""

    seat: int
    user_id: int | None
    """``None`` for an AI seat."""
    name: str
    ai: str | None
    """The level of an AI seat (for its fixed rating)."""
    outcome: str
    """``win``, ``draw`` or ``loss``."""
    game_points: int


def outcomes(result: JsonObject, players: int) -> list[str]:
    """``win`` / ``draw`` / ``loss`` per seat from a match result (no winners: a draw for everyone)."""
    winners = set(result.get("winners") or [])
    if not winners:
        return ["draw"] * players
    return ["win" if s in winners else "loss" for s in range(players)]


def sides_of(game: str, players: int) -> list[tuple[int, ...]]:
    """The rated sides of a game: its spec's fixed sides (each seat alone when sides change per round)."""
    return list(spec(game).sides(players))


def _ranks(scores: Sequence[float]) -> list[float]:
    """Rank 1 for the best score; equal scores share a rank."""
    return [1 + sum(1 for other in scores if other > s) for s in scores]


def _update(ratings: list[Rating], sides: list[tuple[int, ...]], ranks: list[float]) -> list[Rating]:
    teams = [[MODEL.rating(mu=ratings[s].mu, sigma=ratings[s].sigma) for s in side] for side in sides]
    new = MODEL.rate(teams, ranks=ranks)
    out = list(ratings)
    for side, team in zip(sides, new):
        for s, r in zip(side, team):
            out[s] = Rating(r.mu, r.sigma)
    return out


def rate_game(record: JsonObject, ratings: Sequence[Rating]) -> list[Rating]:
    """New ratings per seat after the finished game ``record``, from each seat's rating before it.

    The caller puts the fixed AI ratings at AI seats and ignores what comes back for them."""
    game, players = record["game"], record["players"]
    current = list(ratings)
    if not spec(game).fixed_sides:  # a rating update per round: the round's side against the others
        for rnd in record["rounds"]:
            caller = rnd.get("caller")
            if caller is None or rnd.get("success") is None:
                continue  # passed out
            partner = rnd.get("partner")
            side = (caller,) if partner is None or partner == caller else (caller, partner)
            others = tuple(s for s in range(players) if s not in side)
            ranks: list[float] = [1, 2] if rnd["success"] else [2, 1]
            current = _update(current, [side, others], ranks)
        return current
    sides = sides_of(game, players)
    totals = record["result"]["game_points"]
    return _update(current, sides, _ranks([totals[side[0]] for side in sides]))


def after_game(before: Standing | None, seat: SeatResult, rating: Rating, when: float) -> Standing:
    """A player's standing after one more game."""
    old = before or Standing(seat.user_id or 0, seat.name)
    win, draw, loss = (seat.outcome == o for o in ("win", "draw", "loss"))
    if win:
        streak = old.streak + 1 if old.streak > 0 else 1
    elif loss:
        streak = old.streak - 1 if old.streak < 0 else -1
    else:
        streak = 0
    return replace(
        old,
        name=seat.name,
        rating=rating,
        games=old.games + 1,
        wins=old.wins + win,
        draws=old.draws + draw,
        losses=old.losses + loss,
        streak=streak,
        best_streak=max(old.best_streak, streak),
        last_played=when,
    )


def update_standings(
    record: JsonObject, seats: Sequence[SeatResult], before: dict[int, Standing], when: float
) -> dict[int, Standing]:
    """The new standings of the human players of a finished game (AI seats are left out); none for a practice
    game (``hints`` on: the AI helped), which is not rated."""
    if (record.get("options") or {}).get("hints") == "on":
        return {}
    ratings = []
    for seat in seats:
        if seat.user_id is None:
            ratings.append(AI_RATINGS.get(seat.ai or "medium", AI_RATINGS["medium"]))
        else:
            old = before.get(seat.user_id)
            ratings.append(old.rating if old else Rating())
    new = rate_game(record, ratings)
    return {
        seat.user_id: after_game(before.get(seat.user_id), seat, new[seat.seat], when)
        for seat in seats
        if seat.user_id is not None
    }
