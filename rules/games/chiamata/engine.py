"""Briscola Chiamata for 5 players: the auction, the called card and its secret partner, the kitty.

This module holds the table options, the match and its spec; one deal is ``rules.games.chiamata.round``, the seat's
view ``rules.games.chiamata.view``.
"""

from __future__ import annotations

from typing import Any

from rules.actions import N_, RulesError
from rules.cards import POINTS, SUITS, Card
from rules.engine import Match, Round
from rules.games.chiamata.events import ChiamataResult
from rules.games.chiamata.round import (
    PASS_MOVE,
    PLAYERS,
    ChiamataRound,
)
from rules.games.chiamata.view import ChiamataView
from rules.options import HINTS, TURN_TIMER, OptionSpec, validate
from rules.spec import GameSpec, SummaryRow, register

__all__ = ["GAME", "MATCH_ROUNDS", "OPTIONS", "SPEC", "Chiamata"]

OPTIONS: dict[str, OptionSpec] = {
    s.name: s
    for s in (
        OptionSpec("bidding", ("rank", "points")),
        OptionSpec("kitty", ("off", "on")),
        OptionSpec("match", ("single", "short", "long")),
        OptionSpec("faces", ("italian", "french")),
        OptionSpec("show_points", ("off", "on")),
        TURN_TIMER,
        HINTS,
    )
}
MATCH_ROUNDS = {"single": 1, "short": 5, "long": 10}
"""Rounds played (passed-out rounds not counted)."""


class Chiamata(Match):
    """A Chiamata match of 1, 5 or 10 rounds (passed-out rounds are redealt and do not count)."""

    game = "chiamata"
    player_counts = (PLAYERS,)
    round: ChiamataRound

    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with their defaults."""
        return validate("chiamata", OPTIONS, players, options)

    def round_phase(self) -> str:
        """The round's phase: ``auction``, ``trump``, ``discard``, ``call``, ``play`` or ``over``."""
        return str(self.round.phase)

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> ChiamataRound:
        """A round dealt by ``dealer``."""
        if deal is None:
            return ChiamataRound.deal(dealer, self.rng, self.options)
        return ChiamataRound.from_json(dealer, deal, self.options)

    def score_round(self, rnd: Round) -> ChiamataResult:
        """Card points per seat (discards to the caller), success and the game points."""
        assert isinstance(rnd, ChiamataRound)
        gp = [0] * PLAYERS
        if rnd.passed_out:
            info: dict[str, int | bool | None] = {"caller": None, "partner": None, "target": None, "success": None,
                                                  "passed_out": True}
            self.rounds[-1].update(info)
            return ChiamataResult((0,) * PLAYERS, tuple(gp), passed_out=True)
        pts = list(rnd.captured)
        pts[rnd.caller] += sum(POINTS[c] for c in rnd.discards)
        side = rnd.caller_side_points()
        success = side >= rnd.target
        sign = 1 if success else -1
        if rnd.partner < 0:
            for s in range(PLAYERS):
                gp[s] = 4 * sign if s == rnd.caller else -sign
        else:
            for s in range(PLAYERS):
                gp[s] = 2 * sign if s == rnd.caller else sign if s == rnd.partner else -sign
        info = {"caller": rnd.caller, "partner": rnd.partner if rnd.partner >= 0 else None,
                "target": rnd.target, "success": success}
        self.rounds[-1].update(info)
        return ChiamataResult(tuple(pts), tuple(gp), str(Card(rnd.called)), side, rnd.caller,
                              rnd.partner if rnd.partner >= 0 else None, rnd.target, success)

    def rounds_played(self) -> int:
        """Rounds that count toward the match (passed-out rounds excluded)."""
        return sum(1 for r in self.rounds if "result" in r and not r["result"].get("passed_out"))

    def match_finished(self) -> bool:
        """After 1, 5 or 10 played rounds."""
        return self.rounds_played() >= MATCH_ROUNDS[self.options["match"]]

    def match_winners(self) -> list[int]:
        """A single round: its winning side (caller and partner, or the caller alone, else the other four).
        Over 5 or 10 rounds: the seats with the highest total (a tie at the top is shared)."""
        if MATCH_ROUNDS[self.options["match"]] == 1:
            last = next(r for r in reversed(self.rounds) if not r["result"].get("passed_out"))
            side = {last["caller"], last["caller"] if last["partner"] is None else last["partner"]}
            return [s for s in range(PLAYERS) if (s in side) == bool(last["success"])]
        top = max(self.totals)
        return [s for s in range(PLAYERS) if self.totals[s] == top]

    def view(self, seat: int | None) -> ChiamataView:
        """Exactly what ``seat`` may see; ``None`` for the public view."""
        if seat is not None and not 0 <= seat < PLAYERS:
            raise RulesError(f"no seat {seat} at a {PLAYERS}-player table")
        r = self.round
        is_caller = seat is not None and seat == r.caller
        partner = None
        if r.revealed:
            partner = r.partner if r.partner >= 0 else r.caller
        return ChiamataView(
            **self.shared_view_fields(seat),
            hand=tuple(Card(c) for c in r.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in r.hands),
            auction=tuple((s, None if m == PASS_MOVE else r.bid_value(m)) for s, m in r.auction),
            passed=tuple(r.passed),
            standing_bid=r.bid_value(r.standing) if r.standing >= 0 else None,
            standing_seat=r.standing_seat if r.standing_seat >= 0 else None,
            caller=r.caller if r.caller >= 0 else None,
            target=r.target if r.caller >= 0 else None,
            trump=SUITS[r.trump] if r.trump >= 0 else None,
            called=Card(r.called) if r.called >= 0 else None,
            partner=partner,
            i_am_partner=seat is not None and r.called >= 0 and seat == r.partner and seat != r.caller,
            kitty=tuple(Card(c) for c in r.kitty) if is_caller and r.phase != "trump" else (),
            discards=tuple(Card(c) for c in r.discards) if is_caller else (),
            trick=r.trick_pairs(),
            leader=r.leader,
            tricks=r.history_public(),
            tricks_won=tuple(len(w) // PLAYERS for w in r.won),
            points=tuple(r.captured) if self.options["show_points"] == "on" else None,
            rounds_played=self.rounds_played(),
        )


GAME = Chiamata
SPEC = register(GameSpec(
    name=Chiamata.game,
    match=Chiamata,
    player_counts=(PLAYERS,),
    default_players=PLAYERS,
    options=OPTIONS,
    sides_by_players={PLAYERS: tuple((s,) for s in range(PLAYERS))},
    fixed_sides=False,
    scored_per="seat",
    has_bidding=True,
    round_keys=("caller", "partner", "target", "success"),
    ai_module="rules.ai.chiamata",
    title=N_("Briscola Chiamata"),
    turn_noun=N_("trick"),
    score_unit=N_("card points"),
    summary_rows=(SummaryRow("card_points", N_("Card points")),),
    review_scale=60.0,
))
Chiamata.spec = SPEC
