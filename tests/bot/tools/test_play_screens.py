"""``python -m bot play`` as a player reads it: the points of each side and the match score at the end of a
round, partners named and teams shown from the first screen, hands sorted by suit and strength, no Python
values on screen, ``rules`` at the prompt, Chiamata's discards and bids typed as what they mean, bad input
refused with one line that changes nothing, and the secret partner kept secret."""

from __future__ import annotations

import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import build_parser
from bot.names import game_title
from bot.rules_text import RULES
from bot.tools.play import play
from rules.cards import RANKS, STRENGTH_ORDER, SUIT_NAMES, SUITS
from rules.records import replay_record

FAST = ("--level", "random", "--time-ms", "5")
SUIT_OF_NAME = {name: letter for letter, name in SUIT_NAMES.items()}


async def run_play(db: Path, script: str, *extra: str) -> str:
    args = build_parser().parse_args(["play", "--db", str(db), *extra])
    out = io.StringIO()
    code = await play(args, io.StringIO(script), out)
    assert code == 0
    return out.getvalue()


def finished_games(db: Path) -> list[dict]:
    con = sqlite3.connect(db)
    try:
        return [json.loads(r) for (r,) in con.execute("SELECT record FROM games ORDER BY id")]
    finally:
        con.close()


def live_entries(db: Path) -> list[dict]:
    """The record entries stored so far of the game in play."""
    con = sqlite3.connect(db)
    try:
        return [json.loads(r) for (r,) in con.execute("SELECT entry FROM live_actions ORDER BY table_id, n")]
    finally:
        con.close()


def hands_shown(out: str) -> list[list[tuple[str, list[str]]]]:
    """Every 'Your hand:' line as its groups: (label, cards)."""
    hands = []
    for line in re.findall(r"^Your hand: (.*)$", out, re.M):
        groups = []
        for part in line.split(" · "):
            label, cards = part.split(": ")
            groups.append((label, cards.split()))
        hands.append(groups)
    return hands


def menu_after(text: str) -> list[str]:
    """The numbered choices of the last turn screen in ``text``."""
    screen = text.rsplit("Your move:", 1)[1]
    return re.findall(r"^ +\d+\. (.*)$", screen, re.M)


def assert_no_python_values(out: str) -> None:
    """No list, tuple, dict or repr of a value: cards and scores are text."""
    for bad in ("[", "]", "{", "}", "None", "()", "Card(", "Action(", "\\n"):
        assert bad not in out, f"{bad!r} on screen:\n" + next(line for line in out.splitlines() if bad in line)


# ----- the end of a round -----
async def test_a_briscola_round_ends_with_the_card_points_of_each_team_and_the_match_score(db_path):
    out = await run_play(db_path, "1\n" * 200, "--game", "briscola", "--players", "4", "--seed", "3",
                         "--option", "match=short", *FAST)
    record = finished_games(db_path)[0]
    replay_record(record)
    ends = re.findall(r"--- Round (\d+) over ---\nCard points: your team \(seats 0 and 2\) (\d+), the other team "
                      r"\(seats 1 and 3\) (\d+)\.\n(?:.*conquest.*\n)?Round won by (.*): game points \+(\d)\.\n"
                      r"Match score \(first to 3 game points\): your team (\d+), the other team (\d+)\.", out)
    assert len(ends) == len(record["rounds"]) >= 3  # first to 3: at least three rounds
    ours = theirs = 0
    for (_n, mine, other, winner, _won, total_mine, total_other), rnd in zip(ends, record["rounds"]):
        result = rnd["result"]
        assert [int(mine), int(other)] == result["side_points"] and int(mine) + int(other) == 120
        assert winner == ("your team (seats 0 and 2)" if result["winners"] == [0, 2] else
                          "the other team (seats 1 and 3)")
        ours += result["game_points"][0]
        theirs += result["game_points"][1]
        assert (int(total_mine), int(total_other)) == (ours, theirs)  # the running match score
    assert out.index("--- Round 1 over ---") < out.index("--- Round 2, dealer")
    assert f"Game over. Game points: your team (seats 0 and 2) {ours}, the other team (seats 1 and 3) {theirs}." in out


async def test_a_single_two_player_round_names_each_seat_and_shows_no_match_score(db_path):
    out = await run_play(db_path, "1\n" * 40, "--game", "briscola", "--players", "2", "--seed", "4", *FAST)
    result = finished_games(db_path)[0]["rounds"][0]["result"]
    a, b = result["side_points"]
    assert f"Card points: Seat 0 (you) {a}, Seat 1 (AI) {b}." in out
    assert "Match score" not in out and "partner" not in out
    assert "Every player plays for themselves: Seat 0 (you) and Seat 1 (AI)." in out


async def test_a_cicera_round_ends_with_each_teams_points_item_by_item_and_the_match_score(db_path):
    out = await run_play(db_path, "1\n" * 13 + "q\n", "--game", "cicera", "--seed", "2", "--option", "match=21",
                         *FAST)
    end = out.split("--- Round 1 over ---\n", 1)[1].split("\n")
    mine = re.match(r"Your team \(seats 0 and 2\): (\d+) points \((\d+) cards, swords: (\d+)\): (.*)\.$", end[0])
    other = re.match(r"The other team \(seats 1 and 3\): (\d+) points \((\d+) cards, swords: (\d+)\): (.*)\.$",
                     end[1])
    assert mine and other, end[:3]
    assert int(mine[2]) + int(other[2]) == 52 and int(mine[3]) + int(other[3]) == 13
    for m in (mine, other):  # the items add up to the team's points
        items = [int(v) for v in re.findall(r" (\d+)(?:,| and|$)", m[4])]
        assert sum(items) == int(m[1])
    assert end[2] == f"Match score (to 21 points): your team {mine[1]}, the other team {other[1]}."


async def test_a_chiamata_round_ends_with_the_sides_their_card_points_and_the_match_score(db_path):
    out = await run_play(db_path, ("pass\n1\n" * 12) + "q\n", "--game", "chiamata", "--seed", "9",
                         "--option", "match=short", *FAST)
    entries = live_entries(db_path)
    end = out.split("--- Round 1 over ---\n", 1)[1].split("\n")
    called = re.match(r"(Seat (\d) \(AI, caller.*?\)) called (\w\w)(?:; the partner was Seat (\d) .*| and played "
                      r"alone)\.$", end[0])
    assert called, end[0]
    caller = int(called[2])
    assert {"seat": caller, "call": called[3]} in entries
    points = re.match(r"Card points: the caller's side \((.*?)\) (\d+) of the (\d+) needed, the other side \((.*?)\) "
                      r"(\d+)\.$", end[1])
    assert points and int(points[2]) + int(points[5]) == 120
    assert end[2] in ("The caller's side wins the round.", "The caller's side loses the round.")
    assert end[3] in ("You played against the caller.", "You were the caller's partner.")
    won = end[2].endswith("wins the round.")
    assert won == (int(points[2]) >= int(points[3]))
    gp = re.match(r"Game points this round: (.*)\.$", end[4])
    assert gp
    values = [int(v) for v in re.findall(r"\) ([+-]\d+)", gp[1])]
    sign = 1 if won else -1
    partner = int(called[4]) if called[4] else None
    expected = [2 * sign if s == caller else sign if s == partner else -sign for s in range(5)]
    if partner is None:
        expected[caller] = 4 * sign
    assert values == expected
    assert end[5].startswith("Match score after 1 of 5 rounds: Seat 0 (you) ")
    assert re.findall(r"\) ([+-]\d+)", end[5]) == re.findall(r"\) ([+-]\d+)", end[4])  # after one round


# ----- partners and teams -----
@pytest.mark.parametrize(("game", "players", "team", "other"), [
    ("briscola", "4", "Seat 0 (you) and Seat 2 (AI, your partner)", "Seat 1 (AI) and Seat 3 (AI)"),
    ("briscola", "6", "Seat 0 (you), Seat 2 (AI, your partner) and Seat 4 (AI, your partner)",
     "Seat 1 (AI), Seat 3 (AI) and Seat 5 (AI)"),
    ("cicera", "4", "Seat 0 (you) and Seat 2 (AI, your partner)", "Seat 1 (AI) and Seat 3 (AI)"),
])
async def test_partners_are_named_and_the_teams_shown_from_the_first_screen(db_path, game, players, team, other):
    out = await run_play(db_path, "1\n1\nq\n", "--game", game, "--players", players, "--seed", "5", *FAST)
    first_screen = out.split("Your move:", 1)[0]
    assert f"Your team: {team}." in first_screen
    assert f"The other team: {other}." in first_screen
    assert "Seat 2 (AI, your partner) plays " in out
    assert "Seat 1 (AI, your partner)" not in out and "Seat 3 (AI, your partner)" not in out


def rounds_of(out: str) -> list[str]:
    return re.split(r"^--- Round \d+, dealer .*$", out, flags=re.M)[1:]


@pytest.mark.parametrize("seed", ["9", "11", "4"])
async def test_the_chiamata_partner_is_named_only_once_this_seat_may_know_it(db_path, seed):
    out = await run_play(db_path, "pass\n1\n" * 12 + "q\n", "--game", "chiamata", "--seed", seed, *FAST)
    entries = live_entries(db_path) or finished_games(db_path)[0]["rounds"][-1]["actions"]
    call = next(e for e in entries if "call" in e)
    rnd = rounds_of(out)[-1]
    before_reveal = re.split(r"played (?:the|their own) called card", rnd)[0]
    i_hold = f"You hold {call['call']}: you are the caller's secret partner" in rnd
    if i_hold:  # the partner knows it is the partner, and so the caller is its partner
        assert f"Seat {call['seat']} (AI, caller, your partner)" in before_reveal
        assert "You hold the called card" in before_reveal
    else:  # nobody is named partner before the called card is played
        assert "partner)" not in before_reveal and "your partner" not in before_reveal
        assert "You hold" not in rnd
    assert "is the caller's partner!" in rnd or "plays alone!" in rnd
    after = rnd.split("called card:", 1)[1] if "called card:" in rnd else rnd
    assert re.search(r"Seat \d \((?:AI|you)(?:, caller)?(?:, your partner|, partner)?\)", after)
    if seed == "11":
        assert i_hold  # the seed where seat 0 holds the called card: the test sees both cases


# ----- sorted hands -----
def assert_sorted_by_suit_and_strength(groups: list[tuple[str, list[str]]], order: str) -> None:
    suits = []
    for label, cards in groups:
        name = label.split(",")[0]
        suit = SUIT_OF_NAME[name]
        suits.append((label.endswith("trumps"), suit))
        assert all(c[1] == suit for c in cards), (label, cards)
        ranks = [order.index(c[0]) for c in cards]
        assert ranks == sorted(ranks), (label, cards)
    trumps = [s for is_trump, s in suits if is_trump]
    assert len(trumps) <= 1 and (not trumps or suits[0][0])  # the trumps first
    rest = [SUITS.index(s) for is_trump, s in suits if not is_trump]
    assert rest == sorted(rest) and len(set(s for _, s in suits)) == len(suits)


async def test_hands_are_shown_by_suit_trumps_first_each_suit_by_strength(db_path):
    out = await run_play(db_path, "1\n" * 40, "--game", "briscola", "--players", "2", "--seed", "5", *FAST)
    hands = hands_shown(out)
    assert len(hands) >= 15
    for groups in hands:
        assert_sorted_by_suit_and_strength(groups, STRENGTH_ORDER)
    assert any(g[0][0].endswith("trumps") for g in hands)
    record = finished_games(db_path)[0]
    dealt = record["rounds"][0]["deal"]["hands"][0]
    shown = [c for _, cards in hands[0] for c in cards]
    assert sorted(shown) == sorted(dealt) and shown != dealt  # the same cards, not in the engine's order
    # the numbered list follows the hand as shown
    first_screen = out.split("> ", 1)[0]
    assert menu_after(first_screen) == shown


async def test_cicera_and_chiamata_hands_are_sorted_too(db_path, tmp_path):
    out = await run_play(db_path, "1\n" * 6 + "q\n", "--game", "cicera", "--seed", "3", *FAST)
    for groups in hands_shown(out):
        assert_sorted_by_suit_and_strength(groups, RANKS)  # Cicera: by value, A 2 ... X, then F C R
    out = await run_play(tmp_path / "c.db", "pass\n1\n" * 8 + "q\n", "--game", "chiamata", "--seed", "11", *FAST)
    hands = hands_shown(out)
    assert len(hands) >= 5
    for groups in hands:
        assert_sorted_by_suit_and_strength(groups, STRENGTH_ORDER)


async def test_a_card_typed_by_name_or_by_its_number_in_the_shown_order_is_the_card_played(db_path):
    out = await run_play(db_path, "3\nq\n", "--game", "briscola", "--players", "2", "--seed", "6", *FAST)
    shown = [c for _, cards in hands_shown(out)[0] for c in cards]
    entries = live_entries(db_path)
    assert {"seat": 0, "play": shown[2]} in entries  # number 3: the third card as shown
    last = [c for _, cards in hands_shown(out)[-1] for c in cards][-1]
    await run_play(db_path, f"{last}\nq\n")
    assert {"seat": 0, "play": last} in live_entries(db_path)  # a card's code alone plays it


# ----- no Python values; rules -----
@pytest.mark.parametrize("extra", [
    ("--game", "briscola", "--players", "4", "--option", "show_points=on", "--option", "trump_exchange=on",
     "--option", "match=short"),
    ("--game", "briscola", "--players", "3", "--option", "open=on"),
    ("--game", "cicera", "--option", "match=21"),
    ("--game", "chiamata", "--option", "show_points=on", "--option", "match=short"),
])
async def test_no_python_lists_tuples_dicts_or_none_on_screen(db_path, extra):
    out = await run_play(db_path, "rules\nhelp\n" + "pass\n1\n" * 60, *extra, "--seed", "7", *FAST)
    assert "Your hand:" in out and "over ---" in out
    assert_no_python_values(out)


@pytest.mark.parametrize("game", ["briscola", "chiamata", "cicera"])
async def test_rules_at_the_prompt_show_the_rules_and_the_tables_options_and_change_nothing(db_path, game):
    out = await run_play(db_path, "help\nrules\nq\n", "--game", game, "--seed", "1", "--option", "turn_timer=60",
                         *FAST)
    assert "'rules' shows the rules of the game and this table's options" in out  # help lists it
    shown = out.split("Rules of ", 1)[1]
    assert shown.startswith(f"{game_title(game)}:\n") and "**" not in out
    (first_heading, first_text), *_ = RULES[game]
    assert f"\n{first_heading}\n  {' '.join(first_text.split()[:8])}" in shown
    assert all(f"\n{heading}\n" in shown for heading, _ in RULES[game])
    assert "turn_timer: 120" in " ".join(shown.split())
    this_table = " ".join(shown.split("This table: ", 1)[1].split("\n> ")[0].split())
    assert "turn timer: 60 s" in this_table  # the options as the player reads them
    assert live_entries(db_path) == [] or all(e["seat"] != 0 for e in live_entries(db_path))
    assert out.count("Your move:") == 1  # rules and help are answered at the same prompt


# ----- Chiamata: bids and discards typed as what they mean; bad input -----
def not_possible_lines(out: str) -> list[str]:
    lines = out.splitlines()
    found = []
    for i, line in enumerate(lines):
        if "Not possible:" in line:
            assert line.startswith("> Not possible: "), line
            assert i + 1 == len(lines) or lines[i + 1].startswith(">"), lines[i:i + 2]  # one line, then the prompt
            found.append(line.removeprefix("> Not possible: "))
    return found


async def test_chiamata_points_bid_typed_as_the_target_and_the_kitty_discarded_by_naming_cards(db_path):
    args = ("--game", "chiamata", "--seed", "1", "--option", "kitty=on", "--option", "bidding=points", *FAST)
    out = await run_play(db_path, "0\nbid 2:70\n80\n120\nq\n", *args)
    assert "Your move: bid a target from 61 to 120 card points (type the number, e.g. '61'), or 'pass'." in out
    assert not_possible_lines(out) == [
        "bid a target from 61 to 120",
        "In points bidding a bid is a number of card points, e.g. 'bid 80' or just '80'; or 'pass'.",
    ]
    mine = [e for e in live_entries(db_path) if e["seat"] == 0]
    assert mine == [{"seat": 0, "bid": 80}, {"seat": 0, "bid": 120}]  # 80 is a target of 80, not a menu position
    assert "Seat 0 (you) bids 80 points." in out and "Seat 0 (you, caller) wins the auction with 120 points" in out
    out = await run_play(db_path, "trump 9\nb\nq\n")
    assert not_possible_lines(out) == ["Declare the trump suit: d, c, s or b (e.g. 'trump d' or just 'd')."]
    assert "Your move: discard 5 cards by naming them, e.g. 'discard " in out
    kitty = re.search(r"^The kitty went to your hand: (.*)\.$", out, re.M)
    assert kitty and len(kitty[1].split()) == 5
    hand = [c for _, cards in hands_shown(out)[-1] for c in cards]
    assert len(hand) == 12 and set(kitty[1].split()) <= set(hand)
    assert not re.search(r"^ +\d+\. discard", out, re.M)  # no menu of 792 combinations
    entries_before = live_entries(db_path)
    outside = next(f"{r}{s}" for s in SUITS for r in "A23456" if f"{r}{s}" not in hand)
    discard = hand[-5:]
    bad = ["discard " + " ".join(hand[:4]), "discard " + " ".join([*hand[:4], outside]),
           "discard " + " ".join([*hand[:4], hand[0]]), "1", "discard 4b 5b 6b 2c Zz"]
    out = await run_play(db_path, "\n".join([*bad, " ".join(discard), "q"]) + "\n")
    assert not_possible_lines(out) == [
        "discard exactly 5 different cards", f"{outside} is not in your hand", "discard exactly 5 different cards",
        "'1' is not a card: write rank then suit, like 'Ad' or 'Rb'.",
        "'Zz' is not a card: write rank then suit, like 'Ad' or 'Rb'.",
    ]
    entries = live_entries(db_path)
    assert entries[:len(entries_before)] == entries_before  # the bad lines stored nothing
    assert entries[len(entries_before)] == {"seat": 0, "discard": sorted(discard, key=lambda c: (SUITS.index(c[1]),
                                                                                               RANKS.index(c[0])))}
    assert "Seat 0 (you, caller) discards 5 cards." in out
    assert f"Your discards (their points count for your side): {' '.join(discard)}." in out
    call = re.search(r"Your move: call one of (\S+) ", out)
    assert call
    out = await run_play(db_path, f"{call[1]}\n" + "1\n" * 10)
    assert f"Seat 0 (you, caller) calls {call[1]}." in out and "Game over." in out
    replay_record(finished_games(db_path)[0])


async def test_chiamata_rank_bids_are_typed_as_ranks_and_bad_bids_change_nothing(db_path):
    out = await run_play(db_path, "1\n80\nbid X\nplay Ad\nA\nq\n", "--game", "chiamata", "--seed", "3", *FAST)
    assert "Your move: bid a rank, one of A 3 R C F 7 6 5 4 2 (type e.g. 'bid A' or just 'A'), or 'pass'." in out
    assert not_possible_lines(out) == [
        "A bid is a rank (A 3 R C F 7 6 5 4 2) or the 2 with a target (2:N), not '1'.",
        "In rank bidding a bid is a rank (A 3 R C F 7 6 5 4 2); a points target comes only with the 2 (2:N), once "
        "the standing bid is 2.",
        "A bid is a rank (A 3 R C F 7 6 5 4 2) or the 2 with a target (2:N), not 'X'.",
        "Bid or pass: bid a rank, one of A 3 R C F 7 6 5 4 2 (type e.g. 'bid A' or just 'A'), or 'pass'.",
    ]
    assert [e for e in live_entries(db_path) if e["seat"] == 0] == [{"seat": 0, "bid": "A"}]
    assert "Seat 0 (you) bids A." in out
    assert not re.search(r"^ +\d+\. (bid|pass)", out, re.M)  # no numbered bids


async def test_bad_input_in_the_play_phase_is_one_line_and_changes_nothing(db_path):
    out = await run_play(db_path, "0\n99\nZz\nplay Zz\nRx take\n7s take 3d\nbid 3\nq\n", "--game", "cicera",
                         "--seed", "2", *FAST)
    lines = not_possible_lines(out)
    assert lines[:2] == ["Choose a number from 1 to 16, or type an action."] * 2
    assert lines[2] == "cannot read 'Zz' as an action"
    assert lines[3].startswith("cannot read 'play Zz'")
    assert len(lines) == 7
    assert live_entries(db_path) == [] or all(e["seat"] != 0 for e in live_entries(db_path))
    assert out.count("Your move:") == 1
