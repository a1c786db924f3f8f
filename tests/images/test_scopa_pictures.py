"""Scopa's and Scopone's pictures: the table (the face-up cards, the last capture and its scopa, the stock, each
side's pile and scope), the hand (Scopone scientifico's 10 cards), the summary (every round point per side and
the primiera's four cards; none for a side without a suit), the replay frames; every text and card index at least
11 px tall on a phone; no hidden card in the public picture.

The games may not be in the registry of games yet: the module registers their specs for its own time
(``registered``), and covers them over their specs, whatever ``rules.games.names()`` holds."""

from __future__ import annotations

import copy
import dataclasses
import hashlib
from collections.abc import Iterator

import pytest
from PIL import Image

from images import registry
from images.common import DrawnText, PrivateViewError, label, recording
from images.games import scopa as scopa_pictures
from images.hand import hand_image
from images.parts import Summary
from images.replay import replay_frames, replay_views
from images.samples import LONG_SEATS, SAMPLE_SEATS
from images.sampling import play_until, seats_for
from images.summary import summary_image, summary_image_of
from images.table import table_image, table_png
from rules.cards import Card
from rules.engine import Match
from rules.games.scopa.engine import SCOPA_SPEC, SCOPONE_SPEC
from rules.spec import GAMES
from tests.images.test_legibility import CARD_INDEX_MIN_PX, too_small

GAMES_HERE = ("scopa", "scopone")


@pytest.fixture(scope="module", autouse=True)
def registered() -> Iterator[None]:
    """Scopa and Scopone in the registry of games while this module runs (as they are once registered)."""
    before = dict(GAMES)
    for game in (SCOPA_SPEC, SCOPONE_SPEC):
        GAMES.setdefault(game.name, game)
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


@pytest.fixture(scope="module")
def pictures() -> list[tuple[str, Image.Image, list[DrawnText]]]:
    """Every picture kind of both games over their sample positions and finished games, with the sample names
    and the hard ones."""
    out: list[tuple[str, Image.Image, list[DrawnText]]] = []
    for game in GAMES_HERE:
        samples = registry.for_game(game).samples
        assert samples is not None
        for names in (SAMPLE_SEATS, LONG_SEATS):
            for pos, match in samples.positions():
                seats = list(names[:match.n])
                with recording() as drawn:
                    img = table_image(match.view(None), seats)
                out.append((f"table {pos}", img, drawn))
                for seat in range(match.n):
                    view = match.view(seat)
                    if not view.hand:
                        continue
                    with recording() as drawn:
                        img = hand_image(view, seats)
                    out.append((f"hand {pos} seat {seat + 1}", img, drawn))
            for pos, match in samples.finished():
                with recording() as drawn:
                    img = summary_image(match.view(None), list(names[:match.n]))
                out.append((f"summary {pos}", img, drawn))
    return out


# ----- the registry -----
@pytest.mark.parametrize("game", GAMES_HERE)
def test_each_game_has_every_piece_in_its_own_module(game):
    pictures = registry.for_game(game)
    assert pictures.game == game
    assert not registry.missing(pictures)


# ----- legibility -----
def test_the_samples_cover_every_player_count_and_deal(pictures):
    names = {n.split(" seat")[0] for n, _i, _d in pictures}
    for wanted in ("table scopa-2p", "table scopa-3p", "table scopa-4p", "table scopone-scientifico",
                   "table scopone-tradizionale", "hand scopone-scientifico", "hand scopa-2p-crowded",
                   "summary scopa-3p", "summary scopone-11-napola"):
        assert wanted in names, wanted
    assert all(drawn for _n, _i, drawn in pictures)


def test_no_text_is_under_11_px_on_a_phone(pictures):
    failures = [f"{name}: {f}" for name, _img, drawn in pictures for f in too_small(drawn)]
    assert not failures, "\n".join(failures[:20])


def test_card_indices_are_readable_on_a_phone(pictures):
    failures = [f"{name}: {f}" for name, _img, drawn in pictures for f in too_small(drawn, "card", CARD_INDEX_MIN_PX)]
    assert not failures, "\n".join(failures[:20])


def test_pictures_are_as_wide_as_designed_and_not_too_tall(pictures):
    for name, img, _drawn in pictures:
        assert img.width == 795, name
        if name.startswith("table"):
            assert img.height <= 950, (name, img.height)  # about as tall as wide: the hand message below shows


def test_the_scientifico_hand_keeps_its_ten_cards_on_one_row(pictures):
    hands = [(img, drawn) for name, img, drawn in pictures if name.startswith("hand scopone-scientifico")]
    assert hands
    for img, drawn in hands:
        assert len(drawn_cards(drawn)) == 10
        assert img.height < 600  # one row of cards under the (empty) table


# ----- the table -----
def test_the_table_shows_the_table_cards_the_last_capture_and_the_stock():
    match = scopa_pictures.with_table("scopa", 2, 5)
    view = match.view(None)
    with recording() as drawn:
        table_image(view, seats_for(2))
    cards = drawn_cards(drawn)
    cap = view.last_capture
    assert cap is not None
    wanted = [str(c) for c in (*view.table, cap.card, *cap.taken)]
    assert sorted(cards) == sorted(wanted)
    shown = texts(drawn)
    assert str(view.stock_size) in shown
    assert [str(n) for n in view.pile_sizes] == [t for t in shown if t in {str(n) for n in view.pile_sizes}][:2]
    assert shown.count(label("scope_count", n=0)) == 2
    assert label("scopa_tag") not in shown


def test_a_scopa_is_tagged_and_counted_on_the_table():
    match = scopa_pictures.with_table("scopa", 2, 0, scopa=True)
    view = match.view(None)
    with recording() as drawn:
        table_image(view, seats_for(2))
    shown = texts(drawn)
    assert label("scopa_tag") in shown
    assert label("table_empty") in shown
    for n in view.scope:
        assert label("scope_count", n=n) in shown
    assert max(view.scope) >= 1


def test_scopone_has_no_stock_and_scopa_an_empty_stock_shows_zero():
    scopone = scopa_pictures.with_table("scopone", 4, 5, {"deal": "tradizionale"}).view(None)
    as_scopa = dataclasses.replace(scopone, options={k: v for k, v in scopone.options.items() if k != "deal"})
    with recording() as drawn:
        table_image(scopone, seats_for(4))
    with recording() as with_stock:
        table_image(as_scopa, seats_for(4))
    assert len(texts(with_stock)) == len(texts(drawn)) + 1  # the stock's count, which Scopone never has
    late = play_until("scopa", 2, {}, 3, lambda m: m.view(None).stock_size == 0 and bool(m.view(None).table))
    assert late is not None
    with recording() as drawn:
        table_image(late.view(None), seats_for(2))
    assert "0" in texts(drawn)


def test_distinct_tables_give_distinct_pictures():
    a = scopa_pictures.with_table("scopa", 2, 5)
    b = scopa_pictures.with_table("scopa", 2, 0, scopa=True)
    assert table_png(a.view(None)) != table_png(b.view(None))
    french = scopa_pictures.with_table("scopa", 2, 5, {"faces": "french"})
    assert table_png(french.view(None)) != table_png(a.view(None))


def test_the_card_placed_last_is_outlined():
    match = play_until("scopa", 2, {}, 5, lambda m: bool(m.view(None).history)
                       and not m.view(None).history[-1][2] and m.view(None).last_capture is not None)
    assert match is not None
    view = match.view(None)
    placed = scopa_pictures.last_placed(view)
    assert placed is not None and placed in view.table
    outlined = table_image(view)
    plain = table_image(dataclasses.replace(view, history=view.history[:-1]))
    assert outlined.tobytes() != plain.tobytes()


# ----- privacy -----
def _swap_hidden(match: Match) -> Match:
    """The same match with hidden cards exchanged (the first card of two hands, or of a hand and the stock),
    nothing public changed."""
    changed = copy.deepcopy(match)
    r = changed.round
    held = [h for h in r.hands if h] + ([r.stock] if r.stock else [])
    assert len(held) >= 2, "two places with hidden cards, else the test proves nothing"
    held[0][0], held[1][0] = held[1][0], held[0][0]
    return changed


@pytest.mark.parametrize(("game", "players", "options"), [("scopa", 2, {}), ("scopa", 4, {}),
                                                          ("scopone", 4, {"deal": "scientifico"})])
def test_the_public_table_picture_does_not_change_with_the_hidden_cards(game, players, options):
    match = scopa_pictures.with_table(game, players, 3, options, taken=1)
    changed = _swap_hidden(match)
    assert [list(h) for h in changed.round.hands] + [changed.round.stock] != \
        [list(h) for h in match.round.hands] + [match.round.stock]
    seats = seats_for(players)
    digest = hashlib.sha256(table_png(match.view(None), seats)).hexdigest()
    assert hashlib.sha256(table_png(changed.view(None), seats)).hexdigest() == digest
    held = {int(c) for h in match.round.hands for c in h} | {int(c) for c in match.round.stock}
    with recording() as drawn:
        table_image(match.view(None), seats)
    assert not {c for c in drawn_cards(drawn) if int(Card.parse(c)) in held}
    for seat in range(players):
        with pytest.raises(PrivateViewError):
            table_png(match.view(seat))


def test_a_hand_picture_draws_its_own_hand_and_the_table_only():
    match = scopa_pictures.with_table("scopa", 3, 4, taken=1)
    for seat in range(3):
        view = match.view(seat)
        with recording() as drawn:
            hand_image(view, seats_for(3))
        assert sorted(drawn_cards(drawn)) == sorted(str(c) for c in (*view.hand, *view.table))


# ----- the summary -----
def _summary(primiera_cards: list[list[str]], counts_primiera: list[int], napola: str = "off") -> Summary:
    breakdown = [{"scope": 2, "cards": 1, "denari": 1, "settebello": 1, "primiera": 0, "napola": 0},
                 {"scope": 0, "cards": 0, "denari": 0, "settebello": 0, "primiera": 1, "napola": 0}]
    counts = [{"cards": 22, "denari": 6, "scope": 2, "primiera": counts_primiera[0]},
              {"cards": 18, "denari": 4, "scope": 0, "primiera": counts_primiera[1]}]
    result = {"score": [5, 1], "game_points": [5, 1], "card_points": [], "breakdown": breakdown, "counts": counts,
              "primiera_cards": primiera_cards, "leftover_to": 0, "unclaimed": []}
    return Summary("scopa", 2, result, 1, (5, 1), False, (), {"match": "11", "napola": napola})


def test_the_summary_shows_each_point_and_the_primiera_cards():
    s = _summary([["7d", "6c", "As", "5b"], ["7c", "7s", "6d", "7b"]], [70, 81])
    with recording() as drawn:
        summary_image_of(s, seats_for(2))
    shown = texts(drawn)
    assert sorted(drawn_cards(drawn)) == sorted(["7d", "6c", "As", "5b", "7c", "7s", "6d", "7b"])
    for cell in ("22 +1", "18", "6 +1", "4", "70", "81 +1", "2", "5", "1"):
        assert cell in shown, cell
    assert "Giulia" in shown and "Bruno" in shown  # the players name the columns
    assert "Napola" not in shown  # without the option


def test_a_side_without_a_suit_has_no_primiera():
    s = _summary([["7d", "6c", "As", "5b"], []], [70, 0])
    with recording() as drawn:
        summary_image_of(s, seats_for(2))
    assert sorted(drawn_cards(drawn)) == sorted(["7d", "6c", "As", "5b"])
    shown = texts(drawn)
    assert "81" not in shown and "0" in shown  # no primiera value counted for the side
    assert any(t in label("no_primiera") for t in shown)


def test_the_napola_row_shows_with_the_option():
    with recording() as drawn:
        summary_image_of(_summary([["7d", "6c", "As", "5b"], ["7c", "7s", "6d", "7b"]], [70, 81], "on"))
    assert "Napola" in texts(drawn)


def test_a_team_summary_names_the_teams_and_draws_both_primiere():
    from images.sampling import finished

    match = finished("scopone", 4, {"match": "single"})
    with recording() as drawn:
        summary_image(match.view(None), seats_for(4))
    shown = texts(drawn)
    joined = " ".join(shown)  # a column title may take two lines
    assert label("team", n=1) in joined and label("team", n=2) in joined
    primiere = match.view(None).last_result["primiera_cards"]
    assert sorted(drawn_cards(drawn)) == sorted(c for cards in primiere for c in cards)


# ----- replays -----
@pytest.mark.parametrize(("game", "players", "options"), [("scopa", 2, {"match": "single"}),
                                                          ("scopa", 3, {"match": "single"}),
                                                          ("scopone", 4, {"match": "single"})])
def test_the_replay_has_a_frame_per_turn(game, players, options):
    match = play_until(game, players, options, 11, lambda m: m.is_over())
    assert match is not None
    rec = match.record()
    kinds = [k for k, _v in replay_views(rec)]
    plays = sum(1 for r in rec["rounds"] for e in r["actions"] if "play" in e)
    assert kinds == ["deal", *["turn"] * plays, "end"]
    last_turn = replay_views(rec)[-2][1]
    assert not last_turn.table or last_turn.last_capture is not None  # the round's last table, not the next one's
    frames = replay_frames(rec, scale=0.3)
    assert len(frames) == len(kinds)
    assert len({f.size for f in frames}) == 1


def test_the_summary_part_under_the_rows_adds_its_height(monkeypatch):
    """The protocol's ``SummaryStyle.below``: the primiera cells make the picture taller by their height and a
    gap, and without them no card is drawn."""
    from images.summary import GAP, summary_size

    s = _summary([["7d", "6c", "As", "5b"], ["7c", "7s", "6d", "7b"]], [70, 81])
    part = scopa_pictures.SUMMARY.below(s, None)
    assert part is not None
    whole = summary_size(s)
    plain = dataclasses.replace(scopa_pictures.SUMMARY, below=lambda _s, _seats: None)
    monkeypatch.setitem(registry.PICTURES, "scopa", dataclasses.replace(registry.PICTURES["scopa"], summary=plain))
    assert summary_size(s)[1] == whole[1] - part.height - GAP
    with recording() as drawn:
        summary_image_of(s)
    assert not drawn_cards(drawn)


@pytest.mark.parametrize("count", [6, 10, 11, 16])
def test_a_crowded_table_keeps_its_indices_legible(count):
    """Up to 10 table cards lie on one row (overlapping from 7), more take a second row: never a card whose
    index is under 11 px on a phone, in the table picture and in the hand picture's board."""
    from rules.cards import deck_40

    match = scopa_pictures.with_table("scopa", 2, 5)
    for seat in (None, match.to_move()):
        view = dataclasses.replace(match.view(seat), table=tuple(deck_40()[:count]))
        draw = table_image if seat is None else hand_image
        with recording() as drawn:
            img = draw(view)
        assert img.width == 795
        assert len(drawn_cards(drawn)) >= count
        assert not too_small(drawn, "card", CARD_INDEX_MIN_PX), (seat, count)
    board = scopa_pictures.table_board(count)
    assert board.rows == (1 if count <= 10 else 2)
    assert board.card >= 114
