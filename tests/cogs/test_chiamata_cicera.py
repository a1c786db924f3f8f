"""Chiamata through the ephemeral controls (auction, call, kitty, reveal) and Cicera's captures."""

from __future__ import annotations

import pytest

from cogs.texts import card_name


def public_text(ui, channel) -> str:
    return "\n".join([ui.text(m) for m in ui.public(channel)] + [str(e.to_dict()) for m in ui.public(channel)
                                                                  for e in m.embeds])


@pytest.mark.usefixtures("simcord_env")
async def test_a_chiamata_round_with_two_people_auction_call_and_reveal(ui, seed, players,
                                                                          public_renders):
    seed(2)  # alice wins the auction and calls a card that bob holds
    Player, play = players
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "chiamata", [bob], level="easy", turn_timer=0)
    service = ui.service()
    pa, pb = Player(ui, channel, alice), Player(ui, channel, bob, bids=False)
    seen = set()

    def check(_info):
        pub = service.view(table_id)
        text = ui.text(ui.table_message(channel, table_id))
        if pub.phase == "auction":
            seen.add("auction")
            assert "Auction" in text
        elif pub.called is not None and pub.partner is None:
            seen.add("secret")
            assert "secret" in text and "revealed" not in text and "bob" not in text.splitlines()[1]
            bob_hand = ui.text(ui.message(channel, pb.hand_id, viewer=bob))
            alice_hand = ui.text(ui.message(channel, pa.hand_id, viewer=alice))
            assert "secret partner" in bob_hand and "secret partner" not in alice_hand
        elif pub.partner is not None:
            seen.add("revealed")
            assert "revealed: **alice** with **bob**" in text

    await play(ui, table_id, [pa, pb], each_turn=check)
    assert seen == {"auction", "secret", "revealed"}
    assert any(v.called is not None and v.partner is None for v in public_renders)  # drawn before the reveal
    assert "bid" in pa.used and "call" in pa.used and pb.used.count("pass") == 1
    (game,) = await service.store.games_of(guild.id, alice.id)
    record = await service.store.game_record(game.id)
    assert record["rounds"][0]["caller"] == 0 and record["rounds"][0]["partner"] == 1


@pytest.mark.usefixtures("simcord_env")
async def test_chiamata_kitty_in_points_mode_trump_discards_and_call_by_select(ui, seed, players,
                                                                               public_renders):
    seed(7)  # alice wins with a points bid
    Player, play = players
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "chiamata", [bob], level="easy", bidding="points", kitty="on",
                                   turn_timer=0)
    service = ui.service()
    pa, pb = Player(ui, channel, alice), Player(ui, channel, bob, bids=False)
    secret: set[str] = set()

    def check(_info):
        mine = service.view(table_id, alice.id)
        called = {card_name(mine.called, "italian")} if mine.called is not None else set()
        for c in (*mine.kitty, *mine.discards):
            secret.add(card_name(c, "italian"))
        played = {card_name(c, "italian") for _leader, trick, _winner in service.view(table_id).tricks
                  for _seat, c in trick}  # a kitty card the caller played is public from then on
        text = public_text(ui, channel)
        for name in secret - called - played:
            assert name not in text

    await play(ui, table_id, [pa, pb], each_turn=check)
    assert {"bid-select", "trump", "discard", "call-select"} <= set(pa.used)
    assert len(secret) >= 5 and public_renders
    assert not ui.live(table_id)


@pytest.mark.usefixtures("simcord_env")
async def test_a_cicera_deal_with_captures_chosen_from_the_select(ui, seed, players, public_renders):
    seed(3)
    Player, play = players
    guild, channel = ui.room()
    (alice,) = ui.members(guild, "alice")
    table_id = await ui.open_table(alice, channel, "cicera", level="easy", turn_timer=0, team_chat="off")
    pa = Player(ui, channel, alice)
    await play(ui, table_id, [pa])
    assert pa.used.count("take") + pa.used.count("place") == 12 and public_renders  # one control a card
    assert "take" in pa.used
    (game,) = await ui.service().store.games_of(guild.id, alice.id)
    record = await ui.service().store.game_record(game.id)
    takes = [a for a in record["rounds"][0]["actions"] if a.get("seat") == 0 and a.get("take")]
    assert len(takes) == pa.used.count("take")


def test_cicera_captures_are_paged_by_25():
    from bot.tables import SeatInfo, TableInfo
    from cogs.render.cicera import cicera_items
    from rules.games.cicera.round import CiceraRound

    rnd = CiceraRound.position(["Xd 2b", "3b", "4b", "5b"],
                               "Ad 2d 3d 4d Ac 2c 3c 4c As 2s 3s 4s 5d 6d 5c 6c", to_move=0)
    view = rnd.view(0)
    choices = list(view.legal)  # both cards can capture: every play is a choice of the select
    assert len(choices) > 25 and all(any(a.card == c and a.take for a in choices) for c in view.hand)
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(4))
    info = TableInfo(1, 1, 1, 100, "cicera", 4, {}, "easy", "playing", seats, 0, 9, None)
    pages, turns = [], []
    count = -(-len(choices) // 25)
    for page in range(count):
        items = cicera_items(info, view, page)
        (menu,) = [i for i in items if i.item.type.value == 3]
        pages.append([o.value for o in menu.item.options])
        turns += [i.custom_id for i in items if i.custom_id.startswith("tv:page:")]
    assert all(len(p) <= 25 for p in pages) and not [i for i in items if i.custom_id.endswith("_place")]
    assert turns == [f"tv:page:1:9:{(p + 1) % count}" for p in range(count)]  # More captures goes round them
    assert len(set(sum(pages, []))) == len(choices)  # every choice is on some page, none twice
