"""What the messages say and carry: lobby embeds, the public table line, hand controls, and the pictures.

Public messages are built from ``TableInfo`` and the *public* view only (``service.view(table_id)``); hand
messages from the seat's own view, and they only ever go out as ephemeral messages.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Sequence

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import (
    ActButton,
    ActSelect,
    BackButton,
    HandButton,
    LobbyAISelect,
    LobbyButton,
    PickButton,
    RematchButton,
    button,
    select,
)
from cogs.texts import bid_text, card_name, game_name, options_line, suit_name, t
from images.common import SeatInfo
from images.hand import hand_png
from images.summary import summary_png
from images.table import table_png
from rules import games
from rules.actions import Action
from rules.ai import LEVELS
from rules.cards import SUITS, Card

log = logging.getLogger(__name__)

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
SUMMARY_FILE = "summary.png"
SELECT_MAX = 25
"""Options in one Discord select."""
NO_MENTIONS = discord.AllowedMentions.none()


# ----- seats -----
def seat_infos(info: TableInfo) -> list[SeatInfo]:
    """The seats as the pictures show them (an AI playing for a user who left shows as an AI)."""
    return [SeatInfo(s.name, s.ai or (info.level if s.away else None)) for s in info.seats]


def seat_label(info: TableInfo, seat: int) -> str:
    """A seat's display name; AI players are told apart by their seat number."""
    s = info.seats[seat]
    if s.ai is not None:
        return t("seat.ai", n=seat + 1, level=s.ai)
    if s.away:
        return t("seat.away", name=s.name)
    return s.name


def human_at(info: TableInfo, seat: int) -> int | None:
    """The user playing ``seat`` now, ``None`` when the AI does."""
    s = info.seats[seat]
    return s.user_id if s.user_id is not None and s.ai is None and s.away is None else None


def faces(info: TableInfo) -> str:
    """The table's card faces."""
    return "french" if info.options.get("faces") == "french" else "italian"


# ----- pictures (pure functions, run in an executor) -----
def table_picture(public_view, seats: Sequence[SeatInfo]) -> discord.File:
    """The public table picture; ``public_view`` must be ``service.view(table_id)`` (no seat)."""
    return discord.File(io.BytesIO(table_png(public_view, seats)), filename=TABLE_FILE)


def hand_picture(view, seats: Sequence[SeatInfo]) -> discord.File:
    """A seat's hand picture (ephemeral messages only)."""
    return discord.File(io.BytesIO(hand_png(view, seats)), filename=HAND_FILE)


def summary_picture(public_view, seats: Sequence[SeatInfo]) -> discord.File:
    """The summary of the last finished round (and of the match once over), from the public view."""
    return discord.File(io.BytesIO(summary_png(public_view, seats)), filename=SUMMARY_FILE)


def warm_up() -> None:
    """Draw a table and a hand once, so that the fonts and card sprites are loaded before a player waits."""
    game = games.spec(games.DEFAULT_GAME)
    players = game.player_counts[0]
    match = game.new_match(players, {}, 1)
    seats = [SeatInfo(f"p{n + 1}") for n in range(players)]
    table_picture(match.view(None), seats)
    hand_picture(match.view(0), seats)


# ----- the lobby -----
def lobby_embed(info: TableInfo) -> discord.Embed:
    """The lobby: game, host, seats and options."""
    embed = discord.Embed(
        title=t("lobby.title", game=game_name(info.game), players=t("players_n", n=info.players)),
        description=t("lobby.host", host=f"<@{info.host_id}>", level=info.level),
        colour=discord.Colour.dark_green(),
    )
    lines = []
    for i in range(info.players):
        lines.append(f"{i + 1}. {info.seats[i].name}" if i < len(info.seats) else f"{i + 1}. {t('lobby.free')}")
    embed.add_field(name=t("lobby.seats"), value="\n".join(lines), inline=True)
    embed.add_field(name=t("lobby.options"), value=options_line(info.options)[:1024] or "-", inline=False)
    embed.set_footer(text=t("lobby.footer", id=info.id))
    return embed


def lobby_view(info: TableInfo) -> discord.ui.View:
    """Join, Leave, Start, Cancel, and the host's AI select."""
    view = discord.ui.View(timeout=None)
    full = len(info.seats) >= info.players
    view.add_item(button(LobbyButton, ids.lobby(info.id, "join"), t("lobby.join"), discord.ButtonStyle.success,
                         disabled=full, row=0))
    view.add_item(button(LobbyButton, ids.lobby(info.id, "leave"), t("lobby.leave"), row=0))
    view.add_item(button(LobbyButton, ids.lobby(info.id, "start"), t("lobby.start"), discord.ButtonStyle.primary,
                         row=0))
    view.add_item(button(LobbyButton, ids.lobby(info.id, "cancel"), t("lobby.cancel"), discord.ButtonStyle.danger,
                         row=0))
    options = [discord.SelectOption(label=t("lobby.ai_add", level=level), value=f"add:{level}") for level in LEVELS]
    options.append(discord.SelectOption(label=t("lobby.ai_remove"), value="remove"))
    view.add_item(select(LobbyAISelect, ids.lobby_ai(info.id), options, t("lobby.ai_placeholder"), row=1))
    return view


# ----- the public table line -----
def result_text(info: TableInfo, result: dict | None) -> str:
    """``Winners: ...`` or ``A draw.``"""
    winners = (result or {}).get("winners") or []
    if not winners:
        return t("table.result_draw")
    return t("table.result_winners", names=", ".join(seat_label(info, s) for s in winners))


def chiamata_line(info: TableInfo, pub) -> str | None:
    """The public state of a Chiamata round: the auction, the caller, the called card, the partnership."""
    f = faces(info)
    if pub.called is not None:
        caller = seat_label(info, pub.caller)
        card = card_name(pub.called, f)
        if pub.partner is None:
            return t("table.called", card=card, suit=suit_name(pub.called.suit, f))
        if pub.partner == pub.caller:
            return t("table.alone", card=card, caller=caller)
        return t("table.partner", card=card, caller=caller, partner=seat_label(info, pub.partner))
    if pub.caller is not None:
        return t("table.caller", name=seat_label(info, pub.caller), bid=bid_text(pub.standing_bid), target=pub.target)
    if pub.phase == "auction":
        if not pub.auction:
            return t("table.auction_none")
        bids = [t("table.pass_by", name=seat_label(info, s)) if b is None
                else t("table.bid_by", name=seat_label(info, s), bid=bid_text(b)) for s, b in pub.auction[-5:]]
        return t("table.auction", bids=", ".join(bids))
    return None


def turn_line(info: TableInfo, pub) -> str:
    """Whose turn it is; a mention only when a person must act."""
    seat = info.to_move
    if seat is None:
        return ""
    user = human_at(info, seat)
    if user is None:
        return t("table.ai_turn", name=seat_label(info, seat))
    mention = f"<@{user}>"
    phase = getattr(pub, "phase", "play")
    if phase == "auction":
        line = t("table.your_bid", mention=mention)
    elif phase in ("trump", "discard", "call"):
        line = t("table.caller_turn", mention=mention, what=t(f"table.caller_{phase}"))
    else:
        line = t("table.your_turn", mention=mention)
    if info.deadline_at:
        line += " " + t("table.deadline", when=f"<t:{int(info.deadline_at)}:R>")
    return line


def round_index(pub) -> int:
    """The 0-based index of a view's round."""
    rnd = getattr(pub, "round", None)
    return rnd if rnd is not None else getattr(pub, "round_number", 1) - 1


def table_text(info: TableInfo, pub, notes: Sequence[str] = (), result: dict | None = None,
               over: bool = False) -> str:
    """The public table message's text, from the table's info and its public view only."""
    rnd = round_index(pub)
    head = t("table.head", game=game_name(info.game), id=info.id,
             round=t("table.round", n=rnd + 1) if info.options.get("match", "single") != "single" else "")
    lines = [head]
    if info.game == "chiamata" and pub is not None:
        line = chiamata_line(info, pub)
        if line:
            lines.append(line)
    lines.extend(notes)
    if over:
        lines.append(t("table.over", result=result_text(info, result)))
    else:
        lines.append(turn_line(info, pub))
    return "\n".join(x for x in lines if x)[:2000]


def table_mentions(info: TableInfo) -> discord.AllowedMentions:
    """Only the person whose turn it is may be pinged."""
    seat = info.to_move
    user = human_at(info, seat) if seat is not None else None
    if user is None:
        return NO_MENTIONS
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(user)])


def table_view(table_id: int) -> discord.ui.View:
    """The table message's My hand button."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(HandButton, ids.hand(table_id), t("table.my_hand"), discord.ButtonStyle.primary))
    return view


def rematch_view(game_id: int) -> discord.ui.View:
    """The Rematch button under a match summary."""
    view = discord.ui.View(timeout=None)
    view.add_item(button(RematchButton, ids.rematch(game_id), t("table.rematch"), discord.ButtonStyle.success))
    return view


# ----- the hand -----
def hand_text(info: TableInfo, view) -> str:
    """The hand message's text (ephemeral)."""
    lines = [t("hand.title", game=game_name(info.game), id=info.id)]
    if getattr(view, "i_am_partner", False) and view.called is not None:
        lines.append(t("hand.partner", card=card_name(view.called, faces(info))))
    if getattr(view, "match_over", False):
        lines.append(t("hand.over"))
    elif view.to_move == view.seat:
        lines.append(t("hand.your_turn"))
    elif view.to_move is not None:
        lines.append(t("hand.not_your_turn", name=seat_label(info, view.to_move)))
    return "\n".join(lines)


def _card_buttons(info: TableInfo, view, legal: set[Action], *, row0: int = 0) -> list:
    items = []
    f = faces(info)
    for i, c in enumerate(view.hand):
        action = Action.play(c)
        items.append(button(ActButton, ids.act(info.id, info.version, action), f"{i + 1} · {card_name(c, f)}",
                            discord.ButtonStyle.primary if action in legal else discord.ButtonStyle.secondary,
                            disabled=action not in legal, row=row0 + i // 5))
    return items


def _points_options(actions: list[Action]) -> list[Action]:
    """At most 25 points bids: the 15 lowest, then every multiple of 5."""
    if len(actions) <= SELECT_MAX:
        return actions

    def points(a: Action) -> int:
        return a.bid if isinstance(a.bid, int) else int(str(a.bid).split(":")[1])

    low = actions[:15]
    rest = [a for a in actions[15:] if points(a) % 5 == 0]
    return (low + rest)[:SELECT_MAX]


def briscola_items(info: TableInfo, view) -> list:
    """A button per card (enabled on your turn) and the trump exchange when it is allowed."""
    legal = set(view.legal)
    items = _card_buttons(info, view, legal)
    for a in view.legal:
        if a.kind == "exchange":
            items.append(button(ActButton, ids.act(info.id, info.version, a),
                                t("hand.exchange", card=card_name(a.card, faces(info))), row=1))
    return items


def chiamata_items(info: TableInfo, view) -> list:
    """The controls of the phase: bids and Pass, the trump, the discards, the call, or the cards."""
    mine = view.to_move == view.seat
    f = faces(info)
    phase = view.phase
    if not mine or phase == "play":
        return _card_buttons(info, view, set(view.legal) if mine else set())
    v = info.version
    items: list = []
    if phase == "auction":
        ranks = [a for a in view.legal if a.kind == "bid" and isinstance(a.bid, str) and ":" not in a.bid]
        points = [a for a in view.legal if a.kind == "bid" and a not in ranks]
        for i, a in enumerate(ranks):
            items.append(button(ActButton, ids.act(info.id, v, a), t("hand.bid_rank", rank=a.bid),
                                discord.ButtonStyle.primary, row=i // 5))
        items.append(button(ActButton, ids.act(info.id, v, Action.pass_()), t("hand.pass"),
                            discord.ButtonStyle.danger, row=2))
        if points:
            options = [discord.SelectOption(
                label=t("hand.bid_points", points=a.bid) if isinstance(a.bid, int)
                else t("hand.bid_two_points", points=str(a.bid).split(":")[1]),
                value=ids.action_code(a)) for a in _points_options(points)]
            items.append(select(ActSelect, ids.act_select(info.id, v, "bid"), options,
                                t("hand.bid_points_placeholder"), row=3))
    elif phase == "trump":
        for a in view.legal:
            items.append(button(ActButton, ids.act(info.id, v, a), t("hand.trump", suit=suit_name(a.suit, f)),
                                discord.ButtonStyle.primary))
    elif phase == "discard":
        options = [discord.SelectOption(label=card_name(c, f), value=str(c)) for c in view.hand]
        size = len(view.legal[0].cards) if view.legal else 5
        items.append(select(ActSelect, ids.act_select(info.id, v, "discard"), options,
                            t("hand.discard_placeholder"), min_values=size, max_values=size))
    elif phase == "call":
        calls = list(view.legal)
        if len(calls) <= 5:
            for a in calls:
                items.append(button(ActButton, ids.act(info.id, v, a), t("hand.call", card=card_name(a.card, f)),
                                    discord.ButtonStyle.primary))
        else:
            for suit in SUITS:
                group = [a for a in calls if a.card.suit == suit]
                if not group:
                    continue
                options = [discord.SelectOption(label=card_name(a.card, f), value=ids.action_code(a))
                           for a in group[:SELECT_MAX]]
                items.append(select(ActSelect, ids.act_select(info.id, v, "call", suit), options,
                                    t("hand.call_placeholder", suit=suit_name(suit, f))))
    return items


def cicera_items(info: TableInfo, view, pick: Card | None = None, page: int = 0) -> list:
    """A button per card; after a card is picked, its captures (a select, paged by 25), Place, Back."""
    mine = view.to_move == view.seat and bool(view.legal)
    f = faces(info)
    v = info.version
    if pick is None or not mine:
        return [button(PickButton, ids.pick(info.id, v, str(c)), f"{i + 1} · {card_name(c, f)}",
                       discord.ButtonStyle.primary if mine else discord.ButtonStyle.secondary,
                       disabled=not mine, row=i // 5)
                for i, c in enumerate(view.hand)]
    takes = [a for a in view.legal if a.card == pick and a.take]
    items: list = []
    pages = max(1, -(-len(takes) // SELECT_MAX))
    page = min(max(page, 0), pages - 1)
    chunk = takes[page * SELECT_MAX:(page + 1) * SELECT_MAX]
    if chunk:
        options = [discord.SelectOption(
            label=t("hand.take_option", cards=", ".join(card_name(c, f) for c in a.take))[:100],
            value=ids.action_code(a)) for a in chunk]
        items.append(select(ActSelect, ids.act_select(info.id, v, "take", str(page)), options,
                            t("hand.take_placeholder", card=card_name(pick, f), page=page + 1, pages=pages), row=0))
    items.append(button(ActButton, ids.act(info.id, v, Action.play(pick, ())), t("hand.place"),
                        discord.ButtonStyle.primary, row=1))
    items.append(button(BackButton, ids.back(info.id, v), t("hand.back"), row=1))
    if pages > 1:
        items.append(button(PickButton, ids.pick(info.id, v, str(pick), (page + 1) % pages), t("hand.more"), row=1))
    return items


def hand_view(info: TableInfo, view, pick: Card | None = None, page: int = 0) -> discord.ui.View:
    """The controls under a hand picture."""
    out = discord.ui.View(timeout=None)
    if getattr(view, "match_over", False):
        return out
    if info.game == "briscola":
        items = briscola_items(info, view)
    elif info.game == "chiamata":
        items = chiamata_items(info, view)
    else:
        items = cicera_items(info, view, pick, page)
    for item in items[:25]:
        out.add_item(item)
    return out


def pick_text(info: TableInfo, view, pick: Card) -> str:
    """The hand message's text while a Cicera card's captures are shown."""
    f = faces(info)
    takes = [a for a in view.legal if a.card == pick and a.take]
    key = "hand.pick" if takes else "hand.no_capture"
    return hand_text(info, view) + "\n" + t(key, card=card_name(pick, f))
