"""The terminal's Cicera lines: the cards on the table, the piles and the bonuses; the end of a deal with
each team's points, item by item, and the match score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _
from bot.tools.views import Score, SeatNames, TerminalView, cards_text, event_seat, join_and, register
from bot.tools.views.seats import sentence
from rules.cards import RANKS, SUITS
from rules.games.cicera.engine import MATCH_TARGETS
from rules.games.cicera.rules import TEAMS
from rules.games.cicera.view import CiceraView

if TYPE_CHECKING:
    from bot.tables import TableEvent

GAME = "cicera"


def item_text(item: str) -> str:
    """A bonus or an award by its name as players say it."""
    return {
        "scua": _("scùa"),
        "picada": _("picada"),
        "simili": _("simili"),
        "quadriglia": _("quadriglia"),
        "cards": _("most cards"),
        "swords": _("most swords"),
        "mata": _("mata (2 di Spade)"),
        "xd": _("10 di Denari"),
        "fc": _("Fante di Coppe"),
        "napula": _("napula"),
    }.get(item, item)


def lines(view: CiceraView, name: SeatNames) -> list[str]:
    """What a Cicera seat sees beside its hand."""
    table = sorted(view.table, key=lambda c: (RANKS.index(c.rank), SUITS.index(c.suit)))
    out = [_("Table: {cards}").format(cards=cards_text(table))]
    if view.last_placement is not None:
        seat, card = view.last_placement
        out.append(_("{name} placed {card}: taking it now scores a picada.").format(name=name(seat), card=card))
    for team, side in enumerate(TEAMS):
        out.append(_("{team}: captured {cards} cards (swords: {swords}), bonus points: {bonus}.").format(
            team=sentence(name.side_label(side)), cards=view.pile_sizes[team], swords=view.pile_swords[team],
            bonus=view.bonus_points[team]))
    return out


def match_line(names: SeatNames, score: Score, options: Mapping[str, Any]) -> str | None:
    """The running match score, when the match is longer than one deal."""
    target = MATCH_TARGETS.get(str(options.get("match")))
    if target is None or not score.totals:
        return None
    per_team = ", ".join(f"{names.side_short(side)} {score.totals[side[0]]}" for side in TEAMS)
    return _("Match score (to {target} points): {score}.").format(target=target, score=per_team)


def round_lines(result: Mapping[str, Any], number: int, names: SeatNames, score: Score,
                options: Mapping[str, Any]) -> list[str]:
    """The end of a deal: each team's points item by item, and the match score."""
    out = [_("--- Round {n} over ---").format(n=number)]
    breakdown = result.get("breakdown") or [{}, {}]
    counts = result.get("counts") or [{}, {}]
    for team, side in enumerate(TEAMS):
        items = [f"{item_text(k)} {v}" for k, v in breakdown[team].items() if v]
        out.append(_("{team}: {points} points ({cards} cards, swords: {swords}): {items}.").format(
            team=sentence(names.side_label(side)), points=result["score"][team], cards=counts[team].get("cards", 0),
            swords=counts[team].get("swords", 0), items=join_and(items) if items else _("nothing")))
    line = match_line(names, score, options)
    if line:
        out.append(line)
    return out


def describe(event: TableEvent, names: SeatNames) -> str | None:
    """Cicera's own events: a play with what it takes and its bonuses, the cards left to the last capture."""
    d = event.data
    if event.kind == "play":
        text = _("{name} plays {card}").format(name=event_seat(event, names), card=d["card"])
        if d.get("take"):
            text += _(", takes {cards}").format(cards=" ".join(d["take"]))
        if d.get("bonuses"):
            text += f" ({join_and([item_text(b) for b in d['bonuses']])})"
        return text
    team = d.get("leftover_to")
    if event.kind == "deal_end" and d.get("leftover") and isinstance(team, int) and 0 <= team < len(names.sides):
        return _("The cards left on the table ({cards}) go to {team}, which captured last.").format(
            cards=" ".join(d["leftover"]), team=names.side_short(names.sides[team]))
    return None


VIEW = register(TerminalView(
    GAME, lines, round_lines, describe=describe,
    hint_line=N_("Hint: {action}, with {win} win chance and about {points} points for your team."),
    cost_line=N_("It cost your team about {points} points of the deal's score and {win} points of win chance "
                 "(yours {before}, the AI's choice {after})."),
    turn_texts=(N_("Deal {round}, turn {n}"), N_("Turn {n}")),
))
