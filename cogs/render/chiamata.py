"""Briscola Chiamata's part of the messages: the auction on the table, and the controls of each phase, compact
enough to leave the hand on a phone's screen: a select of the bids and Pass, the trump, a select of the
discards, the call, the cards."""

from __future__ import annotations

import logging
from typing import cast

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, ActSelect, Control, button, select
from cogs.render.games import GameRender, register
from cogs.render.hand import SELECT_MAX, card_buttons
from cogs.render.layout import ROW_WIDTH
from cogs.render.seats import faces, seat_label
from cogs.texts import bid_text, card_name, rank_name, suit_name, t
from rules.actions import Action
from rules.cards import SUITS
from rules.games.chiamata.view import ChiamataView
from rules.view import GameView

log = logging.getLogger(__name__)

def own_view(view: GameView) -> ChiamataView:
    """The registry gives this module the views of its own game only (``cogs.render.games.for_game``)."""
    return cast(ChiamataView, view)


GAME = "chiamata"


def chiamata_line(info: TableInfo, pub: ChiamataView) -> str | None:
    """The public state of a Chiamata round: the auction; once it is won, who won it with what bid and target
    (in the play too), the called card, the partnership, and what the coloured bars under the seats of the
    table picture mean."""
    f = faces(info)
    if pub.caller is not None:
        lines = [t("table.caller", name=seat_label(info, pub.caller), bid=bid_label(pub.standing_bid, f),
                   target=pub.target)]
        sides_known = False
        if pub.called is not None:
            caller = seat_label(info, pub.caller)
            card = card_name(pub.called, f)
            if pub.partner is None:
                lines.append(t("table.called", card=card, suit=suit_name(pub.called.suit, f)))
            elif pub.partner == pub.caller:
                lines.append(t("table.alone", card=card, caller=caller))
            else:
                lines.append(t("table.partner", card=card, caller=caller, partner=seat_label(info, pub.partner)))
            sides_known = pub.partner is not None
        lines.append(t("table.sides_mark" if sides_known else "table.caller_mark"))
        return "\n".join(lines)
    if pub.phase == "auction":
        if not pub.auction:
            return t("table.auction_none")
        bids = [auction_entry(info, pub, s, b, f) for s, b in pub.auction[-5:]]
        return t("table.auction", bids=", ".join(bids))
    return None


def auction_entry(info: TableInfo, pub: ChiamataView, seat: int, bid: object, f: str) -> str:
    """One bid or pass of the auction: the viewer's own in the second person (``you bid Re``, in their hand
    message), anybody else's in the third (``Anna bids Re``), whatever a display name reads like."""
    own = getattr(pub, "seat", None) == seat
    if bid is None:
        return t("table.pass_by_you") if own else t("table.pass_by", name=seat_label(info, seat))
    if own:
        return t("table.bid_by_you", bid=bid_label(bid, f))
    return t("table.bid_by", name=seat_label(info, seat), bid=bid_label(bid, f))


def _points_options(actions: list[Action]) -> list[Action]:
    """At most 25 points bids: the 15 lowest, then every multiple of 5."""
    if len(actions) <= SELECT_MAX:
        return actions

    def points(a: Action) -> int:
        return a.bid if isinstance(a.bid, int) else int(str(a.bid).split(":")[1])

    low = actions[:15]
    rest = [a for a in actions[15:] if points(a) % 5 == 0]
    return (low + rest)[:SELECT_MAX]


def bid_label(bid: object, f: str) -> str:
    """A bid as shown: a rank by its full name in the table's faces (``Re``, ``Cavallo``; ``K``, ``Q``), else
    as ``bid_text`` shows it (``2 for 70``, ``75 points``)."""
    if isinstance(bid, str) and ":" not in bid:
        return rank_name(bid, f)
    return bid_text(bid)


def _option(action: Action, label: str) -> discord.SelectOption:
    return discord.SelectOption(label=label[:100], value=ids.action_code(action))


def auction_items(info: TableInfo, view: ChiamataView) -> list[Control]:
    """A select of the rank bids or of the points bids (row 0), and Pass (row 1)."""
    f = faces(info)
    v = info.version
    items: list[Control] = []
    bids = [a for a in view.legal if a.kind == "bid"]
    ranks = [a for a in bids if isinstance(a.bid, str) and ":" not in a.bid]
    points = [a for a in bids if a not in ranks]
    if ranks:
        options = [_option(a, t("hand.bid_rank", rank=bid_label(a.bid, f))) for a in ranks[:SELECT_MAX]]
        items.append(select(ActSelect, ids.act_select(info.id, v, "bid", "rank"), options,
                            t("hand.bid_rank_placeholder"), row=0))
    elif points:
        options = [_option(a, t("points_n", n=a.bid) if isinstance(a.bid, int)
                           else t("hand.bid_two_points", points=str(a.bid).split(":")[1]))
                   for a in _points_options(points)]
        items.append(select(ActSelect, ids.act_select(info.id, v, "bid"), options,
                            t("hand.bid_points_placeholder"), row=0))
    if Action.pass_() in view.legal:
        items.append(button(ActButton, ids.act(info.id, v, Action.pass_()), t("hand.pass"),
                            discord.ButtonStyle.danger, row=1 if items else 0))
    return items


def call_items(info: TableInfo, view: ChiamataView) -> list[Control]:
    """Up to 5 calls: a button each, in one row. More: one select, or one per group of whole suits that fits
    in 25 options (40 cards: two selects of two suits)."""
    f = faces(info)
    v = info.version
    calls = [(a, a.card) for a in view.legal if a.card is not None]  # (every call names its card)
    if len(calls) <= ROW_WIDTH:
        return [button(ActButton, ids.act(info.id, v, a), t("hand.call", card=card_name(c, f)),
                       discord.ButtonStyle.primary, row=0) for a, c in calls]
    groups: list[list[str]] = []
    size = 0
    for suit in SUITS:
        n = sum(1 for _, c in calls if c.suit == suit)
        if not n:
            continue
        if groups and size + n <= SELECT_MAX:
            groups[-1].append(suit)
            size += n
        else:
            groups.append([suit])
            size = n
    items: list[Control] = []
    for row, suits in enumerate(groups):
        options = [_option(a, card_name(c, f)) for a, c in calls if c.suit in suits][:SELECT_MAX]
        if len(suits) == 1:
            placeholder = t("hand.call_placeholder", suit=suit_name(suits[0], f))
        else:
            placeholder = t("hand.call_suits_placeholder", suits=", ".join(suit_name(s, f) for s in suits))
        items.append(select(ActSelect, ids.act_select(info.id, v, "call", "".join(suits)), options, placeholder,
                            row=row))
    return items


def chiamata_items(info: TableInfo, view: ChiamataView) -> list[Control]:
    """The controls of the phase: the bids and Pass, the trump, the discards, the call, or the cards; at most
    3 rows before the cards are played."""
    mine = view.to_move == view.seat
    f = faces(info)
    phase = view.phase
    if not mine or phase == "play":
        return card_buttons(info, view, set(view.legal) if mine else set())
    v = info.version
    if phase == "auction":
        return auction_items(info, view)
    if phase == "trump":
        return [button(ActButton, ids.act(info.id, v, a), t("hand.trump", suit=suit_name(a.suit, f)),
                       discord.ButtonStyle.primary, row=0) for a in view.legal if a.suit is not None]
    if phase == "discard":
        options = [discord.SelectOption(label=card_name(c, f), value=str(c)) for c in view.hand]
        size = len(view.legal[0].cards) if view.legal else 5
        return [select(ActSelect, ids.act_select(info.id, v, "discard"), options, t("hand.discard_placeholder"),
                       min_values=size, max_values=size, row=0)]
    if phase == "call":
        return call_items(info, view)
    return []


def table_lines(info: TableInfo, pub: GameView) -> list[str]:
    """The auction, the caller, the called card or the partnership, under the table message's head."""
    line = chiamata_line(info, own_view(pub))
    return [line] if line else []


def hand_lines(info: TableInfo, view: GameView) -> list[str]:
    """The secret partner is told so in their hand message."""
    own = own_view(view)
    if own.i_am_partner and own.called is not None:
        return [t("hand.partner", card=card_name(own.called, faces(info)))]
    return []


def hand_items(info: TableInfo, view: GameView, _page: int) -> list[Control]:
    """The controls under a Chiamata hand."""
    return chiamata_items(info, own_view(view))


RENDER = register(GameRender(
    GAME, hand_items, table_lines, hand_lines, command="Open a table of Briscola Chiamata (5 players)",
    option_help={"bidding": "bid ranks (then points on the 2), or points",
                 "kitty": "7 cards each and a kitty of 5 for the caller", "match": "one round, 5 rounds or 10 rounds"},
    choice_labels={"match": {"single": "one round", "short": "short: 5 rounds", "long": "long: 10 rounds"},
                   "bidding": {"rank": "rank, then points on the 2", "points": "points"}},
))
