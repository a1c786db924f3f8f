"""The table service's events, sent on to Discord: a dispatch table from event kind to handler.

``dispatch`` is called by the service on the loop, under the table's lock: handlers never block, they note,
ask for a refresh, or start a background task.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from bot.i18n import use_language
from bot.tables import TableError, TableEvent, TableInfo
from bot.tables.events import (
    Aborted,
    Created,
    GameOver,
    SeatToAi,
    StorageErrorEvent,
    StorageGaveUp,
    TeamChatOpen,
    Timeout,
    TimerWarning,
    Turn,
)
from cogs.markup import name_text
from cogs.play.state import Presence
from cogs.render.games import for_game
from cogs.texts import t
from rules.events import Event
from rules.view import GameView

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)

Handler = Callable[["Hub", TableEvent], None]
P = TypeVar("P")


def data_of(ev: TableEvent, kind: type[P]) -> P:
    """The event's typed data as the service built it (each kind of event has its own class)."""
    data = ev.payload
    if not isinstance(data, kind):
        raise TypeError(f"a {ev.kind} event carries {type(data).__name__}, not {kind.__name__}")
    return data


def dispatch(hub: Hub, ev: TableEvent) -> None:
    """Hand ``ev`` to its handler, in the language of the table's guild (the tasks started keep it)."""
    try:
        with use_language(hub.languages.of_table(ev)):
            _handle(hub, ev)
    except TableError as e:
        log.debug("event %s of table %d: %s", ev.kind, ev.table_id, e)


def _handle(hub: Hub, ev: TableEvent) -> None:
    if ev.kind not in CLOSING:
        hub.presence(ev.table_id)  # any other event of a table keeps (or starts) its presence
    handler = HANDLERS.get(ev.kind)
    if handler is not None:
        handler(hub, ev)
    elif isinstance(ev.payload, Event):
        on_game_event(hub, ev, ev.payload)
    p = hub.presences.get(ev.table_id)
    if p is not None:
        p.notify()


def on_game_event(hub: Hub, ev: TableEvent, event: Event) -> None:
    """An engine's event with no handler here: the note its game's render gives it, if any, on the table
    message when it is next edited for the onlookers (the people at the table see the event in their hand
    messages at once; an edit of its own for each would spend the REST budget of a game with many such events)."""
    info = hub.service.get(ev.table_id)
    note = for_game(info.game).event_note
    text = note(info, event) if note is not None else ""
    if text:
        hub.tables.note(ev.table_id, text)
        hub.tables.refresh_for_onlookers(ev.table_id)


def on_cancelled(hub: Hub, ev: TableEvent) -> None:
    """A lobby closed: forget it."""
    hub.presences.pop(ev.table_id, None)
    hub.hands.drop_table(ev.table_id)
    hub.languages.forget_table(ev.table_id)


def on_lost(hub: Hub, ev: TableEvent) -> None:
    """Another process of the bot runs the table now (its shards were taken over): this one forgets it."""
    hub.presences.pop(ev.table_id, None)
    hub.hands.drop_table(ev.table_id)
    hub.languages.forget_table(ev.table_id)


def on_aborted(hub: Hub, ev: TableEvent) -> None:
    """A table was stopped: its message says so (see ``TableMessages.show_aborted``)."""
    tid = ev.table_id
    gone = hub.presences.pop(tid, None) or Presence(tid)
    hub.hands.drop_table(tid)
    hub.languages.forget_table(tid)
    table = data_of(ev, Aborted).table
    gone.channel_id = gone.channel_id or table.channel_id
    hub.spawn(hub.tables.show_aborted(gone, table), f"aborted-{tid}")


def on_created(hub: Hub, ev: TableEvent) -> None:
    """A lobby opened: remember its channel."""
    hub.presence(ev.table_id).channel_id = data_of(ev, Created).table.channel_id


def on_turn(hub: Hub, ev: TableEvent) -> None:
    """A person's turn: their hand message is refreshed when they have one that still can be; in play (cards) it
    shows the table as text and the table message follows for the onlookers now and then, else (no live hand
    message, or the auction and the call, which all must see) the table message shows the turn at once. The AI's
    turn: now and then the table message."""
    tid = ev.table_id
    turn = data_of(ev, Turn)
    user = turn.user_id
    if turn.ai or user is None:
        hub.tables.refresh_for_onlookers(tid)
        return
    hub.hands.request_refresh(tid, user)
    if hub.hands.live(tid, user) and hub.service.view(tid).phase == "play":
        hub.tables.refresh_for_onlookers(tid)
    else:  # no hand message to tell them; or an auction, a call, whose every step the table shows
        hub.tables.request_refresh(tid)


def on_timer_warning(hub: Hub, ev: TableEvent) -> None:
    """A turn runs out soon: said on the table, with a mention."""
    warning = data_of(ev, TimerWarning)
    hub.tables.note(ev.table_id, t("table.timer_warning", mention=f"<@{warning.user_id}>",
                                   seconds=int(warning.seconds_left)))
    hub.tables.request_refresh(ev.table_id)


def on_timeout(hub: Hub, ev: TableEvent) -> None:
    """A turn ran out: noted."""
    info = hub.service.get(ev.table_id)
    hub.tables.note(ev.table_id, t("table.timeout", name=name_text(info.seats[data_of(ev, Timeout).seat].name)))


def on_seat_to_ai(hub: Hub, ev: TableEvent) -> None:
    """The AI keeps a seat: noted, and that player's hand message is no longer refreshed."""
    tid = ev.table_id
    info = hub.service.get(tid)
    change = data_of(ev, SeatToAi)
    key = "table.seat_to_ai_left" if change.reason == "left" else "table.seat_to_ai_timeouts"
    hub.tables.note(tid, t(key, name=name_text(info.seats[change.seat].name)))
    hub.tables.request_refresh(tid)
    if change.user_id is not None:  # (no person had the seat: no hand message to forget)
        hub.hands.forget(tid, change.user_id)


def on_passed_out(hub: Hub, ev: TableEvent) -> None:
    """Everyone passed: noted."""
    hub.tables.note(ev.table_id, t("table.passed_out"))


def on_call(hub: Hub, ev: TableEvent) -> None:
    """A card was called: the table says which at once, and the partner learns it in their hand message (the
    other hands need no refresh)."""
    hub.tables.request_refresh(ev.table_id)
    info = hub.service.get(ev.table_id)
    for s in info.seats:
        if s.user_id is not None and s.away is None \
                and getattr(hub.service.view(ev.table_id, s.user_id), "i_am_partner", False):
            hub.hands.request_refresh(ev.table_id, s.user_id)


def on_partner_revealed(hub: Hub, ev: TableEvent) -> None:
    """The called card was played: the table shows the partnership at once."""
    hub.tables.request_refresh(ev.table_id)


def on_storage_error(hub: Hub, ev: TableEvent) -> None:
    """A save failed (one at the finish is shown by ``storage_gave_up`` if it keeps failing)."""
    error = data_of(ev, StorageErrorEvent)
    if error.during != "finish":
        hub.tables.note(ev.table_id, t("table.storage_error", reason=error.reason))


def on_storage_gave_up(hub: Hub, ev: TableEvent) -> None:
    """Saving keeps failing: said on the table."""
    gave_up = data_of(ev, StorageGaveUp)
    hub.tables.note(ev.table_id, t("table.storage_gave_up", tries=gave_up.tries, reason=gave_up.reason))
    hub.tables.request_refresh(ev.table_id)


def on_round_over(hub: Hub, ev: TableEvent) -> None:
    """A round ended: its summary, or (the match over) what the end will show."""
    if (ev.get("result") or {}).get("passed_out"):
        return  # nothing to sum up: the cards are dealt again (the passed_out note says so)
    tid = ev.table_id
    info, pub = hub.service.get(tid), hub.service.view(tid)
    if pub.match_over:
        _keep_final(hub, tid, info, pub)
    else:
        hub.spawn(hub.tables.post_round_summary(info, pub), f"summary-{tid}")


def on_match_over(hub: Hub, ev: TableEvent) -> None:
    """The match is over: keep the table as it ends, for the end shown once the game is stored."""
    _keep_final(hub, ev.table_id, hub.service.get(ev.table_id), hub.service.view(ev.table_id))


def _keep_final(hub: Hub, table_id: int, info: TableInfo, pub: GameView) -> None:
    p = hub.presence(table_id)
    p.final = (info, pub)
    seated = {s.user_id for s in info.seats if s.user_id is not None}
    p.final_hands = {user: hub.service.view(table_id, user) for user in hub.hands.users(table_id) if user in seated}
    p.team_chat = info.options.get("team_chat")


def on_team_chat_open(hub: Hub, ev: TableEvent) -> None:
    """The teams may talk: open their threads."""
    hub.spawn(hub.threads.open(ev.table_id, data_of(ev, TeamChatOpen).sides), f"threads-{ev.table_id}")


def on_game_over(hub: Hub, ev: TableEvent) -> None:
    """The game is stored: show the end."""
    p = hub.presence(ev.table_id)
    over = data_of(ev, GameOver)
    hub.spawn(hub.tables.finish(p, over.game_id, over.result, over.standings or {}), f"finish-{ev.table_id}")


CLOSING = frozenset({"cancelled", "aborted", "lost"})
"""The events after which the table is gone from Discord's side."""

HANDLERS: dict[str, Handler] = {
    "cancelled": on_cancelled,
    "aborted": on_aborted,
    "lost": on_lost,
    "created": on_created,
    "turn": on_turn,
    "timer_warning": on_timer_warning,
    "timeout": on_timeout,
    "seat_to_ai": on_seat_to_ai,
    "passed_out": on_passed_out,
    "call": on_call,
    "partner_revealed": on_partner_revealed,
    "storage_error": on_storage_error,
    "storage_gave_up": on_storage_gave_up,
    "round_over": on_round_over,
    "match_over": on_match_over,
    "team_chat_open": on_team_chat_open,
    "game_over": on_game_over,
}
"""Event kind → handler; the other kinds only keep the table's presence."""
