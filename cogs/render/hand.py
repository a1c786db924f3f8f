"""The hand message (ephemeral, Components V2): its text, the hand picture, and the controls each game's render
module draws under it, grouped into action rows by their ``row``."""

from __future__ import annotations

import logging

import discord
from discord.ui import LayoutView

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, Control, HintButton, button
from cogs.render import layout
from cogs.render.games import render_of
from cogs.render.pictures import HAND_FILE
from cogs.render.seats import faces, seat_label
from cogs.render.status import status_lines
from cogs.texts import card_name, game_name, t
from rules.actions import Action
from rules.ai.review import reviewable
from rules.cards import Card
from rules.view import GameView

log = logging.getLogger(__name__)

SELECT_MAX = 25
"""Options in one Discord select."""


def hand_text(info: TableInfo, view: GameView) -> str:
    """The hand message's text (ephemeral): the game's own lines for this seat, and the table as text (trump,
    stock, the trick in play, the last trick...), so that a player playing from it needs no other message."""
    lines = [t("hand.title", game=game_name(info.game), id=info.id)]
    if view.match_over:
        lines.append(t("hand.over"))
    elif view.to_move == view.seat:
        # the table message may not be edited at every turn (see ``TableMessages``): the hand shows the timer
        when = f" {t('table.deadline', when=f'<t:{int(info.deadline_at)}:R>')}" if info.deadline_at else ""
        lines.append(t("hand.your_turn") + when)
    elif view.to_move is not None:
        lines.append(t("hand.not_your_turn", name=seat_label(info, view.to_move)))
    lines += [*render_of(info.game).hand_lines(info, view), *render_of(info.game).table_lines(info, view),
              *status_lines(info, view)]
    trump = getattr(view, "trump", None)
    if trump and any(c.suit == trump for c in view.hand):  # the picture's mark of a trump, explained
        lines.append(t("hand.trump_mark"))
    return "\n".join(lines)


def card_label(info: TableInfo, view: GameView, card: Card) -> str:
    """A card's button: its number in the hand picture and its name (``2 · 3 di Denari``); in a hand longer
    than a row of buttons (Chiamata's 8, Cicera's 12) the number alone, so that the buttons take two rows on a
    phone rather than six (the names are in the picture and in its description)."""
    number = str(view.hand.index(card) + 1)
    return number if len(view.hand) > layout.ROW_WIDTH else f"{number} · {card_name(card, faces(info))}"


def picture_description(info: TableInfo, view: GameView) -> str:
    """The hand picture's description (read aloud): the numbered cards of the hand by name."""
    f = faces(info)
    return t("hand.alt", cards=", ".join(f"{i + 1} {card_name(c, f)}" for i, c in enumerate(view.hand)))[:1024]


def card_buttons(info: TableInfo, view: GameView, legal: set[Action], *, row0: int = 0) -> list[Control]:
    """A button per card of the hand (``card_label``), enabled when playing it is legal."""
    items: list[Control] = []
    for i, c in enumerate(view.hand):
        action = Action.play(c)
        items.append(button(ActButton, ids.act(info.id, info.version, action), card_label(info, view, c),
                            discord.ButtonStyle.primary if action in legal else discord.ButtonStyle.secondary,
                            disabled=action not in legal, row=row0 + i // layout.ROW_WIDTH))
    return items


def hand_controls(info: TableInfo, view: GameView, page: int = 0) -> list[Control]:
    """The controls under a hand picture (none once the match is over)."""
    if view.match_over:
        return []
    items = list(render_of(info.game).hand_items(info, view, page))
    if info.options.get("hints") == "on" and view.to_move == view.seat and len(view.legal) > 1 and reviewable(view):
        items.append(button(HintButton, ids.hint(info.id, info.version), t("hand.hint")))
    return items


def hand_view(info: TableInfo, view: GameView, page: int = 0, *, text: str | None = None,
              picture: bool = True, extra: str = "") -> LayoutView:
    """The hand message: its text (``text``, else ``hand_text``), the hand picture (``hand.png``, attached by the
    caller; ``picture=False`` for a message without one), ``extra`` under the text, and the controls: the rows
    of selects above the text (``layout.selects_first``), the buttons under the picture."""
    top, rest = layout.selects_first(layout.rows(hand_controls(info, view, page)))
    return layout.card(top, text if text is not None else hand_text(info, view), extra,
                       layout.gallery(HAND_FILE, picture_description(info, view)) if picture else None, rest)
