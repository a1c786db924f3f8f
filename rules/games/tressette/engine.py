"""Tressette for 2 players, or 4 in teams (seats {0, 2} and {1, 3}): the match and its spec.

A round is 40 cards, 10 to each player (with two, the other 20 are a stock: after each trick the taker draws,
then the other player, and both drawn cards are shown). Suit must be followed; the strongest card of the led
suit takes the trick (3 2 A R C F 7 6 5 4, no trumps). The round counts thirds (an ace 3, a 3, 2, R, C or F 1,
the last trick 3) and a side scores its thirds divided by 3, rounded down, plus its declarations with option
``accusi`` (a napoletana 3 points, a buongioco 3 or 4). With option ``signals`` (4 players) a leader may add
``busso``, ``striscio`` or ``volo`` to the card: public, no obligation. A match is one round (``single``) or
rounds until a side has reached 21, 31 or 41 with a total higher than the other side's.

The spec is built and registered here; the registry of games (``rules.games``) imports this module.
"""

from __future__ import annotations

from typing import Any

from rules import options as opts
from rules.actions import N_
from rules.engine import Match, Round
from rules.games.tressette.events import TressetteResult
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.rules import NAME, PLAYER_COUNTS, sides_of
from rules.games.tressette.view import TressetteView
from rules.spec import GameSpec, SummaryRow, register

__all__ = ["MATCH_TARGETS", "OPTIONS", "OPTION_LABELS", "SPEC", "SUMMARY_ROWS", "VALUE_LABELS", "Tressette"]

MATCH_TARGETS = {"21": 21, "31": 31, "41": 41, "single": None}
"""The ``match`` option: the points to reach (default 21), or one round."""
ON_OFF = ("off", "on")

OPTION_LABELS: dict[str, str] = {"accusi": N_("declarations (accusi)"), "signals": N_("signals")}
"""How Tressette's own options read (the shared ones are named by the front ends)."""
VALUE_LABELS: dict[str, str] = {"41": N_("to 41")}
"""How Tressette's own values read (``21`` and ``31`` are named by the front ends)."""

OPTIONS: dict[str, opts.OptionSpec] = {
    s.name: s
    for s in (
        opts.OptionSpec("match", tuple(MATCH_TARGETS), describe="21 (default), 31, 41 or single",
                        value_labels=VALUE_LABELS),
        opts.OptionSpec("accusi", ON_OFF, label=OPTION_LABELS["accusi"]),
        opts.OptionSpec("signals", ("on", "off"), players=(4,), label=OPTION_LABELS["signals"]),
        opts.OptionSpec("show_points", ON_OFF),
        opts.OptionSpec("faces", ("italian", "french")),
        opts.TURN_TIMER,
        opts.HINTS,
        opts.OptionSpec("team_chat", opts.TEAM_CHAT, players=(4,)),
    )
}
"""Tressette's table options (``signals`` and ``team_chat`` only with 4 players, in teams)."""


class Tressette(Match):
    """A Tressette match for 2 or 4 players: one round (``match=single``) or rounds up to a target."""

    game = NAME
    player_counts = PLAYER_COUNTS
    round: TressetteRound

    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with defaults."""
        return opts.validate(cls.game, OPTIONS, players, options)

    @property
    def target(self) -> int | None:
        """Points to reach, or ``None`` for a single round."""
        return MATCH_TARGETS[str(self.options["match"])]

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> TressetteRound:
        """A round from its record form, or shuffled by the match's generator."""
        if deal is None:
            return TressetteRound.shuffled(self.n, dealer, self.rng, self.options)
        return TressetteRound.from_json(self.n, dealer, deal, self.options)

    def score_round(self, rnd: Round) -> TressetteResult:
        """The round's result: ``score`` per side, ``game_points`` per seat, the thirds, the declarations..."""
        assert isinstance(rnd, TressetteRound)
        return rnd.result()

    def match_finished(self) -> bool:
        """Single: after one round. Else: a side has reached the target and the other side has not its total."""
        totals = self.side_totals()
        top = max(totals)
        if self.target is None:
            return True
        return top >= self.target and totals.count(top) == 1

    def match_winners(self) -> list[int]:
        """The seats of the side with the higher total; empty on a draw (a single round only)."""
        return self.leading_side()

    def view(self, seat: int | None) -> TressetteView:
        """What ``seat`` may see (``None``: the public view)."""
        return self.round.view(seat, self.shared_view_fields(seat), self.options["show_points"] == "on")


ROW_LABELS: dict[str, str] = {
    "thirds": N_("Thirds"), "last_trick": N_("Last trick (thirds)"), "points": N_("Points (thirds / 3)"),
    "accusi": N_("Declarations (accusi)"),
}
"""The label of each line of a round's summary."""
SUMMARY_ROWS: tuple[SummaryRow, ...] = (
    SummaryRow("thirds", ROW_LABELS["thirds"], "bonus"),
    SummaryRow("last_trick", ROW_LABELS["last_trick"], "award"),
    SummaryRow("points", ROW_LABELS["points"], "bonus"),
    SummaryRow("accusi", ROW_LABELS["accusi"], "bonus"),
)
"""A round's summary per side: the thirds taken (the last trick's included), the last trick, the points they
make, the declarations; the total is the round's score."""

SPEC = GameSpec(
    name=NAME,
    match=Tressette,
    player_counts=PLAYER_COUNTS,
    default_players=2,
    options=OPTIONS,
    sides_by_players={p: sides_of(p) for p in PLAYER_COUNTS},
    has_trumps=False,
    result_keys=("score", "game_points", "card_points"),
    ai_module="rules.ai.tressette",
    title=N_("Tressette"),
    turn_noun=N_("trick"),
    score_unit=N_("deal points"),
    summary_rows=SUMMARY_ROWS,
    review_scale=6.0,
)
Tressette.spec = SPEC
register(SPEC)
