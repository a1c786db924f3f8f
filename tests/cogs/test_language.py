"""The guild's language setting: messages in Italian once ``/settings language`` says ``it``; English by default."""

from __future__ import annotations


def lobby_text(ui, channel, message) -> str:
    shown = ui.message(channel, message.id)
    return ui.text(shown) + " " + " ".join(b.label or "" for b in ui.buttons(shown))


async def test_italian_guild_gets_italian_messages_and_english_is_the_default(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    boss = ui.manager(guild)
    alice, bob = ui.members(guild, "alice", "bob")

    # English by default
    lobby = (await alice.slash(channel, "briscola", players=2)).response
    assert "Hosted by" in lobby_text(ui, channel, lobby) and "Join" in lobby_text(ui, channel, lobby)
    refused = await bob.click(lobby, label="Start")
    assert refused.ephemeral and ui.text(refused.response) == "Only the host of the table can do that."
    await alice.click(lobby, label="Cancel")

    saved = await boss.slash(channel, "settings language", language="it")
    assert saved.ephemeral and ui.text(saved.response) == "Salvato."

    lobby = (await alice.slash(channel, "briscola", players=2, match="single")).response
    text = lobby_text(ui, channel, lobby)
    assert "Tavolo di" in text and "Posti" in text and "Unisciti" in text and "Inizia" in text
    assert "partita: una mano" in text and "Hosted by" not in text
    refused = await bob.click(lobby, label="Inizia")
    assert refused.ephemeral and ui.text(refused.response) == "Solo l'organizzatore del tavolo può farlo."
    twice = await alice.slash(channel, "briscola", players=2)  # already seated here: a service error
    assert twice.ephemeral and "Sei già a un tavolo in questo canale" in ui.text(twice.response)
    not_host = await bob.slash(channel, "table abort")
    assert not_host.ephemeral and "Gestisci server" in ui.text(not_host.response)

    # the table message once the game starts
    await alice.click(lobby, label="Inizia")
    (info,) = ui.service().tables(guild.id)
    table = ui.table_message(channel, info.id)
    assert "tavolo" in ui.text(table) and "Le mie carte" in [b.label for b in ui.buttons(table)]

    # another guild keeps English
    other = env.create_guild()
    there = other.create_text_channel("tavolo")
    carol = other.add_member(env.create_user("carol"))
    lobby = (await carol.slash(there, "cicera")).response
    assert "Hosted by" in lobby_text(ui, there, lobby)
