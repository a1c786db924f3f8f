"""How the terminal names the seats: yours, the AI's, and what you know of partners and sides.

In games with fixed teams (Briscola for 4 and 6, Cicera) your partners are named from the start. In
Chiamata the sides are made each round: the caller is named once the auction is won, and the partner only
once this seat may know it (the called card is played, or this seat holds it, or is the caller who called
its own card).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from bot.i18n import _
from rules.games import spec


def join_and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(items) <= 1:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def sentence(text: str) -> str:
    """``text`` with a capital first letter, to open a line."""
    return text[:1].upper() + text[1:]


class SeatNames:
    """The names of a table's seats as one seat sees them, e.g. ``Seat 2 (AI, your partner)``."""

    def __init__(self, game: str, players: int, me: int | None, humans: Iterable[int] = ()) -> None:
        game_spec = spec(game)
        self.game = game
        self.players = players
        self.me = me
        self.humans = set(humans) | ({me} if me is not None else set())
        """Seats played by a person (you); the others are the AI's."""
        self.fixed = game_spec.fixed_sides
        self.sides = game_spec.sides(players)
        """The fixed sides (each seat alone in Chiamata, whose sides change per round)."""
        self.teams = self.fixed and game_spec.has_teams(players)
        self.caller: int | None = None
        self.partner: int | None = None
        """Chiamata: the partner once known to this seat (the caller's own seat when the caller is alone)."""
        self.i_am_partner = False

    # ----- what this seat knows -----
    def new_round(self) -> None:
        """A new deal: Chiamata's caller and partner are unknown again."""
        self.caller, self.partner, self.i_am_partner = None, None, False

    def learn(self, view: Any) -> None:
        """What a view of this seat tells about the sides of the round (Chiamata's caller and partner)."""
        if self.fixed:
            return
        self.caller = view.caller
        self.partner = view.partner
        self.i_am_partner = bool(view.i_am_partner)
        if (self.partner is None and self.caller is not None and self.caller == self.me and view.called is not None
                and (view.called in view.hand or view.called in view.discards)):
            self.partner = self.caller  # you called your own card: you know you are alone

    def learn_result(self, result: dict[str, Any]) -> None:
        """The sides of a finished Chiamata round, public once it is scored."""
        if self.fixed or result.get("passed_out"):
            return
        self.caller = result.get("caller")
        partner = result.get("partner")
        self.partner = self.caller if partner is None else partner

    def my_side(self) -> tuple[int, ...]:
        """The seats you know to be on your side now, you first."""
        if self.me is None:
            return ()
        if self.fixed:
            side = next(s for s in self.sides if self.me in s)
            return (self.me, *(s for s in side if s != self.me))
        if self.i_am_partner and self.caller is not None:
            return (self.me, self.caller)
        if self.me == self.caller and self.partner is not None and self.partner != self.me:
            return (self.me, self.partner)
        return (self.me,)

    def caller_side(self) -> tuple[int, ...]:
        """Chiamata: the caller's side as far as it is known (the caller first)."""
        if self.caller is None:
            return ()
        if self.partner is None or self.partner == self.caller:
            if self.i_am_partner and self.me is not None:
                return (self.caller, self.me)
            return (self.caller,)
        return (self.caller, self.partner)

    # ----- names -----
    def tags(self, seat: int) -> list[str]:
        """What is known of a seat beside who plays it: ``your partner``, ``caller``..."""
        out = []
        if seat != self.me and seat in self.my_side():
            out.append(_("your partner"))
        if not self.fixed and seat == self.caller:
            out.insert(0, _("caller"))
            if self.partner == self.caller:
                out.append(_("alone"))
        elif not self.fixed and seat == self.partner and seat not in self.my_side():
            out.append(_("partner"))
        return out

    def __call__(self, seat: int | None) -> str:
        """The seat's name, ``?`` for no seat."""
        if seat is None or not 0 <= seat < self.players:
            return "?"
        who = [_("you") if seat in self.humans and seat == self.me else _("AI"), *self.tags(seat)]
        return _("Seat {n} ({who})").format(n=seat, who=", ".join(who))

    def seats_text(self, seats: Sequence[int]) -> str:
        """``seat 1`` or ``seats 0 and 2``."""
        if len(seats) == 1:
            return _("seat {n}").format(n=seats[0])
        return _("seats {list}").format(list=join_and([str(s) for s in seats]))

    def side_label(self, side: Sequence[int]) -> str:
        """A fixed side as the score names it: ``your team (seats 0 and 2)``, or a seat alone by its name."""
        if len(side) == 1:
            return self(side[0])
        if self.me in side:
            return _("your team ({seats})").format(seats=self.seats_text(side))
        return _("the other team ({seats})").format(seats=self.seats_text(side))

    def side_short(self, side: Sequence[int]) -> str:
        """A fixed side as a running score names it: ``your team``, ``the other team``, or the seat's name."""
        if len(side) == 1:
            return self(side[0])
        return _("your team") if self.me in side else _("the other team")

    def teams_lines(self) -> list[str]:
        """The sides as the first screen shows them."""
        if self.teams:
            mine = next((s for s in self.sides if self.me in s), None)
            out = []
            if mine is not None:
                out.append(_("Your team: {seats}.").format(seats=join_and([self(s) for s in self.my_side()])))
            for side in self.sides:
                if side is not mine:
                    out.append(_("The other team: {seats}.").format(seats=join_and([self(s) for s in side])))
            return out
        if not self.fixed:
            return [_("Sides: each round the winner of the auction (the caller) plays with whoever holds the "
                      "called card, a secret until that card is played; the other three play together.")]
        return [_("Every player plays for themselves: {seats}.").format(
            seats=join_and([self(s) for s in range(self.players)]))]
