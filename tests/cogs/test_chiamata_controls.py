"""Briscola Chiamata's hand controls: the rank bids in one select with full rank names in the table's faces,
Pass beside it, the whole auction in at most 3 rows, and compact calls."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.tables import SeatInfo, TableInfo
from cogs.render.chiamata import chiamata_items
from cogs.render.cicera import cicera_items
from rules.actions import Action
from rules.cards import Card

ITALIAN = ["Bid Asso", "Bid 3", "Bid Re", "Bid Cavallo", "Bid Fante", "Bid 7", "Bid 6", "Bid 5", "Bid 4", "Bid 2"]
FRENCH = ["Bid A", "Bid 3", "Bid K", "Bid Q", "Bid J", "Bid 7", "Bid 6", "Bid 5", "Bid 4", "Bid 2"]


def auction_controls(ui, message):
    """The bids select, the enabled buttons, and the number of action rows of a hand message."""
    (bids,) = [s for s in ui.selects(message) if ":bid" in s.custom_id]
    buttons = [b for b in ui.buttons(message) if not b.disabled]
    rows = [c for c in ui.walk(message.components) if c.type.value == 1]
    return bids, buttons, len(rows)


async def open_two(ui, **options):
    """Alice (seat 0, first to bid) and bob (seat 1) with three AIs; (channel, alice, bob, table id)."""
    guild, channel = ui.room()
    alice, bob = ui.members(guild, "alice", "bob")
    table_id = await ui.open_table(alice, channel, "chiamata", [bob], level="easy", turn_timer=0, **options)
    info = ui.service().get(table_id)
    assert info.seats[info.to_move].user_id == alice.id
    return guild, channel, alice, bob, table_id


@pytest.mark.usefixtures("simcord_env")
async def test_a_rank_bid_from_the_select_and_a_pass_then_the_whole_game(ui, seed, players):
    seed(2)
    Player, play = players
    guild, channel, alice, bob, table_id = await open_two(ui)
    service = ui.service()
    hand = await ui.my_hand(alice, channel, table_id)
    bids, buttons, rows = auction_controls(ui, hand)
    assert [o.label for o in bids.options] == ITALIAN  # full rank names, strongest first
    assert [b.label for b in buttons] == ["Pass"] and rows <= 3
    assert len(bids.placeholder) <= 35
    re = next(o for o in bids.options if o.label == "Bid Re")
    result = await alice.select(hand, [re.value], custom_id=bids.custom_id)
    assert result.acknowledged and result.response.ephemeral
    assert service.view(table_id).auction[0] == (0, "R")
    assert "alice bids Re" in ui.text(ui.table_message(channel, table_id))

    bob_hand = await ui.my_hand(bob, channel, table_id)
    bids, buttons, rows = auction_controls(ui, bob_hand)
    assert [o.label for o in bids.options] == ITALIAN[3:]  # only bids under the Re
    assert rows <= 3
    await bob.click(bob_hand, custom_id=next(b.custom_id for b in buttons if b.label == "Pass"))
    assert service.view(table_id).auction[1] == (1, None)
    assert "bob passes" in ui.text(ui.table_message(channel, table_id))

    pa, pb = Player(ui, channel, alice), Player(ui, channel, bob, bids=False)
    pa.hand_id, pb.hand_id = hand.id, bob_hand.id
    await play(ui, table_id, [pa, pb])
    assert not ui.live(table_id)
    (game,) = await service.store.games_of(guild.id, alice.id)
    record = await service.store.game_record(game.id)
    bids_made = [a for a in record["rounds"][0]["actions"] if "bid" in a or "pass" in a]
    assert bids_made[:2] == [{"seat": 0, "bid": "R"}, {"seat": 1, "pass": True}]
    assert not [a for a in record["rounds"][0]["actions"] if a.get("seat") == 1 and "bid" in a]


@pytest.mark.usefixtures("simcord_env")
async def test_french_faces_name_the_ranks_k_q_j(ui, seed):
    seed(2)
    _, channel, alice, _, table_id = await open_two(ui, faces="french")
    hand = await ui.my_hand(alice, channel, table_id)
    bids, _, _ = auction_controls(ui, hand)
    assert [o.label for o in bids.options] == FRENCH
    queen = next(o for o in bids.options if o.label == "Bid Q")
    await alice.select(hand, [queen.value], custom_id=bids.custom_id)
    assert "alice bids Q" in ui.text(ui.table_message(channel, table_id))


def chiamata_info() -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(5))
    return TableInfo(1, 1, 1, 100, "chiamata", 5, {}, "easy", "playing", seats, 0, 9, None)


def test_forty_calls_fit_in_two_selects_and_four_calls_in_one_row():
    deck = [Card.of(r, s) for s in "dcsb" for r in "A234567FCR"]
    for calls, selects, buttons in ((deck, 2, 0), (deck[:10], 1, 0), ([c for c in deck if c.rank == "3"], 0, 4)):
        view = SimpleNamespace(to_move=0, seat=0, phase="call", legal=[Action.call(c) for c in calls], hand=())
        items = chiamata_items(chiamata_info(), view)
        menus = [i.item for i in items if i.item.type.value == 3]
        assert len(menus) == selects and len(items) - len(menus) == buttons
        assert {i.row for i in items} == set(range(max(selects, 1)))  # one row a select, the buttons in one
        offered = [o.value for m in menus for o in m.options] or [i.custom_id.split(":")[4] for i in items]
        assert sorted(offered) == sorted(f"call_{c}" for c in calls)
        assert all(len(m.options) <= 25 and len(m.placeholder) <= 35 for m in menus)


def test_points_bids_are_one_select_and_pass():
    view = SimpleNamespace(to_move=0, seat=0, phase="auction", hand=(),
                           legal=[*(Action.make_bid(f"2:{n}") for n in range(62, 121)), Action.pass_()])
    items = chiamata_items(chiamata_info(), view)
    (menu,) = [i.item for i in items if i.item.type.value == 3]
    assert [i.row for i in items] == [0, 1] and len(menu.options) <= 25
    assert menu.options[0].label == "2 with a target of 62" and menu.options[-1].label == "2 with a target of 120"


@pytest.mark.parametrize("language", ["en", "it"])
def test_every_placeholder_fits_on_a_phone(language):
    """About 35 characters of a select's placeholder show on a phone: every select of the hands, in English and
    in Italian, keeps under that."""
    from bot.i18n import use_language
    from rules.games.cicera.round import CiceraRound

    deck = [Card.of(r, s) for s in "dcsb" for r in "A234567FCR"]
    views = [SimpleNamespace(to_move=0, seat=0, phase="auction", hand=(), legal=[
                 *(Action.make_bid(r) for r in "A3RCF76542"), Action.pass_()]),
             SimpleNamespace(to_move=0, seat=0, phase="auction", hand=(), legal=[
                 *(Action.make_bid(n) for n in range(61, 121)), Action.pass_()]),
             SimpleNamespace(to_move=0, seat=0, phase="discard", hand=tuple(deck[:12]),
                             legal=[Action.discard(deck[:5])]),
             *(SimpleNamespace(to_move=0, seat=0, phase="call", hand=(), legal=[Action.call(c) for c in calls])
               for calls in (deck, deck[30:]))]
    cicera = CiceraRound.position(["Xd 2b", "3b", "4b", "5b"], "Ad 2d 3d 4d Ac 2c 3c 4c As 2s 3s 4s 5d 6d", to_move=0)
    cicera_info = TableInfo(1, 1, 1, 100, "cicera", 4, {}, "easy", "playing",
                            tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(4)), 0, 9, None)
    with use_language(None if language == "en" else language):
        items = [i for v in views for i in chiamata_items(chiamata_info(), v)]
        items += cicera_items(cicera_info, cicera.view(0))
    placeholders = [i.item.placeholder for i in items if i.item.type.value == 3]
    assert len(placeholders) == 7
    assert all(len(p) <= 35 for p in placeholders), placeholders
    if language == "it":
        assert "Prendi con…" in placeholders
