"""Tressette's pictures: the table (the trick with who played what and the lead's signal, the stock and the two
drawn cards with who drew them in 2 players, the previous trick and its taker, the round's signals on their
cards, the declarations with their cards, the thirds so far only with ``show_points``), the hand (the cards that
may not follow suit dimmed), the summary (each side's thirds, points, last trick and declarations), the replay
frames; every text and card index at least 11 px tall on a phone; no hidden card in a public picture.

Covered over ``TRESSETTE_SPEC`` itself: the module registers it for its own time if the registry of games does
not hold it yet (``registered``)."""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PIL import Image, ImageStat

from images import registry
from images.common import DrawnText, PrivateViewError, label, recording
from images.games import tressette as pictures_module
from images.hand import hand_image, hand_layout
from images.replay import replay_frames, replay_views
from images.samples import LONG_SEATS, SAMPLE_SEATS
from images.sampling import find_state, finished, play_until, public, seats_for
from images.summary import summary_image, summary_of
from images.table import table_image, table_png
from rules.cards import Card
from rules.engine import Match
from rules.games.tressette.engine import ROW_LABELS
from rules.games.tressette.engine import SPEC as TRESSETTE_SPEC
from rules.games.tressette.round import TressetteRound
from rules.games.tressette.view import TressetteView
from rules.spec import GAMES
from tests.images.test_legibility import CARD_INDEX_MIN_PX, too_small

GAME = TRESSETTE_SPEC.name


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    """Tressette in the registry of games while this module runs (as it is once registered)."""
    before = dict(GAMES)
    GAMES.setdefault(GAME, TRESSETTE_SPEC)
    try:
        yield
    finally:
        GAMES.clear()
        GAMES.update(before)


def drawn_cards(drawn: list[DrawnText]) -> list[str]:
    """The cards a picture drew, in card notation (``7d``), from the recorded corner indices."""
    return [d.text.rsplit("(", 1)[1].rstrip(")") for d in drawn if d.kind == "card"]


def texts(drawn: list[DrawnText]) -> list[str]:
    return [d.text for d in drawn if d.kind == "text"]


def state(players: int, options: dict[str, Any], stop: Callable[[TressetteView], bool]) -> Match:
    return find_state(GAME, players, options, lambda m: stop(public(m, TressetteView)))


def table_drawn(match: Match, seats: Any = None) -> tuple[Image.Image, list[DrawnText]]:
    with recording() as drawn:
        img = table_image(match.view(None), seats or seats_for(match.n))
    return img, drawn


@pytest.fixture(scope="module")
def pictures() -> list[tuple[str, Image.Image, list[DrawnText]]]:
    """Every picture kind over the sample positions and finished games, with the sample names and long ones."""
    samples = registry.for_game(GAME).samples
    assert samples is not None
    out: list[tuple[str, Image.Image, list[DrawnText]]] = []
    for names in (SAMPLE_SEATS, LONG_SEATS):
        for pos, match in samples.positions():
            seats = list(names[:match.n])
            with recording() as drawn:
                img = table_image(match.view(None), seats)
            out.append((f"table {pos}", img, drawn))
            for seat in range(match.n):
                view = match.view(seat)
                with recording() as drawn:
                    img = hand_image(view, seats)
                out.append((f"hand {pos} seat {seat + 1}", img, drawn))
        for pos, match in samples.finished():
            with recording() as drawn:
                img = summary_image(match.view(None), list(names[:match.n]))
            out.append((f"summary {pos}", img, drawn))
    return out


# ----- the registry and legibility -----
def test_the_game_has_every_piece_in_its_own_module():
    found = registry.for_game(GAME)
    assert found is pictures_module.PICTURES
    assert not registry.missing(found)


def test_the_samples_cover_both_player_counts_signals_and_declarations(pictures):
    names = {n.split(" seat")[0] for n, _i, _d in pictures}
    for wanted in ("table tressette-2p", "table tressette-4p", "table tressette-4p-signals",
                   "table tressette-2p-accusi", "hand tressette-4p-signals", "summary tressette-2p",
                   "summary tressette-4p"):
        assert wanted in names, wanted
    assert all(drawn for _n, _i, drawn in pictures)


def test_no_text_is_under_11_px_on_a_phone(pictures):
    failures = [f"{name}: {f}" for name, _img, drawn in pictures for f in too_small(drawn)]
    assert not failures, "\n".join(failures[:20])


def test_card_indices_are_readable_on_a_phone(pictures):
    failures = [f"{name}: {f}" for name, _img, drawn in pictures for f in too_small(drawn, "card", CARD_INDEX_MIN_PX)]
    assert not failures, "\n".join(failures[:20])


def test_pictures_are_as_wide_as_designed(pictures):
    for name, img, _drawn in pictures:
        assert img.width == 795, name


# ----- the table -----
def test_two_players_show_the_stock_and_both_drawn_cards_with_who_drew_them():
    match = state(2, {}, lambda v: len(v.tricks) == 3 and not v.trick)
    view = public(match, TressetteView)
    _img, drawn = table_drawn(match)
    cards = drawn_cards(drawn)
    last_two = view.drawn[-2:]
    assert len(last_two) == 2 and {d.trick for d in last_two} == {2}
    for d in last_two:
        assert str(d.card) in cards
    shown = texts(drawn)
    assert label("tr_drawn") in " ".join(shown)  # the title may take two lines
    assert str(view.stock_count) in shown  # the stock's count
    names = [s.name for s in seats_for(2)]
    assert shown.count(names[last_two[0].seat]) >= 2 and shown.count(names[last_two[1].seat]) >= 2


def test_four_players_have_no_stock_and_no_drawn_cards():
    match = state(4, {}, lambda v: len(v.tricks) == 2 and len(v.trick) == 1)
    _img, drawn = table_drawn(match)
    assert label("tr_drawn") not in " ".join(texts(drawn))
    assert "20" not in texts(drawn)


def test_the_previous_trick_shows_who_played_what_and_its_taker():
    match = state(4, {"signals": "off"}, lambda v: len(v.tricks) == 3 and len(v.trick) == 2)
    view = public(match, TressetteView)
    _img, drawn = table_drawn(match)
    _lead, cards, winner = view.tricks[-1]
    shown_cards = drawn_cards(drawn)
    assert all(str(c) in shown_cards for _s, c in cards)
    assert all(str(c) in shown_cards for _s, c in view.trick)
    names = [s.name for s in seats_for(4)]
    assert label("tr_last_trick", name=names[winner]) in texts(drawn)
    # only the trick in play and the previous one: the earlier tricks are gone from the table
    earlier = {str(c) for _l, cs, _w in view.tricks[:-1] for _s, c in cs}
    assert not earlier & set(shown_cards)


def test_the_lead_signal_is_tagged_on_its_card_and_the_previous_tricks_on_its_lead_card():
    """Four players: the signal of the lead in play and the one the previous trick's lead carried, each tagged on
    its card; the round's earlier signals, whose cards have left the table, are in the message text only."""
    match = state(4, {"signals": "on"}, lambda v: len(v.signals) >= 3 and v.current_signal is not None
                  and any(s.trick == len(v.tricks) - 1 for s in v.signals)
                  and any(s.trick < len(v.tricks) - 1 for s in v.signals))
    view = public(match, TressetteView)
    _img, drawn = table_drawn(match)
    shown = texts(drawn)
    cards = drawn_cards(drawn)
    on_table = [s for s in view.signals if s.trick >= len(view.tricks) - 1]
    assert len(on_table) == 2
    for s in on_table:
        assert str(s.card) in cards
    wanted: dict[str, int] = {}
    for s in on_table:
        wanted[label(s.signal)] = wanted.get(label(s.signal), 0) + 1
    for text in {label("busso"), label("striscio"), label("volo")}:
        assert shown.count(text) == wanted.get(text, 0), text
    assert label("tr_signals") not in shown  # no panel of the round's signals


def test_no_signal_is_drawn_without_signals():
    match = state(4, {"signals": "off"}, lambda v: len(v.tricks) == 4 and len(v.trick) == 1)
    shown = texts(table_drawn(match)[1])
    assert not {label("busso"), label("striscio"), label("volo"), label("tr_signals")} & set(shown)


def test_the_declarations_show_who_which_points_and_their_cards():
    match = state(2, {"accusi": "on"}, lambda v: bool(v.declarations) and len(v.tricks) == 1)
    view = public(match, TressetteView)
    _img, drawn = table_drawn(match)
    shown, cards = texts(drawn), drawn_cards(drawn)
    names = [s.name for s in seats_for(2)]
    for d in view.declarations:
        assert names[d.seat] in shown
        kind = label(d.kind)
        assert label("tr_declaration", kind=kind[:1].upper() + kind[1:], points=d.points) in shown
        assert all(str(c) in cards for c in d.cards)


def test_four_players_name_each_declaration_in_a_line_by_who_declared_it():
    """Four players: who, which and its points, a seat's declarations after its name once; no panel of cards (the
    declared cards are in the message text and in the hands' strips of known cards)."""
    match = state(4, {"accusi": "on", "signals": "off"},
                  lambda v: len(v.declarations) >= 2 and len(v.tricks) == 1 and not v.trick)
    view = public(match, TressetteView)
    _img, drawn = table_drawn(match)
    shown = texts(drawn)
    names = [s.name for s in seats_for(4)]
    for seat in {d.seat for d in view.declarations}:
        assert shown.count(names[seat]) == 2  # under its place, and once before its declarations
    for d in view.declarations:
        kind = label(d.kind)
        what = label("tr_declaration", kind=kind[:1].upper() + kind[1:], points=d.points)
        assert any(t.endswith(what) for t in shown), what
    assert label("tr_declarations") not in shown
    assert set(drawn_cards(drawn)) == {str(c) for _l, cs, _w in view.tricks[-1:] for _s, c in cs}


def _other_four_player_tables() -> list[tuple[str, int]]:
    """The height of every other game's 4-player table picture over its sample positions (open hands, which
    show every hand, left out), with the sample and the long names."""
    out = []
    for game, found in registry.load_all().items():
        samples = found.samples
        if game == GAME or samples is None:
            continue
        for pos, match in samples.positions():
            if match.n != 4 or "open" in pos:
                continue
            for names in (SAMPLE_SEATS, LONG_SEATS):
                out.append((pos, table_image(match.view(None), list(names[:4])).height))
    return out


def test_the_four_player_table_is_no_taller_than_the_other_games_four_player_tables():
    """The largest 4-player state of the samples (the thirds, three declarations, a signal on the previous
    trick's lead and on the lead in play), with long names too, fits the height of the other games' 4-player
    tables: it is shown at a phone's width without being shrunk further than theirs."""
    others = _other_four_player_tables()
    assert len({pos for pos, _h in others}) >= 4
    bound = max(h for _pos, h in others)
    samples = registry.for_game(GAME).samples
    assert samples is not None
    tallest = max(table_image(m.view(None), list(LONG_SEATS[:4])).height for _p, m in samples.positions()
                  if m.n == 4)
    assert tallest <= bound, (tallest, bound)
    largest = pictures_module.largest_four()
    view = public(largest, TressetteView)
    assert view.points is not None and len(view.declarations) >= 3 and view.current_signal is not None
    for names in (SAMPLE_SEATS, LONG_SEATS):
        img, drawn = table_drawn(largest, list(names[:4]))
        assert img.height <= bound, (img.height, bound)
        assert not too_small(drawn) and not too_small(drawn, "card", CARD_INDEX_MIN_PX)


def test_without_declarations_there_is_no_declaration_part():
    match = state(2, {"accusi": "off"}, lambda v: len(v.tricks) == 1)
    assert label("tr_declarations") not in texts(table_drawn(match)[1])


def test_the_thirds_so_far_show_only_with_show_points():
    def stop(v: TressetteView) -> bool:
        return len(v.tricks) == 3 and not v.trick

    on = state(2, {"show_points": "on"}, stop)
    view = public(on, TressetteView)
    assert view.points is not None
    names = [s.name for s in seats_for(2)]
    shown = texts(table_drawn(on)[1])
    for i in range(2):
        assert label("tr_thirds", name=names[i], n=view.points[i]) in shown
    off = state(2, {"show_points": "off"}, stop)
    assert not any("thirds" in t for t in texts(table_drawn(off)[1]))


# ----- privacy -----
def _shuffle_hidden(match: Match, seed: int = 5) -> Match:
    """A copy of the match whose hidden cards (in hands and the stock, but not the ones shown to all) are dealt
    again among the same places, so each hand keeps its size and its known cards."""
    changed = copy.deepcopy(match)
    rnd = changed.round
    assert isinstance(rnd, TressetteRound)
    known = {int(c) for c in public(match, TressetteView).announced()}
    places: list[list[int]] = [*rnd.hands, rnd.stock]
    hidden = [c for place in places for c in place if int(c) not in known]
    random.Random(seed).shuffle(hidden)
    it = iter(hidden)
    for place in places:
        place[:] = [c if int(c) in known else next(it) for c in place]
    return changed


@pytest.mark.parametrize(("players", "options"), [(2, {"accusi": "on", "show_points": "on"}),
                                                  (4, {"accusi": "on", "signals": "on"})])
def test_the_public_table_picture_does_not_change_with_the_hidden_cards(players, options):
    match = state(players, options, lambda v: len(v.tricks) == 3 and len(v.trick) == 1 and bool(v.declarations))
    changed = _shuffle_hidden(match)
    assert [list(h) for h in changed.round.hands] != [list(h) for h in match.round.hands]
    seats = seats_for(players)
    digest = hashlib.sha256(table_png(match.view(None), seats)).hexdigest()
    assert hashlib.sha256(table_png(changed.view(None), seats)).hexdigest() == digest
    # the picture draws no card of a hand but the ones every seat was shown
    shown = {int(c) for c in public(match, TressetteView).announced()}
    held = {int(c) for h in match.round.hands for c in h} | {int(c) for c in match.round.stock}
    _img, drawn = table_drawn(match)
    assert not {c for c in drawn_cards(drawn) if int(Card.parse(c)) in held - shown}
    for seat in range(players):
        with pytest.raises(PrivateViewError):
            table_png(match.view(seat))


def test_the_privacy_check_sees_a_change_of_a_public_card():
    """The digest comparison above can fail: the same shuffle with the trick's card changed gives another picture."""
    match = state(2, {}, lambda v: len(v.tricks) == 3 and len(v.trick) == 1)
    changed = copy.deepcopy(match)
    changed.round.trick[0] = next(c for c in changed.round.hands[1] if c != changed.round.trick[0])
    seats = seats_for(2)
    assert table_png(changed.view(None), seats) != table_png(match.view(None), seats)


def test_a_hand_picture_draws_its_hand_the_public_cards_and_nothing_hidden():
    match = state(2, {"accusi": "on"}, lambda v: len(v.tricks) == 4 and len(v.trick) == 1 and bool(v.declarations))
    public_view = public(match, TressetteView)
    for seat in range(2):
        view = match.view(seat)
        with recording() as drawn:
            hand_image(view, seats_for(2))
        allowed = {str(c) for c in (*view.hand, *(c for _s, c in view.trick), *public_view.announced())}
        cards = drawn_cards(drawn)
        assert set(cards) <= allowed
        assert all(str(c) in cards for c in view.hand)
        other = 1 - seat
        assert all(str(c) in cards for c in public_view.known_hands.get(other, ()))


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"accusi": "on"})])
def test_the_strip_of_another_seats_known_cards_says_they_are_known_not_its_hand(players, options):
    """The strip titles say the cards are the ones known in that seat's hand (it holds others, unseen), not the
    seat's name alone as if the strip were its whole hand; a long name is cut, the rest of the title kept."""
    match = state(players, options, lambda v: len(v.tricks) == 2 and any(v.known_hands.values()))
    public_view = public(match, TressetteView)
    for names in (seats_for(players), list(LONG_SEATS[:players])):
        for seat in range(players):
            with recording() as drawn:
                hand_image(match.view(seat), names)
            shown = texts(drawn)
            others = [s for s, cards in sorted(public_view.known_hands.items()) if s != seat and cards]
            for other in others:
                name = names[other].name
                title = f"Known in {name}'s hand"  # the English text (the old title was the name alone)
                head, tail = "Known in ", "'s hand"
                assert title in shown or any(t.startswith(head) and t.endswith(tail) and "\u2026" in t
                                             for t in shown), (title, shown)


# ----- the hand: the cards that may not follow suit -----
def _follow_state(players: int, can_follow: bool) -> Match:
    def stop(m: Match) -> bool:
        v = m.view(m.to_move())
        assert isinstance(v, TressetteView)
        if not v.trick:
            return False
        holds = any(c.suit == v.led_suit for c in v.hand)
        others = any(c.suit != v.led_suit for c in v.hand)
        return holds == can_follow and others and len(v.hand) >= 4
    return find_state(GAME, players, {}, stop)


def _card_boxes(view: Any) -> list[tuple[int, int, int, int]]:
    """The visible part of each hand card (its left strip when they overlap), as the hand picture lays them."""
    from images.cards import card_height

    lay = hand_layout(view, seats_for(view.players))
    n = len(view.hand)
    boxes = []
    for i in range(n):
        row, col = divmod(i, lay.per_row)
        in_row = min(lay.per_row, n - row * lay.per_row)
        x = (lay.width - (lay.step * (in_row - 1) + lay.card)) / 2 + col * lay.step
        y = lay.hand_y + row * lay.row_h + lay.badge_rows * (lay.badge_h + 4) + 4
        visible = min(lay.step, lay.card)
        h = card_height(lay.card)
        boxes.append((int(x + 6), int(y + h * 0.3), int(x + visible - 6), int(y + h * 0.7)))
    return boxes


@pytest.mark.parametrize("players", [2, 4])
def test_the_cards_that_may_not_follow_suit_are_dimmed(players, monkeypatch):
    match = _follow_state(players, can_follow=True)
    seat = match.to_move()
    view = match.view(seat)
    assert isinstance(view, TressetteView)
    off_suit = {c for c in view.hand if c.suit != view.led_suit}
    assert pictures_module.dimmed(view) == off_suit
    plain_parts = registry.for_game(GAME)
    import dataclasses

    assert plain_parts.hand is not None
    with_dim = hand_image(view, seats_for(players))
    monkeypatch.setitem(registry.PICTURES, GAME, dataclasses.replace(
        plain_parts, hand=dataclasses.replace(plain_parts.hand, dimmed=lambda _v: frozenset())))
    without = hand_image(view, seats_for(players))
    for card, box in zip(view.hand, _card_boxes(view), strict=True):
        lit = ImageStat.Stat(with_dim.crop(box).convert("L")).mean[0]
        plain = ImageStat.Stat(without.crop(box).convert("L")).mean[0]
        if card in off_suit:
            assert lit < plain - 20, f"{card} is not dimmed"
        else:
            assert lit == plain, f"{card} is dimmed"


def test_any_card_is_bright_when_the_hand_cannot_follow_and_off_turn():
    match = _follow_state(2, can_follow=False)
    seat = match.to_move()
    assert pictures_module.dimmed(match.view(seat)) == frozenset()
    assert pictures_module.dimmed(match.view(1 - seat)) == frozenset()  # not to move: nothing to refuse yet


# ----- the summary -----
def test_the_summary_shows_each_side_thirds_points_last_trick_and_declarations():
    match = finished(GAME, 2, {"match": "single", "accusi": "on"}, seed=1)
    view = match.view(None)
    result = view.last_result
    assert result is not None and result["declarations"]
    with recording() as drawn:
        summary_image(view, seats_for(2))
    shown = texts(drawn)
    for side in range(2):
        b = result["breakdown"][side]
        for key in ("thirds", "last_trick", "points", "accusi"):
            assert str(b[key]) in shown, key
        assert str(result["score"][side]) in shown
    names = [s.name for s in seats_for(2)]
    assert label("tr_last_trick_took", name=names[result["last_trick"]]) in shown
    assert names[0] in shown and names[1] in shown  # a player's name over each column
    winner = max(range(2), key=lambda i: result["score"][i])
    assert any(t.startswith(label("winner", name=names[winner])) for t in shown)
    assert sorted(drawn_cards(drawn)) == sorted(c for d in result["declarations"] for c in d["cards"])


def test_a_summary_without_declarations_draws_no_card():
    match = finished(GAME, 4, {"match": "single", "accusi": "off"})
    with recording() as drawn:
        summary_image(match.view(None), seats_for(4))
    assert not drawn_cards(drawn)
    assert label("team", n=1) in texts(drawn) and label("team", n=2) in texts(drawn)


ACCUSI_ROW = ROW_LABELS["accusi"]


@pytest.mark.parametrize("players", [2, 4])
def test_a_table_without_declarations_has_no_declarations_row(players):
    """With ``accusi`` off, no row of declaration points (its 0 read as declarations that scored nothing); the
    round's score is still the last row on the lighter ground."""
    match = finished(GAME, players, {"match": "single", "accusi": "off"})
    view = match.view(None)
    with recording() as drawn:
        summary_image(view, seats_for(players))
    shown = texts(drawn)
    assert "accusi" not in " ".join(shown)  # the row's label may take two lines
    assert ROW_LABELS["thirds"] in shown and label("total") in shown
    rows = pictures_module.SUMMARY.rows(summary_of(view), seats_for(players))
    assert [r[0] for r in rows][-1] == label("total")
    assert pictures_module.SUMMARY.total_rows(summary_of(view), len(rows)) == 1


def test_a_table_with_declarations_keeps_the_row_even_when_none_was_declared():
    match = next(m for seed in range(40)
                 if not (m := finished(GAME, 4, {"match": "single", "accusi": "on"}, seed=seed)).view(None)
                 .last_result["declarations"])
    view = match.view(None)
    with recording() as drawn:
        summary_image(view, seats_for(4))
    assert ACCUSI_ROW in " ".join(texts(drawn))  # the row's label may take two lines
    rows = pictures_module.SUMMARY.rows(summary_of(view), seats_for(4))
    assert [r[1:] for r in rows if r[0] == ACCUSI_ROW] == [["0", "0"]]
    assert pictures_module.SUMMARY.total_rows(summary_of(view), len(rows)) == 1


# ----- replays -----
@pytest.mark.parametrize("players", [2, 4])
def test_the_replay_has_a_frame_per_trick(players):
    match = play_until(GAME, players, {"match": "single", "accusi": "on"}, 11, lambda m: m.is_over())
    assert match is not None
    rec = match.record()
    views = replay_views(rec)
    kinds = [k for k, _v in views]
    assert kinds == ["deal", *["trick"] * (40 // players), "end"]
    plays = [(e["seat"], e["play"]) for r in rec["rounds"] for e in r["actions"] if "play" in e]
    shown = [(s, str(c)) for kind, v in views if kind == "trick" for s, c in v.trick]  # type: ignore[attr-defined]
    assert shown == [(s, str(Card.parse(c.split()[0]))) for s, c in plays]
    assert all(v.seat is None for _k, v in views)
    frames = replay_frames(rec, scale=0.3)
    assert len(frames) == len(kinds)
    assert len({f.size for f in frames}) == 1
