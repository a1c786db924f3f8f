"""The public messages of whole Chiamata and Cicera games never name a card that is in a hand, in the kitty or
among the caller's discards (the Briscola game's check is in test_briscola.py)."""

from __future__ import annotations

import pytest

from cogs.texts import card_name


def secret_card_names(service, table_id: int, game: str) -> set[str]:
    """The names, in both face styles, of every card nobody may see in public now: the hands (the AI's too),
    and in Chiamata the kitty and the discards; but the called card, whose name (not its holder) is public."""
    table = service._tables[table_id]  # the test looks behind the service to know every hand
    pub = service.view(table_id)
    secret = set()
    for seat in range(table.players):
        view = table.match.view(seat)
        secret.update(view.hand)
        secret.update(getattr(view, "kitty", ()) or ())
        secret.update(getattr(view, "discards", ()) or ())
    if game == "chiamata" and pub.called is not None:
        secret.discard(pub.called)
    return {card_name(c, style) for c in secret for style in ("italian", "french")}


@pytest.mark.usefixtures("simcord_env")
@pytest.mark.parametrize(("game", "options"), [("chiamata", {}), ("chiamata", {"kitty": "on"}), ("cicera", {})])
async def test_no_public_message_names_a_secret_card(ui, players, seed, game, options):
    Player, play = players
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    seed(11)
    table_id = await ui.open_table(alice, channel, game, [bob], level="easy", turn_timer=0, **options)
    service = ui.service()
    checked = []

    def check(_info) -> None:
        text = "\n".join(ui.text(m) for m in ui.public(channel))
        for name in secret_card_names(service, table_id, game):
            assert name not in text, f"{name} is secret but shows in a public message"
        checked.append(len(text))

    await play(ui, table_id, [Player(ui, channel, alice), Player(ui, channel, bob)], each_turn=check)
    assert len(checked) > 5 and max(checked) > 0  # the check ran on real text through the game
