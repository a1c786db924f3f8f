"""Scopa's part of the messages (Scopone's too, registered by ``cogs.render.scopone``): one control per legal
play, and the table, the running scope and counts, a note on the table message at each scopa, and the round
points as text.

The hand: a card that can take nothing is a button that places it (``1 · 3 di Denari``, numbered as in the hand
picture, like every game's card buttons); a card with exactly one capture is a button that names it
(``2 · 7 di Denari takes 7 di Coppe``); a card with several captures is one select of them (``7 di Denari → 3 di
Coppe + 4 di Spade``), above the text. Capturing is compulsory, so a card that can take is never offered as a
placing. In a hand longer than a row of buttons (Scopone's 9 and 10) a button says the card by its number alone
(``2 takes 7 di Coppe``), so that the hand fits a phone's screen."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import cast

import discord

from bot.i18n import N_, gettext
from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, ActSelect, Control, PageButton, button, select
from cogs.render.games import GameRender, register
from cogs.render.hand import SELECT_MAX, card_buttons, card_label
from cogs.render.layout import ROW_WIDTH
from cogs.render.seats import faces, seat_label
from cogs.render.status import cards_text, score_line, side_name
from cogs.texts import TEXTS, card_name, t
from rules.actions import Action
from rules.cards import Card
from rules.events import Event
from rules.games.scopa.events import CaptureEvent
from rules.games.scopa.rules import primiera
from rules.games.scopa.view import ScopaView
from rules.view import GameView

log = logging.getLogger(__name__)

GAME = "scopa"

# ----- the texts of Scopa's and Scopone's messages -----
TAKES = N_("{card} takes {cards}")
"""A button that plays a card taking the one capture it has."""
TAKES_PLACEHOLDER = N_("{card} takes…")
"""The select of a card with several captures."""
TABLE_EMPTY = N_("The table is empty.")
SCOPA_MARK = N_(" — **Scopa!**")
"""After the last capture when it swept the table and scored."""
SCOPE_LINE = N_("Scope: {scope}")
"""The running scope of each side."""
COUNTS_LINE = N_("{side}: cards **{cards}** · Denari **{denari}** · primiera {primiera}{settebello}")
"""With ``show_points``: what a side has taken so far."""
SETTEBELLO_MARK = N_(" · the settebello")
NO_PRIMIERA_YET = N_("none yet")
"""A side whose captures lack a suit: no primiera (yet)."""
SUMMARY_CARDS = N_("Cards: {counts} → {winner}")
SUMMARY_DENARI = N_("Denari: {counts} → {winner}")
SUMMARY_SETTEBELLO = N_("Settebello (7 di Denari): {winner}")
SUMMARY_PRIMIERA = N_("Primiera: {counts} → {winner}")
SUMMARY_SCOPE = N_("Scope: {counts}")
SUMMARY_NAPOLA = N_("Napola: {counts}")
NO_PRIMIERA = N_("no primiera (a suit is missing)")
NOBODY_TIE = N_("nobody (a tie)")
NOBODY = N_("nobody")
LEFTOVER = N_("The cards left on the table went to {side}, who captured last.")
PARTNER = N_("Your partner: **{name}**.")
SCOPA_NOTE = N_("**{name}** swept the table with {card}: **scopa!**")
"""The table's note on a scopa, as it happens."""

# the review's and hint's texts, in the game's score unit (``cogs.texts.t`` reads them by key)
TEXTS.update({
    "review.cost_scopa": N_("It cost your side about **{points} deal points** and **{win} points of win chance** "
                            "(yours {before}, the AI's choice {after})."),
    "review.cost_points_scopa": N_("It cost your side about **{points} deal points**."),
    "hint.line_scopa": N_("Hint: **{action}**, with {win} win chance and about {points} deal points for your side."),
})


def own_view(view: GameView) -> ScopaView:
    """The registry gives this module the views of Scopa and Scopone only (``cogs.render.games.for_game``)."""
    return cast(ScopaView, view)


# ----- the hand's controls -----
def plays_by_card(view: ScopaView) -> list[tuple[Card, list[Action]]]:
    """Each card of the hand, in hand order, with its legal plays (one placing, or its captures)."""
    return [(c, [a for a in view.legal if a.card == c]) for c in view.hand]


def cards_named(cards: Sequence[Card], f: str) -> str:
    """Taken cards as a play names them: ``3 di Coppe + 4 di Spade``."""
    return " + ".join(card_name(c, f) for c in cards)


def take_button_label(info: TableInfo, view: ScopaView, action: Action) -> str:
    """A card's one capture: ``2 · 7 di Denari takes 7 di Coppe`` (a long hand: ``2 takes 7 di Coppe``)."""
    assert action.card is not None and action.take
    return gettext(TAKES).format(card=card_label(info, view, action.card),
                                 cards=cards_named(action.take, faces(info)))[:80]


def choice_label(action: Action, f: str) -> str:
    """A capture (``7 di Denari → 3 di Coppe + 4 di Spade``) or a placing (``7 di Denari → place it``): a select
    option, and how reviews and hints name a play."""
    card = card_name(action.card, f) if action.card is not None else ""
    if not action.take:
        return t("hand.place_option", card=card)[:100]
    return t("hand.capture_option", card=card, cards=cards_named(action.take, f))[:100]


def scopa_items(info: TableInfo, view: ScopaView, page: int = 0) -> list[Control]:
    """One control per legal play of the mover (see the module's docstring), or the hand, disabled, while
    another seat plays. Rows: a select per card with several captures first, then the place buttons (five to a
    row), then the capture buttons (one to a row in Scopa's hand of three; five to a row in a long hand, where
    they are short). A select of more than 25 captures shows ``page`` of them, with a More captures button."""
    if not (view.to_move == view.seat and view.legal):
        return card_buttons(info, view, set())
    f = faces(info)
    v = info.version
    long_hand = len(view.hand) > ROW_WIDTH
    menus: list[tuple[Card, list[Action]]] = []
    places: list[Action] = []
    takes: list[Action] = []
    for c, plays in plays_by_card(view):
        if len(plays) > 1:
            menus.append((c, plays))
        elif plays and plays[0].take:
            takes.append(plays[0])
        elif plays:
            places.append(plays[0])
    items: list[Control] = []
    pages = max((-(-len(plays) // SELECT_MAX) for _c, plays in menus), default=1)
    page = min(max(page, 0), pages - 1)
    for c, plays in menus:  # row 0: each select fills an action row of its own
        own_pages = -(-len(plays) // SELECT_MAX)
        at = page % own_pages
        chunk = plays[at * SELECT_MAX:(at + 1) * SELECT_MAX]
        options = [discord.SelectOption(label=choice_label(a, f), value=ids.action_code(a)) for a in chunk]
        placeholder = gettext(TAKES_PLACEHOLDER).format(card=f"{view.hand.index(c) + 1} · {card_name(c, f)}")
        items.append(select(ActSelect, ids.act_select(info.id, v, "take", f"{c}{at}"), options, placeholder,
                            row=0))
    if pages > 1:
        following = (page + 1) % pages
        items.append(button(PageButton, ids.page(info.id, v, following),
                            t("hand.capture_page", page=following + 1, pages=pages), row=1))
    for a in places:  # row 2, five to an action row
        assert a.card is not None
        items.append(button(ActButton, ids.act(info.id, v, a), card_label(info, view, a.card),
                            discord.ButtonStyle.primary, row=2))
    first = 3 if places else 2
    for i, a in enumerate(takes):  # a short hand: a row each (at most three); a long one: five to a row
        items.append(button(ActButton, ids.act(info.id, v, a), take_button_label(info, view, a),
                            discord.ButtonStyle.success, row=3 if long_hand else min(first + i, 4)))
    return items


def hand_items(info: TableInfo, view: GameView, page: int) -> list[Control]:
    """The controls under a Scopa or Scopone hand."""
    return scopa_items(info, own_view(view), page)


def hand_lines(info: TableInfo, view: GameView) -> list[str]:
    """A seat of a team is told its partner."""
    own = own_view(view)
    if own.seat is None:
        return []
    side = next((s for s in own.sides if own.seat in s), ())
    partners = [s for s in side if s != own.seat]
    return [gettext(PARTNER).format(name=side_name(info, partners))] if partners else []


# ----- the table as text -----
def piles_so_far(view: ScopaView) -> list[list[Card]]:
    """The cards each side has captured this round, from the plays every seat saw (the leftovers of the last
    capture are added once the round is over: they are in ``pile_sizes`` then)."""
    side_of = {seat: i for i, side in enumerate(view.sides) for seat in side}
    piles: list[list[Card]] = [[] for _ in view.sides]
    for seat, card, take in view.history:
        if take:
            piles[side_of[seat]] += [card, *take]
    return piles


def scope_line(info: TableInfo, view: ScopaView) -> str:
    """``Scope: alice **1** · bob **0**``."""
    return gettext(SCOPE_LINE).format(scope=" · ".join(
        f"{side_name(info, side)} **{n}**" for side, n in zip(view.sides, view.scope, strict=True)))


def counts_lines(info: TableInfo, view: ScopaView) -> list[str]:
    """With ``show_points``: each side's cards, Denari, primiera so far and the settebello."""
    lines = []
    for i, (side, pile) in enumerate(zip(view.sides, piles_so_far(view), strict=True)):
        value, _four = primiera(pile)
        lines.append(gettext(COUNTS_LINE).format(
            side=side_name(info, side), cards=view.pile_sizes[i], denari=view.pile_denari[i],
            primiera=f"**{value}**" if value else gettext(NO_PRIMIERA_YET),
            settebello=gettext(SETTEBELLO_MARK) if view.settebello == i else ""))
    return lines


def status_lines(info: TableInfo, view: GameView) -> list[str]:
    """The table cards, the stock, the last capture (and its scopa), the running scope, the counts with
    ``show_points``, the match score."""
    pub = own_view(view)
    f = faces(info)
    lines = [t("status.in_play", cards=cards_text(pub.table, f)) if pub.table else gettext(TABLE_EMPTY)]
    if pub.stock_size:
        lines.append(t("status.stock", n=pub.stock_size))
    cap = pub.last_capture
    if cap is not None:
        lines.append(t("status.last_capture", name=seat_label(info, cap.seat), card=card_name(cap.card, f),
                       cards=cards_text(cap.taken, f), bonuses="") + (gettext(SCOPA_MARK) if cap.scopa else ""))
    lines.append(scope_line(info, pub))
    if info.options.get("show_points") == "on":
        lines += counts_lines(info, pub)
    score = score_line(info, pub)
    if score:
        lines.append(score)
    return lines


def event_note(info: TableInfo, event: Event) -> str:
    """The table's note on a scopa (who swept the table, with which card); nothing for other events."""
    if not (isinstance(event, CaptureEvent) and event.scopa):
        return ""
    return gettext(SCOPA_NOTE).format(name=seat_label(info, event.seat), card=card_name(event.card, faces(info)))


# ----- the round's summary -----
def _winner(info: TableInfo, sides: Sequence[Sequence[int]], points: Sequence[int], tie: bool = True) -> str:
    """The side that scored the point, in bold, or nobody."""
    won = [i for i, p in enumerate(points) if p]
    if len(won) == 1:
        return f"**{side_name(info, sides[won[0]])}**"
    return gettext(NOBODY_TIE if tie else NOBODY)


def summary_lines(info: TableInfo, view: GameView) -> list[str]:
    """Each round point of the last round per side: the cards and Denari counts, the settebello, each side's
    primiera with its four cards, the scope, the napola (when played), and who took the leftovers."""
    pub = own_view(view)
    last = pub.last_result or {}
    breakdown = last.get("breakdown") or []
    counts = last.get("counts") or []
    sides = pub.sides
    if len(breakdown) != len(sides) or len(counts) != len(sides):
        return []
    f = faces(info)

    def per_side(values: Sequence[object]) -> str:
        return " · ".join(f"{side_name(info, side)} **{v}**" for side, v in zip(sides, values, strict=True))

    def won(key: str) -> list[int]:
        return [int(b.get(key, 0)) for b in breakdown]

    lines = [gettext(SUMMARY_CARDS).format(counts=per_side([c["cards"] for c in counts]),
                                           winner=_winner(info, sides, won("cards"))),
             gettext(SUMMARY_DENARI).format(counts=per_side([c["denari"] for c in counts]),
                                            winner=_winner(info, sides, won("denari"))),
             gettext(SUMMARY_SETTEBELLO).format(winner=_winner(info, sides, won("settebello"), tie=False))]
    four = last.get("primiera_cards") or [[] for _ in sides]
    prim = []
    for side, c, cards in zip(sides, counts, four, strict=True):
        if cards:
            made = cards_text([Card.parse(x) for x in cards], f)
            prim.append(f"{side_name(info, side)} **{c['primiera']}** ({made})")
        else:
            prim.append(f"{side_name(info, side)}: {gettext(NO_PRIMIERA)}")
    lines.append(gettext(SUMMARY_PRIMIERA).format(counts=" · ".join(prim),
                                                  winner=_winner(info, sides, won("primiera"))))
    lines.append(gettext(SUMMARY_SCOPE).format(counts=per_side(won("scope"))))
    if info.options.get("napola") == "on":
        lines.append(gettext(SUMMARY_NAPOLA).format(counts=per_side(won("napola"))))
    to = last.get("leftover_to")
    if isinstance(to, int) and 0 <= to < len(sides):
        lines.append(gettext(LEFTOVER).format(side=side_name(info, sides[to])))
    return lines


COMMAND = "Open a table of Scopa (2, 3 or 4 players; 4 in two teams)"
OPTION_HELP = {
    "players": "how many players (4: two teams, partners opposite)",
    "match": "one round, or play to 11, 16, 21 or 31 points",
    "napola": "a run of Denari from the ace scores its length",
    "show_points": "show each side's cards, Denari, primiera and scope during the round",
    "team_chat": "when each team's private thread opens (4 players)",
}
"""The slash command's descriptions (English; the command tree's translator translates them)."""
CHOICE_LABELS = {
    "match": {"single": "one round", "11": "to 11 points", "16": "to 16 points", "21": "to 21 points",
              "31": "to 31 points"},
}


def render(game: str, command: str, option_help: dict[str, str],
           choice_labels: dict[str, dict[str, str]]) -> GameRender:
    """The render part of Scopa or Scopone (the same controls and lines, their own command's texts)."""
    return GameRender(game, hand_items, hand_lines=hand_lines, status_lines=status_lines,
                      summary_lines=summary_lines, event_note=event_note, take_label=choice_label,
                      turn_key="review.turn",
                      cost_key="review.cost_scopa", cost_points_key="review.cost_points_scopa",
                      hint_key="hint.line_scopa", command=command, option_help=option_help,
                      choice_labels=choice_labels)


RENDER = register(render(GAME, COMMAND, OPTION_HELP, CHOICE_LABELS))
