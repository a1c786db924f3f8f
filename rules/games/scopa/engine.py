"""Scopa (2, 3 or 4 players; 4 in teams) and Scopone (4 players in teams): the matches and their specs.

Both games share ``ScopaRound``; they differ in the deal (Scopa: 3 cards each and 4 on the table, more hands
from the stock; Scopone: option ``deal``, ``scientifico`` 10 each and none on the table or ``tradizionale`` 9
each and 4 on the table) and in their player counts. A round scores each scopa, most cards, most Denari, the
settebello and the primiera (a tie: nobody), and the napola with option ``napola``. A match is one round
(``single``) or rounds until a side has reached 11, 16, 21 or 31 with a total higher than every other side's.

Fast path for search: a *move* is ``(card, take)``, as Cicera's: ``ScopaRound.clone`` / ``legal_fast`` /
``apply_unchecked`` use the same core as the checked path.

The specs are built and registered here (``rules.spec.register``), as every game's engine does; the registry
of games (``rules.games``) imports this module with one line.
"""

from __future__ import annotations

from typing import Any

from rules import options as opts
from rules.actions import N_
from rules.engine import Match, Round
from rules.games.scopa.events import ScopaResult
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.rules import AWARDS, NAME, SCOPA_PLAYERS, SCOPONE, SCOPONE_PLAYERS, sides_of
from rules.games.scopa.view import ScopaView
from rules.spec import GameSpec, SummaryRow, register

__all__ = ["MATCH_TARGETS", "SCOPA_OPTIONS", "SCOPA_SPEC", "SCOPONE_OPTIONS", "SCOPONE_SPEC", "SUMMARY_ROWS",
           "Scopa", "Scopone"]

MATCH_TARGETS = {"11": 11, "16": 16, "21": 21, "31": 31, "single": None}
"""The ``match`` option: the points to reach (default 11), or one round."""
ON_OFF = ("off", "on")

_COMMON: dict[str, opts.OptionSpec] = {
    "match": opts.OptionSpec("match", tuple(MATCH_TARGETS), describe="11 (default), 16, 21, 31 or single",
                             value_labels={"11": N_("to 11"), "16": N_("to 16")}),
    "napola": opts.OptionSpec("napola", ON_OFF, label=N_("napola")),
    "show_points": opts.OptionSpec("show_points", ON_OFF),
    "faces": opts.OptionSpec("faces", ("italian", "french")),
    "turn_timer": opts.TURN_TIMER,
    "hints": opts.HINTS,
}
SCOPA_OPTIONS: dict[str, opts.OptionSpec] = {**_COMMON, "team_chat": opts.OptionSpec("team_chat", opts.TEAM_CHAT,
                                                                                        players=(4,))}
"""Scopa's table options (``team_chat`` only with 4 players, in teams)."""
SCOPONE_OPTIONS: dict[str, opts.OptionSpec] = {"deal": opts.OptionSpec("deal", ("scientifico", "tradizionale"),
                                                                        label=N_("deal")),
                                               **_COMMON, "team_chat": opts.OptionSpec("team_chat", opts.TEAM_CHAT)}
"""Scopone's table options: its ``deal`` and Scopa's."""


class Scopa(Match):
    """A Scopa match for 2, 3 or 4 players: one round (``match=single``) or rounds up to a target."""

    game = NAME
    player_counts: tuple[int, ...] = SCOPA_PLAYERS
    round: ScopaRound
    OPTIONS = SCOPA_OPTIONS

    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults."""
        return opts.validate(cls.game, cls.OPTIONS, players, options)

    @property
    def deal_kind(self) -> str:
        """How each round is dealt: ``scopa``, or Scopone's ``scientifico`` or ``tradizionale``."""
        return "scopa"

    @property
    def target(self) -> int | None:
        """Points to reach, or ``None`` for a single round."""
        return MATCH_TARGETS[str(self.options["match"])]

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> ScopaRound:
        """A round from its record form, or shuffled by the match's generator."""
        if deal is None:
            return ScopaRound.shuffled(self.game, self.n, self.deal_kind, dealer, self.rng)
        return ScopaRound(self.game, self.n, self.deal_kind, dealer, deal)

    def score_round(self, rnd: Round) -> ScopaResult:
        """The round's result: ``score`` per side, ``game_points`` per seat, ``breakdown`` per side..."""
        assert isinstance(rnd, ScopaRound)
        return rnd.result(self.options["napola"] == "on")

    def match_finished(self) -> bool:
        """Single: after one round. Else: a side has reached the target and no other side has its total."""
        totals = self.side_totals()
        top = max(totals)
        if self.target is not None and top < self.target:
            return False
        return self.target is None or totals.count(top) == 1

    def match_winners(self) -> list[int]:
        """The seats of the side with the highest total; empty on a draw (a single round only)."""
        return self.leading_side()

    def view(self, seat: int | None) -> ScopaView:
        """What ``seat`` may see (``None``: the public view)."""
        return self.round.view(seat, self.shared_view_fields(seat))


class Scopone(Scopa):
    """A Scopone match: 4 players in teams, dealt ``scientifico`` (10 each) or ``tradizionale`` (9 each and 4
    on the table)."""

    game = SCOPONE
    player_counts = (SCOPONE_PLAYERS,)
    OPTIONS = SCOPONE_OPTIONS

    @property
    def deal_kind(self) -> str:
        """The ``deal`` option."""
        return str(self.options["deal"])


ROW_LABELS: dict[str, str] = {
    "scope": N_("Scope"), "cards": N_("Most cards"), "denari": N_("Most Denari"),
    "settebello": N_("Settebello (7 di Denari)"), "primiera": N_("Primiera"), "napola": N_("Napola"),
}
"""The label of each round point, as a round's summary names them."""
SUMMARY_ROWS: tuple[SummaryRow, ...] = (
    SummaryRow("scope", ROW_LABELS["scope"], "bonus"),
    *(SummaryRow(key, ROW_LABELS[key], "award") for key in AWARDS),
)
"""A round's summary: the scope, then each round point, per side."""
BONUS_LABELS: dict[str, str] = {"scopa": N_("scopa")}
"""A capture that sweeps the table, as a hint names it."""

SCOPA_SPEC = GameSpec(
    name=NAME,
    match=Scopa,
    player_counts=SCOPA_PLAYERS,
    default_players=2,
    options=SCOPA_OPTIONS,
    sides_by_players={p: sides_of(p) for p in SCOPA_PLAYERS},
    has_trumps=False,
    has_tricks=False,
    result_keys=("score", "game_points"),
    ai_module="rules.ai.scopa",
    title=N_("Scopa"),
    turn_noun=N_("turn"),
    score_unit=N_("deal points"),
    summary_rows=SUMMARY_ROWS,
    review_scale=4.0,
    bonus_names=BONUS_LABELS,
)
SCOPONE_SPEC = GameSpec(
    name=SCOPONE,
    match=Scopone,
    player_counts=(SCOPONE_PLAYERS,),
    default_players=SCOPONE_PLAYERS,
    options=SCOPONE_OPTIONS,
    sides_by_players={SCOPONE_PLAYERS: sides_of(SCOPONE_PLAYERS)},
    has_trumps=False,
    has_tricks=False,
    result_keys=("score", "game_points"),
    ai_module="rules.ai.scopone",
    title=N_("Scopone"),
    turn_noun=N_("turn"),
    score_unit=N_("deal points"),
    summary_rows=SUMMARY_ROWS,
    review_scale=4.0,
    bonus_names=BONUS_LABELS,
)
Scopa.spec = SCOPA_SPEC
Scopone.spec = SCOPONE_SPEC
register(SCOPA_SPEC)
register(SCOPONE_SPEC)
