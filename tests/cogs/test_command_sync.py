"""The slash commands are registered again only when they changed, their translations included."""

from __future__ import annotations

from cogs import translator


async def test_a_restart_with_the_same_commands_does_not_register_them_again(simcord_env, monkeypatch):
    bot = simcord_env.bot
    registered = simcord_env.backend.commands.get(None, {})
    assert any(c.get("name_localizations") for c in registered.values())  # the start registered them, translated
    asked = []
    real = bot.http.request

    async def request(route, **kw):
        asked.append((route.method, route.path, kw.get("params")))
        return await real(route, **kw)

    monkeypatch.setattr(bot.http, "request", request)
    assert await bot.sync_if_changed() is False
    # Discord sends the translations of the registered commands only when asked for them
    assert asked == [("GET", "/applications/{application_id}/commands", {"with_localizations": "true"})]


async def test_a_changed_translation_registers_the_commands_again(simcord_env, monkeypatch):
    bot = simcord_env.bot
    real = translator.localized
    monkeypatch.setattr(translator, "localized", lambda message, where, language: (
        "giocate" if message == "rules" and language == "it" else real(message, where, language)))
    assert await bot.sync_if_changed() is True
    rules = simcord_env.backend.commands[None][("rules", 1)]
    assert rules["name_localizations"]["it"] == "giocate"
    assert await bot.sync_if_changed() is False
