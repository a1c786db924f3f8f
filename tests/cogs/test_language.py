"""Whose language, where: public messages in the server's language (its ``/settings language``, else its Discord
locale), what only one member sees in theirs (``/language``, else their client's locale); the command tree
localized for every language Discord has."""

from __future__ import annotations

from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import DISCORD_LOCALES, gettext
from bot.rules_text import rules_text
from cogs.texts import game_name, t
from cogs.translator import localized, valid_name


def lobby_text(ui, channel, message) -> str:
    shown = ui.message(channel, message.id)
    return ui.text(shown) + " " + " ".join(b.label or "" for b in ui.buttons(shown))


def differs(key: str, lang: str, **fields) -> str:
    """The text of ``key`` in ``lang``, checked to differ from the English (else the test proves nothing)."""
    text = t(key, lang, **fields)
    assert text != t(key, "en", **fields), f"{key} is not translated into {lang}"
    return text


async def test_english_by_default_and_a_server_setting_for_public_messages(ui):
    guild, channel = ui.room()  # SimCord's guilds prefer en-US
    boss = ui.manager(guild)
    alice, bob = ui.members(guild, "alice", "bob")

    lobby = (await alice.slash(channel, "briscola", players=2)).response
    assert t("lobby.seats", "en") in lobby_text(ui, channel, lobby)
    refused = await bob.click(lobby, custom_id=f"tv:lobby:{ui.table_id_of(lobby)}:start")
    english = ui.text(refused.response)
    assert refused.ephemeral and english == gettext("Only the host of the table can do that.", "en")
    await alice.click(lobby, custom_id=f"tv:lobby:{ui.table_id_of(lobby)}:cancel")

    saved = await boss.slash(channel, "settings language", language="it")
    assert saved.ephemeral and ui.text(saved.response) == t("settings.saved", "en")  # the admin's own language

    lobby = (await alice.slash(channel, "briscola", players=2, match="single")).response
    text = lobby_text(ui, channel, lobby)
    assert differs("lobby.seats", "it") in text and differs("lobby.join", "it") in text
    assert t("lobby.seats", "en") not in text
    refused = await bob.click(lobby, custom_id=f"tv:lobby:{ui.table_id_of(lobby)}:start")
    assert refused.ephemeral and ui.text(refused.response) == english  # bob's client: English

    # back to the server's own locale (en-US here)
    await boss.slash(channel, "settings language", language="locale")
    await alice.click(lobby, custom_id=f"tv:lobby:{ui.table_id_of(lobby)}:cancel")
    lobby = (await alice.slash(channel, "briscola", players=2)).response
    assert t("lobby.seats", "en") in lobby_text(ui, channel, lobby)


async def test_a_german_member_plays_in_german_at_a_table_in_the_servers_italian(simcord_env, ui, client_locales,
                                                                                seed):
    env = simcord_env
    seed(11)
    guild = env.create_guild("Circolo", preferred_locale="it")  # no setting: the server's own locale
    channel = guild.create_text_channel("tavolo")
    dieter, = ui.members(guild, "dieter")
    client_locales[dieter.id] = "de"

    lobby = (await dieter.slash(channel, "briscola", players=2)).response
    table_id = ui.table_id_of(lobby)
    assert lobby.ephemeral is False and differs("lobby.seats", "it") in lobby_text(ui, channel, lobby)
    started = await dieter.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    assert started.acknowledged

    table = ui.table_message(channel, table_id)
    assert differs("table.my_hand", "it") in [b.label for b in ui.buttons(table)]
    opened = await dieter.click(table, custom_id=f"tv:hand:{table_id}")
    assert opened.ephemeral
    hand = opened.response.message
    title = differs("hand.title", "de", game=game_name("briscola", "de"), id=table_id)
    assert title in ui.text(hand)

    # a refusal, in German: another table in this channel, while seated at this one
    refused = await dieter.slash(channel, "briscola", players=2)
    seated = "You are already at a table in this channel; leave it first."
    assert refused.ephemeral and ui.text(refused.response) == gettext(seated, "de") != seated

    # play a card from the German hand: the answer (the hand) stays German, the table Italian
    await env.settle()  # (the AI's card first, when it leads)
    hand = ui.message(channel, hand.id, viewer=dieter)
    card = ui.enabled_actions(hand)[0]
    played = await dieter.click(hand, custom_id=card.custom_id)
    assert played.acknowledged and played.response.ephemeral
    assert game_name("briscola", "de") in ui.text(ui.message(channel, hand.id, viewer=dieter))
    assert differs("hand.title", "de", game=game_name("briscola", "de"), id=table_id).split("·")[0] in ui.text(
        ui.message(channel, hand.id, viewer=dieter))
    await env.settle()
    table = ui.table_message(channel, table_id)
    assert t("table.my_hand", "it") in [b.label for b in ui.buttons(table)]
    assert t("table.my_hand", "de") not in [b.label for b in ui.buttons(table)]


async def test_a_member_who_chose_korean_gets_korean_on_every_server(simcord_env, ui):
    env = simcord_env
    guild, channel = ui.room()
    user = env.create_user("kim")
    kim = guild.add_member(user)
    saved = await kim.slash(channel, "language", language="ko")
    assert saved.ephemeral and ui.text(saved.response) == differs("language.saved", "ko", language="한국어")

    table_id = ui.table_id_of((await kim.slash(channel, "briscola", players=2)).response)
    lobby = ui.table_message(channel, table_id)
    assert t("lobby.seats", "en") in lobby_text(ui, channel, lobby)  # the public lobby stays English
    await kim.click(lobby, custom_id=f"tv:lobby:{table_id}:start")
    hand = (await kim.click(ui.table_message(channel, table_id), custom_id=f"tv:hand:{table_id}")).response.message
    assert differs("hand.title", "ko", game=game_name("briscola", "ko"), id=table_id) in ui.text(hand)

    # on another server too; and back to the client's language (en-US)
    other = env.create_guild()
    there = other.create_text_channel("tavolo")
    kim_there = other.add_member(user)
    rules = await kim_there.slash(there, "rules")
    assert rules.ephemeral and ui.text(rules.response).startswith("### " + game_name("briscola", "ko"))
    assert rules_text("briscola", lambda m: gettext(m, "ko"))[0][0] in ui.text(rules.response)
    back = await kim_there.slash(there, "language", language="client")
    assert ui.text(back.response) == t("language.saved", "en", language="English")
    rules = await kim.slash(channel, "rules")
    assert rules_text("briscola")[0][0] in ui.text(rules.response)


async def test_the_command_tree_is_localized_for_every_language_discord_has(simcord_env):
    registered = list(simcord_env.backend.commands.get(None, {}).values())
    assert {c["name"] for c in registered} >= {"briscola", "chiamata", "cicera", "rules", "language", "settings"}
    locales = {locale: language for locale, language in DISCORD_LOCALES.items() if language != "en"}
    assert set(locales.values()) == {"it", "de", "el", "ru", "ko"}
    changed = dict.fromkeys(locales, 0)
    chosen = dict.fromkeys(locales, 0)
    choices = [0]
    total = 0

    def check(item: dict, where: str, siblings: dict[str, set[str]], kind: Where) -> None:
        nonlocal total
        total += 1
        names = item.get("name_localizations") or {}
        for locale, language in locales.items():
            expected = localized(item["name"], kind, language)
            assert names.get(locale) == expected, f"{where}: {locale} name {names.get(locale)!r}, not {expected!r}"
            name = names.get(locale, item["name"])
            assert valid_name(name), f"{where}: {locale} name {name!r} is not one Discord takes"
            assert name not in siblings.setdefault(locale, set()), f"{where}: two {locale} names {name!r}"
            siblings[locale].add(name)
            changed[locale] += name != item["name"]
            if item.get("description"):
                descriptions = item.get("description_localizations") or {}
                assert descriptions.get(locale), f"{where}: no {locale} description"
        level: dict[str, set[str]] = {}
        for option in item.get("options") or ():
            sub = option.get("type") in (1, 2)
            check(option, f"{where} {option['name']}", level, Where.command_name if sub else Where.parameter_name)
            for choice in option.get("choices") or ():
                shown = choice.get("name_localizations") or {}
                choices[0] += 1
                for locale, language in locales.items():
                    expected = localized(choice["name"], Where.choice_name, language)
                    assert shown.get(locale) == expected, f"{where} {option['name']}: {choice['name']!r} in {locale}"
                    chosen[locale] += bool(shown.get(locale))

    top: dict[str, set[str]] = {}
    for command in registered:
        check(command, "/" + command["name"], top, Where.command_name)
    for locale, n in changed.items():
        assert n >= total // 2, f"only {n} of {total} names are localized in {locale}"
    for locale, n in chosen.items():  # (game names, numbers and each language's own name stay as they are)
        assert n >= choices[0] * 2 // 3, f"only {n} of {choices[0]} choices are localized in {locale}"
