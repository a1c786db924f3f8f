"""The terminal's Cicera lines: the cards on the table, the piles and the bonuses."""

from __future__ import annotations

from bot.i18n import _
from bot.tools.views import Namer, cards_text
from rules.cicera import CiceraView


def lines(view: CiceraView, name: Namer) -> list[str]:  # noqa: ARG001 - every game's lines take the namer
    """What a Cicera seat sees beside its hand."""
    team = view.team or 0
    return [
        _("Table: {cards}").format(cards=cards_text(view.table)),
        _("Piles: your team {a} cards, the other {b}; bonuses {bonus}.").format(
            a=view.pile_sizes[team], b=view.pile_sizes[1 - team], bonus=list(view.bonus_points)),
    ]
