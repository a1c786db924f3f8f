"""What a table tells its front ends: one ``TableEvent`` per thing that happened, in order."""

from __future__ import annotations

from dataclasses import dataclass, field

SERVICE_EVENTS = {
    "created": "a table opened its lobby: ``table`` (a ``TableInfo``)",
    "joined": "a player sat down in the lobby: ``user_id``, ``name``",
    "left": "a player left: ``user_id``, ``seat`` (``None`` in the lobby)",
    "kicked": "the host removed a player from the lobby: ``user_id``",
    "host_changed": "the host left the lobby and another player hosts it: ``host_id``",
    "ai_added": "an AI seat was added to the lobby: ``level``",
    "ai_removed": "an AI seat was removed from the lobby: ``level``",
    "cancelled": "the host closed the lobby (or every player left it)",
    "aborted": "the host or a server manager stopped the table (lobby or game in play); it is stored as "
               "aborted, unrated: ``by`` (user id), ``table`` (the ``TableInfo`` just before)",
    "started": "the game began: ``seats`` (a list of ``SeatInfo``)",
    "resumed": "the table was rebuilt from storage after a restart: ``version``",
    "action": "an action was stored and applied: ``seat``, ``action`` (text), ``entry`` (record form), "
              "``by`` (``human``, ``ai``, ``timeout``, ``auto``), ``version`` (entries stored so far)",
    "turn": "a seat must act: ``seat``, ``user_id`` (``None`` for the AI), ``ai``, ``version``, "
            "``timer`` (seconds or ``None``), ``deadline_at`` (unix time or ``None``)",
    "timer_warning": "a human's turn runs out soon: ``seat``, ``user_id``, ``seconds_left``",
    "timeout": "a turn ran out; the AI plays it: ``seat``, ``user_id``, ``count`` (in a row)",
    "seat_to_ai": "the AI takes a seat for the rest of the game: ``seat``, ``user_id``, ``reason`` "
                  "(``left`` or ``timeouts``), ``level``",
    "team_chat_open": "the teams may now talk privately (option ``team_chat``): ``sides``",
    "game_over": "the game is over and stored: ``game_id``, ``result``, ``standings`` "
                 "(per user id: ``before`` and ``after``, ``Standing`` values)",
    "storage_error": "the database refused a write; nothing changed: ``reason``, ``during``",
}
"""The service's own event kinds. The engines' events come through too, with their ``type`` as the kind
(``round_start``, ``play``, ``trick``, ``draw``, ``exchange``, ``conquest``, ``bid``, ``pass``, ``auction_won``,
``passed_out``, ``trump``, ``discard``, ``call``, ``partner_revealed``, ``deal_end``, ``round_over``,
``match_over``) and their fields as the data."""


@dataclass(frozen=True)
class TableEvent:
    """One thing that happened at a table. ``seq`` counts the table's events since the service started."""

    table_id: int
    seq: int
    kind: str
    data: dict = field(default_factory=dict)

    def __getitem__(self, key: str):
        return self.data[key]

    def get(self, key: str, default=None):
        """``data.get``."""
        return self.data.get(key, default)
