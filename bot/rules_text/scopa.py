"""The rules of Scopa, as ``/rules`` and the terminal's ``rules`` show them (``bot.rules_text``). Scopone's
(``bot.rules_text.scopone``) share every section but the deal and the table options: the shared ones are the
same texts, translated once."""

from __future__ import annotations

from bot.i18n import N_
from bot.rules_text import PRACTICE, register

A_TURN = (
    N_("A turn"),
    N_("Play a card from your hand. Capturing is compulsory:\n"
       "- if table cards have its value, it takes exactly one of them (you choose which), never a sum;\n"
       "- else, if two or more table cards add up to its value, it takes one such set (you choose which);\n"
       "- else it stays face up on the table.\n"
       "Example: a 7 on a table of 7, 3, 4 must take the 7; on a table of 3, 4, 5, 2 it takes 3 and 4, or 5 "
       "and 2. The played and captured cards go to your side's pile. Each card of your hand offers what it can "
       "take: choose one."),
)
"""How a turn goes; this and the next three sections are the same in both games."""
SCOPA_AND_END = (
    N_("Scopa and the end of a round"),
    N_("- **scopa**: 1 point, a capture that empties the table; the last card played in the round never makes "
       "one.\n"
       "When the hands and the stock are used up, the cards left on the table go to the side that captured "
       "last, with no scopa (if nobody captured, to nobody)."),
)
ROUND_POINTS = (
    N_("Round points"),
    N_("1 point each: **most cards** · **most Denari** · the **settebello** (7 di Denari) · the **primiera** · "
       "each **scopa**. A tie in cards, Denari or primiera: nobody scores it.\n"
       "- **primiera**: a side's best card of each suit, valued 7 = 21, 6 = 18, A = 16, 5 = 15, 4 = 14, 3 = 13, "
       "2 = 12, F C R = 10, added up; the higher sum scores. A side missing a suit has no primiera."),
)
MATCH_OPTIONS = (
    N_("Options"),
    N_("- **match**: `11` (the default), `16`, `21` or `31`: rounds go on until a side has that many points at "
       "the end of a round; the highest total wins; if the top totals are equal, one more round · `single`: "
       "one round, equal totals are a draw.\n"
       "- **napola**: `off` or `on`; on: a side holding the A, 2 and 3 di Denari scores the length of its "
       "unbroken run of Denari from the Asso (A-2-3 scores 3, A-2-3-4 scores 4, up to 10).\n"
       "- **show_points**: `off` or `on`; on: each side's cards, Denari and scope shown during the round."),
)
RULES = register("scopa", (
    (N_("Cards and deal"),
     N_("2, 3 or 4 players; with 4, two teams, partners sitting opposite. 40 cards: Denari, Coppe, Spade and "
        "Bastoni, Asso to 7, Fante, Cavallo, Re. Capture values: A 1, 2 to 7 their number, F 8, C 9, R 10. "
        "3 cards each and 4 face up on the table; if those 4 hold three or four R, the same dealer deals "
        "again. When every hand is empty, 3 more each from the stock, none to the table. The seat after the "
        "dealer plays first.")),
    A_TURN,
    SCOPA_AND_END,
    ROUND_POINTS,
    MATCH_OPTIONS,
    (N_("Table"),
     N_("- **faces**: `italian` or `french` card art (♦ ♥ ♠ ♣, J Q K); the rules stay the same.\n"
        "- **turn_timer**: `120` seconds, any whole number 15-600, or `off`; when it runs out an AI plays for "
        "you.\n"
        "- **team_chat** (4 players): when each team's private thread opens: `after_first_trick` (after the "
        "first turn around the table), `after_first_round` or `off`.")),
    PRACTICE,
))
