"""One round of Scopa or Scopone: ``ScopaRound`` (the checked and the unchecked path through one core,
``_play``), the hands dealt from the stock, the last capture's leftovers, the scoring, the view, and reading
a deal from its record form (with the three-or-four-R check)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from rules.actions import N_, Action, IllegalAction, RulesError
from rules.captures import Move
from rules.cards import Card, deck_40, format_cards
from rules.engine import Round, cards_json, parse_cards
from rules.events import Event
from rules.games.scopa.events import CaptureEvent, HandsDealt, RoundEnd, ScopaResult
from rules.games.scopa.rules import (
    AWARDS,
    DENARI,
    HAND_SIZE,
    SCOPONE_HANDS,
    SETTEBELLO,
    TABLE_SIZE,
    capture_choices,
    capture_problem,
    napola_length,
    primiera,
    side_of,
    sides_of,
    sole_best,
    too_many_kings,
)
from rules.games.scopa.view import CaptureInfo, ScopaView

DEAL_KEYS = ("hands", "table", "stock")
"""What a deal holds in record form (no face-up trump or kitty, unlike the trick games' deals)."""
DEAL_KINDS = ("scopa", "scientifico", "tradizionale")
"""How a round is dealt: Scopa's 3 cards each and 4 on the table, or one of Scopone's two deals."""


def deal_sizes(kind: str) -> tuple[int, int]:
    """(cards to each player at first, cards face up on the table) for a deal kind."""
    if kind == "scopa":
        return (HAND_SIZE, TABLE_SIZE)
    return (SCOPONE_HANDS[kind], TABLE_SIZE if kind == "tradizionale" else 0)


class ScopaRound(Round):
    """One round: the seat after the dealer plays first; capturing is compulsory."""

    n: int
    dealer: int
    game: str
    kind: str
    hands: list[list[Card]]
    stock: list[Card]
    table: list[Card]
    piles: list[list[Card]]
    scope: list[int]
    history: list[tuple[int, Card, tuple[Card, ...]]]
    last_capture: CaptureInfo | None
    leftover: tuple[Card, ...]
    leftover_to: int | None
    _to_move: int | None
    _last_capturer: int | None
    _deal: dict[str, Any]

    def __init__(self, game: str, players: int, kind: str, dealer: int, deal: dict[str, Any]) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RulesError(f"the dealer must be a seat 0..{players - 1}, not {dealer!r}")
        hands, table, stock = parse_deal(deal, players, kind)
        self._setup(game, players, kind, dealer, hands, table, stock, (dealer + 1) % players)

    @classmethod
    def shuffled(cls, game: str, players: int, kind: str, dealer: int, rng: random.Random) -> ScopaRound:
        """A deal shuffled by ``rng``: hands first (seat 0's, seat 1's...), then the table, then the stock; a
        table with three or four R is shuffled and dealt again by the same dealer."""
        size, on_table = deal_sizes(kind)
        while True:
            deck = deck_40()
            rng.shuffle(deck)
            table = deck[size * players : size * players + on_table]
            if not too_many_kings(table):
                break
        deal = {
            "hands": [cards_json(deck[size * i : size * (i + 1)]) for i in range(players)],
            "stock": cards_json(deck[size * players + on_table :]),
            "table": cards_json(table),
        }
        return cls(game, players, kind, dealer, deal)

    @classmethod
    def position(
        cls,
        hands: Sequence[str],
        table: str,
        *,
        to_move: int = 0,
        stock: str = "",
        piles: Sequence[str] | None = None,
        game: str = "scopa",
    ) -> ScopaRound:
        """An arbitrary position for tests and analysis (no full-deck check): hands, table, stock and captured
        piles as space-separated cards (``"7d 3c"``)."""
        rnd = cls.__new__(cls)
        players = len(hands)
        if players not in (2, 3, 4):
            raise RulesError(f"a position has 2, 3 or 4 hands, not {players}")
        rnd._setup(game, players, "scopa", (to_move - 1) % players, [_cards(h) for h in hands], _cards(table),
                   _cards(stock), to_move)
        if piles is not None:
            rnd.piles = [_cards(p) for p in piles]
        if not any(rnd.hands) and not rnd.stock:
            rnd._end_round()
        return rnd

    def _setup(self, game: str, players: int, kind: str, dealer: int, hands: list[list[Card]], table: list[Card],
               stock: list[Card], first: int) -> None:
        self.n = players
        self.game = game
        self.kind = kind
        self.dealer = dealer
        self._deal = {
            "hands": [cards_json(h) for h in hands],
            "stock": cards_json(stock),
            "table": cards_json(table),
        }
        self.hands = [sorted(h) for h in hands]
        self.stock = list(stock)
        self.table = list(table)
        self.piles = [[] for _ in sides_of(players)]
        self.scope = [0] * len(self.piles)
        self.history = []
        self.last_capture = None
        self.leftover = ()
        self.leftover_to = None
        self._to_move = first
        self._last_capturer = None

    # ----- state queries -----
    def to_move(self) -> int | None:
        """The seat to play, or ``None`` once the round is over."""
        return self._to_move

    def is_over(self) -> bool:
        """True when every hand and the stock are empty."""
        return self._to_move is None

    def deal_json(self) -> dict[str, Any]:
        """The deal in record form."""
        d = self._deal
        return {"hands": [list(h) for h in d["hands"]], "stock": list(d["stock"]), "table": list(d["table"])}

    def tricks_done(self) -> int:
        """Complete turns around the table in this round (every seat played once more)."""
        return len(self.history) // self.n

    def capture_choices(self, card: Card) -> list[tuple[Card, ...]]:
        """The legal takes of ``card`` now (``[()]``: it can only be placed)."""
        return capture_choices(card, self.table)

    # ----- checked path -----
    def legal_actions(self) -> list[Action]:
        """Every legal play of every card in the mover's hand, with its take."""
        return [Action.play(c, t) for c, t in self.legal_fast()]

    def check(self, action: Action) -> None:
        """Raise ``IllegalAction`` with the reason when ``action`` is not legal now; change nothing."""
        seat = self._to_move
        if seat is None:
            raise IllegalAction(N_("the round is over"))
        if not isinstance(action, Action) or action.kind != "play" or action.card is None:
            raise IllegalAction(N_("every move is playing a card from your hand, not {action}"), action=str(action))
        c = action.card
        if c not in self.hands[seat]:
            raise IllegalAction(N_("{card} is not in your hand"), card=str(c))
        if action.take is None:
            raise IllegalAction(N_("say what {card} takes: name the captured table cards, or nothing to place it"),
                                card=str(c))
        problem = capture_problem(c, action.take, self.table)
        if problem is not None:
            raise problem

    def apply_checked(self, action: Action) -> list[Event]:
        """Apply a checked play: its ``play`` event, ``hands_dealt`` when the stock deals, ``deal_end`` at the
        end of the round."""
        seat = self._to_move
        assert seat is not None and action.card is not None and action.take is not None
        stock_before = len(self.stock)
        scopa = self._play(action.card, action.take)
        events: list[Event] = [CaptureEvent(seat, side_of(seat, self.n), str(action.card),
                                            tuple(cards_json(action.take)), scopa)]
        if len(self.stock) < stock_before:
            events.append(HandsDealt(len(self.hands[0]), len(self.stock)))
        if self._to_move is None:
            events.append(RoundEnd(self.leftover_to, tuple(cards_json(self.leftover)), tuple(cards_json(self.table))))
        return events

    # ----- fast path -----
    def clone(self) -> ScopaRound:
        """An independent copy (the deal record is shared, it is never modified)."""
        r = ScopaRound.__new__(ScopaRound)
        r.n, r.game, r.kind, r.dealer, r._deal = self.n, self.game, self.kind, self.dealer, self._deal
        r.hands = [list(h) for h in self.hands]
        r.stock = list(self.stock)
        r.table = list(self.table)
        r.piles = [list(p) for p in self.piles]
        r.scope = list(self.scope)
        r.history = list(self.history)
        r.last_capture = self.last_capture
        r.leftover = self.leftover
        r.leftover_to = self.leftover_to
        r._to_move = self._to_move
        r._last_capturer = self._last_capturer
        return r

    def legal_fast(self) -> list[Move]:
        """Every legal move of the seat to play (empty when the round is over)."""
        seat = self._to_move
        if seat is None:
            return []
        return [(c, t) for c in self.hands[seat] for t in capture_choices(c, self.table)]

    def apply_unchecked(self, move: Move) -> bool:
        """Apply a legal move without checks; True when it scored a scopa."""
        return self._play(move[0], move[1])

    def _play(self, card: Card, take: Sequence[Card]) -> bool:
        seat = self._to_move
        assert seat is not None
        side = side_of(seat, self.n)
        self.hands[seat].remove(card)
        scopa = False
        if take:
            for t in take:
                self.table.remove(t)
            self.piles[side].append(card)
            self.piles[side].extend(take)
            self._last_capturer = side
            last_card = not self.stock and not any(self.hands)
            scopa = not self.table and not last_card
            if scopa:
                self.scope[side] += 1
            self.last_capture = CaptureInfo(seat, card, tuple(take), scopa)
        else:
            self.table.append(card)
        self.history.append((seat, card, tuple(take)))
        if not any(self.hands):
            if self.stock:
                self._deal_hands((seat + 1) % self.n)
            else:
                self._end_round()
                return scopa
        self._to_move = (seat + 1) % self.n
        return scopa

    def _deal_hands(self, first: int) -> None:
        """Every hand is empty: 3 more cards to each player from the stock, starting with the seat after the
        dealer (who plays next), none to the table."""
        for k in range(self.n):
            seat = (first + k) % self.n
            self.hands[seat] = sorted(self.stock[:HAND_SIZE])
            del self.stock[:HAND_SIZE]

    def _end_round(self) -> None:
        self._to_move = None
        if self._last_capturer is not None and self.table:
            self.leftover = tuple(self.table)
            self.leftover_to = self._last_capturer
            self.piles[self._last_capturer].extend(self.table)
            self.table = []

    # ----- scoring -----
    def breakdown(self, napola: bool) -> list[dict[str, int]]:
        """Round points per side: each scopa, most cards, most Denari, the settebello, the primiera (a tie:
        nobody), and the napola when it is played."""
        sides = len(self.piles)
        out: list[dict[str, int]] = [{"scope": self.scope[i], **dict.fromkeys(AWARDS, 0)} for i in range(sides)]
        cards = sole_best([len(p) for p in self.piles])
        denari = sole_best([sum(1 for c in p if c // 13 == DENARI) for p in self.piles])
        prim = [primiera(p)[0] for p in self.piles]
        best_prim = sole_best(prim) if max(prim) > 0 else None
        for i, pile in enumerate(self.piles):
            out[i]["cards"] = int(cards == i)
            out[i]["denari"] = int(denari == i)
            out[i]["settebello"] = int(SETTEBELLO in pile)
            out[i]["primiera"] = int(best_prim == i)
            out[i]["napola"] = napola_length(pile) if napola else 0
        return out

    def result(self, napola: bool) -> ScopaResult:
        """The round's result (see ``Scopa.score_round``)."""
        b = self.breakdown(napola)
        score = tuple(sum(side.values()) for side in b)
        return ScopaResult(
            score=score,
            game_points=tuple(score[side_of(s, self.n)] for s in range(self.n)),
            card_points=(),
            breakdown=tuple(b),
            counts=tuple({"cards": len(p), "denari": sum(1 for c in p if c // 13 == DENARI),
                          "scope": self.scope[i], "primiera": primiera(p)[0]} for i, p in enumerate(self.piles)),
            primiera_cards=tuple(tuple(cards_json(primiera(p)[1])) for p in self.piles),
            leftover_to=self.leftover_to if self.leftover else None,
            unclaimed=tuple(cards_json(self.table)) if self.is_over() else (),
        )

    # ----- views -----
    def view(self, seat: int | None, shared: Mapping[str, Any]) -> ScopaView:
        """What ``seat`` may see (``None``: the public view); ``shared`` holds the fields every game fills."""
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n):
            raise RulesError(f"no seat {seat!r}: seats are 0..{self.n - 1}")
        settebello = next((i for i, p in enumerate(self.piles) if SETTEBELLO in p), None)
        return ScopaView(
            **shared,
            hand=tuple(self.hands[seat]) if seat is not None else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            table=tuple(self.table),
            stock_size=len(self.stock),
            pile_sizes=tuple(len(p) for p in self.piles),
            pile_denari=tuple(sum(1 for c in p if c // 13 == DENARI) for p in self.piles),
            scope=tuple(self.scope),
            settebello=settebello,
            last_capture=self.last_capture,
            history=tuple(self.history),
        )


def parse_deal(deal: object, players: int, kind: str) -> tuple[list[list[Card]], list[Card], list[Card]]:
    """Hands, table and stock of a deal in record form; ``RulesError`` unless it is exactly the 40 cards in the
    sizes of its kind, with no other keys, and a table without three or four R."""
    if not isinstance(deal, dict):
        raise RulesError("a deal must be an object with 'hands', 'table' and 'stock'")
    size, on_table = deal_sizes(kind)
    raw_hands = deal.get("hands")
    if not isinstance(raw_hands, list) or len(raw_hands) != players:
        got = len(raw_hands) if isinstance(raw_hands, list) else "no"
        raise RulesError(f"this deal has {players} hands, the record has {got}")
    hands = [parse_cards(h, f"hand of seat {i}") for i, h in enumerate(raw_hands)]
    for i, h in enumerate(hands):
        if len(h) != size:
            raise RulesError(f"the hand of seat {i} has {len(h)} cards; this deal gives {size}")
    table = parse_cards(deal.get("table"), "table")
    if len(table) != on_table:
        raise RulesError(f"the table has {len(table)} cards; this deal puts {on_table} on the table")
    if too_many_kings(table):
        raise RulesError("the table holds three or four R: that deal is dealt again")
    stock = parse_cards(deal.get("stock", []), "stock")
    extra_keys = sorted(str(k) for k in deal if k not in DEAL_KEYS)
    if extra_keys:
        raise RulesError(f"a deal holds only its hands, table and stock, not {', '.join(extra_keys)}")
    dealt = [c for h in hands for c in h] + table + stock
    seen: set[Card] = set()
    twice: set[Card] = set()
    for c in dealt:
        (twice if c in seen else seen).add(c)
    if twice:
        raise RulesError(f"cards dealt twice: {format_cards(sorted(twice))}")
    missing = sorted(set(deck_40()) - seen)
    extra = sorted(seen - set(deck_40()))
    if missing or extra:
        raise RulesError(f"the deal is not the 40 cards: missing {format_cards(missing)}, "
                         f"not in the deck {format_cards(extra)}")
    return hands, table, stock


def _cards(text: str) -> list[Card]:
    return [Card.parse(w) for w in text.split()]
