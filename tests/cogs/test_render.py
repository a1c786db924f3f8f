"""The controls under a hand, and the custom ids: pure functions, no Discord needed."""

from __future__ import annotations

import random

from bot.tables import SeatInfo, TableInfo
from cogs import ids, render
from rules.actions import Action
from rules.records import new_game


def info_for(game: str, players: int, options: dict, version: int = 7) -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(players))
    return TableInfo(3, 1, 2, 100, game, players, options, "easy", "playing", seats, 0, version, None)


def test_every_action_kind_survives_its_custom_id():
    actions = [Action.play("Ad"), Action.play("7s", ()), Action.play("Xd", ["3d", "4b", "3c"]),
               Action.exchange("7d"), Action.make_bid("3"), Action.make_bid("2:70"), Action.make_bid(75),
               Action.pass_(), Action.declare_trump("s"), Action.call("Fc")]
    for action in actions:
        custom_id = ids.act(12, 345, action)
        assert len(custom_id) <= 100
        assert ids.action_of(custom_id.split(":", 4)[4]) == action


def test_briscola_hand_offers_the_trump_exchange_when_it_is_legal():
    for seed in range(200):
        match = new_game("briscola", 2, {"trump_exchange": "on"}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            view = match.view(match.to_move())
            exchanges = [a for a in view.legal if a.kind == "exchange"]
            if exchanges:
                controls = render.hand_controls(info_for("briscola", 2, match.options), view)
                labels = [c.item.label for c in controls]
                assert any(label.startswith("Exchange") for label in labels)
                assert sum(1 for label in labels if " · " in label) == len(view.hand)
                return
            match.apply(rng.choice([a for a in view.legal if a.kind == "play"]))
    raise AssertionError("no exchange found in 200 games")


def test_chiamata_auction_controls_rank_buttons_pass_and_a_points_select():
    match = new_game("chiamata", 5, {}, 1)
    for bid in ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2"):
        match.apply(Action.make_bid(bid))
    view = match.view(match.to_move())
    controls = render.hand_controls(info_for("chiamata", 5, match.options), view)
    labels = [getattr(c.item, "label", None) for c in controls]
    assert "Pass" in labels and not any(str(label).startswith("Bid ") for label in labels if label)
    (menu,) = [c.item for c in controls if c.item.type.value == 3]
    values = [o.value for o in menu.options]
    assert values[0] == "bid_2:62" and len(values) <= 25 and "bid_2:120" in values
