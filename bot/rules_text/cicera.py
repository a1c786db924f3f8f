"""The rules of Cicera, as ``/rules`` and the terminal's ``rules`` show them (``bot.rules_text``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.rules_text import PRACTICE, register

RULES = register("cicera", (
    (N_("Cards and deal"),
     N_("4 players in two teams, partners sitting opposite. 52 cards: Denari, Coppe, Spade and Bastoni, "
        "Asso to 10, Fante, Cavallo, Re. Numbers count their value (Asso 1, 2 to 10); the courts F, C and "
        "R have no value. 12 cards each and 4 face up on the table; the seat after the dealer plays "
        "first.")),
    (N_("A turn"),
     N_("Play a card from your hand, then capture with it or place it on the table.\n"
        "- By rank: one table card of the same rank (numbers or courts).\n"
        "- By sum: two or more number cards adding up to its value; courts never join a sum.\n"
        "When several captures are possible you choose; capturing is never compulsory, you may always "
        "place the card. Example: a 7 on a table of 7, 3, 4 takes the 7, or 3 and 4, or is placed. The "
        "played and captured cards go to your team's pile. Choose a card, then what it takes from the list "
        "(or Place).")),
    (N_("Capture bonuses"),
     N_("1 point each; one capture can score several.\n"
        "- **scùa**: 1, the capture empties the table.\n"
        "- **picada**: 1, the player before you placed a card without capturing, and you take exactly that "
        "card, by rank.\n"
        "- **simili**: 1, the played card and every captured card share one suit.\n"
        "- **quadriglia**: 1, you take three or more table cards.\n"
        "The last play of the deal scores its bonuses too. The cards left on the table at the end go to "
        "the team that captured last, with no bonus (if nobody captured, to nobody).")),
    (N_("End awards"),
     N_("- **most cards**: 2 · **most swords** (Spade): 1; a tie in either: nobody scores it.\n"
        "- **La Mata** (the 2 di Spade): 1 · **10 di Denari**: 1 · **Fante di Coppe**: 1.\n"
        "- **napula**: a team holding Asso, 2 and 3 di Spade scores the length of its unbroken run of "
        "Spade from the Asso: A-2-3 scores 3, A-2-3-4 scores 4, up to 10.\n"
        "The team with more points wins; equal totals are a draw.")),
    (N_("Options"),
     N_("- **match**: `single`, one deal · `21`, `31` or `51`: deals go on until a team has that many "
        "points at the end of a deal; if both have, the higher total wins; if equal, one more deal.\n"
        "- **team_chat**: `after_first_trick`, `after_first_round` or `off`; when each team's private "
        "thread opens, as in Briscola.\n"
        "- **turn_timer**: `120` seconds, 15-600 or `off`, as in Briscola.")),
    PRACTICE,
))
