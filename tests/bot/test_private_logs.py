"""The service's own error lines name no card: an AI that fails, or chooses an illegal card, is logged by
the kind of failure only (its message may name the seat's hidden cards)."""

from __future__ import annotations

import logging

import bot.tables.turns as service_module
from rules.actions import Action

G, CH = 1, 10


async def test_a_failing_ai_is_logged_without_its_message(open_service, monkeypatch, caplog):
    def broken(_level, view, _rng, _time_ms):
        raise ValueError(f"no good card among {' '.join(str(c) for c in view.hand)}")

    monkeypatch.setattr(service_module, "choose", broken)
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=5,
                             seat_host=False)
    with caplog.at_level(logging.DEBUG):
        await service.start(t.id, 1)
        await service.idle()
    lines = [r.getMessage() for r in caplog.records]
    failures = [line for line in lines if "failed (ValueError at" in line]
    assert failures, lines
    assert not [line for line in lines if "no good card" in line]
    assert all(r.exc_info is None for r in caplog.records if "failed (ValueError" in r.getMessage())


async def test_an_illegal_ai_choice_is_logged_without_the_card(open_service, monkeypatch, caplog):
    chosen = []

    def illegal(_level, view, _rng, _time_ms):
        card = next(c for c in ("Ad", "3c", "Rs", "Fb") if c not in {str(h) for h in view.hand})
        chosen.append(card)
        return Action.play(card)

    monkeypatch.setattr(service_module, "choose", illegal)
    service = await open_service()
    t = await service.create(G, CH, 1, "one", "briscola", 2, {"turn_timer": "off"}, level="random", seed=5,
                             seat_host=False)
    with caplog.at_level(logging.DEBUG):
        await service.start(t.id, 1)
        await service.idle()
    lines = [r.getMessage() for r in caplog.records if r.name.startswith("bot.")]
    assert [line for line in lines if "chose an illegal play action" in line]
    assert chosen and not [line for line in lines for card in chosen if card in line]
