"""What the messages say and carry, one module per message: ``lobby``, ``table`` (the public table message),
``hand`` (the ephemeral hand message), ``pictures``, ``seats``; and one module per game (``cogs.render.<game>``)
for what only that game shows, registered in ``games`` and loaded from there by the game's name.

Public messages are built from ``TableInfo`` and the *public* view only (``service.view(table_id)``); hand
messages from the seat's own view, and they only ever go out as ephemeral messages.
"""

from cogs.render.games import GameRender, for_game, load_all, render_of
from cogs.render.hand import SELECT_MAX, hand_controls, hand_text, hand_view
from cogs.render.layout import card, notice, rows, texts
from cogs.render.lobby import lobby_text, lobby_view
from cogs.render.pictures import hand_picture, summary_picture, table_picture, warm_up
from cogs.render.seats import faces, human_at, seat_infos, seat_label
from cogs.render.status import status_lines
from cogs.render.table import (
    NO_MENTIONS,
    rematch_view,
    result_lines,
    result_text,
    round_index,
    stopped_message,
    summary_message,
    table_mentions,
    table_message,
    table_text,
    table_view,
    turn_line,
)

__all__ = [
    "GameRender", "NO_MENTIONS", "SELECT_MAX", "card", "faces", "for_game", "hand_controls", "hand_picture",
    "hand_text", "hand_view", "human_at", "load_all", "lobby_text", "lobby_view", "notice", "rematch_view",
    "render_of", "result_lines", "result_text", "round_index", "rows", "seat_infos", "seat_label", "status_lines",
    "stopped_message", "summary_message", "summary_picture", "table_mentions", "table_message", "table_picture",
    "table_text", "table_view", "texts", "turn_line", "warm_up",
]

load_all()
