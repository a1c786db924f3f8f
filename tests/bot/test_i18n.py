"""i18n: without a catalogue, the English source text comes back unchanged."""

from __future__ import annotations

from bot.i18n import _, gettext, ngettext


def test_fallback_is_the_source_text():
    assert _("No Discord bot token.") == "No Discord bot token."
    assert gettext("Your turn", "it") == "Your turn"
    assert ngettext("{n} card", "{n} cards", 1, "xx") == "{n} card"
    assert ngettext("{n} card", "{n} cards", 3) == "{n} cards"
