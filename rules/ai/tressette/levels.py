"""Tressette's ``greedy`` (the exact baseline of docs/AI.md: win a trick cheaply, cash a card that cannot be beaten,
load a partner's sure trick, else shed the least valuable card) and ``medium`` (card counting, the chance that
the seats still to play beat a card, what a card is worth kept in hand: a master card, the guards of an ace or
a two; long suits led; the voids a seat showed; the signals given and read, in 4 players).

Every level sees only a ``TressetteView`` (its own hand, the trick, the completed tricks, the drawn and
declared cards, the signals) and returns one of ``view.legal``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rules.actions import Action
from rules.ai.tressette.signals import Reading, read_leads
from rules.cards import RANKS, deck_40
from rules.games.tressette.rules import LAST_TRICK_THIRDS, STRENGTH, THIRDS, side_of
from rules.games.tressette.view import TressetteView

DECK: tuple[int, ...] = tuple(int(c) for c in deck_40())
SUIT_CARDS: tuple[tuple[int, ...], ...] = tuple(tuple(c for c in DECK if c // 13 == s) for s in range(4))
"""The ten cards of each suit."""


# ----- what every level reads from the view -----
def played_cards(view: TressetteView) -> set[int]:
    """Every card played this round: the completed tricks and the trick on the table."""
    out = {int(c) for _lead, cards, _w in view.tricks for _s, c in cards}
    out.update(int(c) for _s, c in view.trick)
    return out


def is_master(card: int, gone: set[int]) -> bool:
    """Whether no card of ``card``'s suit stronger than it is left outside ``gone`` (the cards played and the
    seat's own hand): nobody else can beat it."""
    return all(STRENGTH[x] <= STRENGTH[card] or x in gone for x in SUIT_CARDS[card // 13])


def trick_leader(view: TressetteView) -> tuple[int, int]:
    """(seat, card) that is taking the trick on the table so far."""
    led = view.trick[0][1].suit_index
    seat, best = view.trick[0][0], int(view.trick[0][1])
    for s, c in view.trick[1:]:
        if c.suit_index == led and STRENGTH[c] > STRENGTH[best]:
            seat, best = s, int(c)
    return seat, best


def card_actions(view: TressetteView) -> list[Action]:
    """The legal plays without a signal (one per card)."""
    return [a for a in view.legal if a.signal is None]


def _card(a: Action) -> int:
    assert a.card is not None, "a Tressette action plays a card"
    return int(a.card)


# ----- greedy: the exact rule -----
def greedy_card(view: TressetteView) -> int:
    """Greedy's card (docs/AI.md, "Tressette"). Leading: the card that cannot be beaten (a master) worth the most
    thirds, then the strongest, then the lowest id; with none, the card of fewest thirds, then the weakest, then
    the lowest id. Following: when the partner takes the trick so far and the seat plays last, or the partner's
    card is a master, the card of most thirds (then the weakest, then the lowest id); else the weakest card that
    takes the trick so far (then the lowest id); else the card of fewest thirds, then the weakest, then the
    lowest id."""
    cards = [_card(a) for a in card_actions(view)]
    hand = {int(c) for c in view.hand}
    gone = played_cards(view) | hand

    def shed(c: int) -> tuple[int, int, int]:
        return (THIRDS[c], STRENGTH[c], c)

    if not view.trick:
        masters = [c for c in cards if is_master(c, gone)]
        if masters:
            return max(masters, key=lambda c: (THIRDS[c], STRENGTH[c], -c))
        return min(cards, key=shed)
    assert view.seat is not None
    best_seat, best = trick_leader(view)
    led = view.trick[0][1].suit_index
    partner = view.players == 4 and side_of(best_seat, 4) == side_of(view.seat, 4)
    if partner:
        if len(view.trick) == view.players - 1 or is_master(best, gone):
            return max(cards, key=lambda c: (THIRDS[c], -STRENGTH[c], -c))
        return min(cards, key=shed)
    beaters = [c for c in cards if c // 13 == led and STRENGTH[c] > STRENGTH[best]]
    if beaters:
        return min(beaters, key=lambda c: (STRENGTH[c], c))
    return min(cards, key=shed)


def choose_greedy(view: TressetteView) -> Action:
    """Greedy's action: its card, never with a signal."""
    card = greedy_card(view)
    return next(a for a in card_actions(view) if a.card == card)


# ----- medium: counting, chances, what a card is worth kept -----
class Knowledge:
    """What a seat can infer from its view: the unseen cards, each other seat's hidden slots, the suits each
    seat has shown (or signalled, ``volo``) it lacks, what each seat's signals say it holds (``signals``: the
    card a ``busso`` named while it is not played, two or more cards of a ``striscio``'s suit)."""

    def __init__(self, view: TressetteView) -> None:
        assert view.seat is not None
        self.view = view
        self.seat = view.seat
        self.n = view.players
        self.hand = {int(c) for c in view.hand}
        self.played = played_cards(view)
        self.known: dict[int, set[int]] = {s: {int(c) for c in cs} for s, cs in view.known_hands.items()
                                           if s != self.seat}
        known_all = set().union(*self.known.values()) if self.known else set()
        self.unseen = set(DECK) - self.hand - self.played - known_all
        """Cards whose place this seat does not know: in another seat's hidden slots or in the stock."""
        self.hidden = {s: view.hand_sizes[s] - len(self.known.get(s, ())) for s in range(self.n) if s != self.seat}
        self.void: dict[int, set[int]] = {s: {"dcsb".index(x) for x in v} for s, v in enumerate(view.voids())}
        self.striscio: dict[int, set[int]] = {s: set() for s in range(self.n)}
        for sig in view.signals:
            suit = sig.card.suit_index
            if sig.signal == "volo":
                self.void[sig.seat].add(suit)
            elif sig.signal == "striscio":
                self.striscio[sig.seat].add(suit)
        self.gone = self.played | self.hand
        self.reading: dict[int, Reading] = {s: read_leads(view, s, self.gone) for s in range(self.n) if s != self.seat}
        """By other seat, what its leads said it holds now (``signals.read_leads``)."""
        for s, r in self.reading.items():
            self.void[s].update(suit for suit, count in r.exactly.items() if count == 0)

    def partner(self) -> int | None:
        """The partner's seat with 4 players."""
        return (self.seat + 2) % 4 if self.n == 4 else None

    def same_side(self, a: int, b: int) -> bool:
        """Whether two seats play for one side."""
        return side_of(a, self.n) == side_of(b, self.n)

    def holds_any(self, seat: int, cards: Iterable[int]) -> float:
        """The chance that ``seat`` holds at least one of ``cards`` (counting its known cards, its voids, the
        hypergeometric chance over its hidden slots, and the card a ``busso`` it gave says it still holds)."""
        wanted = set(cards)
        if wanted & self.known.get(seat, set()):
            return 1.0
        h = self.hidden.get(seat, 0)
        if h <= 0:
            return 0.0
        voids = self.void.get(seat, set())
        claimed = {c for s, r in self.reading.items() if s != seat for c in r.held}  # another seat knocked for it
        pool = [c for c in self.unseen if c // 13 not in voids and c not in claimed]
        k = sum(1 for c in wanted if c in pool)
        if k == 0:
            return 0.0
        total = len(pool)
        if total <= 0:
            return 0.0
        none = 1.0
        for i in range(min(h, total)):
            if total - i <= 0:
                break
            none *= max(0.0, (total - k - i) / (total - i))
        p = 1.0 - none
        if seat in self.reading and wanted & self.reading[seat].held:  # it knocked for this card
            p = max(p, 0.9)
        return p

    def stronger(self, card: int) -> list[int]:
        """The cards of ``card``'s suit stronger than it that are not played and not in the seat's hand."""
        return [x for x in SUIT_CARDS[card // 13] if STRENGTH[x] > STRENGTH[card] and x not in self.gone]

    def after(self, trick_len: int) -> list[int]:
        """The seats that still play to the trick after this seat."""
        return [(self.seat + i) % self.n for i in range(1, self.n - trick_len)]


MASTER_KEEP = 0.3
"""Thirds a master card (one nothing left can beat) is worth kept in hand: a sure trick later."""
GUARDED = 0.5
"""How much of the threat to a card is left when the seat holds a smaller card of its suit to play under it."""
LONG_SUIT = 0.15
"""Thirds a lead is worth for each other card the seat holds in the led suit."""


def threat(k: Knowledge, card: int, guards: int | None = None) -> float:
    """The chance that ``card`` kept in hand falls to a stronger card of an opponent: none for a master; else the
    likeliest opponent's chance of holding a stronger card, times ``GUARDED`` for each smaller card of the suit
    the seat holds to play under it (``guards``: that count, by default the hand's)."""
    above = k.stronger(card)
    if not above:
        return 0.0
    chance = max(k.holds_any(s, above) for s in k.hidden if not k.same_side(s, k.seat))
    if guards is None:
        guards = sum(1 for c in k.hand if c // 13 == card // 13 and STRENGTH[c] < STRENGTH[card])
    return chance * GUARDED ** guards


GUARDED_RANKS = frozenset(c for c in DECK if RANKS[c % 13] in "A2")
"""The cards a seat keeps small cards under: an ace (3 thirds, taken by a 3 or a 2) and a two (taken by a 3)."""


def keep_cost(k: Knowledge, card: int) -> float:
    """What playing ``card`` costs the seat's hand later, in thirds: a master card is a sure trick later
    (``MASTER_KEEP``); a small card under the seat's ace or two of its suit leaves that card less guarded (the
    rise of its ``threat`` times its thirds)."""
    cost = 0.0
    if is_master(card, k.gone) and THIRDS[card] < 3:
        cost += MASTER_KEEP
    for guarded in k.hand:
        if guarded // 13 != card // 13 or guarded not in GUARDED_RANKS or STRENGTH[card] >= STRENGTH[guarded]:
            continue
        guards = sum(1 for c in k.hand if c // 13 == card // 13 and STRENGTH[c] < STRENGTH[guarded])
        cost += THIRDS[guarded] * (threat(k, guarded, guards - 1) - threat(k, guarded, guards))
    return cost


OTHER_CARD = 0.25
"""The thirds an opponent still to play is expected to give to a trick the seat's side takes (a small card)."""


def swing(k: Knowledge, table: Sequence[tuple[int, int]], card: int, rest: Sequence[int], p: float) -> float:
    """What a play is worth in thirds to the seat's side against the other, counting each card as its holder's
    until a trick takes it: with chance ``p`` the side takes the other side's cards in the trick, else it gives
    its own (``card`` included); each opponent still to play adds ``OTHER_CARD`` to a trick the side takes (a
    partner still to play gives nothing to a lost trick); the last trick's 3 go either way."""
    ours = THIRDS[card] + sum(THIRDS[c] for s, c in table if k.same_side(s, k.seat))
    theirs: float = sum(THIRDS[c] for s, c in table if not k.same_side(s, k.seat))
    theirs += OTHER_CARD * sum(1 for s in rest if not k.same_side(s, k.seat))
    value = p * theirs - (1 - p) * ours
    if sum(k.view.hand_sizes) <= k.n and k.view.stock_count == 0:
        value += (2 * p - 1) * LAST_TRICK_THIRDS
    return value


CONTEST = 0.6
"""How often a partner holding a card above the opponents' best card still takes the trick for each opponent
still to play (before the partner it may raise the bar, after it may beat the partner's card)."""
RESCUE = 0.5
"""How often a partner holding a card above the side's best card still takes the trick back after an opponent
beat it (the opponent's card may be above the partner's)."""


def p_win(k: Knowledge, best_seat: int, best: int, rest: Sequence[int]) -> float:
    """The chance that ``best`` (played by ``best_seat``) takes the trick, or that the seat's side takes it,
    with ``rest`` still to play: each opponent after it must not beat it, or a partner after that opponent
    takes it back (``RESCUE``); a partner still to play may beat an opposing best card (``CONTEST``)."""
    beaters = k.stronger(best)
    if k.same_side(best_seat, k.seat):
        p = 1.0
        opponent_before = False
        for s in rest:
            if not k.same_side(s, k.seat):
                p *= 1.0 - k.holds_any(s, beaters)
                opponent_before = True
            elif opponent_before:  # a partner after an opponent who beat it may beat that card in turn
                p += (1.0 - p) * RESCUE * k.holds_any(s, beaters)
        return p
    p = 0.0
    opponents = sum(1 for s in rest if not k.same_side(s, k.seat))
    for s in rest:
        if k.same_side(s, k.seat):
            p = max(p, k.holds_any(s, beaters) * CONTEST ** opponents)
    return p


def medium_scores(view: TressetteView) -> list[tuple[float, int]]:
    """(score in thirds, card) of each card ``medium`` may play: its ``swing`` less its keep cost plus, when
    leading, a long suit's and the partner's signals' bonus and an opponent's ``busso``'s malus."""
    k = Knowledge(view)
    out: list[tuple[float, int]] = []
    cards = [_card(a) for a in card_actions(view)]
    table = [(s, int(c)) for s, c in view.trick]
    rest = k.after(len(view.trick))
    partner = k.partner()
    for c in cards:
        if table:
            led = table[0][1] // 13
            best_seat, best = trick_leader(view)
            if c // 13 == led and STRENGTH[c] > STRENGTH[best]:
                best_seat, best = k.seat, c
            p = p_win(k, best_seat, best, rest)
            score = swing(k, table, c, rest, p)
            if partner is not None and view.trick[0][0] == partner and view.current_signal == "busso":
                score += 0.5 * p  # the partner asked for this trick
        else:
            p = p_win(k, k.seat, c, rest)
            score = swing(k, [], c, rest, p)
            suit = c // 13
            length = sum(1 for x in k.hand if x // 13 == suit)
            score += LONG_SUIT * (length - 1)
            if partner is not None:
                if any(c // 13 == suit for c in k.reading[partner].held):
                    score += 1.0  # lead the partner's suit back while it holds the card it knocked for
                if suit in k.striscio[partner]:
                    score += 0.3
                if suit in k.void[partner] and not is_master(c, k.gone):
                    score -= 0.3
            for s in rest:
                if (not k.same_side(s, k.seat) and any(x // 13 == suit for x in k.reading[s].held)
                        and not is_master(c, k.gone)):
                    score -= 0.5
        score += THIRDS[c] * threat(k, c) - keep_cost(k, c)  # its risk in hand is gone; what the hand loses
        out.append((score, c))
    return out


def lead_signal(view: TressetteView, card: int) -> str | None:
    """The true signal ``medium`` adds to a lead, by priority: ``busso`` when the seat keeps the master of the
    suit (the partner should lead it back), ``volo`` when the card is its last of the suit, ``striscio`` when it
    keeps two or more of the suit; ``None`` otherwise."""
    hand = {int(c) for c in view.hand}
    gone = played_cards(view) | hand
    rest = [c for c in hand if c // 13 == card // 13 and c != card]
    if any(is_master(c, gone) for c in rest) and not is_master(card, gone):
        return "busso"
    if not rest:
        return "volo"
    if len(rest) >= 2:
        return "striscio"
    return None


def choose_medium(view: TressetteView) -> Action:
    """Medium's action: the card of best score (ties: the lowest card id), with its lead signal when signals
    are played and the signal is legal."""
    scores = medium_scores(view)
    best = max(scores, key=lambda sc: (sc[0], -sc[1]))[1]
    if not view.trick:
        signal = lead_signal(view, best)
        if signal is not None:
            for a in view.legal:
                if a.card == best and a.signal == signal:
                    return a
    return next(a for a in card_actions(view) if a.card == best)


__all__ = ["Knowledge", "choose_greedy", "choose_medium", "greedy_card", "is_master", "keep_cost",
           "lead_signal", "medium_scores", "played_cards", "trick_leader"]
