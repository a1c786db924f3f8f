"""One deal of Cicera: ``CiceraRound`` (the checked and the unchecked path through one core, ``_play``), its
scoring, the seat's view it builds (``CiceraView``, in ``view``), and reading a deal from its record form."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rules.actions import N_, Action, IllegalAction, RulesError
from rules.captures import Move
from rules.cards import CICERA_VALUE, Card, cards, deck_52, format_cards
from rules.engine import Round, cards_json, parse_cards
from rules.events import Event
from rules.games.cicera.events import CaptureEvent, CiceraResult, DealEnd
from rules.games.cicera.rules import (
    BONUSES,
    FANTE_OF_CUPS,
    HAND_SIZE,
    MATA,
    NAME,
    PLAYERS,
    SWORDS,
    TABLE_SIZE,
    TEAMS,
    TEN_OF_COINS,
    _capacities,
    _sums_from_buckets,
    capture_choices,
    capture_problem,
    napula_length,
    value_buckets,
)
from rules.games.cicera.view import CaptureInfo, CiceraView


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
    _deal: dict[str, Any]

    def __init__(self, dealer: int, deal: dict[str, Any]) -> None:
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

    def deal_json(self) -> dict[str, Any]:
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
            raise IllegalAction(N_("the deal is over"))
        if not isinstance(action, Action) or action.kind != "play" or action.card is None:
            raise IllegalAction(N_("in Cicera every move is playing a card from your hand, not {action}"),
                                action=str(action))
        c = action.card
        if c not in self.hands[seat]:
            raise IllegalAction(N_("{card} is not in your hand"), card=str(c))
        if action.take is None:
            raise IllegalAction(
                N_("say what {card} takes: name the captured table cards, or place it on the table (take nothing)"),
                card=str(c),
            )
        problem = capture_problem(c, action.take, self.table)
        if problem is not None:
            raise problem

    def apply_checked(self, action: Action) -> list[Event]:
        """Apply a checked play; return its ``play`` event, and a ``deal_end`` event when the deal ends."""
        seat = self._to_move
        assert seat is not None and action.card is not None and action.take is not None
        bonuses = self._play(action.card, action.take)
        events: list[Event] = [
            CaptureEvent(seat, seat % 2, str(action.card), tuple(cards_json(action.take)), tuple(bonuses))
        ]
        if self._to_move is None:
            events.append(DealEnd(self.leftover_to, tuple(cards_json(self.leftover)), tuple(cards_json(self.table))))
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

    def apply_unchecked(self, move: Move) -> tuple[str, ...]:
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
            bonuses = capture_bonuses(c, take, not table, self._placed)
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

    def result(self) -> CiceraResult:
        """The deal's result (see ``Cicera.score_round``)."""
        b = self.breakdown()
        score = (sum(b[0].values()), sum(b[1].values()))
        return CiceraResult(
            score=score,
            game_points=tuple(score[s % 2] for s in range(PLAYERS)),
            card_points=(),
            breakdown=tuple(b),
            counts=tuple({"cards": len(p), "swords": sum(1 for c in p if c // 13 == SWORDS)} for p in self.piles),
            leftover_to=self.leftover_to,
            unclaimed=tuple(cards_json(self.table)) if self.is_over() else (),
        )

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
            game=NAME,
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


def capture_bonuses(card: int, take: Sequence[int], clears: bool, placed: int | None) -> tuple[str, ...]:
    """The bonuses (names of ``BONUSES``) of capturing ``take`` with ``card``: Scùa when it ``clears`` the
    table, Picada when it takes only the card just placed (``placed``), Simili when every card taken is of the
    played card's suit, Quadriglia for three cards or more."""
    got = []
    if clears:
        got.append("scua")
    if len(take) == 1 and take[0] == placed:
        got.append("picada")
    suit = card // 13
    if all(t // 13 == suit for t in take):
        got.append("simili")
    if len(take) >= 3:
        got.append("quadriglia")
    return tuple(got)


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
