"""Briscola for 2, 3, 4 and 6 players, with the table options of RULES.md: the match (rounds scored
into game points) and its registered spec."""

from __future__ import annotations

from typing import Any

from rules.actions import N_, Action, RulesError
from rules.cards import Card
from rules.engine import Match, Round
from rules.games.briscola.events import BriscolaResult
from rules.games.briscola.round import BriscolaRound
from rules.games.briscola.rules import (
    MATCH_TARGET,
    OPTIONS,
    PLAYER_COUNTS,
    sides_for,
)
from rules.games.briscola.view import BriscolaView
from rules.options import validate
from rules.spec import GameSpec, SummaryRow, register


class Briscola(Match):
    """A Briscola match: one or more rounds, the dealer moving one seat a round."""

    game = "briscola"
    player_counts = PLAYER_COUNTS
    round: BriscolaRound

    def __init__(self, players: int, options: dict[str, Any] | None = None, seed: int = 0, **kw: Any) -> None:
        self.won_all = -1  # side that captured all 120 with high_score_bonus
        super().__init__(players, options, seed, **kw)

    @classmethod
    def validate_options(cls, players: int, options: dict[str, Any] | None) -> dict[str, Any]:
        """Validated options with their defaults."""
        return validate("briscola", OPTIONS, players, options)

    def new_round(self, dealer: int, deal: dict[str, Any] | None) -> BriscolaRound:
        """A round dealt by ``dealer``."""
        if deal is None:
            return BriscolaRound.deal(self.n, dealer, self.rng, self.options)
        return BriscolaRound.from_json(self.n, dealer, deal, self.options)

    def score_round(self, rnd: Round) -> BriscolaResult:
        """Card points, the winning side and its game points."""
        assert isinstance(rnd, BriscolaRound)
        pts = rnd.side_points()
        bonus = self.options["high_score_bonus"] == "on"
        if rnd.conquest >= 0:
            win = rnd.side_of[rnd.conquest]
        elif self.n == 3:
            top = max(pts)
            win = pts.index(top) if pts.count(top) == 1 else -1
        else:
            win = 0 if pts[0] > 60 else 1 if pts[1] > 60 else -1
        gp = [0] * self.n
        if win >= 0:
            value = 2 if bonus and pts[win] >= 91 else 1
            for s in self.sides[win]:
                gp[s] = value
            if bonus and pts[win] == 120:
                self.won_all = win
        return BriscolaResult(tuple(rnd.captured), tuple(pts), tuple(gp), tuple(self.sides[win]) if win >= 0 else (),
                              rnd.conquest if rnd.conquest >= 0 else None)

    def match_finished(self) -> bool:
        """One round for ``single``; first side to 3 or 5 game points; at once on all 120 with the bonus."""
        if self.won_all >= 0:
            return True
        target = MATCH_TARGET[self.options["match"]]
        if self.options["match"] == "single":
            return True
        return max(self.side_totals()) >= target

    def match_winners(self) -> list[int]:
        """Seats of the winning side; empty on a draw."""
        if self.won_all >= 0:
            return list(self.sides[self.won_all])
        if self.options["match"] == "single":
            return list(self.rounds[-1]["result"]["winners"])
        return self.leading_side()

    def auto_action(self) -> Action | None:
        """With ``autoplay_last`` on, the action the bot plays itself in the last trick; else ``None``."""
        if self.over or self.options["autoplay_last"] != "on":
            return None
        r = self.round
        if r.stock or not r.briscola_drawn or r.done:
            return None
        if sum(len(h) for h in r.hands) + len(r.trick) != r.n:
            return None
        return Action.play(r.hands[r.turn][0])

    def view(self, seat: int | None) -> BriscolaView:
        """Exactly what ``seat`` may see; ``None`` for the public view."""
        if seat is not None and not 0 <= seat < self.n:
            raise RulesError(f"no seat {seat} at a {self.n}-player table")
        r = self.round
        opts = self.options
        open_mode = opts["open"] == "on"
        visible: dict[int, tuple[Card, ...]] = {}
        stock_empty = not r.stock and r.briscola_drawn
        for s in range(self.n):
            if s == seat:
                continue
            if open_mode or (
                seat is not None and opts.get("partner_hand") == "on" and stock_empty
                and r.side_of[s] == r.side_of[seat]
            ):
                visible[s] = tuple(Card(c) for c in r.hands[s])
        return BriscolaView(
            **self.shared_view_fields(seat),
            hand=tuple(Card(c) for c in r.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in r.hands),
            visible_hands=visible,
            trick=r.trick_pairs(),
            leader=r.leader,
            trump="dcsb"[r.trump],
            briscola=None if r.briscola_drawn else Card(r.briscola),
            face_up=Card(r.briscola),
            face_up_drawn_by=r.briscola_drawer(),
            stock_count=len(r.stock),
            next_stock=Card(r.stock[-1]) if open_mode and r.stock else None,
            tricks=r.history_public(),
            tricks_won=tuple(len(w) // self.n for w in r.won),
            points=tuple(r.side_points()) if opts["show_points"] == "on" or open_mode else None,
            exchanges=tuple((s, Card(g), Card(t), k) for s, g, t, k in r.exchanges),
            can_exchange=r.can_exchange and not r.done,
            conquest=r.conquest if r.conquest >= 0 else None,
        )


GAME = Briscola
SPEC = register(GameSpec(
    name=Briscola.game,
    match=Briscola,
    player_counts=PLAYER_COUNTS,
    default_players=4,
    options=OPTIONS,
    sides_by_players={p: sides_for(p) for p in PLAYER_COUNTS},
    ai_module="rules.ai.briscola",
    title=N_("Briscola"),
    turn_noun=N_("trick"),
    score_unit=N_("card points"),
    summary_rows=(SummaryRow("card_points", N_("Card points")),),
    review_scale=60.0,
))
Briscola.spec = SPEC
