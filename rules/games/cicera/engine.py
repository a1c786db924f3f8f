"""Cicera (4 players, 2 teams, 52 cards): capture table cards by rank or by sum, with capture bonuses.

``CiceraRound`` is one deal; ``Cicera`` is the match (a single deal, or deals up to 21, 31 or 51 points).
Teams: seats {0, 2} are team 0, seats {1, 3} are team 1; a seat's team is ``seat % 2``.

Fast path for search: a *move* is ``(card, take)``: the played ``Card`` and the sorted tuple of captured
table cards, ``()`` to place the card. ``Action.play(card, take)`` is the checked equivalent and
``move_of(action)`` converts back. ``CiceraRound.clone`` / ``legal_fast`` / ``apply_unchecked`` use the same core
(``_play``) as the checked ``apply_checked``.
"""

from __future__ import annotations

from typing import Any

from rules import options as opts
from rules.actions import N_
from rules.engine import Match, Round
from rules.games.cicera.events import CiceraResult
from rules.games.cicera.round import CiceraRound
from rules.games.cicera.rules import (
    AWARDS,
    BONUSES,
    NAME,
    PLAYERS,
    TEAMS,
)
from rules.games.cicera.view import CiceraView
from rules.spec import GameSpec, SummaryRow, register

__all__ = ["GAME", "MATCH_TARGETS", "OPTION_SPECS", "ROW_LABELS", "SPEC", "SUMMARY_ROWS", "Cicera"]

MATCH_TARGETS = {"single": None, "21": 21, "31": 31, "51": 51}

# ----- the match -----
OPTION_SPECS: dict[str, opts.OptionSpec] = {
    "match": opts.OptionSpec(
        "match", tuple(MATCH_TARGETS), describe="single (one deal), or play to 21, 31 or 51 points"
    ),
    "turn_timer": opts.TURN_TIMER,
    "team_chat": opts.OptionSpec("team_chat", opts.TEAM_CHAT),
    "hints": opts.HINTS,
}


class Cicera(Match):
    """A Cicera match: one deal (``match=single``) or deals until a team reaches 21, 31 or 51."""

    game = NAME
    player_counts = (PLAYERS,)
    round: CiceraRound

    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults: ``match``, ``turn_timer``, ``team_chat``."""
        return opts.validate(cls.game, OPTION_SPECS, players, options)

    @property
    def target(self) -> int | None:
        """Points to reach, or ``None`` for a single deal."""
        return MATCH_TARGETS[str(self.options["match"])]

    def team_totals(self) -> tuple[int, int]:
        """Match points per team so far."""
        return (self.totals[0], self.totals[1])

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> CiceraRound:
        """A deal from its record form, or shuffled by the match's generator."""
        if deal is None:
            return CiceraRound.shuffled(dealer, self.rng)
        return CiceraRound(dealer, deal)

    def score_round(self, rnd: Round) -> CiceraResult:
        """The deal's result: ``score`` per team, ``game_points`` per seat, ``breakdown`` per team..."""
        assert isinstance(rnd, CiceraRound)
        return rnd.result()

    def match_finished(self) -> bool:
        """Single: after one deal. Else: a team reached the target and the team totals differ."""
        target = self.target
        if target is None:
            return True
        a, b = self.team_totals()
        return max(a, b) >= target and a != b

    def match_winners(self) -> list[int]:
        """The seats of the team with the higher total; empty on a draw."""
        a, b = self.team_totals()
        if a == b:
            return []
        return list(TEAMS[0] if a > b else TEAMS[1])

    def view(self, seat: int | None) -> CiceraView:
        """What ``seat`` may see (``None``: the public view)."""
        return self.round.view(
            seat,
            round_number=len(self.rounds),
            totals=self.totals,
            options=self.options,
            last_result=self.last_result(),
            match_over=self.over,
            winners=self.winners,
        )


GAME = Cicera
ROW_LABELS: dict[str, str] = {
    "scua": N_("Sc\u00f9a"), "picada": N_("Picada"), "simili": N_("Simili"), "quadriglia": N_("Quadriglia"),
    "cards": N_("Most cards"), "swords": N_("Most swords"), "mata": N_("La Mata (2 di Spade)"),
    "xd": N_("10 di Denari"), "fc": N_("Fante di Coppe"), "napula": N_("Napula"),
}
"""The label of each bonus and award, as a deal's summary names them."""
SUMMARY_ROWS: tuple[SummaryRow, ...] = (
    *(SummaryRow(key, ROW_LABELS[key], "bonus") for key in BONUSES),
    *(SummaryRow(key, ROW_LABELS[key], "award") for key in AWARDS),
)
"""A deal's summary: each capture bonus, then each award, per team."""
BONUS_LABELS: dict[str, str] = {"scua": N_("scùa"), "picada": N_("picada"), "simili": N_("simili"),
                                "quadriglia": N_("quadriglia")}
"""The capture bonuses as a hint names them."""

SPEC = register(GameSpec(
    name=Cicera.game,
    match=Cicera,
    player_counts=(PLAYERS,),
    default_players=PLAYERS,
    options=OPTION_SPECS,
    sides_by_players={PLAYERS: TEAMS},
    has_trumps=False,
    has_tricks=False,
    result_keys=("score", "game_points"),
    ai_module="rules.ai.cicera",
    title=N_("Cicera"),
    turn_noun=N_("turn"),
    score_unit=N_("deal points"),
    summary_rows=SUMMARY_ROWS,
    review_scale=6.0,
    bonus_names=BONUS_LABELS,
))
Cicera.spec = SPEC
