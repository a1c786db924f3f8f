"""The terminal's Chiamata lines: the phase, the auction, the caller and the call, the partner, the kitty."""

from __future__ import annotations

from bot.i18n import _
from bot.tools.views import Namer, cards_text
from rules.chiamata import ChiamataView


def lines(view: ChiamataView, name: Namer) -> list[str]:
    """What a Chiamata seat sees beside the trick and its hand."""
    out = [_("Phase: {phase}.").format(phase=view.phase)]
    if view.auction:
        bids = ", ".join(f"{name(s)} {b if b is not None else _('pass')}" for s, b in view.auction)
        out.append(_("Auction: {bids}").format(bids=bids))
    if view.caller is not None:
        out.append(_("Caller: {caller}, target {target}; trump {trump}; called card {card}.").format(
            caller=name(view.caller), target=view.target, trump=view.trump or "-", card=view.called or "-"))
    if view.partner is not None:
        out.append(_("Partner: {name}.").format(name=name(view.partner)))
    elif view.i_am_partner:
        out.append(_("You hold the called card: you are the caller's secret partner."))
    if view.kitty:
        out.append(_("Kitty: {cards}").format(cards=cards_text(view.kitty)))
    return out
