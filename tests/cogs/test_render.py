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


def texts_and_count(layout) -> tuple[str, int]:
    """The text of a V2 layout and its number of components, nested ones included (as Discord counts them)."""
    payload = layout.to_components()
    count, stack, text = 0, list(payload), []
    while stack:
        c = stack.pop()
        count += 1
        if c.get("type") == 10:
            text.append(c["content"])
        stack += [*c.get("components", ()), *([c["accessory"]] if "accessory" in c else [])]
    return "\n".join(text), count


def test_every_games_table_and_hand_messages_keep_discords_v2_limits_and_say_the_table_as_text():
    for game, players, options in (("briscola", 2, {"show_points": "on"}), ("briscola", 6, {}),
                                   ("chiamata", 5, {"show_points": "on"}), ("cicera", 4, {})):
        match = new_game(game, players, options, 3)
        rng = random.Random(3)
        for step in range(60):
            if match.is_over():
                break
            seat = match.to_move()
            seats = tuple(SeatInfo(i, 100, "alice", None, None) if i == 0 else SeatInfo(i, None, "AI", "easy", None)
                          for i in range(players))
            info = TableInfo(3, 1, 2, 100, game, players, match.options, "easy", "playing", seats, seat, 7, None)
            pub = match.view(None)
            text, count = texts_and_count(render.table_message(info, pub, ["a note"]))
            assert count <= 40 and len(text) <= 4000, (game, step)
            assert "a note" in text and f"table {info.id}" in text
            if game != "cicera" and pub.phase == "play":
                assert "Trump:" in text
            if game == "briscola":
                assert "Stock:" in text
            if game == "cicera":
                assert "bonus points" in text
            hand_text, hand_count = texts_and_count(render.hand_view(info, match.view(seat)))
            assert hand_count <= 40 and len(hand_text) <= 4000 and "Your hand" in hand_text, (game, step)
            match.apply(rng.choice(list(match.view(seat).legal)))


def test_ai_seats_are_told_apart_in_the_pictures_by_the_names_the_text_uses():
    seats = (SeatInfo(0, 100, "alice", None, None), SeatInfo(1, None, "AI", "easy", None),
             SeatInfo(2, None, "AI", "easy", None), SeatInfo(3, None, "AI", "hard", None))
    info = TableInfo(3, 1, 2, 100, "briscola", 4, {}, "easy", "playing", seats, 0, 1, None)
    names = [s.name for s in render.seat_infos(info)]
    assert len(set(names)) == 4 and names == [render.seat_label(info, i) for i in range(4)]
    assert names[1] == "AI 2" and names[3] == "AI 4", "one short name, the same in the text and the pictures"


def test_the_lobby_names_its_seats_and_shows_no_member_id():
    seats = (SeatInfo(0, 123456789012345678, "alice", None, None), SeatInfo(1, None, "AI", "medium", None))
    info = TableInfo(3, 1, 2, 123456789012345678, "briscola", 4, {"match": "single"}, "easy", "lobby", seats,
                     None, 1, None)
    text, count = texts_and_count(render.lobby_view(info))
    assert "1. **alice**" in text and "2. **AI 2 (medium)**" in text and "3. — free —" in text
    assert "123456789012345678" not in text and "match: one round" in text and count <= 40
