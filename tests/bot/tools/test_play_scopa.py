"""Scopa and Scopone in the terminal (``python -m bot play``) as a player reads and types them: whole games to the
round summary, a play typed as what it means (``7d``, ``7d take 3c 4s``, or its number), every wrong play
refused with one line that says why and changes nothing, the table with the last capture, the scope and (with
``show_points``) the running counts."""

from __future__ import annotations

import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

import rules.ai.review as judge
from bot.__main__ import build_parser
from bot.i18n import use_language
from bot.tables import TableEvent, TableService
from bot.tools.play import YOU, play
from bot.tools.views import Score, SeatNames, cards_text, choice_text
from bot.tools.views.scopa import by_value, describe, match_line
from rules.cards import Card
from rules.games.scopa.rules import capture_choices
from rules.records import replay_record

FAST = ("--level", "greedy", "--time-ms", "5")
SEED_23 = ("Table: As Ab 5d Rd", "Your hand: Coppe: Ac 2c · Spade: Cs")
"""The first screen of ``--seed 23`` (2 players): Ac takes As or Ab, 2c must take As + Ab, Cs is placed."""


async def run_play(db: Path, script: str, *extra: str) -> str:
    args = build_parser().parse_args(["play", "--db", str(db), *extra])
    out = io.StringIO()
    code = await play(args, io.StringIO(script), out)
    assert code == 0
    return out.getvalue()


def rows(db: Path, sql: str) -> list[dict]:
    con = sqlite3.connect(db)
    try:
        return [json.loads(r) for (r,) in con.execute(sql)]
    finally:
        con.close()


def finished_games(db: Path) -> list[dict]:
    return rows(db, "SELECT record FROM games ORDER BY id")


def live_entries(db: Path) -> list[dict]:
    return rows(db, "SELECT entry FROM live_actions ORDER BY table_id, n")


def check_menus(out: str) -> int:
    """Every numbered list offers each legal play of the table shown with it, and never a placing of a card that
    can capture; returns the number of screens checked."""
    screens = re.findall(r"^Table: ([^\n]*)$.*?^Your hand: ([^\n]*)$.*?\n((?: +\d+\. [^\n]*\n)+)", out,
                         re.M | re.S)
    for table_text, hand_text, menu_text in screens:
        table = [Card.parse(c) for c in table_text.split()] if table_text != "-" else []
        hand = [Card.parse(c) for c in re.findall(r"\b[A2-7FCR][dcsb]\b", hand_text)]
        offered = set()
        for choice in re.findall(r"^ +\d+\. (.*)$", menu_text, re.M):
            if m := re.fullmatch(r"(\w\w): place it on the table", choice):
                offered.add((m[1], ()))
            else:
                m = re.fullmatch(r"(\w\w) takes (.*)", choice)
                assert m, choice
                offered.add((m[1], tuple(sorted(m[2].split(" + ")))))
        legal = {(str(c), tuple(sorted(str(t) for t in take))) for c in hand for take in capture_choices(c, table)}
        assert offered == legal, (table_text, hand_text)
    return len(screens)


def check_summary(out: str, record: dict) -> None:
    """The round summary says each side's points item by item, adding up to the record's score, and what each
    side captured: all 40 cards between them (but the unclaimed), the Denari, the primiera's four cards."""
    result = record["rounds"][-1]["result"]
    end = out.rsplit("--- Round ", 1)[1].split("\n")[1:]
    captured = 0
    for side, score in enumerate(result["score"]):
        points, took = end[2 * side], end[2 * side + 1]
        m = re.match(r"(.+): (\d+) points?: (.*)\.$", points)
        assert m, points
        assert int(m[2]) == score
        items = [int(v) for v in re.findall(r" (\d+)(?:,| and|$)", m[3])]
        assert sum(items) == score, points
        m = re.match(r"  Captured: (\d+) cards?, (\d+) Denari(, the settebello)?(?:,| and) (.*)\.$", took)
        assert m, took
        counts = result["counts"][side]
        assert (int(m[1]), int(m[2])) == (counts["cards"], counts["denari"])
        assert bool(m[3]) == bool(result["breakdown"][side]["settebello"])
        four = result["primiera_cards"][side]
        assert m[4] == (f"primiera {counts['primiera']} ({' '.join(four)})" if four else
                        "no primiera (a suit missing)")
        captured += counts["cards"]
    assert captured + len(result["unclaimed"]) == 40


async def test_a_whole_two_player_scopa_to_the_summary(db_path):
    out = await run_play(db_path, "1\n" * 20, "--game", "scopa", "--players", "2", "--seed", "3", "--option",
                         "match=single", *FAST)
    assert "Traceback" not in out and "Not possible" not in out
    assert "Every player plays for themselves: Seat 0 (you) and Seat 1 (AI)." in out
    assert "New hands: 3 cards each from the stock (24 left)." in out
    assert check_menus(out) == 18
    (record,) = finished_games(db_path)
    replay_record(record)
    check_summary(out, record)
    actions = record["rounds"][0]["actions"]
    assert len(actions) == 40 - 4
    mine = [a for a in actions if a["seat"] == 0]
    played = re.findall(r"^(?:> )?Seat 0 \(you\) (?:plays|places) (\w\w)", out, re.M)
    assert played == [a["play"] for a in mine]  # each of your plays said as it happened
    scope = len(re.findall(r": scopa!$", out, re.M))
    assert scope == sum(side["scope"] for side in record["rounds"][0]["result"]["breakdown"])
    leftover = record["rounds"][0]["result"]["leftover_to"]
    if leftover is not None:
        assert re.search(rf"The cards left on the table \(.+\) go to Seat {leftover} \((you|AI)\), the last to "
                         r"capture \(no scopa\)\.", out)
    assert "Game over." in out and "Game 1 stored." in out


@pytest.mark.parametrize("deal", ["scientifico", "tradizionale"])
async def test_a_whole_scopone_to_the_summary(db_path, deal):
    out = await run_play(db_path, "1\n" * 12, "--game", "scopone", "--seed", "5", "--option", f"deal={deal}",
                         "--option", "match=single", *FAST)
    assert "Traceback" not in out and "Not possible" not in out
    assert "Your team: Seat 0 (you) and Seat 2 (AI, your partner)." in out
    first_table = re.search(r"^Table: (.*)$", out, re.M)
    assert first_table and (first_table[1] == "-") == (deal == "scientifico")
    assert "Stock:" not in out  # the whole deck is dealt at once
    assert check_menus(out) == (10 if deal == "scientifico" else 9)
    (record,) = finished_games(db_path)
    replay_record(record)
    assert record["options"]["deal"] == deal
    check_summary(out, record)
    end = out.rsplit("--- Round 1 over ---\n", 1)[1].split("\n")
    assert end[0].startswith("Your team (seats 0 and 2): ") and end[2].startswith("The other team (seats 1 and 3): ")


async def test_each_wrong_play_gets_one_line_why_and_changes_nothing(db_path):
    script = ["2c place", "Cs take", "Ac", "Ac take Zz", "Ac take As Ab", "Cs take Rd", "8d", "Ac place 5d",
              "Ac take As", "q"]
    out = await run_play(db_path, "\n".join(script) + "\n", "--game", "scopa", "--seed", "23", "--option",
                         "match=single", *FAST)
    first = out.split("\n> ", 1)[0]
    for line in SEED_23:
        assert line in first
    refusals = re.findall(r"^> (Not possible: .*)$", out, re.M)
    assert refusals == [
        "Not possible: capturing is compulsory: 2c must take As + Ab",
        "Not possible: Cs takes nothing from this table: type 'Cs' to place it.",
        "Not possible: Ac has 2 captures (As, Ab): type which, e.g. 'Ac take As', or its number.",
        "Not possible: 'Zz' is not a card: type a card as rank then suit, e.g. 'Ac take 3c 4s'.",
        "Not possible: Ac must take a single card of its value (As Ab), not a sum",
        "Not possible: Rd is worth 10, not 9: Cs takes a card of its value, or cards adding up to it",
        "Not possible: 8d is not in your hand",
        "Not possible: 'place' puts Ac on the table and takes nothing: type 'Ac place' alone.",
    ]
    # nothing moved meanwhile: the table was shown once, and the first play stored is the one accepted
    assert out.count("Table: As Ab 5d Rd") == 1
    assert re.search(r"^> Seat 0 \(you\) plays Ac, takes As\.$", out, re.M)
    entries = live_entries(db_path)
    assert entries[0] == {"seat": 0, "play": "Ac", "take": ["As"]}
    assert "Traceback" not in out


@pytest.mark.parametrize("typed", ["Ac take Ab", "Ac Ab", "play Ac take Ab", "number"])
async def test_a_capture_among_several_typed_as_it_reads_or_by_its_number(db_path, typed):
    if typed == "number":
        out = await run_play(db_path, "q\n", "--game", "scopa", "--seed", "23", *FAST)
        menu = dict((text, n) for n, text in re.findall(r"^ +(\d+)\. (.*)$", out, re.M))
        typed = menu["Ac takes Ab"]
        db_path = db_path.with_name("again.sqlite3")
    out = await run_play(db_path, f"{typed}\nq\n", "--game", "scopa", "--seed", "23", *FAST)
    assert re.search(r"^> Seat 0 \(you\) plays Ac, takes Ab\.$", out, re.M)
    assert live_entries(db_path)[0] == {"seat": 0, "play": "Ac", "take": ["Ab"]}


async def test_a_card_with_one_play_is_typed_alone(db_path):
    out = await run_play(db_path, "2c\nq\n", "--game", "scopa", "--seed", "23", *FAST)
    assert re.search(r"^> Seat 0 \(you\) plays 2c, takes As \+ Ab\.$", out, re.M)
    assert live_entries(db_path)[0] == {"seat": 0, "play": "2c", "take": ["As", "Ab"]}
    out = await run_play(db_path.with_name("placed.sqlite3"), "Cs\nq\n", "--game", "scopa", "--seed", "23", *FAST)
    assert re.search(r"^> Seat 0 \(you\) places Cs on the table\.$", out, re.M)


@pytest.mark.parametrize("show", ["off", "on"])
async def test_the_table_shows_the_scope_and_with_show_points_the_running_counts(db_path, show):
    out = await run_play(db_path, "1\n" * 8 + "q\n", "--game", "scopa", "--seed", "3", "--option",
                         f"show_points={show}", *FAST)
    entries = live_entries(db_path)
    screens = out.split("\nTable: ")[1:]
    last = screens[-1].split("\nYour hand:")[0]
    if show == "off":
        assert re.search(r"^Scope this round: Seat 0 \(you\) \d+, Seat 1 \(AI\) \d+\.$", last, re.M)
        assert "Denari" not in last
        return
    assert "Scope this round" not in last
    # the counts shown at the last screen are those of every capture so far
    cards = [0, 0]
    for entry in entries:
        if entry.get("take"):
            cards[entry["seat"]] += 1 + len(entry["take"])
    for seat in (0, 1):
        m = re.search(rf"^Seat {seat} \((?:you|AI)\): (\d+) cards, (\d+) Denari, (\d+) scop[ae](, the settebello)?\.$",
                      last, re.M)
        assert m, last
        assert int(m[1]) == cards[seat]


async def test_a_match_to_11_shows_the_running_match_score(db_path):
    out = await run_play(db_path, "1\n" * 150, "--game", "scopa", "--seed", "8", "--option", "match=11", *FAST)
    (record,) = finished_games(db_path)
    replay_record(record)
    totals = [0, 0]
    lines = re.findall(r"^Match score \(to 11 points\): Seat 0 \(you\) (\d+), Seat 1 \(AI\) (\d+)\.(.*)$", out, re.M)
    assert len(lines) == len(record["rounds"]) >= 2
    for line, rnd in zip(lines, record["rounds"], strict=True):
        totals = [t + p for t, p in zip(totals, rnd["result"]["game_points"], strict=True)]
        assert [int(line[0]), int(line[1])] == totals
        equal = max(totals) >= 11 and totals[0] == totals[1]
        assert (line[2] == " Equal totals at the top: one more round.") == equal
    assert totals == record["result"]["game_points"]


# ----- hints and the review, through every game's terminal code -----
@pytest.fixture
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """A smaller search budget: the values are rougher, what the terminal prints of them is the same."""
    monkeypatch.setattr(judge, "REVIEW_TIME_MS", 20)
    monkeypatch.setattr(judge, "HINT_TIME_MS", 20)


@pytest.mark.usefixtures("quick_reviews")
async def test_a_hint_names_a_legal_play_as_the_list_does_in_deal_points(db_path):
    out = await run_play(db_path, "hint\nq\n", "--game", "scopa", "--seed", "23", "--option", "hints=on", *FAST)
    hint = re.search(r"^> Hint: (.+) \(choice (\d+)\), with (\d+)% win chance and about (\d+) deal points for "
                     r"your side\.$", out, re.M)
    assert hint, out
    choices = re.findall(r"^ +\d+\. (.*)$", out.split("> Hint:", 1)[0], re.M)
    assert choices[int(hint[2]) - 1] == hint[1]
    assert live_entries(db_path) == []  # a hint plays nothing


@pytest.mark.usefixtures("quick_reviews")
async def test_the_review_shows_each_decision_as_the_player_saw_it(db_path):
    out = await run_play(db_path, "1\n" * 20 + "review\n", "--game", "scopa", "--seed", "3", "--option",
                         "match=single", *FAST)
    end = out.split("Game 1 stored.", 1)[1]
    assert "> Reviewing your play in game 1… " in end
    service = await TableService.open(str(db_path))
    try:
        review = await service.stored_review(1, YOU)
    finally:
        await service.close()
    assert review is not None and review.decisions, "playing the first choice every time costs something"
    blocks = re.split(r"^\d\. ", end.split("as you saw them.", 1)[1], flags=re.M)[1:]
    assert len(blocks) == len(review.decisions)
    for j, block in zip(review.decisions, blocks, strict=True):
        assert block.startswith(f"Turn {j.turn}:\n")
        assert f"   Table: {cards_text(by_value(j.view.table))}\n" in block
        assert f"You played {choice_text(j.played.action)}; the AI prefers {choice_text(j.best.action)}." in block
        before, after = round(100 * j.played.win), round(100 * j.best.win)
        assert (f"It cost your side about {j.cost_points:.1f} deal points and {max(0, after - before)} points of "
                f"win chance (yours {before}%, the AI's choice {after}%).") in block
        hidden = set(judge.view_at(review.record, 1, j.round, j.index).hand)  # the other seat's hand then
        assert {Card.parse(c) for c in re.findall(r"\b[A2-7FCR][dcsb]\b", block)} & hidden == set(), block


@pytest.mark.parametrize("language, first", [
    ("en", "Scopone, 4 players, AI level greedy. Options: deal: tradizionale · card faces: italian · hints: off · "
           "match: to 11 · napola: on · show points: off · team threads: after the first trick · turn timer: off"),
    ("it", "Scopone, 4 giocatori, livello IA ingordo. Opzioni: distribuzione: tradizionale · carte: italiane · "
           "suggerimenti: no · partita: a 11 · napola: sì · mostra punti: no · thread di squadra: dopo la prima "
           "presa · tempo per turno: no"),
])
async def test_the_options_line_names_scopones_own_options_in_the_players_language(db_path, language, first):
    with use_language(language):  # (as ``python -m bot play --lang`` does)
        out = await run_play(db_path, "q\n", "--game", "scopone", "--option", "deal=tradizionale", "--option",
                             "napola=on", *FAST)
    assert out.splitlines()[0] == first


# ----- lines a seeded game may not reach -----
@pytest.mark.parametrize("totals, extra", [([12, 12], True), ([12, 10], False), ([9, 9], False)])
def test_the_match_line_says_when_equal_totals_at_the_target_play_one_more_round(totals, extra):
    names = SeatNames("scopa", 2, 0)
    line = match_line(names, Score(list(totals), 3), {"match": "11"})
    assert line is not None
    assert line.startswith(f"Match score (to 11 points): Seat 0 (you) {totals[0]}, Seat 1 (AI) {totals[1]}.")
    assert line.endswith(" Equal totals at the top: one more round.") == extra
    assert match_line(names, Score(list(totals), 3), {"match": "single"}) is None


def test_cards_nobody_captured_are_said_unclaimed_and_a_new_hand_counts_the_stock():
    names = SeatNames("scopone", 4, 0)
    end = TableEvent(1, 1, "deal_end", {"leftover_to": None, "leftover": [], "unclaimed": ["5d", "Rb"]})
    assert describe(end, names) == "Nobody captured: the cards on the table (5d Rb) stay unclaimed."
    end = TableEvent(1, 2, "deal_end", {"leftover_to": 1, "leftover": ["5d"], "unclaimed": []})
    assert describe(end, names) == ("The cards left on the table (5d) go to the other team, the last to capture "
                                    "(no scopa).")
    dealt = TableEvent(1, 3, "hands_dealt", {"cards": 3, "stock": 18})
    assert describe(dealt, names) == "New hands: 3 cards each from the stock (18 left)."


async def test_no_card_of_the_other_hand_shows_before_it_is_played(db_path):
    out = await run_play(db_path, "1\n" * 20, "--game", "scopa", "--seed", "5", "--option", "match=single", *FAST)
    (record,) = finished_games(db_path)
    deal = record["rounds"][0]["deal"]
    theirs = set(deal["hands"][1]) | set(deal["stock"])  # the AI's first hand and every card still to be dealt
    lines = [line for line in out.splitlines() if not line.startswith("Your move:")]  # (typing examples: not cards
    # of this deal; the other ones are quoted)
    for card in theirs:
        first = next((i for i, line in enumerate(lines) if re.search(rf"(?<!')\b{card}\b(?!')", line)), None)
        if first is None:
            continue
        line = lines[first]
        played = re.search(rf"Seat \d \((?:you|AI)\) (?:plays|places) {card}\b", line)
        mine = line.startswith("Your hand:")  # dealt to you from the stock
        assert played or mine, (card, line)


async def test_help_adds_how_a_scopa_play_is_typed(db_path):
    out = await run_play(db_path, "help\nq\n", "--game", "scopa", "--seed", "23", *FAST)
    help_lines = out.split("> Commands: ", 1)[1].splitlines()
    assert help_lines[1] == ("In Scopa and Scopone capturing is compulsory: '7d' plays a card that is placed or has "
                             "one capture only; '7d take 3c 4s' (or '7d 3c 4s') names what it takes when it has "
                             "several; '7d place' places a card that takes nothing. A wrong play is refused with "
                             "the captures the card has.")
    out = await run_play(db_path.with_name("briscola.sqlite3"), "help\nq\n", "--game", "briscola", "--players", "2",
                         *FAST)
    assert "In Scopa" not in out
