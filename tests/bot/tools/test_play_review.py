"""``python -m bot play``: ``hint`` at a practice table's turn, and ``review`` after the game, as a player reads
them; a practice game is not rated, and a review shows nothing of the other hands the player could not see."""

from __future__ import annotations

import io
import re
from dataclasses import replace
from pathlib import Path

import pytest

import rules.ai.review as judge
from bot.__main__ import build_parser
from bot.tables import TableService
from bot.tools.play import YOU, play
from bot.tools.views import choice_text, hand_text, trump_of
from rules.cards import Card

FAST = ("--level", "random", "--time-ms", "5")
CARD = re.compile(r"\b[A2-7XFCR][dcsb]\b")


@pytest.fixture(autouse=True)
def quick_reviews(monkeypatch):
    """A smaller search budget: the values are rougher, what the terminal prints of them is the same."""
    monkeypatch.setattr(judge, "REVIEW_TIME_MS", 20)
    monkeypatch.setattr(judge, "HINT_TIME_MS", 20)


async def run_play(db: Path, script: str, *extra: str) -> tuple[int, str]:
    args = build_parser().parse_args(["play", "--db", str(db), *extra])
    out = io.StringIO()
    code = await play(args, io.StringIO(script), out)
    return code, out.getvalue()


async def stored_review(db: Path, game_id: int = 1):
    """The review the service keeps of your play in game ``game_id`` (made by the terminal's ``review``)."""
    service = await TableService.open(str(db))
    try:
        review = await service.stored_review(game_id, YOU)
    finally:
        await service.close()
    assert review is not None, "the terminal's review was stored"
    return review


def menu_before(text: str, marker: str) -> list[str]:
    """The numbered choices of the last turn screen before ``marker``."""
    screen = text.split(marker, 1)[0].rsplit("Your move:", 1)[1]
    return re.findall(r"^ +\d+\. (.*)$", screen, re.M)


def hidden_hands(record: dict, round_index: int, index: int, seat: int) -> set[Card]:
    """The cards the other seats held just before action ``index`` of round ``round_index``."""
    return {c for s in range(record["players"]) if s != seat for c in judge.view_at(record, s, round_index, index).hand}


# ----- hints -----
async def test_hint_at_a_practice_table_names_a_legal_play_as_the_list_does(db_path):
    code, out = await run_play(db_path, "hint\n" + "1\n" * 60, "--game", "briscola", "--players", "2",
                               "--seed", "3", "--option", "hints=on", *FAST)
    assert code == 0
    assert "A practice table: type 'hint' at your turn" in out
    hint = re.search(r"^> Hint: (.+) \(choice (\d+)\), with (\d+)% win chance and about (\d+) card points for "
                     r"your side\.$", out, re.M)
    assert hint, out[:3000]
    choices = menu_before(out, "Hint: ")
    assert choices[int(hint[2]) - 1] == hint[1]  # named and numbered as in the list
    nxt = re.search(r"^Next best: (.+) \(choice (\d+)\), with (\d+)% win chance", out, re.M)
    assert nxt and choices[int(nxt[2]) - 1] == nxt[1] and nxt[1] != hint[1]
    assert 0 <= int(hint[3]) <= 100 and 0 <= int(nxt[3]) <= 100
    # the hint played nothing: the first card played is still the typed "1"
    assert re.search(r"^> Seat 0 \(you\) plays (\S+)$", out, re.M)[1] == choices[0]
    assert "Game over." in out
    assert "A practice game (hints on): not rated." in out and "Your rating" not in out


async def test_hint_without_hints_is_refused_with_the_way_to_get_them(db_path):
    code, out = await run_play(db_path, "help\nhint\nq\n", "--game", "cicera", "--seed", "2", *FAST)
    assert code == 0
    assert "the game is kept. 'hint', when the table has hints on, shows the AI's preferred move." in out
    refusal = [line for line in out.splitlines() if "no hints" in line]
    assert refusal == ["> This table has no hints: start a practice game with --new --option hints=on (it is "
                       "not rated)."]
    assert "Hint:" not in out and "plays" not in out.split(refusal[0], 1)[1].split("Stopped.")[0]
    assert "A practice table" not in out


# ----- the review -----
@pytest.mark.parametrize("game, players, seed, script", [
    ("briscola", 2, 7, "1\n" * 60),
    ("cicera", 4, 7, "1\n" * 60),
    # passes at the auction, the first card of the list at each trick; seed 13: a reviewed trick holds a card
    # of the secret partner
    ("chiamata", 5, 13, "pass\n1\n" * 30),
])
async def test_review_after_the_game_shows_each_decision_as_the_player_saw_it(db_path, game, players, seed,
                                                                               script):
    code, out = await run_play(db_path, script + "review\n", "--game", game, "--players", str(players),
                               "--seed", str(seed), "--option", "match=single", *FAST)
    assert code == 0
    end = out.split("Game 1 stored.", 1)[1]
    assert "Type 'review' for your costliest decisions, or press Enter to leave." in end
    assert "> Reviewing your play in game 1… " in end
    review = await stored_review(db_path)
    assert review.seat == 0 and review.decisions, "playing the first card every time costs something"
    blocks = re.split(r"^\d\. ", end.split("as you saw them.", 1)[1], flags=re.M)[1:]
    assert len(blocks) == len(review.decisions)
    where = "Turn" if game == "cicera" else "Trick"
    partner = review.record["rounds"][0]["result"].get("partner")
    secret_on_the_table = 0
    for j, block in zip(review.decisions, blocks):
        view = j.view
        assert block.startswith(f"{where} {j.turn}:\n")
        assert f"Your hand: {hand_text(game, view.hand, trump_of(view))}\n" in block  # the hand as it was then
        assert f"You played {choice_text(j.played.action)}; the AI prefers {choice_text(j.best.action)}." in block
        assert j.played.action in view.legal and j.best.action in view.legal and j.played != j.best
        points = "points of the deal's score" if game == "cicera" else "card points"
        before, after = round(100 * j.played.win), round(100 * j.best.win)
        assert (f"about {j.cost_points:.1f} {points} and {max(0, after - before)} points of win chance "
                f"(yours {before}%, the AI's choice {after}%)") in block
        # nothing of the hands the player could not see (cards named to all are no secret, only who holds them
        # is: the face-up briscola, drawn last, and Chiamata's called card)
        public = {getattr(view, "face_up", None), getattr(view, "called", None)}
        hidden = hidden_hands(review.record, j.round, j.index, review.seat) - public
        shown = {Card.parse(code) for code in CARD.findall(block)}
        assert shown & hidden == set(), block
        if game == "chiamata" and view.partner is None and not view.i_am_partner:  # the partner still secret
            assert "partner)" not in block, block
            secret_on_the_table += any(s == partner for s, _card in view.trick)
    if game == "chiamata":
        assert secret_on_the_table, "the seed gives a decision with the secret partner's card on the table"


async def test_review_with_no_costly_decision_says_so(db_path, monkeypatch):
    real = TableService.review

    async def nothing_costly(self, *args, **kwargs):  # every decision as good as the AI's
        return replace(await real(self, *args, **kwargs), decisions=[])

    monkeypatch.setattr(TableService, "review", nothing_costly)
    code, out = await run_play(db_path, "1\n" * 60 + "review\n", "--game", "briscola", "--players", "2",
                               "--seed", "3", *FAST)
    assert code == 0
    end = out.split("Game 1 stored.", 1)[1]
    assert "Reviewing your play in game 1" in end
    assert "No costly decision: wherever it mattered, you played what the AI would play" in end
    assert "You played" not in end


async def test_enter_after_the_game_leaves_without_a_review(db_path):
    code, out = await run_play(db_path, "1\n" * 60 + "\nreview\n", "--game", "briscola", "--players", "2",
                               "--seed", "3", *FAST)
    assert code == 0
    end = out.split("Game 1 stored.", 1)[1]
    assert "Type 'review' for your costliest decisions" in end and "Reviewing" not in end
