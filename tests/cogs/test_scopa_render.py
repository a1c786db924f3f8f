"""Scopa's and Scopone's messages as pure functions (no Discord): one control per legal play and none other
(a card that must capture is never offered as a placing), the labels, the table text with each scopa and the
running scope and counts, the round summary's rows."""

from __future__ import annotations

import random

import pytest

from bot.tables import SeatInfo, TableInfo
from cogs import ids, render
from cogs.lobby import game_command
from cogs.render import layout
from cogs.render.scopa import piles_so_far
from cogs.texts import card_name
from rules.actions import Action
from rules.cards import Card
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.games.scopa.round import ScopaRound
from rules.games.scopa.rules import capture_choices, primiera
from rules.spec import GameSpec

CASES = [(SCOPA_SPEC, 2, {}), (SCOPA_SPEC, 3, {}), (SCOPA_SPEC, 4, {}),
         (SCOPONE_SPEC, 4, {"deal": "scientifico"}), (SCOPONE_SPEC, 4, {"deal": "tradizionale"})]


def info_for(game: str, players: int, options: dict, to_move: int | None = 0, version: int = 7) -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(players))
    return TableInfo(3, 1, 2, 100, game, players, options, "medium", "playing", seats, to_move, version, None)


def offered(controls) -> list[Action]:
    """Every action the controls offer: a button's, and each option of a select."""
    out = []
    for c in controls:
        item = c.item
        if item.type.value == 3:
            out += [ids.action_of(o.value) for o in item.options]
        elif item.custom_id.startswith("tv:act:"):
            out.append(ids.action_of(item.custom_id.split(":", 4)[4]))
    return out


def playouts(spec: GameSpec, players: int, options: dict, seeds: range):
    """(match, mover's view) at every turn of random playouts of one round each."""
    for seed in seeds:
        match = spec.new_match(players, {**options, "match": "single"}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            view = match.view(match.to_move())
            yield match, view
            match.apply(rng.choice(list(view.legal)))


@pytest.mark.parametrize(("spec", "players", "options"), CASES, ids=lambda x: getattr(x, "name", str(x)))
def test_every_legal_play_has_exactly_one_control_and_nothing_else_is_offered(spec, players, options):
    kinds: set[str] = set()
    for match, view in playouts(spec, players, options, range(12)):
        info = info_for(spec.name, players, match.options, view.seat)
        controls = render.hand_controls(info, view)
        actions = offered(controls)
        assert sorted(map(str, actions)) == sorted(map(str, view.legal)), (view.hand, view.table)
        for c in view.hand:
            plays = [a for a in view.legal if a.card == c]
            if any(a.take for a in plays):  # capturing is compulsory: no placing of this card anywhere
                assert Action.play(c, ()) not in actions
            if len(plays) > 1:  # several captures: one select holding exactly them
                (menu,) = [x.item for x in controls if x.item.type.value == 3 and x.item.custom_id.split(":")[5]
                           .startswith(str(c))]
                assert [ids.action_of(o.value) for o in menu.options] == plays
                assert all(len(o.label) <= 100 for o in menu.options)
                assert menu.placeholder.startswith(f"{view.hand.index(c) + 1} · ")
                kinds.add("select")
            else:
                kinds.add("take" if plays[0].take else "place")
        for x in controls:
            if x.item.type.value == 2:
                assert len(x.item.label) <= 80
        rows = layout.rows(controls)
        assert len(rows) <= 6, [len(r.children) for r in rows]  # a phone shows the hand whole
    assert {"place", "take"} <= kinds


def test_not_on_turn_the_hand_is_shown_disabled():
    match = SCOPA_SPEC.new_match(2, {}, 5)
    waiting = 1 - match.to_move()
    view = match.view(waiting)
    controls = render.hand_controls(info_for("scopa", 2, match.options, match.to_move()), view)
    assert len(controls) == len(view.hand) and all(c.item.disabled for c in controls)


def test_a_single_capture_names_what_it_takes_and_several_are_one_select():
    single = several = False
    for match, view in playouts(SCOPA_SPEC, 2, {}, range(40)):
        info = info_for("scopa", 2, match.options, view.seat)
        controls = render.hand_controls(info, view)
        labels = {x.item.label: x for x in controls if x.item.type.value == 2}
        for c in view.hand:
            choices = capture_choices(c, view.table)
            n = view.hand.index(c) + 1
            if len(choices) == 1 and choices[0]:
                label = f"{n} · {card_name(c)} takes {' + '.join(card_name(t) for t in choices[0])}"
                assert label in labels and labels[label].item.style.name == "success"
                single = True
            elif len(choices) == 1:
                assert f"{n} · {card_name(c)}" in labels
            else:
                menus = [x.item for x in controls if x.item.type.value == 3]
                assert any(m.placeholder == f"{n} · {card_name(c)} takes…" for m in menus)
                option_labels = {o.label for m in menus for o in m.options}
                for take in choices:
                    assert f"{card_name(c)} → {' + '.join(card_name(t) for t in take)}" in option_labels
                several = True
        if single and several:
            return
    raise AssertionError("no single and several captures found")


def test_a_long_scopone_hand_names_cards_by_number_and_fits_few_rows():
    for match, view in playouts(SCOPONE_SPEC, 4, {"deal": "scientifico"}, range(8)):
        if len(view.hand) < 9:
            continue
        info = info_for("scopone", 4, match.options, view.seat)
        controls = render.hand_controls(info, view)
        for x in controls:
            item = x.item
            if item.type.value == 2:
                assert item.label.split(" ")[0].isdigit() and "di" not in item.label.split(" takes ")[0]
        assert len(layout.rows(controls)) <= 5


def test_the_table_text_says_each_scopa_and_the_running_scope():
    seen_scopa = False
    for match, _view in playouts(SCOPA_SPEC, 2, {"show_points": "on"}, range(30)):
        pub = match.view(None)
        info = info_for("scopa", 2, match.options, match.to_move())
        text = "\n".join(render.status_lines(info, pub))
        assert f"Scope: p0 **{pub.scope[0]}** · p1 **{pub.scope[1]}**" in text
        cap = pub.last_capture
        if cap is not None:
            assert ("**Scopa!**" in text) == cap.scopa
            seen_scopa |= cap.scopa
        piles = match.round.piles
        assert piles_so_far(pub) == [list(p) for p in piles]
        for side in (0, 1):
            value = primiera(piles[side])[0]
            line = next(x for x in text.splitlines() if x.startswith(f"p{side}: cards"))
            assert f"cards **{len(piles[side])}**" in line
            assert (f"primiera **{value}**" if value else "primiera none yet") in line
            assert ("settebello" in line) == (Card.parse("7d") in piles[side])
        for card in pub.table:
            assert card_name(card) in text
    assert seen_scopa


def test_without_show_points_the_counts_are_not_shown():
    match = SCOPA_SPEC.new_match(2, {}, 3)
    rng = random.Random(3)
    for _ in range(10):
        match.apply(rng.choice(list(match.view(match.to_move()).legal)))
    text = "\n".join(render.status_lines(info_for("scopa", 2, match.options, match.to_move()), match.view(None)))
    assert "Scope:" in text and "primiera" not in text


def finished(spec: GameSpec, players: int, options: dict, seed: int):
    match = spec.new_match(players, {**options, "match": "single"}, seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(list(match.view(match.to_move()).legal)))
    return match


@pytest.mark.parametrize(("spec", "players", "options"), CASES, ids=lambda x: getattr(x, "name", str(x)))
def test_the_round_summary_says_each_round_point_per_side(spec, players, options):
    match = finished(spec, players, {**options, "napola": "on"}, 11)
    pub = match.view(None)
    info = info_for(spec.name, players, match.options, None)
    last = pub.last_result
    text = "\n".join(render.result_lines(info, pub))
    names = [" & ".join(f"p{s}" for s in side) for side in pub.sides]
    cards = " · ".join(f"{n} **{c['cards']}**" for n, c in zip(names, last["counts"], strict=True))
    assert f"Cards: {cards} → " in text
    denari = " · ".join(f"{n} **{c['denari']}**" for n, c in zip(names, last["counts"], strict=True))
    assert f"Denari: {denari} → " in text
    holder = next(n for n, b in zip(names, last["breakdown"], strict=True) if b["settebello"])
    assert f"Settebello (7 di Denari): **{holder}**" in text
    for n, c, four in zip(names, last["counts"], last["primiera_cards"], strict=True):
        if four:
            assert f"{n} **{c['primiera']}** ({', '.join(card_name(x) for x in four)})" in text
        else:
            assert f"{n}: no primiera (a suit is missing)" in text
    assert "Scope: " + " · ".join(f"{n} **{b['scope']}**" for n, b in zip(names, last["breakdown"], strict=True)) \
        in text
    assert "Napola: " in text
    assert f"Score of the deal: {' · '.join(f'{n} **{s}**' for n, s in zip(names, last['score'], strict=True))}" in text


def test_a_tied_round_point_goes_to_nobody():
    for seed in range(200):
        match = finished(SCOPA_SPEC, 2, {}, seed)
        counts = match.view(None).last_result["counts"]
        if counts[0]["cards"] == counts[1]["cards"]:
            text = "\n".join(render.result_lines(info_for("scopa", 2, match.options, None), match.view(None)))
            assert "Cards: p0 **20** · p1 **20** → nobody (a tie)" in text
            return
    raise AssertionError("no tie on cards in 200 rounds")


def test_a_partner_is_named_in_a_team_hand_only():
    match = SCOPONE_SPEC.new_match(4, {}, 2)
    assert render.render_of("scopone").hand_lines(info_for("scopone", 4, match.options), match.view(1)) == [
        "Your partner: **p3**."]
    two = SCOPA_SPEC.new_match(2, {}, 2)
    assert render.render_of("scopa").hand_lines(info_for("scopa", 2, two.options), two.view(0)) == []


def test_more_than_25_captures_of_a_card_are_paged_and_every_one_is_reachable():
    match = SCOPA_SPEC.new_match(2, {"match": "single"}, 1)
    match.round = ScopaRound.position(["Rd 5c", "3b"], "Ac As Ab 2c 2s 2b 3c 3s 4c 4s 4b", to_move=0)
    view = match.view(0)
    info = info_for("scopa", 2, match.options, 0)
    rd = [a for a in view.legal if str(a.card) == "Rd"]
    assert len(rd) > 50
    pages = -(-len(rd) // 25)
    seen: list[str] = []
    for page in range(pages):
        controls = render.hand_controls(info, view, page)
        menus = [c.item for c in controls if c.item.type.value == 3]
        assert all(len(m.options) <= 25 for m in menus) and len(menus) == 2  # the R's and the 5's
        more = [c.item for c in controls if c.item.custom_id.startswith("tv:page:")]
        assert [b.label for b in more] == [f"More captures ({(page + 1) % pages + 1}/{pages})"]
        seen += [o.value for m in menus for o in m.options if o.value.startswith("play_Rd")]
    assert sorted(seen) == sorted(ids.action_code(a) for a in rd)


def test_the_commands_offer_every_option_with_fixed_choices():
    def options(game: str) -> dict:
        return {p.name: [(c.name, c.value) for c in p.choices] for p in game_command(game).parameters}

    scopa = options("scopa")
    assert list(scopa) == ["players", "level", "match", "napola", "show_points", "faces", "team_chat", "turn_timer",
                           "hints"]
    assert [v for _n, v in scopa["players"]] == [2, 3, 4]
    assert scopa["match"] == [("to 11 points", "11"), ("to 16 points", "16"), ("to 21 points", "21"),
                              ("to 31 points", "31"), ("one round", "single")]
    assert [v for _n, v in scopa["napola"]] == ["off", "on"]
    scopone = options("scopone")
    assert "players" not in scopone and list(scopone)[:2] == ["level", "deal"]
    assert scopone["deal"] == [("scientifico: 10 cards each", "scientifico"),
                               ("tradizionale: 9 each, 4 on the table", "tradizionale")]
    assert game_command("scopone").description == "Open a table of Scopone (4 players, two teams)"
