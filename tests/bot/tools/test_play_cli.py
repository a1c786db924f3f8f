"""``python -m bot play``: whole games in the terminal driven by scripted input, bad input, stopping and
continuing."""

from __future__ import annotations

import io
import os
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.__main__ import build_parser
from bot.tools.play import play
from rules.records import replay_record

ROOT = Path(__file__).resolve().parents[3]


async def run_play(db: Path, script: str, *extra: str) -> tuple[int, str]:
    args = build_parser().parse_args(["play", "--db", str(db), *extra])
    out = io.StringIO()
    code = await play(args, io.StringIO(script), out)
    return code, out.getvalue()


def stored_games(db: Path) -> list[dict]:
    import json

    con = sqlite3.connect(db)
    try:
        return [json.loads(r) for (r,) in con.execute("SELECT record FROM games ORDER BY id")]
    finally:
        con.close()


async def test_bad_input_gets_a_message_and_the_game_goes_on(db_path):
    script = "\n".join(["", "0", "99", "dance", "play Zz", "bid 3", "help", *["1"] * 60]) + "\n"
    code, out = await run_play(db_path, script, "--game", "briscola", "--players", "2", "--level", "random",
                               "--seed", "3")
    assert code == 0
    assert "Choose a number from 1 to 3" in out
    assert "Not possible: cannot read 'dance' as an action" in out
    assert "Not possible: cannot read 'play Zz'" in out
    assert "'bid' is not an action of Briscola" in out
    assert "Cards are rank then suit" in out  # the help
    assert "Traceback" not in out
    assert "Your hand:" in out and "Trump:" in out
    assert re.search(r"^ {3}1\. [A2-7XFCR][dcsb]$", out, re.MULTILINE)  # the numbered plays: the cards
    assert "Game over." in out and "Game 1 stored." in out
    games = stored_games(db_path)
    assert len(games) == 1 and games[0]["seats"][0]["user"] == 1
    replay_record(games[0])


async def test_typed_actions_and_numbers_both_work(db_path):
    code, out = await run_play(db_path, "2\nq\n", "--game", "briscola", "--players", "2", "--level", "greedy",
                               "--seed", "5")
    assert code == 0 and "Stopped. The game is kept" in out
    first_choice = out.rsplit("   1. ", 1)[1].split("\n")[0]  # e.g. "Ad" at the last prompt
    assert re.fullmatch(r"[A2-7XFCR][dcsb]", first_choice)
    code, out = await run_play(db_path, "\n".join([f"play {first_choice}"] + ["1"] * 60) + "\n")
    assert "Continuing your unfinished game (table 1, briscola, 2 players)" in out
    assert f"Seat 0 (you) plays {first_choice}" in out
    assert "Game over." in out
    games = stored_games(db_path)
    assert len(games) == 1
    replay_record(games[0])


async def test_end_of_input_keeps_the_game_for_later(db_path):
    code, out = await run_play(db_path, "1\n1\n", "--game", "cicera", "--level", "random", "--seed", "2")
    assert code == 0 and out.count("Your move:") == 3 and "Stopped." in out
    code, out = await run_play(db_path, "q\n")
    assert code == 0 and "Continuing your unfinished game" in out and "Stopped." in out
    code, out = await run_play(db_path, "1\n" * 40)
    assert "Game over." in out and "Cicera" in out
    assert len(stored_games(db_path)) == 1


def run_cli(tmp_path: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot", "play", *args], input=script, cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=120)


def test_a_scripted_chiamata_from_start_to_end_in_a_subprocess(tmp_path):
    # a bid is typed as what it means: "1" at the auction is no menu position, it is refused; then the
    # script passes at every auction and plays the first card of the list at every trick
    result = run_cli(tmp_path, "1\n" + "pass\n1\n" * 30, "--game", "chiamata", "--level", "random", "--seed", "9",
                     "--option", "match=single")
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    out = result.stdout
    assert "Chiamata, 5 players" in out and "Phase: auction." in out
    assert "Not possible: A bid is a rank (A 3 R C F 7 6 5 4 2) or the 2 with a target (2:N), not '1'." in out
    assert "Seat 0 (you) passes." in out
    assert "Game over." in out
    games = stored_games(tmp_path / "tavolo.sqlite3")  # the default database file, in the working directory
    assert len(games) == 1 and games[0]["game"] == "chiamata"
    replay_record(games[0])


def test_bad_options_are_a_short_message(tmp_path):
    result = run_cli(tmp_path, "", "--game", "briscola", "--option", "match=forever")
    assert result.returncode == 2
    assert "match" in result.stderr and "Traceback" not in result.stderr
    result = run_cli(tmp_path, "", "--game", "briscola", "--players", "5")
    assert result.returncode == 2 and "2, 3, 4, 6" in result.stderr and "Traceback" not in result.stderr


async def test_an_unfinished_game_is_continued_only_when_it_is_the_one_asked_for(db_path, capsys):
    code, out = await run_play(db_path, "q\n", "--game", "chiamata", "--level", "random", "--seed", "4")
    assert code == 0 and "Chiamata, 5 players" in out
    # another game is asked for: refused with the way out, and nothing changes
    code, out = await run_play(db_path, "1\n" * 5, "--game", "cicera")
    err = capsys.readouterr().err
    assert code == 2 and "unfinished chiamata game (5 players, table 1)" in err and "--new" in err
    assert "Continuing" not in out and stored_games(db_path) == []
    code, out = await run_play(db_path, "q\n", "--game", "briscola", "--players", "5")
    assert code == 2
    # the same game: continued, and options meant for a new game are said not to apply
    code, out = await run_play(db_path, "q\n", "--game", "chiamata", "--level", "hard", "--option", "match=long")
    assert code == 0 and "Continuing your unfinished game (table 1, chiamata, 5 players)" in out
    assert "--level, --option and --seed are for a new game" in out
    # --new ends it, unrated, and starts the game asked for
    code, out = await run_play(db_path, "q\n", "--game", "cicera", "--level", "random", "--new")
    assert code == 0 and "table 1, chiamata, 5 players) ends here, unrated" in out and "Cicera, 4 players" in out
    assert stored_games(db_path) == []
    con = sqlite3.connect(db_path)
    try:
        assert [r for (r,) in con.execute("SELECT table_id FROM aborted_games")] == [1]
    finally:
        con.close()


async def test_a_save_that_keeps_failing_ends_the_terminal_game_with_a_message(db_path, monkeypatch):
    import bot.tools.play
    from bot.storage import StorageError, Store

    async def disk_full(*_args, **_kwargs):
        raise StorageError("database or disk is full", "SQLITE_FULL")

    real_open = bot.tools.play.TableService.open

    async def quick_retries(*args, **kwargs):
        service = await real_open(*args, **kwargs)
        service.retry_delay = 0.01
        return service

    monkeypatch.setattr(Store, "finish_game", disk_full)
    monkeypatch.setattr(bot.tools.play.TableService, "open", quick_retries)
    code, out = await run_play(db_path, "1\n" * 40, "--game", "briscola", "--players", "2", "--level", "random",
                               "--seed", "3")
    assert code == 1
    assert "Could not save the game after 6 tries (database or disk is full)" in out
    assert "run the same command to continue it" in out and "Game over." not in out
    monkeypatch.undo()  # the disk has room again: the same command stores the finished game
    code, out = await run_play(db_path, "", "--game", "briscola", "--players", "2")
    assert code == 0 and "Game over." in out and len(stored_games(db_path)) == 1


def test_ctrl_c_at_the_prompt_stops_at_once_and_says_the_game_is_kept(tmp_path):
    import signal
    import time

    env = {k: v for k, v in os.environ.items() if not k.startswith("TAVOLO_")}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.Popen([sys.executable, "-m", "bot", "play", "--game", "briscola", "--players", "2",
                             "--level", "random", "--seed", "3"], cwd=tmp_path, env=env, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        seen = ""
        deadline = time.monotonic() + 60
        while "> " not in seen and time.monotonic() < deadline:  # the prompt: waiting for a line
            seen += proc.stdout.read(1)
        assert "Your move:" in seen
        proc.send_signal(signal.SIGINT)  # the input stays open: nothing but Ctrl-C can end it
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert proc.returncode == 130
    assert "Stopped. The game is kept: run the same command to continue it." in out
    assert "Traceback" not in err
    result = run_cli(tmp_path, "q\n", "--game", "briscola")
    assert "Continuing your unfinished game (table 1, briscola, 2 players)" in result.stdout
