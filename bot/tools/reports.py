"""The terminal's lines of what happened: an event as one line, a hint, and a review of a finished game. A game's
own events and the texts in its score's unit come from its terminal view (``bot.tools.views.for_game``)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from bot.i18n import _, ngettext
from bot.names import percent, why_text, win_points
from bot.tools.views import SeatNames, choice_text, event_seat, for_game, hand_text, render_view, trump_of
from rules.ai.review import MIN_SEVERITY, severity, why

if TYPE_CHECKING:
    from bot.tables import TableEvent
    from bot.tables.reviews import Review
    from rules.actions import Action
    from rules.ai.review import ActionValue, Judged
    from rules.view import GameView

log = logging.getLogger(__name__)

YOU = 1
"""The user id of the terminal's player (``bot.tools.play``)."""


def hint_lines(view: GameView, values: list[ActionValue], choices: list[Action]) -> list[str]:
    """A hint: the AI's preferred action as the numbered list names it (with its number), its win chance and
    expected points, and the next best."""

    def named(action: Action) -> str:
        text = choice_text(action)
        if action in choices:
            text += _(" (choice {n})").format(n=choices.index(action) + 1)
        return text

    best = values[0]
    game = view.game
    out = [_(for_game(game).hint_line).format(action=named(best.action), win=percent(best.win),
                                              points=f"{best.points:.0f}"),
           why_text(view.game, *why(view, best.action))]
    if len(values) > 1:
        other = values[1]
        gap = severity(game, best.points, best.win) - severity(game, other.points, other.win)
        nearly = gap < MIN_SEVERITY[game]  # within what a review calls a cost
        text = (_("About as good: {action}, with {win} win chance and about {points} points.") if nearly else
                _("Next best: {action}, with {win} win chance and about {points} points."))
        out.append(text.format(action=named(other.action), win=percent(other.win), points=f"{other.points:.0f}"))
    return out


def view_lines(view: GameView, names: SeatNames) -> list[str]:
    """A seat's view as its turn showed it (the game's lines, the trick, the hand), without the prompt."""
    lines = render_view(view, names)
    hand = _("Your hand: {cards}").format(cards=hand_text(view.game, view.hand, trump_of(view)))
    return lines[1:lines.index(hand) + 1] if hand in lines else lines[1:]


def where_text(record: dict[str, Any], j: Judged) -> str:
    """Where a decision was: its trick (a turn, as the game names it), and its round (deal) when the record has
    several."""
    several = len(record.get("rounds") or ()) > 1
    if getattr(j.view, "phase", None) == "call":
        if several:
            return _("Round {round}, the call").format(round=j.round + 1)
        return _("The call")
    of_round, alone = for_game(str(record.get("game"))).turn_texts
    if several:
        return _(of_round).format(round=j.round + 1, n=j.turn)
    return _(alone).format(n=j.turn)


def review_lines(review: Review) -> list[str]:
    """A review as the terminal prints it: each decision where it was, the hand and the trick as the seat saw
    them (named as that seat knew the sides then), what was played, what the AI prefers and the cost; or that
    no decision was costly."""
    record = review.record
    game = str(record.get("game"))
    if not review.reviewed:
        return [_("Nothing to review: the AI made every decision of your seat in this game.")]
    if not review.decisions:
        return [_("No costly decision: wherever it mattered, you played what the AI would play, or close to it.")]
    humans = [i for i, s in enumerate(record.get("seats") or ()) if isinstance(s, dict) and s.get("user") == YOU]
    out = [_("Your costliest decisions in game {id}, as you saw them. The AI valued every choice you had with "
             "only what you knew then, over many deals of the cards you could not see.").format(id=review.game_id)]
    cost = for_game(game).cost_line
    for n, j in enumerate(review.decisions, 1):
        names = SeatNames(game, int(record.get("players") or 0), review.seat, humans)
        names.learn(j.view)
        out.append("")
        out.append(_("{n}. {where}:").format(n=n, where=where_text(record, j)))
        out.extend("   " + line for line in view_lines(j.view, names))
        out.append(_("You played {played}; the AI prefers {best}.").format(
            played=choice_text(j.played.action), best=choice_text(j.best.action)))
        win = win_points(j.played.win, j.best.win)
        out.append(_(cost).format(points=f"{j.cost_points:.1f}", win=win, before=percent(j.played.win),
                                  after=percent(j.best.win)))
    out.append("")
    out.append(_("Win chance is your side's chance to win this round (in Cicera, this deal). It and the points "
                 "are averages over the hands you could not see: they judge the decision, not the luck."))
    return out


def describe(event: TableEvent, names: SeatNames, game: str) -> str | None:
    """One line for an event worth showing in the terminal, or ``None`` (the end of a round has its own
    lines: ``bot.tools.views.round_lines``). The game's own events first (its terminal view's ``describe``)."""
    own = for_game(game).describe
    text = own(event, names) if own is not None else None
    if text is not None:
        return text
    d = event.data
    k = event.kind
    if k == "round_start":
        return _("--- Round {n}, dealer {name} ---").format(n=d["round"] + 1, name=event_seat(event, names, "dealer"))
    if k == "play":
        return _("{name} plays {card}").format(name=event_seat(event, names), card=d["card"])
    if k == "trick":
        return ngettext("{name} takes the trick ({points} point).", "{name} takes the trick ({points} points).",
                        d["points"]).format(name=event_seat(event, names, "winner"), points=d["points"])
    if k == "timeout":
        return _("{name}'s time ran out: the AI plays.").format(name=event_seat(event, names))
    if k == "seat_to_ai":
        return _("The AI plays for {name} from now on.").format(name=event_seat(event, names))
    if k == "storage_error":
        return _("Could not save the game: {reason}").format(reason=d["reason"])
    return None
