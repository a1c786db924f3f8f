"""The terminal's Scopa lines: the cards on the table, the stock, the last capture and the scope of the round
(with ``show_points``, each side's cards and Denari too); a play typed as what it means (``7d``, ``7d take 3c
4s``, ``7d place``); each play, scopa, new hand and the last capture's leftovers as one line; the end of a
round with each side's points item by item, what made them (cards, Denari, settebello, the primiera and its
four cards, scope, napola) and the match score. Scopone's terminal view is this one under its own name
(``bot.tools.views.scopone``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from bot.i18n import N_, _, ngettext
from bot.tools.views import MoveError, Score, SeatNames, TerminalView, cards_text, event_seat, join_and, register
from bot.tools.views.seats import sentence
from rules.actions import Action
from rules.cards import SUITS, Card, CardError
from rules.games.scopa.engine import MATCH_TARGETS
from rules.games.scopa.rules import CARD_VALUE, NAME

if TYPE_CHECKING:
    from bot.tables import TableEvent
    from rules.games.scopa.view import ScopaView

GAME = NAME


def item_text(item: str) -> str:
    """A round point by its name as players say it."""
    return {
        "scope": _("scope"),
        "cards": _("most cards"),
        "denari": _("most Denari"),
        "settebello": _("settebello"),
        "primiera": _("primiera"),
        "napola": _("napola"),
    }.get(item, item)


def take_text(take: Sequence[object]) -> str:
    """What a card takes: ``3c + 4s``."""
    return " + ".join(str(c) for c in take)


def scope_text(n: int) -> str:
    """``1 scopa``, ``2 scope``."""
    return ngettext("{n} scopa", "{n} scope", n).format(n=n)


def by_value(cards: Sequence[Card]) -> list[Card]:
    """Table cards by capture value, then suit: the order in which a player looks for a sum."""
    return sorted(cards, key=lambda c: (CARD_VALUE[c], SUITS.index(c.suit)))


def lines(view: ScopaView, names: SeatNames) -> list[str]:
    """What a Scopa or Scopone seat sees beside its hand: the table, the stock, the last capture, the scope
    (with ``show_points``: each side's cards, Denari and scope)."""
    out = [_("Table: {cards}").format(cards=cards_text(by_value(view.table)))]
    if view.stock_size:
        out.append(ngettext("Stock: {n} card left.", "Stock: {n} cards left.", view.stock_size).format(
            n=view.stock_size))
    last = view.last_capture
    if last is not None:
        text = _("Last capture: {name} took {cards} with {card}.")
        if last.scopa:
            text = _("Last capture: {name} took {cards} with {card}, a scopa.")
        out.append(text.format(name=names(last.seat), cards=take_text(last.taken), card=last.card))
    if view.options.get("show_points") == "on":
        for i, side in enumerate(view.sides):
            counts = _("{cards} cards, {denari} Denari, {scope}").format(
                cards=view.pile_sizes[i], denari=view.pile_denari[i], scope=scope_text(view.scope[i]))
            if view.settebello == i:
                counts = _("{counts}, the settebello").format(counts=counts)
            out.append(_("{side}: {counts}.").format(side=sentence(names.side_label(side)), counts=counts))
    else:
        scope = ", ".join(f"{names.side_short(side)} {view.scope[i]}" for i, side in enumerate(view.sides))
        out.append(_("Scope this round: {scope}.").format(scope=scope))
    return out


def prompt(view: ScopaView, names: SeatNames) -> list[str]:  # noqa: ARG001  (the prompt hook's signature)
    """How a play is typed."""
    if view.phase != "play":
        return []
    return [_("a number from the list, a card ('7d'), or a card and what it takes ('7d take 3c 4s').")]


def _card(word: str) -> Card | None:
    try:
        return Card.parse(word)
    except (CardError, ValueError):
        return None


def read(view: ScopaView, text: str) -> Action | None:
    """A play typed as what it means: ``7d`` (a card that places, or has one capture only; ``7d take`` too, for
    a card that captures), ``7d take 3c 4s`` (or ``7d 3c 4s``), ``7d place``; ``play`` before it is allowed.
    ``None`` for a line that does not start with a card (a number, ``help``...: read as every game's).
    ``MoveError`` when the card has several captures and none is named, a taken word is not a card, or a card
    that takes nothing is told to take; whether the play is legal is the engine's to say."""
    words = text.split()
    if words and words[0].lower() == "play":
        words = words[1:]
    card = _card(words[0]) if words and view.phase == "play" else None
    if card is None:
        return None
    rest = words[1:]
    if rest and rest[0].lower() == "place":
        if len(rest) > 1:
            raise MoveError(_("'place' puts {card} on the table and takes nothing: type '{card} place' alone.")
                            .format(card=card))
        return Action.play(card, ())
    take = bool(rest) and rest[0].lower() == "take"
    if take:
        rest = rest[1:]
    if not rest:
        ways = [a for a in view.legal if a.kind == "play" and a.card == card and a.take is not None]
        if take and [a.take for a in ways] == [()]:
            raise MoveError(_("{card} takes nothing from this table: type '{card}' to place it.").format(card=card))
        if len(ways) == 1:
            return ways[0]
        if len(ways) > 1:
            choices = [take_text(a.take or ()) for a in ways]
            raise MoveError(ngettext("{card} has {n} capture ({choices}): type which, e.g. '{card} take {example}', "
                                     "or its number.",
                                     "{card} has {n} captures ({choices}): type which, e.g. '{card} take {example}', "
                                     "or its number.", len(ways)).format(
                card=card, n=len(ways), choices=", ".join(choices),
                example=" ".join(str(c) for c in ways[0].take or ())))
        return Action.play(card)  # not a card of this hand: the engine says so
    taken = []
    for word in rest:
        found = _card(word)
        if found is None:
            raise MoveError(_("'{word}' is not a card: type a card as rank then suit, e.g. '{card} take 3c 4s'.")
                            .format(word=word, card=card))
        taken.append(found)
    return Action.play(card, taken)


def match_line(names: SeatNames, score: Score, options: Mapping[str, Any]) -> str | None:
    """The running match score when the match is longer than one round, and the extra round on equal totals."""
    return score.match_line(names, MATCH_TARGETS.get(str(options.get("match"))))


def counts_line(counts: Mapping[str, Any], primiera_cards: Sequence[str], settebello: bool) -> str:
    """What a side captured in a round: cards, Denari, the settebello, the primiera with its four cards."""
    parts = [ngettext("{n} card", "{n} cards", counts.get("cards", 0)).format(n=counts.get("cards", 0)),
             _("{n} Denari").format(n=counts.get("denari", 0))]
    if settebello:
        parts.append(_("the settebello"))
    if primiera_cards:
        parts.append(_("primiera {value} ({cards})").format(value=counts.get("primiera", 0),
                                                            cards=" ".join(primiera_cards)))
    else:
        parts.append(_("no primiera (a suit missing)"))
    return join_and(parts)


def round_lines(result: Mapping[str, Any], number: int, names: SeatNames, score: Score,
                options: Mapping[str, Any]) -> list[str]:
    """The end of a round: each side's points item by item and what it captured, and the match score."""
    out = [_("--- Round {n} over ---").format(n=number)]
    breakdown = result.get("breakdown") or []
    counts = result.get("counts") or []
    primiera = result.get("primiera_cards") or []
    for i, side in enumerate(names.sides):
        if i >= len(breakdown):
            break
        points = result["score"][i]
        items = [f"{item_text(k)} {v}" for k, v in breakdown[i].items() if v]
        out.append(ngettext("{side}: {points} point: {items}.", "{side}: {points} points: {items}.", points).format(
            side=sentence(names.side_label(side)), points=points, items=join_and(items) if items else _("nothing")))
        took = counts_line(counts[i] if i < len(counts) else {}, primiera[i] if i < len(primiera) else (),
                           bool(breakdown[i].get("settebello")))
        out.append("  " + _("Captured: {what}.").format(what=took))
    line = match_line(names, score, options)
    if line:
        out.append(line)
    return out


def describe(event: TableEvent, names: SeatNames) -> str | None:
    """Scopa's own events: a play with what it takes and its scopa, new hands from the stock, the cards left
    on the table at the end of a round."""
    d = event.data
    if event.kind == "play":
        name, card = event_seat(event, names), d["card"]
        if not d.get("take"):
            return _("{name} places {card} on the table.").format(name=name, card=card)
        text = _("{name} plays {card}, takes {cards}.")
        if d.get("scopa"):
            text = _("{name} plays {card}, takes {cards}: scopa!")
        return text.format(name=name, card=card, cards=take_text(d["take"]))
    if event.kind == "hands_dealt":
        return ngettext("New hands: {n} card each from the stock ({stock} left).",
                        "New hands: {n} cards each from the stock ({stock} left).", d["cards"]).format(
            n=d["cards"], stock=d["stock"])
    if event.kind == "deal_end":
        side = d.get("leftover_to")
        if d.get("leftover") and isinstance(side, int) and 0 <= side < len(names.sides):
            return _("The cards left on the table ({cards}) go to {side}, the last to capture (no scopa).").format(
                cards=" ".join(d["leftover"]), side=names.side_short(names.sides[side]))
        if d.get("unclaimed"):
            return _("Nobody captured: the cards on the table ({cards}) stay unclaimed.").format(
                cards=" ".join(d["unclaimed"]))
        return ""
    return None


VIEW = register(TerminalView(
    GAME, lines, round_lines, prompt=prompt, read=read, describe=describe,
    hint_line=N_("Hint: {action}, with {win} win chance and about {points} deal points for your side."),
    cost_line=N_("It cost your side about {points} deal points and {win} points of win chance (yours {before}, "
                 "the AI's choice {after})."),
    turn_texts=(N_("Round {round}, turn {n}"), N_("Turn {n}")),
    help_line=N_("In Scopa and Scopone capturing is compulsory: '7d' plays a card that is placed or has one capture "
                 "only; '7d take 3c 4s' (or '7d 3c 4s') names what it takes when it has several; '7d place' places "
                 "a card that takes nothing. A wrong play is refused with the captures the card has."),
))
