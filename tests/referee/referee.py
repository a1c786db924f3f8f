#!/usr/bin/env python3
"""An independent referee for Tavolo game records (Briscola, Briscola Chiamata, Cicera, Scopa, Scopone,
Tressette).

Written from ``RULES.md`` and the record format in ``ARCHITECTURE.md`` alone: it imports nothing from
``rules/`` or ``bot/``, so it can cross-check the engines (a differential test). ``check_record(rec)``
replays a record and returns the problems it finds; an empty list means the record is correct.

Script mode: ``python tests/referee/referee.py FILE_OR_DIR...`` prints OK or the problems for each record.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from pathlib import Path
from typing import Any

SUITS = "dcsb"
RANKS_52 = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "X", "F", "C", "R")
RANKS_40 = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")
POINTS = {"A": 11, "3": 10, "R": 4, "C": 3, "F": 2}
STRENGTH = ("A", "3", "R", "C", "F", "7", "6", "5", "4", "2")  # high to low
NUMBER_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "X": 10}
SWORD_RUN = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "X")
INFO_KEYS = ("timeout", "leave")


class Bad(Exception):
    """A problem that stops the replay of one round (the state after it would be meaningless)."""


def rank(card: str) -> str:
    """The rank letter of a card text."""
    return card[0]


def suit(card: str) -> str:
    """The suit letter of a card text."""
    return card[1]


def card_points(cards: Iterable[str]) -> int:
    """Briscola points of some cards."""
    return sum(POINTS.get(rank(c), 0) for c in cards)


def is_card(value: Any, ranks: Sequence[str]) -> bool:
    """Whether value is a card text with a rank in ranks."""
    return isinstance(value, str) and len(value) == 2 and value[0] in ranks and value[1] in SUITS


def full_deck(ranks: Sequence[str]) -> list[str]:
    """Every card with one of the ranks."""
    return [r + s for s in SUITS for r in ranks]


def check_deck(cards: list[Any], deck: list[str], where: str) -> None:
    """Raise Bad unless cards are exactly the deck (each card once)."""
    bad = [c for c in cards if not isinstance(c, str)]
    if bad:
        raise Bad(f"{where}: deal holds non-card values {bad!r}")
    got = Counter(cards)
    dup = sorted(c for c, k in got.items() if k > 1)
    extra = sorted(set(got) - set(deck))
    missing = sorted(set(deck) - set(got))
    if dup or extra or missing:
        raise Bad(f"{where}: deal is not the deck (duplicates {dup}, not in deck {extra}, missing {missing})")


def trick_winner(trick: list[tuple[int, str]], trump: str) -> int:
    """The seat that takes a Briscola trick: highest trump, else highest card of the led suit."""
    trumps = [(s, c) for s, c in trick if suit(c) == trump]
    pool = trumps or [(s, c) for s, c in trick if suit(c) == suit(trick[0][1])]
    return min(pool, key=lambda sc: STRENGTH.index(rank(sc[1])))[0]


def actions_of(rd: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
    """The round's action entries with their index, informational timeout/leave entries left out."""
    out = []
    for i, a in enumerate(rd.get("actions") or []):
        if not isinstance(a, dict):
            out.append((i, {"seat": None, "?": a}))
        elif any(k in a for k in INFO_KEYS):
            continue
        else:
            out.append((i, a))
    return out


def opt(rec: dict[str, Any], name: str, default: Any) -> Any:
    """A table option, as text, with its default."""
    value = (rec.get("options") or {}).get(name, default)
    return str(value) if not isinstance(value, bool) else ("on" if value else "off")


def compare(problems: list[str], where: str, what: str, recorded: Any, expected: Any) -> None:
    """Add a problem when a recorded value differs from the referee's."""
    if recorded != expected:
        problems.append(f"{where}: {what} recorded {recorded!r}, referee computes {expected!r}")


# ----------------------------------------------------------------------------------------------- Briscola


def briscola_sides(n: int) -> list[list[int]]:
    """The sides of a Briscola table: alone (2, 3 players) or partners sitting opposite (4, 6)."""
    if n in (2, 3):
        return [[s] for s in range(n)]
    return [list(range(0, n, 2)), list(range(1, n, 2))]


def briscola_deck(n: int) -> list[str]:
    """The deck for n players: 40 cards, minus the 2c with 3 players, minus all 2s with 6."""
    deck = full_deck(RANKS_40)
    if n == 3:
        deck.remove("2c")
    elif n == 6:
        deck = [c for c in deck if rank(c) != "2"]
    return deck


def briscola_round(
    rec: dict[str, Any], ri: int, rd: dict[str, Any], problems: list[str]
) -> tuple[int | None, int, bool]:
    """Replay one Briscola round and check its result.

    Returns (winning side or None on a draw, game points of the win, whether the winner captured all 120
    with high_score_bonus on); raises Bad when the replay cannot go on.
    """
    n = rec["players"]
    where = f"round {ri}"
    sides = briscola_sides(n)
    side_of = {s: i for i, side in enumerate(sides) for s in side}
    exchange_on = opt(rec, "trump_exchange", "off") == "on"
    bonus_on = opt(rec, "high_score_bonus", "off") == "on"
    conquest_on = opt(rec, "conquest", "off") == "on"

    deal = rd.get("deal") or {}
    hands_in = deal.get("hands")
    stock = list(deal.get("stock") or [])
    face_up = deal.get("briscola")
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise Bad(f"{where}: deal.hands must list {n} hands")
    for s, h in enumerate(hands_in):
        if not isinstance(h, list) or len(h) != 3:
            raise Bad(f"{where}: seat {s} is dealt {h!r}, not 3 cards")
    if deal.get("table") or deal.get("kitty"):
        raise Bad(f"{where}: a Briscola deal has no table or kitty cards")
    if not is_card(face_up, RANKS_40):
        raise Bad(f"{where}: briscola {face_up!r} is not a card")
    check_deck([c for h in hands_in for c in h] + stock + [face_up], briscola_deck(n), where)
    if (len(stock) + 1) % n:
        raise Bad(f"{where}: {len(stock)} stock cards + briscola do not split into whole draw rounds")
    trump = suit(face_up)
    hands = [list(h) for h in hands_in]

    dealer = rd.get("dealer")
    leader = (dealer + 1) % n
    taken = [0] * n
    trick: list[tuple[int, str]] = []
    tricks_done = 0
    exchanged = False

    def conquest_check() -> int | None:
        if not conquest_on:
            return None
        need = {"A" + trump, "3" + trump, "R" + trump}
        for s in range(n):
            if need <= set(hands[s]):
                return s
        return None

    conqueror = conquest_check()
    for i, a in actions_of(rd):
        at = f"{where}, action {i} {a!r}"
        if conqueror is not None:
            raise Bad(f"{at}: the round already ended by conquest (seat {conqueror})")
        if not any(hands):
            raise Bad(f"{at}: action after every hand is empty")
        seat = a.get("seat")
        if "exchange" in a:
            card = a["exchange"]
            if not exchange_on:
                raise Bad(f"{at}: trump exchange is off")
            if tricks_done == 0:
                raise Bad(f"{at}: no exchange before the first trick")
            if trick:
                raise Bad(f"{at}: exchange only between tricks, before the lead")
            if seat != leader:
                raise Bad(f"{at}: only the winner of the last trick (seat {leader}) may exchange")
            if exchanged:
                raise Bad(f"{at}: at most one exchange between two tricks")
            if not stock:
                raise Bad(f"{at}: no face-down card left in the stock")
            if card not in hands[seat]:
                raise Bad(f"{at}: {card!r} is not in seat {seat}'s hand {hands[seat]}")
            if suit(card) != trump:
                raise Bad(f"{at}: {card} is not a trump ({trump})")
            ok = (rank(card) == "7" and rank(face_up) in "FCR3A") or (rank(card) == "2" and rank(face_up) in "4567")
            if not ok:
                raise Bad(f"{at}: cannot give {card} for the face-up {face_up}")
            hands[seat].remove(card)
            hands[seat].append(face_up)
            face_up = card
            exchanged = True
        elif "play" in a:
            card = a["play"]
            expected = (leader + len(trick)) % n
            if seat != expected:
                raise Bad(f"{at}: seat {expected} is to play, not seat {seat}")
            if card not in hands[seat]:
                raise Bad(f"{at}: {card!r} is not in seat {seat}'s hand {hands[seat]}")
            hands[seat].remove(card)
            trick.append((seat, card))
            if len(trick) == n:
                winner = trick_winner(trick, trump)
                taken[winner] += card_points(c for _, c in trick)
                trick = []
                tricks_done += 1
                leader = winner
                exchanged = False
                if face_up is not None:
                    for k in range(n):
                        s = (winner + k) % n
                        if stock:
                            hands[s].append(stock.pop(0))
                        else:
                            hands[s].append(face_up)
                            face_up = None
                    conqueror = conquest_check()
        else:
            raise Bad(f"{at}: not a Briscola action")

    if conqueror is None and (any(hands) or trick):
        raise Bad(f"{where}: the actions end with cards still in hand {hands}")

    side_pts = [sum(taken[s] for s in side) for side in sides]
    win: int | None
    if conqueror is not None:
        win = side_of[conqueror]
    elif n == 3:
        top = max(side_pts)
        win = side_pts.index(top) if side_pts.count(top) == 1 else None
    else:
        win = next((i for i, p in enumerate(side_pts) if p > 60), None)
    gp = 0 if win is None else (2 if bonus_on and side_pts[win] >= 91 else 1)

    res = rd.get("result") or {}
    compare(problems, where, "result.card_points", res.get("card_points"), taken)
    expected_gp = [gp if win is not None and side_of[s] == win else 0 for s in range(n)]
    compare(problems, where, "result.game_points", res.get("game_points"), expected_gp)
    if "side_points" in res:  # an extra key: points per side
        compare(problems, where, "result.side_points", res["side_points"], side_pts)
    if "winners" in res:  # an extra key: the round's winning side
        compare(problems, where, "result.winners", res["winners"], [] if win is None else sides[win])
    return win, gp, bonus_on and win is not None and side_pts[win] == 120


def check_briscola(rec: dict[str, Any], problems: list[str]) -> None:
    """Check a Briscola record: every round, the dealer rotation, the match end and the totals."""
    n = rec.get("players")
    if n not in (2, 3, 4, 6):
        problems.append(f"Briscola for {n!r} players does not exist")
        return
    sides = briscola_sides(n)
    match = opt(rec, "match", "single")
    target = {"single": None, "short": 3, "long": 5}.get(match, "?")
    if target == "?":
        problems.append(f"unknown match option {match!r}")
        return
    rounds = rec.get("rounds") or []
    if not rounds:
        problems.append("no rounds")
        return
    side_totals = [0] * len(sides)
    seat_totals = [0] * n
    over_winner: int | None = None
    over = False
    prev_dealer = None
    for ri, rd in enumerate(rounds):
        where = f"round {ri}"
        if over:
            problems.append(f"{where}: the match was already over")
            break
        dealer = rd.get("dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            problems.append(f"{where}: bad dealer {dealer!r}")
            break
        if prev_dealer is not None and dealer != (prev_dealer + 1) % n:
            problems.append(f"{where}: dealer {dealer}, but the dealer moves one seat a round (expected "
                            f"{(prev_dealer + 1) % n})")
        prev_dealer = dealer
        try:
            win, gp, all120 = briscola_round(rec, ri, rd, problems)
        except Bad as exc:
            problems.append(str(exc))
            # go on with the recorded numbers so the later rounds are still checked
            gps = (rd.get("result") or {}).get("game_points") or [0] * n
            win = next((i for i, side in enumerate(sides) if gps[side[0]] > 0), None)
            gp = gps[sides[win][0]] if win is not None else 0
            all120 = False
        if win is not None:
            side_totals[win] += gp
            for s in sides[win]:
                seat_totals[s] += gp
        if target is None or all120 or win is not None and side_totals[win] >= target:
            over, over_winner = True, win
    if not over:
        problems.append(f"the record ends after {len(rounds)} rounds but the match is not over "
                        f"(side totals {side_totals})")
    res = rec.get("result") or {}
    compare(problems, "match", "result.game_points", res.get("game_points"), seat_totals)
    if over:
        compare(problems, "match", "result.winners", res.get("winners"),
                [] if over_winner is None else sides[over_winner])


# ----------------------------------------------------------------------------------------------- Chiamata

RANK_BID_ORDER = STRENGTH  # a bid must name a rank strictly lower in this order


def parse_rank_bid(bid: Any) -> tuple[str, int] | None:
    """A rank-mode bid as (rank, target), or None when malformed; plain ranks mean 61."""
    if not isinstance(bid, str):
        return None
    if bid in RANK_BID_ORDER:
        return bid, 61
    if bid.startswith("2:"):
        try:
            n = int(bid[2:])
        except ValueError:
            return None
        if str(n) != bid[2:]:
            return None
        return "2", n
    return None


def chiamata_round(rec: dict[str, Any], ri: int, rd: dict[str, Any], problems: list[str]
                   ) -> tuple[int, ...] | None:
    """Replay one Chiamata round and check its result; return the seats of its winning side, or ``None``
    when it was passed out (it does not count)."""
    n = 5
    where = f"round {ri}"
    mode = opt(rec, "bidding", "rank")
    kitty_on = opt(rec, "kitty", "off") == "on"
    deal = rd.get("deal") or {}
    hands_in = deal.get("hands")
    kitty = list(deal.get("kitty") or [])
    per_hand = 7 if kitty_on else 8
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise Bad(f"{where}: deal.hands must list 5 hands")
    for s, h in enumerate(hands_in):
        if not isinstance(h, list) or len(h) != per_hand:
            raise Bad(f"{where}: seat {s} is dealt {h!r}, not {per_hand} cards")
    if len(kitty) != (5 if kitty_on else 0):
        raise Bad(f"{where}: kitty {kitty} (kitty option {'on' if kitty_on else 'off'})")
    if deal.get("stock") or deal.get("briscola") or deal.get("table"):
        raise Bad(f"{where}: a Chiamata deal has no stock, briscola or table")
    check_deck([c for h in hands_in for c in h] + kitty, full_deck(RANKS_40), where)
    hands = [list(h) for h in hands_in]
    dealer = rd["dealer"]
    first = (dealer + 1) % n

    acts = actions_of(rd)
    pos = 0
    passed: set[int] = set()
    standing: tuple[str, int] | int | None = None  # (rank, target) or points
    bidder: int | None = None
    turn = first
    # auction
    while True:
        if len(passed) == 5 or (len(passed) == 4 and bidder is not None):
            break
        if pos >= len(acts):
            raise Bad(f"{where}: the actions end during the auction")
        i, a = acts[pos]
        pos += 1
        at = f"{where}, action {i} {a!r}"
        seat = a.get("seat")
        if seat != turn:
            raise Bad(f"{at}: seat {turn} is to bid, not seat {seat}")
        if a.get("pass") is True:
            passed.add(seat)
        elif "bid" in a:
            bid = a["bid"]
            if mode == "rank":
                parsed = parse_rank_bid(bid)
                if parsed is None:
                    raise Bad(f"{at}: malformed rank bid")
                r, tgt = parsed
                if bid == "2" or bid in RANK_BID_ORDER:
                    if standing is not None and (
                        standing[0] == "2" or RANK_BID_ORDER.index(r) <= RANK_BID_ORDER.index(standing[0])
                    ):
                        raise Bad(f"{at}: not strictly lower than the standing bid {standing}")
                else:
                    if standing is None or standing[0] != "2":
                        raise Bad(f"{at}: a 2 with a target needs a standing bid of 2 (standing {standing})")
                    if not 62 <= tgt <= 120 or tgt <= standing[1]:
                        raise Bad(f"{at}: target must be 62..120 and above the standing {standing[1]}")
                standing = (r, tgt)
            else:
                if not isinstance(bid, int) or isinstance(bid, bool) or not 61 <= bid <= 120:
                    raise Bad(f"{at}: a points bid must be an integer 61..120")
                if standing is not None and bid <= standing:
                    raise Bad(f"{at}: not strictly higher than the standing bid {standing}")
                standing = bid
            bidder = seat
        else:
            raise Bad(f"{at}: expected a bid or a pass")
        # next seat still in the auction
        for k in range(1, n + 1):
            nxt = (seat + k) % n
            if nxt not in passed:
                turn = nxt
                break

    res = rd.get("result") or {}
    if bidder is None:  # passed out
        if pos < len(acts):
            raise Bad(f"{where}: actions after a passed-out auction")
        compare(problems, where, "result.game_points", res.get("game_points"), [0] * n)
        cp = res.get("card_points")
        if cp not in (None, [], [0] * n):
            problems.append(f"{where}: passed-out round has card points {cp!r}")
        for key in ("caller", "partner", "success"):
            for holder, label in ((rd, key), (res, f"result.{key}")):
                if holder.get(key) not in (None, False):
                    problems.append(f"{where}: passed-out round has {label} = {holder.get(key)!r}")
        return None

    caller = bidder
    if mode == "rank":
        assert isinstance(standing, tuple)
        bid_rank, target = standing
    else:
        assert isinstance(standing, int)
        bid_rank, target = None, standing

    def next_action(key: str) -> dict[str, Any]:
        nonlocal pos
        if pos >= len(acts):
            raise Bad(f"{where}: the actions end before the caller's {key}")
        i, a = acts[pos]
        pos += 1
        if key not in a:
            raise Bad(f"{where}, action {i} {a!r}: expected the caller's {key}")
        if a.get("seat") != caller:
            raise Bad(f"{where}, action {i} {a!r}: the caller is seat {caller}")
        return a

    discard: list[str] = []
    declared: str | None = None
    if kitty_on:
        declared = next_action("trump")["trump"]
        if declared not in list(SUITS):
            raise Bad(f"{where}: declared trump {declared!r} is not a suit")
        a = next_action("discard")
        discard = a["discard"]
        pool = hands[caller] + kitty
        if not isinstance(discard, list) or len(discard) != 5 or len(set(discard)) != 5 or any(
            c not in pool for c in discard
        ):
            raise Bad(f"{where}: discard {discard!r} is not 5 of the caller's 12 cards {pool}")
        hands[caller] = [c for c in pool if c not in discard]
    called = next_action("call")["call"]
    if not is_card(called, RANKS_40):
        raise Bad(f"{where}: called {called!r} is not a card")
    if bid_rank is not None and rank(called) != bid_rank:
        raise Bad(f"{where}: called {called} but the bid rank is {bid_rank}")
    if declared is not None and suit(called) != declared:
        raise Bad(f"{where}: called {called} is not of the declared trump suit {declared}")
    trump = suit(called)
    partner = next((s for s in range(n) if s != caller and called in hands[s]), None)

    taken = [0] * n
    taken[caller] += card_points(discard)
    leader = first
    trick: list[tuple[int, str]] = []
    for i, a in acts[pos:]:
        at = f"{where}, action {i} {a!r}"
        if "play" not in a:
            raise Bad(f"{at}: expected a play")
        if not any(hands):
            raise Bad(f"{at}: action after every hand is empty")
        seat, card = a.get("seat"), a["play"]
        expected = (leader + len(trick)) % n
        if seat != expected:
            raise Bad(f"{at}: seat {expected} is to play, not seat {seat}")
        if card not in hands[seat]:
            raise Bad(f"{at}: {card!r} is not in seat {seat}'s hand {hands[seat]}")
        hands[seat].remove(card)
        trick.append((seat, card))
        if len(trick) == n:
            winner = trick_winner(trick, trump)
            taken[winner] += card_points(c for _, c in trick)
            trick = []
            leader = winner
    if any(hands) or trick:
        raise Bad(f"{where}: the actions end with cards still in hand {hands}")

    side = taken[caller] + (taken[partner] if partner is not None else 0)
    success = side >= target
    sign = 1 if success else -1
    gp = [-sign] * n
    if partner is None:
        gp[caller] = 4 * sign
    else:
        gp[caller] = 2 * sign
        gp[partner] = sign
    compare(problems, where, "result.card_points", res.get("card_points"), taken)
    compare(problems, where, "result.game_points", res.get("game_points"), gp)
    for holder, prefix in ((rd, ""), (res, "result.")):
        for key, value in (("caller", caller), ("partner", partner), ("target", target), ("success", success),
                           ("called", called), ("caller_side_points", side)):
            if key in holder:
                compare(problems, where, prefix + key, holder[key], value)
    bidders = {caller, caller if partner is None else partner}
    return tuple(s for s in range(n) if (s in bidders) == success)


def check_chiamata(rec: dict[str, Any], problems: list[str]) -> None:
    """Check a Briscola Chiamata record: auction, call, tricks, results and the match length."""
    n = 5
    if rec.get("players") != n:
        problems.append(f"Chiamata is for 5 players, not {rec.get('players')!r}")
        return
    match = opt(rec, "match", "single")
    length = {"single": 1, "short": 5, "long": 10}.get(match)
    if length is None:
        problems.append(f"unknown match option {match!r}")
        return
    rounds = rec.get("rounds") or []
    counted = 0
    totals = [0] * n
    last_winners: tuple[int, ...] = ()
    prev_dealer = None
    for ri, rd in enumerate(rounds):
        where = f"round {ri}"
        if counted >= length:
            problems.append(f"{where}: the match was already over after {length} counted rounds")
            break
        dealer = rd.get("dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            problems.append(f"{where}: bad dealer {dealer!r}")
            break
        if prev_dealer is not None and dealer != (prev_dealer + 1) % n:
            problems.append(f"{where}: dealer {dealer}, expected {(prev_dealer + 1) % n} (one seat a round)")
        prev_dealer = dealer
        gps = (rd.get("result") or {}).get("game_points")
        try:
            round_winners = chiamata_round(rec, ri, rd, problems)
            counts = round_winners is not None
        except Bad as exc:
            problems.append(str(exc))
            round_winners, counts = None, isinstance(gps, list) and any(gps)
        if counts:
            counted += 1
            last_winners = round_winners or ()
        if isinstance(gps, list) and len(gps) == n:
            totals = [t + g for t, g in zip(totals, gps)]
    if counted < length:
        problems.append(f"the record has {counted} counted rounds, the match needs {length}")
    res = rec.get("result") or {}
    compare(problems, "match", "result.game_points", res.get("game_points"), totals)
    if length == 1:  # a single round is won by its winning side
        want = list(last_winners)
    else:
        top = max(totals)
        want = [s for s in range(n) if totals[s] == top]
    compare(problems, "match", "result.winners", res.get("winners"), want)


# ----------------------------------------------------------------------------------------------- Cicera

BONUS_KEYS = ("scua", "picada", "simili", "quadriglia")
AWARD_KEYS = ("cards", "swords", "mata", "xd", "fc", "napula")


def cicera_round(_rec: dict[str, Any], ri: int, rd: dict[str, Any], problems: list[str]) -> list[int]:
    """Replay one Cicera deal; return the score per team (0 = seats 0 and 2, 1 = seats 1 and 3)."""
    n = 4
    where = f"round {ri}"
    deal = rd.get("deal") or {}
    hands_in = deal.get("hands")
    table = list(deal.get("table") or [])
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise Bad(f"{where}: deal.hands must list 4 hands")
    for s, h in enumerate(hands_in):
        if not isinstance(h, list) or len(h) != 12:
            raise Bad(f"{where}: seat {s} is dealt {h!r}, not 12 cards")
    if len(table) != 4:
        raise Bad(f"{where}: the table gets {table!r}, not 4 cards")
    if deal.get("stock") or deal.get("briscola") or deal.get("kitty"):
        raise Bad(f"{where}: a Cicera deal has no stock, briscola or kitty")
    check_deck([c for h in hands_in for c in h] + table, full_deck(RANKS_52), where)
    hands = [list(h) for h in hands_in]
    turn = (rd["dealer"] + 1) % n
    piles: list[list[str]] = [[], []]
    bonus = [dict.fromkeys(BONUS_KEYS, 0) for _ in range(2)]
    last_capture: int | None = None
    last_placed: str | None = None  # the card placed by the previous play, if it was a placement
    for i, a in actions_of(rd):
        at = f"{where}, action {i} {a!r}"
        if "play" not in a or "take" not in a:
            raise Bad(f"{at}: a Cicera action needs play and take")
        seat, card, take = a.get("seat"), a["play"], a["take"]
        if not any(hands):
            raise Bad(f"{at}: action after every hand is empty")
        if seat != turn:
            raise Bad(f"{at}: seat {turn} is to play, not seat {seat}")
        if card not in hands[seat]:
            raise Bad(f"{at}: {card!r} is not in seat {seat}'s hand {hands[seat]}")
        if not isinstance(take, list) or len(set(take)) != len(take) or any(c not in table for c in take):
            raise Bad(f"{at}: take {take!r} is not a set of table cards (table {table})")
        hands[seat].remove(card)
        team = seat % 2
        if not take:
            table.append(card)
            last_placed = card
        else:
            if len(take) == 1:
                if rank(take[0]) != rank(card):
                    raise Bad(f"{at}: a single card is taken by rank only ({card} cannot take {take[0]})")
            else:
                if card[0] not in NUMBER_VALUE or any(c[0] not in NUMBER_VALUE for c in take):
                    raise Bad(f"{at}: courts never join a sum")
                total = sum(NUMBER_VALUE[c[0]] for c in take)
                if total != NUMBER_VALUE[card[0]]:
                    raise Bad(f"{at}: the taken cards add up to {total}, not {NUMBER_VALUE[card[0]]}")
            for c in take:
                table.remove(c)
            piles[team] += [card, *take]
            b = bonus[team]
            if not table:
                b["scua"] += 1
            if last_placed is not None and take == [last_placed]:
                b["picada"] += 1
            if all(suit(c) == suit(card) for c in take):
                b["simili"] += 1
            if len(take) >= 3:
                b["quadriglia"] += 1
            last_capture = team
            last_placed = None
        turn = (turn + 1) % n
    if any(hands):
        raise Bad(f"{where}: the actions end with cards still in hand {hands}")
    unclaimed: list[str] = []
    if last_capture is None:
        unclaimed = list(table)
    else:
        piles[last_capture] += table

    counts = [{"cards": len(p), "swords": sum(1 for c in p if suit(c) == "s")} for p in piles]
    awards = [dict.fromkeys(AWARD_KEYS, 0) for _ in range(2)]
    for key, worth in (("cards", 2), ("swords", 1)):
        a0, a1 = counts[0][key], counts[1][key]
        if a0 != a1:
            awards[0 if a0 > a1 else 1][key] = worth
    for t, p in enumerate(piles):
        held = set(p)
        awards[t]["mata"] = int("2s" in held)
        awards[t]["xd"] = int("Xd" in held)
        awards[t]["fc"] = int("Fc" in held)
        if {"As", "2s", "3s"} <= held:
            run = 0
            while run < len(SWORD_RUN) and SWORD_RUN[run] + "s" in held:
                run += 1
            awards[t]["napula"] = run
    score = [sum(bonus[t].values()) + sum(awards[t].values()) for t in range(2)]

    res = rd.get("result") or {}
    compare(problems, where, "result.score", res.get("score"), score)
    compare(problems, where, "result.game_points", res.get("game_points"), [score[s % 2] for s in range(n)])
    if isinstance(res.get("breakdown"), list):  # an extra key: bonuses and awards per team
        for t in range(2):
            expected = {**bonus[t], **awards[t]}
            got = res["breakdown"][t] if t < len(res["breakdown"]) else {}
            for key, value in expected.items():
                if key in got:
                    compare(problems, where, f"result.breakdown[{t}].{key}", got[key], value)
    if isinstance(res.get("counts"), list):  # an extra key: cards and swords per team
        for t in range(2):
            got = res["counts"][t] if t < len(res["counts"]) else {}
            for key, value in counts[t].items():
                if key in got:
                    compare(problems, where, f"result.counts[{t}].{key}", got[key], value)
    if "unclaimed" in res:  # an extra key: table cards left when nobody captured
        compare(problems, where, "result.unclaimed", sorted(res["unclaimed"] or []), sorted(unclaimed))
    return score


def check_cicera(rec: dict[str, Any], problems: list[str]) -> None:
    """Check a Cicera record: every deal, the dealer rotation, the match end and the totals."""
    n = 4
    if rec.get("players") != n:
        problems.append(f"Cicera is for 4 players, not {rec.get('players')!r}")
        return
    match = opt(rec, "match", "single")
    if match not in ("single", "21", "31", "51"):
        problems.append(f"unknown match option {match!r}")
        return
    target = None if match == "single" else int(match)
    rounds = rec.get("rounds") or []
    if not rounds:
        problems.append("no rounds")
        return
    totals = [0, 0]
    over = False
    winner: int | None = None
    prev_dealer = None
    for ri, rd in enumerate(rounds):
        where = f"round {ri}"
        if over:
            problems.append(f"{where}: the match was already over")
            break
        dealer = rd.get("dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            problems.append(f"{where}: bad dealer {dealer!r}")
            break
        if prev_dealer is not None and dealer != (prev_dealer + 1) % n:
            problems.append(f"{where}: dealer {dealer}, expected {(prev_dealer + 1) % n} (one seat a deal)")
        prev_dealer = dealer
        try:
            score = cicera_round(rec, ri, rd, problems)
        except Bad as exc:
            problems.append(str(exc))
            score = list((rd.get("result") or {}).get("score") or [0, 0])
        totals = [totals[0] + score[0], totals[1] + score[1]]
        if target is None:
            over = True
            winner = None if totals[0] == totals[1] else (0 if totals[0] > totals[1] else 1)
        else:
            reached = [t for t in range(2) if totals[t] >= target]
            if len(reached) == 1:
                over, winner = True, reached[0]
            elif len(reached) == 2 and totals[0] != totals[1]:
                over, winner = True, (0 if totals[0] > totals[1] else 1)
    if not over:
        problems.append(f"the record ends after {len(rounds)} deals but the match is not over (totals {totals})")
    res = rec.get("result") or {}
    compare(problems, "match", "result.game_points", res.get("game_points"), [totals[s % 2] for s in range(n)])
    if over:
        compare(problems, "match", "result.winners", res.get("winners"),
                [] if winner is None else [s for s in range(n) if s % 2 == winner])


# ----------------------------------------------------------------------------------------------- Scopa, Scopone

SCOPA_VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "F": 8, "C": 9, "R": 10}
PRIMIERA = {"7": 21, "6": 18, "A": 16, "5": 15, "4": 14, "3": 13, "2": 12, "F": 10, "C": 10, "R": 10}
DENARI_RUN = ("A", "2", "3", "4", "5", "6", "7", "F", "C", "R")
SCOPA_KEYS = ("scope", "cards", "denari", "settebello", "primiera", "napola")
SCOPA_TARGETS = {"11": 11, "16": 16, "21": 21, "31": 31, "single": None}


def scopa_side(seat: int, n: int) -> int:
    """A seat's side: alone with 2 or 3 players, seats {0, 2} and {1, 3} with 4."""
    return seat % 2 if n == 4 else seat


def scopa_takes(card: str, table: list[str]) -> list[frozenset[str]]:
    """What a card must take: one table card of its value (any of them), else a set adding up to its value,
    else nothing (the only case where it is placed)."""
    value = SCOPA_VALUE[rank(card)]
    equal = [frozenset([c]) for c in table if SCOPA_VALUE[rank(c)] == value]
    if equal:
        return equal
    sums = [frozenset(combo) for size in range(2, len(table) + 1) for combo in combinations(table, size)
            if sum(SCOPA_VALUE[rank(c)] for c in combo) == value]
    return sums or [frozenset()]


def scopa_primiera(pile: list[str]) -> int:
    """The best card of each suit by primiera value, added up; 0 when a suit is missing."""
    best = {s: max((PRIMIERA[rank(c)] for c in pile if suit(c) == s), default=0) for s in SUITS}
    return 0 if 0 in best.values() else sum(best.values())


def only_top(values: list[int]) -> int | None:
    """The index of the one strictly highest value; None on a tie at the top."""
    top = max(values)
    return values.index(top) if values.count(top) == 1 else None


def scopa_round(rec: dict[str, Any], ri: int, rd: dict[str, Any], problems: list[str]) -> list[int]:
    """Replay one Scopa or Scopone round; return the score per side."""
    n = rec["players"]
    where = f"round {ri}"
    kind = "scopa" if rec.get("game") == "scopa" else opt(rec, "deal", "scientifico")
    size, on_table = {"scopa": (3, 4), "scientifico": (10, 0), "tradizionale": (9, 4)}[kind]
    deal = rd.get("deal") or {}
    hands_in = deal.get("hands")
    table = list(deal.get("table") or [])
    stock = list(deal.get("stock") or [])
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise Bad(f"{where}: deal.hands must list {n} hands")
    for s, h in enumerate(hands_in):
        if not isinstance(h, list) or len(h) != size:
            raise Bad(f"{where}: seat {s} is dealt {h!r}, not {size} cards")
    if len(table) != on_table:
        raise Bad(f"{where}: the table gets {table!r}, not {on_table} cards")
    if sum(1 for c in table if rank(c) == "R") >= 3:
        raise Bad(f"{where}: the table holds three or four R: the deal should have been dealt again")
    if deal.get("briscola") or deal.get("kitty"):
        raise Bad(f"{where}: this deal has no briscola or kitty")
    check_deck([c for h in hands_in for c in h] + table + stock, full_deck(RANKS_40), where)
    hands = [list(h) for h in hands_in]
    first = (rd["dealer"] + 1) % n
    turn = first
    sides = 2 if n == 4 else n
    piles: list[list[str]] = [[] for _ in range(sides)]
    scope = [0] * sides
    last_capture: int | None = None
    for i, a in actions_of(rd):
        at = f"{where}, action {i} {a!r}"
        if "play" not in a or "take" not in a:
            raise Bad(f"{at}: an action needs play and take")
        seat, card, take = a.get("seat"), a["play"], a["take"]
        if not any(hands):
            raise Bad(f"{at}: action after the round is over")
        if seat != turn:
            raise Bad(f"{at}: seat {turn} is to play, not seat {seat}")
        if card not in hands[seat]:
            raise Bad(f"{at}: {card!r} is not in seat {seat}'s hand {hands[seat]}")
        if not isinstance(take, list) or len(set(take)) != len(take):
            raise Bad(f"{at}: take {take!r} is not a set of cards")
        allowed = scopa_takes(card, table)
        if frozenset(take) not in allowed:
            raise Bad(f"{at}: {card} must take one of {[sorted(t) for t in allowed]} (table {table})")
        hands[seat].remove(card)
        side = scopa_side(seat, n)
        if take:
            for c in take:
                table.remove(c)
            piles[side] += [card, *take]
            last_capture = side
            if not table and (any(hands) or stock):
                scope[side] += 1
        else:
            table.append(card)
        turn = (turn + 1) % n
        if not any(hands) and stock:
            for k in range(n):  # 3 more each, from the seat after the dealer
                hands[(first + k) % n] = stock[:3]
                del stock[:3]
            turn = first
    if any(hands) or stock:
        raise Bad(f"{where}: the actions end with cards still in hand {hands} or in the stock")
    unclaimed: list[str] = []
    if last_capture is None:
        unclaimed = list(table)
    else:
        piles[last_capture] += table
    napola = opt(rec, "napola", "off") == "on"
    counts = [len(p) for p in piles]
    denari = [sum(1 for c in p if suit(c) == "d") for p in piles]
    prim = [scopa_primiera(p) for p in piles]
    most = {"cards": only_top(counts), "denari": only_top(denari),
            "primiera": only_top(prim) if max(prim) else None}
    breakdown = []
    for t, p in enumerate(piles):
        b = {"scope": scope[t], **{k: int(v == t) for k, v in most.items()}, "settebello": int("7d" in p),
             "napola": 0}
        if napola and {"Ad", "2d", "3d"} <= set(p):
            run = 0
            while run < len(DENARI_RUN) and DENARI_RUN[run] + "d" in p:
                run += 1
            b["napola"] = run
        breakdown.append(b)
    score = [sum(b.values()) for b in breakdown]

    res = rd.get("result") or {}
    compare(problems, where, "result.score", res.get("score"), score)
    compare(problems, where, "result.game_points", res.get("game_points"), [score[scopa_side(s, n)] for s in range(n)])
    if isinstance(res.get("breakdown"), list):
        for t in range(sides):
            got = res["breakdown"][t] if t < len(res["breakdown"]) else {}
            for key in SCOPA_KEYS:
                compare(problems, where, f"result.breakdown[{t}].{key}", got.get(key), breakdown[t][key])
    if "unclaimed" in res:
        compare(problems, where, "result.unclaimed", sorted(res["unclaimed"] or []), sorted(unclaimed))
    return score


def check_scopa(rec: dict[str, Any], problems: list[str]) -> None:
    """Check a Scopa or Scopone record: every round, the dealer rotation, the match end and the totals."""
    n = rec.get("players")
    if n not in ((4,) if rec.get("game") == "scopone" else (2, 3, 4)):
        problems.append(f"{rec.get('game')} is not for {n!r} players")
        return
    assert isinstance(n, int)
    match = opt(rec, "match", "11")
    if match not in SCOPA_TARGETS:
        problems.append(f"unknown match option {match!r}")
        return
    target = SCOPA_TARGETS[match]
    rounds = rec.get("rounds") or []
    if not rounds:
        problems.append("no rounds")
        return
    sides = 2 if n == 4 else n
    totals = [0] * sides
    over = False
    winner: int | None = None
    prev_dealer = None
    for ri, rd in enumerate(rounds):
        where = f"round {ri}"
        if over:
            problems.append(f"{where}: the match was already over")
            break
        dealer = rd.get("dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            problems.append(f"{where}: bad dealer {dealer!r}")
            break
        if prev_dealer is not None and dealer != (prev_dealer + 1) % n:
            problems.append(f"{where}: dealer {dealer}, expected {(prev_dealer + 1) % n} (one seat a round)")
        prev_dealer = dealer
        try:
            score = scopa_round(rec, ri, rd, problems)
        except Bad as exc:
            problems.append(str(exc))
            score = list((rd.get("result") or {}).get("score") or [0] * sides)
        totals = [a + b for a, b in zip(totals, score)]
        top = only_top(totals)
        if target is None or (max(totals) >= target and top is not None):
            over, winner = True, top
    if not over:
        problems.append(f"the record ends after {len(rounds)} rounds but the match is not over (totals {totals})")
    res = rec.get("result") or {}
    compare(problems, "match", "result.game_points", res.get("game_points"),
            [totals[scopa_side(s, n)] for s in range(n)])
    if over:
        compare(problems, "match", "result.winners", res.get("winners"),
                [] if winner is None else [s for s in range(n) if scopa_side(s, n) == winner])


# ----------------------------------------------------------------------------------------------- Tressette

TRESSETTE_STRENGTH = ("3", "2", "A", "R", "C", "F", "7", "6", "5", "4")  # high to low, no trumps
TRESSETTE_THIRDS = {"A": 3, "3": 1, "2": 1, "R": 1, "C": 1, "F": 1}
TRESSETTE_SIGNALS = ("busso", "striscio", "volo")
TRESSETTE_TARGETS = {"21": 21, "31": 31, "41": 41, "single": None}
SUIT_NAMES = {"d": "Denari", "c": "Coppe", "s": "Spade", "b": "Bastoni"}


def tressette_declarations(hand: list[str]) -> list[tuple[int, str, list[str], int]]:
    """The declarations of a dealt hand as (order, kind, cards, points): each napoletana (A, 2, 3 of a suit)
    3 points; three of the four 3s, 2s or aces 3 points (a buongioco), all four 4 points."""
    out = []
    for s in SUITS:
        if all(r + s in hand for r in "A23"):
            out.append((0, "napoletana", sorted(r + s for r in "A23"), 3))
    for r in "32A":
        held = sorted(r + s for s in SUITS if r + s in hand)
        if len(held) >= 3:
            out.append((1, "buongioco", held, 3 if len(held) == 3 else 4))
    return out


def tressette_round(rec: dict[str, Any], ri: int, rd: dict[str, Any], problems: list[str]) -> list[int]:
    """Replay one Tressette round; return the score per side."""
    n = rec["players"]
    where = f"round {ri}"
    deal = rd.get("deal") or {}
    hands_in = deal.get("hands")
    stock = list(deal.get("stock") or [])
    if not isinstance(hands_in, list) or len(hands_in) != n:
        raise Bad(f"{where}: deal.hands must list {n} hands")
    for s, h in enumerate(hands_in):
        if not isinstance(h, list) or len(h) != 10:
            raise Bad(f"{where}: seat {s} is dealt {h!r}, not 10 cards")
    if len(stock) != (20 if n == 2 else 0):
        raise Bad(f"{where}: the stock holds {len(stock)} cards, not {20 if n == 2 else 0}")
    if any(k in deal for k in ("briscola", "table", "kitty")):
        raise Bad(f"{where}: a Tressette deal has no briscola, table or kitty")
    check_deck([c for h in hands_in for c in h] + stock, full_deck(RANKS_40), where)
    hands = [list(h) for h in hands_in]
    signals_on = n == 4 and opt(rec, "signals", "on") == "on"
    side = (lambda seat: seat % 2) if n == 4 else (lambda seat: seat)
    thirds = [0, 0]
    leader = (rd["dealer"] + 1) % n
    trick: list[tuple[int, str]] = []
    last_taker: int | None = None
    for i, a in actions_of(rd):
        at = f"{where}, action {i} {a!r}"
        if last_taker is not None:
            raise Bad(f"{at}: action after the round is over")
        if "play" not in a or "take" in a:
            raise Bad(f"{at}: every Tressette action is a play without a take")
        seat, card = a.get("seat"), a["play"]
        turn = (leader + len(trick)) % n
        if seat != turn:
            raise Bad(f"{at}: seat {turn} is to play, not seat {seat}")
        if card not in hands[seat]:
            raise Bad(f"{at}: {card!r} is not in seat {seat}'s hand {sorted(hands[seat])}")
        if trick:
            led = suit(trick[0][1])
            if suit(card) != led and any(suit(c) == led for c in hands[seat]):
                raise Bad(f"{at}: seat {seat} must follow {SUIT_NAMES[led]}")
        if "signal" in a:
            if not signals_on:
                raise Bad(f"{at}: no signals at this table")
            if trick:
                raise Bad(f"{at}: only the leader may signal")
            if a["signal"] not in TRESSETTE_SIGNALS:
                raise Bad(f"{at}: unknown signal {a['signal']!r}")
        hands[seat].remove(card)
        trick.append((seat, card))
        if len(trick) < n:
            continue
        led = suit(trick[0][1])
        taker = min((sc for sc in trick if suit(sc[1]) == led), key=lambda sc: TRESSETTE_STRENGTH.index(rank(sc[1])))[0]
        thirds[side(taker)] += sum(TRESSETTE_THIRDS.get(rank(c), 0) for _s, c in trick)
        trick = []
        leader = taker
        if stock:
            hands[taker].append(stock.pop(0))
            hands[1 - taker].append(stock.pop(0))
        elif not any(hands):
            thirds[side(taker)] += 3
            last_taker = taker
    if last_taker is None:
        raise Bad(f"{where}: the actions end before the last trick")
    accusi = [0, 0]
    found = []
    if opt(rec, "accusi", "off") == "on":
        for s, h in enumerate(hands_in):
            for _order, kind, cards, points in tressette_declarations(h):
                accusi[side(s)] += points
                found.append({"seat": s, "kind": kind, "cards": cards, "points": points})
    if sum(thirds) != 35:
        problems.append(f"{where}: the referee counts {sum(thirds)} thirds, not 35")
    score = [thirds[t] // 3 + accusi[t] for t in range(2)]
    res = rd.get("result") or {}
    compare(problems, where, "result.score", res.get("score"), score)
    compare(problems, where, "result.game_points", res.get("game_points"), [score[side(s)] for s in range(n)])
    compare(problems, where, "result.last_trick", res.get("last_trick"), last_taker)
    card_points = res.get("card_points")
    if isinstance(card_points, list) and len(card_points) == n:
        compare(problems, where, "result.card_points per side", [sum(card_points[s] for s in range(n) if side(s) == t)
                                                                 for t in range(2)], thirds)
    else:
        problems.append(f"{where}: result.card_points must hold the thirds of each of the {n} seats")
    if isinstance(res.get("breakdown"), list) and len(res["breakdown"]) == 2:
        for t in range(2):
            got = res["breakdown"][t]
            expected = {"thirds": thirds[t], "last_trick": 3 if side(last_taker) == t else 0,
                        "points": thirds[t] // 3, "accusi": accusi[t]}
            for key, value in expected.items():
                compare(problems, where, f"result.breakdown[{t}].{key}", got.get(key), value)
    recorded = res.get("declarations") or []
    key = lambda d: (d.get("seat"), d.get("kind"), sorted(d.get("cards") or []), d.get("points"))  # noqa: E731
    compare(problems, where, "result.declarations", sorted(map(key, recorded)), sorted(map(key, found)))
    return score


def check_tressette(rec: dict[str, Any], problems: list[str]) -> None:
    """Check a Tressette record: every round, the dealer rotation, the match end and the totals."""
    n = rec.get("players")
    if n not in (2, 4):
        problems.append(f"tressette is not for {n!r} players")
        return
    assert isinstance(n, int)
    match = opt(rec, "match", "21")
    if match not in TRESSETTE_TARGETS:
        problems.append(f"unknown match option {match!r}")
        return
    if n == 2 and "signals" in (rec.get("options") or {}):
        problems.append("signals are an option of 4 players only")
    target = TRESSETTE_TARGETS[match]
    rounds = rec.get("rounds") or []
    if not rounds:
        problems.append("no rounds")
        return
    totals = [0, 0]
    over = False
    winner: int | None = None
    prev_dealer = None
    for ri, rd in enumerate(rounds):
        where = f"round {ri}"
        if over:
            problems.append(f"{where}: the match was already over")
            break
        dealer = rd.get("dealer")
        if not isinstance(dealer, int) or not 0 <= dealer < n:
            problems.append(f"{where}: bad dealer {dealer!r}")
            break
        if prev_dealer is not None and dealer != (prev_dealer + 1) % n:
            problems.append(f"{where}: dealer {dealer}, expected {(prev_dealer + 1) % n} (one seat a round)")
        prev_dealer = dealer
        try:
            score = tressette_round(rec, ri, rd, problems)
        except Bad as exc:
            problems.append(str(exc))
            score = list((rd.get("result") or {}).get("score") or [0, 0])
        totals = [a + b for a, b in zip(totals, score)]
        top = only_top(totals)
        if target is None or (max(totals) >= target and top is not None):
            over, winner = True, top
    if not over:
        problems.append(f"the record ends after {len(rounds)} rounds but the match is not over (totals {totals})")
    res = rec.get("result") or {}
    side = (lambda seat: seat % 2) if n == 4 else (lambda seat: seat)
    compare(problems, "match", "result.game_points", res.get("game_points"), [totals[side(s)] for s in range(n)])
    if over:
        compare(problems, "match", "result.winners", res.get("winners"),
                [] if winner is None else [s for s in range(n) if side(s) == winner])


# ----------------------------------------------------------------------------------------------- entry points

CHECKERS = {"briscola": check_briscola, "chiamata": check_chiamata, "cicera": check_cicera, "scopa": check_scopa,
            "scopone": check_scopa, "tressette": check_tressette}


def check_record(rec: dict[str, Any]) -> list[str]:
    """Replay a game record against RULES.md; return the problems found (empty: the record is correct)."""
    problems: list[str] = []
    if not isinstance(rec, dict):
        return ["a record must be a JSON object"]
    if rec.get("format") != 1:
        problems.append(f"format {rec.get('format')!r}, expected 1")
    seats = rec.get("seats")
    if isinstance(seats, list) and len(seats) != rec.get("players"):
        problems.append(f"{len(seats)} seats for {rec.get('players')!r} players")
    checker = CHECKERS.get(rec.get("game"))  # type: ignore[arg-type]
    if checker is None:
        return [*problems, f"unknown game {rec.get('game')!r}"]
    try:
        checker(rec, problems)
    except Exception as exc:  # a malformed record must give a problem, not crash the referee
        problems.append(f"referee could not read the record: {type(exc).__name__}: {exc}")
    return problems


def record_files(paths: Iterable[str]) -> list[Path]:
    """The record files named, with folders expanded to the *.json files inside."""
    out: list[Path] = []
    for p in map(Path, paths):
        out += sorted(p.glob("*.json")) if p.is_dir() else [p]
    return out


def main(argv: list[str]) -> int:
    """Script mode: check each record file, print OK or its problems; exit 1 if any record is wrong."""
    if not argv:
        print("usage: referee.py FILE_OR_DIR...", file=sys.stderr)
        return 2
    files = record_files(argv)
    bad = 0
    for path in files:
        try:
            problems = check_record(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            problems = [f"cannot read: {exc}"]
        if problems:
            bad += 1
            print(f"PROBLEMS {path}")
            for p in problems:
                print(f"  - {p}")
        else:
            print(f"OK {path}")
    print(f"{len(files)} records checked, {len(files) - bad} OK, {bad} with problems")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
