"""Tressette's messages as pure functions (no Discord): a button per card, enabled exactly for the legal cards
(follow suit), the signal selects only for a leader with signals on, the table text with each signal beside its
card, the declarations and the drawn cards, the round summary's lines and the command's options."""

from __future__ import annotations

import random

import pytest

from bot.tables import SeatInfo, TableInfo
from cogs import ids, render
from cogs.lobby import game_command
from cogs.render import layout
from cogs.render.tressette import play_label, thirds_text
from cogs.texts import card_name
from rules.actions import Action
from rules.games.tressette.engine import SPEC
from rules.games.tressette.round import TressetteRound

CASES = [(2, {"accusi": "on"}), (4, {"signals": "on", "accusi": "on"}), (4, {"signals": "off"})]


def info_for(players: int, options: dict, to_move: int | None = 0, version: int = 7) -> TableInfo:
    seats = tuple(SeatInfo(i, 100 + i, f"p{i}", None, None) for i in range(players))
    return TableInfo(3, 1, 2, 100, "tressette", players, options, "medium", "playing", seats, to_move, version, None)


def offered(controls) -> list[Action]:
    """Every action the controls offer: an enabled button's, and each option of a select."""
    out = []
    for c in controls:
        item = c.item
        if item.type.value == 3:
            out += [ids.action_of(o.value) for o in item.options]
        elif item.custom_id.startswith("tv:act:") and not item.disabled:
            out.append(ids.action_of(item.custom_id.split(":", 4)[4]))
    return out


def playouts(players: int, options: dict, seeds: range):
    """(match, mover's view) at every turn of random playouts of one round each."""
    for seed in seeds:
        match = SPEC.new_match(players, {**options, "match": "single"}, seed)
        rng = random.Random(seed)
        while not match.is_over():
            view = match.view(match.to_move())
            yield match, view
            match.apply(rng.choice(list(view.legal)))


def text_of(match, seat=None) -> str:
    view = match.view(seat)
    return "\n".join(render.status_lines(info_for(view.players, match.options, match.to_move()), view))


@pytest.mark.parametrize(("players", "options"), CASES, ids=str)
def test_one_control_per_legal_play_and_the_disabled_cards_are_exactly_the_illegal_ones(players, options):
    kinds: set[str] = set()
    for match, view in playouts(players, options, range(6)):
        info = info_for(players, match.options, view.seat)
        controls = render.hand_controls(info, view)
        assert sorted(map(str, offered(controls))) == sorted(map(str, view.legal)), view.hand
        buttons = [c.item for c in controls if c.item.type.value == 2]
        assert len(buttons) == len(view.hand)  # a button per card, numbered as in the picture
        for b, card in zip(buttons, view.hand, strict=True):
            assert b.label.split(" ")[0] == str(view.hand.index(card) + 1)
            assert b.disabled == (Action.play(card) not in view.legal)
            if b.disabled:  # the hand holds the led suit: the other suits wait
                assert card.suit != view.led_suit and any(c.suit == view.led_suit for c in view.hand)
                kinds.add("disabled")
        selects = [c.item for c in controls if c.item.type.value == 3]
        leading = not view.trick
        if options.get("signals") == "on" and leading:
            assert [s.placeholder for s in selects] == ["Knock (busso) with…", "Slide (striscio) with…",
                                                        "Fly (volo) with…"]
            for s, signal in zip(selects, ("busso", "striscio", "volo"), strict=True):
                assert [ids.action_of(o.value) for o in s.options] == [Action.play(c, signal=signal)
                                                                       for c in view.hand]
                assert all(o.label == f"{i + 1} · {card_name(c)}" for i, (o, c) in
                           enumerate(zip(s.options, view.hand, strict=True)))
            kinds.add("signals")
        else:
            assert selects == [], "a signal is offered only to a leader at a table with signals"
        rows = layout.rows(controls)
        assert len(rows) <= 5, [len(r.children) for r in rows]  # a phone shows the hand whole
    assert "disabled" in kinds
    assert ("signals" in kinds) == (options.get("signals") == "on")


def test_not_on_turn_the_hand_is_shown_disabled_with_no_signal():
    match = SPEC.new_match(4, {"signals": "on"}, 5)
    waiting = (match.to_move() + 1) % 4
    view = match.view(waiting)
    controls = render.hand_controls(info_for(4, match.options, match.to_move()), view)
    assert len(controls) == len(view.hand) and all(c.item.disabled for c in controls)
    assert all(c.item.type.value == 2 for c in controls)


def test_a_hand_that_must_follow_says_the_suit():
    match = SPEC.new_match(2, {"match": "single"}, 1)
    match.round = TressetteRound.position(["Ac 4c 5d", "3c 7s 2b"], trick="Ac", leader=0)
    lines = render.render_of("tressette").hand_lines(info_for(2, match.options, 1), match.view(1))
    assert lines == ["Follow suit: **Coppe** was led."]
    controls = render.hand_controls(info_for(2, match.options, 1), match.view(1))
    assert [(c.item.label, c.item.disabled) for c in controls] == [
        ("1 · 3 di Coppe", False), ("2 · 7 di Spade", True), ("3 · 2 di Bastoni", True)]
    match.round = TressetteRound.position(["Ad 4c 5d", "3c 7s 2b"], trick="Ad", leader=0)
    assert render.render_of("tressette").hand_lines(info_for(2, match.options, 1), match.view(1)) == []
    assert not any(c.item.disabled for c in render.hand_controls(info_for(2, match.options, 1), match.view(1)))


def test_the_table_text_shows_each_signal_with_its_card():
    match = SPEC.new_match(4, {"signals": "on", "match": "single"}, 2)
    leader = match.to_move()
    view = match.view(leader)
    card = view.hand[0]
    match.apply(Action.play(card, signal="volo"))
    text = text_of(match)
    name = card_name(card)
    assert f"On the table: p{leader}: **{name}**, signal **volo (fly)**" in text
    assert f"Signals this round: p{leader}: {name} — volo (fly)" in text
    for seat in range(4):  # the signal is public: every seat reads it
        assert "volo (fly)" in text_of(match, seat)
    rng = random.Random(2)
    while match.view(None).trick:  # the trick ends; the next lead carries no signal
        match.apply(rng.choice(list(match.view(match.to_move()).legal)))
    nxt = match.view(match.to_move())
    match.apply(Action.play(nxt.hand[0]))
    text = text_of(match)
    assert f"**{card_name(nxt.hand[0])}**" in text and f"**{card_name(nxt.hand[0])}**, signal" not in text
    assert text.count(" — ") == 1, "the signals of the round stay listed"


def test_the_table_text_says_the_drawn_cards_the_declarations_and_the_card_points():
    for match, _view in playouts(2, {"accusi": "on", "show_points": "on"}, range(20)):
        pub = match.view(None)
        text = text_of(match)
        for d in pub.declarations:
            assert f"p{d.seat}: " in text and ", ".join(card_name(c) for c in d.cards) in text
        if pub.drawn:
            last = [d for d in pub.drawn if d.trick == pub.drawn[-1].trick]
            assert "Last drawn: " + " · ".join(f"p{d.seat} **{card_name(d.card)}**" for d in last) in text
        if pub.tricks:
            _leader, played, winner = pub.tricks[-1]
            assert f"Last trick to **p{winner}**: {', '.join(card_name(c) for _s, c in played)}" in text
        assert pub.points is not None
        assert f"Card points so far: p0 **{thirds_text(pub.points[0])}** · p1 **{thirds_text(pub.points[1])}**" \
            in text
        if any(pub.declarations) and pub.drawn:
            return
    raise AssertionError("no round with a declaration")


def test_thirds_read_as_points_and_fractions():
    assert [thirds_text(n) for n in (0, 1, 2, 3, 11, 35)] == ["0", "⅓", "⅔", "1", "3⅔", "11⅔"]


def finished(players: int, options: dict, seed: int):
    match = SPEC.new_match(players, {**options, "match": "single"}, seed)
    rng = random.Random(seed)
    while not match.is_over():
        match.apply(rng.choice(list(match.view(match.to_move()).legal)))
    return match


@pytest.mark.parametrize(("players", "options"), CASES, ids=str)
def test_the_round_summary_says_each_sides_thirds_points_last_trick_and_declarations(players, options):
    for seed in range(40):
        match = finished(players, options, seed)
        last = match.view(None).last_result
        if last["declarations"] or options.get("accusi") != "on":
            break
    pub = match.view(None)
    info = info_for(players, match.options, None)
    text = "\n".join(render.result_lines(info, pub))
    names = [" & ".join(f"p{s}" for s in side) for side in pub.sides]
    b = last["breakdown"]
    assert "Card points: " + " · ".join(f"{n} **{thirds_text(x['thirds'])}**" for n, x in zip(names, b, strict=True)) \
        in text
    assert sum(x["thirds"] for x in b) == 35
    assert f"Last trick (1 point): **p{last['last_trick']}**" in text
    assert "Points (card points rounded down): " + " · ".join(
        f"{n} **{x['thirds'] // 3}**" for n, x in zip(names, b, strict=True)) in text
    if last["declarations"]:
        for d in last["declarations"]:
            assert f"p{d['seat']}: " in text and f"**+{d['points']}**" in text
            assert ", ".join(card_name(c) for c in d["cards"]) in text
    elif options.get("accusi") == "on":
        assert "Declarations: none" in text
    else:  # a table without declarations has no line for them
        assert "Declarations" not in text
    assert f"Score of the deal: {' · '.join(f'{n} **{s}**' for n, s in zip(names, last['score'], strict=True))}" in text


@pytest.mark.parametrize("players", [2, 4])
def test_the_summary_says_declarations_only_at_a_table_that_plays_them(players):
    """With ``accusi`` on and nothing declared the summary says so; with it off there is no declarations line."""
    on = next(m for seed in range(40)
              if not (m := finished(players, {"accusi": "on"}, seed)).view(None).last_result["declarations"])
    text = "\n".join(render.result_lines(info_for(players, on.options, None), on.view(None)))
    assert "Declarations: none" in text
    off = finished(players, {"accusi": "off"}, 0)
    text = "\n".join(render.result_lines(info_for(players, off.options, None), off.view(None)))
    assert "Card points: " in text and "Declarations" not in text


def test_the_command_offers_every_option_with_fixed_choices():
    command = game_command("tressette")
    options = {p.name: [(c.name, c.value) for c in p.choices] for p in command.parameters}
    assert list(options) == ["players", "level", "match", "accusi", "signals", "show_points", "faces", "team_chat",
                             "turn_timer", "hints"]
    assert [v for _n, v in options["players"]] == [2, 4]
    assert ("one round", "single") in options["match"] and ("to 41 points", "41") in options["match"]
    assert sorted(v for _n, v in options["signals"]) == ["off", "on"]
    assert command.description == "Open a table of Tressette (2 or 4 players; 4 in two teams)"


def test_reviews_and_hints_name_a_lead_with_its_signal():
    from cogs.replays import action_name

    assert action_name("tressette", Action.play("3c", signal="busso")) == "3 di Coppe, signal busso (knock)"
    assert action_name("tressette", Action.play("3c")) == "3 di Coppe"
    ace = Action.play("Ab", signal="volo")
    assert play_label(ace, "french") == f"{card_name(ace.card, 'french')}, signal volo (fly)"
