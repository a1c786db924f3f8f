"""The state of a table as text, from the public view only: the trump, the stock, the points (``show_points``),
the last trick, the match score; a game with lines of its own (Cicera's bonuses and piles) gives them in its
render. The pictures show the cards; what a player
reads is here, where it can be read on a phone, translated and read aloud.

Trick games share one set of lines (asked through the game spec: ``has_tricks``, ``has_trumps``); a game with
lines of its own registers them as its render's ``status_lines`` (``cogs.render.games``).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from bot.tables import TableInfo
from cogs.render.games import for_game
from cogs.render.seats import faces, seat_label
from cogs.texts import card_name, suit_name, t
from rules import games
from rules.cards import Card
from rules.view import GameView

log = logging.getLogger(__name__)


def cards_text(cards: Sequence[Card], f: str) -> str:
    """Cards as text: ``Asso di Coppe, 3 di Spade``."""
    return ", ".join(card_name(c, f) for c in cards)


def side_name(info: TableInfo, side: Sequence[int]) -> str:
    """A side as text: its seats' names (``alice & AI 3 (easy)``)."""
    return " & ".join(seat_label(info, s) for s in side)


def trump_line(info: TableInfo, pub: GameView) -> str:
    """The trump suit, with the face-up briscola while it lies under the stock (once drawn: who drew it, not the
    card, which may still be in that hand)."""
    f = faces(info)
    trump = getattr(pub, "trump", None)
    if not trump:
        return ""
    face_up = for_game(info.game).face_up
    card = face_up(pub) if face_up is not None else None
    if card is not None:
        return t("status.trump_face_up", suit=suit_name(trump, f), card=card_name(card, f))
    drawer = getattr(pub, "face_up_drawn_by", None)
    if drawer is not None:
        return t("status.trump_drawn", suit=suit_name(trump, f), name=seat_label(info, drawer))
    return t("status.trump", suit=suit_name(trump, f))


def stock_line(pub: GameView) -> str:
    """The face-down cards left in the stock (games with a stock)."""
    count = getattr(pub, "stock_count", None)
    if count is None:
        return ""
    return t("status.stock", n=count) if count else t("status.stock_empty")


def points_line(info: TableInfo, pub: GameView) -> str:
    """The card points taken this round, when the table shows them (per side, or per seat when the sides are
    secret)."""
    points = getattr(pub, "points", None)
    if points is None:
        return ""
    sides = pub.sides
    if len(points) == len(sides) and len(sides) < pub.players:
        parts = [f"{side_name(info, side)} **{p}**" for side, p in zip(sides, points, strict=True)]
    else:
        parts = [f"{seat_label(info, s)} **{p}**" for s, p in enumerate(points)]
    return t("status.points", points=" · ".join(parts))


def last_trick_line(info: TableInfo, pub: GameView) -> str:
    """The last trick taken: who took it, the cards in the order played, its points."""
    tricks = getattr(pub, "tricks", None) or ()
    if not tricks:
        return ""
    _leader, played, winner = tricks[-1]
    cards = [c for _s, c in played]
    return t("status.last_trick", name=seat_label(info, winner), cards=cards_text(cards, faces(info)),
             points=t("points_n", n=sum(c.points for c in cards)))


def score_line(info: TableInfo, pub: GameView) -> str:
    """The match score (game points per side) in a match of several rounds."""
    if info.options.get("match", "single") == "single" or not pub.totals:
        return ""
    parts = [f"{side_name(info, side)} **{total}**" for side, total in zip(pub.sides, pub.side_totals, strict=True)]
    return t("status.score", score=" · ".join(parts))


def in_play_line(info: TableInfo, pub: GameView) -> str:
    """The cards of the trick in play, in the order played, with who played each."""
    trick = getattr(pub, "trick", None) or ()
    if not trick:
        return ""
    f = faces(info)
    return t("status.in_play", cards=" · ".join(f"{seat_label(info, s)}: **{card_name(c, f)}**" for s, c in trick))


def trick_lines(info: TableInfo, pub: GameView) -> list[str]:
    """The lines of a trick game: trump, stock, points, the trick in play, the last trick, score."""
    spec = games.spec(info.game)
    lines = [trump_line(info, pub) if spec.has_trumps else "", stock_line(pub), points_line(info, pub)]
    if spec.has_tricks:
        lines += [in_play_line(info, pub), last_trick_line(info, pub)]
    lines.append(score_line(info, pub))
    return [x for x in lines if x]


def status_lines(info: TableInfo, pub: GameView) -> list[str]:
    """The state of the table as lines of text, from the public view."""
    own = for_game(info.game).status_lines
    return own(info, pub) if own is not None else trick_lines(info, pub)
