"""Seats as the messages and pictures name them: labels, who plays a seat now, the table's card faces."""

from __future__ import annotations

import logging

from bot.tables import TableInfo
from cogs.markup import name_text
from cogs.texts import t
from images.common import SeatInfo

log = logging.getLogger(__name__)


def seat_infos(info: TableInfo) -> list[SeatInfo]:
    """The seats as the pictures show them, by the names the text uses (``AI 3``: AI seats told apart by their
    number; an AI playing for a user who left shows as an AI)."""
    return [SeatInfo(picture_label(info, i), s.ai or (info.level if s.away else None))
            for i, s in enumerate(info.seats)]


def seat_label(info: TableInfo, seat: int) -> str:
    """A seat's display name as message text shows it (its markdown made inert by ``name_text``), the name the
    pictures draw too (``picture_label``): AI players by their seat number (``AI 3``; short enough for a
    picture's narrowest place, the level is said in the lobby)."""
    s = info.seats[seat]
    if s.ai is not None:
        return t("seat.ai", n=seat + 1)
    if s.away:
        return t("seat.away", name=name_text(s.name))
    return name_text(s.name)


def picture_label(info: TableInfo, seat: int) -> str:
    """A seat's name as the pictures draw it: ``seat_label`` without the markdown escapes of ``name_text``
    (message text is markdown, a picture shows a name as it is)."""
    s = info.seats[seat]
    if s.ai is not None:
        return seat_label(info, seat)
    return t("seat.away", name=s.name) if s.away else s.name


def human_at(info: TableInfo, seat: int) -> int | None:
    """The user playing ``seat`` now, ``None`` when the AI does."""
    s = info.seats[seat]
    return s.user_id if s.user_id is not None and s.ai is None and s.away is None else None


def faces(info: TableInfo) -> str:
    """The table's card faces."""
    return "french" if info.options.get("faces") == "french" else "italian"
