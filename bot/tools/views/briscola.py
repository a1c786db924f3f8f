"""The terminal's Briscola lines: the trump, the face-up card and the stock, points and open hands."""

from __future__ import annotations

from bot.i18n import _
from bot.tools.views import Namer, cards_text
from rules.briscola import BriscolaView
from rules.cards import SUIT_NAMES


def lines(view: BriscolaView, name: Namer) -> list[str]:
    """What a Briscola seat sees beside the trick and its hand."""
    out = []
    face = view.briscola if view.briscola is not None else None
    trump = f"{view.trump} ({SUIT_NAMES[view.trump]})"
    out.append(_("Trump: {trump}. Face-up briscola: {card}. Cards in the stock: {n}.").format(
        trump=trump, card=face if face is not None else _("drawn"), n=view.stock_count))
    if view.points is not None:
        out.append(_("Points per side: {points}").format(points=list(view.points)))
    for s, hand in sorted(view.visible_hands.items()):
        out.append(_("{name} holds: {cards}").format(name=name(s), cards=cards_text(hand)))
    return out
