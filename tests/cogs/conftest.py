"""SimCord fixtures for the Discord front end: the real bot on a real SQLite file in ``tmp_path``.

SimCord never calls ``bot.start`` (which opens the database in production), so the fixture opens the
``Store`` itself, outside the bot's tasks, and hands it to ``create_bot``; ``restart`` does the same for the
new process after a restart. Tests use the fast ``easy`` AI.
"""

from __future__ import annotations

from pathlib import Path

import discord
import pytest

from bot.app import create_bot
from bot.config import Settings
from bot.shards import Shards
from bot.storage import Store

SERVICE_OPTIONS = {"ai_time_ms": 20, "review_time_ms": 20, "hint_time_ms": 20}


SETTLE_TIMEOUT = 12.0
"""Seconds a step may take to settle on a loaded machine (the first picture loads the fonts). It must stay
under the shortest turn timer (15 s): SimCord waits in real time for a timer that falls before this deadline."""


def pytest_collection_modifyitems(items):
    """Give the bot time to settle on a loaded machine."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.simcord(settle_timeout=SETTLE_TIMEOUT))


@pytest.fixture
def settings(tmp_path) -> Settings:
    """Settings with a database file in ``tmp_path``."""
    return Settings(_env_file=None, discord_token="not-used", database=tmp_path / "tavolo.sqlite3")


class Bots:
    """The bots started in a test (one more after each restart); their services are closed at the end."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.made: list = []

    async def make(self):
        store = await Store(self.settings.database).open()
        bot = create_bot(self.settings, store=store, service_options=SERVICE_OPTIONS, shards=Shards())
        self.made.append(bot)
        return bot

    async def restart(self, env):
        """The bot process stops (its service closes) and a new one starts on the same database: the new bot."""
        await env.settle()
        await env.bot.service.close()
        bot = await self.make()
        await env.restart_bot(bot)
        return bot

    async def close(self) -> None:
        for bot in self.made:
            if bot.service is not None:
                await bot.service.close()
            elif bot.store is not None:
                await bot.store.close()
            hub = getattr(bot, "hub", None)
            if hub is not None:
                hub.executor.shutdown(wait=False)


@pytest.fixture
async def bots(settings):
    """Makes the bots of a test and closes them at the end."""
    made = Bots(settings)
    yield made
    await made.close()


@pytest.fixture
async def simcord_bot(bots):
    """The bot SimCord runs."""
    return await bots.make()


class UI:
    """Reading what a member sees, and acting on it."""

    def __init__(self, env) -> None:
        self.env = env

    def room(self):
        """A new guild with a #tavolo text channel: (guild, channel)."""
        guild = self.env.create_guild()
        return guild, guild.create_text_channel("tavolo")

    def members(self, guild, *names: str) -> tuple:
        """New members of ``guild`` with these names, in order."""
        return tuple(guild.add_member(self.env.create_user(name)) for name in names)

    def manager(self, guild, name: str = "boss"):
        """A new member of ``guild`` with the Manage Server permission."""
        role = guild.create_role(name, permissions=discord.Permissions(manage_guild=True))
        return guild.add_member(self.env.create_user(name), roles=[role])

    @staticmethod
    def public(channel) -> list:
        """The messages everyone sees, oldest first."""
        return [m for m in channel.history() if not m.flags.ephemeral]

    @staticmethod
    def walk(components) -> list:
        """Every component of a message, depth first (action rows, and Components V2 containers and sections
        with what they hold, including a section's accessory)."""
        out: list = []
        for c in components:
            out.append(c)
            out.extend(UI.walk(getattr(c, "children", ()) or ()))
            accessory = getattr(c, "accessory", None)
            if accessory is not None:
                out.extend(UI.walk([accessory]))
        return out

    @staticmethod
    def text(message) -> str:
        """Everything a message says: its content and the text of its Components V2 text displays, in order
        (a ``discord.Message``, or SimCord's ``ResponseMessage`` whose components are raw dicts)."""
        if message is None:
            return ""
        parts = [message.content or ""]
        for c in UI.walk(message.components):
            if isinstance(c, dict):
                parts.extend(UI.text_of_payload([c]))
            elif getattr(c, "type", None) is not None and c.type.value == 10:
                parts.append(c.content)
        return "\n".join(p for p in parts if p)

    @staticmethod
    def text_of_payload(payload) -> list[str]:
        """The texts of the text displays in a raw component payload, depth first."""
        out: list[str] = []
        stack = list(reversed(payload))
        while stack:
            c = stack.pop()
            if c.get("type") == 10:
                out.append(c.get("content", ""))
            nested = [*c.get("components", ()), *([c["accessory"]] if "accessory" in c else [])]
            stack.extend(reversed(nested))
        return out

    @staticmethod
    def galleries(message) -> list[str]:
        """The file names of the pictures a V2 message shows in its media galleries."""
        out = []
        for c in UI.walk(message.components):
            if getattr(c, "type", None) is not None and c.type.value == 12:
                out.extend(item.media.url.rsplit("/", 1)[-1] for item in c.items)
        return out

    @staticmethod
    def buttons(message) -> list:
        """The buttons of a message, in order."""
        return [c for c in UI.walk(message.components) if c.type.value == 2]

    @staticmethod
    def selects(message) -> list:
        """The selects of a message, in order."""
        return [c for c in UI.walk(message.components) if c.type.value == 3]

    @staticmethod
    def custom_ids(payload) -> list[str]:
        """Every custom id in a raw component payload (a list of dicts, V1 or V2), depth first."""
        out: list[str] = []
        stack = list(reversed(payload))
        while stack:
            c = stack.pop()
            if "custom_id" in c:
                out.append(c["custom_id"])
            nested = [*c.get("components", ()), *([c["accessory"]] if "accessory" in c else [])]
            stack.extend(reversed(nested))
        return out

    @staticmethod
    def table_id_of(lobby) -> int:
        """The table id a lobby (or table) message's buttons carry: ``tv:lobby:ID:...`` or ``tv:hand:ID``."""
        return int(next(i for i in UI.custom_ids(lobby.components)
                        if i.startswith(("tv:lobby:", "tv:hand:"))).split(":")[2])

    @staticmethod
    def message(channel, message_id: int, viewer=None):
        """A message as it is now (``viewer`` for an ephemeral one)."""
        for m in channel.history(viewer=viewer):
            if m.id == message_id:
                return m
        raise LookupError(message_id)

    def table_message(self, channel, table_id: int):
        """The public message carrying a table's My hand button (or its lobby buttons)."""
        for m in reversed(self.public(channel)):
            for b in self.buttons(m):
                if b.custom_id in (f"tv:hand:{table_id}", f"tv:lobby:{table_id}:join"):
                    return m
        raise LookupError(table_id)

    def enabled_actions(self, message) -> list:
        """The enabled action buttons of a hand message."""
        return [b for b in self.buttons(message) if not b.disabled and b.custom_id.startswith("tv:act:")]

    async def open_table(self, host, channel, command: str, joiners=(), **options):
        """``/command`` by ``host``, the others join, the host starts; the table id."""
        lobby = (await host.slash(channel, command, **options)).response
        table_id = self.table_id_of(lobby)
        for member in joiners:
            await member.click(lobby, custom_id=f"tv:lobby:{table_id}:join")
        started = await host.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
        assert started.acknowledged and not started.followups
        return table_id

    async def my_hand(self, member, channel, table_id: int):
        """Press My hand; the ephemeral hand message."""
        result = await member.click(self.table_message(channel, table_id), custom_id=f"tv:hand:{table_id}")
        assert result.ephemeral, "a hand is only ever shown to its owner"
        return result.response.message

    async def play_to_the_end(self, member, channel) -> int:
        """``member`` plays a 2-player Briscola against the easy AI to the end (the first enabled card each
        turn); the stored game's id."""
        table_id = await self.open_table(member, channel, "briscola", players=2, level="easy")
        hand = await self.my_hand(member, channel, table_id)
        while self.live(table_id):
            message = self.message(channel, hand.id, viewer=member)
            await member.click(message, custom_id=self.enabled_actions(message)[0].custom_id)
        await self.env.settle()
        games = await self.service().store.games_of(channel.guild.id, member.id, 1)
        return games[0].id

    def service(self):
        return self.env.bot.service

    def live(self, table_id: int) -> bool:
        """Is the table still in play (not stored as finished)?"""
        return any(t.id == table_id for t in self.service().tables())


@pytest.fixture
def ui(simcord_env) -> UI:
    """Helpers to read and press what members see."""
    return UI(simcord_env)


@pytest.fixture
def seed(monkeypatch):
    """Tables get this seed (the deal and the AI's choices follow from it): ``seed(n)``."""
    import bot.tables.lobby as lobby_module

    def use(value: int) -> None:
        monkeypatch.setattr(lobby_module.secrets, "randbits", lambda _bits: value)

    return use


class Player:
    """Plays a member's turns from their hand message with simple choices (the first control of the phase)."""

    def __init__(self, ui, channel, member, *, bids: bool = True) -> None:
        self.ui, self.channel, self.member, self.bids = ui, channel, member, bids
        self.hand_id: int | None = None
        self.used: list[str] = []
        """The kinds of controls used: ``card``, ``bid`` (a rank from the bids select), ``bid-select`` (a points
        bid), ``pass``, ``trump``, ``discard``, ``call``, ``call-select``, ``take`` (a Cicera capture from the
        select), ``place`` (a Cicera card placed by its button)."""

    async def turn(self) -> None:
        ui, member = self.ui, self.member
        if self.hand_id is None:
            self.hand_id = (await ui.my_hand(member, self.channel, self._table_id())).id
        message = ui.message(self.channel, self.hand_id, viewer=member)
        buttons = [b for b in ui.buttons(message) if not b.disabled]
        selects = ui.selects(message)

        def first(prefix: str):
            return next((b for b in buttons if b.custom_id.startswith("tv:act:")
                         and b.custom_id.split(":")[4].startswith(prefix)), None)

        def menu(kind: str):
            return next((s for s in selects if s.custom_id.split(":")[4] == kind), None)

        async def press(b, kind):
            self.used.append(kind)
            result = await member.click(message, custom_id=b.custom_id)
            assert result.acknowledged and result.response.ephemeral, result
            return result

        async def choose(s, values, kind):
            self.used.append(kind)
            result = await member.select(message, values, custom_id=s.custom_id)
            assert result.acknowledged and result.response.ephemeral, result
            return result

        pass_ = first("pass")
        if pass_ is not None:  # the auction: one select of bids, and Pass
            bids = menu("bid")
            if self.bids and bids is not None:
                kind = "bid" if bids.custom_id.endswith(":rank") else "bid-select"
                return await choose(bids, [bids.options[0].value], kind)
            return await press(pass_, "pass")
        for prefix, kind in (("trump_", "trump"), ("call_", "call")):
            b = first(prefix)
            if b is not None:
                return await press(b, kind)
        for kind, used in (("discard", "discard"), ("call", "call-select"), ("take", "take")):
            s = menu(kind)
            if s is not None:
                return await choose(s, [o.value for o in s.options[:max(1, s.min_values)]], used)
        place = next((b for b in buttons if b.custom_id.endswith("_place")), None)
        if place is not None:
            return await press(place, "place")
        card = first("play_")
        assert card is not None, f"{member.name} has nothing to press: {[b.label for b in ui.buttons(message)]}"
        return await press(card, "card")

    def _table_id(self) -> int:
        info = self.ui.service().table_of(self.channel.id, self.member.id)
        assert info is not None
        return info.id


async def play_until_over(ui, table_id: int, players: list[Player], limit: int = 400, each_turn=None) -> None:
    """Let the members play their turns until the game is stored."""
    by_id = {p.member.id: p for p in players}
    for _ in range(limit):
        if not ui.live(table_id):
            return
        info = ui.service().get(table_id)
        if each_turn is not None:
            each_turn(info)
        player = by_id[info.seats[info.to_move].user_id]
        await player.turn()
    raise AssertionError("the game did not end")


@pytest.fixture
def players():
    """``Player`` and ``play_until_over``."""
    return Player, play_until_over


@pytest.fixture
def public_renders(monkeypatch):
    """Every view given to a public picture (table, summary), checked to be the public view: no seat, no
    hand, no kitty or discards, no partner knowledge."""
    import cogs.render.pictures

    seen: list = []

    def spy(real):
        def check(view, seats):
            assert view.seat is None and not view.hand, "a public picture got a private view"
            assert not getattr(view, "kitty", ()) and not getattr(view, "discards", ())
            assert not getattr(view, "i_am_partner", False)
            seen.append(view)
            return real(view, seats)
        return check

    monkeypatch.setattr(cogs.render.pictures, "table_png", spy(cogs.render.pictures.table_png))
    monkeypatch.setattr(cogs.render.pictures, "summary_png", spy(cogs.render.pictures.summary_png))
    return seen


@pytest.fixture
def client_locales(monkeypatch) -> dict[int, str]:
    """Members' Discord client locales, by user id (``client_locales[member.id] = "de"``).

    SimCord 3.2.1 sends every interaction with ``"locale": "en-US"``; this puts the member's locale in the
    INTERACTION_CREATE payload instead, where Discord sends it (discord.py reads ``Interaction.locale`` there)."""
    import simcord.interactions as payloads

    locales: dict[int, str] = {}
    real = payloads.base_payload

    def base_payload(backend, **kw):
        record, payload = real(backend, **kw)
        if kw.get("user_id") in locales:
            payload["locale"] = locales[kw["user_id"]]
        return record, payload

    monkeypatch.setattr(payloads, "base_payload", base_payload)
    return locales
