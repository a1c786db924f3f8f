"""``python -m bot play`` fed by input that never ends (``yes 1 |``): the program ends all the same, on both
backends, with the game stored when it was played to its end and kept when the input was no move at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
HANG_GUARD = 180
"""Seconds a run may take before the test calls it a hang (a whole quick game takes a few)."""
OUTPUT_MAX = 200_000
"""Characters of output a whole game and its end may print (the old end printed megabytes a second)."""


def clean_env() -> dict[str, str]:
    """The environment without Tavolo or Discord settings, with this checkout on the path."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    return env | {"PYTHONPATH": str(ROOT)}


def play_fed_by_yes(database, word: str, *args: str) -> tuple[int, str, str]:
    """``yes WORD | python -m bot play --db DATABASE ARGS``: status, stdout, stderr (a hang fails the test)."""
    env = clean_env()
    feeder = subprocess.Popen(["yes", word], stdout=subprocess.PIPE)
    try:
        game = subprocess.Popen([sys.executable, "-m", "bot", "play", "--db", str(database), "--time-ms", "1",
                                 "--level", "random", *args], stdin=feeder.stdout, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env)
        assert feeder.stdout is not None
        feeder.stdout.close()  # the game's end closes the pipe: yes stops on SIGPIPE
        try:
            out, err = game.communicate(timeout=HANG_GUARD)
        except subprocess.TimeoutExpired:
            game.kill()
            out, err = game.communicate()
            pytest.fail(f"still running after {HANG_GUARD} s; the output ends with {out[-300:]!r}")
        return game.returncode, out, err
    finally:
        feeder.kill()
        feeder.wait()


def test_yes_1_plays_the_game_to_its_end_and_the_program_ends(database):
    status, out, err = play_fed_by_yes(database, "1", "--game", "briscola", "--players", "2", "--seed", "3")
    assert status == 0, err
    assert "Game over." in out and "Game 1 stored." in out
    assert len(out) < OUTPUT_MAX, f"{len(out)} characters"
    end = out.split("Game 1 stored.", 1)[1]
    assert 1 <= end.count("press Enter to leave") <= 100
    assert "Traceback" not in out + err and err == ""


@pytest.mark.parametrize("word", ["1", ""])
def test_endless_lines_that_are_no_move_stop_the_game_and_keep_it(database, word):
    # "1" is no bid in Chiamata's auction, and an empty line is no move anywhere
    status, out, err = play_fed_by_yes(database, word, "--game", "chiamata", "--seed", "3")
    assert status == 2, err[-2000:]
    said = err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("error: 100 lines in a row were not a move"), err[-2000:]
    assert "it is kept" in said[0] and "Traceback" not in out + err
    assert len(out) < OUTPUT_MAX, f"{len(out)} characters"
    again = subprocess.run([sys.executable, "-m", "bot", "play", "--db", str(database), "--game", "chiamata"],
                           input="q\n", capture_output=True, text=True, timeout=HANG_GUARD,
                           env=clean_env())
    assert "Continuing your unfinished game (table 1, chiamata, 5 players)" in again.stdout, again.stderr
