"""The terminal's Tressette lines: the suit to follow, the stock and the drawn cards still in a hand (two
players: both seats saw each), the declarations and the cards they named, the signals of the round with their
cards, and with ``show_points`` each side's thirds; a play typed as ``Ac`` or, on a lead with signals,
``3d busso``; each play with its signal, each trick in thirds, each draw and each declaration as one line; the
end of a round with each side's thirds, the points they make, the last trick, the declarations and the match
score."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _, ngettext
from bot.tools.views import MoveError, Score, SeatNames, TerminalView, cards_text, event_seat, register, suit_text
from bot.tools.views.seats import sentence
from rules.actions import Action
from rules.cards import Card, CardError
from rules.games.tressette.engine import MATCH_TARGETS
from rules.games.tressette.rules import NAME, SIGNALS, STRENGTH_ORDER

if TYPE_CHECKING:
    from bot.tables import TableEvent
    from rules.games.tressette.view import TressetteView

GAME = NAME


def declaration_text(kind: object) -> str:
    """A declaration by the name players give it (the Italian word in every language, as its glossary says)."""
    return {"napoletana": _("napoletana"), "buongioco": _("buongioco")}.get(str(kind), str(kind))


def signal_text(signal: object) -> str:
    """A signal by its word (``busso``, ``striscio``, ``volo``: the only talk Tressette allows)."""
    return {"busso": _("busso"), "striscio": _("striscio"), "volo": _("volo")}.get(str(signal), str(signal))


def thirds_text(n: int) -> str:
    """``1 third``, ``12 thirds``."""
    return ngettext("{n} third", "{n} thirds", n).format(n=n)


def declared_text(name: str, kind: object, cards: Sequence[object], points: int) -> str:
    """``Seat 1 (AI): napoletana Ad 2d 3d, 3 points``."""
    return ngettext("{name}: {declaration} {cards}, {points} point", "{name}: {declaration} {cards}, {points} points",
                    points).format(name=name, declaration=declaration_text(kind), cards=cards_text(cards),
                                   points=points)


def lines(view: TressetteView, names: SeatNames) -> list[str]:
    """What a Tressette seat sees beside the trick and its hand: the suit to follow, the stock, the cards every
    seat knows are in a hand (drawn or declared), the declarations, the signals and (``show_points``) the
    thirds."""
    out = []
    if view.stock_count:
        out.append(ngettext("Stock: {n} card left.", "Stock: {n} cards left.", view.stock_count).format(
            n=view.stock_count))
    if view.declarations:
        out.append(_("Declarations: {list}.").format(list="; ".join(
            declared_text(names(d.seat), d.kind, d.cards, d.points) for d in view.declarations)))
    for seat, cards in sorted(view.known_hands.items()):
        if seat != view.seat:
            out.append(_("{name} holds, shown to all: {cards}").format(name=names(seat), cards=cards_text(cards)))
    if view.signals:
        out.append(_("Signals this round: {list}.").format(list=", ".join(
            _("{name} {card} {signal}").format(name=names(s.seat), card=s.card, signal=signal_text(s.signal))
            for s in view.signals)))
    if view.points is not None:
        counts = ", ".join(f"{names.side_short(side)} {thirds_text(t)} ({t // 3})"
                           for side, t in zip(view.sides, view.points, strict=True))
        out.append(_("Thirds taken (points): {counts}.").format(counts=counts))
    if view.phase == "play" and view.led_suit is not None:
        led = _("Suit to follow: {suit}.").format(suit=suit_text(view.led_suit))
        signal = view.current_signal
        if signal is not None:
            led += " " + _("The lead carries the signal {signal}.").format(signal=signal_text(signal))
        out.append(led)
    return out


def prompt(view: TressetteView, names: SeatNames) -> list[str]:  # noqa: ARG001  (the prompt hook's signature)
    """How a play is typed (with a signal on a lead when the table has them)."""
    if view.phase != "play":
        return []
    if any(a.signal is not None for a in view.legal):
        return [_("a number from the list, a card ('Ac'), or a card and a signal ('3d busso'; the signals are "
                  "busso, striscio and volo).")]
    return [_("a number from the list or a card ('Ac').")]


def _card(word: str) -> Card | None:
    try:
        return Card.parse(word)
    except (CardError, ValueError):
        return None


def read(view: TressetteView, text: str) -> Action | None:
    """A play typed as ``Ac`` or ``3d busso`` (``play`` before it is allowed). ``None`` for a line that does not
    start with a card (a number, ``help``...: read as every game's). ``MoveError`` when the word after the card
    is not a signal; whether the play (and its signal) is legal is the engine's to say."""
    words = text.split()
    if words and words[0].lower() == "play":
        words = words[1:]
    card = _card(words[0]) if words and view.phase == "play" else None
    if card is None:
        return None
    if len(words) == 1:
        return Action.play(card)
    if len(words) == 2 and words[1].lower() in SIGNALS:
        return Action.play(card, signal=words[1].lower())
    raise MoveError(_("'{rest}' is not a signal: type the card alone ('{card}') or with one of busso, striscio, "
                      "volo ('{card} busso').").format(rest=" ".join(words[1:]), card=card))


def match_line(names: SeatNames, score: Score, options: Mapping[str, Any]) -> str | None:
    """The running match score when the match is longer than one round, and the extra round on equal totals."""
    return score.match_line(names, MATCH_TARGETS.get(str(options.get("match"))))


def round_lines(result: Mapping[str, Any], number: int, names: SeatNames, score: Score,
                options: Mapping[str, Any]) -> list[str]:
    """The end of a round: each side's thirds and the points they make, its declarations (at a table that plays
    them), the last trick, the declarations named, and the match score."""
    out = [_("--- Round {n} over ---").format(n=number)]
    breakdown = result.get("breakdown") or []
    declaring = options.get("accusi", "off") == "on"  # without declarations, no "declarations 0" to read
    for i, side in enumerate(names.sides):
        if i >= len(breakdown):
            break
        b, points = breakdown[i], result["score"][i]
        if declaring:
            text = ngettext("{side}: {points} point: {thirds} ÷ 3 = {made}, declarations {accusi}.",
                            "{side}: {points} points: {thirds} ÷ 3 = {made}, declarations {accusi}.", points)
        else:
            text = ngettext("{side}: {points} point: {thirds} ÷ 3 = {made}.",
                            "{side}: {points} points: {thirds} ÷ 3 = {made}.", points)
        out.append(text.format(side=sentence(names.side_label(side)), points=points,
                               thirds=thirds_text(b.get("thirds", 0)), made=b.get("points", 0),
                               accusi=b.get("accusi", 0)))
    last = result.get("last_trick")
    if isinstance(last, int):
        out.append(_("Last trick (3 thirds): {name}.").format(name=names(last)))
    for d in result.get("declarations") or []:
        out.append("  " + _("Declared: {what}.").format(
            what=declared_text(names(d["seat"]), d["kind"], d["cards"], d["points"])))
    line = match_line(names, score, options)
    if line:
        out.append(line)
    return out


def describe(event: TableEvent, names: SeatNames) -> str | None:
    """Tressette's own events: a lead with its signal, a trick in thirds, the draw of both players with the
    cards shown, a declaration at the round's start."""
    d = event.data
    if event.kind == "play" and d.get("signal"):
        return _("{name} leads {card} with the signal {signal}.").format(
            name=event_seat(event, names), card=d["card"], signal=signal_text(d["signal"]))
    if event.kind == "trick":
        return ngettext("{name} takes the trick ({n} third).", "{name} takes the trick ({n} thirds).",
                        d["points"]).format(name=event_seat(event, names, "winner"), n=d["points"])
    if event.kind == "draw":
        return ngettext("{name} draws {card}, {other} draws {other_card} (shown to both; {n} card left in the "
                        "stock).",
                        "{name} draws {card}, {other} draws {other_card} (shown to both; {n} cards left in the "
                        "stock).", d["stock_left"]).format(
            name=event_seat(event, names), card=d["card"], other=event_seat(event, names, "other"),
            other_card=d["other_card"], n=d["stock_left"])
    if event.kind == "declaration":
        return _("Declaration: {what}.").format(
            what=declared_text(event_seat(event, names), d["declaration"], d["cards"], d["points"]))
    return None


VIEW = register(TerminalView(
    GAME, lines, round_lines, prompt=prompt, read=read, describe=describe,
    hint_line=N_("Hint: {action}, with {win} win chance and about {points} deal points for your side."),
    cost_line=N_("It cost your side about {points} deal points and {win} points of win chance (yours {before}, "
                 "the AI's choice {after})."),
    help_line=N_("In Tressette you must follow the led suit when you can: 'Ac' plays a card; with 4 players and "
                 "signals on, the leader may add a signal: '3d busso', '3d striscio' or '3d volo'. A card that "
                 "does not follow is refused with the suit to follow."),
    strength=STRENGTH_ORDER,
))
