"""``python -m bot replay --picture FILE OUT`` of a record whose seat name is 100,000 characters long: it takes
about the time and memory of the same record with a short name (each measured in its own process, with its
address space capped so a picture that grows with the name fails instead of eating the machine)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from PIL import Image

from rules.records import new_game

ROOT = Path(__file__).resolve().parents[3]
ADDRESS_SPACE = 3 * 1024**3
"""The cap on each process's memory (before, the 100,000-character name went past 11 GB)."""
TIME_RATIO = 3.0
MEMORY_RATIO = 1.5

MEASURE = """
import json, resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, ({cap}, {cap}))
from bot.__main__ import main
start = time.perf_counter()
status = main(["replay", "--picture", sys.argv[1], sys.argv[2]])
spent = time.perf_counter() - start
print(json.dumps({{"status": status, "seconds": spent,
                   "max_rss_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}}))
"""


def record_file(tmp_path: Path, name: str, tag: str) -> Path:
    """A finished 2-player Briscola record with ``name`` in seat 1."""
    m = new_game("briscola", 2, {}, seed=11)
    while not m.is_over():
        seat = m.to_move()
        m.apply(m.view(seat).legal[0], seat)
    rec = m.record()
    rec["seats"] = [{"name": name, "ai": None}, {"name": "Bea", "ai": None}]
    path = tmp_path / f"{tag}.json"
    path.write_text(json.dumps(rec))
    return path


def measure(record: Path, out: Path) -> dict:
    """Run ``replay --picture`` in a process of its own; its status, seconds and peak resident memory."""
    done = subprocess.run([sys.executable, "-c", MEASURE.format(cap=ADDRESS_SPACE), str(record), str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_replay_picture_of_a_record_with_a_100000_character_name(tmp_path):
    short = measure(record_file(tmp_path, "Ann", "short"), tmp_path / "short.webp")
    long = measure(record_file(tmp_path, "N" * 100_000, "long"), tmp_path / "long.webp")
    assert short["status"] == 0 and long["status"] == 0
    assert Image.open(tmp_path / "long.webp").n_frames == Image.open(tmp_path / "short.webp").n_frames
    assert long["seconds"] <= TIME_RATIO * short["seconds"], (long, short)
    assert long["max_rss_kb"] <= MEMORY_RATIO * short["max_rss_kb"], (long, short)
