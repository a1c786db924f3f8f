"""The short rules of each game, shown by ``/rules`` and by ``rules`` in the terminal game (English; not
translated yet). They live in ``bot`` so that both front ends read the same text."""

from __future__ import annotations

RULES: dict[str, dict[str, str]] = {
    "briscola": {
        "summary": "40 cards (39 with 3 players, 36 with 6). Three cards each; the next card is turned up and "
                   "its suit is trump. Play one card each, no need to follow suit: the highest trump wins the "
                   "trick, else the highest card of the suit led. The winner draws first and leads. Points: "
                   "A 11, 3 10, R 4, C 3, F 2; more than 60 of the 120 wins (4 and 6 players: partners sit "
                   "opposite and add their points).",
        "options": "**match** one round, or first side to 3 / 5 round wins · **teams** who partners whom by join "
                   "order · **faces** Italian or French art · **show_points** captured points shown · **open** "
                   "every hand visible (practice) · **trump_exchange** the 7 of trumps takes a face-up F, C, R, 3 "
                   "or A (the 2 takes 4-7) between tricks · **high_score_bonus** 91+ scores 2, all 120 wins the "
                   "match · **conquest** A, 3 and R of trumps in hand win at once · **autoplay_last** the last "
                   "trick plays itself · **team_chat** when team threads open · **partner_hand** partners see "
                   "each other's hands once the stock is empty · **turn_timer** seconds per turn, then the AI "
                   "plays (three in a row: it keeps the seat).",
    },
    "chiamata": {
        "summary": "5 players, 8 cards each. Auction from the seat after the dealer: bid a rank lower than the "
                   "standing one (A 3 R C F 7 6 5 4 2), then 2 with a points target; a pass is final. The "
                   "winner calls the bid rank in a suit: that suit is trump and whoever holds the card is the "
                   "secret partner until it is played (calling your own card means playing alone). The caller's "
                   "side needs 61 (or its target). Won: caller +2, partner +1, others -1; lost the reverse; "
                   "alone ±4.",
        "options": "**bidding** ranks (then points on the 2) or points 61-120 · **kitty** 7 cards each and 5 in a "
                   "kitty: the caller declares trump, takes it and discards 5 · **match** 1, 5 or 10 rounds · "
                   "**faces**, **show_points**, **turn_timer** as in Briscola. No team threads: the partnership "
                   "is secret.",
    },
    "cicera": {
        "summary": "4 players in two teams (partners opposite), 52 cards, 12 each and 4 face up. Play a card "
                   "and capture a table card of the same rank, or number cards adding up to its value, or place "
                   "it. Bonuses: scùa (table emptied), picada (taking the card just placed), simili (all one "
                   "suit), quadriglia (three or more cards). At the end: most cards 2, most swords 1, 2 of "
                   "swords, 10 of coins and Fante of cups 1 each, napula (A-2-3 of swords and more) its length.",
        "options": "**match** one deal, or play to 21, 31 or 51 · **team_chat** when team threads open · "
                   "**turn_timer** as in Briscola. Choose a card, then what it takes from the list (or Place).",
    },
}
"""The short rules of ``/rules``, per game."""
