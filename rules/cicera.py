"""Cicera (4 players, 2 teams, 52 cards): capture table cards by rank or by sum, with capture bonuses.

``CiceraRound`` is one deal; ``Cicera`` is the match (a single deal, or deals up to 21, 31 or 51 points).
Teams: seats {0, 2} are team 0, seats {1, 3} are team 1; a seat's team is ``seat % 2``.

Fast path for search: a *move* is ``(card, take)``: the played ``Card`` and the sorted tuple of captured
table cards, ``()`` to place the card. ``Action.play(card, take)`` is the checked equivalent and
``move_of(action)`` converts back. ``CiceraRound.clone`` / ``legal_fast`` / ``apply_fast`` use the same core
(``_play``) as the checked ``apply_checked``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from rules import options as opts
from rules.actions import Action, IllegalAction, RulesError
from rules.cards import CICERA_VALUE, Card, cards, deck_52, format_cards
from rules.engine import Match, Round, cards_json, parse_cards
from rules.spec import GameSpec, register
from rules.view import GameView

PLAYERS = 4
HAND_SIZE = 12
TABLE_SIZE = 4
TEAMS: tuple[tuple[int, ...], tuple[int, ...]] = ((0, 2), (1, 3))
"""Seats of team 0 and team 1."""
BONUSES = ("scua", "picada", "simili", "quadriglia")
"""Capture bonuses, 1 point each, in the order events list them."""
AWARDS = ("cards", "swords", "mata", "xd", "fc", "napula")
"""End-of-deal awards, in breakdown order."""
MATCH_TARGETS = {"single": None, "21": 21, "31": 31, "51": 51}

MATA = Card.parse("2s")
TEN_OF_COINS = Card.parse("Xd")
FANTE_OF_CUPS = Card.parse("Fc")
SWORDS = 2
"""Suit index of Spade (swords)."""
NAPULA_RUN: tuple[Card, ...] = tuple(Card.of(r, "s") for r in "A23456789X")
"""The swords A, 2, ... X in the order a Napula run counts them."""

Move = tuple[Card, tuple[Card, ...]]
"""Fast-path move: (played card, sorted captured table cards; ``()`` places the card)."""
History = tuple[tuple[int, Card, tuple[Card, ...]], ...]


# ----- capture choices -----
def _choice_key(take: tuple[Card, ...]) -> tuple[int, tuple[Card, ...]]:
    return (-len(take), take)


def value_buckets(table: Iterable[Card]) -> list[list[Card]]:
    """The table's number cards by value (index 1..10), each bucket sorted; courts are left out."""
    buckets: list[list[Card]] = [[] for _ in range(11)]
    for t in sorted(table):
        v = CICERA_VALUE[t]
        if v:
            buckets[v].append(t)
    return buckets


def _capacities(buckets: list[list[Card]]) -> list[int]:
    """``cap[v]``: the most the cards of values 1..v can add up to."""
    cap = [0] * 11
    acc = 0
    for v in range(1, 11):
        acc += v * len(buckets[v])
        cap[v] = acc
    return cap


def _sums_from_buckets(value: int, buckets: list[list[Card]], caps: list[int] | None = None) -> list[tuple[Card, ...]]:
    """Sum captures of ``value`` from value buckets (see ``sum_captures``).

    Depth-first over the values ``value - 1`` down to 1, choosing how many cards of each value to take,
    pruned when the smaller values left cannot make up the rest; each feasible split expands into the
    combinations of the actual cards."""
    if value < 2:
        return []
    cap = _capacities(buckets) if caps is None else caps
    if cap[value - 1] < value:
        return []
    out: list[tuple[Card, ...]] = []
    parts: list[list[tuple[Card, ...]]] = []

    def rec(v: int, remaining: int) -> None:
        if remaining == 0:
            for combo in product(*parts):
                out.append(tuple(sorted([c for group in combo for c in group])))
            return
        if cap[v] < remaining:
            return
        pool = buckets[v]
        for k in range(min(len(pool), remaining // v), 0, -1):
            parts.append(list(combinations(pool, k)))
            rec(v - 1, remaining - k * v)
            parts.pop()
        rec(v - 1, remaining)

    rec(value - 1, value)
    out.sort(key=_choice_key)
    return out


def sum_captures(value: int, table: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every set of two or more number cards of ``table`` adding up to ``value``, larger sets first.

    Each set is a sorted tuple of cards; the sets are distinct."""
    return _sums_from_buckets(value, value_buckets(table))


def capture_choices(card: Card, table: Iterable[Card]) -> list[tuple[Card, ...]]:
    """Every distinct capture ``card`` can make on ``table``, then ``()`` (placing it).

    Order: captures by rank (one card, by card id), then captures by sum, more cards first, then by card ids.
    Each capture is a sorted tuple of table cards."""
    table = list(table)
    rank = card % 13
    by_rank = [(t,) for t in sorted(table) if t % 13 == rank]
    by_sum = [] if card.is_court else sum_captures(CICERA_VALUE[card], table)
    return [*by_rank, *by_sum, ()]


def capture_problem(card: Card, take: Sequence[Card], table: Sequence[Card]) -> str | None:
    """Why playing ``card`` and taking ``take`` from ``table`` is not a legal capture, or ``None`` if it is.

    An empty ``take`` (placing the card) is always legal."""
    if not take:
        return None
    seen: set[Card] = set()
    for t in take:
        if t in seen:
            return f"{t} is named twice in what {card} takes"
        seen.add(t)
    missing = [t for t in take if t not in table]
    if missing:
        verb = "is" if len(missing) == 1 else "are"
        return f"{format_cards(missing)} {verb} not on the table"
    value = CICERA_VALUE[card]
    if len(take) == 1:
        t = take[0]
        if t % 13 == card % 13:
            return None
        if card.is_court and t.is_court:
            return f"a court takes only the equal court: {card} cannot take {t}"
        if card.is_court:
            return f"a court takes only one table card of its own rank: {card} cannot take the number card {t}"
        if t.is_court:
            return f"a number card cannot take a court: {card} cannot take {t}"
        return (
            f"{card} cannot take {t} alone: a single card is taken only by a card of the same rank, "
            f"and a capture by sum takes two or more cards adding up to {value}"
        )
    if card.is_court:
        return f"a court never captures by sum: {card} can take only one table card of its own rank"
    courts = [t for t in take if t.is_court]
    if courts:
        return f"courts never join a sum: {format_cards(courts)} cannot be taken by {card}"
    total = sum(CICERA_VALUE[t] for t in take)
    if total != value:
        return (
            f"{' + '.join(str(t) for t in take)} add up to {total}, not {value}: "
            f"a capture by sum must add up to the value of {card}"
        )
    return None


def move_of(action: Action) -> Move:
    """The fast-path move of a Cicera play action."""
    if action.kind != "play" or action.card is None or action.take is None:
        raise IllegalAction(f"{action} is not a Cicera play with its take")
    return (action.card, action.take)


def napula_length(pile: Iterable[Card]) -> int:
    """The Napula a pile scores: the length of its run of swords from the ace when it holds A, 2, 3; else 0."""
    have = set(pile)
    n = 0
    while n < len(NAPULA_RUN) and NAPULA_RUN[n] in have:
        n += 1
    return n if n >= 3 else 0


# ----- views -----
@dataclass(frozen=True)
class CaptureInfo:
    """One capture: who played which card, what it took, which bonuses it scored."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    bonuses: tuple[str, ...]


@dataclass(frozen=True)
class CiceraView(GameView):
    """What one seat (or, with ``seat=None``, any spectator) may see of a Cicera game."""

    table: tuple[Card, ...]
    """Table cards in the order they came to the table."""
    pile_sizes: tuple[int, int]
    """Cards captured per team (including leftovers once the deal is over)."""
    pile_swords: tuple[int, int]
    bonus_points: tuple[int, int]
    """Capture bonus points per team so far in this deal."""
    bonus_counts: tuple[Mapping[str, int], Mapping[str, int]]
    last_capture: CaptureInfo | None
    last_placement: tuple[int, Card] | None
    """(seat, card) when the previous play placed a card: the card a Picada can take now; else ``None``."""
    history: History
    """Plays of this deal in order: (seat, card, take); ``take == ()`` means placed."""

    @property
    def team(self) -> int | None:
        """The seat's team (0 or 1), ``None`` for the public view."""
        return None if self.seat is None else self.seat % 2


# ----- the round -----
class CiceraRound(Round):
    """One Cicera deal: 12 cards each, 4 on the table; the seat after the dealer plays first."""

    n: int
    dealer: int
    hands: list[list[Card]]
    table: list[Card]
    piles: list[list[Card]]
    bonus: list[list[int]]
    history: list[tuple[int, Card, tuple[Card, ...]]]
    last_capture: CaptureInfo | None
    leftover: tuple[Card, ...]
    leftover_to: int | None
    _to_move: int | None
    _placed: Card | None
    _placed_by: int | None
    _last_capturer: int | None
    _left: int
    _deal: dict

    def __init__(self, dealer: int, deal: dict) -> None:
        if not isinstance(dealer, int) or not 0 <= dealer < PLAYERS:
            raise RulesError(f"the dealer must be a seat 0..{PLAYERS - 1}, not {dealer!r}")
        hands, table = parse_deal(deal)
        self._setup(dealer, hands, table, (dealer + 1) % PLAYERS)

    @classmethod
    def shuffled(cls, dealer: int, rng: random.Random) -> CiceraRound:
        """A deal shuffled by ``rng``: hands are deck[12i:12i+12], the table deck[48:52]."""
        deck = deck_52()
        rng.shuffle(deck)
        deal = {
            "hands": [cards_json(deck[HAND_SIZE * i : HAND_SIZE * (i + 1)]) for i in range(PLAYERS)],
            "stock": [],
            "briscola": None,
            "table": cards_json(deck[HAND_SIZE * PLAYERS :]),
            "kitty": [],
        }
        return cls(dealer, deal)

    @classmethod
    def position(
        cls,
        hands: Sequence[str | Iterable[Card | str]],
        table: str | Iterable[Card | str],
        *,
        to_move: int = 0,
        dealer: int | None = None,
        piles: Sequence[str | Iterable[Card | str]] = ((), ()),
    ) -> CiceraRound:
        """An arbitrary position for tests and analysis (no full-deck check): hands, table, captured piles.

        Each group of cards is a list of cards or a space-separated string (``"7d 3c"``)."""
        rnd = cls.__new__(cls)
        hs = [_card_list(h) for h in hands]
        if len(hs) != PLAYERS:
            raise RulesError(f"Cicera has {PLAYERS} hands, not {len(hs)}")
        d = (to_move - 1) % PLAYERS if dealer is None else dealer
        rnd._setup(d, hs, _card_list(table), to_move)
        rnd.piles = [_card_list(p) for p in piles]
        if len(rnd.piles) != 2:
            raise RulesError("Cicera has 2 team piles")
        if rnd._left == 0:
            rnd._end_deal()
        return rnd

    def _setup(self, dealer: int, hands: list[list[Card]], table: list[Card], first: int) -> None:
        self.n = PLAYERS
        self.dealer = dealer
        self._deal = {
            "hands": [cards_json(h) for h in hands],
            "stock": [],
            "briscola": None,
            "table": cards_json(table),
            "kitty": [],
        }
        self.hands = [sorted(h) for h in hands]
        self.table = list(table)
        self.piles = [[], []]
        self.bonus = [[0] * len(BONUSES), [0] * len(BONUSES)]
        self.history = []
        self.last_capture = None
        self.leftover = ()
        self.leftover_to = None
        self._to_move = first
        self._placed = None
        self._placed_by = None
        self._last_capturer = None
        self._left = sum(len(h) for h in self.hands)

    # ----- state queries -----
    def to_move(self) -> int | None:
        """The seat to play, or ``None`` once every hand is empty."""
        return self._to_move

    def is_over(self) -> bool:
        """True when every hand is empty."""
        return self._to_move is None

    def deal_json(self) -> dict:
        """The deal in record form."""
        d = self._deal
        return {
            "hands": [list(h) for h in d["hands"]],
            "stock": [],
            "briscola": None,
            "table": list(d["table"]),
            "kitty": [],
        }

    def tricks_done(self) -> int:
        """Complete turns around the table in this deal (every seat played once more)."""
        return len(self.history) // PLAYERS

    def capture_choices(self, card: Card) -> list[tuple[Card, ...]]:
        """Every capture ``card`` can make on the current table, then ``()`` (place)."""
        return capture_choices(card, self.table)

    def last_placement(self) -> tuple[int, Card] | None:
        """(seat, card) when the previous play placed a card (a Picada can take it now); else ``None``."""
        if self._placed is None or self._placed_by is None:
            return None
        return (self._placed_by, self._placed)

    # ----- checked path -----
    def legal_actions(self) -> list[Action]:
        """Every play of every card in the mover's hand with every capture choice, and placing it."""
        return [Action.play(c, t) for c, t in self.legal_fast()]

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason when ``action`` is not legal now; change nothing."""
        seat = self._to_move
        if seat is None:
            raise IllegalAction("the deal is over")
        if not isinstance(action, Action) or action.kind != "play" or action.card is None:
            raise IllegalAction(f"in Cicera every move is playing a card from your hand, not {action}")
        c = action.card
        if c not in self.hands[seat]:
            raise IllegalAction(f"{c} is not in your hand")
        if action.take is None:
            raise IllegalAction(
                f"say what {c} takes: name the captured table cards, or place it on the table (take nothing)"
            )
        problem = capture_problem(c, action.take, self.table)
        if problem is not None:
            raise IllegalAction(problem)

    def apply_checked(self, action: Action) -> list[dict]:
        """Apply a checked play; return its ``play`` event, and a ``deal_end`` event when the deal ends."""
        seat = self._to_move
        assert seat is not None and action.card is not None and action.take is not None
        bonuses = self._play(action.card, action.take)
        events: list[dict] = [
            {
                "type": "play",
                "seat": seat,
                "team": seat % 2,
                "card": str(action.card),
                "take": cards_json(action.take),
                "bonuses": list(bonuses),
            }
        ]
        if self._to_move is None:
            events.append(
                {
                    "type": "deal_end",
                    "leftover_to": self.leftover_to,
                    "leftover": cards_json(self.leftover),
                    "unclaimed": cards_json(self.table),
                }
            )
        return events

    # ----- fast path -----
    def clone(self) -> CiceraRound:
        """An independent copy (cheap; the deal record is shared, it is never modified)."""
        r = CiceraRound.__new__(CiceraRound)
        r.n = self.n
        r.dealer = self.dealer
        r._deal = self._deal
        r.hands = [list(h) for h in self.hands]
        r.table = list(self.table)
        r.piles = [list(self.piles[0]), list(self.piles[1])]
        r.bonus = [list(self.bonus[0]), list(self.bonus[1])]
        r.history = list(self.history)
        r.last_capture = self.last_capture
        r.leftover = self.leftover
        r.leftover_to = self.leftover_to
        r._to_move = self._to_move
        r._placed = self._placed
        r._placed_by = self._placed_by
        r._last_capturer = self._last_capturer
        r._left = self._left
        return r

    def legal_fast(self) -> list[Move]:
        """Every legal move ``(card, take)`` of the mover (empty when the deal is over), in the order of
        ``legal_actions``: by card in hand, then as ``capture_choices`` lists them."""
        seat = self._to_move
        if seat is None:
            return []
        table = self.table
        by_rank: dict[int, list[tuple[Card, ...]]] = {}
        for t in sorted(table):
            by_rank.setdefault(t % 13, []).append((t,))
        buckets = value_buckets(table)
        caps = _capacities(buckets)
        by_value: dict[int, list[tuple[Card, ...]]] = {}
        moves: list[Move] = []
        for c in self.hands[seat]:
            for take in by_rank.get(c % 13, ()):
                moves.append((c, take))
            v = CICERA_VALUE[c]
            if v > 1:
                sums = by_value.get(v)
                if sums is None:
                    sums = by_value[v] = _sums_from_buckets(v, buckets, caps)
                for take in sums:
                    moves.append((c, take))
            moves.append((c, ()))
        return moves

    def apply_fast(self, move: Move) -> tuple[str, ...]:
        """Apply a legal move without checks; return the bonuses it scored."""
        return self._play(move[0], move[1])

    def _play(self, c: Card, take: tuple[Card, ...]) -> tuple[str, ...]:
        """The one place where a play changes the state (checked and fast paths both come here)."""
        seat = self._to_move
        assert seat is not None
        team = seat % 2
        self.hands[seat].remove(c)
        bonuses: tuple[str, ...] = ()
        table = self.table
        if take:
            for t in take:
                table.remove(t)
            pile = self.piles[team]
            pile.append(c)
            pile.extend(take)
            got = []
            if not table:
                got.append("scua")
            if len(take) == 1 and take[0] == self._placed:
                got.append("picada")
            suit = c // 13
            if all(t // 13 == suit for t in take):
                got.append("simili")
            if len(take) >= 3:
                got.append("quadriglia")
            bonuses = tuple(got)
            counts = self.bonus[team]
            for b in bonuses:
                counts[BONUSES.index(b)] += 1
            self._last_capturer = seat
            self._placed = None
            self._placed_by = None
            self.last_capture = CaptureInfo(seat, c, tuple(take), bonuses)
        else:
            table.append(c)
            self._placed = c
            self._placed_by = seat
        self.history.append((seat, c, tuple(take)))
        self._left -= 1
        if self._left == 0:
            self._end_deal()
        else:
            self._to_move = (seat + 1) % PLAYERS
        return bonuses

    def _end_deal(self) -> None:
        self._to_move = None
        if self._last_capturer is not None and self.table:
            team = self._last_capturer % 2
            self.leftover = tuple(self.table)
            self.leftover_to = team
            self.piles[team].extend(self.table)
            self.table.clear()

    # ----- scoring -----
    def breakdown(self) -> list[dict[str, int]]:
        """Points per team by item (bonuses, then awards); each dict adds up to the team's score.

        Awards are computed from the piles as they stand (final once the deal is over)."""
        p0, p1 = self.piles
        out: list[dict[str, int]] = [{}, {}]
        for team in (0, 1):
            for i, b in enumerate(BONUSES):
                out[team][b] = self.bonus[team][i]
        n0, n1 = len(p0), len(p1)
        s0 = sum(1 for c in p0 if c // 13 == SWORDS)
        s1 = sum(1 for c in p1 if c // 13 == SWORDS)
        for team, pile in enumerate(self.piles):
            have = set(pile)
            mine_n, other_n = (n0, n1) if team == 0 else (n1, n0)
            mine_s, other_s = (s0, s1) if team == 0 else (s1, s0)
            out[team]["cards"] = 2 if mine_n > other_n else 0
            out[team]["swords"] = 1 if mine_s > other_s else 0
            out[team]["mata"] = 1 if MATA in have else 0
            out[team]["xd"] = 1 if TEN_OF_COINS in have else 0
            out[team]["fc"] = 1 if FANTE_OF_CUPS in have else 0
            out[team]["napula"] = napula_length(have)
        return out

    def scores(self) -> tuple[int, int]:
        """Points per team (bonuses + awards)."""
        b = self.breakdown()
        return (sum(b[0].values()), sum(b[1].values()))

    def result(self) -> dict:
        """The deal's result entry (see ``Cicera.score_round``)."""
        b = self.breakdown()
        score = [sum(b[0].values()), sum(b[1].values())]
        return {
            "score": score,
            "game_points": [score[s % 2] for s in range(PLAYERS)],
            "card_points": [],
            "breakdown": b,
            "counts": [{"cards": len(p), "swords": sum(1 for c in p if c // 13 == SWORDS)} for p in self.piles],
            "leftover_to": self.leftover_to,
            "unclaimed": cards_json(self.table) if self.is_over() else [],
        }

    # ----- views -----
    def view(
        self,
        seat: int | None,
        *,
        round_number: int = 1,
        totals: Sequence[int] = (),
        options: Mapping[str, Any] | None = None,
        last_result: Mapping[str, Any] | None = None,
        match_over: bool = False,
        winners: Sequence[int] = (),
    ) -> CiceraView:
        """What ``seat`` may see (``None``: the public view); match information is passed in by ``Cicera``."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < PLAYERS):
            raise RulesError(f"no seat {seat!r}: seats are 0..{PLAYERS - 1}")
        legal = tuple(self.legal_actions()) if seat is not None and seat == self._to_move else ()
        swords = tuple(sum(1 for c in p if c // 13 == SWORDS) for p in self.piles)
        return CiceraView(
            game=Cicera.game,
            seat=seat,
            players=PLAYERS,
            dealer=self.dealer,
            to_move=self._to_move,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            table=tuple(self.table),
            pile_sizes=(len(self.piles[0]), len(self.piles[1])),
            pile_swords=(swords[0], swords[1]),
            bonus_points=(sum(self.bonus[0]), sum(self.bonus[1])),
            bonus_counts=(dict(zip(BONUSES, self.bonus[0])), dict(zip(BONUSES, self.bonus[1]))),
            last_capture=self.last_capture,
            last_placement=self.last_placement(),
            history=tuple(self.history),
            legal=legal,
            phase="over" if self._to_move is None else "play",
            round_number=round_number,
            totals=tuple(totals),
            sides=TEAMS,
            options=dict(options or {}),
            last_result=last_result,
            match_over=match_over,
            winners=tuple(winners),
            tricks_done=self.tricks_done(),
        )


def parse_deal(deal: object) -> tuple[list[list[Card]], list[Card]]:
    """Hands and table of a Cicera deal in record form; ``RulesError`` unless it is exactly the 52 cards,
    12 in each of 4 hands and 4 on the table, with no stock, briscola or kitty."""
    if not isinstance(deal, dict):
        raise RulesError("a Cicera deal must be an object with 'hands' and 'table'")
    raw_hands = deal.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != PLAYERS:
        got = len(raw_hands) if isinstance(raw_hands, list) else "no"
        raise RulesError(f"a Cicera deal has {PLAYERS} hands, this one has {got}")
    hands = [parse_cards(h, f"hand of seat {i}") for i, h in enumerate(raw_hands)]
    for i, h in enumerate(hands):
        if len(h) != HAND_SIZE:
            raise RulesError(f"the hand of seat {i} has {len(h)} cards; a Cicera hand has {HAND_SIZE}")
    table = parse_cards(deal.get("table"), "table")
    if len(table) != TABLE_SIZE:
        raise RulesError(f"the table has {len(table)} cards; a Cicera deal puts {TABLE_SIZE} on the table")
    for key in ("stock", "kitty"):
        if deal.get(key):
            raise RulesError(f"a Cicera deal has no {key}")
    if deal.get("briscola") is not None:
        raise RulesError("a Cicera deal has no briscola")
    dealt = [c for h in hands for c in h] + table
    seen: set[Card] = set()
    twice: set[Card] = set()
    for c in dealt:
        (twice if c in seen else seen).add(c)
    if twice:
        raise RulesError(f"cards dealt twice: {format_cards(sorted(twice))}")
    missing = sorted(set(deck_52()) - seen)
    if missing:
        raise RulesError(f"cards missing from the deal: {format_cards(missing)}")
    return hands, table


def _card_list(cs: str | Iterable[Card | str]) -> list[Card]:
    if isinstance(cs, str):
        return cards(cs)
    return [c if isinstance(c, Card) else Card.parse(c) for c in cs]


# ----- the match -----
OPTION_SPECS: dict[str, opts.OptionSpec] = {
    "match": opts.OptionSpec(
        "match", tuple(MATCH_TARGETS), describe="single (one deal), or play to 21, 31 or 51 points"
    ),
    "turn_timer": opts.TURN_TIMER,
    "team_chat": opts.OptionSpec("team_chat", opts.TEAM_CHAT),
}


class Cicera(Match):
    """A Cicera match: one deal (``match=single``) or deals until a team reaches 21, 31 or 51."""

    game = "cicera"
    player_counts = (PLAYERS,)
    round: CiceraRound

    @classmethod
    def validate_options(cls, players: int, options: dict | None) -> dict:
        """Validated options with defaults: ``match``, ``turn_timer``, ``team_chat``."""
        return opts.validate(cls.game, OPTION_SPECS, players, options)

    @property
    def target(self) -> int | None:
        """Points to reach, or ``None`` for a single deal."""
        return MATCH_TARGETS[str(self.options["match"])]

    def team_totals(self) -> tuple[int, int]:
        """Match points per team so far."""
        return (self.totals[0], self.totals[1])

    def new_round(self, dealer: int, deal: dict | None) -> CiceraRound:
        """A deal from its record form, or shuffled by the match's generator."""
        if deal is None:
            return CiceraRound.shuffled(dealer, self.rng)
        return CiceraRound(dealer, deal)

    def score_round(self, rnd: Round) -> dict:
        """The deal's result: ``score`` per team, ``game_points`` per seat, ``breakdown`` per team..."""
        assert isinstance(rnd, CiceraRound)
        return rnd.result()

    def match_finished(self) -> bool:
        """Single: after one deal. Else: a team reached the target and the team totals differ."""
        target = self.target
        if target is None:
            return True
        a, b = self.team_totals()
        return max(a, b) >= target and a != b

    def match_winners(self) -> list[int]:
        """The seats of the team with the higher total; empty on a draw."""
        a, b = self.team_totals()
        if a == b:
            return []
        return list(TEAMS[0] if a > b else TEAMS[1])

    def view(self, seat: int | None) -> CiceraView:
        """What ``seat`` may see (``None``: the public view)."""
        return self.round.view(
            seat,
            round_number=len(self.rounds),
            totals=self.totals,
            options=self.options,
            last_result=self.last_result(),
            match_over=self.over,
            winners=self.winners,
        )


GAME = Cicera
SPEC = register(GameSpec(
    name=Cicera.game,
    match=Cicera,
    player_counts=(PLAYERS,),
    default_players=PLAYERS,
    options=OPTION_SPECS,
    sides_by_players={PLAYERS: TEAMS},
    has_trumps=False,
    has_tricks=False,
    result_keys=("score", "game_points"),
    ai_module="rules.ai.cicera",
))
Cicera.spec = SPEC
