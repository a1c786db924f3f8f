"""Features of a Briscola position for the learned evaluation, from what one seat can see and nothing else.

A position is encoded from the seat's view (``from_view``) or, inside a search, from a full round state and
a seat (``from_round``); both read only what that seat may see (its hand, the tricks played, the trick on
the table, the face-up card, the cards other seats are known to hold, the stock's size), so they give the
same features for the same view (a test builds states that differ only in hidden cards). Cards are
numbered with the trump suit first (``card_index``), so one network serves every trump.

The encoding: ``BLOCKS`` blocks of 40 cards (1 where the card is in that place), then ``SCALARS`` numbers.
``encode`` returns it compactly (the card blocks as the bits of one integer, the scalars) so a search fills a
whole batch with a few numpy calls (``matrix``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.ai.briscola.beliefs import known_holdings
from rules.ai.briscola.numeric import np
from rules.cards import POINTS, beats
from rules.games.briscola.round import BriscolaRound
from rules.games.briscola.rules import HAND_SIZE, deck_for, draws_for
from rules.games.briscola.view import BriscolaView

VERSION = "briscola-features-1"
"""Stored with the weights: a network is only used with the encoding it was trained on."""
BLOCKS = ("hand", "gone", "trick_other", "trick_partner", "face_up", "known_other", "known_partner", "unseen")
CARDS = 40
SCALARS = (
    "my_points", "other_points", "trick_points", "stock", "hand_size", "trick_position", "my_side_winning",
    "tricks_done", "leading", "can_exchange", "last_to_play",
)
SIZE = len(BLOCKS) * CARDS + len(SCALARS)
_RANK10 = {0: 0, 1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 10: 7, 11: 8, 12: 9}
"""Rank index (``A23456789XFCR``) to its place among the 10 ranks of the 40-card deck."""
_HAND, _GONE, _TRICK_OTHER, _TRICK_PARTNER, _FACE_UP, _KNOWN_OTHER, _KNOWN_PARTNER, _UNSEEN = (
    k * CARDS for k in range(len(BLOCKS)))
Encoded = tuple[int, list[float]]
"""A position's features: the card blocks as one integer (bit ``k * 40 + card_index`` set when the card is in
block ``k``), and the ``SCALARS`` values."""


def card_index(card: int, trump: int) -> int:
    """A card's place (0-39) in a block: the trump suit first, then the others in their order."""
    return ((card // 13 - trump) % 4) * 10 + _RANK10[card % 13]


_BIT = [[1 << card_index(c, t) if c % 13 in _RANK10 else 0 for c in range(52)] for t in range(4)]
"""``_BIT[trump][card]``: the card's bit in a block (``card_index`` precomputed; 0 for ranks not in the
40-card deck)."""
_DECK_BITS = {n: [sum(_BIT[t][int(c)] for c in deck_for(n)) for t in range(4)] for n in (2, 3, 4, 6)}
_PER_SEAT = {n: draws_for(n) + HAND_SIZE for n in _DECK_BITS}
"""Tricks in a round of ``n`` players."""


Base = tuple[int, int, tuple[int, ...]]
"""The first ``k`` completed tricks summed: (k, their cards' bits, card points won per side)."""


def history_base(side_of: Sequence[int], trump: int, tricks: Sequence[tuple[int, Sequence[int], int]]) -> Base:
    """``tricks`` (leader, cards, winner) summed for ``encode``: the cards gone and each side's points."""
    bit = _BIT[trump]
    gone = 0
    points = [0] * (max(side_of) + 1)
    for _lead, cs, w in tricks:
        for c in cs:
            gone |= bit[c]
            points[side_of[w]] += POINTS[c]
    return len(tricks), gone, tuple(points)


def encode(
    n: int, seat: int, side_of: Sequence[int], trump: int, hand: Sequence[int],
    tricks: Sequence[tuple[int, Sequence[int], int]], trick: Sequence[int], leader: int, face_up: int | None,
    known: dict[int, set[int]], stock: int, can_exchange: bool, base: Base | None = None,
) -> Encoded:
    """The features of one seat's position: its ``hand``; the completed ``tricks`` as (leader, cards in play
    order, winner); the ``trick`` on the table led by ``leader``; the face-up card while not drawn; the
    cards other seats are known to hold (``known``: seat to cards); the face-down ``stock`` count. ``base``:
    the first tricks already summed (``history_base``), so a search sums the tricks of its view once."""
    mine = side_of[seat]
    bit = _BIT[trump]
    hand_bits = 0
    for c in hand:
        hand_bits |= bit[c]
    if base is None:
        base = history_base(side_of, trump, ())
    start, gone, side_points = base[0], base[1], list(base[2])
    for _lead, cs, w in tricks[start:]:
        for c in cs:
            gone |= bit[c]
            side_points[side_of[w]] += POINTS[c]
    my_points = side_points[mine]
    other_points = max(p for i, p in enumerate(side_points) if i != mine)
    trick_other = trick_partner = 0
    best = best_seat = -1
    at_stake = 0
    for i, c in enumerate(trick):
        s = (leader + i) % n
        if side_of[s] == mine:
            trick_partner |= bit[c]
        else:
            trick_other |= bit[c]
        at_stake += POINTS[c]
        if best < 0 or beats(c, best, trump):
            best, best_seat = c, s
    up = bit[face_up] if face_up is not None else 0
    known_other = known_partner = 0
    for s, held in known.items():
        if s == seat:
            continue
        for c in held:
            if side_of[s] == mine:
                known_partner |= bit[c]
            else:
                known_other |= bit[c]
    seen = hand_bits | gone | trick_other | trick_partner | up | known_other | known_partner
    unseen = _DECK_BITS[n][trump] & ~seen
    bits = (hand_bits | gone << _GONE | trick_other << _TRICK_OTHER | trick_partner << _TRICK_PARTNER
            | up << _FACE_UP | known_other << _KNOWN_OTHER | known_partner << _KNOWN_PARTNER | unseen << _UNSEEN)
    scalars = [
        my_points / 120.0,
        other_points / 120.0,
        at_stake / 120.0,
        stock / 40.0,
        len(hand) / HAND_SIZE,
        len(trick) / n,
        1.0 if trick and side_of[best_seat] == mine else 0.0,
        len(tricks) / _PER_SEAT[n],
        0.0 if trick else 1.0,
        1.0 if can_exchange else 0.0,
        1.0 if len(trick) == n - 1 else 0.0,
    ]
    return bits, scalars


def from_view(view: BriscolaView) -> Encoded:
    """The features of a seat's view."""
    if view.seat is None:
        raise ValueError("features need a seat's view, not the public one")
    side_of = [0] * view.players
    for i, side in enumerate(view.sides):
        for s in side:
            side_of[s] = i
    tricks = [(lead, [int(c) for _, c in cs], w) for lead, cs, w in view.tricks]
    return encode(
        view.players, view.seat, side_of, "dcsb".index(view.trump), [int(c) for c in view.hand], tricks,
        [int(c) for _, c in view.trick], view.leader, None if view.briscola is None else int(view.briscola),
        known_holdings(view), view.stock_count, view.can_exchange,
    )


def round_known(r: BriscolaRound, seat: int, visible: Sequence[int] = ()) -> dict[int, set[int]]:
    """What ``seat`` knows other seats hold in round ``r``, as ``known_holdings`` reads it from a view: the
    face-up cards taken in exchanges and drawn last (not played, not given away since), and the hands of
    the ``visible`` seats."""
    known: dict[int, set[int]] = {s: set() for s in range(r.n)}
    drawer = r.briscola_drawer()
    if r.exchanges or (drawer is not None and drawer != seat):  # else nothing this seat saw taken: no scan
        played = {c for _l, cs, _w in r.history for c in cs} | set(r.trick)
        for s, _given, taken, _k in r.exchanges:
            known[s].add(taken)
        if drawer is not None:
            known[drawer].add(r.briscola)
        for s in known:
            known[s] -= played
            if s == seat:
                known[s].clear()
            for ex_seat, given, _taken, _k in r.exchanges:
                if ex_seat == s:
                    known[s].discard(given)
    for s in visible:
        known[s] = set(r.hands[s])
    return known


def from_round(r: BriscolaRound, seat: int, visible: Sequence[int] = (), base: Base | None = None) -> Encoded:
    """The features of ``seat``'s position in a full round state (inside a search): only what its view
    shows (``visible``: the other seats whose hands the table shows it). ``base``: ``history_base`` of the
    first tricks of ``r.history`` (a search's positions share them)."""
    return encode(
        r.n, seat, r.side_of, r.trump, r.hands[seat], r.history, r.trick, r.leader,
        None if r.briscola_drawn else r.briscola, round_known(r, seat, visible), len(r.stock),
        r.can_exchange and not r.done, base,
    )


def matrix(rows: Sequence[Encoded]) -> np.ndarray:
    """The batch of encoded positions as a float32 matrix, one row each."""
    x = np.zeros((len(rows), SIZE), dtype=np.float32)
    if not rows:
        return x
    width = len(BLOCKS) * CARDS
    raw = b"".join([bits.to_bytes(width // 8, "little") for bits, _scalars in rows])
    packed = np.frombuffer(raw, dtype=np.uint8).reshape(len(rows), width // 8)
    x[:, :width] = np.unpackbits(packed, axis=1, bitorder="little")
    x[:, width:] = [scalars for _bits, scalars in rows]
    return x
