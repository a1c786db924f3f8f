"""The terminal's Briscola lines: the trump, the face-up card and the stock, points and open hands; the end
of a round with each side's card points and the match score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import _
from bot.tools.views import Score, SeatNames, TerminalView, event_seat, hand_text, register, suit_text
from rules.games import spec
from rules.games.briscola.rules import MATCH_TARGET
from rules.games.briscola.view import BriscolaView

if TYPE_CHECKING:
    from bot.tables import TableEvent

GAME = "briscola"


def lines(view: BriscolaView, name: SeatNames) -> list[str]:
    """What a Briscola seat sees beside the trick and its hand."""
    out = []
    face = view.briscola if view.briscola is not None else _("drawn (it was {card})").format(card=view.face_up)
    out.append(_("Trump: {trump}. Face-up briscola: {card}. Cards in the stock: {n}.").format(
        trump=suit_text(view.trump), card=face, n=view.stock_count))
    if view.next_stock is not None:
        out.append(_("Next card of the stock (open hands): {card}.").format(card=view.next_stock))
    if view.points is not None:
        points = ", ".join(f"{name.side_short(side)} {p}" for side, p in zip(view.sides, view.points))
        out.append(_("Card points so far: {points}.").format(points=points))
    for s, hand in sorted(view.visible_hands.items()):
        out.append(_("{name} holds: {cards}").format(name=name(s), cards=hand_text(view.game, hand, view.trump)))
    return out


def match_line(names: SeatNames, score: Score, options: Mapping[str, Any]) -> str | None:
    """The running match score, when the match is longer than one round."""
    if options.get("match", "single") == "single" or not score.totals:
        return None
    per_side = ", ".join(f"{names.side_short(side)} {score.totals[side[0]]}" for side in names.sides)
    return _("Match score (first to {target} game points): {score}.").format(
        target=MATCH_TARGET[options["match"]], score=per_side)


def round_lines(result: Mapping[str, Any], number: int, names: SeatNames, score: Score,
                options: Mapping[str, Any]) -> list[str]:
    """The end of a Briscola round: the card points of each side, who won it, the match score."""
    sides = spec(GAME).sides(len(result["card_points"]))
    side_points = result.get("side_points") or [sum(result["card_points"][s] for s in side) for side in sides]
    out = [_("--- Round {n} over ---").format(n=number)]
    points = ", ".join(f"{names.side_label(side)} {p}" for side, p in zip(sides, side_points))
    out.append(_("Card points: {points}.").format(points=points))
    if result.get("conquest") is not None:
        out.append(_("{name} made a conquest (A, 3 and R of trumps): the round is won at once.").format(
            name=names(result["conquest"])))
    winners = result.get("winners") or []
    if winners:
        side = next(side for side in sides if winners[0] in side)
        out.append(_("Round won by {side}: game points +{n}.").format(
            side=names.side_label(side), n=result["game_points"][winners[0]]))
    else:
        out.append(_("A draw: nobody scores this round."))
    line = match_line(names, score, options)
    if line:
        out.append(line)
    return out


def describe(event: TableEvent, names: SeatNames) -> str | None:
    """Briscola's own events: the trump exchange and a conquest."""
    d = event.data
    if event.kind == "exchange":
        return _("{name} exchanges {gave} for the briscola {took}.").format(name=event_seat(event, names),
                                                                             gave=d["gave"], took=d["took"])
    if event.kind == "conquest":
        return _("{name} holds {cards} of trumps: conquest!").format(name=event_seat(event, names),
                                                                     cards=" ".join(d["cards"]))
    return None


VIEW = register(TerminalView(GAME, lines, round_lines, describe=describe))
