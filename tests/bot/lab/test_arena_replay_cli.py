"""The arena, replay and bench commands as a user runs them."""

from __future__ import annotations

import json

import pytest

from bot.__main__ import main
from bot.lab.arena import percentile, wilson


def test_arena_writes_records_that_replay_ok(tmp_path, capsys):
    out = tmp_path / "rec"
    status = main(["arena", "--game", "briscola", "--players", "2", "--agents", "random", "--games", "5",
                   "--seed", "4", "--option", "trump_exchange=on", "--option", "match=short", "--records", str(out)])
    assert status == 0
    files = sorted(out.glob("*.json"))
    assert len(files) == 5
    assert "random (side 1)" in capsys.readouterr().out
    assert main(["replay", *map(str, files)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines == [f"OK {f}" for f in files]
    rec = json.loads(files[0].read_text())
    assert rec["options"]["trump_exchange"] == "on" and rec["options"]["match"] == "short"


def test_replay_fails_with_status_1_and_names_the_problem(tmp_path, capsys):
    out = tmp_path / "rec"
    assert main(["arena", "--game", "chiamata", "--players", "5", "--games", "2", "--seed", "2",
                 "--records", str(out), "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["games"] == 2 and summary["seed"] == 2
    files = sorted(out.glob("*.json"))
    rec = json.loads(files[0].read_text())
    rec["rounds"][-1]["result"]["game_points"] = [9, 9, 9, 9, 9]
    files[0].write_text(json.dumps(rec))
    (tmp_path / "junk.json").write_text("{not json")
    assert main(["replay", *map(str, files), str(tmp_path / "junk.json")]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"FAIL {files[0]}: round {len(rec['rounds']) - 1}") and "game_points" in lines[0]
    assert lines[1] == f"OK {files[1]}"
    assert lines[2].startswith("FAIL") and "not JSON" in lines[2]


@pytest.mark.parametrize("args, message", [
    (["--option", "conquest=maybe"], "conquest"),
    (["--option", "bogus=1"], "bogus"),
    (["--option", "team_chat=off"], "team_chat"),
    (["--agents", "nobody"], "nobody"),
])
def test_arena_bad_input_is_a_clear_error(tmp_path, capsys, args, message):
    status = main(["arena", "--game", "briscola", "--players", "2", "--games", "1", "--records",
                   str(tmp_path / "r"), *args])
    err = capsys.readouterr().err
    assert status == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "r").exists(), "nothing is played or written on bad input"


def test_bench_runs_one_named_benchmark(capsys):
    assert main(["bench", "--only", "briscola2-fast", "--games", "30"]) == 0
    out = capsys.readouterr().out
    row = [line for line in out.splitlines() if line.startswith("briscola2-fast")]
    assert len(row) == 1 and int(row[0].split()[1]) == 30


def test_bench_times_cicera_searches_both_ways(capsys):
    # hard's search with the fast rollout and through the engine (hard-v1's way), on the same random positions
    for name in ("cicera-search", "cicera-search-engine"):
        assert main(["bench", "--only", name, "--games", "2"]) == 0
        rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith(name + " ")]
        assert len(rows) == 1 and int(rows[0][1]) == 2 and float(rows[0][3]) > 0


def test_bench_plays_scopa_and_scopone_rounds_on_the_fast_and_checked_paths(capsys):
    for name in ("scopa2-fast", "scopa4-fast", "scopone-fast", "scopa2-checked", "scopone-checked"):
        assert main(["bench", "--only", name, "--games", "3"]) == 0
        rows = [line.split() for line in capsys.readouterr().out.splitlines() if line.startswith(name + " ")]
        assert len(rows) == 1 and int(rows[0][1]) == 3 and float(rows[0][3]) > 0


def test_wilson_interval_and_percentile_on_fixed_input():
    lo, hi = wilson(8, 10)
    assert round(lo, 3) == 0.490 and round(hi, 3) == 0.943
    assert wilson(0, 0) == (None, None)
    assert percentile([5, 1, 3, 2, 4], 50) == 3 and percentile([1, 2, 3, 4, 100], 95) == 100


def test_tally_of_the_records_matches_the_arena(tmp_path, capsys):
    out = tmp_path / "rec"
    assert main(["arena", "--game", "briscola", "--players", "2", "--agents", "greedy,random", "--games", "6",
                 "--seed", "5", "--records", str(out), "--json"]) == 0
    arena = json.loads(capsys.readouterr().out)["agents"]
    assert main(["tally", str(out), "--json"]) == 0
    tally = json.loads(capsys.readouterr().out)
    assert tally["games"] == 12
    for name in ("greedy", "random"):
        assert [tally["agents"][name][k] for k in ("wins", "draws", "losses", "ahead_rate")] == \
            [arena[name][k] for k in ("wins", "draws", "losses", "ahead_rate")]
