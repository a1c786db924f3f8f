"""The public table picture never gets a hidden card: it refuses a seat's view, and the public view it takes
holds no card of any hand. A seat's hand picture (with its trick strip) draws no card hidden from that seat."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping

import pytest

from images import samples
from images.common import PrivateViewError
from images.games import briscola as briscola_pictures
from images.games import chiamata as chiamata_pictures
from images.games import cicera as cicera_pictures
from images.games import scopa as scopa_pictures
from images.games import tressette as tressette_pictures
from images.table import table_png
from rules.cards import Card
from rules.engine import Match


def reachable_cards(value: object, path: str = "view") -> Iterator[tuple[str, Card]]:
    """Every card reachable from a view: Card values, and strings in card notation (round results), with
    where they were found."""
    if isinstance(value, Card):
        yield path, value
    elif isinstance(value, str):
        if len(value) == 2:
            try:
                card = Card.parse(value)
            except ValueError:
                card = None
            if card is not None:
                yield path, card
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from reachable_cards(getattr(value, f.name), f"{path}.{f.name}")
    elif isinstance(value, Mapping):
        for k, v in value.items():
            yield from reachable_cards(k, f"{path}[{k!r}]")
            yield from reachable_cards(v, f"{path}[{k!r}]")
    elif isinstance(value, (list, tuple, set, frozenset)):
        for i, v in enumerate(value):
            yield from reachable_cards(v, f"{path}[{i}]")


def hand_cards(match: Match) -> set[int]:
    """Every card in every hand now (and Chiamata's kitty and discards: never shown)."""
    r = match.round
    held = {int(c) for h in r.hands for c in h}
    held |= {int(c) for c in getattr(r, "kitty", ())}
    held |= {int(c) for c in getattr(r, "discards", ())}
    return held


def states() -> list[tuple[str, Match]]:
    out: list[tuple[str, Match]] = []
    for n in (2, 3, 4, 6):
        out.append((f"briscola{n}", briscola_pictures.mid_trick(n, {"show_points": "on"}, tricks=2, played=1)))
        out.append((f"briscola{n}-late", briscola_pictures.mid_trick(n, {}, tricks=40 // n - 2, played=1)))
    out.append(("chiamata-auction", chiamata_pictures.auction(3)))
    out.append(("chiamata-called", chiamata_pictures.after_call()))
    out.append(("chiamata-revealed", chiamata_pictures.after_reveal({"show_points": "on"})))
    out.append(("chiamata-kitty", samples.find_state("chiamata", 5, {"kitty": "on"},
                                                     lambda m: m.view(None).phase == "play")))
    out.append(("cicera", cicera_pictures.with_table(12)))
    out.append(("scopa2", scopa_pictures.with_table("scopa", 2, 4)))
    out.append(("scopa4", scopa_pictures.with_table("scopa", 4, 3, {"show_points": "on"}, taken=1)))
    out.append(("scopone", scopa_pictures.with_table("scopone", 4, 3, {"deal": "scientifico"}, taken=1)))
    for n in (2, 4):
        out.append((f"tressette{n}", tressette_pictures.mid_trick(n, {"accusi": "on", "show_points": "on"}, tricks=3,
                                                                   played=1, stop=lambda v: bool(v.declarations))))
    return out


STATES = states()
SHOWN_TO_ALL = {
    "view.called": "Chiamata: the caller names the called card aloud; who holds it stays secret",
    "view.face_up": "Briscola: the briscola lay face up under the stock before the last draw took it",
    "view.drawn": "Tressette (2 players): both cards drawn after a trick are shown to both players",
    "view.known_hands": "Tressette: the drawn and declared cards still in a hand",
    "view.declarations": "Tressette: a declaration names its cards aloud",
}
"""Fields naming a card every player has seen or heard, even though it is now in a hand."""


@pytest.mark.parametrize("match", [m for _n, m in STATES], ids=[n for n, _m in STATES])
def test_public_view_holds_no_hand_card(match):
    view = match.view(None)
    held = hand_cards(match)
    assert held, "the state has cards in hand, else the test proves nothing"
    leaks = []
    for path, c in reachable_cards(view):
        if path.split("[")[0] in SHOWN_TO_ALL:
            continue
        if int(c) in held:
            leaks.append(f"{path} = {c}")
    assert not leaks, f"hand cards in the public view: {leaks}"
    table_png(view, samples.seats_for(match.n))


def test_reachable_cards_finds_hand_cards_in_a_private_view():
    """The walk above does find cards (so the test above can fail): in a seat's view it finds its hand."""
    match = STATES[0][1]
    seat = match.to_move()
    found = {int(c) for _p, c in reachable_cards(match.view(seat))}
    assert {int(c) for c in match.round.hands[seat]} <= found


@pytest.mark.parametrize("match", [m for _n, m in STATES], ids=[n for n, _m in STATES])
def test_table_refuses_a_private_view(match):
    for seat in range(match.n):
        with pytest.raises(PrivateViewError):
            table_png(match.view(seat))


def test_table_refuses_a_public_view_carrying_a_hand():
    match = STATES[0][1]
    view = match.view(None)
    smuggled = dataclasses.replace(view, hand=tuple(Card(c) for c in match.round.hands[0]))
    with pytest.raises(PrivateViewError):
        table_png(smuggled)


def test_open_mode_is_the_only_way_hands_reach_the_public_picture():
    opened = briscola_pictures.mid_trick(4, {"open": "on"}, tricks=2, played=1)
    view = opened.view(None)
    shown = {int(c) for cards in view.visible_hands.values() for c in cards}
    assert shown == hand_cards(opened)
    closed = briscola_pictures.mid_trick(4, {"partner_hand": "on"}, tricks=40 // 4 - 1, played=1)
    assert not closed.view(None).visible_hands  # partners' hands go to the partners, not to the public


def test_hand_picture_draws_no_card_hidden_from_its_seat():
    """A seat's hand picture (its trick strip included) draws its own hand, the table's public cards and the
    hands the view shows it (open mode, a partner's), never another card of any hand, kitty or discards."""
    from images.common import recording
    from images.hand import hand_image

    checked = 0
    for _name, match in STATES + [("open", briscola_pictures.mid_trick(4, {"open": "on"}, tricks=2, played=1))]:
        seats = samples.seats_for(match.n)
        for seat in range(match.n):
            view = match.view(seat)
            if not view.hand:
                continue
            with recording() as drawn:
                hand_image(view, seats)
            shown = {int(c) for c in view.hand}
            shown |= {int(c) for cards in view.shown_hands().values() for c in cards}
            shown |= {int(c) for c in getattr(view, "discards", ())}  # the caller's own discards
            shown |= {int(c) for c in view.announced()}  # cards every seat was shown (Tressette's drawn cards)
            hidden = hand_cards(match) - shown
            cards = {t.text.rsplit("(", 1)[1].rstrip(")") for t in drawn if t.kind == "card"}
            leaks = {c for c in cards if int(Card.parse(c)) in hidden}
            assert not leaks, f"{_name} seat {seat}: hidden cards drawn {leaks}"
            checked += len(cards)
    assert checked, "no card was recorded, else the test proves nothing"


def test_the_hand_privacy_check_finds_a_smuggled_card():
    """The check above can fail: a trick holding another seat's card is drawn, and found by the check."""
    from images.common import recording
    from images.hand import hand_image

    match = STATES[0][1]
    seat = match.to_move()
    other = (seat + 1) % match.n
    smuggled = Card(match.round.hands[other][0])
    view = dataclasses.replace(match.view(seat), trick=((other, smuggled),))
    with recording() as drawn:
        hand_image(view, samples.seats_for(match.n))
    assert any(t.text.endswith(f"({smuggled})") for t in drawn if t.kind == "card")
