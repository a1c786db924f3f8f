"""The terminal's Chiamata lines: the phase, the auction, the caller and the call, the partner (only as far as
this seat knows it), the kitty; the prompts and the typed answers of the auction, the trump, the discards and
the call; the end of a round with each side's card points and the match score."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from bot.i18n import _, ngettext
from bot.names import suit_word
from bot.tools.views import (
    MoveError,
    Score,
    SeatNames,
    TerminalView,
    cards_text,
    event_seat,
    register,
    sort_cards,
    suit_text,
)
from rules.actions import Action
from rules.cards import STRENGTH_ORDER, SUIT_NAMES, SUITS, Card
from rules.games.chiamata.engine import MATCH_ROUNDS
from rules.games.chiamata.round import KITTY_SIZE, PLAYERS
from rules.games.chiamata.view import ChiamataView

if TYPE_CHECKING:
    from bot.tables import TableEvent

GAME = "chiamata"


def phase_text(phase: str) -> str:
    """A phase as the terminal names it."""
    return {
        "auction": _("auction"),
        "trump": _("declaring the trump"),
        "discard": _("discarding"),
        "call": _("calling a card"),
        "play": _("play"),
        "over": _("over"),
    }.get(phase, phase)


def bid_text(bid: object) -> str:
    """A bid as it reads: ``3``, ``2 for 70`` (the 2 with a points target), ``80 points``."""
    if isinstance(bid, int) and not isinstance(bid, bool):
        return ngettext("{n} point", "{n} points", bid).format(n=bid)
    text = str(bid)
    if text.startswith("2:"):
        return _("2 for {n}").format(n=text[2:])
    return text


def lines(view: ChiamataView, name: SeatNames) -> list[str]:
    """What a Chiamata seat sees beside the trick and its hand."""
    out = [_("Phase: {phase}.").format(phase=phase_text(view.phase))]
    if view.phase == "auction":
        mode = view.options.get("bidding")
        out.append(_("Bidding by points: a target of 61 to 120 card points, each bid higher than the last.")
                   if mode == "points" else
                   _("Bidding by rank: A 3 R C F 7 6 5 4 2, each bid lower than the last, then the 2 with a "
                     "points target."))
    if view.auction and view.caller is None:
        bids = ", ".join(f"{name(s)} {bid_text(b) if b is not None else _('passes')}" for s, b in view.auction)
        out.append(_("Auction: {bids}.").format(bids=bids))
        if view.standing_bid is not None:
            out.append(_("Standing bid: {bid}, by {name}.").format(bid=bid_text(view.standing_bid),
                                                                   name=name(view.standing_seat)))
    if view.caller is not None:
        out.append(_("Caller: {caller}, with {bid}: the caller's side needs {target} card points.").format(
            caller=name(view.caller), bid=bid_text(view.standing_bid), target=view.target))
    known = []
    if view.trump is not None:
        known.append(_("Trump: {suit}.").format(suit=suit_text(view.trump)))
    if view.called is not None:
        known.append(_("Called card: {card}.").format(card=view.called))
    if known:
        out.append(" ".join(known))
    if view.called is not None:
        if view.partner is not None and view.partner == view.caller:
            out.append(_("The caller called their own card: the caller plays alone."))
        elif view.partner is not None:
            out.append(_("Partner: {name}.").format(name=name(view.partner)))
        elif view.i_am_partner:
            out.append(_("You hold the called card {card}: you are the caller's secret partner.").format(
                card=view.called))
        elif view.caller == view.seat and name.partner == view.caller:
            out.append(_("You called a card of your own: you play alone (the others do not know)."))
        else:
            out.append(_("The partner is secret until {card} is played.").format(card=view.called))
    if view.kitty and view.phase == "discard":
        out.append(_("The kitty went to your hand: {cards}.").format(
            cards=cards_text(sort_cards(view.game, view.kitty, view.trump))))
    if view.discards:
        out.append(_("Your discards (their points count for your side): {cards}.").format(
            cards=cards_text(sort_cards(view.game, view.discards, view.trump))))
    if view.points is not None:
        points = ", ".join(f"{name(s)} {p}" for s, p in enumerate(view.points))
        out.append(_("Card points so far: {points}.").format(points=points))
    return out


def _bids(view: ChiamataView) -> list[str | int]:
    return [a.bid for a in view.legal if a.kind == "bid" and a.bid is not None]


def auction_hint(view: ChiamataView) -> str:
    """The bids this seat may make now, and how to type them."""
    bids = _bids(view)
    numbers = [b for b in bids if isinstance(b, int)]
    twos = [int(str(b)[2:]) for b in bids if isinstance(b, str) and b.startswith("2:")]
    ranks = [str(b) for b in bids if isinstance(b, str) and not b.startswith("2:")]
    if numbers:
        return _("bid a target from {low} to {high} card points (type the number, e.g. '{low}'), or "
                 "'pass'.").format(low=min(numbers), high=max(numbers))
    if twos:
        return _("bid the 2 with a higher target, from 2:{low} to 2:{high} (type e.g. '2:{low}' or just "
                 "'{low}'), or 'pass'.").format(low=min(twos), high=max(twos))
    if ranks:
        return _("bid a rank, one of {ranks} (type e.g. 'bid {rank}' or just '{rank}'), or 'pass'.").format(
            ranks=" ".join(ranks), rank=ranks[0])
    return _("'pass': nobody can bid higher.")


def prompt(view: ChiamataView, name: SeatNames) -> list[str]:  # noqa: ARG001 - every game's prompt takes the namer
    """What to type in the phases answered without a numbered list; empty in the play phase."""
    if view.to_move != view.seat or view.seat is None:
        return []
    if view.phase == "auction":
        return [auction_hint(view)]
    if view.phase == "trump":
        suits = ", ".join(f"{s} {suit_word(s)}" for s in SUITS)
        return [_("declare the trump suit: {suits} (type e.g. 'trump d' or just 'd').").format(suits=suits)]
    if view.phase == "discard":
        example = cards_text(sort_cards(view.game, view.hand, view.trump)[-KITTY_SIZE:])
        return [_("discard {n} cards by naming them, e.g. 'discard {example}'.").format(n=KITTY_SIZE, example=example)]
    if view.phase == "call":
        calls = sort_cards(view.game, [a.card for a in view.legal if a.card is not None], view.trump)
        if not calls:
            return []
        if len(calls) <= 10:
            what = _("call one of {cards} (type e.g. 'call {card}' or just '{card}').").format(
                cards=cards_text(calls), card=calls[0])
        elif view.trump is not None:
            what = _("call any card of {suit} (type e.g. 'call {card}' or just '{card}').").format(
                suit=suit_word(view.trump), card=calls[0])
        else:
            what = _("call any card (type e.g. 'call {card}' or just '{card}'); its suit becomes trump.").format(
                card=calls[0])
        return [what, _("Calling a card you hold yourself means playing alone.")]
    return []


def _card(word: str) -> Card:
    try:
        return Card.parse(word)
    except ValueError:
        raise MoveError(_("'{word}' is not a card: write rank then suit, like 'Ad' or 'Rb'.").format(
            word=word)) from None


def read(view: ChiamataView, text: str) -> Action | None:
    """A typed answer in the auction, the trump, the discard and the call (``None`` in the play phase)."""
    words = text.split()
    if not words or view.phase == "play":
        return None
    head = words[0].lower()
    if view.phase == "auction":
        if head in ("pass", "p") and len(words) == 1:
            return Action.pass_()
        if head == "bid" and len(words) == 2:
            bid = words[1]
        elif len(words) == 1:
            bid = words[0]
        else:
            raise MoveError(_("Bid or pass: {what}").format(what=auction_hint(view)))
        if view.options.get("bidding") == "points":
            if not bid.isdigit():
                raise MoveError(_("In points bidding a bid is a number of card points, e.g. 'bid 80' or just "
                                  "'80'; or 'pass'."))
            return Action.make_bid(int(bid))
        if bid.isdigit() and len(bid) > 1:
            if any(isinstance(b, str) and b.startswith("2:") for b in _bids(view)):
                return Action.make_bid(f"2:{bid}")
            raise MoveError(_("In rank bidding a bid is a rank (A 3 R C F 7 6 5 4 2); a points target comes "
                              "only with the 2 (2:N), once the standing bid is 2."))
        two_for = bid.startswith("2:") and bid[2:].isdigit()
        if bid.upper() not in STRENGTH_ORDER and not two_for:
            raise MoveError(_("A bid is a rank (A 3 R C F 7 6 5 4 2) or the 2 with a target (2:N), not "
                              "'{bid}'.").format(bid=bid))
        return Action.make_bid(bid.upper())
    if view.phase == "trump":
        word = words[1] if head == "trump" and len(words) == 2 else words[0] if len(words) == 1 else ""
        by_name = {**{n.lower(): s for s, n in SUIT_NAMES.items()}, **{suit_word(s).lower(): s for s in SUITS}}
        suit = word.lower() if word.lower() in SUITS else by_name.get(word.lower())
        if suit is None:
            raise MoveError(_("Declare the trump suit: d, c, s or b (e.g. 'trump d' or just 'd')."))
        return Action.declare_trump(suit)
    if view.phase == "discard":
        names = words[1:] if head == "discard" else words
        if not names:
            raise MoveError(_("Name the {n} cards to discard, e.g. 'discard 4b 5b 6b 2c 4c'.").format(n=KITTY_SIZE))
        return Action.discard([_card(w) for w in names])
    if view.phase == "call":
        if head == "call" and len(words) == 2:
            return Action.call(_card(words[1]))
        if len(words) == 1:
            return Action.call(_card(words[0]))
        raise MoveError(_("Call one card, e.g. 'call 3d' or just '3d'."))
    return None


def round_lines(result: Mapping[str, Any], number: int, names: SeatNames, score: Score,
                options: Mapping[str, Any]) -> list[str]:
    """The end of a Chiamata round: the caller and the partner, the card points of each side against the
    target, the game points of each seat and the match score."""
    if result.get("passed_out"):
        return []  # the passed_out event said it: the cards are dealt again
    caller, partner = result["caller"], result["partner"]
    side = [caller] + ([partner] if partner is not None else [])
    others = [s for s in range(PLAYERS) if s not in side]
    points = result["card_points"]
    ours, theirs = sum(points[s] for s in side), sum(points[s] for s in others)
    out = [_("--- Round {n} over ---").format(n=number)]
    if partner is None:
        out.append(_("{caller} called {card} and played alone.").format(caller=names(caller), card=result["called"]))
    else:
        out.append(_("{caller} called {card}; the partner was {partner}.").format(
            caller=names(caller), card=result["called"], partner=names(partner)))
    out.append(_("Card points: the caller's side ({seats}) {ours} of the {target} needed, the other side "
                 "({others}) {theirs}.").format(seats=names.seats_text(side), ours=ours, target=result["target"],
                                                others=names.seats_text(others), theirs=theirs))
    out.append(_("The caller's side wins the round.") if result["success"] else _("The caller's side loses the round."))
    if names.me is not None:
        out.append(_("You were the caller.") if names.me == caller else
                   _("You were the caller's partner.") if names.me == partner else
                   _("You played against the caller."))
    gp = ", ".join(f"{names(s)} {p:+d}" for s, p in enumerate(result["game_points"]))
    out.append(_("Game points this round: {points}.").format(points=gp))
    rounds = MATCH_ROUNDS.get(str(options.get("match")), 1)
    if rounds > 1 and score.totals:
        totals = ", ".join(f"{names(s)} {p:+d}" for s, p in enumerate(score.totals))
        out.append(_("Match score after {played} of {rounds} rounds: {totals}.").format(
            played=score.rounds, rounds=rounds, totals=totals))
    return out


def describe(event: TableEvent, names: SeatNames) -> str | None:
    """Chiamata's own events: the auction, the trump, the discards, the call and the partner revealed."""
    d, k = event.data, event.kind
    name = event_seat(event, names)
    if k == "bid":
        return _("{name} bids {bid}.").format(name=name, bid=bid_text(d.get("bid")))
    if k == "pass":
        return _("{name} passes.").format(name=name)
    if k == "auction_won":
        return _("{name} wins the auction with {bid}: the caller's side needs {target} card points.").format(
            name=name, bid=bid_text(d.get("bid")), target=d.get("target"))
    if k == "passed_out":
        return _("Everybody passed: the cards are dealt again.")
    if k == "trump":
        return _("{name} declares {suit} trumps.").format(name=name, suit=suit_text(d["suit"]))
    if k == "discard":
        return ngettext("{name} discards {n} card.", "{name} discards {n} cards.", d["count"]).format(
            name=name, n=d["count"])
    if k == "call":
        return _("{name} calls {card}.").format(name=name, card=d["card"])
    if k == "partner_revealed":
        if d.get("alone"):
            return _("{name} played their own called card: the caller plays alone!").format(name=name)
        return _("{name} played the called card: {name} is the caller's partner!").format(name=name)
    return None


VIEW = register(TerminalView(GAME, lines, round_lines, prompt=prompt, read=read, describe=describe))
