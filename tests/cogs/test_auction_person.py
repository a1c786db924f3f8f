"""The auction as each reader sees it: your own bids and passes in the second person in your hand message
("you bid Asso"), everyone's in the third on the public table ("p1 bids Asso"), whatever a name reads like."""

from __future__ import annotations

from bot.tables import SeatInfo, TableInfo
from cogs.render.chiamata import chiamata_line
from rules.actions import Action
from rules.records import new_game


def info_for(players: int, options: dict) -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(players))
    return TableInfo(3, 1, 2, 100, "chiamata", players, options, "easy", "playing", seats, 0, 7, None)


def test_your_own_bid_and_pass_are_in_the_second_person_in_your_hand():
    match = new_game("chiamata", 5, {}, 1)
    bidder = match.to_move()
    match.apply(Action.make_bid("A"))
    passer = match.to_move()
    match.apply(Action.pass_())
    info = info_for(5, match.options)

    mine = chiamata_line(info, match.view(bidder))
    assert mine is not None and "you bid Asso" in mine and f"p{passer} passes" in mine, mine
    theirs = chiamata_line(info, match.view(passer))
    assert theirs is not None and f"p{bidder} bids Asso" in theirs and "you pass" in theirs, theirs
    public = chiamata_line(info, match.view(None))
    assert public is not None and f"p{bidder} bids Asso" in public and f"p{passer} passes" in public
    assert "you" not in public, "the public table speaks of every seat in the third person"
