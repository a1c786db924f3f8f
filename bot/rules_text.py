"""The rules of each game, shown by ``/rules`` and by ``rules`` in the terminal game. They live in ``bot`` so
that both front ends read the same text.

Each section is a heading and a paragraph, English source strings marked with ``N_`` for Babel extraction and
translated when shown (``rules_text(game, gettext)``). A paragraph is one string for translators: no format
fields, at most 700 characters; one game's text stays under 3,000 characters so that a translation fits one
Discord message.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.i18n import N_

PRACTICE = (N_("Practice"),
            N_("- **hints**: `off` or `on`; on: a Hint button on your hand shows the AI's choice and why. Not rated."))
"""The section every game ends with: the practice option, the same for all."""

RULES: dict[str, tuple[tuple[str, str], ...]] = {
    "briscola": (
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
    ),
    "chiamata": (
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
    ),
    "cicera": (
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
    ),
}
"""Per game, its sections: (heading, text), in reading order."""


def rules_text(game: str, translate: Callable[[str], str] = lambda s: s) -> list[tuple[str, str]]:
    """The sections of ``game``'s rules, heading and text each passed through ``translate`` (the front ends
    pass ``bot.i18n.gettext``)."""
    return [(translate(heading), translate(text)) for heading, text in RULES[game]]
