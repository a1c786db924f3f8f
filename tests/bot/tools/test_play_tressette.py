"""Tressette in the terminal (``python -m bot play``) as a player reads and types it: whole 2- and 4-player games
to the round summary, a play typed as ``Ac`` or, on a lead with signals, ``3d busso``, every wrong play refused
with one line that says why and changes nothing, the table with the suit to follow, the drawn and declared cards
every seat knows, the signals with their cards and (with ``show_points``) the thirds."""

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
from bot.tools.play import play
from bot.tools.reports import YOU
from bot.tools.views import Score, SeatNames, choice_text, suit_text
from bot.tools.views.tressette import describe, lines, match_line
from rules.actions import Action
from rules.cards import Card
from rules.games.tressette.engine import Tressette
from rules.games.tressette.rules import STRENGTH_ORDER
from rules.records import replay_record

FAST = ("--level", "greedy", "--time-ms", "5")
SEED_5 = "Your hand: Denari: Ad 6d 4d · Coppe: Fc · Spade: 2s 4s · Bastoni: Cb Fb 7b 4b"
"""The first hand of ``--seed 5`` with 4 players: you lead; Seat 3 then leads 6s and you hold 2s and 4s."""


async def run_play(db: Path, script: str, *extra: str) -> str:
    args = build_parser().parse_args(["play", "--db", str(db), "--game", "tressette", *extra])
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


def hand_cards(text: str) -> list[Card]:
    return [Card.parse(c) for c in re.findall(r"\b[A2-7FCR][dcsb]\b", text)]


def check_menus(out: str) -> int:
    """Every numbered list offers exactly the cards the follow-suit rule allows (the led suit's while the hand
    holds it, else every card), each once and in the hand's order of strength 3 2 A R C F 7 6 5 4; returns the
    number of screens checked."""
    screens = re.findall(r"^((?:Suit to follow: \w+ \((\w)\)\.[^\n]*\n)?)On the table: [^\n]*\nYour hand: ([^\n]*)\n"
                         r"Your move: [^\n]*\n((?: +\d+\. [^\n]*\n)+)", out, re.M)
    for _line, led, hand_text, menu_text in screens:
        hand = hand_cards(hand_text)
        offered = re.findall(r"^ +\d+\. (.*)$", menu_text, re.M)
        follow = [c for c in hand if c.suit == led]
        assert offered == [str(c) for c in (follow or hand)], (led, hand_text, offered)
        for group in hand_text.split(" · "):
            ranks = [c.rank for c in hand_cards(group)]
            assert ranks == sorted(ranks, key=STRENGTH_ORDER.index), group
    return len(screens)


def check_summary(out: str, record: dict) -> None:
    """The round summary says each side's thirds, the points they make, the declarations (only at a table that
    plays them: without, no "declarations 0") and the round's score, the seat that took the last trick, and every
    declaration with its cards."""
    result = record["rounds"][-1]["result"]
    declaring = record["options"].get("accusi") == "on"
    end = out.rsplit("--- Round ", 1)[1].split("\n")[1:]
    thirds = 0
    for side, score in enumerate(result["score"]):
        m = re.match(r"(.+): (\d+) points?: (\d+) thirds? ÷ 3 = (\d+)(?:, declarations (\d+))?\.$", end[side])
        assert m, end[side]
        assert (m[5] is not None) == declaring, end[side]
        b = result["breakdown"][side]
        accusi = int(m[5] or 0)
        assert [int(m[k]) for k in (2, 3, 4)] + [accusi] == [score, b["thirds"], b["thirds"] // 3, b["accusi"]]
        assert score == int(m[3]) // 3 + accusi
        thirds += int(m[3])
    assert thirds == 35  # 32 in the cards and 3 for the last trick
    m = re.match(r"Last trick \(3 thirds\): Seat (\d) \((?:you|AI)", end[len(result["score"])])
    assert m and int(m[1]) == result["last_trick"]
    declared = re.findall(r"^  Declared: Seat (\d) \([^)]*\): (\w+) ([^,]+), (\d+) points?\.$", out, re.M)
    assert [(int(s), k, c.split(), int(p)) for s, k, c, p in declared] == [
        (d["seat"], d["kind"], d["cards"], d["points"]) for d in result["declarations"]]


async def test_a_whole_two_player_game_to_the_summary(db_path):
    out = await run_play(db_path, "1\n" * 20, "--players", "2", "--seed", "3", "--option", "match=single",
                         "--option", "accusi=on", "--option", "show_points=on", *FAST)
    assert "Traceback" not in out and "Not possible" not in out
    assert "Every player plays for themselves: Seat 0 (you) and Seat 1 (AI)." in out
    assert check_menus(out) == 20
    (record,) = finished_games(db_path)
    replay_record(record)
    check_summary(out, record)
    assert record["rounds"][0]["result"]["declarations"], "seed 3 has a declaration (the summary test needs one)"
    assert "Declaration: Seat 1 (AI): buongioco 2d 2s 2b, 3 points." in out
    # each draw said with both cards, in the stock's order: the trick's taker first
    draws = re.findall(r"^Seat (\d) \(\w+\) draws (\w\w), Seat (\d) \(\w+\) draws (\w\w) \(shown to both; (\d+) "
                       r"cards? left in the stock\)\.$", out, re.M)
    stock = record["rounds"][0]["deal"]["stock"]
    assert [c for d in draws for c in (d[1], d[3])] == stock  # (a record holds the stock in draw order)
    assert [int(d[4]) for d in draws] == list(range(18, -1, -2))
    takers = re.findall(r"^Seat (\d) \(\w+\) takes the trick \(\d+ thirds?\)\.$", out, re.M)
    assert [d[0] for d in draws] == takers[:10]
    played = re.findall(r"^(?:> )?Seat 0 \(you\) plays (\w\w)$", out, re.M)
    assert played == [a["play"] for a in record["rounds"][0]["actions"] if a["seat"] == 0]
    assert "Game over." in out and "Game 1 stored." in out


async def test_the_cards_every_seat_knows_show_and_no_other_card_of_the_other_hand(db_path):
    out = await run_play(db_path, "1\n" * 20, "--players", "2", "--seed", "3", "--option", "match=single",
                         "--option", "accusi=on", *FAST)
    (record,) = finished_games(db_path)
    deal = record["rounds"][0]["deal"]
    declared = {c for d in record["rounds"][0]["result"]["declarations"] for c in d["cards"]}
    screens = out.split("\nStock: ")[1:]
    assert "Seat 1 (AI) holds, shown to all: 2d 2s 2b" in screens[0]  # the declared cards, before any play
    assert "Seat 1 (AI) holds, shown to all: 2d 3c 2s 2b" in screens[1]  # and the card it drew after trick 1
    lines = [line for line in out.splitlines() if not line.startswith("Your move:")]
    for card in set(deal["hands"][1]) | set(deal["stock"]):
        first = next((line for line in lines if re.search(rf"(?<!')\b{card}\b(?!')", line)), None)
        if first is None:
            continue
        said = re.search(rf"Seat \d \((?:you|AI)\) (?:plays {card}|draws {card})|Seat 1 \(AI\) (?:draws \w\w, "
                         rf"Seat 0 \(you\) draws {card})|Declaration: .*\b{card}\b", first)
        assert said or first.startswith("Your hand:") or card in declared, (card, first)


async def test_a_whole_four_player_game_where_you_lead_with_a_signal(db_path):
    out = await run_play(db_path, "Ad busso\n" + "1\n" * 12, "--players", "4", "--seed", "5", "--option",
                         "match=single", "--option", "show_points=on", *FAST)
    assert SEED_5 in out.split("\n> ", 1)[0]
    assert "Traceback" not in out and "Not possible" not in out
    assert "Your team: Seat 0 (you) and Seat 2 (AI, your partner)." in out
    first = out.split("\n> ", 1)[0]
    assert "or a card and a signal ('3d busso'; the signals are busso, striscio and volo)" in first
    assert "   1. Ad\n   2. 6d\n   3. 4d\n" in first and "with the signal" not in first  # signals are typed
    assert "> Seat 0 (you) leads Ad with the signal busso." in out
    assert "Signals this round: Seat 0 (you) Ad busso" in out
    assert check_menus(out) == 10
    (record,) = finished_games(db_path)
    replay_record(record)
    actions = record["rounds"][0]["actions"]
    assert actions[0] == {"seat": 0, "play": "Ad", "signal": "busso"}
    # every signal of the round said with its card as it was played, and listed on the screens after it
    signalled = [(a["seat"], a["play"], a["signal"]) for a in actions if a.get("signal")]
    said = re.findall(r"^(?:> )?Seat (\d) \([^)]*\) leads (\w\w) with the signal (\w+)\.$", out, re.M)
    assert [(int(s), c, k) for s, c, k in said] == signalled
    check_summary(out, record)
    end = out.split("--- Round 1 over ---\n", 1)[1].split("\n")
    assert end[0].startswith("Your team (seats 0 and 2): ") and end[1].startswith("The other team (seats 1 and 3): ")


async def test_each_wrong_play_gets_one_line_why_and_changes_nothing(db_path):
    script = ["Ad knock", "3d", "Ad busso", "Cb", "2s busso", "2s take 6s", "2s", "q"]
    out = await run_play(db_path, "\n".join(script) + "\n", "--players", "4", "--seed", "5", "--option",
                         "match=single", *FAST)
    refusals = re.findall(r"^> (Not possible: .*)$", out, re.M)
    assert refusals == [
        "Not possible: 'knock' is not a signal: type the card alone ('Ad') or with one of busso, striscio, volo "
        "('Ad busso').",
        "Not possible: 3d is not in your hand",
        "Not possible: you must follow Spade",
        "Not possible: only the player who leads a trick may add a signal",
        "Not possible: 'take 6s' is not a signal: type the card alone ('2s') or with one of busso, striscio, volo "
        "('2s busso').",
    ]
    # nothing moved meanwhile: each hand shown once, and the plays stored are the ones accepted
    assert out.count(SEED_5) == 1
    assert out.count("Your hand: Denari: 6d 4d · Coppe: Fc · Spade: 2s 4s · Bastoni: Cb Fb 7b 4b") == 1
    mine = [e for e in live_entries(db_path) if e["seat"] == 0]
    assert mine == [{"seat": 0, "play": "Ad", "signal": "busso"}, {"seat": 0, "play": "2s"}]
    assert "Traceback" not in out


async def test_a_signal_is_refused_where_the_table_has_none(db_path):
    out = await run_play(db_path, "3d busso\n3d\nq\n", "--players", "2", "--seed", "3", *FAST)
    assert re.findall(r"^> (Not possible: .*)$", out, re.M) == ["Not possible: signals are off at this table"]
    assert "signal ('3d busso'" not in out  # the prompt offers none
    assert live_entries(db_path)[0] == {"seat": 0, "play": "3d"}
    out = await run_play(db_path.with_name("off.sqlite3"), "Ad volo\nq\n", "--players", "4", "--seed", "5",
                         "--option", "signals=off", *FAST)
    assert re.findall(r"^> (Not possible: .*)$", out, re.M) == ["Not possible: signals are off at this table"]


@pytest.mark.parametrize("show", ["off", "on"])
async def test_with_show_points_the_table_shows_each_sides_thirds(db_path, show):
    out = await run_play(db_path, "1\n" * 5 + "q\n", "--players", "2", "--seed", "3", "--option",
                         f"show_points={show}", *FAST)
    last = out.split("\nStock: ")[-1].split("\nYour hand:")[0]
    m = re.search(r"^Thirds taken \(points\): Seat 0 \(you\) (\d+) thirds? \((\d+)\), Seat 1 \(AI\) (\d+) thirds? "
                  r"\((\d+)\)\.$", last, re.M)
    if show == "off":
        assert m is None and "Thirds" not in out
        return
    assert m, last
    taken = [0, 0]
    for seat, n in re.findall(r"^Seat (\d) \(\w+\) takes the trick \((\d+) thirds?\)\.$", out, re.M):
        taken[int(seat)] += int(n)
    assert [int(m[1]), int(m[3])] == taken and [int(m[2]), int(m[4])] == [t // 3 for t in taken]


async def test_a_match_to_21_shows_the_running_match_score(db_path):
    out = await run_play(db_path, "1\n" * 120, "--players", "2", "--seed", "8", "--option", "match=21", *FAST)
    (record,) = finished_games(db_path)
    replay_record(record)
    totals = [0, 0]
    lines = re.findall(r"^Match score \(to 21 points\): Seat 0 \(you\) (\d+), Seat 1 \(AI\) (\d+)\.(.*)$", out, re.M)
    assert len(lines) == len(record["rounds"]) >= 2
    for line, rnd in zip(lines, record["rounds"], strict=True):
        totals = [t + p for t, p in zip(totals, rnd["result"]["game_points"], strict=True)]
        assert [int(line[0]), int(line[1])] == totals
    assert totals == record["result"]["game_points"]


@pytest.mark.parametrize("totals, extra", [([21, 21], True), ([22, 20], False), ([15, 15], False)])
def test_the_match_line_says_when_equal_totals_at_the_target_play_one_more_round(totals, extra):
    names = SeatNames("tressette", 2, 0)
    line = match_line(names, Score(list(totals), 3), {"match": "21"})
    assert line is not None
    assert line.startswith(f"Match score (to 21 points): Seat 0 (you) {totals[0]}, Seat 1 (AI) {totals[1]}.")
    assert line.endswith(" Equal totals at the top: one more round.") == extra
    assert match_line(names, Score(list(totals), 3), {"match": "single"}) is None


def test_a_declaration_and_the_last_trick_read_in_thirds():
    names = SeatNames("tressette", 4, 0)
    event = TableEvent(1, 1, "declaration", {"seat": 2, "declaration": "napoletana", "cards": ["Ac", "2c", "3c"],
                                             "points": 3})
    assert describe(event, names) == "Declaration: Seat 2 (AI, your partner): napoletana Ac 2c 3c, 3 points."
    trick = TableEvent(1, 2, "trick", {"winner": 1, "leader": 0, "cards": ["4d", "Ad", "5d", "6d"], "points": 1})
    assert describe(trick, names) == "Seat 1 (AI) takes the trick (1 third)."
    plain = TableEvent(1, 3, "play", {"seat": 3, "card": "7b", "signal": None})
    assert describe(plain, names) is None  # a play without a signal reads as in every game


async def test_help_adds_how_a_tressette_play_is_typed(db_path):
    out = await run_play(db_path, "help\nq\n", "--players", "4", "--seed", "5", *FAST)
    help_lines = out.split("> Commands: ", 1)[1].splitlines()
    assert help_lines[1].startswith("In Tressette you must follow the led suit when you can: 'Ac' plays a card; "
                                    "with 4 players and signals on, the leader may add a signal: '3d busso'")


# ----- hints and the review, through every game's terminal code -----
@pytest.fixture
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> None:
    """A smaller search budget: the values are rougher, what the terminal prints of them is the same."""
    monkeypatch.setattr(judge, "REVIEW_TIME_MS", 20)
    monkeypatch.setattr(judge, "HINT_TIME_MS", 20)


@pytest.mark.usefixtures("quick_reviews")
async def test_a_hint_names_a_card_you_may_play_as_the_list_does_in_deal_points(db_path):
    out = await run_play(db_path, "Ad\nhint\nq\n", "--players", "4", "--seed", "5", "--option", "hints=on", *FAST)
    hint = re.search(r"^> Hint: (\w\w) \(choice (\d+)\), with (\d+)% win chance and about (\d+) deal points for "
                     r"your side\.$", out, re.M)
    assert hint, out
    screen = out.split("> Hint:", 1)[0].rsplit("Your hand:", 1)[1]
    choices = re.findall(r"^ +\d+\. (.*)$", screen, re.M)
    assert choices == ["2s", "4s"]  # Spade was led: the hint is one of the two Spade cards
    assert choices[int(hint[2]) - 1] == hint[1]
    assert [e for e in live_entries(db_path) if e["seat"] == 0] == [{"seat": 0, "play": "Ad"}]  # a hint plays nothing


@pytest.mark.usefixtures("quick_reviews")
async def test_the_review_shows_each_decision_as_the_player_saw_it(db_path):
    out = await run_play(db_path, "1\n" * 20 + "review\n", "--players", "2", "--seed", "3", "--option",
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
        assert block.startswith(f"Trick {j.turn}:\n")
        assert f"You played {choice_text(j.played.action)}; the AI prefers {choice_text(j.best.action)}." in block
        before, after = round(100 * j.played.win), round(100 * j.best.win)
        assert (f"It cost your side about {j.cost_points:.1f} deal points and {max(0, after - before)} points of "
                f"win chance (yours {before}%, the AI's choice {after}%).") in block
        theirs = judge.view_at(review.record, 1, j.round, j.index)
        hidden = set(theirs.hand) - set(j.view.known_hands.get(1, ()))  # the other hand but its shown cards
        assert {Card.parse(c) for c in re.findall(r"\b[A2-7FCR][dcsb]\b", block)} & hidden == set(), block


async def test_in_italian_a_signal_is_typed_and_shown_and_a_wrong_card_names_the_suit(db_path):
    with use_language("it"):  # (as ``python -m bot play --lang it`` does)
        out = await run_play(db_path, "gioco Ad busso\nCb\n2s\nesci\n", "--players", "4", "--seed", "5", *FAST)
    assert "> Posto 0 (tu) apre con Ad e il segnale busso." in out
    assert "Segnali di questa mano: Posto 0 (tu) Ad busso." in out and "Seme a cui rispondere: Spade (s)." in out
    assert re.findall(r"^> (Non si può: .*)$", out, re.M) == ["Non si può: devi rispondere a Spade"]
    assert [e for e in live_entries(db_path) if e["seat"] == 0] == [{"seat": 0, "play": "Ad", "signal": "busso"},
                                                                    {"seat": 0, "play": "2s"}]


def test_another_seats_lead_shows_its_signal_with_the_suit_to_follow():
    match = Tressette(4, {"match": "single"}, seed=5)
    leader = match.round.turn
    card = match.view(leader).hand[0]
    match.apply(Action.play(card, signal="striscio"), leader)
    after = (leader + 1) % 4
    names = SeatNames("tressette", 4, after)
    shown = lines(match.view(after), names)
    assert f"Signals this round: {names(leader)} {card} striscio." in shown
    assert (f"Suit to follow: {suit_text(card.suit)}. The lead carries the signal striscio.") in shown
    before = lines(Tressette(4, {"match": "single"}, seed=5).view(leader), SeatNames("tressette", 4, leader))
    assert not any(line.startswith(("Suit to follow", "Signals")) for line in before)  # nothing led yet
