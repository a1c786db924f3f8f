"""The loggers that write payloads at DEBUG (aiosqlite, discord.py's REST, webhook and gateway logs) never
reach the app's log below INFO, whatever the level: a payload would show a hand that is still hidden.

discord.py's own code runs here (its REST client, webhook adapter and gateway reader) against a fake
connection, so the test follows the lines discord.py really writes."""

from __future__ import annotations

import asyncio
import json
import logging

import aiosqlite
import discord
from discord.gateway import DiscordWebSocket
from discord.http import HTTPClient, handle_message_parameters
from discord.webhook.async_ import AsyncWebhookAdapter, interaction_message_response_params

import bot.logging_setup as logging_setup

HAND = ("tv:act:7:12:play_Ad", "tv:act:7:12:play_3c", "tv:act:7:12:play_Rb")
INTERACTION_TOKEN = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDp0b2tlbi1vZi1hLWhhbmQ"
SEED = 3_141_592_653_589_793_238


def hand_view() -> discord.ui.View:
    """A hand message's controls: a button per card."""
    view = discord.ui.View(timeout=None)
    for custom_id in HAND:
        view.add_item(discord.ui.Button(label=custom_id[-2:], custom_id=custom_id))
    return view


class FakeResponse:
    """What aiohttp returns: status 200 and a JSON body echoing the request."""

    def __init__(self, body: str) -> None:
        self.status = 200
        self.headers = {"content-type": "application/json"}
        self.body = body

    async def text(self, encoding: str = "utf-8") -> str:  # noqa: ARG002 - aiohttp's signature
        return self.body

    async def __aenter__(self) -> FakeResponse:
        return self

    async def __aexit__(self, *exc) -> None:
        return None


class FakeSession:
    """An aiohttp session that answers every request with its own payload."""

    def __init__(self) -> None:
        self.urls: list[str] = []

    def request(self, method: str, url: str, **kwargs) -> FakeResponse:  # noqa: ARG002 - aiohttp's signature
        self.urls.append(url)
        data = kwargs.get("data")
        return FakeResponse(data if isinstance(data, str) else json.dumps({"id": "1"}))


def assert_no_payload(text: str) -> None:
    for custom_id in HAND:
        assert custom_id not in text, f"a hand's button {custom_id} is in the log:\n{text}"
    assert "play_" not in text
    assert INTERACTION_TOKEN not in text, "an interaction token (it reads the ephemeral hand) is in the log"


async def test_discord_rest_calls_at_debug_log_no_payload(debug_log):
    http = HTTPClient(asyncio.get_running_loop())
    session = FakeSession()
    http._HTTPClient__session = session  # type: ignore[attr-defined]
    http._global_over = asyncio.Event()  # as static_login (the login) leaves them
    http._global_over.set()
    await http.send_message(123, params=handle_message_parameters(content="your hand", view=hand_view()))
    assert session.urls, "discord.py did not make the request"
    logging.getLogger("discord.http").info("an INFO line of discord.http")
    text = debug_log.getvalue()
    assert_no_payload(text)
    assert "an INFO line of discord.http" in text  # only what is below INFO is held back


async def test_interaction_responses_at_debug_log_no_token(debug_log):
    session = FakeSession()
    params = interaction_message_response_params(type=4, content="your hand", view=hand_view(),
                                                  flags=discord.MessageFlags(ephemeral=True))
    await AsyncWebhookAdapter().create_interaction_response(4242, INTERACTION_TOKEN, session=session,
                                                            params=params)
    assert session.urls and INTERACTION_TOKEN in session.urls[0]
    assert_no_payload(debug_log.getvalue())


async def test_gateway_events_at_debug_log_no_payload(debug_log):
    ws = DiscordWebSocket.__new__(DiscordWebSocket)
    ws.log_receive = lambda _msg: None
    ws._dispatch = lambda *_args: None
    ws.shard_id, ws._keep_alive, ws.sequence = None, None, None
    ws._discord_parsers, ws._dispatch_listeners = {}, []
    clicked = {"id": "99", "flags": 64, "content": "your hand",
               "components": [{"type": 1, "components": [{"type": 2, "custom_id": c, "label": c[-2:], "style": 2}
                                                         for c in HAND]}]}
    event = {"op": 0, "s": 5, "t": "INTERACTION_CREATE",
             "d": {"id": "4242", "type": 3, "token": INTERACTION_TOKEN, "message": clicked,
                   "data": {"custom_id": HAND[0], "component_type": 2}}}
    await ws.received_message(json.dumps(event))
    assert_no_payload(debug_log.getvalue())


async def test_sql_at_debug_logs_no_parameters(debug_log, tmp_path):
    async with aiosqlite.connect(tmp_path / "x.sqlite3") as db:
        await db.execute("CREATE TABLE live_tables (id INTEGER, seed INTEGER)")
        await db.execute("INSERT INTO live_tables VALUES (?, ?)", (1, SEED))
    assert str(SEED) not in debug_log.getvalue()


def test_a_payload_logger_set_to_debug_later_is_still_held_back(debug_log):
    for name in logging_setup.PAYLOAD_LOGGERS:
        logger = logging.getLogger(f"{name}.child")
        logger.setLevel(logging.DEBUG)
        logging.getLogger(name).setLevel(logging.DEBUG)
        logger.debug("payload of %s: %s", name, HAND[0])
        logger.info("an INFO line of %s", name)
    logging.getLogger("bot.tables").debug("the app's own DEBUG line")
    text = debug_log.getvalue()
    assert HAND[0] not in text
    assert all(f"an INFO line of {name}" in text for name in logging_setup.PAYLOAD_LOGGERS)
    assert "the app's own DEBUG line" in text


def test_the_level_given_above_info_still_applies_to_the_payload_loggers(debug_log):
    logging_setup.setup_logging("WARNING")
    try:
        logging.getLogger("discord.http").info("an INFO line at WARNING")
        assert "an INFO line at WARNING" not in debug_log.getvalue()
    finally:
        logging_setup.setup_logging("DEBUG")
