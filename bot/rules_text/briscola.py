"""The rules of Briscola, as ``/rules`` and the terminal's ``rules`` show them (``bot.rules_text``)."""

from __future__ import annotations

from bot.i18n import N_
from bot.rules_text import PRACTICE, register

RULES = register("briscola", (
    (N_("Cards and points"),
     N_("40 cards in four suits, Denari, Coppe, Spade and Bastoni, from Asso to Re (no 8, 9 or 10). With 3 "
        "players the 2 di Coppe is left out (39 cards), with 6 players all four 2s (36 cards). Order, high to "
        "low: A 3 R C F 7 6 5 4 2 (A Asso, R Re, C Cavallo, F Fante). Points: A 11, 3 10, R 4, C 3, F 2, "
        "the others 0: 120 in all.")),
    (N_("Deal and tricks"),
     N_("Three cards each. The next card is turned face up: the briscola; its suit is trump and it is the "
        "last card drawn from the stock. The seat after the dealer leads. Each player plays one card in "
        "turn, with no need to follow suit or to trump: the highest trump wins the trick, else the highest "
        "card of the suit led. While the stock lasts the winner draws first, then the others in turn; the "
        "winner leads the next trick, until every hand is empty.")),
    (N_("Who wins"),
     N_("2 players: more than 60 of the 120 points wins the round; 60-60 is a draw. 3 players: each plays "
        "alone and the highest total wins (a tie at the top is a draw). 4 and 6 players: partners sit "
        "opposite (1st and 3rd against 2nd and 4th; 1st, 3rd, 5th against 2nd, 4th, 6th) and add their "
        "points; more than 60 wins. A round won is 1 game point.")),
    (N_("Options: match and table"),
     N_("Values, default first.\n"
        "- **match**: `single` one round · `short` first side to 3 game points · `long` first to 5.\n"
        "- **teams** (4 and 6 players): who partners whom, by join order: `random`; with 4 `12-34`, "
        "`13-24` or `14-23` (`12-34`: 1st and 2nd to join against 3rd and 4th); with 6 `135-246`.\n"
        "- **faces**: `italian` or `french` card art (♦ ♥ ♠ ♣, J Q K); the rules stay the same.\n"
        "- **show_points**: `off` or `on`; on: each side's captured points shown during the round.\n"
        "- **open**: `off` or `on`; on: every hand and the next stock card visible (practice).")),
    (N_("Options: special rules"),
     N_("- **trump_exchange**: `off` or `on`; on: between tricks, while the stock has a face-down card, the winner "
        "of the last trick may, before leading, swap the 7 of trumps for the face-up briscola if it is F, C, "
        "R, 3 or A, or the 2 of trumps if it is 4 to 7. Once between two tricks, never before the first.\n"
        "- **high_score_bonus**: `off` or `on`; on: a round won with 91 or more scores 2 game points; all 120 wins "
        "the match at once.\n"
        "- **conquest**: `off` or `on`; on: Asso, 3 and Re of trumps in one hand (after the deal or a draw) win "
        "the round at once.\n"
        "- **autoplay_last**: `on` or `off`; on: the last trick plays itself.")),
    (N_("Options: teams and time"),
     N_("- **team_chat** (4 and 6 players): when each team's private thread opens: `after_first_trick`, "
        "`after_first_round` or `off`. Talk, but never name exact cards.\n"
        "- **partner_hand** (4 and 6 players): `on` or `off`; on: once the stock is empty, partners see each "
        "other's hands.\n"
        "- **turn_timer**: `120` seconds, any whole number 15-600, or `off`; when it runs out an AI plays "
        "for that seat; after three in a row the AI keeps the seat.")),
    PRACTICE,
))
