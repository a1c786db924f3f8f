"""Cicera's part of the messages: every play in one step. A select offers each card that can capture with each
capture it can make, and placing it ("7 di Denari → 3 di Coppe + 4 di Spade", "7 di Denari → place it"), paged
by 25 with a More captures button; a card that can take nothing has a button that places it ("3 · 8 di Denari",
numbered as in the hand picture, like the card buttons of the other games; by its number alone in a long
hand, see ``card_label``)."""

from __future__ import annotations

import logging
from typing import cast

import discord

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, ActSelect, Control, PageButton, button, select
from cogs.render.games import GameRender, register
from cogs.render.hand import SELECT_MAX, card_buttons, card_label
from cogs.render.layout import ROW_WIDTH
from cogs.render.seats import faces, seat_label
from cogs.render.status import cards_text, score_line, side_name
from cogs.texts import card_name, t
from rules.actions import Action
from rules.cards import Card
from rules.games.cicera.view import CiceraView
from rules.view import GameView

log = logging.getLogger(__name__)

def own_view(view: GameView) -> CiceraView:
    """The registry gives this module the views of its own game only (``cogs.render.games.for_game``)."""
    return cast(CiceraView, view)


GAME = "cicera"


def capture_choices(view: CiceraView) -> tuple[list[Action], list[Card]]:
    """The select's choices (for each card that can capture, in hand order: its captures, then placing it)
    and the cards that can take nothing (placed by a button)."""
    choices: list[Action] = []
    no_capture: list[Card] = []
    for c in view.hand:
        takes = [a for a in view.legal if a.card == c and a.take]
        if takes:
            choices += [*takes, Action.play(c, ())]
        elif Action.play(c, ()) in view.legal:
            no_capture.append(c)
    return choices, no_capture


def choice_label(action: Action, f: str) -> str:
    """A select option: ``7 di Denari → 3 di Coppe + 4 di Spade``, or ``7 di Denari → place it``."""
    card = card_name(action.card, f) if action.card is not None else ""
    if not action.take:
        return t("hand.place_option", card=card)[:100]
    return t("hand.capture_option", card=card, cards=" + ".join(card_name(c, f) for c in action.take))[:100]


def cicera_items(info: TableInfo, view: CiceraView, page: int = 0) -> list[Control]:
    """The captures and placements of the mover's cards (``page`` of the select), or the hand, disabled,
    while another seat plays. Rows: the select (0), More captures (1), then a Place button per card that
    can take nothing: at most 5 rows, since such cards are at most 11 when a select is shown."""
    if not (view.to_move == view.seat and view.legal):
        return card_buttons(info, view, set())
    f = faces(info)
    v = info.version
    choices, no_capture = capture_choices(view)
    items: list[Control] = []
    row = 0
    if choices:
        pages = -(-len(choices) // SELECT_MAX)
        page = min(max(page, 0), pages - 1)
        chunk = choices[page * SELECT_MAX:(page + 1) * SELECT_MAX]
        options = [discord.SelectOption(label=choice_label(a, f), value=ids.action_code(a)) for a in chunk]
        items.append(select(ActSelect, ids.act_select(info.id, v, "take", str(page)), options,
                            t("hand.capture_placeholder"), row=row))
        row += 1
        if pages > 1:
            following = (page + 1) % pages
            items.append(button(PageButton, ids.page(info.id, v, following),
                                t("hand.capture_page", page=following + 1, pages=pages), row=row))
            row += 1
    for i, c in enumerate(no_capture):  # labelled as every game's card buttons: the picture's number, the card
        items.append(button(ActButton, ids.act(info.id, v, Action.play(c, ())), card_label(info, view, c),
                            discord.ButtonStyle.primary, row=row + i // ROW_WIDTH))
    return items


def hand_items(info: TableInfo, view: GameView, page: int) -> list[Control]:
    """The controls under a Cicera hand: the captures' select at ``page``, the place buttons."""
    return cicera_items(info, own_view(view), page)


def status_lines(info: TableInfo, view: GameView) -> list[str]:
    """Cicera: each team's bonuses and pile, the last capture, the score."""
    pub = own_view(view)
    f = faces(info)
    lines = []
    for team, side in enumerate(pub.sides):
        counts = pub.bonus_counts[team]
        detail = ", ".join(f"{n} {t('status.bonus.' + kind)}" for kind, n in counts.items() if n)
        lines.append(t("status.team", team=side_name(info, side),
                       bonus=t("status.bonus_points", n=pub.bonus_points[team]),
                       detail=f" ({detail})" if detail else "", cards=t("status.cards_taken", n=pub.pile_sizes[team])))
    if pub.table:
        lines.append(t("status.in_play", cards=cards_text(pub.table, f)))
    cap = pub.last_capture
    if cap is not None:
        bonuses = ", ".join(t("status.bonus." + b) for b in cap.bonuses)
        lines.append(t("status.last_capture", name=seat_label(info, cap.seat), card=card_name(cap.card, f),
                       cards=cards_text(cap.taken, f), bonuses=f" ({bonuses})" if bonuses else ""))
    score = score_line(info, pub)
    if score:
        lines.append(score)
    return lines


RENDER = register(GameRender(GAME, hand_items, status_lines=status_lines, take_label=choice_label,
                             turn_key="review.turn", cost_key="review.cost_cicera",
                             cost_points_key="review.cost_points_cicera", hint_key="hint.line_cicera",
                             command="Open a table of Cicera (4 players, two teams)",
                             option_help={"match": "one deal, or play to 21, 31 or 51 points",
                                          "team_chat": "when each team's private thread opens"},
                             choice_labels={"match": {"single": "one deal", "21": "to 21 points", "31": "to 31 points",
                                                      "51": "to 51 points"}}))
