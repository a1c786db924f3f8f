"""Briscola's part of the messages: a button per card, and the trump exchange."""

from __future__ import annotations

import logging
from typing import cast

from bot.tables import TableInfo
from cogs import ids
from cogs.components import ActButton, Control, button
from cogs.render.games import GameRender, register
from cogs.render.hand import card_buttons
from cogs.render.seats import faces
from cogs.render.status import side_name
from cogs.texts import card_name, t
from rules.cards import Card
from rules.games.briscola.view import BriscolaView
from rules.view import GameView

log = logging.getLogger(__name__)

def own_view(view: GameView) -> BriscolaView:
    """The registry gives this module the views of its own game only (``cogs.render.games.for_game``)."""
    return cast(BriscolaView, view)


GAME = "briscola"


def briscola_items(info: TableInfo, view: BriscolaView) -> list[Control]:
    """A button per card (enabled on your turn) and the trump exchange when it is allowed."""
    legal = set(view.legal)
    items = card_buttons(info, view, legal)
    for a in view.legal:
        if a.kind == "exchange" and a.card is not None:  # (an exchange always names its card)
            items.append(button(ActButton, ids.act(info.id, info.version, a),
                                t("hand.exchange", card=card_name(a.card, faces(info))), row=1))
    return items


def hand_items(info: TableInfo, view: GameView, _page: int) -> list[Control]:
    """The controls under a Briscola hand."""
    return briscola_items(info, own_view(view))


def table_lines(info: TableInfo, pub: GameView) -> list[str]:
    """With partners (4 and 6 players): what the bars under the seats of the pictures mean, the colour of each
    team (``images.common.SIDE_COLOURS``: blue, then orange)."""
    sides = pub.sides
    if len(sides) != 2 or all(len(side) == 1 for side in sides):
        return []
    return [t("table.teams_mark", first=side_name(info, sides[0]), second=side_name(info, sides[1]))]


COMMAND = "Open a table of Briscola (2, 3, 4 or 6 players)"
OPTION_HELP = {
    "players": "how many players (4 and 6: two teams)",
    "match": "one round, or first side to 3 or 5 round wins",
    "teams": "who partners whom, by join order (4 and 6 players)",
    "open": "everyone sees every hand (practice)",
    "trump_exchange": "the 7 (or 2) of trumps may take the face-up card between tricks",
    "high_score_bonus": "91+ points score 2; all 120 win the match",
    "conquest": "A, 3 and R of trumps in hand win the round at once",
    "autoplay_last": "the bot plays the last trick itself",
    "team_chat": "when each team's private thread opens (4 and 6 players)",
    "partner_hand": "partners see each other's hands once the stock is empty (4 and 6 players)",
}
"""The slash command's descriptions (English; the command tree's translator translates them)."""
CHOICE_LABELS = {
    "match": {"single": "one round", "short": "short: first to 3", "long": "long: first to 5"},
    "teams": {"random": "random", "12-34": "4 players: 1st and 2nd to join vs 3rd and 4th",
              "13-24": "4 players: 1st and 3rd vs 2nd and 4th", "14-23": "4 players: 1st and 4th vs 2nd and 3rd",
              "135-246": "6 players: 1st, 3rd and 5th to join vs 2nd, 4th and 6th"},
}

def face_up(pub: GameView) -> Card | None:
    """The face-up briscola while it lies under the stock (``None`` once drawn)."""
    card: Card | None = own_view(pub).briscola
    return card


RENDER = register(GameRender(GAME, hand_items, table_lines, face_up=face_up, command=COMMAND,
                             option_help=OPTION_HELP, choice_labels=CHOICE_LABELS))
