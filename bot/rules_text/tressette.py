"""The rules of Tressette, as ``/rules`` and the terminal's ``rules`` show them (``bot.rules_text``): what
RULES.md says of the game, the cards and the thirds, following suit, the two-player draw, the declarations
(accusi), the signals of four players and the options."""

from __future__ import annotations

from bot.i18n import N_
from bot.rules_text import PRACTICE, register

RULES = register("tressette", (
    (N_("Cards and deal"),
     N_("2 players, or 4 in two teams, partners sitting opposite. 40 cards: Denari, Coppe, Spade and Bastoni, "
        "Asso to 7, Fante, Cavallo, Re. 10 cards each. With 2 players the other 20 cards are a face-down stock. "
        "The seat after the dealer leads the first trick.")),
    (N_("Tricks"),
     N_("There are no trumps. You must follow the led suit when you can; with none of it, play any card. The "
        "trick goes to the strongest card of the led suit, from high to low: 3 2 A R C F 7 6 5 4. Its winner "
        "leads the next trick.\n"
        "With 2 players, after each trick while the stock lasts, the winner draws the top card and then the "
        "other player draws the next; both drawn cards are shown to both players. The last 10 tricks are "
        "played from hand.")),
    (N_("Points in thirds"),
     N_("- each A: 3 thirds; each 3, 2, R, C and F: 1 third; 7 6 5 4: nothing;\n"
        "- the last trick of the round: 3 thirds.\n"
        "A side scores its thirds divided by 3, rounded down: 35 thirds in a round, 11 points scored and 2 "
        "thirds lost.")),
    (N_("Declarations and signals"),
     N_("- **accusi**: `off` or `on`; on: at the start of the round each player's declarations are announced "
        "and scored for their side: a **napoletana** (A, 2 and 3 of one suit) 3 points each; a **buongioco** "
        "(three of the four 3s, of the four 2s or of the four aces) 3 points, all four of them 4 points. The "
        "cards declared are shown to every player.\n"
        "- **signals** (4 players): `on` or `off`; on: the player who leads a trick may add one signal to the "
        "card: **busso** (take this trick if you can and lead this suit back to me), **striscio** (I hold more "
        "cards of this suit), **volo** (this is my last card of this suit). Signals are public and carry no "
        "obligation; they are the only talk allowed.")),
    (N_("Options"),
     N_("- **match**: `21` (the default), `31` or `41`: rounds go on until a side has that many points at the "
        "end of a round; the highest total wins; if the top totals are equal, one more round · `single`: one "
        "round, equal totals are a draw.\n"
        "- **show_points**: `off` or `on`; on: each side's thirds shown during the round.\n"
        "- **faces**: `italian` or `french` card art (♦ ♥ ♠ ♣, J Q K); the rules stay the same.\n"
        "- **turn_timer**: `120` seconds, any whole number 15-600, or `off`; when it runs out an AI plays for "
        "you.\n"
        "- **team_chat** (4 players): when each team's private thread opens: `after_first_trick`, "
        "`after_first_round` or `off`.")),
    PRACTICE,
))
