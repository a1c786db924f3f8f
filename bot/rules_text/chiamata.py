"""The rules of Briscola Chiamata, as ``/rules`` and the terminal's ``rules`` show them (``bot.rules_text``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.rules_text import PRACTICE, register

RULES = register("chiamata", (
    (N_("Cards and deal"),
     N_("5 players, 40 cards, 8 each: no stock, no face-up card. Order and points as in Briscola: "
        "A 3 R C F 7 6 5 4 2; A 11, 3 10, R 4, C 3, F 2, the others 0, 120 in all.")),
    (N_("Auction"),
     N_("From the seat after the dealer, in turn. A pass is final; the auction ends when four have passed "
        "and the fifth has bid. If all five pass, the next dealer deals again (that round scores nothing "
        "and does not count toward the match).\n"
        "- **bidding**: `rank`, bid a rank lower than the standing one in the order A 3 R C F 7 6 5 4 2, "
        "meaning \"my side takes at least 61\". Once the bid is 2, bid 2 with a points target higher than "
        "the standing one (62-120).\n"
        "- **bidding**: `points`, bid a target of 61-120, higher than the standing one.")),
    (N_("The call"),
     N_("The winner of the auction, the caller, calls a card: with `rank` the bid rank in a suit of their "
        "choice, with `points` any card. Its suit is trump. Whoever holds it is the secret partner: only "
        "they know, until the card is played. Calling a card of your own hand means playing alone, 1 "
        "against 4.")),
    (N_("Kitty"),
     N_("- **kitty**: `off` or `on`; on: 7 cards each and 5 face down in a kitty. After the auction the caller "
        "declares trump, takes the kitty and discards 5 cards face down (their points count for the "
        "caller's side), then calls a card of the trump suit. If it lies in the discard or in the caller's "
        "hand, the caller plays alone.")),
    (N_("Play and scoring"),
     N_("The seat after the dealer leads; tricks as in Briscola. The caller's side (caller and partner) "
        "wins with at least 61 points, or its target. Won: caller +2, partner +1, the other three -1 each. "
        "Lost: the reverse, caller -2, partner -1, the others +1 each. Alone: won +4 and the others -1 "
        "each; lost -4 and the others +1 each.")),
    (N_("Match and other options"),
     N_("- **match**: `single`, one round, won by its winning side (caller and partner, or the caller "
        "alone, else the other players) · `short` 5 rounds · `long` 10 rounds: each player keeps their own "
        "total of game points; the highest total wins, a tie at the top is shared. Passed-out rounds are "
        "dealt again. In the ratings a partner who won a round gains like the caller.\n"
        "- **faces**: `italian` or `french`, **show_points**: `off` or `on`, **turn_timer**: `120`, 15-600 "
        "seconds or `off`: as in Briscola. No team threads: the partnership is secret.")),
    PRACTICE,
))
