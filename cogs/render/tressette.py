"""Tressette's part of the messages: a button per card (the cards that may not be played, because the hand holds
the led suit, shown disabled), the signals of a lead in four players, and the table and the round's summary as
text.

The hand: ten buttons, numbered as in the hand picture (a hand longer than a row says the number alone, so that
the buttons take two rows on a phone). A button plays its card without a signal. In four players with the
``signals`` option, the seat that leads also gets one select per signal (``Knock (busso) with…``,
``Slide (striscio) with…``, ``Fly (volo) with…``), each listing the cards it may lead: a signal is part of the
lead action, so choosing a card there plays it with that signal. Three short selects above the picture and two
rows of buttons under it fit a phone's screen; a seat that does not lead, or a table with signals off, is never
offered a signal.

The table: the trick in play with the signal of its lead, the last trick, the stock and the last two drawn cards
(two players: both are shown to both), the declarations announced at the round's start, the thirds taken so far
(``show_points``) and the match score. The summary: each side's card points in thirds, who took the last trick,
the points they make and the declarations."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import cast

import discord

from bot.i18n import N_, gettext
from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActSelect, Control, select
from cogs.render.games import GameRender, register
from cogs.render.hand import card_buttons
from cogs.render.seats import faces, seat_label
from cogs.render.status import cards_text, score_line, side_name, stock_line
from cogs.texts import TEXTS, card_name, suit_name, t
from rules.actions import Action
from rules.cards import Card
from rules.games.tressette.rules import BUONGIOCO, SIGNALS, thirds_of
from rules.games.tressette.view import TressetteView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "tressette"

# ----- the texts of Tressette's messages -----
SIGNAL_PLACEHOLDERS = {
    "busso": N_("Knock (busso) with…"),
    "striscio": N_("Slide (striscio) with…"),
    "volo": N_("Fly (volo) with…"),
}
"""The select of the cards a leader may play with each signal."""
SIGNAL_NAMES = {
    "busso": N_("busso (knock)"),
    "striscio": N_("striscio (slide)"),
    "volo": N_("volo (fly)"),
}
"""A signal as the table text names it, beside its card."""
WITH_SIGNAL = N_("{card}, signal **{signal}**")
"""A card of the trick in play led with a signal."""
SIGNALS_LINE = N_("Signals this round: {signals}")
"""Every signal given this round, each with its card (four players, with signals on)."""
LAST_TRICK_LINE = N_("Last trick to **{name}**: {cards} · card points {points}")
"""The last trick taken, its card points in thirds (``1⅔``)."""
DRAWN_LINE = N_("Last drawn: {draws}")
"""Two players: the cards drawn after the last trick, shown to both."""
DECLARATIONS_LINE = N_("Declarations: {declarations}")
DECLARATION_KINDS = {"napoletana": N_("napoletana"), BUONGIOCO: N_("three or four of a kind")}
"""A declaration's kind as the table names it."""
THIRDS_LINE = N_("Card points so far: {points}")
"""With ``show_points``: each side's card points this round."""
FOLLOW_LINE = N_("Follow suit: **{suit}** was led.")
"""On the hand of a seat that holds the led suit: why some cards are disabled."""
SUMMARY_THIRDS = N_("Card points: {counts}")
SUMMARY_LAST = N_("Last trick (1 point): {side}")
SUMMARY_POINTS = N_("Points (card points rounded down): {counts}")
SUMMARY_DECLARATIONS = N_("Declarations: {declarations}")
NO_DECLARATIONS = N_("none")
PARTNER = N_("Your partner: **{name}**.")

LEAD_WITH_SIGNAL = N_("{card}, signal {signal}")
"""A lead with its signal as reviews and hints name it."""

# the review's and hint's texts, in the game's score unit (``cogs.texts.t`` reads them by key)
TEXTS.update({
    "review.cost_tressette": N_("It cost your side about **{points} deal points** and **{win} points of win "
                                "chance** (yours {before}, the AI's choice {after})."),
    "review.cost_points_tressette": N_("It cost your side about **{points} deal points**."),
    "hint.line_tressette": N_("Hint: **{action}**, with {win} win chance and about {points} deal points for your "
                              "side."),
})


def own_view(view: GameView) -> TressetteView:
    """The registry gives this module the views of its own game only (``cogs.render.games.for_game``)."""
    return cast(TressetteView, view)


def thirds_text(thirds: int) -> str:
    """Card points from thirds: ``11⅔`` for 35 thirds, ``4`` for 12."""
    whole, rest = divmod(thirds, 3)
    return f"{whole}{('', '⅓', '⅔')[rest]}" if whole or not rest else ('⅓', '⅔')[rest - 1]


# ----- the hand's controls -----
def signal_items(info: TableInfo, view: TressetteView, legal: set[Action]) -> list[Control]:
    """One select per signal, listing the cards the leader may play with it (none when no lead carries a
    signal: not leading, three players... the engine's legal actions decide)."""
    f = faces(info)
    items: list[Control] = []
    for signal in SIGNALS:
        plays = [a for c in view.hand if (a := Action.play(c, signal=signal)) in legal]
        if not plays:
            continue
        options = [discord.SelectOption(label=f"{view.hand.index(a.card) + 1} · {card_name(a.card, f)}"[:100],
                                        value=ids.action_code(a)) for a in plays if a.card is not None]
        # kind ``take``: a select whose values are action codes (the id's extra tells the three apart)
        items.append(select(ActSelect, ids.act_select(info.id, info.version, "take", signal), options,
                            gettext(SIGNAL_PLACEHOLDERS[signal]), row=0))
    return items


def tressette_items(info: TableInfo, view: TressetteView) -> list[Control]:
    """A button per card, enabled when playing it is legal (a card of another suit is disabled while the hand
    holds the led suit), and the signal selects of a lead with signals on; the hand, disabled, while another
    seat plays."""
    mine = view.to_move == view.seat and view.legal
    legal = set(view.legal) if mine else set()
    items = signal_items(info, view, legal) if mine else []
    return [*items, *card_buttons(info, view, legal, row0=1)]


def hand_items(info: TableInfo, view: GameView, _page: int) -> list[Control]:
    """The controls under a Tressette hand."""
    return tressette_items(info, own_view(view))


def hand_lines(info: TableInfo, view: GameView) -> list[str]:
    """A seat of a team is told its partner; a seat that must follow suit is told which."""
    own = own_view(view)
    if own.seat is None:
        return []
    lines = []
    side = next((s for s in own.sides if own.seat in s), ())
    partners = [s for s in side if s != own.seat]
    if partners:
        lines.append(gettext(PARTNER).format(name=side_name(info, partners)))
    if own.to_move == own.seat and own.led_suit and any(c.suit == own.led_suit for c in own.hand):
        lines.append(gettext(FOLLOW_LINE).format(suit=suit_name(own.led_suit, faces(info))))
    return lines


# ----- the table as text -----
def signal_name(signal: str) -> str:
    """A signal as the table names it: ``busso (knock)``."""
    return gettext(SIGNAL_NAMES.get(signal, signal))


def play_label(action: Action, f: str) -> str:
    """A play as reviews and hints name it: its card, and a lead's signal (``3 di Coppe, signal busso``)."""
    card = card_name(action.card, f) if action.card is not None else str(action)
    if action.signal is None:
        return card
    return gettext(LEAD_WITH_SIGNAL).format(card=card, signal=signal_name(action.signal))


def in_play_line(info: TableInfo, pub: TressetteView) -> str:
    """The trick in play, in the order played, with who played each card and the signal of its lead."""
    if not pub.trick:
        return ""
    f = faces(info)
    signal = pub.current_signal
    parts = []
    for i, (s, c) in enumerate(pub.trick):
        card = f"**{card_name(c, f)}**"
        if i == 0 and signal:
            card = gettext(WITH_SIGNAL).format(card=card, signal=signal_name(signal))
        parts.append(f"{seat_label(info, s)}: {card}")
    return t("status.in_play", cards=" · ".join(parts))


def last_trick_line(info: TableInfo, pub: TressetteView) -> str:
    """The last trick taken: who took it, the cards in the order played, its card points."""
    if not pub.tricks:
        return ""
    _leader, played, winner = pub.tricks[-1]
    cards = [c for _s, c in played]
    return gettext(LAST_TRICK_LINE).format(name=seat_label(info, winner), cards=cards_text(cards, faces(info)),
                                           points=thirds_text(thirds_of(cards)))


def signals_line(info: TableInfo, pub: TressetteView) -> str:
    """Every signal given this round, each with its seat and card."""
    if not pub.signals:
        return ""
    f = faces(info)
    return gettext(SIGNALS_LINE).format(signals=" · ".join(
        f"{seat_label(info, s.seat)}: {card_name(s.card, f)} — {signal_name(s.signal)}" for s in pub.signals))


def drawn_line(info: TableInfo, pub: TressetteView) -> str:
    """Two players: the cards drawn after the last trick (both seats saw them)."""
    if not pub.drawn:
        return ""
    f = faces(info)
    last = [d for d in pub.drawn if d.trick == pub.drawn[-1].trick]
    return gettext(DRAWN_LINE).format(draws=" · ".join(
        f"{seat_label(info, d.seat)} **{card_name(d.card, f)}**" for d in last))


def declarations_text(info: TableInfo, declarations: Sequence[tuple[int, str, Sequence[Card], int]]) -> str:
    """Declarations as text: ``alice: napoletana (Asso, 2, 3 di Coppe) +3``."""
    f = faces(info)
    return " · ".join(f"{seat_label(info, seat)}: {gettext(DECLARATION_KINDS.get(kind, kind))} "
                      f"({cards_text(cards, f)}) **+{points}**" for seat, kind, cards, points in declarations)


def thirds_line(info: TableInfo, pub: TressetteView) -> str:
    """With ``show_points``: each side's card points so far."""
    if pub.points is None:
        return ""
    return gettext(THIRDS_LINE).format(points=" · ".join(
        f"{side_name(info, side)} **{thirds_text(p)}**" for side, p in zip(pub.sides, pub.points, strict=True)))


def status_lines(info: TableInfo, view: GameView) -> list[str]:
    """The stock and the last draw, the declarations, the signals, the trick in play, the last trick, the card
    points with ``show_points``, the match score."""
    pub = own_view(view)
    declared = [(d.seat, d.kind, d.cards, d.points) for d in pub.declarations]
    lines = [stock_line(pub) if pub.players == 2 else "", drawn_line(info, pub),
             gettext(DECLARATIONS_LINE).format(declarations=declarations_text(info, declared)) if declared else "",
             signals_line(info, pub), in_play_line(info, pub), last_trick_line(info, pub), thirds_line(info, pub),
             score_line(info, pub)]
    return [x for x in lines if x]


# ----- the round's summary -----
def summary_lines(info: TableInfo, view: GameView) -> list[str]:
    """The last round per side: its card points (in thirds, the last trick's included), who took the last trick,
    the points they make, and (at a table that plays them) the declarations."""
    pub = own_view(view)
    last = pub.last_result or {}
    breakdown = last.get("breakdown") or []
    sides = pub.sides
    if len(breakdown) != len(sides):
        return []

    def per_side(values: Sequence[object]) -> str:
        return " · ".join(f"{side_name(info, side)} **{v}**" for side, v in zip(sides, values, strict=True))

    lines = [gettext(SUMMARY_THIRDS).format(counts=per_side([thirds_text(int(b["thirds"])) for b in breakdown]))]
    taker = last.get("last_trick")
    if isinstance(taker, int) and 0 <= taker < pub.players:
        lines.append(gettext(SUMMARY_LAST).format(side=f"**{seat_label(info, taker)}**"))
    lines.append(gettext(SUMMARY_POINTS).format(counts=per_side([int(b["points"]) for b in breakdown])))
    if pub.options.get("accusi", "off") != "on":  # no declarations at this table: no line saying "none"
        return lines
    declared = [(int(d["seat"]), str(d["kind"]), [Card.parse(x) for x in d["cards"]], int(d["points"]))
                for d in last.get("declarations") or []]
    lines.append(gettext(SUMMARY_DECLARATIONS).format(
        declarations=declarations_text(info, declared) if declared else gettext(NO_DECLARATIONS)))
    return lines


COMMAND = "Open a table of Tressette (2 or 4 players; 4 in two teams)"
OPTION_HELP = {
    "players": "how many players (4: two teams, partners opposite)",
    "match": "one round, or play to 21, 31 or 41 points",
    "accusi": "declarations at the round's start: napoletana, three or four of a kind",
    "signals": "the leader may knock, slide or fly (4 players)",
    "show_points": "show each side's card points during the round",
    "team_chat": "when each team's private thread opens (4 players)",
}
"""The slash command's descriptions (English; the command tree's translator translates them)."""
CHOICE_LABELS = {
    "match": {"single": "one round", "21": "to 21 points", "31": "to 31 points", "41": "to 41 points"},
}

RENDER = register(GameRender(GAME, hand_items, hand_lines=hand_lines, status_lines=status_lines,
                             summary_lines=summary_lines, play_label=play_label,
                             cost_key="review.cost_tressette", cost_points_key="review.cost_points_tressette",
                             hint_key="hint.line_tressette", command=COMMAND, option_help=OPTION_HELP,
                             choice_labels=CHOICE_LABELS))
