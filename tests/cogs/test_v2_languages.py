"""Whole games in each language: every message Discord gets is a valid Components V2 message (SimCord checks the
length of every label, placeholder, option and text as it arrives, and every stored message is checked again),
each select's placeholder fits a phone (35 characters), and the texts are in the language asked for."""

from __future__ import annotations

import pytest

from cogs.texts import t
from tests.cogs.test_v2_messages import check_every_message_after_a_game

GAMES = {  # each language plays one mode; each mode is played in two languages
    "it": ("cicera", {}), "de": ("chiamata", {}), "el": ("briscola", {"players": 2}),
    "ru": ("cicera", {}), "ko": ("chiamata", {}), "eo": ("briscola", {"players": 4, "teams": "13-24"}),
}


@pytest.mark.parametrize("language", list(GAMES))
async def test_a_whole_game_in_each_language_sends_only_valid_messages(simcord_env, ui, seed, players, language):
    env = simcord_env
    Player, play = players
    game, options = GAMES[language]
    seed(7)
    guild, channel = ui.room()
    boss = ui.manager(guild)
    (alice,) = ui.members(guild, "alice")
    await boss.slash(channel, "settings language", language=language)
    await alice.slash(channel, "language", language=language)
    await alice.slash(channel, "rules", game=game)
    table_id = await ui.open_table(alice, channel, game, level="easy", turn_timer=0, **options)
    player = Player(ui, channel, alice)
    placeholders: list[str] = []

    def note_selects(_info) -> None:
        if player.hand_id is not None:
            placeholders.extend(s.placeholder or "" for s in ui.selects(ui.message(channel, player.hand_id,
                                                                                     viewer=alice)))

    await play(ui, table_id, [player], each_turn=note_selects)
    summary = await check_every_message_after_a_game(env, ui, channel, alice, game)
    assert all(len(p) <= 35 for p in placeholders), [p for p in placeholders if len(p) > 35]
    assert t("table.rematch", language) in [b.label for b in ui.buttons(summary)]
    assert t("table.rematch", language) != t("table.rematch", "en")
