"""Play clicks: My hand, and the controls of a hand message (a card, a bid, Pass, a suit, a call, the discards,
a Cicera capture, a page of captures). Each has a check (run by the component's ``interaction_check``) and its work."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.tables import TableError, TableInfo
from cogs import ids, render
from cogs.play import checks
from cogs.play.answers import Fields
from cogs.play.checks import Move, Seated
from cogs.play.state import HandSession
from cogs.texts import t
from cogs.types import Interaction
from rules.actions import Action
from rules.view import GameView

if TYPE_CHECKING:
    from cogs.play.hub import Hub

log = logging.getLogger(__name__)

FOLD_SECONDS = 1.0
"""How long the answer to a card waits for the AI's cards that follow (Discord wants an answer within 3 s; the
answer is deferred after ``answers.DEFER_AFTER``)."""


@dataclass
class Shown:
    """The table and the seat's view that a hand answer shows."""

    info: TableInfo
    view: GameView


class PlayControls:
    """The clicks of the players of a game in play."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub

    # ----- My hand -----
    async def check_hand(self, interaction: Interaction, table_id: int) -> Seated | None:
        """My hand may be pressed by a seated player of a game in play."""
        return await self.hub.answers.check(
            interaction, "hand", lambda: checks.seated(self.hub.service, interaction, table_id))

    async def on_my_hand(self, interaction: Interaction, at: Seated) -> None:
        """My hand: an ephemeral message with the hand picture and the controls."""
        hub = self.hub
        table_id = at.info.id

        async def work() -> None:
            p = hub.presence(table_id)
            if interaction.message is not None and p.message_id is None:
                p.channel_id, p.message_id = interaction.channel_id, interaction.message.id
            session = HandSession(interaction)
            hub.hands.keep(table_id, interaction.user.id, session)
            async with session.lock:

                async def build() -> Fields:
                    info = hub.service.get(table_id)
                    view = hub.service.view(table_id, interaction.user.id)
                    picture = await hub.run(render.hand_picture, view, render.seat_infos(info))
                    session.shown = ("hand", info.version)
                    return {"file": picture, "view": render.hand_view(info, view)}

                await hub.answers.send(interaction, build, ephemeral=True)

        await hub.answers.answer(interaction, "hand", work)

    # ----- actions -----
    async def check_action(self, interaction: Interaction, table_id: int, version: int, values: list[str],
                           kind: str | None) -> Move | None:
        """An action offered by the bot, at the user's seat, on their turn, with current controls."""

        def check() -> Move:
            try:
                action = Action.discard(values) if kind == "discard" else ids.action_of(values[0])
            except (ValueError, IndexError):  # no value, or not one the bot offered (a forged select)
                raise TableError(t("click.stale")) from None
            at = checks.seated(self.hub.service, interaction, table_id)
            checks.their_turn(self.hub.service, at, version, action.card if action.kind == "play" else None)
            return Move(at.info, at.seat, action)

        return await self.hub.answers.check(interaction, "action", check)

    async def on_action(self, interaction: Interaction, move: Move, version: int) -> None:
        """A card, a bid, Pass, a suit, a call, the discards, a capture (checked already): played. The answer
        waits (up to ``FOLD_SECONDS``) for the AI seats that follow, so that it shows the hand when a person must
        act next (often the player again: no refresh of this hand is needed then)."""
        hub = self.hub
        table_id = move.info.id

        async def work() -> None:
            session = hub.hands.session(interaction, table_id)
            async with session.lock:
                await hub.service.act(table_id, interaction.user.id, move.action, version=version)
                shown = Shown(hub.service.get(table_id), hub.service.view(table_id, interaction.user.id))

                async def build() -> Fields:
                    # the AI's cards that follow, folded into this answer when they come in time
                    await hub.tables.wait_for_person(table_id, FOLD_SECONDS)
                    with contextlib.suppress(TableError):  # ended: the hand as after the card (the table shows it)
                        shown.info, shown.view = hub.service.get(table_id), hub.service.view(table_id,
                                                                                            interaction.user.id)
                    picture = await hub.run(render.hand_picture, shown.view, render.seat_infos(shown.info))
                    return {"attachments": [picture], "view": render.hand_view(shown.info, shown.view)}

                await hub.answers.update(interaction, build)
                session.interaction = interaction
                session.shown = ("hand", shown.info.version)
                hub.hands.keep(table_id, interaction.user.id, session)

        await hub.answers.answer(interaction, "action", work)

    # ----- Cicera: the pages of the capture choices -----
    async def check_page(self, interaction: Interaction, table_id: int, version: int) -> Seated | None:
        """Another page of the captures: the user's seat, on their turn, with current controls."""

        def check() -> Seated:
            at = checks.seated(self.hub.service, interaction, table_id)
            checks.their_turn(self.hub.service, at, version, None)
            return at

        return await self.hub.answers.check(interaction, "page", check)

    async def on_page(self, interaction: Interaction, at: Seated, page: int) -> None:
        """Cicera: the same hand with another page of the capture choices (the picture stays). The message is
        the player's hand message from now on, refreshed with this click's fresher token."""
        hub = self.hub
        table_id = at.info.id

        async def work() -> None:
            session = hub.hands.session(interaction, table_id)
            async with session.lock:
                view = hub.service.view(table_id, interaction.user.id)

                async def build() -> Fields:
                    return {"view": render.hand_view(at.info, view, page)}

                await hub.answers.update(interaction, build)
                session.interaction = interaction
                session.shown = ("hand", at.info.version)
                hub.hands.keep(table_id, interaction.user.id, session)

        await hub.answers.answer(interaction, "page", work)

    async def refuse_old(self, interaction: Interaction) -> None:
        """A control of a hand message drawn before captures came in one step (Cicera's Pick, Back): the hand
        is out of date, press My hand; nothing changes."""

        async def work() -> None:
            raise TableError(t("click.stale"))

        await self.hub.answers.answer(interaction, "old", work)
