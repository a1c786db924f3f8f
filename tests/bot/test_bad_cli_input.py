"""Bad command-line arguments and bad record files, as a user types them: each gets a short error on one
line and a non-zero exit, never a traceback, a hang or gigabytes of memory."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.records import new_game

ROOT = Path(__file__).resolve().parents[2]
BIG = str(10**30)
HUGE_TEXT = "x" * 5000


def limit_memory() -> None:
    """Cap the child's address space, so an allocation sized by a huge count fails fast instead of
    filling the machine's memory."""
    import resource

    cap = 3 * 2**30
    resource.setrlimit(resource.RLIMIT_AS, (cap, cap))


def run_cli(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``python -m bot ARGS`` in ``cwd``, with no Tavolo or Discord settings, stdin closed, a memory cap."""
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN" and not k.startswith("TAVOLO_")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "bot", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=60,
        stdin=subprocess.DEVNULL, preexec_fn=limit_memory if sys.platform == "linux" else None,
    )


def record() -> dict:
    """A finished 2-player Briscola record (first legal card each turn)."""
    match = new_game("briscola", 2, {}, 3)
    while not match.is_over():
        match.apply(match.legal_actions()[0])
    return match.record([{"name": "a", "ai": "random"}, {"name": "b", "ai": "greedy"}])


def files(folder: Path) -> dict[str, Path]:
    """Bad inputs as files, by name."""
    rec = record()
    out = {
        "text": "plain text, not JSON\n",
        "latin1": "{\"game\": \"brìscola\"}".encode("latin-1"),
        "random-bytes": bytes(range(256)) * 4,
        "deep": "[" * 100_000 + "]" * 100_000,
        "huge-int": '{"format": 1, "players": ' + "9" * 5000 + "}",
        "players-1e30": json.dumps(dict(rec, players=10**30)),
        "options-string": json.dumps(dict(rec, options="match=single")),
        "not-an-object": "[1, 2, 3]",
        "nan": json.dumps(dict(rec, seed=float("nan"))),
        "truncated": json.dumps(rec)[:300],
        "seats-huge": json.dumps(dict(rec, seats=[{"ai": str(i)} for i in range(20_000)])),
    }
    paths = {}
    for name, content in out.items():
        path = folder / f"{name}.json"
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        paths[name] = path
    take = json.loads(json.dumps(rec))
    take["rounds"][0]["actions"][0]["take"] = 3
    (folder / "take-number.json").write_text(json.dumps(take))
    paths["take-number"] = folder / "take-number.json"
    (folder / "a-file").write_text("not a folder")
    paths["a-file"] = folder / "a-file"
    bad_dir = folder / "bad-dir"
    bad_dir.mkdir()
    (bad_dir / "x.json").write_bytes(b"\xff\xfe{")
    paths["bad-dir"] = bad_dir
    return paths


ARENA = ["arena", "--game", "briscola", "--players", "2", "--games", "1"]
BAD_ARGS = [
    ["arena", "--game", "briscola", "--players", "999999999999999999"],
    ["arena", "--game", "briscola", "--players", "5"],
    ["arena", "--game", "chiamata", "--players", "0"],
    ["arena", "--game", "cicera", "--players", "-4"],
    ["arena", "--game", "briscola", "--players", "two"],
    ["arena", "--game", "patience", "--players", "2"],
    ["arena", "--game", HUGE_TEXT, "--players", "2"],
    [*ARENA, "--jobs", BIG],
    [*ARENA, "--jobs", "0"],
    ["arena", "--game", "briscola", "--players", "2", "--deals", "0"],
    [*ARENA, "--games", BIG],
    [*ARENA, "--games", "9" * 5000],
    [*ARENA, "--seed", str(2**70)],
    [*ARENA, "--seed", "-1"],
    [*ARENA, "--time-ms", "-5"],
    [*ARENA, "--time-ms", "999999999"],
    [*ARENA, "--records", "{a-file}"],
    [*ARENA, "--records", "{a-file}/sub"],
    [*ARENA, "--records", ""],
    [*ARENA, "--agents", ","],
    [*ARENA, "--agents", HUGE_TEXT],
    [*ARENA, "--option", "noequals"],
    [*ARENA, "--option", "match=" + HUGE_TEXT],
    [*ARENA, "--bogus", HUGE_TEXT],
    ["play", "--players", "0"],
    ["play", "--game", "chiamata", "--players", "4"],
    ["play", "--seed", str(2**70)],
    ["play", "--time-ms", "-5"],
    ["play", "--time-ms", "0"],
    ["play", "--time-ms", BIG],
    ["play", "--level", "grandmaster"],
    ["play", "--option", "9" * 5000],
    ["bench", "--only", HUGE_TEXT],
    ["bench", "--only", ""],
    ["bench", "--only", "nothing-of-that-name"],
    ["tally", "{missing}"],
    ["tally", "{text}"],
    ["tally", "{latin1}"],
    ["tally", "{deep}"],
    ["tally", "{huge-int}"],
    ["tally", "{players-1e30}"],
    ["tally", "{seats-huge}"],
    ["tally", "{bad-dir}"],
    ["tally", "{not-an-object}"],
    ["replay", "{missing}"],
    ["replay", "line\nbreak.json"],
    ["replay", "{bad-dir}"],
    ["replay", "{text}", "{latin1}", "{random-bytes}", "{deep}", "{huge-int}", "{players-1e30}",
     "{options-string}", "{not-an-object}", "{nan}", "{truncated}", "{take-number}", "{seats-huge}"],
    ["bench", "--games", "-1"],
    ["bench", "--seed", str(2**70)],
    ["sync", "--guild", str(2**70)],
]


@pytest.mark.parametrize("args", BAD_ARGS, ids=lambda a: " ".join(x[:20] for x in a)[:70])
def test_bad_input_is_a_short_error(tmp_path, args):
    paths = {name: str(p) for name, p in files(tmp_path).items()} | {"missing": str(tmp_path / "missing.json")}
    argv = [a.format(**paths) if a.startswith("{") else a for a in args]
    result = run_cli(tmp_path, *argv)
    output = result.stdout + result.stderr
    assert result.returncode != 0, output[:2000]
    assert "Traceback" not in output, output[-2000:]
    if args[0] == "replay":
        lines = result.stdout.splitlines()
        assert len(lines) == len(argv) - 1, output[:2000]
        for path, line in zip(argv[1:], lines, strict=True):
            shown = path if path.isprintable() else ascii(path)
            assert line.startswith(f"FAIL {shown}: ") and len(line) - len(shown) < 250, line[:2000]
        assert len(result.stderr.splitlines()) == 1, result.stderr[:2000]
    else:
        # argparse's usage lines start with "usage:" or an indent; what is left is the error, one short line
        said = [line for line in output.splitlines() if line and not line.startswith(("usage:", " "))]
        assert len(said) == 1, output[:2000]
        named = max((p for p in argv if p.startswith(str(tmp_path))), key=len, default="")
        # one line (a list, such as the bench's names, follows it indented)
        assert "error" in said[0] and len(said[0]) - len(named) < 320, said
