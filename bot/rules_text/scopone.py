"""The rules of Scopone, as ``/rules`` and the terminal's ``rules`` show them (``bot.rules_text``): its deal and
its table options; a turn, the scopa, the round points and the match are Scopa's texts
(``bot.rules_text.scopa``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.rules_text import PRACTICE, register
from bot.rules_text.scopa import A_TURN, MATCH_OPTIONS, ROUND_POINTS, SCOPA_AND_END

RULES = register("scopone", (
    (N_("Cards and deal"),
     N_("4 players in two teams, partners sitting opposite. 40 cards: Denari, Coppe, Spade and Bastoni, Asso "
        "to 7, Fante, Cavallo, Re. Capture values: A 1, 2 to 7 their number, F 8, C 9, R 10. The seat after the "
        "dealer plays first. There is no stock: the whole deck is dealt at once.\n"
        "- **deal**: `scientifico` (the default): 10 cards each, none on the table · `tradizionale`: 9 cards "
        "each and 4 face up on the table; if those 4 hold three or four R, the same dealer deals again.")),
    A_TURN,
    SCOPA_AND_END,
    ROUND_POINTS,
    MATCH_OPTIONS,
    (N_("Table"),
     N_("- **faces**: `italian` or `french` card art (♦ ♥ ♠ ♣, J Q K); the rules stay the same.\n"
        "- **turn_timer**: `120` seconds, any whole number 15-600, or `off`; when it runs out an AI plays for "
        "you.\n"
        "- **team_chat**: when each team's private thread opens: `after_first_trick` (after the first turn "
        "around the table), `after_first_round` or `off`.")),
    PRACTICE,
))
